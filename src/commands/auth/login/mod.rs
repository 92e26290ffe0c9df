//! `locadm login`: proves the client credentials (a secret or a key) with a token
//! request, or logs a person in at the OpenID provider (`--web`, `--device`), then saves
//! the profile (no secret) and the keyring entry (client secret or refresh token, and
//! the token).
//!
//! At a terminal (stdin and stderr are terminals, `CI` unset) it asks for what is missing;
//! otherwise it never prompts and fails with exit 3 naming what is missing. The secret is
//! never taken as a command-line value (it would show in `ps` and shell history).

mod person;
mod profile;

use std::io::Read;
use std::sync::Arc;

use secrecy::SecretString;

use crate::cli::LoginArgs;
use crate::context::Context;
use crate::output::prompt;
use crate::settings::{ClientAuth, Origin, ServiceUrl, Settings};
use locadm_client::api::ApiClient;
use locadm_client::auth::id_token::Who;
use locadm_client::auth::{self, ClientProof, Session};
use locadm_client::error::{Error, Kind, Result};
use locadm_client::{Service, ServiceOptions};

const BASE_URL_LABEL: &str = "Base URL of the location service";

/// Asks for the URL setting `key` until it is one the transport rule accepts (https, or
/// http to loopback unless the profile allows plain http: the same rule as for flags and
/// the config file), and records it as given. A rejected answer stays on its line for
/// editing, its reason under it, and is never marked as taken.
fn ask_url(
    settings: &mut Settings,
    key: &'static str,
    label: &str,
    initial: &str,
) -> Result<ServiceUrl> {
    let allow_http = settings.allow_http;
    let check = |text: &str| {
        ServiceUrl::parse(key, text.trim(), allow_http)
            .err()
            .map(|error| error.to_string())
    };
    let text = prompt::ask_checked(label, false, initial, &check)?;
    let url = ServiceUrl::parse(key, text.trim(), allow_http)?;
    settings.origins.insert(key, Origin::Flag);
    Ok(url)
}

pub(crate) async fn run(context: &Context<'_>, args: LoginArgs) -> Result<()> {
    let printer = context.printer;
    if context.is_local()? {
        printer
            .note("The built-in `local` profile logs in by itself: there is nothing to log in to");
        return Ok(());
    }
    let mut settings = context.settings()?.clone();
    let interactive = printer.can_prompt();
    profile::announce(printer, &settings);
    if args.web || args.device {
        return person::run(context, settings, &args, interactive).await;
    }
    if args.print_token {
        return Err(Error::usage(
            "`--print-token` is for a login as yourself (`--web` or `--device`)",
        )
        .with_hint("with client credentials, `locadm auth token` prints a token"));
    }
    let with_key = settings.client_auth == ClientAuth::PrivateKeyJwt;
    let mut missing: Vec<&str> = Vec::new();

    // Read a piped secret first: nothing else may consume standard input.
    let mut secret = if args.client_secret_stdin {
        let mut text = String::new();
        crate::output::note_reading_terminal("the client secret");
        std::io::stdin().read_to_string(&mut text).map_err(|e| {
            Error::usage("cannot read the client secret from standard input").with_source(e)
        })?;
        let text = text.trim_end_matches(['\n', '\r']).to_owned();
        if text.is_empty() {
            return Err(Error::auth(
                "`--client-secret-stdin` was given but standard input was empty",
            )
            .with_hint(
                "pipe the secret in: `printf '%s' \"$SECRET\" | locadm login --client-secret-stdin`",
            ));
        }
        Some(SecretString::from(text))
    } else {
        settings.environment.secrets.client_secret.clone()
    };

    if settings.token_url.is_none() && settings.issuer.is_none() {
        if interactive {
            settings.token_url = Some(ask_url(&mut settings, "token_url", "Token URL", "")?);
        } else {
            missing.push("the token URL (`--token-url` or LOCADM_TOKEN_URL) or the issuer (`--issuer` or LOCADM_ISSUER)");
        }
    }
    ask_service_and_client(
        &mut settings,
        args_client_id(&args),
        interactive,
        &mut missing,
    )?;
    // A secret typed here may be mistyped: it is asked again (and only it) when refused.
    let secret_typed = secret.is_none() && !with_key && interactive;
    if secret.is_none() && !with_key {
        if interactive {
            secret = Some(prompt::ask_secret("Client secret")?);
        } else {
            missing.push("the client secret (`--client-secret-stdin` or LOCADM_CLIENT_SECRET)");
        }
    }
    if !args.scope.is_empty() {
        settings.scopes = args.scope.clone();
        settings.origins.insert("scopes", Origin::Flag);
    }
    if !missing.is_empty() {
        let why = if interactive {
            "cannot log in"
        } else {
            "cannot log in without a terminal (no prompts when stdin or stderr is not a terminal, or CI is set)"
        };
        return Err(Error::auth(format!("{why}: missing {}", missing.join(", ")))
            .with_hint(
                "`printf '%s' \"$SECRET\" | locadm login --token-url URL --client-id ID --client-secret-stdin`",
            ));
    }
    warn_without_base_url(context, &settings);

    let session = Arc::new(context.session_for(&settings)?.with_env(None, None));
    let mut attempts = 1;
    let (grant, proof) = loop {
        // The key (private_key_jwt) as given: from LOCADM_CLIENT_KEY or a file; a secret
        // otherwise, by the configured method.
        let proof = match &secret {
            Some(secret) if !with_key => ClientProof::Secret {
                secret: secret.clone(),
                in_body: settings.client_auth == ClientAuth::ClientSecretPost,
            },
            // With a key, or (never, as a missing secret was reported above) without.
            _ => session.login_proof()?,
        };
        match session.client_credentials(&proof).await {
            Ok(grant) => break (grant, proof),
            Err(error) if error.kind() == &Kind::Auth && secret_typed && attempts < 3 => {
                printer.warning(&error.full_text());
                attempts += 1;
                secret = Some(prompt::ask_secret("Client secret (again)")?);
            }
            Err(error) => return Err(error),
        }
    };
    let backend = session.backend().await?;
    let backend_name = backend.store.name();
    let keeps_nothing = backend_name == "none";
    let secret = if with_key { None } else { secret };
    let client = settings.client_id.clone().unwrap_or_default();
    session
        .store_login(
            secret,
            &grant,
            proof.binding_material(),
            None,
            Some(Who::client(&client)),
        )
        .await?;
    check_base_url(context, &mut settings, &session, interactive).await?;

    let expiry = expiry_note(&session, &grant);
    let kept = if with_key {
        "token kept"
    } else {
        "token and client secret kept"
    };
    if keeps_nothing {
        printer.warning("LOCADM_KEYRING=none: nothing was cached; other commands need LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET or LOCADM_TOKEN");
        printer.note(&format!(
            "Credentials of client `{client}` verified for profile `{}`{expiry}; profile saved",
            settings.profile
        ));
    } else {
        printer.note(&format!(
            "Logged in to profile `{}` as client `{client}`; {kept} in {backend_name}{expiry}",
            settings.profile
        ));
    }
    profile::save(printer, &settings)?;
    if with_key && settings.client_key_file.is_none() {
        printer.warning("the key came from LOCADM_CLIENT_KEY and is not kept: renewing the token needs it again");
    }
    profile::warn_missing_permissions(printer, grant.scope.as_deref(), "locadm login");
    after_login(context, &settings);
    Ok(())
}

