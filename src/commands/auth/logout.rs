//! `locadm logout`: removes the profile's token and client secret from the keyring.

use crate::context::Context;
use crate::error::Result;

pub(crate) async fn run(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    if context.is_local()? {
        printer.note(
            "Nothing to remove: the built-in `local` profile logs in by itself and keeps no credentials",
        );
        return Ok(());
    }
    let session = context.session().await?;
    let profile = session.settings().profile.clone();
    let backend = session.backend().await?.store.name();
    if session.forget().await? {
        printer.note(&format!(
            "Logged out of profile `{profile}`: token and client secret removed from {backend}"
        ));
    } else {
        printer.note(&format!(
            "Nothing to remove: profile `{profile}` has no entry in {backend}"
        ));
    }
    if session.settings().environment.token.is_some() {
        printer.warning("LOCADM_TOKEN is still set and will be used by other commands");
    }
    Ok(())
}
