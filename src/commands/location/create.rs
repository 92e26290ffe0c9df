//! `locadm location create (--file PATH|- | field flags | --interactive)`

use super::{body, interactive, print_link, show_warnings};
use crate::cli::WriteArgs;
use crate::context::Context;
use crate::error::{Error, Kind, Result};
use crate::model::reader::Target;
use crate::output::prompt;

pub(super) async fn run(context: &Context<'_>, args: WriteArgs) -> Result<()> {
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
    let api = context.api().await?;
    let reply = api.create_location(&body).await?;
    if let Some(id) = crate::api::ApiClient::created_id(&reply) {
        let seen = serde_json::to_vec(&body).ok().map(bytes::Bytes::from);
        crate::inventory::note(context, vec![crate::inventory::Fact::seen(id, seen)]);
    }
    print_link(context, "created", &reply)
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
