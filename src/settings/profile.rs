//! One `[profiles.NAME]` table of the config file, and the rules of its values: each
//! value is validated as it is set (`settings::keys`, each key's setter), so a profile
//! that loads is one that resolves.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{ClientAuth, ServiceUrl};
use locadm_client::error::{Error, Result};

/// One `[profiles.NAME]` table. Every field is optional; unknown keys are an error so a
/// typo does not go unnoticed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProfileConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_prefix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scopes: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_auth: Option<ClientAuth>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_key_file: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_key_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ca_cert: Option<PathBuf>,
    /// Seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_http: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache_env_token: Option<bool>,
}

/// A profile's boolean value: `true` or `false`.
pub(super) fn parse_bool(key: &str, value: &str) -> Result<bool> {
    value
        .parse::<bool>()
        .map_err(|_| Error::usage(format!("`{key}` must be `true` or `false`, not `{value}`")))
}

/// A URL as a profile keeps it: checked by the rules of the service's URLs (plain http
/// on loopback only, unless the profile allows it); empty: unset.
pub(super) fn service_url(
    profile: &ProfileConfig,
    key: &str,
    value: &str,
) -> Result<Option<String>> {
    if value.is_empty() {
        return Ok(None);
    }
    let url = ServiceUrl::parse(key, value, profile.allow_http.unwrap_or(false))?;
    Ok(Some(url.as_str().to_owned()))
}

/// A PEM file's path as a profile keeps it: absolute, and naming a file that exists
/// (empty: unset).
pub(super) fn pem_file(key: &str, value: &str) -> Result<Option<PathBuf>> {
    if value.is_empty() {
        return Ok(None);
    }
    let path = PathBuf::from(value);
    if !path.is_file() {
        return Err(Error::usage(format!(
            "`{key}` must name a PEM file; `{value}` is not a file"
        )));
    }
    Ok(Some(std::path::absolute(&path).unwrap_or(path)))
}

/// A read prefix as settings keep it: a path with one leading `/` and none trailing
/// (empty: none).
pub(super) fn normalise_prefix(value: &str) -> Result<String> {
    let trimmed = value.trim_end_matches('/');
    if trimmed.is_empty() {
        return Ok(String::new());
    }
    if trimmed.contains(['?', '#']) {
        return Err(Error::usage(format!(
            "`read_prefix` must be a path such as `/v1`, not `{value}`"
        )));
    }
    Ok(if trimmed.starts_with('/') {
        trimmed.to_owned()
    } else {
        format!("/{trimmed}")
    })
}

/// Scopes separated by spaces or commas.
pub(crate) fn split_scopes(value: &str) -> Vec<String> {
    value
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn parse_timeout(value: &str) -> Result<f64> {
    match value.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= 86_400.0 => Ok(secs),
        _ => Err(Error::usage(format!(
            "`timeout` must be a number of seconds above 0, not `{value}`"
        ))),
    }
}
