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
    let inventory = Inventory::open()?;
    // Counted first, and printed as the rows come: a listing of any size in flat memory.
    let mut seen = Seen::default();
    inventory.each_known(&service, &filter, |location| {
        seen.add(&location.seen_utc());
        Ok(())
    })?;
    if seen.count == 0 {
        printer.note(&format!(
            "locadm knows no {}location of {} (profile `{}`): it learns them from what it creates, reads, changes and deletes, and from `locadm inventory import FILE`",
            if args.store_id.is_some() || args.city.is_some() { "such " } else { "" },
            service.url,
            service.profile
        ));
    } else {
        printer.note(&format!(
            "{} known to locadm, last seen {} (the service cannot list them; `--refresh` reads them again)",
            count(seen.count, "location"),
            seen.describe()
        ));
    }
    let mut sink = printer.records();
    inventory.each_known(&service, &filter, |location| sink.push(&location))?;
    sink.finish()
}

/// How many locations a listing has, and when the oldest and the newest were seen.
#[derive(Default)]
struct Seen {
    count: usize,
    oldest: Option<String>,
    newest: Option<String>,
}

impl Seen {
    fn add(&mut self, seen_utc: &str) {
        self.count += 1;
        // `2026-11-26 19:43:44`: text in this form sorts as time does.
        if self
            .oldest
            .as_deref()
            .is_none_or(|oldest| seen_utc < oldest)
        {
            self.oldest = Some(seen_utc.to_owned());
        }
        if self
            .newest
            .as_deref()
            .is_none_or(|newest| seen_utc > newest)
        {
            self.newest = Some(seen_utc.to_owned());
        }
    }

    /// `2026-11-26 19:43:44 to 2026-11-28 08:00:01 UTC`, or the one time.
    fn describe(&self) -> String {
        match (&self.oldest, &self.newest) {
            (Some(oldest), Some(newest)) if oldest != newest => format!("{oldest} to {newest} UTC"),
            (Some(oldest), _) => format!("{oldest} UTC"),
            _ => String::new(),
        }
    }
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
            shown: None,
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
