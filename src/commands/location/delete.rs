//! `locadm location delete ID [--yes]`: asks at a terminal; refuses without one unless
//! `--yes`.

use super::parse_id;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::output::prompt;

pub async fn run(context: &Context<'_>, id: String, yes: bool) -> Result<()> {
    let id = parse_id(&id)?;
    if !yes {
        if !context.printer.can_prompt() {
            return Err(Error::usage(format!(
                "refusing to delete location `{id}` without confirmation"
            ))
            .with_hint("pass `--yes` to delete without a terminal"));
        }
        if !prompt::confirm(&format!("Delete location {id}?"))? {
            return Err(Error::other("nothing was deleted"));
        }
    }
    let api = context.api().await?;
    api.delete_location(&id).await?;
    let printer = context.printer;
    if printer.quiet {
        printer.line(&id.to_string())?;
    } else if printer.wants_table() {
        printer.note(&format!("Deleted location {id}"));
    } else {
        printer.json(&serde_json::json!({ "deleted": id }))?;
    }
    Ok(())
}
