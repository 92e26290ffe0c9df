//! What a run checks before anything is sent: that the token's scope has every
//! permission its tasks need, and that a merge can keep what its records leave out.

use std::collections::BTreeMap;

use super::{Operation, Run};
use crate::context::Context;
use crate::output::prompt;
use locadm_client::api::{ApiClient, Permission, Route};
use locadm_client::error::{Error, Kind, Result};
use locadm_model::document::{self, RawMembers};

/// Stops before anything is sent when the token's scope lacks a permission that some
/// tasks need (when the scope is known: a token from the environment does not say).
pub(super) async fn check_permissions(
    context: &Context<'_>,
    api: &ApiClient,
    run: &Run,
    operations: &BTreeMap<Operation, usize>,
) -> Result<()> {
    api.token().await?;
    let Some(scope) = context.session().await?.granted_scope() else {
        return Ok(());
    };
    let mut needed: BTreeMap<Permission, usize> = BTreeMap::new();
    for (operation, count) in operations {
        for permission in operation.permissions(run.plan) {
            *needed.entry(permission).or_default() += count;
        }
    }
    let missing: Vec<(Permission, usize)> = needed
        .into_iter()
        .filter(|(p, _)| !scope.iter().any(|g| g == p.name()))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let named = missing
        .iter()
        .map(|(p, n)| {
            format!(
                "`{}` (needed by {n} record{})",
                p.name(),
                if *n == 1 { "" } else { "s" }
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    Err(
        Error::permission(format!("the token's scope lacks {named}; nothing was sent")).with_hint(
            format!(
                "the token grants: {}; ask for the permission, or log in with a client that has it",
                if scope.is_empty() {
                    "nothing".to_owned()
                } else {
                    scope.join(" ")
                }
            ),
        ),
    )
}

/// A merge keeps what the record leaves out only when the service's read form carries it.
/// The read form of the first location to merge shows which members it does not carry:
/// they are named before anything is sent, and the run needs `--yes` (or a yes at a
/// terminal), as `location update` by flags does.
pub(super) async fn check_read_form(
    context: &Context<'_>,
    api: &ApiClient,
    run: &Run,
    id: uuid::Uuid,
    exported: Option<String>,
    merges: usize,
) -> Result<()> {
    // The read form as an export printed it (kept as the location's base), else read.
    let text = match exported {
        Some(text) => text,
        None => match api.read_location(&mut Route::Shared, &id).await {
            Ok(reply) => String::from_utf8_lossy(&reply.body).into_owned(),
            // That record will report its own failure; another may show the read form.
            Err(e) if e.kind() == &Kind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        },
    };
    let read = RawMembers::parse_text(&text)
        .map_err(|e| Error::other(format!("the read form of location {id} is {e}")))?;
    let missing = document::not_carried(&read);
    if missing.is_empty() {
        return Ok(());
    }
    let names = missing
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let printer = context.printer;
    printer.warning(&format!(
        "the service's read form does not carry {names}: {merges} merge{} cannot keep their current values, and the service may clear them",
        if merges == 1 { "" } else { "s" }
    ));
    if run.plan || run.yes {
        return Ok(());
    }
    if printer.can_prompt() && prompt::confirm("Send the updates anyway?")? {
        return Ok(());
    }
    Err(Error::usage("nothing was sent").with_hint(
        "give those fields in every record, use `--replace` with complete bodies, or pass `--yes` to accept",
    ))
}
