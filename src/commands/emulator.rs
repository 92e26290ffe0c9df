//! `locadm emulator serve`: the emulator on an address of the caller's choice, its banner
//! (one JSON line naming the base URL, the token URL, the demo client and provider) as
//! the first line on stdout, until SIGINT or SIGTERM.

use tokio::net::TcpListener;

use crate::context::Context;
use crate::error::{Error, Result};
use crate::signal::Interrupts;
use locadm_emulator::{self as emulator, EmulatorArgs, EmulatorConfig};

pub(super) async fn serve(context: &Context<'_>, args: EmulatorArgs) -> Result<()> {
    let printer = context.printer;
    let config = EmulatorConfig::from_args(&args).map_err(Error::usage)?;
    let listener = TcpListener::bind(args.addr).await.map_err(|e| {
        Error::other(format!("cannot listen on `{}`", args.addr))
            .with_source(e)
            .with_hint("pick another address with `--addr`, or port 0 for a free port")
    })?;
    // Listening before the first signal could end the process: from here on an interrupt
    // stops the emulator cleanly (its database closed) instead.
    let mut interrupts = Interrupts::new();
    let running = emulator::start(config, listener)
        .await
        .map_err(|e| Error::other(e.to_string()))?;
    let banner =
        serde_json::to_string(&running.banner()).map_err(|e| Error::other(e.to_string()))?;
    printer.line(&banner)?;
    printer.detail(&format!(
        "locadm emulator: listening on {} (demo client `{}`); stop with Ctrl-C",
        running.base_url, running.client_id
    ));
    interrupts.next().await;
    printer.detail("locadm emulator: shutting down");
    running.shutdown().await;
    Ok(())
}
