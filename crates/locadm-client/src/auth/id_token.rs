//! Who logged in: a person's login asks for `openid`, and the ID token the provider
//! sends back (OpenID Connect Core §2) names them. It is believed only once verified
//! (Core §3.1.3.7): signed by one of the provider's keys (its `jwks_uri`), issued by the
//! issuer of the discovery document, for this client, not expired, and carrying the
//! nonce the login sent (`login --web`). Signatures are checked by `jsonwebtoken` on
//! ring (`client_key::ring_signing`).

use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{AlgorithmFamily, DecodingKey, Validation};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::discovery::Metadata;
use super::transport;
use crate::error::{Error, Result};
use crate::service_url::shown as shown_url;

/// Who a login is: a person (from the ID token) or a client (client credentials, a
/// workload token). Kept in the keyring entry beside the token; `auth status` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    /// `person` or `client`.
    pub kind: String,
    /// What to call them: the `email`, else `preferred_username`, else `sub` of the ID
    /// token; for a client its id.
    pub name: String,
    /// The claim `name` came from (`email`, `preferred_username`, `sub`), or `client_id`.
    pub claim: String,
    /// The ID token's `sub` (the provider's stable name for the person).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
}

impl Who {
    pub fn client(client_id: &str) -> Who {
        Who {
            kind: "client".into(),
            name: client_id.to_owned(),
            claim: "client_id".into(),
            subject: None,
        }
    }

    /// `operator@example.test` or `client \`ci\``, for a sentence.
    pub fn shown(&self) -> String {
        let name = locadm_model::text::sanitize_line(&self.name);
        match self.kind.as_str() {
            "client" => format!("client `{name}`"),
            _ => name,
        }
    }
}

/// The claims read from an ID token (Core §2, §5.1).
#[derive(Deserialize)]
struct Claims {
    sub: String,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    preferred_username: Option<String>,
    #[serde(default)]
    nonce: Option<String>,
}

impl Claims {
    fn who(self) -> Who {
        let present = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
        let (name, claim) = match (present(self.email), present(self.preferred_username)) {
            (Some(email), _) => (email, "email"),
            (None, Some(username)) => (username, "preferred_username"),
            (None, None) => (self.sub.clone(), "sub"),
        };
        Who {
            kind: "person".into(),
            name,
            claim: claim.into(),
            subject: Some(self.sub),
        }
    }
}

/// Verifies `id_token` with the provider's keys and reads who it names.
pub async fn verify(
    http: &reqwest::Client,
    metadata: &Metadata,
    allow_http: bool,
    client_id: &str,
    id_token: &SecretString,
    nonce: Option<&str>,
) -> Result<Who> {
    let hint = "the login is not kept; check the provider's signing keys (`jwks_uri`) and the client id, then log in again";
    let refused = |why: String| {
        Error::auth(format!(
            "the ID token from {} cannot be trusted: {why}",
            metadata.issuer
        ))
        .with_hint(hint)
    };
    super::client_key::ring_signing::install();
    let token = id_token.expose_secret();
    let header = jsonwebtoken::decode_header(token)
        .map_err(|e| refused(format!("it is not a signed JWT ({e})")))?;
    let Some(jwks_url) = metadata.endpoint("jwks_uri", allow_http)? else {
        return Err(refused(
            "the discovery document names no `jwks_uri` to check it with".into(),
        ));
    };
    let what = format!("the provider's keys {}", shown_url(&jwks_url));
    let (status, body) = transport::get(http, &jwks_url).await.map_err(|e| {
        transport::unavailable(&what, &e, "check the issuer's URL and that it is up")
    })?;
    if !(200..300).contains(&status) {
        return Err(refused(format!("{what} answered HTTP {status}")));
    }
    let keys: JwkSet = serde_json::from_slice(&body)
        .map_err(|e| refused(format!("{what} are not a JWK set ({e})")))?;
    let jwk = match &header.kid {
        Some(kid) => keys.find(kid),
        // No key id: the one key there is.
        None if keys.keys.len() == 1 => keys.keys.first(),
        None => None,
    }
    .ok_or_else(|| {
        refused(format!(
            "{what} have no key `{}`",
            header.kid.as_deref().unwrap_or("(none named)")
        ))
    })?;
    let key = DecodingKey::from_jwk(jwk)
        .map_err(|e| refused(format!("its key in {what} is unusable ({e})")))?;
    if key.family() == AlgorithmFamily::Hmac {
        return Err(refused(
            "it is signed with a shared secret, not a key".into(),
        ));
    }
    let mut validation = Validation::new(header.alg);
    validation.set_audience(&[client_id]);
    validation.set_issuer(&[metadata.issuer.as_str()]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    validation.leeway = 60;
    let claims = jsonwebtoken::decode::<Claims>(token, &key, &validation)
        .map_err(|e| refused(e.to_string()))?
        .claims;
    if let Some(sent) = nonce {
        if claims.nonce.as_deref() != Some(sent) {
            return Err(refused(
                "its nonce is not the one this login sent (a replayed token?)".into(),
            ));
        }
    }
    Ok(claims.who())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_named_by_email_then_username_then_subject() {
        let claims = |email: Option<&str>, username: Option<&str>| Claims {
            sub: "u-123".into(),
            email: email.map(str::to_owned),
            preferred_username: username.map(str::to_owned),
            nonce: None,
        };
        let who = claims(Some("op@example.test"), Some("op")).who();
        assert_eq!(
            (who.name.as_str(), who.claim.as_str()),
            ("op@example.test", "email")
        );
        let who = claims(None, Some("op")).who();
        assert_eq!(
            (who.name.as_str(), who.claim.as_str()),
            ("op", "preferred_username")
        );
        let who = claims(Some(" "), None).who();
        assert_eq!((who.name.as_str(), who.claim.as_str()), ("u-123", "sub"));
        assert_eq!(who.subject.as_deref(), Some("u-123"));
    }
}
