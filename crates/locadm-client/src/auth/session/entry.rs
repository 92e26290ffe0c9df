//! The session's keyring entry: which entry is this caller's (the config file, profile,
//! token URL and client id name it), the backend it lives in, reading it once (moving an
//! earlier version's), the part of it this caller may use, and writing and deleting it.

use secrecy::SecretString;

use super::Session;
use crate::auth::hints::login_hint;
use crate::auth::id_token::Who;
use crate::auth::store::{self, Backend, EntryKey, StoredEntry};
use crate::auth::{binding, oauth};
use crate::error::{Error, Result};

impl Session {
    /// The keyring entry's identity, or an auth error naming what is missing.
    pub fn entry_key(&self) -> Result<EntryKey> {
        // The token URL names the entry when given (it wins over discovery), else the
        // issuer whose document names the token endpoint.
        let authority = self
            .profile
            .token_url
            .as_ref()
            .or(self.profile.issuer.as_ref())
            .ok_or_else(|| self.no_authority())?;
        let client_id = self.profile.client_id.as_ref().ok_or_else(|| {
            match self.profile.missing_profile() {
                Some((message, hint)) => Error::auth(message).with_hint(hint),
                None => Error::auth(format!("no client id for profile `{}`", self.profile.name))
                    .with_hint(login_hint()),
            }
        })?;
        Ok(EntryKey {
            config_file: self.config_file(),
            profile: self.profile.name.clone(),
            token_url: authority.to_string(),
            client_id: client_id.clone(),
        })
    }

    pub(super) fn no_authority(&self) -> Error {
        if let Some((message, hint)) = self.profile.missing_profile() {
            return Error::auth(message).with_hint(hint);
        }
        let profile = &self.profile.name;
        Error::auth(format!("no token URL or issuer for profile `{profile}`")).with_hint(format!(
            "{}; the token URL is `--token-url` or LOCADM_TOKEN_URL, an OpenID provider `--issuer` or LOCADM_ISSUER",
            login_hint()
        ))
    }

    /// The config file as part of an entry's identity: absolute, so that the same file
    /// named two ways is one scope.
    fn config_file(&self) -> String {
        let path = &self.profile.config_file;
        std::path::absolute(path)
            .unwrap_or_else(|_| path.clone())
            .display()
            .to_string()
    }

    /// The keyring backend, chosen on first use.
    pub async fn backend(&self) -> Result<&Backend> {
        if let Some(name) = &self.forced_backend {
            if !store::BACKEND_NAMES.contains(&name.as_str()) {
                return Err(Error::usage(format!(
                    "LOCADM_KEYRING=`{name}` is not a keyring backend"
                ))
                .with_hint(format!("use one of: {}", store::BACKEND_NAMES.join(", "))));
            }
        }
        let probe = self.entry_key().unwrap_or_else(|_| EntryKey {
            config_file: self.config_file(),
            profile: self.profile.name.clone(),
            token_url: String::new(),
            client_id: String::new(),
        });
        let chosen = self
            .backend
            .get_or_init(|| async {
                let chosen = store::select(self.forced_backend.as_deref(), &probe).await;
                match &chosen {
                    Ok(b) => {
                        for skipped in &b.skipped {
                            self.verbose.line(&format!("keyring: left {skipped}"));
                        }
                        self.verbose.line(&format!(
                            "keyring: using {} ({})",
                            b.store.name(),
                            b.reason
                        ));
                    }
                    Err(e) => self
                        .verbose
                        .line(&format!("keyring: no backend works: {e}")),
                }
                chosen
            })
            .await;
        chosen.as_ref().map_err(|reasons| {
            Error::auth(format!("no keyring backend works here ({reasons})")).with_hint(
                "set LOCADM_TOKEN, or LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET (nothing is cached then), or choose a backend with LOCADM_KEYRING",
            )
        })
    }

    /// The stored entry (read once per process), without fetching anything.
    pub async fn stored_entry(&self) -> Result<Option<StoredEntry>> {
        if let Some(entry) = self.cached.lock().expect("session lock").clone() {
            return Ok(Some(entry));
        }
        let key = self.entry_key()?;
        let backend = self.backend().await?;
        let unreadable = |e: store::StoreError| {
            Error::auth(format!("cannot read the {} keyring", backend.store.name()))
                .with_source(e)
                .with_hint("set LOCADM_TOKEN, or choose another backend with LOCADM_KEYRING")
        };
        let k = key.clone();
        let mut found = store::call(&backend.store, move |s| s.get(&k))
            .await
            .map_err(unreadable)?;
        if found.is_none() {
            found = self
                .migrate_legacy(&key, backend)
                .await
                .map_err(unreadable)?;
        }
        let found = found.map(|entry| self.usable_part(entry));
        if let Some(entry) = &found {
            *self.cached.lock().expect("session lock") = Some(entry.clone());
        }
        Ok(found)
    }

