//! Command execution: one module per noun, one file per verb. Every verb is a function of
//! the run's [`Context`] (printer, settings, a lazily made session and client) and its own
//! parsed arguments.

mod api;
pub(crate) mod auth;
pub(crate) mod config;
#[cfg(feature = "emulator")]
mod emulator;
mod inventory;
pub(crate) mod location;
pub(crate) mod provider;
mod smoke;
pub(crate) mod validate;

use crate::cli::{Cli, Command};
use crate::context::Context;
use crate::output::Printer;
use locadm_client::error::{Error, Result};

/// Runs the parsed command line: one context, then the verb. The commands the hint of
/// its error names carry the options of this command line that choose the service
/// (`SettingsArgs::for_hints`).
pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    if cli.global.curl {
        if let Some(why) = refuses_curl(&cli.command) {
            return Err(Error::usage(format!("{why}; nothing was printed"))
                .with_hint("run it without `--curl`"));
        }
    }
    let context = Context::new(cli.global, printer);
    let outcome = verb(&context, cli.command).await;
    let options = context.global().settings.for_hints();
    let options: Vec<(&str, &str)> = options.iter().map(|(f, v)| (*f, v.as_str())).collect();
    outcome.map_err(|error| error.for_options(&options))
}

/// Why `--curl` does not go with this command line, when it does not. It prints the
/// requests a command sends to the service: a command that sends none there has nothing
/// to print (the identity provider's requests carry secrets, and `smoke` is a sequence
/// each request of which depends on the answer before); `--plan` and `--dry-run` show
/// something else instead of sending, and `--journal` records what was sent.
fn refuses_curl(command: &Command) -> Option<String> {
    use crate::cli::{LocationCommand as L, ProviderCommand as P};
    let one_of = |flag: &str, shows: &str| {
        Some(format!(
            "`{flag}` shows {shows} and `--curl` the requests: they do not go together"
        ))
    };
    let journal = || {
        Some("`--journal` records what a run sent, and with `--curl` nothing is sent".to_owned())
    };
    let sends_nothing = |name: &str| {
        Some(format!(
            "`{name}` sends nothing to the service, so `--curl` has nothing to print"
        ))
    };
    match command {
        Command::Location(L::Create(_) | L::Get(_) | L::Update { .. })
        | Command::Provider(P::Update { .. })
        | Command::Api(_) => None,
        Command::Location(L::List(args)) if args.refresh => None,
        Command::Location(L::List(_)) => Some(
            "`location list` shows what locadm knows and sends nothing to the service (`--refresh` reads the locations again), so `--curl` has nothing to print".to_owned(),
        ),
        Command::Location(L::Delete(args)) if args.plan => {
            one_of("--plan", "what would be deleted")
        }
        Command::Location(L::Delete(args)) if args.journal.is_some() => journal(),
        Command::Location(L::Delete(_)) => None,
        Command::Location(L::Apply(args)) if args.plan => one_of("--plan", "the changes"),
        Command::Location(L::Apply(args)) if args.dry_run => one_of("--dry-run", "the bodies"),
        Command::Location(L::Apply(args)) if args.journal.is_some() => journal(),
        Command::Location(L::Apply(_)) => None,
        Command::Location(L::Edit(_)) => Some(
            "`location edit` journals what it sends, for `apply --undo`, and with `--curl` nothing is sent: edit a `location get -o json` export and print its apply with `--curl` instead".to_owned(),
        ),
        Command::Location(L::Validate(_)) => sends_nothing("location validate"),
        Command::Provider(P::Validate(_)) => sends_nothing("provider validate"),
        Command::Login(_) | Command::Logout | Command::Auth(_) => Some(
            "`--curl` prints requests to the location service, and `login`, `logout` and `auth` talk to the identity provider (their requests carry secrets)".to_owned(),
        ),
        Command::Smoke(_) => Some(
            "`smoke` checks a deployment by the answers it gets, each request depending on the one before, so `--curl` cannot print it".to_owned(),
        ),
        Command::Inventory(_) => sends_nothing("inventory"),
        Command::Config(_) => sends_nothing("config"),
        #[cfg(feature = "emulator")]
        Command::Emulator(_) => sends_nothing("emulator"),
        Command::Completions { .. } => sends_nothing("completions"),
        Command::Man { .. } => sends_nothing("man"),
        Command::Version => sends_nothing("version"),
    }
}

async fn verb(context: &Context<'_>, command: Command) -> Result<()> {
    let printer = context.printer;
    match command {
        Command::Location(command) => location::run(context, command).await,
        Command::Provider(command) => provider::run(context, command).await,
        Command::Inventory(command) => inventory::run(context, command).await,
        Command::Login(args) => auth::login::run(context, args).await,
        Command::Logout => auth::logout::run(context).await,
        Command::Auth(command) => auth::run(context, command).await,
        Command::Config(command) => config::run(context, command),
        Command::Smoke(args) => smoke::run(context, args).await,
        Command::Api(args) => api::run(context, args).await,
        #[cfg(feature = "emulator")]
        Command::Emulator(crate::cli::EmulatorCommand::Serve(args)) => {
            emulator::serve(context, *args).await
        }
        #[cfg(feature = "emulator")]
        Command::Emulator(crate::cli::EmulatorCommand::Reset(args)) => {
            emulator::reset(context, args).await
        }
        Command::Man { command } => {
            let Some((page, plain)) = crate::docs::manual(&command)? else {
                return Err(locadm_client::error::Error::usage(format!(
                    "`{}` is not a command of locadm",
                    command.join(" ")
                ))
                .with_hint("`locadm --help` lists the commands"));
            };
            printer.manual(&page, &plain)
        }
        Command::Version => {
            printer.raw(|out| {
                let _ = writeln!(out, "locadm {}", env!("CARGO_PKG_VERSION"));
            })?;
            Ok(())
        }
        Command::Completions { shell } => {
            let mut written = Ok(());
            printer.raw(|out| written = crate::docs::completion_script(shell, out))?;
            Ok(written?)
        }
    }
}
