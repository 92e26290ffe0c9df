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
use locadm_client::error::Result;

/// Runs the parsed command line: one context, then the verb. The commands the hint of
/// its error names carry the options of this command line that choose the service
/// (`SettingsArgs::for_hints`).
pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    let context = Context::new(cli.global, printer);
    let outcome = verb(&context, cli.command).await;
    let options = context.global().settings.for_hints();
    let options: Vec<(&str, &str)> = options.iter().map(|(f, v)| (*f, v.as_str())).collect();
    outcome.map_err(|error| error.for_options(&options))
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