    /// An entry written under the account name of versions before the config file was
    /// part of it (`EntryKey::legacy`): moved to the current name, so that it is found
    /// (its secret still works) and `logout` can remove it.
    async fn migrate_legacy(
        &self,
        key: &EntryKey,
        backend: &Backend,
    ) -> std::result::Result<Option<StoredEntry>, store::StoreError> {
        let legacy = key.legacy();
        let found = store::call(&backend.store, move |s| {
            let found = s.get(&legacy)?;
            Ok(found.map(|entry| (entry, legacy)))
        })
        .await?;
        let Some((entry, legacy)) = found else {
            return Ok(None);
        };
        self.verbose
            .line("keyring: moved an entry of an earlier version to the current name");
        let (k, e) = (key.clone(), entry.clone());
        store::call(&backend.store, move |s| {
            s.set(&k, &e)?;
            s.delete(&legacy).map(|_| ())
        })
        .await?;
        Ok(Some(entry))
    }

    /// The entry as this caller may use it: its token (and the scope granted with it) only
    /// when the caller presents the credential that got the token, checked against the
    /// entry's binding (`credentials.rs` says what each caller presents). A person's
    /// login is held by whoever holds the entry (its refresh token is in it).
    pub(super) fn usable_part(&self, mut entry: StoredEntry) -> StoredEntry {
        if entry.token.is_none() {
            return entry;
        }
        let holder = if entry.login.is_some() && !self.ephemeral() {
            true
        } else {
            match (&entry.binding, self.presented(&entry)) {
                (Some(binding), Ok(Some(material))) => binding::holds(binding, &material),
                // No binding (an entry of an older version) or nothing presented: nothing
                // proves the caller may use it.
                _ => false,
            }
        };
        if !holder {
            self.verbose.line(
                "token: the cached token was got with other credentials than these; not used",
            );
            entry.token = None;
            entry.scope = None;
            entry.expires_at = None;
            entry.lifetime = None;
        }
        entry
    }

    /// Writes the entry; a failure is reported, not fatal: the token is still used.
    pub(super) async fn save(&self, key: &EntryKey, entry: &StoredEntry) {
        *self.cached.lock().expect("session lock") = Some(entry.clone());
        let backend = match self.backend().await {
            Ok(b) => b,
            Err(e) => {
                self.verbose.line(&format!("keyring: not cached: {e}"));
                return;
            }
        };
        let (k, e) = (key.clone(), entry.clone());
        if let Err(err) = store::call(&backend.store, move |s| s.set(&k, &e)).await {
            self.verbose.line(&format!(
                "keyring: cannot cache the token in {}: {err}",
                backend.store.name()
            ));
        }
    }

    /// Stores a login: the client secret when one was given (a key stays where it is)
    /// and the first token, or a person's tokens. Errors are fatal here.
    pub async fn store_login(
        &self,
        secret: Option<SecretString>,
        grant: &oauth::Grant,
        material: Option<&SecretString>,
        person: Option<&str>,
        who: Option<Who>,
    ) -> Result<()> {
        let key = self.entry_key()?;
        let mut entry = StoredEntry::default();
        self.take_grant(&mut entry, grant, material);
        entry.client_secret = secret;
        entry.login = person.map(str::to_owned);
        entry.who = who;
        let backend = self.backend().await?;
        let e = entry.clone();
        store::call(&backend.store, move |s| s.set(&key, &e))
            .await
            .map_err(|err| {
                let store = backend.store.name();
                Error::auth(format!("cannot store the login in {store}: {err}")).with_hint(
                    "choose another backend with LOCADM_KEYRING, or use LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET without logging in",
                )
            })?;
        *self.cached.lock().expect("session lock") = Some(entry);
        Ok(())
    }

    /// A person's login the provider refused to renew: its tokens are deleted, and what
    /// is left says so (who it was, that it ended) until the next login or `logout`.
    pub async fn end_login(&self, entry: &StoredEntry) {
        let Ok(key) = self.entry_key() else {
            return;
        };
        let ended = StoredEntry {
            login: entry.login.clone(),
            who: entry.who.clone(),
            discovery: entry.discovery.clone(),
            ended: true,
            ..StoredEntry::default()
        };
        self.verbose
            .line("keyring: the login has ended; its tokens are removed");
        self.save(&key, &ended).await;
    }

    /// Deletes the profile's entry; `Ok(false)` when there was none.
    pub async fn forget(&self) -> Result<bool> {
        let key = self.entry_key()?;
        let backend = self.backend().await?;
        *self.cached.lock().expect("session lock") = None;
        // An entry under an earlier version's name goes too (`EntryKey::legacy`).
        store::call(&backend.store, move |s| {
            let legacy = s.delete(&key.legacy())?;
            Ok(s.delete(&key)? || legacy)
        })
        .await
        .map_err(|err| {
            Error::other(format!(
                "cannot delete the entry from {}: {err}",
                backend.store.name()
            ))
        })
    }
}
