//! An entry of the store: its identity ([`EntryKey`]: the account name in every
//! keyring) and what it holds ([`StoredEntry`]: token, secret, binding, a person's login),
//! kept as one small JSON secret whose `Debug` never shows a secret.

use std::fmt;

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::StoreError;
use crate::auth::discovery::Discovered;
use crate::auth::id_token::Who;

/// The identity of an entry: config file, profile, token URL (or issuer) and client id. An entry is
/// shared by the processes of one OS user (the keyring's scope) that use the same
/// profile of the same config file: another HOME or `--config` has entries of its own.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EntryKey {
    pub config_file: String,
    pub profile: String,
    /// The token URL, or the issuer when the endpoints come from discovery.
    pub token_url: String,
    pub client_id: String,
}

impl EntryKey {
    /// The account name used in the keyring: `profile|client_id|token_url|config_file`
    /// (without the last part for the key of an earlier version, [`EntryKey::legacy`]).
    pub fn account(&self) -> String {
        if self.config_file.is_empty() {
            return format!("{}|{}|{}", self.profile, self.client_id, self.token_url);
        }
        format!(
            "{}|{}|{}|{}",
            self.profile, self.client_id, self.token_url, self.config_file
        )
    }

    /// The same entry under the name versions before the config file was part of the
    /// name used (`profile|client_id|token_url`).
    pub fn legacy(&self) -> EntryKey {
        EntryKey {
            config_file: String::new(),
            ..self.clone()
        }
    }
}

/// What is kept for one entry. Every part is optional: a login may keep the secret
/// without a token yet, and a token may come without a granted scope.
#[derive(Clone, Default)]
pub struct StoredEntry {
    pub token: Option<SecretString>,
    /// Unix seconds at which the token expires (`None`: the server did not say).
    pub expires_at: Option<u64>,
    /// The granted scope, space-separated, as the token endpoint reported it.
    pub scope: Option<String>,
    pub client_secret: Option<SecretString>,
    /// The token's lifetime in seconds (`expires_in`), for the renewal margin.
    pub lifetime: Option<u64>,
    /// The keyed hash of the credential that got the token (`auth::binding`): the token
    /// is only ever used by a caller holding that credential.
    pub binding: Option<String>,
    /// A person's login (`login --web` or `--device`): the refresh token that renews it.
    pub refresh_token: Option<SecretString>,
    /// How the login was made, when it was a person's: `web` or `device`.
    pub login: Option<String>,
    /// The issuer's discovery document, when the profile names an issuer.
    pub discovery: Option<Discovered>,
    /// Who the login is (a person, from the ID token; or the client).
    pub who: Option<Who>,
    /// A person's login the provider ended (a refused refresh): its tokens are gone and
    /// the entry stays only to say so (`auth status`) until the next login or `logout`.
    pub ended: bool,
}

impl fmt::Debug for StoredEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoredEntry")
            .field("token", &self.token.as_ref().map(|_| "(redacted)"))
            .field("expires_at", &self.expires_at)
            .field("scope", &self.scope)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "(redacted)"),
            )
            .field("lifetime", &self.lifetime)
            .field("binding", &self.binding.as_ref().map(|_| "(present)"))
            .field(
                "refresh_token",
                &self.refresh_token.as_ref().map(|_| "(redacted)"),
            )
            .field("login", &self.login)
            .field("discovery", &self.discovery.as_ref().map(|d| d.fetched_at))
            .field("who", &self.who)
            .field("ended", &self.ended)
            .finish()
    }
}

/// The serialised form (version 1).
#[derive(Serialize, Deserialize)]
struct Wire {
    v: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    expires_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scope: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    client_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lifetime: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    binding: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refresh_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    login: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    discovery: Option<Discovered>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    who: Option<Who>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    ended: bool,
}

impl StoredEntry {
    pub fn to_bytes(&self) -> Vec<u8> {
        let wire = Wire {
            v: 1,
            token: self.token.as_ref().map(|s| s.expose_secret().to_owned()),
            expires_at: self.expires_at,
            scope: self.scope.clone(),
            client_secret: self
                .client_secret
                .as_ref()
                .map(|s| s.expose_secret().to_owned()),
            lifetime: self.lifetime,
            binding: self.binding.clone(),
            refresh_token: self
                .refresh_token
                .as_ref()
                .map(|s| s.expose_secret().to_owned()),
            login: self.login.clone(),
            discovery: self.discovery.clone(),
            who: self.who.clone(),
            ended: self.ended,
        };
        serde_json::to_vec(&wire).expect("a map of strings always serialises")
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<StoredEntry, StoreError> {
        let wire: Wire = serde_json::from_slice(bytes)
            .map_err(|_| StoreError::Failed("the stored entry is not readable".into()))?;
        Ok(StoredEntry {
            token: wire.token.map(SecretString::from),
            expires_at: wire.expires_at,
            scope: wire.scope,
            client_secret: wire.client_secret.map(SecretString::from),
            lifetime: wire.lifetime,
            binding: wire.binding,
            refresh_token: wire.refresh_token.map(SecretString::from),
            login: wire.login,
            discovery: wire.discovery,
            who: wire.who,
            ended: wire.ended,
        })
    }
}
