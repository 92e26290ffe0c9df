//! `locadm location update ID (--file PATH|- | field flags)`
//!
//! With `--file`, the body is sent as given: a complete body (docs/service-contract.md). With field
//! flags alone, the body starts from the location's current state (its read form) with
//! the flags laid over it. Fields that the read form does not carry cannot be kept that
//! way: they are named before anything is sent, and sending needs a confirmation (or
//! `--yes`), so that nothing is dropped silently.
//!
//! With `--curl` the read is sent and the update printed: the line is the exact request.

use super::body;
use super::{parse_id, print_link, show_warnings, NamedLocation};
use crate::cli::WriteArgs;
use crate::context::Context;
use crate::inventory::{self, Fact};
use crate::output::prompt;
use locadm_client::error::{Error, Result};
use locadm_model::document::{self, RawMembers};
use locadm_model::reader::{self, Target};

/// `location update`'s arguments.
pub(super) struct Args {
    /// None: `--store-id` names the location, from the inventory.
    pub id: Option<String>,
    pub write: WriteArgs,
    /// Send even when the read form cannot carry some fields.
    pub yes: bool,
}

pub(super) async fn run(context: &Context<'_>, args: Args) -> Result<()> {
    let Args {
        id,
        write: args,
        yes,
    } = args;
    let named = match (&id, &args.fields.store_id) {
        (Some(id), _) => NamedLocation::by_id(parse_id(id)?),
        (None, Some(store_id)) => NamedLocation {
            id: inventory::resolve(context, store_id)?,
            store_id: Some(store_id.clone()),
        },
        (None, None) => {
            return Err(Error::usage(
                "no location given: pass its id, or `--store-id`",
            ))
        }
    };
    let id = named.id;
    if args.file.is_some() || !args.fields.any() {
        if args.file.is_none() {
            return Err(Error::usage(
                "no update given: pass `--file PATH` with a complete body, or field flags to change",
            ));
        }
        let checked =
            body::location_from_input(args.file.as_deref(), Target::Replace(id), &args.fields)?;
        show_warnings(context.printer, &checked.warnings);
        let api = context.api().await?.sending_reads();
        if named.store_id.is_some() {
            named.read(context, &api).await?;
        }
        let reply = sent(context, &api, &id, &checked.body).await?;
        return print_link(context, "updated", &reply);
    }

    // Flags are a merge patch over the current state: the same merge as `apply`'s.
    let patch = RawMembers::parse_text(&body::from_fields(&args.fields)?).map_err(Error::other)?;
    // With `--curl`, the current state is read (the update is made from it) and the
    // update printed.
    let api = context.api().await?.sending_reads();
    let (_, current) = named.read(context, &api).await?;
    let read = RawMembers::parse_text(&String::from_utf8_lossy(&current.body))
        .map_err(|e| Error::other(format!("the location's read form is {e}")))?;
    let current = reader::write_form(read.clone()).map_err(|p| body::invalid(&p))?;
    let (_, checked) = reader::merge(&current, &patch).map_err(|p| {
        Error::invalid(format!(
            "the updated body is invalid; nothing was sent\n{p}"
        ))
        .with_problems(&p, None)
    })?;
    show_warnings(context.printer, &checked.warnings);

    let not_carried: Vec<&str> = document::not_carried(&read)
        .into_iter()
        .filter(|f| !sets(&patch, f))
        .collect();
    if !not_carried.is_empty() {
        let names = not_carried
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ");
        context.printer.warning(&format!(
            "the service's read form does not carry {names}: the update cannot keep their current values, and the service may clear them"
        ));
        let go_on =
            yes || (context.printer.can_prompt() && prompt::confirm("Send the update anyway?")?);
        if !go_on {
            return Err(Error::usage("nothing was sent")
                .with_hint("send a complete body with `--file`, or pass `--yes` to accept"));
        }
    }
    let reply = sent(context, &api, &id, &checked.body).await?;
    print_link(context, "updated", &reply)
}

/// Sends the update; the inventory learns the location as sent, or that it is gone.
async fn sent(
    context: &Context<'_>,
    api: &locadm_client::api::ApiClient,
    id: &uuid::Uuid,
    body: &locadm_model::LocationBody,
) -> Result<locadm_client::api::Reply> {
    let reply = api
        .update_location(id, body)
        .await
        .inspect_err(|e| inventory::gone_if_404(context, id, e))?;
    let seen = serde_json::to_vec(body).ok().map(bytes::Bytes::from);
    inventory::note(context, vec![Fact::seen(id, seen)]);
    Ok(reply)
}

/// Whether a patch gives a value of its own to `field`, so that the current value (which
/// the read form may not carry) is not needed: a structured address needs its street.
fn sets(patch: &RawMembers, field: &str) -> bool {
    match field {
        "structuredAddress" => patch
            .object("structuredAddress")
            .is_some_and(|s| s.get("street").is_some()),
        _ => patch.get(field).is_some(),
    }
}
