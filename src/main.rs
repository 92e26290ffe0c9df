//! Thin entry point: parse, build the runtime, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;

use locadm::cli::Cli;
use locadm::error::Exit;
use locadm::output::Printer;

/// mimalloc rather than glibc's allocator: `location apply` allocates records on one
/// thread and frees them on another, where glibc's arenas spent about a third of
/// pre-flight in malloc and free (perf, benches/apply.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with 2, as PRODUCT.md asks.
    let cli = Cli::parse();
    let printer = Printer::new(
        cli.global.output,
        cli.global.quiet,
        cli.global.verbose,
        cli.global.jq.clone(),
    );
    let runtime = match runtime_for(&cli).enable_all().build() {
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

/// A client command runs on one thread: it is one request, or (`apply`) many requests in
/// flight on one connection pool, where cross-thread wake-ups cost more than they give on
/// two cores (measured: apply against a static server about 10% faster, 15% less memory).
/// Blocking work (file reading, SQLite, keyrings) has threads of its own. The emulator
/// serves many clients at once, so it gets a thread per core.
fn runtime_for(cli: &Cli) -> tokio::runtime::Builder {
    #[cfg(feature = "emulator")]
    if matches!(cli.command, locadm::cli::Command::Emulator(_)) {
        return tokio::runtime::Builder::new_multi_thread();
    }
    let _ = cli;
    tokio::runtime::Builder::new_current_thread()
}
