//! `locadm logout`: revokes the profile's tokens at the provider when it offers
//! revocation (RFC 7009), removes the profile's keyring entry, and says exactly what was
//! removed here and what the provider confirmed. Offline, everything is still removed
//! here, and it says the tokens could not be revoked (exit 0: nothing of the login is
//! left on this machine; the warning says what may still be valid elsewhere).

use crate::context::Context;
use crate::output::Printer;
use locadm_client::auth::Revocation;
use locadm_client::error::Result;

pub(crate) async fn run(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    if context.is_local()? {
        printer.note(
            "Nothing to remove: the built-in `local` profile logs in by itself and keeps no credentials",
        );
        return Ok(());
    }
    let session = context.session().await?;
    let profile = session.profile().name.clone();
    let backend = session.backend().await?.store.name();
    // The entry as kept (an unreadable one is still removed below).
    let entry = session.stored_entry().await.ok().flatten();
    let revocation = match &entry {
        Some(entry) => session.revoke(entry).await,
        None => Revocation::NothingHeld,
    };
    let removed = session.forget().await?;
    let mut held = Vec::new();
    if let Some(entry) = &entry {
        if let Some(who) = &entry.who {
            held.push(format!("the login of {}", who.shown()));
        }
        if entry.token.is_some() {
            held.push("the access token".to_owned());
        }
        if entry.refresh_token.is_some() {
            held.push("the refresh token".to_owned());
        }
        if entry.client_secret.is_some() {
            held.push("the client secret".to_owned());
        }
        if entry.ended {
            held.push("the record of a login the provider had ended".to_owned());
        }
    }
    if !removed {
        printer.note(&format!(
            "Nothing to remove: profile `{profile}` has no entry in {backend}"
        ));
    } else if held.is_empty() {
        printer.note(&format!(
            "Logged out of profile `{profile}`: its entry removed from {backend}"
        ));
    } else {
        printer.note(&format!(
            "Logged out of profile `{profile}`: removed from {backend}: {}",
            held.join(", ")
        ));
    }
    report(printer, revocation);
    if session.profile().secrets.token.is_some() {
        printer.warning("LOCADM_TOKEN is still set and will be used by other commands");
    }
    Ok(())
}

/// What the provider was asked and what it confirmed.
fn report(printer: &Printer, revocation: Revocation) {
    match revocation {
        Revocation::NothingHeld => {}
        Revocation::NotOffered => printer.note(
            "The provider offers no token revocation: the tokens stay valid there until they expire",
        ),
        Revocation::Unreachable(error) => {
            printer.warning(&format!(
                "the tokens could not be revoked at the provider ({error}); they stay valid there until they expire"
            ));
        }
        Revocation::Asked { endpoint, answers } => {
            let mut confirmed = Vec::new();
            for (what, answer) in answers {
                match answer {
                    Ok(()) => confirmed.push(what),
                    Err(error) => printer.warning(&format!(
                        "the {what} could not be revoked ({error}); it stays valid at the provider until it expires"
                    )),
                }
            }
            if !confirmed.is_empty() {
                printer.note(&format!(
                    "The provider ({endpoint}) confirmed the revocation of the {}",
                    confirmed.join(" and the ")
                ));
            }
        }
    }
}
