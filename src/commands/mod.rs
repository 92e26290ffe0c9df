//! Command execution: one module per noun, one file per verb. Each verb is a function of
//! its parsed arguments, the resolved settings and the printer.

pub mod auth;
pub mod config;
mod context;
pub mod location;
pub mod login;
mod prompt;
pub mod provider;
mod smoke;
pub mod validate;

use clap::CommandFactory;

use crate::cli::{Cli, Command};
use crate::error::Result;
use crate::output::Printer;

/// Runs the parsed command line.
pub async fn run(cli: Cli, printer: &Printer) -> Result<()> {
    match cli.command {
        Command::Location(command) => location::run(command, &cli.global, printer).await,
        Command::Provider(command) => provider::run(command, &cli.global, printer).await,
        Command::Login(args) => login::run(args, &cli.global, printer).await,
        Command::Logout => auth::logout(&cli.global, printer).await,
        Command::Auth(command) => auth::run(command, &cli.global, printer).await,
        Command::Config(command) => config::run(command, &cli.global, printer).await,
        Command::Smoke(args) => {
            let context = context::Context::new(&cli.global, printer).await?;
            smoke::run(&context, &args).await
        }
        #[cfg(feature = "emulator")]
        Command::Emulator(crate::cli::EmulatorCommand::Serve(args)) => {
            crate::emulator::serve(&args).await
        }
        Command::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "locadm", &mut std::io::stdout());
            Ok(())
        }
    }
}
