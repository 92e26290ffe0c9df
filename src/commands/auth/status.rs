//! `locadm auth status`: the profile, client, keyring backend, token expiry and the
//! permissions the token's scope grants.

use serde::Serialize;

use crate::cli::OutputFormat;
use crate::context::Context;
use crate::output::Printer;
use locadm_client::api::Permission;
use locadm_client::auth::id_token::Who;
use locadm_client::auth::oauth::LOGIN_ENDED;
use locadm_client::auth::{self, TokenOrigin};
use locadm_client::error::{Error, Result};

#[derive(Serialize)]
struct Status {
    profile: String,
    /// Who the credentials are: a person (named by the ID token of their login) or a
    /// client; `null` when nobody is logged in.
    who: Option<Who>,
    /// Where they log in: the issuer, else the token URL.
    provider: Option<String>,
    base_url: Option<String>,
    issuer: Option<String>,
    token_url: Option<String>,
    client_id: Option<String>,
    keyring: Option<KeyringStatus>,
    token: TokenStatus,
    scope: Option<Vec<String>>,
    permissions: Vec<PermissionStatus>,
}

#[derive(Serialize)]
struct KeyringStatus {
    backend: Option<String>,
    reason: String,
    skipped: Vec<String>,
}

#[derive(Serialize)]
struct TokenStatus {
    /// `local`, `environment`, `cached`, `expired`, `ended` (the provider refused to renew
    /// a person's login), `none`
    state: &'static str,
    expires_at: Option<u64>,
    expires_in_seconds: Option<i64>,
    client_secret_stored: bool,
    /// A person's login keeps a refresh token that renews the access token silently.
    refresh_token_stored: bool,
    /// Where the credentials of this invocation come from: `local`, `token`
    /// (LOCADM_TOKEN), `federated` (a workload token file), `environment`
    /// (LOCADM_CLIENT_SECRET or a key from the environment), `keyring` (the secret
    /// `locadm login` kept), `key` (the profile's `client_key_file`), `web` or `device`
    /// (a person's login), or `none`.
    credentials: &'static str,
    /// Whether a token got with them is kept in the keyring (bound to them).
    cached: bool,
}

#[derive(Serialize)]
struct PermissionStatus {
    command: &'static str,
    permission: &'static str,
    /// `null` when the granted scope is not known.
    granted: Option<bool>,
}

