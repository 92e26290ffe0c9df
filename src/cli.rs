//! The whole command-line definition. No I/O here: doc comments are the help text, and
//! every environment fallback is declared with `env =`.
//!
//! Conventions: global options live in `GlobalArgs`; each noun is a subcommand with its
//! verbs; every verb's help ends with an example; `--file` takes the spec's camelCase JSON.

use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::env_vars::EnvVars;

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
/// command's own (as gh's "INHERITED FLAGS").
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Profile from the config file (`default` when unset; `local` is the built-in emulator)
    #[arg(long, global = true, env = EnvVars::PROFILE, value_name = "NAME")]
    pub profile: Option<String>,
    /// Config file [default: the OS config directory's `locadm/config.toml`]
    #[arg(long, global = true, env = EnvVars::CONFIG, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The service's base URL
    #[arg(long, global = true, env = EnvVars::BASE_URL, value_name = "URL")]
    pub base_url: Option<String>,
    /// OAuth 2.0 token endpoint
    #[arg(long, global = true, env = EnvVars::TOKEN_URL, value_name = "URL")]
    pub token_url: Option<String>,
    /// OpenID provider: the endpoints come from its discovery document
    #[arg(long, global = true, env = EnvVars::ISSUER, value_name = "URL")]
    pub issuer: Option<String>,
    /// A workload identity token (CI) to exchange for an access token, read afresh each time
    #[arg(
        long,
        global = true,
        env = EnvVars::FEDERATED_TOKEN_FILE,
        value_name = "PATH"
    )]
    pub federated_token_file: Option<PathBuf>,
    /// Output format [default: table on a terminal, json otherwise]
    #[arg(
        short,
        long,
        global = true,
        env = EnvVars::OUTPUT,
        value_name = "FORMAT"
    )]
    pub output: Option<OutputFormat>,
    /// Print only identifiers, one per line
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Show the HTTP exchange on stderr (secrets redacted)
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Filter JSON output with a jq expression (built in; no external jq needed)
    #[arg(long, global = true, value_name = "EXPR")]
    pub jq: Option<String>,
    /// Per-request timeout in seconds
    #[arg(long, global = true, env = EnvVars::TIMEOUT, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Where each option given came from (its flag or its variable), by clap's id, for
    /// `config show` (filled in by [`try_parse_from`]).
    #[arg(skip)]
    pub sources: Sources,
}

/// Where clap took each global option given from, by id (`base_url`, `timeout`, ...).
pub type Sources = std::collections::BTreeMap<String, ValueSource>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Table,
    Json,
    Ndjson,
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
    /// Remove the profile's token and client secret from the OS keyring
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
    /// Print a shell completion script
    ///
    /// Example: locadm completions bash > /etc/bash_completion.d/locadm
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
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
pub fn try_parse_from(args: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
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
    cli.global.sources = sources;
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
fn better_error(error: &clap::Error, args: &[std::ffi::OsString]) -> Option<clap::Error> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use clap::CommandFactory;
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .filter(|w| !w.starts_with('-'))
        .collect();
    let noun = words.first().map(String::as_str);
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let message = match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let typed = context(ContextKind::InvalidSubcommand)?;
            match (noun, typed.as_str()) {
                (Some("location"), "list" | "ls" | "search") => format!(
                    "the service has no way to list locations, so there is no `location {typed}`\n\n  \
                     read the ones you know: locadm location get ID... (or --ids-from FILE)"
                ),
                (Some("auth"), "login" | "logout") => {
                    format!("`{typed}` is its own command, not under `auth`\n\n  try: locadm {typed}")
                }
                _ => return None,
            }
        }
        ErrorKind::UnknownArgument => {
            let typed = context(ContextKind::InvalidArg)?;
            let file_verbs = ["create", "update", "apply", "validate"];
            let file_like = !typed.starts_with('-')
                && (std::path::Path::new(&typed).is_file()
                    || [".json", ".ndjson", ".jsonl", ".csv"]
                        .iter()
                        .any(|ext| typed.ends_with(ext)));
            let verb = words
                .get(1)
                .map(String::as_str)
                .filter(|v| file_verbs.contains(v));
            match (noun, verb) {
                (Some(noun @ ("location" | "provider")), Some(verb)) if file_like => format!(
                    "`{typed}` looks like a file: files are given with --file\n\n  try: locadm {noun} {verb} --file {typed}"
                ),
                _ => return None,
            }
        }
        _ => return None,
    };
    // The usage shown is the one of the command the mistake was made in.
    let mut command = Cli::command();
    command.build();
    let mut within = &mut command;
    for word in words.iter().take(2) {
        if within.find_subcommand(word).is_none() {
            break;
        }
        within = within.find_subcommand_mut(word).expect("just found");
    }
    Some(within.error(error.kind(), message))
}

