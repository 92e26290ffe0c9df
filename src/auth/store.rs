//! Where tokens and client secrets are kept: a [`TokenStore`] behind which sit the OS
//! keyring (`keyring` crate: Secret Service on Linux, Keychain on macOS, Credential
//! Manager on Windows), the Linux kernel keyutils keyring (headless servers, containers,
//! CI), and an in-memory store for tests. Nothing secret is ever written to a file.
//!
//! One entry per profile + token URL + client id holds everything as one small JSON
//! secret, so a warm command makes exactly one keyring read.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use super::discovery::Discovered;

/// The service name under which entries are stored in every keyring.
pub const SERVICE: &str = "locadm";
/// How long one keyring call may take before the tool gives up on that backend.
pub const KEYRING_TIMEOUT: Duration = Duration::from_secs(3);

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
        })
    }
}

/// Why a store call failed. Messages never contain a secret.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The backend is not usable here (no D-Bus session, no keyring, locked…).
    #[error("{0}")]
    Unavailable(String),
    /// The backend answered with an error.
    #[error("{0}")]
    Failed(String),
    #[error("no answer within {} s", KEYRING_TIMEOUT.as_secs())]
    Timeout,
}

/// A place to keep entries. Calls are blocking; [`call`] runs them on a blocking thread
/// under [`KEYRING_TIMEOUT`].
pub trait TokenStore: Send + Sync {
    /// A short name for messages: `secret-service`, `keyutils`, `memory`…
    fn name(&self) -> &'static str;
    fn get(&self, key: &EntryKey) -> Result<Option<StoredEntry>, StoreError>;
    fn set(&self, key: &EntryKey, entry: &StoredEntry) -> Result<(), StoreError>;
    /// Deletes the entry; `Ok(false)` when there was none.
    fn delete(&self, key: &EntryKey) -> Result<bool, StoreError>;
}

/// Runs one store call on its own thread, giving up after [`KEYRING_TIMEOUT`]: a hung
/// D-Bus must never hang the tool. A plain detached thread (not `spawn_blocking`) so that
/// a call that never returns does not keep the runtime, and the process, from ending.
pub async fn call<T, F>(store: &Arc<dyn TokenStore>, f: F) -> Result<T, StoreError>
where
    T: Send + 'static,
    F: FnOnce(&dyn TokenStore) -> Result<T, StoreError> + Send + 'static,
{
    let store = Arc::clone(store);
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("keyring".into())
        .spawn(move || {
            let _ = tx.send(f(store.as_ref()));
        })
        .map_err(|e| StoreError::Failed(format!("cannot start a thread: {e}")))?;
    match tokio::time::timeout(KEYRING_TIMEOUT, rx).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(StoreError::Failed("the keyring call panicked".into())),
        Err(_) => Err(StoreError::Timeout),
    }
}

/// An in-memory store, for tests; it forgets everything at exit.
#[derive(Default, Clone)]
pub struct MemoryStore {
    entries: Arc<Mutex<HashMap<EntryKey, Vec<u8>>>>,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    pub fn len(&self) -> usize {
        self.entries.lock().expect("store lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl TokenStore for MemoryStore {
    fn name(&self) -> &'static str {
        "memory"
    }
    fn get(&self, key: &EntryKey) -> Result<Option<StoredEntry>, StoreError> {
        let map = self.entries.lock().expect("store lock");
        map.get(key).map(|b| StoredEntry::from_bytes(b)).transpose()
    }
    fn set(&self, key: &EntryKey, entry: &StoredEntry) -> Result<(), StoreError> {
        let mut map = self.entries.lock().expect("store lock");
        map.insert(key.clone(), entry.to_bytes());
        Ok(())
    }
    fn delete(&self, key: &EntryKey) -> Result<bool, StoreError> {
        Ok(self
            .entries
            .lock()
            .expect("store lock")
            .remove(key)
            .is_some())
    }
}

/// The OS keyring through the `keyring` crate's default store for this platform: Secret
/// Service on Linux (pure Rust, over D-Bus), Keychain on macOS, Credential Manager on
/// Windows.
pub struct KeyringStore;

impl KeyringStore {
    fn entry(key: &EntryKey) -> Result<keyring::Entry, StoreError> {
        keyring::Entry::new(SERVICE, &key.account()).map_err(keyring_error)
    }
}

/// The name of the platform keyring.
pub const NATIVE_NAME: &str = if cfg!(target_os = "macos") {
    "macos-keychain"
} else if cfg!(windows) {
    "windows-credential-manager"
} else {
    "secret-service"
};

fn keyring_error(e: keyring::Error) -> StoreError {
    match e {
        keyring::Error::NoStorageAccess(inner) => StoreError::Unavailable(inner.to_string()),
        keyring::Error::PlatformFailure(inner) => StoreError::Unavailable(inner.to_string()),
        other => StoreError::Failed(other.to_string()),
    }
}

impl TokenStore for KeyringStore {
    fn name(&self) -> &'static str {
        NATIVE_NAME
    }
    fn get(&self, key: &EntryKey) -> Result<Option<StoredEntry>, StoreError> {
        match KeyringStore::entry(key)?.get_secret() {
            Ok(bytes) => StoredEntry::from_bytes(&bytes).map(Some),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(keyring_error(e)),
        }
    }
    fn set(&self, key: &EntryKey, entry: &StoredEntry) -> Result<(), StoreError> {
        KeyringStore::entry(key)?
            .set_secret(&entry.to_bytes())
            .map_err(keyring_error)
    }
    fn delete(&self, key: &EntryKey) -> Result<bool, StoreError> {
        match KeyringStore::entry(key)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring::Error::NoEntry) => Ok(false),
            Err(e) => Err(keyring_error(e)),
        }
    }
}

