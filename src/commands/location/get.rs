//! `locadm location get ID...` / `--ids-from FILE`: one location as the service sent it,
//! or many exported through the bulk engine, concurrently, one read form a line.

use super::{parse_id, view, NamedLocation};
use crate::bulk::{self, Builder, IdFrom, Operation, Run, Task};
use crate::cli::{BulkIds, GetArgs};
use crate::context::Context;
use crate::input::{self, Named, Position};
use crate::inventory::{self, Fact};
use locadm_client::error::{Error, Result};

pub(super) async fn run(context: &Context<'_>, args: GetArgs) -> Result<()> {
    if let Some(id) = only_one(context, &args.ids, &args.bulk)? {
        return get_one(context, id).await;
    }
    let preflight = id_tasks(&args.ids, &args.bulk, Operation::Get, context)?;
    let run = Run {
        ignore_not_found: args.bulk.ignore_not_found,
        ..Run::new("get", args.bulk.pace)
    };
    bulk::execute(context, run, preflight).await?;
    Ok(())
}

/// The one location named, when one id or one `--store-id` is all that was given.
pub(super) fn only_one(
    context: &Context<'_>,
    ids: &[String],
    bulk: &BulkIds,
) -> Result<Option<NamedLocation>> {
    match (ids, bulk.store_ids.as_slice(), &bulk.ids_from) {
        ([id], [], None) => parse_id(id).map(NamedLocation::by_id).map(Some),
        ([], [store_id], None) => Ok(Some(NamedLocation {
            id: inventory::resolve(context, store_id)?,
            store_id: Some(store_id.clone()),
        })),
        _ => Ok(None),
    }
}

async fn get_one(context: &Context<'_>, named: NamedLocation) -> Result<()> {
    let api = context.api().await?;
    let (location, reply) = named.read(context, &api).await?;
    let printer = context.printer;
    // One location as a sheet is an export of one: its base is kept, and the sheet names
    // it, as a bulk export's does.
    let export = printer.wants_rows().then(bulk::export_name);
    inventory::note(
        context,
        vec![Fact {
            export: export.clone(),
            ..Fact::seen(named.id, Some(reply.body.clone()))
        }],
    );
    if printer.wants_rows() {
        // One location as an export of one: the row `apply --file` reads back.
        let mut report = bulk::Report::new(Position::Whole, Operation::Get, bulk::Outcome::Read);
        report.export = export;
        report.id = Some(location.id.to_string());
        report.location = serde_json::value::RawValue::from_string(
            String::from_utf8_lossy(&reply.body).into_owned(),
        )
        .ok();
        let mut sink = printer.records();
        sink.push(&bulk::Printed(&report))?;
        sink.finish()?;
    } else if printer.quiet {
        printer.line(&location.id.to_string())?;
    } else if printer.wants_table() {
        printer.field_table(&view::rows(&location))?;
    } else {
        printer.body(&reply.body)?;
    }
    Ok(())
}

/// The tasks for ids given as arguments and `--ids-from`; an id that is not one is a
/// usage error naming it, and nothing is sent.
pub(super) fn id_tasks(
    ids: &[String],
    bulk: &BulkIds,
    operation: Operation,
    context: &Context<'_>,
) -> Result<bulk::Preflight> {
    let mut builder = Builder::new()?;
    // A delete takes an id given twice once (the second would fail as not found): the
    // one piece of state that grows with the input, 16 bytes an id. An export prints
    // what it was asked for, in flat memory.
    let dedupe = operation == Operation::Delete;
    let mut seen = std::collections::HashSet::new();
    let mut bad = Vec::new();
    let mut unknown = Vec::new();
    let mut lookup = inventory::Lookup::new(context);
    let mut push = |position: Position, named: std::result::Result<Named, String>| {
        let (id, store_id) = match named {
            Ok(Named::Id(id)) => (id, None),
            Ok(Named::StoreId(store_id)) => match lookup.ids(&store_id) {
                Ok(ids) if ids.is_empty() => return unknown.push(store_id),
                Ok(ids) => match inventory::one_id(&store_id, &ids) {
                    Ok(id) => (id, Some(store_id)),
                    Err(e) => return bad.push(format!("{position}: {e}")),
                },
                Err(e) => return bad.push(format!("{position}: {e}")),
            },
            Err(reason) => return bad.push(format!("{position}: {reason}")),
        };
        if !dedupe || seen.insert(id) {
            builder.push(Task {
                position,
                operation,
                id: Some(id),
                id_from: if store_id.is_some() {
                    IdFrom::StoreIdNamed
                } else {
                    IdFrom::Input
                },
                store_id,
                body: Ok(bytes::Bytes::new()),
                export: None,
                shown: None,
            });
        }
    };
    for (i, id) in ids.iter().enumerate() {
        push(
            Position::Index(i),
            parse_id(id).map(Named::Id).map_err(|e| e.to_string()),
        );
    }
    for (i, store_id) in bulk.store_ids.iter().enumerate() {
        push(
            Position::Index(ids.len() + i),
            Ok(Named::StoreId(store_id.clone())),
        );
    }
    if let Some(path) = &bulk.ids_from {
        input::for_each_id(path, &mut push)?;
    }
    if !unknown.is_empty() {
        let unknown: Vec<&str> = unknown.iter().map(String::as_str).collect();
        return Err(inventory::unknown(&unknown));
    }
    if !bad.is_empty() {
        for line in &bad {
            context.printer.detail(line);
        }
        return Err(Error::usage(format!(
            "{} of the ids {} not location ids; nothing was sent",
            bad.len(),
            if bad.len() == 1 { "is" } else { "are" }
        )));
    }
    let preflight = builder.finish(Some(String::from("ids")))?;
    if preflight.records == 0 {
        return Err(Error::usage(
            "no location ids were given: the input holds none",
        ));
    }
    Ok(preflight)
}
