//! `locadm location create (--file PATH|- | field flags | --interactive)`

use super::{body, interactive, print_link, show_warnings};
use crate::cli::{CreateArgs, WriteArgs};
use crate::context::Context;
use crate::output::prompt;
use locadm_client::error::{Error, Kind, Result};
use locadm_model::reader::Target;

pub(super) async fn run(context: &Context<'_>, args: CreateArgs) -> Result<()> {
    let CreateArgs {
        write: args,
        create_new,
    } = args;
    let no_input = args.file.is_none() && !args.fields.any();
    if args.interactive && !context.printer.can_prompt() {
        return Err(Error::usage("`--interactive` needs a terminal")
            .with_hint("give `--file PATH` or field flags"));
    }
    let body = if let Some(given) = to_ask(context, &args)? {
        const INTERRUPTED: &str = "Interrupted: nothing was created";
        // The warnings were shown with the body, before the question.
        let asked = {
            let _said = prompt::say_on_interrupt(context.printer.messages(), INTERRUPTED);
            interactive::ask_for_body(&given, args.interactive || no_input)
        };
        let Some(checked) = asked.inspect_err(|e| {
            if matches!(e.kind(), Kind::Interrupted) {
                context.printer.note(INTERRUPTED);
            }
        })?
        else {
            context.printer.note("Cancelled: nothing was created");
            return Ok(());
        };
        checked.body
    } else if no_input {
        return Err(Error::usage("no location to create: give `--file PATH`, `--file -` for standard input, or field flags")
            .with_hint("at a terminal, `--interactive` asks for each field"));
    } else {
        let checked =
            body::location_from_input(args.file.as_deref(), Target::Create, &args.fields)?;
        show_warnings(context.printer, &checked.warnings);
        checked.body
    };
    // With `--curl`, the reads that confirm a storeId locadm knows are sent; the create
    // is printed.
    let api = context.api().await?.sending_reads();
    if !create_new {
        refuse_known(context, &api, &body.store_id).await?;
    }
    let reply = api.create_location(&body).await?;
    if let Some(id) = locadm_client::api::ApiClient::created_id(&reply) {
        let seen = serde_json::to_vec(&body).ok().map(bytes::Bytes::from);
        crate::inventory::note(context, vec![crate::inventory::Fact::seen(id, seen)]);
    }
    print_link(context, "created", &reply)
}

/// A storeId locadm knows is not created a second time: each location the inventory
/// knows under it is read, and one that still has it refuses the create (exit 2, naming
/// it); a stale entry is corrected. An inventory that cannot be read sends nothing, as
/// in `apply`.
async fn refuse_known(
    context: &Context<'_>,
    api: &locadm_client::api::ApiClient,
    store_id: &str,
) -> Result<()> {
    let ids = crate::inventory::Lookup::new(context)
        .ids(store_id)
        .map_err(|e| {
            Error::other(format!(
                "{e}; nothing was sent: storeId `{store_id}` might be a location it knows"
            ))
            .with_hint(crate::bulk::CREATE_NEW_HINT)
        })?;
    for id in ids.iter().filter_map(|id| uuid::Uuid::parse_str(id).ok()) {
        let named = super::NamedLocation {
            id,
            store_id: Some(store_id.to_owned()),
        };
        match named.read(context, api).await {
            Ok(_) => {
                return Err(Error::usage(format!(
                    "storeId `{store_id}` is location {id}, which locadm knows (the service confirms it); nothing was created"
                ))
                .with_hint(format!(
                    "change it with `locadm location update {id} --file PATH`, or pass `--create-new` to create a second location with this storeId"
                )))
            }
            // Stale (another storeId now, or gone): corrected, and not this storeId's.
            Err(e) if e.status() == Some(404) => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// What the field flags gave, when the rest is to be asked at the terminal: with
/// `--interactive`, with no input at all, or with flags that leave out a field every
/// location needs. Flags that make a whole body are sent as they are (or refused with
/// every problem named), at a terminal or not.
fn to_ask(context: &Context<'_>, args: &WriteArgs) -> Result<Option<interactive::Given>> {
    if args.file.is_some() || !context.printer.can_prompt() {
        return Ok(None);
    }
    let given = interactive::Given::from_flags(&args.fields)?;
    let ask = args.interactive || !args.fields.any() || given.lacks_a_required_field();
    Ok(ask.then_some(given))
}
