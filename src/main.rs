//! Thin entry point: parse, build the runtime, run, map the outcome to an exit code.

use std::process::ExitCode;

use locadm::Cli;
use locadm::Printer;
use locadm::{Error, Exit};

/// mimalloc rather than glibc's allocator: `location apply` allocates a record on one
/// thread and frees it on another, and hyper allocates per request. Measured side by side
/// (100k creates against nginx, six alternating runs each): apply ~20% faster end to end
/// (medians 70k vs 58k requests/s), pre-flight and `location validate` ~1.17x faster. Its
/// v2 line without transparent huge pages (Cargo.toml says why) starts at 7.5 MiB resident
/// for `--version`; v3 with them took 11.7.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // A shell asking for completions (`LOCADM_COMPLETE=SHELL`, set by the scripts of
    // `locadm completions`) gets them on stdout, and nothing runs.
    clap_complete::CompleteEnv::with_factory(locadm::completion_command)
        .var(locadm::COMPLETE_VAR)
        .complete();
    // clap prints usage errors itself and exits with 2, as docs/service-contract.md asks.
    let cli = locadm::parse();
    let printer = match Printer::new(
        cli.global.output,
        cli.global.quiet,
        cli.global.verbose,
        cli.global.jq.as_deref(),
        cli.global.color,
        cli.global.columns.clone(),
    ) {
        Ok(printer) => printer,
        Err(error) => return report(&Printer::fallback(), &error),
    };
    if let Err(e) = locadm::forbid_core_dumps() {
        printer.debug(&format!("core dumps could not be turned off: {e}"));
    }
    let runtime = match runtime_for(&cli).enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            let error = Error::other("cannot start the async runtime").with_source(e);
            return report(&printer, &error);
        }
    };
    match runtime.block_on(locadm::run(cli, &printer)) {
        Ok(()) => Exit::Success.into(),
        Err(error) => report(&printer, &error),
    }
}

fn report(printer: &Printer, error: &Error) -> ExitCode {
    printer.error(error);
    // Every hint a debug build prints runs as printed (`cli/hints.rs`): the integration
    // tests, which run this build by the hundred, fail on one that would not.
    #[cfg(debug_assertions)]
    if let Some(hint) = error.hint() {
        let ran: Vec<std::ffi::OsString> = std::env::args_os().collect();
        let problems = locadm::hint_problems(hint, &ran);
        assert!(
            problems.is_empty(),
            "a hint that does not run as printed: {}",
            problems.join("; ")
        );
    }
    error.exit().into()
}

/// A client command runs on one thread: it is one request, or (`apply`) many requests in
/// flight on connections of their own, where cross-thread wake-ups cost more than they
/// give on two cores (measured: apply against a static server about 10% faster, 15% less
/// memory). Blocking work (SQLite, keyrings) has threads of its own, and apply's
/// pre-flight checks records on every core (rayon). The emulator
/// serves many clients at once, so it gets a thread per core.
fn runtime_for(cli: &Cli) -> tokio::runtime::Builder {
    #[cfg(feature = "emulator")]
    if matches!(cli.command, locadm::Command::Emulator(_)) {
        return tokio::runtime::Builder::new_multi_thread();
    }
    let _ = cli;
    tokio::runtime::Builder::new_current_thread()
}
