//! What `login` says about the profile it writes: which one and where before anything
//! is asked, what a repeat login reuses, and afterwards exactly which settings it saved.
//!
//! The rule, the same for every key: a setting of [`LOGIN_KEYS`] given to this command
//! (a flag, an environment variable or an answer to a prompt) is saved to the profile;
//! one the profile already had is reused as it is; nothing else is written.

use crate::output::Printer;
use crate::settings::{ConfigFile, Origin, Settings};
use locadm_client::env_vars::EnvVars;
use locadm_client::error::Result;

/// The settings of where and how to log in: what `login` asks for or takes.
pub(super) const LOGIN_KEYS: &[&str] = &[
    "base_url",
    "issuer",
    "token_url",
    "client_id",
    "scopes",
    "client_auth",
    "client_key_file",
    "client_key_id",
];

/// How a key reads in a sentence.
fn label(key: &str) -> &'static str {
    match key {
        "base_url" => "base URL",
        "issuer" => "issuer",
        "token_url" => "token URL",
        "client_id" => "client id",
        "scopes" => "scopes",
        "client_auth" => "client authentication",
        "client_key_file" => "client key file",
        _ => "client key id",
    }
}

/// Where a given setting came from: the flag, the variable, or the prompt.
fn source(settings: &Settings, key: &str) -> String {
    let variable = match key {
        "base_url" => Some(EnvVars::BASE_URL),
        "issuer" => Some(EnvVars::ISSUER),
        "token_url" => Some(EnvVars::TOKEN_URL),
        "client_id" => Some(EnvVars::CLIENT_ID),
        "client_auth" => Some(EnvVars::CLIENT_AUTH),
        "client_key_file" => Some(EnvVars::CLIENT_KEY_FILE),
        "client_key_id" => Some(EnvVars::CLIENT_KEY_ID),
        _ => None,
    };
    match (settings.origin(key), variable) {
        (Origin::Environment, Some(name)) => format!("from {name}"),
        (Origin::Environment, None) => "from the environment".into(),
        _ => "given here".into(),
    }
}

/// Before anything is asked: the profile, its file and the provider (when known), and
/// what of the profile a repeat login reuses.
pub(super) fn announce(printer: &Printer, settings: &Settings) {
    let provider = settings
        .issuer
        .as_ref()
        .or(settings.token_url.as_ref())
        .map(|u| format!(" at {}", crate::settings::shown_url(u)))
        .unwrap_or_default();
    printer.note(&format!(
        "Logging in to profile `{}` (in {}){provider}",
        settings.profile,
        settings.config_file.display()
    ));
    let reused: Vec<String> = LOGIN_KEYS
        .iter()
        .filter(|key| settings.origin(key) == Origin::Profile)
        .filter_map(|key| {
            let value = settings.display_value(key);
            (!value.is_empty()).then(|| format!("{} {value}", label(key)))
        })
        .collect();
    if !reused.is_empty() {
        printer.note(&format!(
            "Reusing from the profile: {} (change one with its flag, or `locadm config set KEY VALUE`)",
            reused.join(", ")
        ));
    }
}

/// Saves the settings given to this command (flags, environment, answers) to the
/// profile, and says which.
pub(super) fn save(printer: &Printer, settings: &Settings) -> Result<()> {
    let mut file = ConfigFile::load(&settings.config_file)?;
    let profile = file.profile_mut(&settings.profile);
    let mut saved = Vec::new();
    for key in LOGIN_KEYS {
        if !matches!(settings.origin(key), Origin::Flag | Origin::Environment) {
            continue;
        }
        let shown = settings.display_value(key);
        if shown.is_empty() {
            continue;
        }
        // A URL is written as given (a password in its userinfo too: `shown` hides it).
        let url = match *key {
            "base_url" => settings.base_url.as_ref(),
            "issuer" => settings.issuer.as_ref(),
            "token_url" => settings.token_url.as_ref(),
            _ => None,
        };
        let value = url.map_or(shown.clone(), |u| u.as_str().to_owned());
        profile.set(key, &value)?;
        saved.push(format!("{key} = {shown} ({})", source(settings, key)));
    }
    file.save(&settings.config_file)?;
    if saved.is_empty() {
        printer.note(&format!(
            "Profile `{}` unchanged (nothing new was given)",
            settings.profile
        ));
    } else {
        printer.note(&format!(
            "Saved to profile `{}` in {}: {}",
            settings.profile,
            settings.config_file.display(),
            saved.join(", ")
        ));
    }
    Ok(())
}

/// After a login: the permissions the granted scope lacks, and the `--scope` flags that
/// would ask for them (the provider decides whether it grants them).
pub(super) fn warn_missing_permissions(printer: &Printer, granted: Option<&str>, relogin: &str) {
    let Some(granted) = granted else {
        return;
    };
    let granted: Vec<&str> = granted.split_whitespace().collect();
    let missing: Vec<_> = locadm_client::api::Permission::ALL
        .iter()
        .filter(|p| !granted.contains(&p.name()))
        .collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing
        .iter()
        .map(|p| format!("{} ({})", p.name(), p.commands()))
        .collect();
    printer.warning(&format!(
        "the granted scope lacks {}: those commands will be refused (403)",
        names.join(", ")
    ));
    // Every permission: the login's scope is what it asks for, so what it has stays.
    let flags: Vec<String> = locadm_client::api::Permission::ALL
        .iter()
        .map(|p| format!("--scope {}", p.name()))
        .collect();
    printer.hint(&format!(
        "to ask for them: `{relogin} {}` (the provider grants what the client may have)",
        flags.join(" ")
    ));
}