/// `, expires in 59 min` for the closing note (nothing when the provider did not say).
fn expiry_note(session: &Session, grant: &auth::oauth::Grant) -> String {
    grant
        .expires_in
        .map(|d| {
            let now = session.now();
            format!(", expires {}", auth::relative(now + d.as_secs(), now))
        })
        .unwrap_or_default()
}

fn args_client_id(args: &LoginArgs) -> Option<&str> {
    args.client_id.as_deref().filter(|id| !id.is_empty())
}

/// The base URL (asked at a terminal; optional) and the client id (asked, or missing),
/// in the order the README shows the prompts.
fn ask_service_and_client(
    settings: &mut Settings,
    client_id: Option<&str>,
    interactive: bool,
    missing: &mut Vec<&'static str>,
) -> Result<()> {
    if settings.base_url.is_none() && interactive {
        settings.base_url = Some(ask_url(settings, "base_url", BASE_URL_LABEL, "")?);
    }
    if let Some(id) = client_id {
        // `--client-id`, or LOCADM_CLIENT_ID as clap read it for the flag: the origin the
        // settings recorded stands when it is the same value.
        if settings.client_id.as_deref() != Some(id)
            || settings.origin("client_id") != Origin::Environment
        {
            settings.origins.insert("client_id", Origin::Flag);
        }
        settings.client_id = Some(id.to_owned());
    }
    if settings.client_id.is_none() {
        if interactive {
            let id = prompt::ask_with_text("Client id", false, "")?;
            settings.origins.insert("client_id", Origin::Flag);
            settings.client_id = Some(id.trim().to_owned());
        } else {
            missing.push("the client id (`--client-id` or LOCADM_CLIENT_ID)");
        }
    }
    Ok(())
}

/// Checks, before "Logged in", that the base URL answers as the location service does
/// (see [`ApiClient::check_service`]). At a terminal a failing one can be typed again
/// (from what was typed) or kept; otherwise it is a warning, as the credentials are good.
async fn check_base_url(
    context: &Context<'_>,
    settings: &mut Settings,
    session: &Arc<Session>,
    interactive: bool,
) -> Result<()> {
    let printer = context.printer;
    loop {
        let Some(base_url) = settings.base_url.clone() else {
            return Ok(());
        };
        let service = Service::over(
            ServiceOptions {
                read_prefix: settings.read_prefix.clone(),
                ..ServiceOptions::new(base_url.clone())
            },
            session.transport().clone(),
        );
        let api = ApiClient::new(&service, session.clone()).with_observer(printer.observer());
        let Err(problem) = api.check_service().await else {
            return Ok(());
        };
        printer.warning(&format!("the base URL {base_url} {problem}"));
        if !interactive {
            printer.hint(&settings.hint(
                "the profile is saved with it; correct it with `locadm config set base_url URL`",
            ));
            return Ok(());
        }
        let choice = prompt::choose(
            "The base URL",
            &["Type it again", "Keep it (the service may be down for now)"],
        )?;
        if choice == 1 {
            return Ok(());
        }
        settings.base_url = Some(ask_url(
            settings,
            "base_url",
            BASE_URL_LABEL,
            base_url.as_str(),
        )?);
    }
}

fn warn_without_base_url(context: &Context<'_>, settings: &Settings) {
    if settings.base_url.is_none() {
        context.printer.warning(&settings.hint("no base URL is set: commands other than `auth` need `--base-url`, LOCADM_BASE_URL or `locadm config set base_url URL`"));
    }
}

fn after_login(context: &Context<'_>, settings: &Settings) {
    let printer = context.printer;
    if settings.environment.secrets.token.is_some() {
        printer.warning(
            "LOCADM_TOKEN is set and takes precedence over this login; unset it to use the login",
        );
    }
    printer.debug(&format!(
        "profile saved to {} (no secrets)",
        settings.config_file.display()
    ));
}
