//! The whole command-line definition. No I/O here: doc comments are the help text, and
//! every environment fallback is declared with `env =`.
//!
//! Conventions: global options live in `GlobalArgs`; each noun is a subcommand with its
//! verbs; every verb's help ends with an example; `--file` takes the spec's camelCase JSON.

use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::settings::SettingsArgs;
use locadm_client::env_vars::EnvVars;

mod api;
mod auth;
mod bulk;
mod config;
mod hints;
mod inventory;
mod location;
mod provider;
#[cfg(test)]
mod tests;

pub(crate) use crate::input::{CsvOptions, InputFormat};
pub(crate) use crate::output::{ColorWhen, OutputFormat};
pub(crate) use api::ApiArgs;
pub(crate) use auth::{AuthCommand, LoginArgs};
pub(crate) use bulk::{BulkIds, Concurrency, Pace, RecordArgs, MOST_IN_FLIGHT};
pub(crate) use config::ConfigCommand;
pub use hints::hint_problems;
pub(crate) use inventory::{ForgetArgs, InventoryCommand};
pub(crate) use location::{
    ApplyArgs, CreateArgs, DeleteArgs, EditArgs, GetArgs, ListArgs, LocationCommand,
    LocationFields, ValidateArgs, WriteArgs,
};
pub(crate) use provider::{ProviderArgs, ProviderCommand, ProviderValidateArgs};

/// Administer the Location Management Service: locations, location providers, and a
/// local emulator to rehearse on.
///
/// Lengths in field limits count characters (Unicode scalar values), not bytes.
#[derive(Debug, Parser)]
#[command(
    name = "locadm",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = format!(
        "Examples:\n  locadm --profile local location create --file examples/location.json\n  locadm location validate --file locations.ndjson\n\nExit status: 0 success, 1 other failure, 2 usage or invalid input (nothing sent),\n3 authentication, 4 permission denied, 5 not found, 6 server or network failure,\n7 bulk run with failed records.\n\n{}",
        crate::topics::list()
    )
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// The options every command takes: listed under their own heading, after a
/// command's own (as gh's "INHERITED FLAGS"). Those that give settings are the settings'
/// own (`settings::SettingsArgs`); the rest choose how output is printed.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Output format [default: table on a terminal, json otherwise]; `csv` and `xlsx`
    /// (a workbook, never to a terminal) in the columns `location apply --file` reads
    #[arg(
        short,
        long,
        global = true,
        env = EnvVars::OUTPUT,
        value_name = "FORMAT"
    )]
    pub output: Option<OutputFormat>,
    /// The columns of `csv`, `xlsx` and table output, in this order
    /// (`id,storeId,structuredAddress.city`)
    #[arg(long, global = true, value_name = "A,B,C", value_delimiter = ',')]
    pub columns: Option<Vec<String>>,
    /// Print only identifiers, one per line
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Show the HTTP exchange on stderr (secrets redacted)
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Print the requests to the service as curl command lines instead of sending them
    ///
    /// One line a request on stdout, and nothing else there; each runs as printed in a
    /// POSIX shell, the token as "$(locadm auth token)" (with this run's `--profile` and
    /// service options), so no secret is printed. Reads that decide what a command writes
    /// are still sent (they change nothing): the current state `location update` by flags
    /// and `apply` merge onto, the locations a bulk `delete` reads first, a storeId
    /// confirmed; the writes that follow are printed. `delete` needs no `--yes` with it.
    /// Commands that send nothing to the service refuse it, as do `login`, `auth`,
    /// `smoke`, `--plan`, `--dry-run` and `--journal`.
    #[arg(long, global = true)]
    pub curl: bool,
    /// Filter JSON output with a jq expression (built in; no external jq needed)
    #[arg(long, global = true, value_name = "EXPR")]
    pub jq: Option<String>,
    /// When to colour the messages on stderr [auto: at a terminal; NO_COLOR, CLICOLOR,
    /// CLICOLOR_FORCE and FORCE_COLOR as their conventions say]
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    pub color: ColorWhen,
}

