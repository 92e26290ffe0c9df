//! `locadm location delete ID... | --ids-from FILE`: reads each location first (what is
//! deleted is shown, and kept in the journal for `apply --undo`), asks once at a
//! terminal, and refuses without one unless `--yes`. With `--curl` the reads are sent and
//! the deletes printed, without a question.

use super::get::{id_tasks, only_one};
use super::NamedLocation;
use crate::bulk::{self, Operation, Run};
use crate::cli::DeleteArgs;
use crate::context::Context;
use crate::inventory::{self, Fact};
use crate::output::prompt;
use locadm_client::error::{Error, Result};

pub(super) async fn run(context: &Context<'_>, args: DeleteArgs) -> Result<()> {
    let printer = context.printer;
    // `--curl` deletes nothing: running the lines it prints is the confirmation.
    let yes = args.yes || context.global().curl;
    if let (false, None) = (args.plan, &args.journal) {
        if let Some(named) = only_one(context, &args.ids, &args.bulk)? {
            return delete_one(context, named, yes).await;
        }
    }
    let run_of = |plan: bool| Run {
        plan,
        ignore_not_found: args.bulk.ignore_not_found,
        journal: if plan { None } else { args.journal.clone() },
        // One id in a pipe keeps printing `{"deleted": id}`-like results line by line.
        ..Run::new("delete", args.bulk.pace)
    };
    let tasks = || id_tasks(&args.ids, &args.bulk, Operation::Delete, context);
    if args.plan {
        bulk::execute(context, run_of(true), tasks()?).await?;
        return Ok(());
    }
    if !yes {
        if !printer.can_prompt() {
            let preflight = tasks()?;
            return Err(Error::usage(format!(
                "refusing to delete {} location{} without confirmation",
                preflight.records,
                if preflight.records == 1 { "" } else { "s" }
            ))
            .with_hint("pass `--yes` to delete without a terminal, or `--plan` to see what would be deleted"));
        }
        // What would be deleted, read first, then one question naming it.
        let tally = bulk::execute(context, run_of(true), tasks()?).await?;
        let count = tally.get("delete");
        if count == 0 {
            printer.note("nothing to delete");
            return Ok(());
        }
        let question = format!(
            "Delete {count} location{} listed above?",
            if count == 1 { "" } else { "s" }
        );
        if !prompt::confirm(&question)? {
            printer.note("nothing was deleted");
            return Ok(());
        }
    }
    bulk::execute(context, run_of(false), tasks()?).await?;
    Ok(())
}

/// One id: the location is read and shown before the question (at a terminal), and the
/// answer is `{"deleted": ID}` as it has always been. NamedLocation by `--store-id`, it is read
/// first even with `--yes`: the service must confirm the storeId.
async fn delete_one(context: &Context<'_>, named: NamedLocation, yes: bool) -> Result<()> {
    let printer = context.printer;
    let id = named.id;
    if !yes && !printer.can_prompt() {
        return Err(Error::usage(format!(
            "refusing to delete location `{id}` without confirmation"
        ))
        .with_hint("pass `--yes` to delete without a terminal"));
    }
    // With `--curl`, a storeId is confirmed by a read sent; the delete is printed.
    let api = context.api().await?.sending_reads();
    if named.store_id.is_some() && yes {
        named.read(context, &api).await?;
    }
    if !yes {
        let (location, _) = named.read(context, &api).await?;
        let city = location
            .structured_address
            .as_ref()
            .map(|a| a.city.clone())
            .or(location.city.clone())
            .unwrap_or_default();
        let question = format!(
            "Delete location {id} (storeId {}, {}, {city})?",
            location.store_id, location.store_name
        );
        if !prompt::confirm(&question)? {
            printer.note("nothing was deleted");
            return Ok(());
        }
    }
    let deleted = api.delete_location(&id).await;
    // Deleted, or not there: either way it is gone.
    if deleted.is_ok() || deleted.as_ref().is_err_and(|e| e.status() == Some(404)) {
        inventory::note(context, vec![Fact::gone(id)]);
    }
    deleted?;
    if printer.quiet {
        printer.line(&id.to_string())?;
    } else if printer.wants_table() {
        printer.note(&format!("Deleted location {id}"));
    } else {
        printer.json(&serde_json::json!({ "deleted": id }))?;
    }
    Ok(())
}