/// The Linux kernel keyutils keyring, usable without D-Bus (servers, containers, CI).
///
/// Entries are `user` keys in the caller's *persistent* keyring (persistent-keyring(7)),
/// which outlives processes and login sessions; the kernel drops it after
/// `/proc/sys/kernel/keys/persistent_keyring_expiry` seconds (3 days by default) without
/// use. Each process links the persistent keyring into its own process keyring, which
/// gives it possession (so the keys are readable) without touching the session keyring:
/// the stores of `keyring` 3.x add to the session keyring, which in containers and CI is
/// often missing or dies with the process. If the persistent keyring is not available
/// (kernel without `CONFIG_PERSISTENT_KEYRINGS`), the user keyring is used.
///
/// Entries live in kernel memory only: a reboot forgets them (the client secret too; run
/// `locadm login` again).
#[cfg(target_os = "linux")]
pub struct KeyutilsStore {
    ring: linux_keyutils::KeyRing,
    /// `persistent` or `user`.
    pub ring_name: &'static str,
}

#[cfg(target_os = "linux")]
impl KeyutilsStore {
    pub fn open() -> Result<KeyutilsStore, StoreError> {
        use linux_keyutils::{KeyRing, KeyRingIdentifier};
        match KeyRing::get_persistent(KeyRingIdentifier::Process) {
            Ok(ring) => Ok(KeyutilsStore {
                ring,
                ring_name: "persistent",
            }),
            Err(persistent) => match KeyRing::from_special_id(KeyRingIdentifier::User, true) {
                Ok(ring) => Ok(KeyutilsStore {
                    ring,
                    ring_name: "user",
                }),
                Err(user) => Err(StoreError::Unavailable(format!(
                    "no kernel keyring: persistent keyring: {persistent:?}; user keyring: {user:?}"
                ))),
            },
        }
    }

    fn description(key: &EntryKey) -> String {
        format!("{SERVICE}:{}", key.account())
    }

    fn find(&self, key: &EntryKey) -> Result<Option<linux_keyutils::Key>, StoreError> {
        use linux_keyutils::KeyError;
        match self.ring.search(&KeyutilsStore::description(key)) {
            Ok(k) => Ok(Some(k)),
            Err(KeyError::KeyDoesNotExist | KeyError::KeyExpired | KeyError::KeyRevoked) => {
                Ok(None)
            }
            Err(e) => Err(StoreError::Failed(format!(
                "the {} keyring refused a search: {e:?}",
                self.ring_name
            ))),
        }
    }
}

