//! OpenID Connect discovery (OpenID Connect Discovery 1.0 §4, RFC 8414): a profile gives
//! an `issuer` and the endpoints come from `{issuer}/.well-known/openid-configuration`.
//!
//! Only the members this tool uses are read. The document is kept with the token in the
//! keyring entry and fetched again when it is older than [`MAX_AGE_SECS`], so a warm
//! command makes no extra request.

use serde::{Deserialize, Serialize};

use super::transport::{self, SendError};
use crate::error::{Error, Result};
use crate::service_url::ServiceUrl;

/// A discovery document older than this is fetched again (providers rotate endpoints
/// rarely; a day bounds how long a moved endpoint is used).
pub const MAX_AGE_SECS: u64 = 24 * 3600;

/// `grant_type` of the JWT bearer grant (RFC 7523 §2.1).
pub const JWT_BEARER: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/// `grant_type` of token exchange (RFC 8693 §2.1).
pub const TOKEN_EXCHANGE: &str = "urn:ietf:params:oauth:grant-type:token-exchange";

/// The members of a provider's metadata this tool uses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    pub issuer: String,
    pub token_endpoint: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization_endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_authorization_endpoint: Option<String>,
    /// The provider's signing keys (a JWK set), to verify an ID token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jwks_uri: Option<String>,
    /// RFC 7009 token revocation, which `logout` uses (RFC 8414 §2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revocation_endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grant_types_supported: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes_supported: Vec<String>,
}

/// A discovery document with the time it was fetched (unix seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Discovered {
    pub metadata: Metadata,
    pub fetched_at: u64,
}

impl Discovered {
    pub fn is_fresh(&self, now: u64) -> bool {
        now.saturating_sub(self.fetched_at) < MAX_AGE_SECS && self.fetched_at <= now
    }
}

/// The discovery document's URL: the issuer with `/.well-known/openid-configuration`
/// appended to its path (Discovery §4.1: appended, not replacing a path).
pub fn document_url(issuer: &url::Url) -> url::Url {
    let mut url = issuer.clone();
    let path = format!(
        "{}/.well-known/openid-configuration",
        issuer.path().trim_end_matches('/')
    );
    url.set_path(&path);
    url.set_query(None);
    url.set_fragment(None);
    url
}

/// Fetches and checks the issuer's metadata: the document must name the same issuer
/// (Discovery §4.3, so that one provider cannot stand in for another), and every
/// endpoint must pass the transport rule of the tool's own URLs (https, or http to
/// loopback), since secrets are sent to them.
pub async fn fetch(
    http: &reqwest::Client,
    issuer: &ServiceUrl,
    allow_http: bool,
    now: u64,
) -> Result<Discovered> {
    let url = document_url(issuer);
    let what = format!("the discovery document {}", crate::service_url::shown(&url));
    let hint = "check `issuer` (the OpenID provider's issuer URL) and the network";
    let (status, body) = transport::get(http, &url)
        .await
        .map_err(|e: SendError| transport::unavailable(&what, &e, hint))?;
    if !(200..300).contains(&status) {
        let message = format!("{what} answered HTTP {status}");
        let error = if status >= 500 {
            Error::unavailable(Some(status), message)
        } else {
            Error::auth(message)
        };
        return Err(error.with_hint(hint));
    }
    let metadata: Metadata = serde_json::from_slice(&body).map_err(|e| {
        Error::auth(format!(
            "{what} is not an OpenID provider's metadata: {}",
            locadm_model::text::sanitize_line(&e.to_string())
        ))
        .with_hint(hint)
    })?;
    let same = |a: &str, b: &str| a.trim_end_matches('/') == b.trim_end_matches('/');
    if !same(&metadata.issuer, issuer.as_str()) {
        let theirs = locadm_model::text::sanitize_line(&metadata.issuer);
        let ours = locadm_model::text::sanitize_line(issuer.as_given());
        return Err(Error::auth(format!(
            "{what} names another issuer: the provider says `{theirs}`, the profile has `{ours}`; they must be the same (OpenID Connect Discovery §4.3)"
        ))
        .with_hint(format!(
            "if `{theirs}` is the provider you mean, use it: `--issuer {theirs}` or `locadm config set issuer {theirs}`"
        )));
    }
    for (key, value) in [
        ("token_endpoint", Some(&metadata.token_endpoint)),
        (
            "authorization_endpoint",
            metadata.authorization_endpoint.as_ref(),
        ),
        (
            "device_authorization_endpoint",
            metadata.device_authorization_endpoint.as_ref(),
        ),
        ("jwks_uri", metadata.jwks_uri.as_ref()),
        ("revocation_endpoint", metadata.revocation_endpoint.as_ref()),
    ] {
        if let Some(value) = value {
            ServiceUrl::parse(
                &format!("{key} (from {})", crate::service_url::shown(&url)),
                value,
                allow_http,
            )?;
        }
    }
    Ok(Discovered {
        metadata,
        fetched_at: now,
    })
}

impl Metadata {
    /// Whether the provider advertises `grant`.
    pub fn supports_grant(&self, grant: &str) -> bool {
        self.grant_types_supported.iter().any(|g| g == grant)
    }

    /// The endpoint named `key`, checked again when used (it came from outside).
    pub fn endpoint(&self, key: &str, allow_http: bool) -> Result<Option<ServiceUrl>> {
        let value = match key {
            "token_endpoint" => Some(&self.token_endpoint),
            "authorization_endpoint" => self.authorization_endpoint.as_ref(),
            "device_authorization_endpoint" => self.device_authorization_endpoint.as_ref(),
            "jwks_uri" => self.jwks_uri.as_ref(),
            "revocation_endpoint" => self.revocation_endpoint.as_ref(),
            _ => None,
        };
        value
            .map(|v| ServiceUrl::parse(key, v, allow_http))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_under_the_issuer_path() {
        let at = |issuer: &str| document_url(&url::Url::parse(issuer).unwrap()).to_string();
        assert_eq!(
            at("https://idp.example"),
            "https://idp.example/.well-known/openid-configuration"
        );
        assert_eq!(
            at("https://idp.example/realms/acme/"),
            "https://idp.example/realms/acme/.well-known/openid-configuration"
        );
    }

    #[test]
    fn freshness() {
        let d = Discovered {
            metadata: serde_json::from_str(r#"{"issuer":"i","token_endpoint":"t"}"#).unwrap(),
            fetched_at: 1_000,
        };
        assert!(d.is_fresh(1_000 + MAX_AGE_SECS - 1));
        assert!(!d.is_fresh(1_000 + MAX_AGE_SECS));
        // A clock that went back: not trusted.
        assert!(!d.is_fresh(999));
    }
}