pub(crate) async fn run(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    let session = context.session().await?;
    let settings = session.profile();
    let base_url = context
        .service()
        .await
        .ok()
        .map(|s| s.base_url().to_string());
    let local = context.local_running();
    if local {
        // The built-in profile logs in by itself: a token now shows what it grants.
        session.bearer().await?;
    }
    let now = session.now();
    let mut keyring = None;
    let mut entry = None;
    let mut problem = None;
    let from_env = session.token_origin() == TokenOrigin::Environment;
    if !from_env && !local {
        match session.entry_key() {
            Err(e) => problem = Some(e),
            Ok(_) => match session.backend().await {
                Err(e) => {
                    keyring = Some(KeyringStatus {
                        backend: None,
                        reason: e.to_string(),
                        skipped: Vec::new(),
                    });
                    problem = Some(e);
                }
                Ok(b) => {
                    keyring = Some(KeyringStatus {
                        backend: Some(b.store.name().to_owned()),
                        reason: b.reason.clone(),
                        skipped: b.skipped.clone(),
                    });
                    match session.stored_entry().await {
                        Ok(e) => entry = e,
                        Err(e) => problem = Some(e),
                    }
                }
            },
        }
    }
    // A person's login whose token is past its margin is renewed now, as the next
    // command would: whether it still lives is what this is asked.
    let person = entry
        .as_ref()
        .is_some_and(|e| e.login.is_some() && !e.ended);
    let stale = entry
        .as_ref()
        .is_some_and(|e| e.token.is_some() && !auth::is_fresh(e.expires_at, e.lifetime, now));
    if person && stale && problem.is_none() {
        match session.bearer().await {
            Ok(_) => entry = session.stored_entry().await.ok().flatten(),
            Err(error) => {
                if error.to_string().starts_with(LOGIN_ENDED) {
                    entry = session.stored_entry().await.ok().flatten();
                }
                problem = Some(error);
            }
        }
    }
    let now = session.now();
    let ended = entry.as_ref().is_some_and(|e| e.ended);
    let expires_at = entry.as_ref().and_then(|e| e.expires_at);
    let has_token = entry.as_ref().is_some_and(|e| e.token.is_some());
    let secret_stored = entry.as_ref().is_some_and(|e| e.client_secret.is_some());
    let refresh_stored = entry.as_ref().is_some_and(|e| e.refresh_token.is_some());
    let state = if local {
        "local"
    } else if from_env {
        "environment"
    } else if ended {
        "ended"
    } else if has_token && auth::is_fresh(expires_at, entry.as_ref().and_then(|e| e.lifetime), now)
    {
        "cached"
    } else if has_token {
        "expired"
    } else {
        "none"
    };
    let credentials = if local {
        "local"
    } else if from_env {
        "token"
    } else {
        session.credentials_kind(entry.as_ref())
    };
    let scope = if from_env {
        None
    } else {
        session.granted_scope()
    };
    let permissions = Permission::ALL
        .iter()
        .map(|permission| PermissionStatus {
            command: permission.commands(),
            permission: permission.name(),
            granted: scope
                .as_ref()
                .map(|s| s.iter().any(|g| g == permission.name())),
        })
        .collect();
    let who = if local || from_env {
        None
    } else {
        match (entry.as_ref().and_then(|e| e.who.clone()), credentials) {
            (Some(who), _) => Some(who),
            (None, "none" | "web" | "device") => None,
            (None, _) => settings.client_id.as_deref().map(Who::client),
        }
    };
    let provider = settings
        .issuer
        .as_ref()
        .or(settings.token_url.as_ref())
        .map(|u| u.to_string());
    let status = Status {
        profile: settings.name.clone(),
        who,
        provider,
        base_url,
        issuer: settings.issuer.as_ref().map(|u| u.to_string()),
        token_url: settings.token_url.as_ref().map(|u| u.to_string()),
        client_id: settings.client_id.clone(),
        keyring,
        token: TokenStatus {
            state,
            expires_at,
            expires_in_seconds: expires_at.map(|at| at as i64 - now as i64),
            client_secret_stored: secret_stored,
            refresh_token_stored: refresh_stored,
            credentials,
            cached: !matches!(credentials, "local" | "token" | "none") && session.caches_tokens(),
        },
        scope,
        permissions,
    };

    if printer.format == OutputFormat::Table {
        print_table(&status, now, printer)?;
    } else {
        printer.json(&status)?;
    }

    if ended {
        let who = status
            .who
            .as_ref()
            .map(|w| format!(" ({})", w.shown()))
            .unwrap_or_default();
        return Err(Error::auth(format!(
            "{LOGIN_ENDED}: the login of profile `{}`{who} is over",
            status.profile
        ))
        .with_hint(auth::login_again_hint()));
    }
    if person {
        if let Some(problem) = problem {
            // The renewal failed otherwise (the provider unreachable): said, not hidden.
            return Err(problem);
        }
    }
    let usable = local || from_env || has_token || credentials != "none";
    if usable {
        return Ok(());
    }
    Err(problem.unwrap_or_else(|| {
        Error::auth(format!("not logged in to profile `{}`", status.profile))
            .with_hint(auth::login_hint())
    }))
}

