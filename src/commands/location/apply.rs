//! `locadm location apply`: creates, merges and replacements in bulk, `--plan` to see
//! them first, and `--undo JOURNAL` to put back what a run did. The work is the bulk
//! engine's (`crate::bulk`); this file turns the arguments into its tasks and its run.

use bytes::Bytes;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::bulk::journal::{self, Recorded};
use crate::bulk::{self, preflight, Builder, IdFrom, Operation, Run, Task, Updates};
use crate::cli::ApplyArgs;
use crate::context::Context;
use crate::input::{Position, Source};
use crate::output::{Human, Record};
use locadm_client::error::{Error, Result};

pub(super) async fn run(context: &Context<'_>, args: ApplyArgs) -> Result<()> {
    if let Some(journal) = args.undo.clone() {
        return undo(context, args, &journal).await;
    }
    let printer = context.printer;
    let file = args
        .file
        .clone()
        .expect("clap requires --file without --undo");
    let source = Source::new(&file, args.format, args.csv.clone())
        .with_max_record(args.record.max_record_size);
    let updates = if args.replace {
        Updates::Replace
    } else {
        Updates::Merge
    };
    // A dry run without a service in the settings sends nothing and matches nothing.
    let offline = args.dry_run && crate::inventory::Service::of_run(context).is_err();
    let (matching, unreadable) = match args.create_new || offline {
        true => (None, None),
        false => match known_store_ids(context) {
            Ok(known) => {
                let journaled = journaled(args.journal.as_deref(), printer)?;
                let matching = preflight::Matching {
                    known,
                    updates,
                    journaled,
                    hold_dropped_zeros: source.is_sheet() && !args.yes,
                };
                (Some(matching), None)
            }
            Err(e) => (None, Some(e)),
        },
    };
    let preflight = preflight::records(
        &source,
        updates,
        args.strict,
        matching,
        args.journal.is_some(),
        printer.messages(),
    )?;
    // Inventory-or-nothing, as journal-or-nothing: without it, a record it might know
    // would be created a second time.
    let creates = preflight
        .operations
        .get(&Operation::Create)
        .copied()
        .unwrap_or(0);
    if let (Some(e), true) = (unreadable, creates > 0) {
        return Err(Error::other(format!(
            "{e}; nothing was sent: {} without `id` might be a location it knows, and would be created a second time",
            crate::output::count(creates, "record")
        ))
        .with_hint(bulk::CREATE_NEW_HINT));
    }
    if preflight.matched > 0 {
        printer.note(&format!(
            "{}{} without `id` {} a location locadm knows by storeId: {} that location instead of creating another (`--create-new` creates {})",
            if args.plan { "plan: " } else { "" },
            crate::output::count(preflight.matched, "record"),
            if preflight.matched == 1 { "matches" } else { "match" },
            if preflight.matched == 1 { "it changes" } else { "each changes" },
            if preflight.matched == 1 { "it" } else { "them" },
        ));
    }
    if preflight.invalid > 0 && !args.skip_invalid {
        // The same rejection as `validate`'s, by the same code (`invalid`).
        return Err(Error::invalid(format!(
            "{} of {} {} invalid; nothing was sent",
            preflight.invalid,
            crate::output::count(preflight.records, "record"),
            if preflight.invalid == 1 { "is" } else { "are" }
        ))
        .with_findings(preflight.findings)
        .with_hint(source.decimal_comma_hint().unwrap_or_else(|| {
            "fix them, or pass `--skip-invalid` to send the valid ones".to_owned()
        })));
    }
    if args.dry_run {
        return dry_run(context, preflight);
    }
    let run = Run {
        sheet: source.is_sheet(),
        ..run_of(&args, "apply")
    };
    bulk::execute(context, run, preflight).await?;
    Ok(())
}

/// The keys of the records `journal` (the run's `--journal`, when it exists) records as
/// carried out or possibly carried out. A resumed run skips them; matched by storeId to
/// the locations they created, they would be planned as merges instead (and a read form
/// that does not carry every field would stop the resume).
fn journaled(
    journal: Option<&std::path::Path>,
    printer: &crate::output::Printer,
) -> Result<std::collections::HashSet<String>> {
    let Some(path) = journal else {
        return Ok(Default::default());
    };
    let contents = journal::read(path, false, printer.messages())?;
    let mut last = std::collections::HashMap::new();
    for entry in contents.entries {
        last.insert(entry.key, entry.outcome);
    }
    Ok(last
        .into_iter()
        .filter(|(_, outcome)| outcome.is_done() || outcome.may_exist())
        .map(|(key, _)| key)
        .collect())
}

/// The live locations locadm knows by storeId.
fn known_store_ids(
    context: &Context<'_>,
) -> Result<std::collections::HashMap<String, Vec<String>>> {
    crate::inventory::Service::of_run(context).and_then(|service| {
        let mut inventory = crate::inventory::Inventory::open()?;
        // What tells a create from a change must not be a damaged file's guess, nor
        // miss what a run going on beside this one has created.
        inventory.check_damage(false)?;
        inventory.take_in_running()?;
        inventory.by_store_id(&service)
    })
}

fn run_of(args: &ApplyArgs, command: &'static str) -> Run {
    Run {
        remember_creates: !args.create_new,
        force: args.force,
        attempts: args.attempts,
        plan: args.plan,
        journal: args.journal.clone(),
        retry_unknown: args.retry_unknown,
        retry_unconfirmed: args.retry_unconfirmed,
        yes: args.yes,
        earlier: args.only_failed.clone(),
        ..Run::new(command, args.pace)
    }
}

