//! `locadm login`: proves the client credentials with a token request, then saves the
//! profile (no secret) and the keyring entry (client secret and token).
//!
//! At a terminal (stdin and stderr are terminals, `CI` unset) it asks for what is missing;
//! otherwise it never prompts and fails with exit 3 naming what is missing. The secret is
//! never taken as a command-line value (it would show in `ps` and shell history).

use std::io::Read;

use secrecy::SecretString;

use crate::auth::{self, Session};
use crate::cli::LoginArgs;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::output::prompt;
use crate::settings::{ConfigFile, Origin, ServiceUrl};

/// Asks for a URL until it is one the transport rule accepts (https, or http to
/// loopback unless the profile allows plain http): the same rule as for flags and the
/// config file.
fn prompt_url(label: &str, key: &str, allow_http: bool) -> Result<ServiceUrl> {
    let text = prompt::ask_required(label, |v| {
        ServiceUrl::parse(key, v, allow_http)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })?;
    ServiceUrl::parse(key, &text, allow_http)
}

pub async fn run(context: &Context<'_>, args: LoginArgs) -> Result<()> {
    let printer = context.printer;
    if context.is_local()? {
        printer
            .note("The built-in `local` profile logs in by itself: there is nothing to log in to");
        return Ok(());
    }
    let mut settings = context.settings()?.clone();
    let interactive = printer.can_prompt();
    let mut missing: Vec<&str> = Vec::new();

    // Read a piped secret first: nothing else may consume standard input.
    let mut secret = if args.client_secret_stdin {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| {
            Error::usage(format!(
                "cannot read the client secret from standard input: {e}"
            ))
        })?;
        let text = text.trim_end_matches(['\n', '\r']).to_owned();
        if text.is_empty() {
            return Err(Error::Auth {
                message: "`--client-secret-stdin` was given but standard input was empty".into(),
                hint: Some(
                    "pipe the secret in: printf '%s' \"$SECRET\" | locadm login --client-secret-stdin"
                        .into(),
                ),
            });
        }
        Some(SecretString::from(text))
    } else {
        std::env::var("LOCADM_CLIENT_SECRET")
            .ok()
            .filter(|s| !s.is_empty())
            .map(SecretString::from)
    };

    if settings.token_url.is_none() {
        if interactive {
            settings.token_url = Some(prompt_url("Token URL", "token_url", settings.allow_http)?);
            settings.origins.insert("token_url", Origin::Flag);
        } else {
            missing.push("the token URL (`--token-url` or LOCADM_TOKEN_URL)");
        }
    }
    if settings.base_url.is_none() && interactive {
        settings.base_url = Some(prompt_url(
            "Base URL of the location service",
            "base_url",
            settings.allow_http,
        )?);
        settings.origins.insert("base_url", Origin::Flag);
    }
    if let Some(id) = args.client_id.as_ref().filter(|id| !id.is_empty()) {
        settings.client_id = Some(id.clone());
    }
    if settings.client_id.is_none() {
        if interactive {
            settings.client_id = Some(prompt::ask_required("Client id", |_| Ok(()))?);
        } else {
            missing.push("the client id (`--client-id` or LOCADM_CLIENT_ID)");
        }
    }
    if secret.is_none() {
        if interactive {
            secret = Some(prompt::ask_secret("Client secret")?);
        } else {
            missing.push("the client secret (`--client-secret-stdin` or LOCADM_CLIENT_SECRET)");
        }
    }
    if !args.scope.is_empty() {
        settings.scopes = args.scope.clone();
    }
    if !missing.is_empty() {
        let why = if interactive {
            "cannot log in"
        } else {
            "cannot log in without a terminal (no prompts when stdin or stderr is not a terminal, or CI is set)"
        };
        return Err(Error::Auth {
            message: format!("{why}: missing {}", missing.join(", ")),
            hint: Some(
                "printf '%s' \"$SECRET\" | locadm login --token-url URL --client-id ID --client-secret-stdin"
                    .into(),
            ),
        });
    }
    let secret = secret.expect("checked above");
    if settings.base_url.is_none() {
        printer.warning("no base URL is set: commands other than `auth` need `--base-url`, LOCADM_BASE_URL or `locadm config set base_url URL`");
    }

    let session = Session::new(settings.clone(), printer.verbose())?.with_env(None, None);
    let grant = session.fetch_with(&secret).await?;
    let backend = session.backend().await?;
    let backend_name = backend.store.name();
    let keeps_nothing = backend_name == "none";
    session.store_login(secret, &grant).await?;

    // The profile: everything but secrets.
    let mut file = ConfigFile::load(&settings.config_file)?;
    let profile = file.profile_mut(&settings.profile);
    if let Some(u) = &settings.token_url {
        profile.token_url = Some(u.to_string());
    }
    if let Some(u) = &settings.base_url {
        profile.base_url = Some(u.to_string());
    }
    profile.client_id = settings.client_id.clone();
    if !args.scope.is_empty() {
        profile.scopes = Some(args.scope.clone());
    }
    file.save(&settings.config_file)?;

    let expiry = grant
        .expires_in
        .map(|d| {
            let now = session.now();
            format!(", expires {}", auth::relative(now + d.as_secs(), now))
        })
        .unwrap_or_default();
    let client = settings.client_id.as_deref().unwrap_or_default();
    if keeps_nothing {
        printer.warning("LOCADM_KEYRING=none: nothing was cached; other commands need LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET or LOCADM_TOKEN");
        printer.note(&format!(
            "Credentials of client `{client}` verified for profile `{}`{expiry}; profile saved",
            settings.profile
        ));
    } else {
        printer.note(&format!(
            "Logged in to profile `{}` as client `{client}`; token and client secret kept in {backend_name}{expiry}",
            settings.profile
        ));
    }
    if std::env::var_os("LOCADM_TOKEN").is_some_and(|v| !v.is_empty()) {
        printer.warning(
            "LOCADM_TOKEN is set and takes precedence over this login; unset it to use the login",
        );
    }
    printer.debug(&format!(
        "profile saved to {} (no secrets)",
        settings.config_file.display()
    ));
    Ok(())
}