#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
pub enum LocationCommand {
    /// Create a location from a file or from field flags
    ///
    /// Example: id=$(locadm location create -q --file store.json)
    Create(WriteArgs),
    /// Read one location, or export many as NDJSON
    ///
    /// With several ids or `--ids-from`, the locations are read concurrently and printed
    /// as they come, one read form a line with `-o ndjson` (the default in a pipe); an id
    /// that fails is a result line of its own, and the run ends with exit 7. What it
    /// prints can be edited and given back to `location apply`.
    ///
    /// Example: locadm location get --ids-from ids.txt -o ndjson > locations.ndjson
    Get(GetArgs),
    /// Replace a location with a complete body from a file or from field flags
    ///
    /// With field flags and no --file, the body starts from the location's current state;
    /// fields the read form does not carry are named before anything is sent.
    ///
    /// Example: locadm location update "$id" --file store.json
    Update {
        /// The location's id (a UUID)
        id: String,
        #[command(flatten)]
        write: WriteArgs,
        /// Send even when the read form cannot carry some fields (they are named first)
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Delete one location or many
    ///
    /// Each location is read first (its storeId is shown, and its last state kept in the
    /// journal so `apply --undo` can re-create it). At a terminal one confirmation names
    /// the count and the first storeIds; without a terminal `--yes` is required.
    ///
    /// Example: locadm location delete --ids-from closing.txt --plan
    Delete(DeleteArgs),
    /// Check location bodies offline: nothing is sent
    ///
    /// Input: one body, a JSON array of bodies, or NDJSON (one body a line). Every problem
    /// of every record is reported with its line (NDJSON) or index (array).
    ///
    /// Example: locadm location validate --file stores.ndjson -o ndjson
    Validate(ValidateArgs),
    /// Create, change and undo locations in bulk from NDJSON, a JSON array or CSV
    ///
    /// A record without `id` creates a location. A record with `id` changes that location:
    /// only the fields it carries (a JSON merge patch over the current state; `null`
    /// removes a field), so a CSV of just `id,city` works; `--replace` takes records as
    /// complete bodies instead. What `location get` prints is taken as it is. Every record
    /// is validated first, and nothing is sent if any is invalid. `--plan` shows every
    /// change and writes nothing. One NDJSON result per record goes to stdout; progress
    /// and the summary to stderr.
    ///
    /// Example: locadm location apply --file stores.csv --plan
    Apply(ApplyArgs),
}

#[derive(Debug, Clone, Args)]
pub struct GetArgs {
    /// The locations' ids (UUIDs)
    #[arg(value_name = "ID", required_unless_present = "ids_from")]
    pub ids: Vec<String>,
    #[command(flatten)]
    pub bulk: BulkIds,
}

#[derive(Debug, Clone, Args)]
pub struct DeleteArgs {
    /// The locations' ids (UUIDs)
    #[arg(value_name = "ID", required_unless_present = "ids_from")]
    pub ids: Vec<String>,
    #[command(flatten)]
    pub bulk: BulkIds,
    /// Do not ask for confirmation (required without a terminal)
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Read every location and show what would be deleted; delete nothing
    #[arg(long)]
    pub plan: bool,
    /// Record each deletion and the location's last state here (`apply --undo` reads it)
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
}

/// Ids for a bulk read or delete.
#[derive(Debug, Clone, Args)]
pub struct BulkIds {
    /// Read the ids from a file (`-`: standard input): one a line, or JSON lines with an
    /// `id` (what `apply` prints, a journal, an export)
    #[arg(long, value_name = "PATH")]
    pub ids_from: Option<PathBuf>,
    /// A location that does not exist is not a failure
    #[arg(long)]
    pub ignore_not_found: bool,
    #[command(flatten)]
    pub pace: Pace,
}

/// The pace of a bulk run (`apply`, bulk `get` and `delete`).
#[derive(Debug, Clone, Copy, Args)]
pub struct Pace {
    /// Requests in flight at once (each on an HTTP/1.1 connection of its own, unless
    /// connections are scarce: see `--max-connections`): `auto`
    /// finds the most the service takes (grows while answers come as fast, backs off on
    /// 429 or 503 and on answers slowing down), or a number from 1 to 256
    #[arg(long, value_name = "auto|N", default_value = "auto", value_parser = Concurrency::parse)]
    pub concurrency: Concurrency,
    /// Requests a second at most, for the whole run
    #[arg(long, value_name = "N", value_parser = requests_a_second)]
    pub rate: Option<f64>,
    /// Connections the service allows this client at once: the requests share that many
    /// (as HTTP/2 streams where the service offers it over TLS). Learned by the run when
    /// the service refuses a connection
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub max_connections: Option<u16>,
}

/// `--concurrency`: found by the run itself, or fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concurrency {
    Auto,
    Fixed(u16),
}

