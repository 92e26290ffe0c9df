//! `locadm location get ID`

use super::{parse_id, view};
use crate::context::Context;
use crate::error::Result;

pub async fn run(context: &Context<'_>, id: String) -> Result<()> {
    let id = parse_id(&id)?;
    let api = context.api().await?;
    let (location, reply) = api.get_location(&id).await?;
    let printer = context.printer;
    if printer.quiet {
        printer.line(&location.id.to_string())?;
    } else if printer.wants_table() {
        printer.field_table(&view::rows(&location))?;
    } else {
        printer.body(&reply.body)?;
    }
    Ok(())
}