#[cfg(target_os = "linux")]
impl TokenStore for KeyutilsStore {
    fn name(&self) -> &'static str {
        "keyutils"
    }
    fn get(&self, key: &EntryKey) -> Result<Option<StoredEntry>, StoreError> {
        use linux_keyutils::KeyError;
        let Some(k) = self.find(key)? else {
            return Ok(None);
        };
        match k.read_to_vec() {
            Ok(bytes) => StoredEntry::from_bytes(&bytes).map(Some),
            Err(KeyError::KeyExpired | KeyError::KeyRevoked | KeyError::KeyDoesNotExist) => {
                Ok(None)
            }
            Err(e) => Err(StoreError::Failed(format!("cannot read the key: {e:?}"))),
        }
    }
    fn set(&self, key: &EntryKey, entry: &StoredEntry) -> Result<(), StoreError> {
        // add_key updates an existing key of the same description in place.
        self.ring
            .add_key(&KeyutilsStore::description(key), &entry.to_bytes())
            .map(|_| ())
            .map_err(|e| {
                StoreError::Failed(format!(
                    "the {} keyring refused to store the entry: {e:?}",
                    self.ring_name
                ))
            })
    }
    fn delete(&self, key: &EntryKey) -> Result<bool, StoreError> {
        let Some(k) = self.find(key)? else {
            return Ok(false);
        };
        k.invalidate()
            .map(|_| true)
            .map_err(|e| StoreError::Failed(format!("cannot delete the key: {e:?}")))
    }
}

/// A store that keeps nothing (`LOCADM_KEYRING=none`): every command gets its token from
/// `LOCADM_TOKEN` or from `LOCADM_CLIENT_ID`/`LOCADM_CLIENT_SECRET`.
pub struct NoStore;

impl TokenStore for NoStore {
    fn name(&self) -> &'static str {
        "none"
    }
    fn get(&self, _: &EntryKey) -> Result<Option<StoredEntry>, StoreError> {
        Ok(None)
    }
    fn set(&self, _: &EntryKey, _: &StoredEntry) -> Result<(), StoreError> {
        Ok(())
    }
    fn delete(&self, _: &EntryKey) -> Result<bool, StoreError> {
        Ok(false)
    }
}

/// The backend chosen for this process and why the others were left.
#[derive(Clone)]
pub struct Backend {
    pub store: Arc<dyn TokenStore>,
    /// One line per backend that was tried and left, with the reason.
    pub skipped: Vec<String>,
    /// Why this one: `forced by LOCADM_KEYRING`, `first that worked`…
    pub reason: String,
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Backend")
            .field("store", &self.store.name())
            .field("skipped", &self.skipped)
            .field("reason", &self.reason)
            .finish()
    }
}

/// The values `LOCADM_KEYRING` accepts.
pub const BACKEND_NAMES: &[&str] = &[
    "secret-service",
    "keychain",
    "credential-manager",
    "native",
    "keyutils",
    "none",
];

/// Chooses the store: `LOCADM_KEYRING` when set, else the OS keyring (on Linux only when a
/// D-Bus session bus is there and it answers within the timeout), else (Linux) kernel
/// keyutils. `probe` is the entry to read to prove a backend works.
pub async fn select(forced: Option<&str>, probe: &EntryKey) -> Result<Backend, String> {
    if let Some(name) = forced {
        let store = open_named(name)?;
        return Ok(Backend {
            store,
            skipped: Vec::new(),
            reason: "chosen by LOCADM_KEYRING".into(),
        });
    }
    let mut skipped = Vec::new();
    let native_possible = if cfg!(target_os = "linux") {
        match std::env::var_os("DBUS_SESSION_BUS_ADDRESS") {
            Some(v) if !v.is_empty() => true,
            _ => {
                skipped.push(format!(
                    "{NATIVE_NAME}: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset)"
                ));
                false
            }
        }
    } else {
        true
    };
    if native_possible {
        let store: Arc<dyn TokenStore> = Arc::new(KeyringStore);
        let key = probe.clone();
        match call(&store, move |s| s.get(&key)).await {
            Ok(_) => {
                return Ok(Backend {
                    store,
                    skipped,
                    reason: "the OS keyring answered".into(),
                })
            }
            Err(e) => skipped.push(format!("{NATIVE_NAME}: {e}")),
        }
    }
    #[cfg(target_os = "linux")]
    {
        match KeyutilsStore::open() {
            Ok(store) => {
                return Ok(Backend {
                    reason: format!("kernel keyutils, {} keyring", store.ring_name),
                    store: Arc::new(store),
                    skipped,
                })
            }
            Err(e) => skipped.push(format!("keyutils: {e}")),
        }
    }
    Err(skipped.join("; "))
}

