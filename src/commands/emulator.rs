//! `locadm emulator serve`: the emulator on an address of the caller's choice, its banner
//! (one JSON line naming the base URL, the token URL, the demo client and provider) as
//! the first line on stdout, until SIGINT or SIGTERM; with `--log-requests`, a line a
//! request on stderr through the printer.
//!
//! `locadm emulator reset`: empties the `local` profile's database (or `--db`), saying
//! what it removes, with one question or `--yes`.

use std::path::Path;

use crate::cli::ResetArgs;
use crate::context::Context;
use crate::output::prompt;
use crate::signal::Interrupts;
use locadm_client::error::{Error, Result};
use locadm_emulator::request_log::RequestLog;
use locadm_emulator::store::{self, Contents};
use locadm_emulator::{self as emulator, EmulatorArgs, EmulatorConfig};

pub(super) async fn serve(context: &Context<'_>, args: EmulatorArgs) -> Result<()> {
    let printer = context.printer;
    let mut config = EmulatorConfig::from_args(&args).map_err(Error::usage)?;
    if args.log_requests {
        let messages = printer.messages();
        config.request_log = Some(RequestLog::new(move |line| messages.request(line)));
    }
    let listener = emulator::listen(args.addr, emulator::LISTEN_BACKLOG).map_err(|e| {
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

pub(super) async fn reset(context: &Context<'_>, args: ResetArgs) -> Result<()> {
    let printer = context.printer;
    let db = match args.db {
        Some(db) => db,
        None => crate::local::database(context.settings()?)?,
    };
    if !db.exists() {
        printer.note(&format!(
            "nothing to reset: there is no database at `{}`",
            db.display()
        ));
        return Ok(());
    }
    let held = blocking(&db, store::contents).await?;
    let what = described(&held);
    if !args.yes {
        if !printer.can_prompt() {
            return Err(Error::usage(format!(
                "refusing to empty `{}` ({what}) without confirmation",
                db.display()
            ))
            .with_hint("pass `--yes` to empty it without a terminal"));
        }
        if !prompt::confirm(&format!("Empty `{}`: remove {what}?", db.display()))? {
            printer.note("nothing was removed");
            return Ok(());
        }
    }
    // Counted again as it is emptied: a command of the `local` profile may have written
    // since the question.
    let removed = blocking(&db, store::empty).await?;
    // None of the locations locadm knew there exists any more.
    let forgotten = crate::inventory::Inventory::open()
        .and_then(|mut inventory| inventory.forget_service(&crate::local::service_url(&db)));
    match forgotten {
        Ok(0) => {}
        Ok(n) => printer.note(&format!(
            "locadm's inventory of it forgot {}",
            crate::output::count(n, "location")
        )),
        Err(e) => printer.warning(&format!(
            "locadm's inventory still lists the locations of `{}`: {e}",
            db.display()
        )),
    }
    if printer.wants_table() {
        printer.note(&format!(
            "Emptied `{}`: removed {}",
            db.display(),
            described(&removed)
        ));
    } else {
        printer.json(&serde_json::json!({ "database": db, "removed": removed }))?;
    }
    Ok(())
}

/// `3 locations, 1 provider update and 2 tokens`.
fn described(contents: &Contents) -> String {
    let counted =
        |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {} and {}",
        counted(contents.locations, "location", "locations"),
        counted(
            contents.provider_updates,
            "provider update",
            "provider updates"
        ),
        counted(contents.tokens, "token", "tokens"),
    )
}

/// A store call on the blocking pool, its failure naming the database.
async fn blocking(
    db: &Path,
    call: fn(&Path) -> std::result::Result<Contents, store::StoreError>,
) -> Result<Contents> {
    let path = db.to_owned();
    tokio::task::spawn_blocking(move || call(&path))
        .await
        .map_err(|e| Error::other(e.to_string()))?
        .map_err(|e| {
            Error::other(format!("cannot empty `{}`", db.display()))
                .with_source(e)
                .with_hint("is it a database of the emulator (`locadm emulator serve --db FILE`)?")
        })
}