impl Concurrency {
    fn parse(text: &str) -> Result<Concurrency, String> {
        if text.trim().eq_ignore_ascii_case("auto") {
            return Ok(Concurrency::Auto);
        }
        match text.trim().parse::<u16>() {
            Ok(n) if (1..=256).contains(&n) => Ok(Concurrency::Fixed(n)),
            _ => Err(format!("`{text}` is not `auto` or a number from 1 to 256")),
        }
    }

    /// The fixed number, if one was given.
    pub fn fixed(self) -> Option<usize> {
        match self {
            Concurrency::Auto => None,
            Concurrency::Fixed(n) => Some(usize::from(n)),
        }
    }
}

fn requests_a_second(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(rate) if rate > 0.0 && rate.is_finite() => Ok(rate),
        _ => Err(format!(
            "`{text}` is not a number of requests a second above 0"
        )),
    }
}

#[derive(Debug, Clone, Args)]
pub struct ApplyArgs {
    /// Input file; `-` reads standard input
    #[arg(
        long,
        short = 'f',
        value_name = "PATH",
        required_unless_present = "undo",
        conflicts_with = "undo"
    )]
    pub file: Option<PathBuf>,
    /// Put back what the run of this journal did: delete what it created, restore what it
    /// changed, re-create what it deleted (new ids are reported)
    #[arg(long, value_name = "JOURNAL")]
    pub undo: Option<PathBuf>,
    /// Input format [default: from the file name's extension, else told from the content]
    #[arg(long, value_enum)]
    pub format: Option<InputFormat>,
    /// Read the current state of every record with an id and print the changes; write
    /// nothing
    #[arg(long)]
    pub plan: bool,
    /// Records with an `id` are complete bodies: every field they leave out is cleared
    #[arg(long)]
    pub replace: bool,
    /// Send even when the service's read form cannot carry some fields (named first)
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub pace: Pace,
    /// Validate and print what would be sent; send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Send the valid records even when some are invalid (each invalid one is reported)
    #[arg(long)]
    pub skip_invalid: bool,
    /// Append each finished record here; a re-run with the same journal skips what is done
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// Skip what an earlier run did (its results or journal): creates matched by storeId,
    /// changes by id; re-run a fixed file without sending anything twice
    #[arg(long, value_name = "RESULTS_OR_JOURNAL")]
    pub only_failed: Option<PathBuf>,
    /// Send again the creates whose outcome an earlier run records as unknown (may
    /// duplicate)
    #[arg(long)]
    pub retry_unknown: bool,
    /// Send again the creates an earlier run saw answered without an id (may duplicate)
    #[arg(long)]
    pub retry_unconfirmed: bool,
    /// Attempts per record for retryable failures (429, 502, 503, 504, refused connection)
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub attempts: u32,
    #[command(flatten)]
    pub csv: CsvArgs,
    #[command(flatten)]
    pub record: RecordArgs,
}

