//! Thin entry point: parse, build the runtime, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;

use locadm::cli::Cli;
use locadm::error::Exit;
use locadm::output::Printer;

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with 2, as PRODUCT.md asks.
    let cli = Cli::parse();
    let printer = Printer::new(
        cli.global.output,
        cli.global.quiet,
        cli.global.verbose,
        cli.global.jq.clone(),
    );
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return Exit::Failure.into();
        }
    };
    match runtime.block_on(locadm::commands::run(cli, &printer)) {
        Ok(()) => Exit::Success.into(),
        Err(error) => {
            printer.error(&error);
            error.exit().into()
        }
    }
}
