//! Command execution: one module per noun, one file per verb. Every verb is a function of
//! the run's [`Context`] (printer, settings, a lazily made session and client) and its own
//! parsed arguments.

pub mod auth;
pub mod config;
#[cfg(feature = "emulator")]
mod emulator;
pub mod location;
pub mod provider;
mod smoke;
pub mod validate;

use crate::cli::{Cli, Command};
use crate::context::Context;
use crate::error::Result;
use crate::output::Printer;

/// Runs the parsed command line: one context, then the verb.
pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    let context = Context::new(cli.global, printer);
    match cli.command {
        Command::Location(command) => location::run(&context, command).await,
        Command::Provider(command) => provider::run(&context, command).await,
        Command::Login(args) => auth::login::run(&context, args).await,
        Command::Logout => auth::logout::run(&context).await,
        Command::Auth(command) => auth::run(&context, command).await,
        Command::Config(command) => config::run(&context, command),
        Command::Smoke(args) => smoke::run(&context, args).await,
        #[cfg(feature = "emulator")]
        Command::Emulator(crate::cli::EmulatorCommand::Serve(args)) => {
            emulator::serve(&context, args).await
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
