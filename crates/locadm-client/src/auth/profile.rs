//! What a [`Session`](super::Session) gets tokens with: the profile's identity-provider
//! profile and the secrets given for this run, as plain values. The command line makes
//! one from its resolved profile (`Settings::auth_profile`); a program makes its own.

use std::path::PathBuf;

use secrecy::SecretString;

use super::client_auth::ClientAuth;
use crate::service_url::ServiceUrl;

/// A profile's profile for getting tokens.
#[derive(Debug, Clone, Default)]
pub struct Profile {
    /// The profile's name: part of the keyring entry's identity, and named in messages.
    pub name: String,
    /// The config file the profile is in: part of the keyring entry's identity (the same
    /// profile name in two files is two logins), and named in hints.
    pub config_file: PathBuf,
    /// The OpenID provider whose discovery document names the endpoints
    /// (`{issuer}/.well-known/openid-configuration`); an explicit `token_url` wins.
    pub issuer: Option<ServiceUrl>,
    pub token_url: Option<ServiceUrl>,
    pub client_id: Option<String>,
    pub scopes: Vec<String>,
    pub client_auth: ClientAuth,
    /// The client's private key for `private_key_jwt` (PEM, RSA or EC).
    pub client_key_file: Option<PathBuf>,
    /// Whether `client_key_file` was given for this run only (the environment or a flag):
    /// then, like a secret from the environment, what it gets is not kept.
    pub client_key_file_given_for_run: bool,
    /// The `kid` put in the client assertion's header, when the provider wants one.
    pub client_key_id: Option<String>,
    /// A workload identity token (a JWT from the CI platform), read afresh for each token
    /// request and exchanged for an access token.
    pub federated_token_file: Option<PathBuf>,
    /// Allow `http://` token URLs that are not on loopback.
    pub allow_http: bool,
    /// Keep a token got with credentials given for this run in the keyring (bound to the
    /// secret that got it).
    pub cache_env_token: bool,
    /// When the profile asked for is not in the config file: the error and its hint.
    pub missing: Option<(String, String)>,
    /// What was given for this run beside the profile.
    pub secrets: Secrets,
}

impl Profile {
    /// When the profile asked for is not in the config file: the error and its hint.
    pub fn missing_profile(&self) -> Option<(String, String)> {
        self.missing.clone()
    }
}

/// The secrets given for one run (never written anywhere by the session unless the
/// profile asks), and the token store to use.
#[derive(Clone, Default)]
pub struct Secrets {
    /// A bearer token to use as it is.
    pub token: Option<SecretString>,
    pub client_secret: Option<SecretString>,
    /// The client's private key as PEM text.
    pub client_key: Option<SecretString>,
    /// The token store to use instead of choosing one (a name of `store::BACKEND_NAMES`).
    pub keyring: Option<String>,
}

impl std::fmt::Debug for Secrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secret = |s: &Option<SecretString>| s.as_ref().map(|_| "[REDACTED]");
        f.debug_struct("Secrets")
            .field("token", &secret(&self.token))
            .field("client_secret", &secret(&self.client_secret))
            .field("client_key", &secret(&self.client_key))
            .field("keyring", &self.keyring)
            .finish()
    }
}
