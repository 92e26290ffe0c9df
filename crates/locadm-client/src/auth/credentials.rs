//! What a caller holds, and which grant it gets a token with.
//!
//! A caller presents, in this order:
//! 1. a workload identity token (`--federated-token-file`): exchanged by the grant the
//!    provider advertises (JWT bearer, else token exchange);
//! 2. credentials given in the environment (`LOCADM_CLIENT_SECRET`, `LOCADM_CLIENT_KEY`,
//!    `LOCADM_CLIENT_KEY_FILE`): the client credentials grant;
//! 3. a person's login kept in the keyring (`login --web` / `--device`): refreshed with
//!    its refresh token;
//! 4. the secret `login` kept, or the profile's `client_key_file`: client credentials.
//!
//! A cached token is used only by a caller presenting the credential it was got with
//! (its binding). Nothing from 1 or 2 is written to the keyring unless the profile sets
//! `cache_env_token`.

use std::sync::Arc;

use secrecy::SecretString;

use super::client_auth::ClientAuth;
use super::client_key::ClientKey;
use super::discovery::{JWT_BEARER, TOKEN_EXCHANGE};
use super::hints::{login_again_hint, login_hint};
use super::oauth::{ClientProof, Grant, TokenClient, LOGIN_ENDED};
use super::session::Session;
use super::store::StoredEntry;
use crate::env_vars::EnvVars;
use crate::error::{Error, Result};

impl Session {
    /// How the client proves itself: its key for `private_key_jwt`, else its secret (the
    /// environment's, else the one `login` stored in `entry`), else not at all.
    pub(super) fn client_proof(&self, entry: Option<&StoredEntry>) -> Result<ClientProof> {
        let profile = self.profile();
        if profile.client_auth == ClientAuth::PrivateKeyJwt {
            return Ok(ClientProof::Key(self.client_key()?));
        }
        let secret = self
            .env_secret
            .clone()
            .or_else(|| entry.and_then(|e| e.client_secret.clone()));
        Ok(match secret {
            Some(secret) => ClientProof::Secret {
                secret,
                in_body: profile.client_auth == ClientAuth::ClientSecretPost,
            },
            None => ClientProof::Public,
        })
    }

    /// The client's key, read and parsed once per run.
    fn client_key(&self) -> Result<Arc<ClientKey>> {
        if let Some(key) = self.client_key.get() {
            return Ok(Arc::clone(key));
        }
        let profile = self.profile();
        let key_id = profile.client_key_id.clone();
        let key = match (&self.env_key, &profile.client_key_file) {
            (Some(pem), _) => ClientKey::from_pem(pem.clone(), key_id)
                .map_err(|e| e.context(EnvVars::CLIENT_KEY))?,
            (None, Some(path)) => ClientKey::from_file(path, key_id)?,
            (None, None) => {
                return Err(Error::auth(
                    "`client_auth` is private_key_jwt but no client key is given",
                )
                .with_hint(
                    "set LOCADM_CLIENT_KEY_FILE (a PEM file) or LOCADM_CLIENT_KEY, or `locadm config set client_key_file PATH`",
                ))
            }
        };
        Ok(Arc::clone(self.client_key.get_or_init(|| Arc::new(key))))
    }

