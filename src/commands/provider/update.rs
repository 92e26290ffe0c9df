//! `locadm provider update ID (--file PATH|- | --name, --archiving-period, --details, --endpoint)`
//!
//! The spec has no provider read, so flags cannot be laid over the current state as
//! `location update` does: the body is the flags alone, and a field they leave out is
//! cleared by the update. Leaving out `--endpoint` turns a remote provider into a local
//! one. Those fields are named before anything is sent, and sending needs `--yes` (or a
//! yes at a terminal); `--file` sends a complete body as given.

use crate::cli::ProviderArgs;
use crate::commands::location::{parse_id, print_link, show_warnings};
use crate::context::Context;
use crate::output::prompt;
use locadm_client::error::{Error, Result};

pub(super) async fn run(
    context: &Context<'_>,
    id: String,
    args: ProviderArgs,
    yes: bool,
) -> Result<()> {
    let id = parse_id(&id)
        .map_err(|_| Error::usage(format!("`{id}` is not a provider id (a UUID is expected)")))?;
    let checked = super::body::provider_from_input(args.file.as_deref(), &args)?;
    show_warnings(context.printer, &checked.warnings);
    if args.file.is_none() {
        confirm_clearing(context, &args, yes)?;
    }
    let api = context.api().await?;
    let reply = api.update_provider(&id, &checked.body).await?;
    print_link(context, "updated", &reply)
}

/// The optional fields the flags leave out, which the update will clear.
fn cleared(args: &ProviderArgs) -> Vec<&'static str> {
    let mut cleared = Vec::new();
    if args.details.is_none() {
        cleared.push("`details` (no --details)");
    }
    if args.endpoint.is_none() {
        cleared.push("`locationsSource` (no --endpoint: a remote provider becomes a local one)");
    }
    cleared
}

fn confirm_clearing(context: &Context<'_>, args: &ProviderArgs, yes: bool) -> Result<()> {
    let cleared = cleared(args);
    if cleared.is_empty() {
        return Ok(());
    }
    let printer = context.printer;
    printer.warning(&format!(
        "the update replaces the whole provider and the service has no provider read, so it will clear {}",
        cleared.join(" and ")
    ));
    if yes || (printer.can_prompt() && prompt::confirm("Send the update anyway?")?) {
        return Ok(());
    }
    Err(Error::usage("nothing was sent").with_hint(
        "give every field (--details, --endpoint), send a complete body with `--file`, or pass `--yes` to clear them",
    ))
}
