//! `locadm inventory import|export|forget|repair`: what locadm knows exists on the service of
//! this run (`crate::inventory`), taught from files, printed, forgotten.

use std::path::PathBuf;

use crate::bulk::journal::Binding;
use crate::cli::{ForgetArgs, InventoryCommand};
use crate::context::Context;
use crate::inventory::{binding_of, for_each_fact, Filter, Inventory, Taught};
use crate::output::{count, prompt};
use locadm_client::error::{Error, Result};

pub(crate) async fn run(context: &Context<'_>, command: InventoryCommand) -> Result<()> {
    match command {
        InventoryCommand::Import { files } => import(context, &files),
        InventoryCommand::Export => export(context),
        InventoryCommand::Forget(args) => forget(context, args),
        InventoryCommand::Repair => {
            let said = crate::inventory::repair(&crate::inventory::path()?)?;
            context.printer.note(&said);
            Ok(())
        }
    }
}

/// Facts written to the inventory at once: one transaction each, memory flat.
const IMPORT_BATCH: usize = 10_000;

/// Every journal's binding is checked before anything is written: a journal of another
/// service refuses the whole import. Then each file is read a record at a time and its
/// facts written in batches, so that memory stays flat for any size.
fn import(context: &Context<'_>, files: &[PathBuf]) -> Result<()> {
    let printer = context.printer;
    let service = crate::inventory::Service::of_run(context)?;
    let check = |path: &std::path::Path, binding: &Binding| {
        let other_service = binding.service.as_ref().is_some_and(|s| *s != service.url);
        let other_profile = binding
            .profile
            .as_ref()
            .is_some_and(|p| *p != service.profile);
        if !(other_service || other_profile) {
            return Ok(());
        }
        Err(Error::usage(format!(
            "the journal `{}` was written against {} (profile `{}`), not {} (profile `{}`); nothing was imported",
            path.display(),
            binding.service.as_deref().unwrap_or("another service"),
            binding.profile.as_deref().unwrap_or("?"),
            service.url,
            service.profile,
        ))
        .with_hint("its ids belong to that service: import it with that service's `--profile` or `--base-url`"))
    };
    for path in files {
        if let Some(binding) = binding_of(path)? {
            check(path, &binding)?;
        }
    }
    let mut inventory = Inventory::open()?;
    for path in files {
        let mut batch = Vec::with_capacity(IMPORT_BATCH);
        let taught = for_each_fact(
            path,
            |binding| check(path, binding),
            |fact| {
                batch.push(fact);
                if batch.len() == IMPORT_BATCH {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(IMPORT_BATCH));
                    inventory.record(&service, full)?;
                }
                Ok(())
            },
        )?;
        inventory.record(&service, batch)?;
        let Taught {
            locations,
            gone,
            passed_over,
        } = taught;
        let passed = match passed_over {
            0 => String::new(),
            n => format!(
                "; {} without an id and a storeId, or that did not succeed, passed over",
                count(n, "record")
            ),
        };
        printer.note(&format!(
            "{}: {} ({gone} gone){passed}",
            path.display(),
            count(locations, "location")
        ));
    }
    Ok(())
}

fn export(context: &Context<'_>) -> Result<()> {
    let service = crate::inventory::Service::of_run(context)?;
    let filter = Filter {
        deleted: true,
        ..Filter::default()
    };
    let mut sink = context.printer.records();
    Inventory::open()?.each_known(&service, &filter, |location| sink.push(&location))?;
    sink.finish()
}

fn forget(context: &Context<'_>, args: ForgetArgs) -> Result<()> {
    let printer = context.printer;
    let service = crate::inventory::Service::of_run(context)?;
    let mut inventory = Inventory::open()?;
    let filter = Filter {
        store_id: args.store_id.clone(),
        deleted: true,
        ..Filter::default()
    };
    let ids: Vec<String> = inventory
        .list(&service, &filter)?
        .into_iter()
        .map(|k| k.id)
        .filter(|id| args.ids.is_empty() || args.ids.iter().any(|a| a.trim() == id))
        .collect();
    if ids.is_empty() {
        printer.note("nothing to forget: locadm knows no such location of this service");
        return Ok(());
    }
    let what = format!(
        "{} known on {} (profile `{}`)",
        count(ids.len(), "location"),
        service.url,
        service.profile
    );
    if !args.yes {
        if !printer.can_prompt() {
            return Err(Error::usage(format!(
                "refusing to forget {what} without confirmation"
            ))
            .with_hint("pass `--yes` to forget without a terminal; the locations themselves are not touched"));
        }
        let question = format!("Forget {what}? The locations themselves stay on the service");
        if !prompt::confirm(&question)? {
            printer.note("nothing was forgotten");
            return Ok(());
        }
    }
    let forgotten = inventory.forget(&service, &ids)?;
    printer.note(&format!("forgot {}", count(forgotten, "location")));
    Ok(())
}
