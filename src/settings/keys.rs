//! The one table of settings: every key `locadm config show` lists, `config get` reads,
//! `config set` and `unset` write (the profile's keys), the shells complete, and
//! `locadm help settings` documents, with the flag and the variable that give it and how
//! a profile holds it. A key is added here, with its field in `Settings` (and in
//! `ProfileConfig` when a profile holds it); the tests below hold clap, the config file's
//! format and this table to each other.

use super::profile::{self, ProfileConfig};
use super::Settings;
use locadm_client::env_vars::EnvVars;
use locadm_client::error::{Error, Result};

/// Sets a profile's key (its name given, for the rule's messages) from text.
pub(crate) type Setter = fn(&mut ProfileConfig, &'static str, &str) -> Result<()>;

/// One setting.
pub(crate) struct Key {
    pub name: &'static str,
    /// What it is, for completion and `locadm help settings`.
    pub about: &'static str,
    /// The global flag and the environment variable that give it, when there are.
    pub flag: Option<&'static str>,
    pub env: Option<&'static str>,
    /// How a profile of the config file holds it: its value set from text (validated by
    /// the rule of its kind, which names the key given; empty unsets it). `None` for
    /// `profile` and `config_file`, which choose the profile.
    pub set: Option<Setter>,
    /// Its effective value as `config show` and `config get` print it (empty when unset).
    pub shown: fn(&Settings) -> String,
}

impl Key {
    /// Whether a profile of the config file can hold it.
    pub(crate) fn in_profile(&self) -> bool {
        self.set.is_some()
    }
}

/// Keeps a value a profile's key was set to, or its error.
fn put<T>(value: Result<Option<T>>, field: &mut Option<T>) -> Result<()> {
    *field = value?;
    Ok(())
}

/// `Some(text)` unless it is empty.
fn given(value: &str) -> Option<String> {
    (!value.is_empty()).then(|| value.to_owned())
}

fn shown<T: ToString>(value: Option<&T>) -> String {
    value.map(ToString::to_string).unwrap_or_default()
}

fn shown_path(path: Option<&std::path::PathBuf>) -> String {
    path.map(|p| p.display().to_string()).unwrap_or_default()
}

/// Every setting, in the order `config show` lists them.
pub(crate) const KEYS: &[Key] = &[
    Key {
        name: "profile",
        about: "the profile in use",
        flag: Some("--profile"),
        env: Some(EnvVars::PROFILE),
        set: None,
        shown: |s| s.profile.clone(),
    },
    Key {
        name: "config_file",
        about: "the config file",
        flag: Some("--config"),
        env: Some(EnvVars::CONFIG),
        set: None,
        shown: |s| s.config_file.display().to_string(),
    },
    Key {
        name: "base_url",
        about: "the service's base URL",
        flag: Some("--base-url"),
        env: Some(EnvVars::BASE_URL),
        set: Some(|p, k, v| put(profile::service_url(p, k, v), &mut p.base_url)),
        shown: |s| shown(s.base_url.as_ref()),
    },
    Key {
        name: "issuer",
        about: "an OpenID provider's issuer URL",
        flag: Some("--issuer"),
        env: Some(EnvVars::ISSUER),
        set: Some(|p, k, v| put(profile::service_url(p, k, v), &mut p.issuer)),
        shown: |s| shown(s.issuer.as_ref()),
    },
    Key {
        name: "token_url",
        about: "the OAuth 2.0 token endpoint",
        flag: Some("--token-url"),
        env: Some(EnvVars::TOKEN_URL),
        set: Some(|p, k, v| put(profile::service_url(p, k, v), &mut p.token_url)),
        shown: |s| shown(s.token_url.as_ref()),
    },
    Key {
        name: "read_prefix",
        about: "a path before /locations/ID on reads",
        flag: None,
        env: None,
        set: Some(|p, _, v| {
            put(
                given(v).map(|v| profile::normalise_prefix(&v)).transpose(),
                &mut p.read_prefix,
            )
        }),
        shown: |s| s.read_prefix.clone(),
    },
    Key {
        name: "client_id",
        about: "the OAuth 2.0 client id",
        flag: None,
        env: Some(EnvVars::CLIENT_ID),
        set: Some(|p, _, v| put(Ok(given(v)), &mut p.client_id)),
        shown: |s| shown(s.client_id.as_ref()),
    },
    Key {
        name: "scopes",
        about: "the scopes asked for",
        flag: None,
        env: None,
        set: Some(|p, _, v| {
            put(
                Ok(given(v).map(|v| profile::split_scopes(&v))),
                &mut p.scopes,
            )
        }),
        shown: |s| s.scopes.join(" "),
    },
    Key {
        name: "client_auth",
        about: "how the client authenticates",
        flag: None,
        env: Some(EnvVars::CLIENT_AUTH),
        set: Some(|p, _, v| {
            put(
                given(v).map(|v| super::ClientAuth::parse(&v)).transpose(),
                &mut p.client_auth,
            )
        }),
        shown: |s| s.client_auth.as_str().to_owned(),
    },
    Key {
        name: "client_key_file",
        about: "a PEM private key (private_key_jwt)",
        flag: None,
        env: Some(EnvVars::CLIENT_KEY_FILE),
        set: Some(|p, k, v| put(profile::pem_file(k, v), &mut p.client_key_file)),
        shown: |s| shown_path(s.client_key_file.as_ref()),
    },
    Key {
        name: "client_key_id",
        about: "the kid of the client's assertion",
        flag: None,
        env: Some(EnvVars::CLIENT_KEY_ID),
        set: Some(|p, _, v| put(Ok(given(v)), &mut p.client_key_id)),
        shown: |s| shown(s.client_key_id.as_ref()),
    },
    Key {
        name: "ca_cert",
        about: "an extra CA certificate (PEM)",
        flag: None,
        env: None,
        set: Some(|p, k, v| put(profile::pem_file(k, v), &mut p.ca_cert)),
        shown: |s| shown_path(s.ca_cert.as_ref()),
    },
    Key {
        name: "timeout",
        about: "the per-request timeout, seconds",
        flag: Some("--timeout"),
        env: Some(EnvVars::TIMEOUT),
        set: Some(|p, _, v| {
            put(
                given(v).map(|v| profile::parse_timeout(&v)).transpose(),
                &mut p.timeout,
            )
        }),
        shown: |s| s.timeout.as_secs_f64().to_string(),
    },
    Key {
        name: "allow_http",
        about: "allow plain http beyond loopback",
        flag: None,
        env: None,
        set: Some(|p, k, v| {
            put(
                given(v).map(|v| profile::parse_bool(k, &v)).transpose(),
                &mut p.allow_http,
            )
        }),
        shown: |s| s.allow_http.to_string(),
    },
    Key {
        name: "cache_env_token",
        about: "cache tokens of env credentials",
        flag: None,
        env: None,
        set: Some(|p, k, v| {
            put(
                given(v).map(|v| profile::parse_bool(k, &v)).transpose(),
                &mut p.cache_env_token,
            )
        }),
        shown: |s| s.cache_env_token.to_string(),
    },
];

// The setter of a profile's key is here, beside the table that holds each key's rule.
impl ProfileConfig {
    /// Sets `key` from its text form after validating it (by the key's own rule of the
    /// settings table); an empty value removes the key.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<()> {
        if let Some((name, set)) = find(key).and_then(|key| Some((key.name, key.set?))) {
            return set(self, name, value.trim());
        }
        if key.contains("secret") || key == "token" || key == "access_token" {
            return Err(Error::usage(format!(
                "`{key}` is a secret and never goes in the config file"
            ))
            .with_hint(locadm_client::auth::log_in(
                "run `locadm login`: the client secret and the token go to the keyring",
            )));
        }
        Err(Error::usage(format!("`{key}` is not a profile setting"))
            .with_hint(format!("settable keys: {}", names(in_profile()))))
    }
}

