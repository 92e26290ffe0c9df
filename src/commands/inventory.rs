//! `locadm inventory import|export|forget|repair`: what locadm knows exists on the service of
//! this run (`crate::inventory`), taught from files, printed, forgotten.

use std::path::PathBuf;

use crate::cli::{ForgetArgs, InventoryCommand};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::inventory::{read_facts, Filter, Inventory};
use crate::output::{count, prompt};

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

/// Every file is read and checked before anything is written: a journal of another
/// service refuses the whole import.
fn import(context: &Context<'_>, files: &[PathBuf]) -> Result<()> {
    let printer = context.printer;
    let service = crate::inventory::Service::of_run(context)?;
    let mut read = Vec::new();
    for path in files {
        let imported = read_facts(path)?;
        if let Some(binding) = &imported.binding {
            let other_service = binding.service.as_ref().is_some_and(|s| *s != service.url);
            let other_profile = binding
                .profile
                .as_ref()
                .is_some_and(|p| *p != service.profile);
            if other_service || other_profile {
                return Err(Error::usage(format!(
                    "the journal `{}` was written against {} (profile `{}`), not {} (profile `{}`); nothing was imported",
                    path.display(),
                    binding.service.as_deref().unwrap_or("another service"),
                    binding.profile.as_deref().unwrap_or("?"),
                    service.url,
                    service.profile,
                ))
                .with_hint("its ids belong to that service: import it with that service's `--profile` or `--base-url`"));
            }
        }
        read.push((path, imported));
    }
    let mut inventory = Inventory::open()?;
    for (path, imported) in read {
        let gone = imported.facts.iter().filter(|f| f.gone).count();
        let taken = imported.facts.len();
        inventory.record(&service, imported.facts)?;
        let passed = match imported.passed_over {
            0 => String::new(),
            n => format!(
                "; {} without an id and a storeId, or that did not succeed, passed over",
                count(n, "record")
            ),
        };
        printer.note(&format!(
            "{}: {} ({gone} gone){passed}",
            path.display(),
            count(taken, "location")
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
    let known = Inventory::open()?.list(&service, &filter)?;
    let mut sink = context.printer.records();
    for location in &known {
        sink.push(location)?;
    }
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
