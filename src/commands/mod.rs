//! Command execution: one module per noun, one file per verb. Each verb is a function of
//! its parsed arguments, the resolved settings and the printer.

pub mod location;
pub mod provider;
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
        #[cfg(feature = "emulator")]
        Command::Emulator(crate::cli::EmulatorCommand::Serve(args)) => {
            crate::emulator::serve(&args).await
        }
        Command::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "locadm", &mut std::io::stdout());
            Ok(())
        }
        other => Err(crate::error::Error::other(format!(
            "`{}` is not available in this build yet",
            command_name(&other)
        ))),
    }
}

fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Location(_) => "location",
        Command::Provider(_) => "provider",
        Command::Login(_) => "login",
        Command::Logout => "logout",
        Command::Auth(_) => "auth",
        Command::Config(_) => "config",
        #[cfg(feature = "emulator")]
        Command::Emulator(_) => "emulator",
        Command::Completions { .. } => "completions",
    }
}
