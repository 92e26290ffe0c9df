//! The authentication state of one invocation: the token every request of it carries,
//! from the environment, the keyring cache or the token endpoint, renewed under one lock.

mod entry;

use std::sync::{Arc, Mutex};

use secrecy::SecretString;

use super::clock::{is_fresh, relative, Clock, SystemClock};
use super::discovery::{self, Discovered};
use super::hints::log_in;
use super::profile::Profile;
use super::store::{self, Backend, StoredEntry};
use super::{binding, oauth};
use crate::api::{Observer, Silent, Trace};
use crate::error::{Error, Result};
use crate::service_url::ServiceUrl;
use crate::transport::Transport;

/// Where the token of this session comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenOrigin {
    /// `LOCADM_TOKEN`, used as-is.
    Environment,
    /// The keyring cache or the token endpoint.
    ClientCredentials,
}

/// The authentication state of one invocation, shared by every request it makes.
pub struct Session {
    profile: Profile,
    transport: Transport,
    clock: Arc<dyn Clock>,
    verbose: Trace,
    pub(super) env_token: Option<SecretString>,
    pub(super) env_secret: Option<SecretString>,
    /// `LOCADM_CLIENT_KEY`: the client's private key as PEM text.
    pub(super) env_key: Option<SecretString>,
    forced_backend: Option<String>,
    /// Set by `with_store` (tests) or chosen on first use.
    backend: tokio::sync::OnceCell<std::result::Result<Backend, String>>,
    /// The entry as last read or written.
    cached: Mutex<Option<StoredEntry>>,
    /// The issuer's discovery document, once read (from the entry or the provider).
    discovered: Mutex<Option<Discovered>>,
    /// The client's private key, parsed once per run (`private_key_jwt`).
    pub(super) client_key: std::sync::OnceLock<Arc<super::client_key::ClientKey>>,
    /// Serialises fetches so concurrent requests share one renewal.
    fetching: tokio::sync::Mutex<()>,
}

