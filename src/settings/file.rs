//! The config file: TOML with one `[profiles.NAME]` table per profile (`profile.rs`),
//! read and written whole (`config set/unset`, `login`). It never holds a secret: client
//! secrets and tokens live in the keyring (see `locadm_client::auth`).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::keys;
use super::profile::ProfileConfig;
use locadm_client::env_vars::EnvVars;
use locadm_client::error::{Error, Result};

/// The whole config file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConfigFile {
    #[serde(default)]
    pub profiles: BTreeMap<String, ProfileConfig>,
}

/// The default config file: the OS config directory's `locadm/config.toml`
/// (`$XDG_CONFIG_HOME/locadm/config.toml` on Linux).
pub(crate) fn default_config_file() -> Result<PathBuf> {
    directories::ProjectDirs::from("", "", "locadm")
        .map(|dirs| dirs.config_dir().join("config.toml"))
        .ok_or_else(|| {
            Error::other("cannot find the configuration directory (no home directory)")
                .with_hint("pass `--config FILE` or set LOCADM_CONFIG")
        })
}

impl ConfigFile {
    /// Reads the file; a missing file is an empty configuration.
    pub(crate) fn load(path: &Path) -> Result<ConfigFile> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ConfigFile::default()),
            Err(e) => {
                return Err(Error::other(format!(
                    "cannot read the config file `{}`",
                    path.display()
                ))
                .with_source(e))
            }
        };
        toml::from_str(&text).map_err(|e| {
            Error::usage(format!(
                "the config file `{}` is not valid: {}",
                path.display(),
                e.message()
            ))
            .with_hint(format!(
                "profile keys are: {}; secrets never go in this file",
                keys::names(keys::in_profile())
            ))
        })
    }

    /// Writes the file atomically: a temporary file in the same directory, flushed to
    /// disk, then renamed over the old one (`NamedTempFile::persist`; the temporary file
    /// is removed on any failure). On Unix the file is readable by its owner only, as
    /// tempfile creates it.
    pub(crate) fn save(&self, path: &Path) -> Result<()> {
        let text = toml::to_string_pretty(self)
            .map_err(|e| Error::other("cannot encode the configuration").with_source(e))?;
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::other(format!("cannot create the directory `{}`", dir.display())).with_source(e)
        })?;
        let write = || -> std::io::Result<()> {
            let mut file = tempfile::Builder::new()
                .prefix(".config.")
                .suffix(".tmp")
                .tempfile_in(dir)?;
            file.write_all(text.as_bytes())?;
            file.as_file().sync_all()?;
            file.persist(path).map_err(|e| e.error)?;
            Ok(())
        };
        write().map_err(|e| {
            Error::other(format!("cannot write the config file `{}`", path.display()))
                .with_source(e)
        })
    }

    pub(crate) fn profile(&self, name: &str) -> Option<&ProfileConfig> {
        self.profiles.get(name)
    }

    pub(crate) fn profile_mut(&mut self, name: &str) -> &mut ProfileConfig {
        self.profiles.entry(name.to_owned()).or_default()
    }
}

/// The config file when the command line is not parsed (shell completion runs before):
/// `LOCADM_CONFIG`, else the default one.
pub(crate) fn config_file_from_env() -> Result<PathBuf> {
    match EnvVars::get(EnvVars::CONFIG) {
        Some(path) => Ok(PathBuf::from(path)),
        None => default_config_file(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::ClientAuth;

    #[test]
    fn set_validates_keys_and_values() {
        let mut p = ProfileConfig::default();
        assert!(p.set("base_url", "not a url").is_err());
        assert!(p.set("token_url", "ftp://x").is_err());
        assert!(p.set("secret", "x").is_err());
        assert!(p.set("timeout", "-1").is_err());
        assert!(p.set("client_auth", "digest").is_err());
        p.set("scopes", "can-read-locations, can-create-locations")
            .unwrap();
        assert_eq!(p.scopes.as_ref().unwrap().len(), 2);
        p.set("read_prefix", "v1/").unwrap();
        assert_eq!(p.read_prefix.as_deref(), Some("/v1"));
        p.set("client_auth", "request-body").unwrap();
        assert_eq!(p.client_auth, Some(ClientAuth::ClientSecretPost));
        p.set("client_auth", "private_key_jwt").unwrap();
        assert!(p.set("client_key_file", "/no/such/key.pem").is_err());
        p.set("base_url", "").unwrap();
        assert_eq!(p.base_url, None);
    }

    #[test]
    fn save_is_atomic_and_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/config.toml");
        let mut c = ConfigFile::default();
        c.profile_mut("x").set("client_id", "admin").unwrap();
        c.save(&path).unwrap();
        assert_eq!(ConfigFile::load(&path).unwrap(), c);
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "no temporary file left behind: {names:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "readable by its owner only");
        }
    }

    #[test]
    fn unknown_profile_key_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "[profiles.default]\nclient_secret = \"x\"\n").unwrap();
        let err = ConfigFile::load(&path).unwrap_err();
        assert!(err.to_string().contains("not valid"), "{err}");
    }
}