#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once; boxing would only add noise
pub enum Command {
    /// Create, read, update, delete, validate and bulk-apply locations
    #[command(
        subcommand,
        after_help = "Example: locadm location get 0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11 -o json"
    )]
    Location(LocationCommand),
    /// What locadm knows exists on a service: import, export, forget
    #[command(
        subcommand,
        after_help = "Example: locadm inventory import created.ndjson"
    )]
    Inventory(InventoryCommand),
    /// Update location providers and validate provider bodies
    #[command(
        subcommand,
        after_help = "Example: locadm provider update \"$PROVIDER_ID\" --name Acme --archiving-period 7"
    )]
    Provider(ProviderCommand),
    /// Log in (client credentials, or as yourself with --web or --device) and keep the token in the OS keyring
    ///
    /// Example: printf '%s' "$SECRET" | locadm login --client-id admin --client-secret-stdin
    ///
    /// Example: locadm login --web --issuer https://idp.example/realms/acme --client-id locadm
    Login(LoginArgs),
    /// Revoke the profile's tokens at the provider (when it offers revocation) and remove them from the OS keyring
    ///
    /// Example: locadm logout --profile staging
    Logout,
    /// Show the login state, or print the bearer token
    #[command(subcommand, after_help = "Example: locadm auth status")]
    Auth(AuthCommand),
    /// Show the effective settings and where each came from, or set one in the profile
    #[command(
        subcommand,
        after_help = "Example: locadm config show --profile staging"
    )]
    Config(ConfigCommand),
    /// Run the local emulator of the location service
    #[cfg(feature = "emulator")]
    #[command(
        subcommand,
        after_help = "Example: locadm emulator serve --addr 127.0.0.1:8080 --db /tmp/locations.db"
    )]
    Emulator(EmulatorCommand),
    /// Check a deployment end to end: create, read, update, delete a temporary location
    ///
    /// Every step is timed; the temporary location is removed even when a step fails.
    /// Exit 0 only when every step passed.
    ///
    /// Example: locadm smoke --provider "$PROVIDER_ID" --junit smoke.xml
    Smoke(SmokeArgs),
    /// Call a path of the service with the profile's base URL and token, as `gh api` does
    ///
    /// The method is `-X`, else POST when a body is given (`--input`, `-f`, `-F`), else
    /// GET. The request has what every command's has: the token (renewed once on a 401),
    /// retries (a POST or PATCH only when the service certainly did not act on it), no
    /// redirect followed, and the `-v` trace with secrets redacted. An absolute URL to
    /// another origin is refused: the token goes to the base URL's alone.
    ///
    /// The answer's body goes to stdout as it came (JSON pretty at a terminal); `--jq`
    /// and `-o ndjson|csv|xlsx` apply when it is JSON; `-q` prints nothing. An error
    /// status exits by its class, with what the body says in the message: 403 exits 4,
    /// 404 exits 5, 5xx 6, any other 4xx 1.
    ///
    /// Example: locadm api "locations/$id" --jq .storeName
    ///
    /// Example: locadm api -X PUT "locations/$id" --input store.json
    ///
    /// Example: locadm api "locationProviders/$provider" -X PUT -f name=Acme -F archivingPeriod=7
    Api(ApiArgs),
    /// Print a shell completion script
    ///
    /// Example: locadm completions bash > /etc/bash_completion.d/locadm
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Show the manual page of locadm or of one of its commands
    ///
    /// At a terminal through `man` when it is installed; otherwise the same text as
    /// plain text (the pages are also in the repository's `man/`, for `MANPATH`).
    ///
    /// Example: locadm man location apply
    Man {
        /// The command, word by word (`location apply`); none for locadm's own page
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
    /// Print the version (as `--version` does)
    ///
    /// Example: locadm version
    Version,
}

/// Parses the command line. A few mistakes people make get a pointed answer instead of
/// clap's nearest spelling (`location list` is not `validate`); usage errors exit 2.
pub fn parse() -> Cli {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(topic) = help_topic(&args) {
        topic.exit();
    }
    match try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => better_error(&error, &args).unwrap_or(error).exit(),
    }
}

/// `Cli::try_parse_from`, keeping where each global option came from: its flag or its
/// environment variable, as clap saw it (`ArgMatches::value_source`).
pub(crate) fn try_parse_from(args: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    let mut matches = command.try_get_matches_from_mut(args)?;
    // Read before the values are taken out of the matches.
    let sources = command
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .filter_map(|arg| {
            let id = arg.get_id().as_str();
            Some((id.to_owned(), matches.value_source(id)?))
        })
        .collect();
    let mut cli = Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))?;
    cli.global.settings.sources = sources;
    Ok(cli)
}