/// Redacted: the token and secret show as `[REDACTED]` (secrecy), the cached entry through
/// its own redacting `Debug`. Safe in a panic message or a log line.
impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("profile", &self.profile)
            .field("env_token", &self.env_token)
            .field("env_secret", &self.env_secret)
            .field("env_key", &self.env_key.as_ref().map(|_| "[REDACTED]"))
            .field("forced_backend", &self.forced_backend)
            .field("cached", &self.cached)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// The session of one run: tokens for `profile`, fetched over `transport` (the
    /// run's one transport, which the service's requests share), on the system clock,
    /// saying nothing.
    pub fn new(profile: Profile, transport: Transport) -> Session {
        let secrets = profile.secrets.clone();
        Session {
            profile,
            transport,
            clock: Arc::new(SystemClock),
            verbose: Trace::new(Arc::new(Silent)),
            env_token: secrets.token,
            env_secret: secrets.client_secret,
            env_key: secrets.client_key,
            forced_backend: secrets.keyring,
            backend: tokio::sync::OnceCell::new(),
            cached: Mutex::new(None),
            discovered: Mutex::new(None),
            client_key: std::sync::OnceLock::new(),
            fetching: tokio::sync::Mutex::new(()),
        }
    }

    /// Replaces the clock (tests).
    #[cfg(test)]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Session {
        self.clock = clock;
        self
    }

    /// Says its decisions (backend choice, token fetches) in `observer`'s trace.
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> Session {
        self.verbose = Trace::new(observer);
        self
    }

    /// Uses this store instead of choosing one (tests).
    pub fn with_store(self, store: Arc<dyn store::TokenStore>) -> Session {
        let backend = Backend {
            store,
            skipped: Vec::new(),
            reason: "given by the caller".into(),
        };
        let _ = self.backend.set(Ok(backend));
        self
    }

    /// Overrides the environment's `LOCADM_TOKEN` / `LOCADM_CLIENT_SECRET` (tests, login).
    pub fn with_env(
        mut self,
        token: Option<SecretString>,
        secret: Option<SecretString>,
    ) -> Session {
        self.env_token = token;
        self.env_secret = secret;
        self
    }

    /// Overrides `LOCADM_CLIENT_KEY` (login takes the key it was given).
    pub fn with_env_key(mut self, key: Option<SecretString>) -> Session {
        self.env_key = key;
        self
    }

    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.transport.http
    }

    /// The HTTP client and its TLS configuration, for an API client on this session.
    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    pub(super) fn verbose(&self) -> &Trace {
        &self.verbose
    }

    pub fn token_origin(&self) -> TokenOrigin {
        if self.env_token.is_some() {
            TokenOrigin::Environment
        } else {
            TokenOrigin::ClientCredentials
        }
    }

    /// The token to send without waiting, if there is one: the given one
    /// (`LOCADM_TOKEN`), or the cached one while it is fresh. The hot path of a bulk run
    /// (a call a request), without queueing on the renewal lock or cloning the whole entry.
    fn token_at_hand(&self) -> Option<SecretString> {
        if let Some(token) = &self.env_token {
            return Some(token.clone());
        }
        let cached = self.cached.lock().expect("session lock");
        match &*cached {
            Some(StoredEntry {
                token: Some(token),
                expires_at,
                lifetime,
                ..
            }) if is_fresh(*expires_at, *lifetime, self.clock.now()) => Some(token.clone()),
            _ => None,
        }
    }

    /// The bearer token for the next request.
    pub async fn bearer(&self) -> Result<SecretString> {
        if let Some(token) = self.token_at_hand() {
            return Ok(token);
        }
        let _guard = self.fetching.lock().await;
        let entry = self.stored_entry().await?;
        if let Some(StoredEntry {
            token: Some(token),
            expires_at,
            lifetime,
            ..
        }) = &entry
        {
            if is_fresh(*expires_at, *lifetime, self.clock.now()) {
                self.verbose.line("token: using the cached token");
                return Ok(token.clone());
            }
            let now = self.clock.now();
            self.verbose.line(&match expires_at {
                Some(at) if *at < now => format!(
                    "token: the cached token expired {}; renewing",
                    relative(*at, now)
                ),
                Some(at) => format!(
                    "token: the cached token expires {} (within the renewal margin); renewing",
                    relative(*at, now)
                ),
                None => "token: the cached token is not usable; renewing".to_owned(),
            });
        }
        self.fetch_and_save(entry).await
    }

    /// After a 401: a fresh token, once, when the client secret is available; otherwise
    /// an auth error telling to run `locadm login`.
    pub async fn renew(&self) -> Result<SecretString> {
        if self.env_token.is_some() {
            return Err(
                Error::auth("the service refused the token in LOCADM_TOKEN (401)").with_hint(
                    "put a new token in LOCADM_TOKEN (it is never renewed), or unset it to log in another way (`locadm help environment`)",
                ),
            );
        }
        self.verbose
            .line("token: the service refused the token; fetching a new one");
        self.fetch_locked().await
    }

    /// A new token, under the renewal lock.
    async fn fetch_locked(&self) -> Result<SecretString> {
        let _guard = self.fetching.lock().await;
        let entry = self.stored_entry().await?;
        self.fetch_and_save(entry).await
    }

    /// After a 401 for `refused`: when concurrent requests share this session, the first
    /// one renews and the others get its new token instead of renewing again.
    pub async fn renew_refused(&self, refused: &SecretString) -> Result<SecretString> {
        use secrecy::ExposeSecret;
        if self.env_token.is_none() {
            let _guard = self.fetching.lock().await;
            let current = self.cached.lock().expect("session lock").clone();
            if let Some(StoredEntry {
                token: Some(token),
                expires_at,
                lifetime,
                ..
            }) = current
            {
                if token.expose_secret() != refused.expose_secret()
                    && is_fresh(expires_at, lifetime, self.clock.now())
                {
                    return Ok(token);
                }
            }
        }
        self.renew().await
    }

    /// The scope granted with the current token, when known (for 403 messages).
    pub fn granted_scope(&self) -> Option<Vec<String>> {
        self.cached
            .lock()
            .expect("session lock")
            .as_ref()
            .and_then(|e| e.scope.as_ref())
            .map(|s| s.split_whitespace().map(str::to_owned).collect())
    }

    async fn fetch_and_save(&self, entry: Option<StoredEntry>) -> Result<SecretString> {
        let key = self.entry_key()?;
        let mut next = entry.unwrap_or_default();
        let (grant, material) = self.fetch_for(&next).await?;
        self.take_grant(&mut next, &grant, material.as_ref());
        // Credentials given only in the environment leave no trace unless the profile
        // asks for it (`cache_env_token`); a secret from the environment is never written
        // (only `locadm login` stores one).
        if self.caches_tokens() {
            self.save(&key, &next).await;
        } else {
            self.verbose
                .line("token: credentials from the environment; the token is not cached");
            *self.cached.lock().expect("session lock") = Some(next);
        }
        Ok(grant.token)
    }

    /// Puts a new token into `entry`, bound to the credential that got it.
    pub(super) fn take_grant(
        &self,
        entry: &mut StoredEntry,
        grant: &oauth::Grant,
        material: Option<&SecretString>,
    ) {
        entry.token = Some(grant.token.clone());
        entry.lifetime = grant.expires_in.map(|d| d.as_secs());
        entry.expires_at = entry.lifetime.map(|l| self.clock.now().saturating_add(l));
        entry.scope = grant.scope.clone();
        if grant.refresh_token.is_some() {
            entry.refresh_token = grant.refresh_token.clone();
        }
        // A person's login has nothing to bind to: the entry itself is the credential.
        entry.binding = material.map(binding::bind);
        if let Some(discovered) = self.discovered.lock().expect("session lock").clone() {
            entry.discovery = Some(discovered);
        }
    }

    /// The issuer's discovery document when the profile names an issuer: the one in
    /// memory or in the entry while fresh, else fetched.
    pub(super) async fn discovered(
        &self,
        entry: Option<&StoredEntry>,
    ) -> Result<Option<Discovered>> {
        let Some(issuer) = &self.profile.issuer else {
            return Ok(None);
        };
        let now = self.clock.now();
        let known = self
            .discovered
            .lock()
            .expect("session lock")
            .clone()
            .or_else(|| entry.and_then(|e| e.discovery.clone()));
        if let Some(known) = known.filter(|d| d.is_fresh(now)) {
            *self.discovered.lock().expect("session lock") = Some(known.clone());
            return Ok(Some(known));
        }
        self.verbose.line(&format!(
            "discovery: GET {}",
            discovery::document_url(issuer)
        ));
        let fresh = discovery::fetch(self.http(), issuer, self.profile.allow_http, now).await?;
        *self.discovered.lock().expect("session lock") = Some(fresh.clone());
        Ok(Some(fresh))
    }

    /// The token endpoint: `token_url` when given, else the issuer's.
    pub(super) async fn token_endpoint(&self, entry: Option<&StoredEntry>) -> Result<ServiceUrl> {
        if let Some(url) = &self.profile.token_url {
            return Ok(url.clone());
        }
        match self.discovered(entry).await? {
            Some(d) => Ok(d
                .metadata
                .endpoint("token_endpoint", self.profile.allow_http)?
                .expect("a token endpoint is required by the document's type")),
            None => Err(self.no_authority()),
        }
    }

    pub fn now(&self) -> u64 {
        self.clock.now()
    }
}