    /// The workload identity token, read afresh (the CI platform may renew the file).
    pub(super) fn federated_token(&self) -> Result<Option<SecretString>> {
        let Some(path) = &self.profile().federated_token_file else {
            return Ok(None);
        };
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::auth(format!(
                "cannot read the federated token file `{}`",
                path.display()
            )).with_source(e)
            .with_hint(
                "`--federated-token-file` (LOCADM_FEDERATED_TOKEN_FILE) must name the CI platform's token file",
            )
        })?;
        let token = text.trim();
        if token.is_empty() {
            return Err(Error::auth(format!(
                "the federated token file `{}` is empty",
                path.display()
            ))
            .with_hint("check that the CI job requested an identity token"));
        }
        Ok(Some(SecretString::from(token.to_owned())))
    }

    /// Whether credentials were given in the environment (or by flag) for this run only.
    pub(super) fn ephemeral(&self) -> bool {
        let profile = self.profile();
        let with_key = profile.client_auth == ClientAuth::PrivateKeyJwt;
        profile.federated_token_file.is_some()
            || (!with_key && self.env_secret.is_some())
            || (with_key && (self.env_key.is_some() || profile.client_key_file_given_for_run))
    }

    /// Whether a token got by this caller is kept in the keyring: unless the credentials
    /// came from the environment only, and then when the profile asks (`cache_env_token`).
    pub fn caches_tokens(&self) -> bool {
        !self.ephemeral() || self.profile().cache_env_token
    }

    /// The credential this caller presents for `entry` (not a person's login, which is
    /// held by holding the entry): what a cached token must be bound to for it to be
    /// used. The secret is the environment's when given, else the one `login` stored.
    pub(super) fn presented(&self, entry: &StoredEntry) -> Result<Option<SecretString>> {
        if let Some(token) = self.federated_token()? {
            return Ok(Some(token));
        }
        Ok(self.client_proof(Some(entry))?.binding_material().cloned())
    }

    /// One token request by the grant this caller's credentials call for; the grant and
    /// the credential it is bound to.
    pub(super) async fn fetch_for(
        &self,
        entry: &StoredEntry,
    ) -> Result<(Grant, Option<SecretString>)> {
        let profile = self.profile();
        let token_url = self.token_endpoint(Some(entry)).await?;
        let client_id = self.entry_key()?.client_id;
        let scopes = &profile.scopes;

        if let Some(workload) = self.federated_token()? {
            let grant_type = self.federation_grant(entry).await?;
            let proof = self.client_proof(None)?;
            let client = self.token_client(&token_url, &client_id, &proof, grant_type);
            let grant = client.federated(grant_type, &workload, scopes).await?;
            self.log_grant(&grant);
            return Ok((grant, Some(workload)));
        }

        if !self.ephemeral() && entry.login.is_some() {
            if entry.ended {
                return Err(Error::auth(format!(
                    "{LOGIN_ENDED}: the login of profile `{}` is over",
                    profile.name
                ))
                .with_hint(login_again_hint()));
            }
            let Some(refresh_token) = &entry.refresh_token else {
                return Err(Error::auth(format!(
                    "the login of profile `{}` has expired and the provider gave no refresh token",
                    profile.name
                ))
                .with_hint(login_again_hint()));
            };
            let proof = self.client_proof(Some(entry))?;
            let client = self.token_client(&token_url, &client_id, &proof, "refresh token");
            let grant = match client.refresh(refresh_token).await {
                Ok(grant) => grant,
                Err(error) => {
                    if error.to_string().starts_with(LOGIN_ENDED) {
                        self.end_login(entry).await;
                    }
                    return Err(error);
                }
            };
            self.log_grant(&grant);
            let material = grant
                .refresh_token
                .clone()
                .unwrap_or_else(|| refresh_token.clone());
            return Ok((grant, Some(material)));
        }

        let proof = self.client_proof(Some(entry))?;
        if matches!(proof, ClientProof::Public) {
            // Nothing to get a token with: no login kept, no secret or key given. A public
            // client never has a secret, so none is asked for by name.
            let message = if entry.ended {
                format!("{LOGIN_ENDED}: profile `{}` has no login", profile.name)
            } else if std::env::var_os(EnvVars::CLIENT_ID).is_some() {
                // A CI job that set the id and forgot its secret: the variable it set is
                // named, and the ones it lacks.
                format!(
                    "{} is set, but no {}, {} or {} is: client `{client_id}` has nothing to get a token with",
                    EnvVars::CLIENT_ID,
                    EnvVars::CLIENT_SECRET,
                    EnvVars::CLIENT_KEY_FILE,
                    EnvVars::FEDERATED_TOKEN_FILE,
                )
            } else {
                format!("not logged in to profile `{}`", profile.name)
            };
            let hint = if entry.ended || profile.issuer.is_some() {
                login_again_hint()
            } else if std::env::var_os(EnvVars::CLIENT_ID).is_some() {
                format!(
                    "set {} beside it (or {}, or in CI {}), or unset {} to log in another way",
                    EnvVars::CLIENT_SECRET,
                    EnvVars::CLIENT_KEY_FILE,
                    EnvVars::FEDERATED_TOKEN_FILE,
                    EnvVars::CLIENT_ID,
                )
            } else {
                login_hint()
            };
            return Err(Error::auth(message).with_hint(hint));
        }
        let grant = self.client_credentials_with(&token_url, &proof).await?;
        Ok((grant, proof.binding_material().cloned()))
    }

    /// One client credentials request with this proof (also `login`'s check).
    pub async fn client_credentials(&self, proof: &ClientProof) -> Result<Grant> {
        let token_url = self.token_endpoint(None).await?;
        self.client_credentials_with(&token_url, proof).await
    }

    async fn client_credentials_with(
        &self,
        token_url: &url::Url,
        proof: &ClientProof,
    ) -> Result<Grant> {
        let client_id = self.entry_key()?.client_id;
        let client = self.token_client(token_url, &client_id, proof, "client credentials");
        let grant = client.client_credentials(&self.profile().scopes).await?;
        self.log_grant(&grant);
        Ok(grant)
    }

    /// The exchange grant for a workload token: JWT bearer when the provider advertises
    /// it (or says nothing: no discovery), else token exchange.
    async fn federation_grant(&self, entry: &StoredEntry) -> Result<&'static str> {
        let Some(discovered) = self.discovered(Some(entry)).await? else {
            return Ok(JWT_BEARER);
        };
        let metadata = &discovered.metadata;
        if metadata.supports_grant(JWT_BEARER) {
            Ok(JWT_BEARER)
        } else if metadata.supports_grant(TOKEN_EXCHANGE) {
            Ok(TOKEN_EXCHANGE)
        } else {
            Err(Error::auth(format!(
                "the identity provider {} advertises neither the JWT bearer grant nor token exchange; a workload token cannot be exchanged there",
                metadata.issuer
            ))
            .with_hint(
                "use client credentials (LOCADM_CLIENT_ID with LOCADM_CLIENT_SECRET or LOCADM_CLIENT_KEY_FILE) instead",
            ))
        }
    }

    /// A client for one grant at `token_url`, the request named on the `-v` channel.
    pub(super) fn token_client<'a>(
        &'a self,
        token_url: &'a url::Url,
        client_id: &'a str,
        proof: &'a ClientProof,
        grant: &str,
    ) -> TokenClient<'a> {
        self.verbose().line(&format!(
            "token: POST {} ({grant}, client `{client_id}`, {} auth)",
            crate::service_url::shown(token_url),
            proof.method()
        ));
        self.client_at(token_url, client_id, proof)
    }

    /// A client at `url` that says nothing on `-v` (the caller names its request).
    pub(super) fn client_at<'a>(
        &'a self,
        url: &'a url::Url,
        client_id: &'a str,
        proof: &'a ClientProof,
    ) -> TokenClient<'a> {
        TokenClient {
            http: self.http(),
            token_url: url,
            client_id,
            proof,
            credentials: self.credentials_named(proof),
        }
    }

    /// Where the client id and the proof came from, for the message of a refusal: the
    /// variable that holds each, or the profile and the keyring.
    fn credentials_named(&self, proof: &ClientProof) -> String {
        let profile = &self.profile().name;
        let id = if std::env::var_os(EnvVars::CLIENT_ID).is_some() {
            format!("the client id ({})", EnvVars::CLIENT_ID)
        } else {
            format!("the client id (`client_id` of profile `{profile}`)")
        };
        let proof = match proof {
            ClientProof::Public => return id,
            ClientProof::Secret { .. } if self.env_secret.is_some() => {
                format!("the secret ({})", EnvVars::CLIENT_SECRET)
            }
            ClientProof::Secret { .. } => format!(
                "the secret `locadm login` kept for profile `{profile}` (give it again with `locadm login`)"
            ),
            ClientProof::Key(_) => match (&self.env_key, &self.profile().client_key_file) {
                (Some(_), _) => format!("the key ({})", EnvVars::CLIENT_KEY),
                (None, Some(path)) => format!("the key file `{}`", path.display()),
                (None, None) => "the key".to_owned(),
            },
        };
        format!("{id} and {proof}")
    }

    pub(super) fn log_grant(&self, grant: &Grant) {
        self.verbose().line(&format!(
            "token: granted (token redacted), expires in {}, scope {}{}",
            grant
                .expires_in
                .map(|d| format!("{} s", d.as_secs()))
                .unwrap_or_else(|| "(not given)".into()),
            grant.scope.as_deref().unwrap_or("(not given)"),
            if grant.refresh_token.is_some() {
                ", with a refresh token"
            } else {
                ""
            }
        ));
    }

    /// Where this caller's credentials come from, for `auth status` (see its `credentials`).
    pub fn credentials_kind(&self, entry: Option<&StoredEntry>) -> &'static str {
        let profile = self.profile();
        if profile.federated_token_file.is_some() {
            "federated"
        } else if self.ephemeral() {
            "environment"
        } else if let Some(login) = entry.and_then(|e| e.login.as_deref()) {
            if login == "device" {
                "device"
            } else {
                "web"
            }
        } else if entry.is_some_and(|e| e.client_secret.is_some()) {
            "keyring"
        } else if profile.client_auth == ClientAuth::PrivateKeyJwt
            && profile.client_key_file.is_some()
        {
            "key"
        } else {
            "none"
        }
    }

    /// The client proof for `login` (no stored entry: what was given).
    pub fn login_proof(&self) -> Result<ClientProof> {
        self.client_proof(None)
    }
}