pub(crate) fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

/// The keys a profile can hold, in order.
pub(crate) fn in_profile() -> impl Iterator<Item = &'static Key> {
    KEYS.iter().filter(|k| k.in_profile())
}

/// `a, b, c`: the names of `keys`, for a hint.
pub(crate) fn names<'a>(keys: impl Iterator<Item = &'a Key>) -> String {
    keys.map(|k| k.name).collect::<Vec<_>>().join(", ")
}

/// Where a key can be given, for `locadm help settings`: `--base-url, LOCADM_BASE_URL,
/// profile`.
pub(crate) fn given_by(key: &Key) -> String {
    let mut ways: Vec<&str> = key.flag.into_iter().chain(key.env).collect();
    if key.in_profile() {
        ways.push("profile");
    }
    ways.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The config file's format is the table's: a profile with every key set has
    /// exactly the table's profile keys, in its order.
    #[test]
    fn a_profile_holds_the_keys_of_the_table_in_order() {
        let full = ProfileConfig {
            base_url: Some("https://x.example/".into()),
            issuer: Some("https://x.example/".into()),
            token_url: Some("https://x.example/".into()),
            read_prefix: Some("/v1".into()),
            client_id: Some("c".into()),
            scopes: Some(vec!["s".into()]),
            client_auth: Some(super::super::ClientAuth::ClientSecretPost),
            client_key_file: Some("/k.pem".into()),
            client_key_id: Some("k".into()),
            ca_cert: Some("/c.pem".into()),
            timeout: Some(1.0),
            allow_http: Some(true),
            cache_env_token: Some(true),
        };
        let text = toml::to_string(&full).unwrap();
        let written: Vec<&str> = text
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(key, _)| key))
            .collect();
        let table: Vec<&str> = in_profile().map(|k| k.name).collect();
        assert_eq!(written, table);
    }
}