impl crate::api::TokenSource for Session {
    fn bearer(&self) -> crate::api::BoxFuture<'_, Result<SecretString>> {
        Box::pin(Session::bearer(self))
    }

    fn at_hand(&self) -> Option<SecretString> {
        self.token_at_hand()
    }

    fn renew<'a>(
        &'a self,
        refused: &'a SecretString,
    ) -> crate::api::BoxFuture<'a, Result<SecretString>> {
        Box::pin(self.renew_refused(refused))
    }

    fn fetch_new(&self) -> crate::api::BoxFuture<'_, Result<SecretString>> {
        Box::pin(async {
            match &self.env_token {
                Some(token) => Ok(token.clone()),
                None => self.fetch_locked().await,
            }
        })
    }

    fn granted_scope(&self) -> Option<Vec<String>> {
        Session::granted_scope(self)
    }

    fn refused_hint(&self) -> String {
        log_in("run `locadm login`, or check `LOCADM_TOKEN`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;
    use std::sync::atomic::{AtomicU64, Ordering};

    struct TestClock(AtomicU64);
    impl Clock for TestClock {
        fn now(&self) -> u64 {
            self.0.load(Ordering::SeqCst)
        }
    }

    fn profile() -> Profile {
        Profile {
            name: "t".into(),
            config_file: "c.toml".into(),
            // A port that refuses connections: any fetch fails with exit 6.
            token_url: Some(
                ServiceUrl::parse("token_url", "http://127.0.0.1:9/token", false).unwrap(),
            ),
            client_id: Some("admin".into()),
            ..Profile::default()
        }
    }

    fn session(store: &store::MemoryStore, clock: Arc<TestClock>) -> Session {
        let options = crate::transport::TransportOptions {
            timeout: std::time::Duration::from_secs(2),
            ca_cert: None,
            https: false,
        };
        Session::new(profile(), Transport::new(&options).unwrap())
            .with_env(None, None)
            .with_store(Arc::new(store.clone()))
            .with_clock(clock)
    }

    #[test]
    fn debug_output_never_shows_a_secret() {
        const TOKEN: &str = "tok-Very-Secret-1";
        const SECRET: &str = "sec-Very-Secret-2";
        let store = store::MemoryStore::new();
        let s = session(&store, Arc::new(TestClock(AtomicU64::new(0)))).with_env(
            Some(SecretString::from(TOKEN)),
            Some(SecretString::from(SECRET)),
        );
        *s.cached.lock().unwrap() = Some(StoredEntry {
            token: Some(SecretString::from(TOKEN)),
            expires_at: Some(1),
            scope: Some("can-read-locations".into()),
            client_secret: Some(SecretString::from(SECRET)),
            ..Default::default()
        });
        let grant = oauth::Grant {
            token: SecretString::from(TOKEN),
            expires_in: None,
            scope: None,
            refresh_token: Some(SecretString::from(SECRET)),
            id_token: Some(SecretString::from(SECRET)),
        };
        for text in [
            format!("{s:?}"),
            format!("{s:#?}"),
            format!("{:?}", s.profile()),
            format!("{grant:?}"),
            format!("{:?}", s.cached.lock().unwrap()),
        ] {
            assert!(!text.contains(TOKEN) && !text.contains(SECRET), "{text}");
        }
        assert!(format!("{s:?}").contains("REDACTED"));
        // A panic that formats the session does not carry the secret either.
        let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            panic!("session in a bad state: {s:?}")
        }))
        .unwrap_err();
        let message = payload.downcast_ref::<String>().unwrap();
        assert!(!message.contains(TOKEN) && !message.contains(SECRET));
    }

    #[tokio::test]
    async fn cached_token_is_used_until_60_s_before_expiry() {
        let store = store::MemoryStore::new();
        let clock = Arc::new(TestClock(AtomicU64::new(10_000)));
        let s = session(&store, clock.clone());
        let key = s.entry_key().unwrap();
        use store::TokenStore;
        store
            .set(
                &key,
                &StoredEntry {
                    token: Some(SecretString::from("cached")),
                    expires_at: Some(10_000 + 120),
                    scope: Some("can-read-locations".into()),
                    client_secret: Some(SecretString::from("s")),
                    binding: Some(binding::bind(&SecretString::from("s"))),
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(s.bearer().await.unwrap().expose_secret(), "cached");
        assert_eq!(
            s.granted_scope(),
            Some(vec!["can-read-locations".to_string()])
        );
        // 61 s later the token is within the margin: a fetch is attempted (and fails
        // here, since nothing listens on the token URL).
        clock.0.store(10_000 + 61, Ordering::SeqCst);
        let err = s.bearer().await.unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Unavailable, "{err}");
        assert!(err.to_string().contains("127.0.0.1:9"), "{err}");
    }

    #[tokio::test]
    async fn a_token_renewed_meanwhile_is_shared() {
        let store = store::MemoryStore::new();
        let s = session(&store, Arc::new(TestClock(AtomicU64::new(0))));
        use store::TokenStore;
        store
            .set(
                &s.entry_key().unwrap(),
                &StoredEntry {
                    token: Some(SecretString::from("new")),
                    expires_at: Some(3600),
                    client_secret: Some(SecretString::from("s")),
                    binding: Some(binding::bind(&SecretString::from("s"))),
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(s.bearer().await.unwrap().expose_secret(), "new");
        let got = s.renew_refused(&SecretString::from("old")).await.unwrap();
        assert_eq!(got.expose_secret(), "new");
        // The refused token itself is renewed (the token URL refuses here: exit 6).
        let err = s
            .renew_refused(&SecretString::from("new"))
            .await
            .unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Unavailable);
    }

    /// Issue 15, item 1: a cached token is used only by a caller holding the secret that
    /// got it; with another secret, or none, a fresh one is fetched (or none is had).
    #[tokio::test]
    async fn a_cached_token_is_only_used_with_the_secret_that_got_it() {
        use store::TokenStore;
        let store = store::MemoryStore::new();
        let cached_by = |secret: Option<&str>| StoredEntry {
            token: Some(SecretString::from("cached")),
            expires_at: Some(3600),
            binding: Some(binding::bind(&SecretString::from("right"))),
            client_secret: secret.map(SecretString::from),
            ..Default::default()
        };
        let with = |env: Option<&str>| {
            session(&store, Arc::new(TestClock(AtomicU64::new(0))))
                .with_env(None, env.map(SecretString::from))
        };
        let key = with(None).entry_key().unwrap();
        // Cached with the environment's secret (no secret stored).
        store.set(&key, &cached_by(None)).unwrap();
        assert_eq!(
            with(Some("right")).bearer().await.unwrap().expose_secret(),
            "cached"
        );
        // A wrong secret: a fetch (refused here, exit 6), never the cached token.
        let err = with(Some("wrong")).bearer().await.unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Unavailable, "{err}");
        // No secret at all: not logged in (exit 3), and no request.
        let err = with(None).bearer().await.unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Auth, "{err}");
        // A login's own secret holds the binding; the environment's, when given, decides.
        store.set(&key, &cached_by(Some("right"))).unwrap();
        assert_eq!(with(None).bearer().await.unwrap().expose_secret(), "cached");
        let err = with(Some("wrong")).bearer().await.unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Unavailable, "{err}");
        // An entry of an older version (no binding) proves nothing.
        let mut old = cached_by(Some("right"));
        old.binding = None;
        store.set(&key, &old).unwrap();
        assert!(with(None).bearer().await.is_err());
    }

    /// An entry stored under the name of versions before the config file was part of it
    /// is found (its secret works), moved to the current name, and `logout` removes it.
    #[tokio::test]
    async fn an_entry_of_an_earlier_version_is_moved_and_can_be_forgotten() {
        use store::TokenStore;
        let store = store::MemoryStore::new();
        let s = session(&store, Arc::new(TestClock(AtomicU64::new(0))));
        let key = s.entry_key().unwrap();
        let old = StoredEntry {
            client_secret: Some(SecretString::from("kept")),
            ..Default::default()
        };
        store.set(&key.legacy(), &old).unwrap();
        assert_ne!(key.legacy().account(), key.account());
        let found = s.stored_entry().await.unwrap().unwrap();
        assert_eq!(found.client_secret.unwrap().expose_secret(), "kept");
        assert!(
            store.get(&key).unwrap().is_some(),
            "moved to the current name"
        );
        assert!(
            store.get(&key.legacy()).unwrap().is_none(),
            "the old name is gone"
        );

        // `logout` also removes an entry still under the old name.
        store.set(&key.legacy(), &old).unwrap();
        assert!(s.forget().await.unwrap());
        assert!(store.is_empty(), "{} left", store.len());
    }

    #[tokio::test]
    async fn without_a_secret_renewal_asks_for_login() {
        let store = store::MemoryStore::new();
        let s = session(&store, Arc::new(TestClock(AtomicU64::new(0))));
        let err = s.renew().await.unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Auth);
        assert_eq!(err.hint(), Some(crate::auth::hints::login_hint().as_str()));
    }

    #[tokio::test]
    async fn env_token_is_used_as_is_and_nothing_is_stored() {
        let store = store::MemoryStore::new();
        let s = session(&store, Arc::new(TestClock(AtomicU64::new(0))))
            .with_env(Some(SecretString::from("from-env")), None);
        assert_eq!(s.bearer().await.unwrap().expose_secret(), "from-env");
        assert!(store.is_empty());
        assert_eq!(
            s.renew().await.unwrap_err().exit(),
            crate::error::Exit::Auth
        );
    }
}
