//! `logout` at the provider: the tokens of the profile's entry revoked (RFC 7009), the
//! refresh token first (a provider revokes the access tokens got with it too), then the
//! access token, where the discovery document names a `revocation_endpoint`.

use secrecy::SecretString;

use super::session::Session;
use super::store::StoredEntry;
use crate::error::Error;

/// What the provider was asked and answered.
pub enum Revocation {
    /// No tokens in the entry: nothing to revoke.
    NothingHeld,
    /// The provider advertises no revocation endpoint (or the profile has no issuer).
    NotOffered,
    /// The discovery document could not be read: nothing was revoked.
    Unreachable(Error),
    /// Each token asked about (`refresh token`, `access token`) and the answer.
    Asked {
        endpoint: String,
        answers: Vec<(&'static str, Result<(), Error>)>,
    },
}

impl Session {
    /// Revokes the tokens of `entry` at the provider when it offers revocation.
    pub async fn revoke(&self, entry: &StoredEntry) -> Revocation {
        let mut tokens: Vec<(&'static str, &SecretString, bool)> = Vec::new();
        if let Some(refresh) = &entry.refresh_token {
            tokens.push(("refresh token", refresh, true));
        }
        if let Some(access) = &entry.token {
            tokens.push(("access token", access, false));
        }
        if tokens.is_empty() {
            return Revocation::NothingHeld;
        }
        let discovered = match self.discovered(Some(entry)).await {
            Ok(Some(discovered)) => discovered,
            Ok(None) => return Revocation::NotOffered,
            Err(error) => return Revocation::Unreachable(error),
        };
        let endpoint = match discovered
            .metadata
            .endpoint("revocation_endpoint", self.profile().allow_http)
        {
            Ok(Some(endpoint)) => endpoint,
            Ok(None) => return Revocation::NotOffered,
            Err(error) => return Revocation::Unreachable(error),
        };
        let proof = match self.client_proof(Some(entry)) {
            Ok(proof) => proof,
            Err(error) => return Revocation::Unreachable(error),
        };
        let client_id = match self.entry_key() {
            Ok(key) => key.client_id,
            Err(error) => return Revocation::Unreachable(error),
        };
        self.verbose().line(&format!(
            "logout: POST {} (token revocation, client `{client_id}`, {} auth)",
            crate::service_url::shown(&endpoint),
            proof.method()
        ));
        let client = self.client_at(&endpoint, &client_id, &proof);
        let mut answers = Vec::new();
        for (what, token, refresh) in tokens {
            answers.push((what, client.revoke(&endpoint, token, refresh).await));
        }
        Revocation::Asked {
            endpoint: crate::service_url::shown(&endpoint),
            answers,
        }
    }
}