/// `locadm help TOPIC` for a topic that is not a command (`environment`, `exit-codes`,
/// ...: `crate::topics`): its text, shown the way clap shows help (stdout, exit 0).
/// `None` for anything else, which clap's own `help` answers.
fn help_topic(args: &[std::ffi::OsString]) -> Option<clap::Error> {
    let [_, help, name] = args else {
        return None;
    };
    let topic = crate::topics::find(name.to_str()?).filter(|_| help == "help")?;
    clap::Command::new("locadm")
        .help_template("{before-help}")
        .before_help(topic.plain())
        .term_width(0)
        .try_get_matches_from(["locadm", "--help"])
        .err()
}

/// A clearer error for a mistake whose fix is known, else `None` (clap's own stands).
/// The command is read as clap reads it, so global options may stand anywhere; the
/// command suggested is the one typed, mended, so it keeps them (`--profile` above all).
fn better_error(error: &clap::Error, args: &[std::ffi::OsString]) -> Option<clap::Error> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let args: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let mut command = Cli::command();
    command.build();
    let path = subcommand_path(&command, &args);
    let noun = path.first().map(|(name, _)| name.as_str());
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let message = match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let typed = context(ContextKind::InvalidSubcommand)?;
            match (noun, typed.as_str()) {
                (Some("location"), "search" | "find") => {
                    let from = path[0].1;
                    let at = from + args[from..].iter().position(|a| *a == typed)?;
                    let mut list = args.clone();
                    // The word searched for (`location search Berlin`) becomes the city
                    // `list` takes, so that the line shown runs as it is.
                    let word = args.get(at + 1).filter(|w| !w.starts_with('-')).cloned();
                    match &word {
                        Some(word) => {
                            list.splice(
                                at..=at + 1,
                                ["list".to_owned(), "--city".to_owned(), word.clone()],
                            );
                        }
                        None => {
                            list.splice(
                                at..=at,
                                [
                                    "list".to_owned(),
                                    "--store-id".to_owned(),
                                    "GLOB".to_owned(),
                                ],
                            );
                        }
                    }
                    let or = match word {
                        Some(_) => "--store-id GLOB",
                        None => "--city CITY",
                    };
                    format!(
                        "the service has no way to search locations, so there is no `location {typed}`\n\n  \
                         list the ones locadm knows: {} (or {or})",
                        command_line(&list)
                    )
                }
                (Some("provider"), "list" | "get" | "search") => format!(
                    "the service has no way to {typed} providers, so there is no `provider {typed}`\n\n  \
                     a provider is changed by its id: locadm provider update ID --file FILE \
                     (and its body checked offline: locadm provider validate --file FILE)"
                ),
                (Some("auth"), "login" | "logout") => {
                    let mut fixed = args.clone();
                    fixed.remove(path[0].1);
                    format!(
                        "`{typed}` is its own command, not under `auth`\n\n  try: {}",
                        command_line(&fixed)
                    )
                }
                _ => return None,
            }
        }
        ErrorKind::UnknownArgument => {
            let typed = context(ContextKind::InvalidArg)?;
            let name = typed.split('=').next().unwrap_or(&typed);
            let variable = match name {
                "--secret" | "--client-secret" | "--password" => Some(EnvVars::CLIENT_SECRET),
                "--token" | "--access-token" | "--bearer" => Some(EnvVars::TOKEN),
                _ => None,
            };
            if let Some(variable) = variable {
                let message = format!(
                    "`{name}` is no option: a secret is never given on the command line, where \
                     `ps` and the shell's history would show it\n\n  \
                     set {variable} (or, at a terminal, run `locadm login` and answer its prompt)"
                );
                return Some(command.error(error.kind(), message));
            }
            let file_verbs = ["create", "update", "apply", "validate"];
            let file_like = !typed.starts_with('-')
                && (std::path::Path::new(&typed).is_file()
                    || [".json", ".ndjson", ".jsonl", ".csv", ".xlsx", ".ods"]
                        .iter()
                        .any(|ext| typed.ends_with(ext)));
            let verb = path
                .get(1)
                .map(|(name, _)| name.as_str())
                .filter(|v| file_verbs.contains(v));
            let at = args.iter().rposition(|a| *a == typed)?;
            match (noun, verb) {
                (Some("location" | "provider"), Some(_)) if file_like => {
                    let mut fixed = args.clone();
                    fixed.insert(at, "--file".into());
                    format!(
                        "`{typed}` looks like a file: files are given with --file\n\n  try: {}",
                        command_line(&fixed)
                    )
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    // The usage shown is the one of the command the mistake was made in.
    let mut within = &mut command;
    for (name, _) in path.iter().take(2) {
        within = within.find_subcommand_mut(name).expect("found in the path");
    }
    Some(within.error(error.kind(), message))
}

/// The subcommands named in `args` (as clap reads them: an option's value is never taken
/// for a word, wherever the option stands), each with its index in `args`.
fn subcommand_path(command: &clap::Command, args: &[String]) -> Vec<(String, usize)> {
    let takes_value = |arg: &clap::Arg| arg.get_action().takes_values();
    let mut path = Vec::new();
    let mut within = command;
    let mut index = 0;
    while let Some(word) = args.get(index) {
        index += 1;
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let takes = !long.contains('=')
                && within
                    .get_arguments()
                    .any(|a| a.get_long() == Some(long) && takes_value(a));
            index += usize::from(takes);
        } else if let Some(shorts) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            // `-qo json`: the first short that takes a value takes the rest of the word,
            // or the next word when it ends the word.
            for (at, short) in shorts.char_indices() {
                let takes = within
                    .get_arguments()
                    .any(|a| a.get_short() == Some(short) && takes_value(a));
                if takes {
                    index += usize::from(at + short.len_utf8() == shorts.len());
                    break;
                }
            }
        } else if let Some(sub) = within.find_subcommand(word) {
            path.push((sub.get_name().to_owned(), index - 1));
            within = sub;
        }
    }
    path
}

