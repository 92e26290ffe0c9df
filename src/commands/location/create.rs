//! `locadm location create (--file PATH|- | field flags | --interactive)`

use super::{body, interactive, print_link, show_warnings};
use crate::cli::WriteArgs;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::model::reader::Target;

pub(super) async fn run(context: &Context<'_>, args: WriteArgs) -> Result<()> {
    let no_input = args.file.is_none() && !args.fields.any();
    let body = if args.interactive || (no_input && context.printer.can_prompt()) {
        if !context.printer.can_prompt() {
            return Err(Error::usage("`--interactive` needs a terminal")
                .with_hint("give `--file PATH` or field flags"));
        }
        // The warnings were shown with the body, before the question.
        let Some(checked) = interactive::ask_for_body()? else {
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
