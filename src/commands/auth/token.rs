//! `locadm auth token`: the bearer token on stdout, for pipelines.

use secrecy::ExposeSecret;

use crate::context::Context;
use locadm_client::error::Result;

pub(crate) async fn run(context: &Context<'_>) -> Result<()> {
    let token = context.session().await?.bearer().await?;
    context.printer.line(token.expose_secret())?;
    Ok(())
}