fn print_table(status: &Status, now: u64, printer: &Printer) -> Result<()> {
    let unset = || "(not set)".to_owned();
    let mut rows: Vec<(&str, String)> = vec![("Profile", status.profile.clone())];
    if let Some(who) = &status.who {
        let at = status
            .provider
            .as_ref()
            .map(|p| format!(" at {p}"))
            .unwrap_or_default();
        let from = match who.claim.as_str() {
            "client_id" => String::new(),
            claim => format!(" (ID token `{claim}`)"),
        };
        rows.push(("Logged in as", format!("{}{from}{at}", who.shown())));
    }
    rows.push(("Base URL", status.base_url.clone().unwrap_or_else(unset)));
    if let Some(issuer) = &status.issuer {
        rows.push(("Issuer", issuer.clone()));
    }
    rows.extend([
        (
            "Token URL",
            status.token_url.clone().unwrap_or_else(|| {
                if status.issuer.is_some() {
                    "(from the issuer's discovery document)".to_owned()
                } else {
                    unset()
                }
            }),
        ),
        ("Client id", status.client_id.clone().unwrap_or_else(unset)),
    ]);
    if let Some(k) = &status.keyring {
        let mut text = match &k.backend {
            Some(name) => format!("{name} ({})", k.reason),
            None => k.reason.clone(),
        };
        for skipped in &k.skipped {
            text.push_str(&format!("\nleft {skipped}"));
        }
        rows.push(("Keyring", text));
    }
    let token = match status.token.state {
        "local" => "built in: the `local` profile logs in by itself (kept in memory)".to_owned(),
        "environment" => "from LOCADM_TOKEN (not cached)".to_owned(),
        "none" => "none cached".to_owned(),
        "ended" => format!("{LOGIN_ENDED}: its tokens are removed; log in again"),
        state => match status.token.expires_at {
            Some(at) if state == "cached" => format!("cached, expires {}", auth::relative(at, now)),
            // Within the renewal margin but not yet expired: "expires in 30 s".
            Some(at) if at > now => {
                format!("expires {} (renewed on next use)", auth::relative(at, now))
            }
            Some(at) => format!("expired {} (renewed on next use)", auth::relative(at, now)),
            None => "cached, no expiry given".to_owned(),
        },
    };
    rows.push(("Token", token));
    let credentials = match status.token.credentials {
        "environment" if status.token.cached => {
            "LOCADM_CLIENT_SECRET; tokens cached in the keyring, bound to it (cache_env_token)"
        }
        "environment" => "LOCADM_CLIENT_SECRET; nothing is cached (cache_env_token is off)",
        "federated" if status.token.cached => {
            "a workload token (--federated-token-file); tokens cached, bound to it (cache_env_token)"
        }
        "federated" => "a workload token (--federated-token-file); nothing is cached",
        "keyring" => "the keyring (`locadm login`); tokens cached beside it, bound to the secret",
        "key" => "the profile's client key (private_key_jwt); tokens cached, bound to the key",
        "web" | "device" if status.token.refresh_token_stored => {
            "your login (`locadm login --web`/`--device`); renewed with its refresh token"
        }
        "web" | "device" => "your login (`locadm login --web`/`--device`); no refresh token: log in again when it expires",
        "token" => "LOCADM_TOKEN, used as it is",
        "local" => "built in",
        _ => "none",
    };
    rows.push(("Credentials", credentials.to_owned()));
    if !matches!(status.token.state, "environment" | "local") {
        rows.push((
            "Client secret",
            if status.token.client_secret_stored {
                "stored in the keyring".to_owned()
            } else {
                "not stored".to_owned()
            },
        ));
    }
    rows.push((
        "Scope",
        status
            .scope
            .as_ref()
            .map(|s| s.join(" "))
            .unwrap_or_else(|| "(unknown)".into()),
    ));
    for p in &status.permissions {
        let mark = match p.granted {
            Some(true) => "granted",
            Some(false) => "missing",
            None => "unknown",
        };
        rows.push((p.command, format!("{mark}: {}", p.permission)));
    }
    printer.field_table(&rows)?;
    Ok(())
}