/// `locadm ARGS` as a person would type it again, each word quoted for a shell when it
/// must be.
fn command_line(args: &[String]) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    let mut line = String::from("locadm");
    for arg in args {
        line.push(' ');
        if !arg.is_empty() && arg.chars().all(plain) {
            line.push_str(arg);
        } else {
            line.push_str(&format!("'{}'", arg.replace('\'', "'\\''")));
        }
    }
    line
}

#[derive(Debug, Clone, Args)]
pub struct SmokeArgs {
    /// The location provider the temporary location is created under
    #[arg(long, value_name = "UUID", required_unless_present = "read_only")]
    pub provider: Option<String>,
    /// For production: get a token and read one location, change nothing
    #[arg(long, requires = "location")]
    pub read_only: bool,
    /// The location to read with `--read-only`
    #[arg(long, value_name = "UUID")]
    pub location: Option<String>,
    /// Write a JUnit XML report here
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Print a GitHub Actions annotation (`::error title=...::`) for each failed step, on
    /// stderr; on by itself when GITHUB_ACTIONS is true
    #[arg(long)]
    pub github: bool,
}

#[cfg(feature = "emulator")]
#[derive(Debug, Subcommand)]
pub enum EmulatorCommand {
    /// Serve the emulator until SIGINT or SIGTERM
    ///
    /// Its first line on stdout is JSON naming the base URL, the token URL, the demo
    /// client and the demo provider.
    ///
    /// Example: locadm emulator serve --addr 127.0.0.1:8080 --db /tmp/locations.db
    Serve(Box<locadm_emulator::EmulatorArgs>),
    /// Empty the `local` profile's database: every location, provider update and token
    ///
    /// Says what it removes and asks once at a terminal; without one, `--yes` is needed.
    ///
    /// Example: locadm emulator reset --yes
    Reset(ResetArgs),
}

#[cfg(feature = "emulator")]
#[derive(Debug, Clone, Args)]
pub struct ResetArgs {
    /// Empty it without asking (needed without a terminal)
    #[arg(long)]
    pub yes: bool,
    /// Another emulator's database (`emulator serve --db FILE`) instead of the `local`
    /// profile's
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}
