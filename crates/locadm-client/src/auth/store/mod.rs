//! Where tokens and client secrets are kept: a [`TokenStore`] behind which sit the OS
//! keyring (`keyring` crate: Secret Service on Linux, Keychain on macOS, Credential
//! Manager on Windows), the Linux kernel keyutils keyring (headless servers, containers,
//! CI), and an in-memory store for tests. Nothing secret is ever written to a file.
//!
//! One entry per profile + token URL + client id holds everything as one small JSON
//! secret, so a warm command makes exactly one keyring read.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

mod backends;
mod entry;

pub use backends::{KeyringStore, KeyutilsStore, MemoryStore, NoStore, NATIVE_NAME};
pub use entry::{EntryKey, StoredEntry};

/// The service name under which entries are stored in every keyring.
pub const SERVICE: &str = "locadm";
/// How long one keyring call may take before the tool gives up on that backend.
pub const KEYRING_TIMEOUT: Duration = Duration::from_secs(3);

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
    use secrecy::{ExposeSecret, SecretString};

    use super::backends::keyring_error;
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
            who: Some(crate::auth::id_token::Who::client("admin")),
            ended: true,
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

    /// The mock store of `keyring-core` (the crate under `keyring`), through the same
    /// calls as `KeyringStore`.
    #[test]
    fn keyring_mock_round_trip_and_errors() {
        use keyring_core::api::CredentialStoreApi;
        let store = keyring_core::mock::Store::new().unwrap();
        let e = store.build(SERVICE, &key("m").account(), None).unwrap();
        e.set_secret(&entry().to_bytes()).unwrap();
        let back = StoredEntry::from_bytes(&e.get_secret().unwrap()).unwrap();
        assert_eq!(back.client_secret.unwrap().expose_secret(), "s3cret");
        let mock: &keyring_core::mock::Cred = e.as_any().downcast_ref().unwrap();
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
