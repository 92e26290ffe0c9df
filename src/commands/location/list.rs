//! `locadm location list`: the locations locadm knows on this service (its inventory),
//! never the service's own list, which does not exist. `--refresh` reads every listed
//! one again through the bulk engine, and names those that are gone (kept as deleted).

use crate::bulk::{self, Builder, IdFrom, Operation, Run, Task};
use crate::cli::ListArgs;
use crate::context::Context;
use crate::input::Position;
use crate::inventory::{Filter, Inventory, Service};
use crate::output::count;
use locadm_client::error::Result;

pub(super) async fn run(context: &Context<'_>, args: ListArgs) -> Result<()> {
    let printer = context.printer;
    let service = crate::inventory::Service::of_run(context)?;
    let filter = Filter {
        store_id: args.store_id.clone(),
        city: args.city.clone(),
        deleted: args.deleted,
    };
    if args.refresh {
        refresh(context, &service, &filter, args.pace).await?;
    }
    let known = Inventory::open()?.list(&service, &filter)?;
    if known.is_empty() {
        printer.note(&format!(
            "locadm knows no {}location of {} (profile `{}`): it learns them from what it creates, reads, changes and deletes, and from `locadm inventory import FILE`",
            if args.store_id.is_some() || args.city.is_some() { "such " } else { "" },
            service.url,
            service.profile
        ));
    } else {
        let seen: Vec<String> = known.iter().map(|k| k.seen_utc()).collect();
        let (oldest, newest) = (seen.iter().min(), seen.iter().max());
        let seen = match (oldest, newest) {
            (Some(oldest), Some(newest)) if oldest != newest => {
                format!("{oldest} to {newest} UTC")
            }
            (Some(oldest), _) => format!("{oldest} UTC"),
            _ => String::new(),
        };
        printer.note(&format!(
            "{} known to locadm, last seen {seen} (the service cannot list them; `--refresh` reads them again)",
            count(known.len(), "location")
        ));
    }
    let mut sink = printer.records();
    for location in &known {
        sink.push(location)?;
    }
    sink.finish()
}

/// Reads every location the filter picks (with `--deleted` the gone ones too: one may be
/// back), paced as a bulk run, and names those the service answers 404 for (the run
/// marks them deleted: `--deleted` lists them, `inventory forget` forgets them).
async fn refresh(
    context: &Context<'_>,
    service: &Service,
    filter: &Filter,
    pace: crate::cli::Pace,
) -> Result<()> {
    let known = Inventory::open()?.list(service, filter)?;
    let mut builder = Builder::new()?;
    for (i, location) in known.iter().enumerate() {
        let Ok(id) = uuid::Uuid::parse_str(&location.id) else {
            continue;
        };
        builder.push(Task {
            position: Position::Index(i),
            operation: Operation::Get,
            id: Some(id),
            store_id: location.store_id.clone(),
            body: Ok(bytes::Bytes::new()),
            id_from: IdFrom::Input,
            export: None,
        });
    }
    let preflight = builder.finish(Some("refresh".to_owned()))?;
    if preflight.records == 0 {
        return Ok(());
    }
    let run = Run {
        ignore_not_found: true,
        print: false,
        ..Run::new("get", pace)
    };
    bulk::execute(context, run, preflight).await?;
    // The run marked the gone ones deleted: named here, kept under `--deleted`.
    let read: std::collections::HashSet<&str> = known
        .iter()
        .filter(|k| !k.deleted)
        .map(|k| k.id.as_str())
        .collect();
    let gone: Vec<String> = Inventory::open()?
        .list(
            service,
            &Filter {
                deleted: true,
                ..filter.clone()
            },
        )?
        .into_iter()
        .filter(|k| k.deleted && read.contains(k.id.as_str()))
        .map(|k| match &k.store_id {
            Some(store_id) => format!("{store_id} ({})", k.id),
            None => k.id,
        })
        .collect();
    if !gone.is_empty() {
        const NAMED: usize = 10;
        let more = match gone.len().saturating_sub(NAMED) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        context.printer.note(&format!(
            "the service no longer has {}: {}{more}; locadm lists {} as deleted (`location list --deleted`)",
            count(gone.len(), "location"),
            gone[..gone.len().min(NAMED)].join(", "),
            if gone.len() == 1 { "it" } else { "them" }
        ));
    }
    Ok(())
}
