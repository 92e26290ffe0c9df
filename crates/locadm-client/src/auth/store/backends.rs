//! The stores an entry can be kept in: the OS keyring, the Linux kernel's keyutils, none
//! (`LOCADM_KEYRING=none`), and memory (tests).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{EntryKey, StoreError, StoredEntry, TokenStore, SERVICE};

/// An in-memory store, for tests; it forgets everything at exit.
#[derive(Default, Clone)]
pub struct MemoryStore {
    entries: Arc<Mutex<HashMap<EntryKey, Vec<u8>>>>,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.lock().expect("store lock").len()
    }

    #[cfg(test)]
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
        // The store is made on the first entry, once a process; when that failed (no
        // Secret Service on the bus…), its reason rather than `NoDefaultStore`.
        if let Err(e) = keyring::Entry::store_status() {
            return Err(StoreError::Unavailable(e.to_string()));
        }
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

pub(super) fn keyring_error(e: keyring::Error) -> StoreError {
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