/// `--undo JOURNAL`: the tasks that put back what the journal's run did. Every location
/// it created is deleted, every one it changed gets its before-image back (a complete
/// body), every one it deleted is created again (under a new id: ids cannot be chosen).
/// What was done is recorded as `undone` in that journal, so an undo can be resumed and
/// never re-creates a location twice.
async fn undo(context: &Context<'_>, args: ApplyArgs, path: &std::path::Path) -> Result<()> {
    let printer = context.printer;
    let contents = journal::read(path, false, printer.messages())?;
    let Some(binding) = contents.binding.clone() else {
        return Err(Error::usage(format!(
            "`{}` is not a journal (it has no header line)",
            path.display()
        )));
    };
    // The last word on each key, in the order first written, and the before-image each
    // key's lines carry (on its `started` line, before the write went out).
    let mut order = Vec::new();
    let mut last = std::collections::HashMap::new();
    let mut before_image = std::collections::HashMap::new();
    for entry in contents.entries {
        if !last.contains_key(&entry.key) {
            order.push(entry.key.clone());
        }
        if let Some(before) = &entry.before {
            before_image.insert(entry.key.clone(), before.clone());
        }
        last.insert(entry.key.clone(), entry);
    }
    let deleting = binding.command == "delete";
    let mut builder = Builder::new()?;
    let mut unsure = 0;
    for (n, key) in order.iter().enumerate() {
        let entry = &last[key];
        // The record's place in the input the undone run read: its result lines up with
        // that run's (`line`, or `index` for a JSON array).
        let position = key
            .split('|')
            .next()
            .and_then(Position::parse)
            .unwrap_or(Position::Index(n));
        let id = entry
            .id
            .as_deref()
            .and_then(|i| uuid::Uuid::parse_str(i).ok());
        let (operation, body) = match (entry.outcome, before_image.get(key)) {
            (Recorded::Created, _) => (Operation::Delete, Bytes::new()),
            // A change that was about to go out when its run stopped may have been made:
            // putting the before-image back is right either way.
            (Recorded::Updated, Some(before)) | (Recorded::Started, Some(before)) if !deleting => {
                (Operation::Replace, Bytes::from(before.get().to_owned()))
            }
            (Recorded::Deleted, Some(before)) => {
                (Operation::Create, Bytes::from(before.get().to_owned()))
            }
            (Recorded::Started, Some(_)) => {
                printer.warning(&format!(
                    "{key}: the delete was about to be sent when its run stopped; check whether location {} still exists",
                    entry.id.as_deref().unwrap_or("?")
                ));
                continue;
            }
            (Recorded::Updated | Recorded::Deleted, None) => {
                printer.warning(&format!(
                    "{key}: the journal holds no before-image (written by an older locadm); it cannot be put back"
                ));
                continue;
            }
            (outcome, _) if outcome.may_exist() => {
                unsure += 1;
                continue;
            }
            _ => continue,
        };
        builder.push(Task {
            position,
            operation,
            id: if operation == Operation::Create {
                None
            } else {
                id
            },
            store_id: entry.store_id.clone(),
            body: Ok(body),
            id_from: IdFrom::Input,
            export: None,
            shown: None,
        });
    }
    if unsure > 0 {
        printer.warning(&format!(
            "{unsure} create{} of that run may have been carried out without an id to undo them by; check by storeId",
            if unsure == 1 { "" } else { "s" }
        ));
    }
    // The undo run's journal is the undone journal's twin: `JOURNAL.undo`, bound to the
    // same service, so that a resumed undo skips what it already put back.
    let mut run = run_of(&args, "undo");
    run.journal = Some(args.journal.clone().unwrap_or_else(|| {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".undo");
        path.with_file_name(name)
    }));
    // Restoring a before-image replaces the whole body: nothing is merged.
    run.yes = true;
    let here = Some(context.service_identity()?);
    if binding.service.is_some() && binding.service != here {
        return Err(Error::usage(format!(
            "the journal `{}` was written against {}, not {}",
            path.display(),
            binding.service.as_deref().unwrap_or("?"),
            here.as_deref().unwrap_or("?")
        ))
        .with_hint("undo it against the service it was written for"));
    }
    let preflight = builder.finish(Some(format!("undo:{}", binding.input)))?;
    if preflight.records == 0 {
        printer.note("nothing to undo: the journal records no change that can be put back");
        return Ok(());
    }
    if !run.plan {
        journal::mark_undone(path)?;
    }
    bulk::execute(context, run, preflight).await?;
    Ok(())
}

/// A `--dry-run` line: what would be sent.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DryRun {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    store_id: Option<String>,
    operation: &'static str,
    outcome: &'static str,
    id: Option<String>,
    body: Box<RawValue>,
    #[serde(skip)]
    position: Position,
}

impl Record for DryRun {
    fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    fn human(&self) -> Human {
        Human::Line(format!(
            "{}: {} {}",
            self.position,
            self.operation,
            self.body.get()
        ))
    }
}

/// `--dry-run`: what would be sent, one line per valid record; nothing is read or sent.
/// (A merge is shown as its patch: what it changes needs the current state, `--plan`.)
fn dry_run(context: &Context<'_>, preflight: bulk::Preflight) -> Result<()> {
    let printer = context.printer;
    let mut spool = preflight.spool;
    let mut sink = printer.records();
    while let Some(task) = spool.next()? {
        let Ok(body) = task.body else { continue };
        let body = RawValue::from_string(bulk::body_text(&body)?.to_owned())
            .map_err(|e| Error::other("a spooled body is not JSON").with_source(e))?;
        sink.push(&DryRun {
            line: task.position.line(),
            index: task.position.index(),
            store_id: task.store_id,
            operation: task.operation.service_name(),
            outcome: "dry-run",
            id: task.id.map(|i| i.to_string()),
            body,
            position: task.position,
        })?;
    }
    sink.finish()?;
    printer.note("dry run: nothing was sent");
    Ok(())
}