fn open_named(name: &str) -> Result<Arc<dyn TokenStore>, String> {
    match name {
        "secret-service" | "keychain" | "credential-manager" | "native" => {
            Ok(Arc::new(KeyringStore))
        }
        #[cfg(target_os = "linux")]
        "keyutils" => KeyutilsStore::open()
            .map(|s| Arc::new(s) as Arc<dyn TokenStore>)
            .map_err(|e| format!("keyutils: {e}")),
        #[cfg(not(target_os = "linux"))]
        "keyutils" => Err("keyutils: the kernel keyring exists only on Linux".into()),
        "none" => Ok(Arc::new(NoStore)),
        other => Err(format!(
            "LOCADM_KEYRING=`{other}` is not a keyring backend (expected one of: {})",
            BACKEND_NAMES.join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(profile: &str) -> EntryKey {
        EntryKey {
            config_file: "/home/ops/.config/locadm/config.toml".into(),
            profile: profile.into(),
            token_url: "https://auth.example/token".into(),
            client_id: "admin".into(),
        }
    }

    fn entry() -> StoredEntry {
        StoredEntry {
            token: Some(SecretString::from("tok-123")),
            expires_at: Some(1_000),
            scope: Some("can-read-locations".into()),
            client_secret: Some(SecretString::from("s3cret")),
            lifetime: Some(3600),
            binding: Some("hmac-sha256:00:00".into()),
            refresh_token: Some(SecretString::from("refresh-456")),
            login: Some("web".into()),
            discovery: None,
        }
    }

    #[test]
    fn memory_store_get_set_delete() {
        let store = MemoryStore::new();
        assert!(store.get(&key("a")).unwrap().is_none());
        store.set(&key("a"), &entry()).unwrap();
        let got = store.get(&key("a")).unwrap().unwrap();
        assert_eq!(got.token.unwrap().expose_secret(), "tok-123");
        assert_eq!(got.expires_at, Some(1_000));
        assert!(store.get(&key("b")).unwrap().is_none(), "keyed by profile");
        assert!(store.delete(&key("a")).unwrap());
        assert!(!store.delete(&key("a")).unwrap());
    }

    #[test]
    fn debug_redacts_secrets() {
        let shown = format!("{:?}", entry());
        assert!(
            !shown.contains("tok-123")
                && !shown.contains("s3cret")
                && !shown.contains("refresh-456"),
            "{shown}"
        );
    }

    /// The `keyring` crate's mock store, through the same calls as `KeyringStore`.
    #[test]
    fn keyring_mock_round_trip_and_errors() {
        let cred = keyring::mock::default_credential_builder()
            .build(None, SERVICE, &key("m").account())
            .unwrap();
        let e = keyring::Entry::new_with_credential(cred);
        e.set_secret(&entry().to_bytes()).unwrap();
        let back = StoredEntry::from_bytes(&e.get_secret().unwrap()).unwrap();
        assert_eq!(back.client_secret.unwrap().expose_secret(), "s3cret");
        let mock: &keyring::mock::MockCredential = e.get_credential().downcast_ref().unwrap();
        mock.set_error(keyring::Error::NoStorageAccess("locked".into()));
        let err = keyring_error(e.get_secret().unwrap_err());
        assert!(matches!(err, StoreError::Unavailable(_)), "{err:?}");
        assert_eq!(e.delete_credential().ok(), Some(()));
        assert!(matches!(e.get_secret(), Err(keyring::Error::NoEntry)));
    }

    struct Hung;
    impl TokenStore for Hung {
        fn name(&self) -> &'static str {
            "hung"
        }
        fn get(&self, _: &EntryKey) -> Result<Option<StoredEntry>, StoreError> {
            std::thread::sleep(Duration::from_secs(30));
            Ok(None)
        }
        fn set(&self, _: &EntryKey, _: &StoredEntry) -> Result<(), StoreError> {
            Ok(())
        }
        fn delete(&self, _: &EntryKey) -> Result<bool, StoreError> {
            Ok(false)
        }
    }

    #[tokio::test]
    async fn a_hung_store_times_out() {
        let store: Arc<dyn TokenStore> = Arc::new(Hung);
        let started = std::time::Instant::now();
        let k = key("h");
        let result = call(&store, move |s| s.get(&k)).await;
        assert!(matches!(result, Err(StoreError::Timeout)));
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[tokio::test]
    async fn unknown_forced_backend_is_named() {
        let err = select(Some("file"), &key("x")).await.unwrap_err();
        assert!(err.contains("LOCADM_KEYRING=`file`"), "{err}");
    }
}
