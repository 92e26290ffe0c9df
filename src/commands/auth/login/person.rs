//! `login --web` / `--device`: a person logs in at the OpenID provider; the ID token
//! says who, and the access and refresh tokens go to the keyring (or, with
//! `--print-token`, the access token to stdout and nothing is kept).

use secrecy::ExposeSecret;

use super::{args_client_id, ask_service_and_client, ask_url, expiry_note, profile};
use crate::cli::LoginArgs;
use crate::context::Context;
use crate::settings::{ClientAuth, Origin, Settings};
use locadm_client::error::{Error, Result};

pub(super) async fn run(
    context: &Context<'_>,
    mut settings: Settings,
    args: &LoginArgs,
    interactive: bool,
) -> Result<()> {
    let printer = context.printer;
    let mut missing: Vec<&str> = Vec::new();
    if settings.issuer.is_none() {
        if interactive {
            let label = "Issuer URL of the OpenID provider";
            settings.issuer = Some(ask_url(&mut settings, "issuer", label, "")?);
        } else {
            missing.push("the issuer (`--issuer` or LOCADM_ISSUER)");
        }
    }
    ask_service_and_client(
        &mut settings,
        args_client_id(args),
        interactive,
        &mut missing,
    )?;
    if !missing.is_empty() {
        return Err(
            Error::auth(format!("cannot log in: missing {}", missing.join(", ")))
                .with_hint("`locadm login --web --issuer URL --client-id ID`"),
        );
    }
    if !args.scope.is_empty() {
        settings.scopes = args.scope.clone();
        settings.origins.insert("scopes", Origin::Flag);
    }
    // A person's login is a public client, or one with the key its profile names; a key
    // or secret in the environment is for client credentials, not for this.
    if settings.origin("client_key_file") == Origin::Environment {
        settings.client_key_file = None;
    }
    if settings.origin("client_auth") == Origin::Default {
        settings.client_auth = if settings.client_key_file.is_some() {
            ClientAuth::PrivateKeyJwt
        } else {
            ClientAuth::ClientSecretBasic
        };
    }
    let session = context
        .session_for(&settings)?
        .with_env(None, None)
        .with_env_key(None);
    // Where the login will live, before the person is sent anywhere: with no keyring it
    // would be lost at once (its refresh token is a secret, never a plain file).
    let backend_name = if args.print_token {
        None
    } else {
        let name = session.backend().await?.store.name();
        if name == "none" {
            return Err(Error::usage(
                "a login as yourself cannot be kept: LOCADM_KEYRING=none keeps nothing, and its tokens are secrets that go nowhere else",
            )
            .with_hint(format!(
                "choose a keyring with LOCADM_KEYRING, or log in for this shell only: `export LOCADM_TOKEN=$(locadm login {} --print-token)`",
                if args.web { "--web" } else { "--device" }
            )));
        }
        Some(name)
    };
    if !args.print_token {
        super::warn_without_base_url(context, &settings);
    }
    let messages = printer.messages();
    let say = move |text: &str| messages.detail(text);
    let (how, (grant, who)) = if args.web {
        ("web", session.web_login(&say, true, args.wait).await?)
    } else {
        ("device", session.device_login(&say).await?)
    };
    let provider = settings
        .issuer
        .as_ref()
        .map(|u| crate::settings::shown_url(u))
        .unwrap_or_default();
    let named = who
        .as_ref()
        .map(|w| format!(" as {}", w.shown()))
        .unwrap_or_default();
    if who.is_none() {
        printer.warning("the provider sent no ID token: who is logged in is not known");
    }
    let relogin = format!("locadm login --{how}");
    let Some(backend_name) = backend_name else {
        printer.line(grant.token.expose_secret())?;
        printer.note(&format!(
            "Logged in{named} at {provider}; the access token is on stdout and nothing is kept{}",
            expiry_note(&session, &grant)
        ));
        profile::warn_missing_permissions(printer, grant.scope.as_deref(), &relogin);
        return Ok(());
    };
    session
        .store_login(None, &grant, None, Some(how), who)
        .await?;
    let expiry = expiry_note(&session, &grant);
    let renewal = if grant.refresh_token.is_some() {
        "token and refresh token kept"
    } else {
        "token kept (the provider gave no refresh token: log in again when it expires)"
    };
    printer.note(&format!(
        "Logged in to profile `{}`{named} at {provider} ({how} login); {renewal} in {backend_name}{expiry}",
        settings.profile,
    ));
    profile::save(printer, &settings)?;
    profile::warn_missing_permissions(printer, grant.scope.as_deref(), &relogin);
    super::after_login(context, &settings);
    Ok(())
}