/// The size limit of one input record.
#[derive(Debug, Clone, Args)]
pub struct RecordArgs {
    /// The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one
    /// is a problem of that record, read past without holding it
    #[arg(long, value_name = "SIZE", default_value = "1MiB", value_parser = parse_size)]
    pub max_record_size: usize,
}

/// A size in bytes: digits, then optionally `B`, `KiB`/`K`, `MiB`/`M` or `GiB`/`G`
/// (powers of 1024; `KB` and `MB` are taken the same way, as curl and wget do).
fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let number: usize = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size (a number, then `KiB`, `MiB` or `GiB`)"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        other => {
            return Err(format!(
                "`{other}` is not a size unit (use KiB, MiB or GiB)"
            ))
        }
    };
    match number.checked_mul(1 << shift) {
        Some(0) | None => Err(format!("`{text}` is not a size of at least 1 byte")),
        Some(bytes) => Ok(bytes),
    }
}

/// How a CSV input is read.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "CSV input")]
pub struct CsvArgs {
    /// The delimiter [default: told from the header row: `,`, `;` or tab]
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,
    /// Numbers are written with a decimal comma (`52,52`)
    #[arg(long)]
    pub decimal_comma: bool,
    /// Skip this column (repeatable): a spreadsheet's notes, say
    #[arg(long = "ignore-column", value_name = "NAME")]
    pub ignore_columns: Vec<String>,
}

fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "\\t" | "tab" => Ok(b'\t'),
        _ if text.len() == 1 && text.is_ascii() => Ok(text.as_bytes()[0]),
        _ => Err(format!(
            "`{text}` is not one character (use `tab` for a tab)"
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// One JSON body a line, a JSON array, or one body (told from the content)
    Json,
    /// A header row of field names, one location a row
    Csv,
}

#[derive(Debug, Subcommand)]
pub enum ProviderCommand {
    /// Update a location provider from a file or from flags
    ///
    /// The update replaces the whole provider, and the service has no provider read: with
    /// flags, a field not given (`--details`, `--endpoint`) is cleared. Those are named
    /// first, and sending needs `--yes` (or a yes at a terminal).
    ///
    /// Example: locadm provider update "$provider" --name "Acme" --archiving-period 7 --details '{}' --endpoint https://feeds.example.com/acme.json
    Update {
        /// The provider's id (a UUID)
        id: String,
        #[command(flatten)]
        input: ProviderArgs,
        /// Send even though fields not given by flags will be cleared (they are named first)
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Check provider bodies offline: nothing is sent
    ///
    /// Example: locadm provider validate --file provider.json
    Validate(ProviderValidateArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ProviderValidateArgs {
    /// Input file; `-` or nothing reads standard input
    #[arg(long, short = 'f', value_name = "PATH", default_value = "-")]
    pub file: PathBuf,
    /// Treat warnings as errors
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub record: RecordArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Input file; `-` or nothing reads standard input
    #[arg(long, short = 'f', value_name = "PATH", default_value = "-")]
    pub file: PathBuf,
    /// Treat warnings (such as an unassigned country code) as errors
    #[arg(long)]
    pub strict: bool,
    /// Input format [default: from the file name's extension, else told from the content]
    #[arg(long, value_enum)]
    pub format: Option<InputFormat>,
    /// Records with an `id` are complete bodies, as `apply --replace` takes them
    #[arg(long)]
    pub replace: bool,
    #[command(flatten)]
    pub csv: CsvArgs,
    #[command(flatten)]
    pub record: RecordArgs,
}

#[derive(Debug, Clone, Args)]
pub struct WriteArgs {
    /// The request body as JSON (the spec's camelCase names); `-` reads standard input
    #[arg(long, short = 'f', value_name = "PATH", conflicts_with_all = LOCATION_FIELD_IDS)]
    pub file: Option<PathBuf>,
    /// Ask for each field at the terminal, then show the body before sending
    #[arg(long, short = 'i', conflicts_with = "file")]
    pub interactive: bool,
    #[command(flatten)]
    pub fields: LocationFields,
}

/// The ids of every field flag, for `conflicts_with_all`.
pub const LOCATION_FIELD_IDS: &[&str] = &[
    "store_id",
    "store_name",
    "supplementary_name",
    "street",
    "building_name",
    "house_number",
    "district",
    "province",
    "address",
    "city",
    "post_code",
    "country_code",
    "latitude",
    "longitude",
    "provider_id",
    "telephone",
    "email",
    "logo_url",
    "photo_url",
    "disabled_access",
    "description",
    "tag",
];

/// Field flags for a location body. `--street` and the other structured flags make a
/// `structuredAddress`; `--address` makes the legacy form; `--city`, `--post-code` and
/// `--country-code` go into whichever form is used.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Location fields")]
pub struct LocationFields {
    /// storeId (at most 36 characters)
    #[arg(long)]
    pub store_id: Option<String>,
    /// storeName (at most 128 characters)
    #[arg(long)]
    pub store_name: Option<String>,
    /// supplementaryName (at most 128 characters)
    #[arg(long)]
    pub supplementary_name: Option<String>,
    /// structuredAddress.street (structured form; at most 256 characters)
    #[arg(long)]
    pub street: Option<String>,
    /// structuredAddress.buildingName (structured form; at most 64)
    #[arg(long)]
    pub building_name: Option<String>,
    /// structuredAddress.houseNumber (structured form; at most 64)
    #[arg(long)]
    pub house_number: Option<String>,
    /// structuredAddress.district (structured form; at most 64)
    #[arg(long)]
    pub district: Option<String>,
    /// structuredAddress.province (structured form; at most 64)
    #[arg(long)]
    pub province: Option<String>,
    /// address, the legacy one-line address (legacy form; at most 256)
    #[arg(long)]
    pub address: Option<String>,
    /// city (either form; at most 64)
    #[arg(long)]
    pub city: Option<String>,
    /// postCode (either form; at most 16)
    #[arg(long)]
    pub post_code: Option<String>,
    /// countryCode: 2 letters, 3 letters or 3 digits (either form)
    #[arg(long)]
    pub country_code: Option<String>,
    /// latitude, -90 to 90, at most 8 decimals
    #[arg(long, allow_hyphen_values = true)]
    pub latitude: Option<String>,
    /// longitude, -180 to 180, at most 8 decimals
    #[arg(long, allow_hyphen_values = true)]
    pub longitude: Option<String>,
    /// locationProvider.id (a UUID)
    #[arg(long)]
    pub provider_id: Option<String>,
    /// telephoneNumber (at most 16)
    #[arg(long)]
    pub telephone: Option<String>,
    /// email (at most 127; local and domain part at most 63 each)
    #[arg(long)]
    pub email: Option<String>,
    /// logoUrl, an absolute URL (at most 128)
    #[arg(long)]
    pub logo_url: Option<String>,
    /// A photo URL; repeat for several, or give them comma-separated (512 in all)
    #[arg(long = "photo-url", value_delimiter = ',')]
    pub photo_url: Vec<String>,
    /// hasDisabledAccess
    #[arg(long, value_name = "BOOL")]
    pub disabled_access: Option<bool>,
    /// description (at most 512)
    #[arg(long)]
    pub description: Option<String>,
    /// A tag; repeat for several
    #[arg(long = "tag")]
    pub tag: Vec<String>,
}

impl LocationFields {
    /// True when any field flag was given.
    pub fn any(&self) -> bool {
        [
            &self.store_id,
            &self.store_name,
            &self.supplementary_name,
            &self.street,
            &self.building_name,
            &self.house_number,
            &self.district,
            &self.province,
            &self.address,
            &self.city,
            &self.post_code,
            &self.country_code,
            &self.latitude,
            &self.longitude,
            &self.provider_id,
            &self.telephone,
            &self.email,
            &self.logo_url,
            &self.description,
        ]
        .iter()
        .any(|v| v.is_some())
            || !self.photo_url.is_empty()
            || !self.tag.is_empty()
            || self.disabled_access.is_some()
    }
}

#[derive(Debug, Clone, Args)]
pub struct ProviderArgs {
    /// The request body as JSON; `-` reads standard input
    #[arg(long, short = 'f', value_name = "PATH", conflicts_with_all = ["name", "archiving_period", "details", "endpoint"])]
    pub file: Option<PathBuf>,
    /// name (at most 128 characters)
    #[arg(long)]
    pub name: Option<String>,
    /// archivingPeriod, an integer from 1 to 30
    #[arg(long, value_name = "N")]
    pub archiving_period: Option<String>,
    /// details: JSON text (an object or array), sent as a string
    #[arg(long, value_name = "JSON")]
    pub details: Option<String>,
    /// locationsSource.endpoint: marks the provider remote (an http(s) URL, at most 256)
    #[arg(long, value_name = "URL")]
    pub endpoint: Option<String>,
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

#[derive(Debug, Clone, Args)]
pub struct LoginArgs {
    /// OAuth 2.0 client id (or LOCADM_CLIENT_ID)
    #[arg(long, env = EnvVars::CLIENT_ID)]
    pub client_id: Option<String>,
    /// Read the client secret from standard input (or set LOCADM_CLIENT_SECRET)
    #[arg(long, conflicts_with_all = ["web", "device"])]
    pub client_secret_stdin: bool,
    /// A scope to request; repeat for several (sent only when given)
    #[arg(long = "scope")]
    pub scope: Vec<String>,
    /// Log in as yourself in a browser (authorization code with PKCE; needs `--issuer`)
    #[arg(long, conflicts_with = "device")]
    pub web: bool,
    /// Log in as yourself with a code entered on another device (needs `--issuer`)
    #[arg(long)]
    pub device: bool,
}

#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Show the profile, client, keyring backend, token expiry and granted permissions
    ///
    /// Example: locadm auth status
    Status,
    /// Print the bearer token, for pipelines
    ///
    /// Example: curl -H "Authorization: Bearer $(locadm auth token)" "$URL"
    Token,
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Show the effective settings and where each came from
    ///
    /// Example: locadm config show --profile staging
    Show,
    /// Set a setting in the profile (secrets are never stored here)
    ///
    /// Example: locadm config set base_url https://locations.example.com --profile staging
    Set {
        /// A profile key, as `config show` lists them (`profile` and `config_file` aside)
        key: String,
        value: String,
    },
    /// Print one effective setting's value (exit 1 when it is not set)
    ///
    /// Example: locadm config get base_url --profile staging
    Get {
        /// A setting's name, as `config show` lists them
        key: String,
    },
    /// Remove a setting from the profile
    ///
    /// Example: locadm config unset read_prefix --profile staging
    Unset {
        /// A setting's name, as `config show` lists them
        key: String,
    },
    /// List the profiles of the config file, the one in use marked
    ///
    /// Example: locadm config profiles
    Profiles,
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
    Serve(locadm_emulator::EmulatorArgs),
}
