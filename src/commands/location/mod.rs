//! `locadm location …`: one file per verb.

mod apply;
pub(crate) mod body;
mod create;
mod delete;
mod edit;
mod get;
mod interactive;
mod list;
mod update;
pub(crate) mod view;

use crate::cli::LocationCommand;
use crate::commands::validate;
use crate::context::Context;
use crate::inventory;
use crate::output::Printer;
use locadm_client::error::{Error, Result};

pub(crate) async fn run(context: &Context<'_>, command: LocationCommand) -> Result<()> {
    match command {
        LocationCommand::Create(args) => create::run(context, args).await,
        LocationCommand::Get(args) => get::run(context, args).await,
        LocationCommand::List(args) => list::run(context, args).await,
        LocationCommand::Update { id, write, yes } => {
            update::run(context, update::Args { id, write, yes }).await
        }
        LocationCommand::Delete(args) => delete::run(context, args).await,
        LocationCommand::Apply(args) => apply::run(context, args).await,
        LocationCommand::Edit(args) => edit::run(context, args).await,
        // Offline: nothing is sent, so no session or client is ever made.
        LocationCommand::Validate(args) => validate::locations(context, args),
    }
}

/// A location id from the command line: a UUID, or a usage error (nothing is sent).
pub(crate) fn parse_id(id: &str) -> Result<uuid::Uuid> {
    uuid::Uuid::parse_str(id.trim())
        .map_err(|_| Error::usage(format!("`{id}` is not a location id (a UUID is expected)")))
}

/// A location named on the command line: by its id, or by a storeId locadm's inventory
/// knows (then the id is a hint the service must confirm before anything is sent).
#[derive(Debug, Clone)]
pub(crate) struct NamedLocation {
    pub id: uuid::Uuid,
    /// The storeId it was named by (`--store-id`).
    pub store_id: Option<String>,
}

impl NamedLocation {
    pub(crate) fn by_id(id: uuid::Uuid) -> NamedLocation {
        NamedLocation { id, store_id: None }
    }

    /// Reads the location; named by storeId, the location read must still have it
    /// ([`inventory::confirm`]). A 404 teaches the inventory that it is gone.
    pub(crate) async fn read(
        &self,
        context: &Context<'_>,
        api: &locadm_client::api::ApiClient,
    ) -> Result<(locadm_model::LocationRead, locadm_client::api::Reply)> {
        let read = api.get_location(&self.id).await;
        if let Some(store_id) = &self.store_id {
            let seen = match &read {
                Ok((location, reply)) => {
                    Some((Some(location.store_id.clone()), reply.body.clone()))
                }
                Err(e) if e.status() == Some(404) => None,
                Err(_) => return read,
            };
            inventory::confirm(context, store_id, self.id, seen)?;
        }
        read.inspect_err(|e| inventory::gone_if_404(context, &self.id, e))
    }
}

/// Prints what a write answered: the id with `-q`, a table, or as JSON the link body with
/// the location's `id` added (so `| jq -r .id` gives it, as `-q` does).
pub(crate) fn print_link(
    context: &Context,
    verb: &'static str,
    reply: &locadm_client::api::Reply,
) -> Result<()> {
    let printer = context.printer;
    let link = locadm_client::api::ApiClient::link_of(reply)?;
    let id = link.id().expect("link_of checks the id").to_string();
    if printer.quiet {
        printer.line(&id)?;
    } else if printer.wants_table() {
        printer.field_table(&view::link_rows(verb, &link))?;
    } else {
        let mut members =
            locadm_model::document::RawMembers::parse_text(&String::from_utf8_lossy(&reply.body))
                .map_err(locadm_client::error::Error::other)?;
        members.insert("id", locadm_model::document::to_raw(&id));
        printer.json(&members)?;
    }
    Ok(())
}

/// Shows the warnings a valid body carries (an unassigned country code, say).
pub(crate) fn show_warnings(printer: &Printer, warnings: &locadm_model::Problems) {
    for warning in warnings.iter() {
        printer.warning(&format!("{}: {}", warning.property, warning.message));
    }
}
