//! Settings resolved once per process: flag > environment > profile in the config file >
//! built-in default (docs/service-contract.md). Clap has already merged flags and environment into
//! `SettingsArgs`; this adds the profile and the defaults, and remembers where each value
//! came from for `locadm config show`.
//!
//! The config file and its profiles are in `file.rs`; the table of keys `config
//! show/get/set` know in `keys.rs`; the https-or-loopback URL rule in `service_url.rs`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use secrecy::SecretString;

use clap::parser::ValueSource;
use serde::Serialize;

use locadm_client::env_vars::EnvVars;
use locadm_client::error::{Error, Result};

mod args;
mod file;
pub(crate) mod keys;
mod profile;

pub(crate) use args::SettingsArgs;
pub(crate) use file::{config_file_from_env, default_config_file, ConfigFile};
use locadm_client::api::TransportOptions;
pub(crate) use locadm_client::auth::ClientAuth;
use locadm_client::auth::Secrets;
pub(crate) use locadm_client::{shown_url, ServiceUrl};
use profile::normalise_prefix;

/// The profile used when neither `--profile` nor `LOCADM_PROFILE` is given.
pub(crate) const DEFAULT_PROFILE: &str = "default";
/// The built-in profile that means "the embedded emulator" (`local.rs` starts it).
pub(crate) const LOCAL_PROFILE: &str = "local";
/// The per-request timeout when none is configured.
pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Origin {
    Flag,
    Environment,
    Profile,
    Default,
}

impl Origin {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Origin::Flag => "flag",
            Origin::Environment => "environment",
            Origin::Profile => "profile",
            Origin::Default => "default",
        }
    }
}

/// The effective settings of this invocation.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// The profile name (`default` when unset; `local` is the built-in emulator).
    pub profile: String,
    pub config_file: PathBuf,
    pub base_url: Option<ServiceUrl>,
    /// The OpenID provider whose discovery document names the endpoints
    /// (`{issuer}/.well-known/openid-configuration`); an explicit `token_url` wins.
    pub issuer: Option<ServiceUrl>,
    pub token_url: Option<ServiceUrl>,
    /// Inserted before `/locations/<id>` on reads; empty by default.
    pub read_prefix: String,
    pub client_id: Option<String>,
    pub scopes: Vec<String>,
    pub client_auth: ClientAuth,
    /// The client's private key for `private_key_jwt` (PEM, RSA or EC); the key itself may
    /// also come in LOCADM_CLIENT_KEY, read by the session, never kept in settings.
    pub client_key_file: Option<PathBuf>,
    /// The `kid` put in the client assertion's header, when the provider wants one.
    pub client_key_id: Option<String>,
    /// A workload identity token (a JWT from the CI platform), read afresh for each token
    /// request and exchanged for an access token.
    pub federated_token_file: Option<PathBuf>,
    /// An extra CA certificate (PEM) to trust.
    pub ca_cert: Option<PathBuf>,
    pub timeout: Duration,
    /// Allow `http://` base and token URLs that are not on loopback.
    pub allow_http: bool,
    /// Keep a token got with credentials from the environment in the keyring (bound to
    /// the secret that got it). Off by default: environment credentials leave no trace.
    pub cache_env_token: bool,
    /// The profiles the config file has (to name them when another one is asked for).
    pub profiles_in_file: Vec<String>,
    /// The options a command shown in a hint carries (`SettingsArgs::for_hints`).
    hint_options: Vec<(&'static str, String)>,
    /// What the environment gives that is no setting of a profile: secrets (never
    /// written to the config file) and the token store to use.
    pub environment: Environment,
    /// Where each value came from, by key (`profile`, `config_file` and every key of
    /// [`keys::KEYS`]).
    pub origins: BTreeMap<&'static str, Origin>,
    /// What resolving changed of a value as given, said once to the person
    /// (`Context::settings`).
    pub notes: Vec<String>,
}

/// What the environment gives beside the profile's settings, read here once (every
/// `LOCADM_*` variable is read in `settings/`): the secrets, as `SecretString`, and the
/// token store forced by `LOCADM_KEYRING`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Environment {
    /// `LOCADM_TOKEN`, `LOCADM_CLIENT_SECRET`, `LOCADM_CLIENT_KEY` (the client's private
    /// key as PEM text) and `LOCADM_KEYRING` (the token store to use instead of choosing
    /// one): what the session is given beside the profile.
    pub secrets: Secrets,
    /// `LOCADM_LOCAL_DB`: the `local` profile's database.
    pub local_db: Option<PathBuf>,
}

impl Environment {
    /// From the process's environment.
    pub(crate) fn read() -> Environment {
        Environment {
            secrets: Secrets {
                token: EnvVars::get(EnvVars::TOKEN)
                    .map(|t| SecretString::from(t.trim().to_owned())),
                client_secret: EnvVars::get(EnvVars::CLIENT_SECRET).map(SecretString::from),
                client_key: EnvVars::get(EnvVars::CLIENT_KEY).map(SecretString::from),
                keyring: EnvVars::get(EnvVars::KEYRING),
            },
            local_db: std::env::var_os(EnvVars::LOCAL_DB)
                .filter(|p| !p.is_empty())
                .map(PathBuf::from),
        }
    }
}

fn timeout_duration(secs: f64, source: &str) -> Result<Duration> {
    if secs.is_finite() && secs > 0.0 && secs <= 86_400.0 {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(Error::usage(format!(
            "the timeout from {source} must be a number of seconds above 0, not `{secs}`"
        )))
    }
}

/// Where a value of the command line came from, as clap saw it: its flag, or the
/// variable named in its `env =`. A value set by hand (a test's `SettingsArgs`) is a flag.
fn given<T>(global: &SettingsArgs, id: &str, value: Option<T>) -> Layer<T> {
    let origin = match global.sources.get(id) {
        Some(ValueSource::EnvVariable) => Origin::Environment,
        _ => Origin::Flag,
    };
    (value, origin)
}

/// A candidate value and where it would come from.
type Layer<T> = (Option<T>, Origin);

/// The value of `key`'s environment variable, as the settings table names it (the keys
/// without a global flag; clap reads the others).
fn from_env(key: &str) -> Layer<String> {
    let name = keys::find(key).and_then(|key| key.env);
    (name.and_then(EnvVars::get), Origin::Environment)
}

fn from_profile<T: Clone>(stored: &Option<T>) -> Layer<T> {
    (stored.clone(), Origin::Profile)
}

/// The settings' one layering rule: the first layer that has a value wins (flag, then
/// environment, then profile), else the built-in default; the origin is recorded by key.
struct Layers {
    origins: BTreeMap<&'static str, Origin>,
}

impl Layers {
    fn first<T>(
        &mut self,
        key: &'static str,
        layers: impl IntoIterator<Item = Layer<T>>,
    ) -> Option<T> {
        for (value, origin) in layers {
            if let Some(value) = value {
                self.origins.insert(key, origin);
                return Some(value);
            }
        }
        self.origins.insert(key, Origin::Default);
        None
    }
}

impl Settings {
    /// What the run's session gets tokens with: the profile's identity-provider
    /// settings and the secrets the environment gave.
    pub(crate) fn auth_profile(&self) -> locadm_client::auth::Profile {
        locadm_client::auth::Profile {
            name: self.profile.clone(),
            config_file: self.config_file.clone(),
            issuer: self.issuer.clone(),
            token_url: self.token_url.clone(),
            client_id: self.client_id.clone(),
            scopes: self.scopes.clone(),
            client_auth: self.client_auth,
            client_key_file: self.client_key_file.clone(),
            client_key_file_given_for_run: self.origin("client_key_file") == Origin::Environment,
            client_key_id: self.client_key_id.clone(),
            federated_token_file: self.federated_token_file.clone(),
            allow_http: self.allow_http,
            cache_env_token: self.cache_env_token,
            missing: self.missing_profile(),
            secrets: self.environment.secrets.clone(),
        }
    }

    /// What the run's transport is made from: the timeout, the profile's CA, and whether
    /// any URL of the service (base, token endpoint, issuer) is https.
    pub(crate) fn transport_options(&self) -> TransportOptions {
        TransportOptions {
            timeout: self.timeout,
            ca_cert: self.ca_cert.clone(),
            https: [&self.base_url, &self.token_url, &self.issuer]
                .into_iter()
                .flatten()
                .any(|url| url.scheme() == "https"),
        }
    }

    /// Resolves the settings of this invocation: flag > environment > profile > default.
    pub(crate) fn resolve(global: &SettingsArgs) -> Result<Settings> {
        let named = global.config.clone().filter(|p| !p.as_os_str().is_empty());
        let (config_file, config_origin) = match given(global, "config", named) {
            (Some(path), origin) => (path, origin),
            (None, _) => (default_config_file()?, Origin::Default),
        };
        let file = ConfigFile::load(&config_file)?;
        Settings::resolve_with(global, config_file, config_origin, &file)
    }

    /// [`Settings::resolve`] with the config file already read.
    pub(crate) fn resolve_with(
        global: &SettingsArgs,
        config_file: PathBuf,
        config_origin: Origin,
        file: &ConfigFile,
    ) -> Result<Settings> {
        let mut layers = Layers {
            origins: BTreeMap::from([("config_file", config_origin)]),
        };
        let profile = global.profile.clone().filter(|p| !p.is_empty());
        let profile = layers
            .first("profile", [given(global, "profile", profile)])
            .unwrap_or_else(|| DEFAULT_PROFILE.to_owned());
        let stored = file.profile(&profile).cloned().unwrap_or_default();

        let allow_http = layers
            .first("allow_http", [from_profile(&stored.allow_http)])
            .unwrap_or(false);
        let cache_env_token = layers
            .first("cache_env_token", [from_profile(&stored.cache_env_token)])
            .unwrap_or(false);

        // URLs: flag or environment, then profile; made through the one transport rule.
        let mut url = |key: &'static str, cli: &Option<String>, stored: &Option<String>| {
            let cli = cli.clone().filter(|v| !v.is_empty());
            layers
                .first(key, [given(global, key, cli), from_profile(stored)])
                .map(|text| ServiceUrl::parse(key, &text, allow_http))
                .transpose()
        };
        let base_url = url("base_url", &global.base_url, &stored.base_url)?;
        let token_url = url("token_url", &global.token_url, &stored.token_url)?;
        let issuer = url("issuer", &global.issuer, &stored.issuer)?;
        let mut notes = Vec::new();
        let issuer = issuer
            .map(|given| issuer_of_document(given, allow_http, &mut notes))
            .transpose()?;

        let read_prefix = layers
            .first("read_prefix", [from_profile(&stored.read_prefix)])
            .map(|p| normalise_prefix(&p))
            .transpose()?
            .unwrap_or_default();
        let client_id = layers.first(
            "client_id",
            [from_env("client_id"), from_profile(&stored.client_id)],
        );
        let scopes = layers
            .first("scopes", [from_profile(&stored.scopes)])
            .unwrap_or_default();
        let stored_key_file = stored
            .client_key_file
            .as_ref()
            .map(|p| p.display().to_string());
        let client_key_file = layers
            .first(
                "client_key_file",
                [
                    from_env("client_key_file"),
                    (stored_key_file, Origin::Profile),
                ],
            )
            .map(PathBuf::from);
        let client_key_id = layers.first(
            "client_key_id",
            [
                from_env("client_key_id"),
                from_profile(&stored.client_key_id),
            ],
        );
        let env_client_auth = from_env("client_auth")
            .0
            .map(|name| {
                ClientAuth::parse(name.trim())
                    .map_err(|e| Error::usage(format!("{}: {e}", EnvVars::CLIENT_AUTH)))
            })
            .transpose()?;
        let client_auth = layers
            .first(
                "client_auth",
                [
                    (env_client_auth, Origin::Environment),
                    from_profile(&stored.client_auth),
                ],
            )
            .unwrap_or_else(|| {
                // A key means the key is used, in the order credentials are taken
                // (`auth/credentials.rs`): the environment's key, else the environment's
                // secret, else the profile's key.
                let env_key = EnvVars::get(EnvVars::CLIENT_KEY).is_some()
                    || layers.origins.get("client_key_file") == Some(&Origin::Environment);
                let env_secret = EnvVars::get(EnvVars::CLIENT_SECRET).is_some();
                if env_key || (!env_secret && client_key_file.is_some()) {
                    ClientAuth::PrivateKeyJwt
                } else {
                    ClientAuth::default()
                }
            });
        let federated_token_file = global
            .federated_token_file
            .clone()
            .filter(|p| !p.as_os_str().is_empty());
        let federated_token_file = layers.first(
            "federated_token_file",
            [given(global, "federated_token_file", federated_token_file)],
        );
        let ca_cert = layers.first("ca_cert", [from_profile(&stored.ca_cert)]);
        if profile == LOCAL_PROFILE && file.profile(&profile).is_none() {
            built_in_local_takes_no_service(global)?;
        }
        let timeout = match layers.first(
            "timeout",
            [
                given(global, "timeout", global.timeout),
                from_profile(&stored.timeout),
            ],
        ) {
            Some(secs) if layers.origins["timeout"] == Origin::Profile => {
                timeout_duration(secs, &format!("profile `{profile}`"))?
            }
            Some(secs) => timeout_duration(secs, &format!("`--timeout` or {}", EnvVars::TIMEOUT))?,
            None => DEFAULT_TIMEOUT,
        };

        let settings = Settings {
            hint_options: global.for_hints(),
            profile,
            config_file,
            base_url,
            issuer,
            token_url,
            read_prefix,
            client_id,
            scopes,
            client_auth,
            client_key_file,
            client_key_id,
            federated_token_file,
            profiles_in_file: file.profiles.keys().cloned().collect(),
            environment: Environment::read(),
            ca_cert,
            timeout,
            allow_http,
            cache_env_token,
            origins: layers.origins,
            notes,
        };
        Ok(settings)
    }

    /// When the profile was asked for by name (flag or environment) and the config file
    /// has no such profile (the built-in `local` aside): the sentence that says so,
    /// naming the ones it has, and how to make it. A typo in `--profile` is then not
    /// reported as "no base URL".
    pub(crate) fn missing_profile(&self) -> Option<(String, String)> {
        if self.origin("profile") == Origin::Default
            || self.profiles_in_file.contains(&self.profile)
            || self.profile == LOCAL_PROFILE
        {
            return None;
        }
        let there = if self.profiles_in_file.is_empty() {
            "it has none".to_owned()
        } else {
            format!("it has: {}", self.profiles_in_file.join(", "))
        };
        let p = &self.profile;
        let word = locadm_client::error::shell_word(p);
        Some((
            format!(
                "profile `{p}` is not in the config file {} ({there}; `local` is built in)",
                self.config_file.display()
            ),
            format!("create it with `locadm login --profile {word}` or `locadm config set --profile {word} base_url URL`"),
        ))
    }

    /// The settings of a profile that exists: one named (flag or environment) that the
    /// config file lacks is an error even when the environment gives every setting (as
    /// aws does), since the environment was not meant for another profile.
    pub(crate) fn require_profile(&self) -> Result<&Settings> {
        match self.missing_profile() {
            Some((message, hint)) => Err(Error::usage(message).with_hint(hint)),
            None => Ok(self),
        }
    }

    /// A hint printed on its own (not an error's): its commands carry the options an
    /// error's do (`SettingsArgs::for_hints`, [`Error::for_options`]).
    pub(crate) fn hint(&self, text: &str) -> String {
        let options: Vec<(&str, &str)> = self
            .hint_options
            .iter()
            .map(|(flag, value)| (*flag, value.as_str()))
            .collect();
        locadm_client::error::with_options(text, &options)
    }

    pub(crate) fn origin(&self, key: &str) -> Origin {
        self.origins.get(key).copied().unwrap_or(Origin::Default)
    }

    /// The value of `key` as `config show` prints it (empty when unset).
    pub(crate) fn display_value(&self, key: &str) -> String {
        keys::find(key).map_or_else(String::new, |key| (key.shown)(self))
    }
}

/// The path of a discovery document under its issuer (Discovery §4.1).
const DISCOVERY_PATH: &str = "/.well-known/openid-configuration";

/// An issuer given as its discovery document's URL (pasted from the provider's page) is
/// the issuer: the document's path is trimmed, and a note says so.
fn issuer_of_document(
    given: ServiceUrl,
    allow_http: bool,
    notes: &mut Vec<String>,
) -> Result<ServiceUrl> {
    let path = given.path().trim_end_matches('/');
    let Some(base) = path.strip_suffix(DISCOVERY_PATH) else {
        return Ok(given);
    };
    let mut url = given.as_url().clone();
    url.set_path(base);
    url.set_query(None);
    url.set_fragment(None);
    let text = url.as_str().to_owned();
    // `http://idp/` from an empty path; the issuer is the text before the document's path.
    let text = if base.is_empty() {
        text.trim_end_matches('/').to_owned()
    } else {
        text
    };
    let issuer = ServiceUrl::parse("issuer", &text, allow_http)?;
    notes.push(format!(
        "`issuer` `{}` is the provider's discovery document; using its issuer `{}`",
        given.as_given(),
        issuer.as_given()
    ));
    Ok(issuer)
}

/// The rule of the built-in `local` profile: it is the embedded emulator, so it names no
/// service of its own; a base URL, token URL or issuer given with it (a flag or the
/// environment) is refused rather than silently winning or losing. A `local` profile
/// written in the config file is an ordinary profile.
fn built_in_local_takes_no_service(global: &SettingsArgs) -> Result<()> {
    let given = [
        (
            "base_url",
            "--base-url",
            EnvVars::BASE_URL,
            &global.base_url,
        ),
        (
            "token_url",
            "--token-url",
            EnvVars::TOKEN_URL,
            &global.token_url,
        ),
        ("issuer", "--issuer", EnvVars::ISSUER, &global.issuer),
    ];
    for (id, flag, variable, value) in given {
        if value.as_deref().is_none_or(str::is_empty) {
            continue;
        }
        let (named, drop) = match global.sources.get(id) {
            Some(ValueSource::EnvVariable) => (variable.to_owned(), format!("unset {variable}")),
            _ => (format!("`{flag}`"), format!("leave out `{flag}`")),
        };
        return Err(Error::usage(format!(
            "the `local` profile is the built-in emulator and takes no service URL, but {named} gives one"
        ))
        .with_hint(format!(
            "{drop} to use the emulator, or name the profile of that service with `--profile NAME`"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn global() -> SettingsArgs {
        SettingsArgs::default()
    }

    fn file(text: &str) -> ConfigFile {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn precedence_flag_over_profile_over_default() {
        let config = file(
            "[profiles.staging]\nbase_url = \"https://profile.example\"\ntimeout = 5\nscopes = [\"a\"]\n",
        );
        let mut g = global();
        g.profile = Some("staging".into());
        g.base_url = Some("https://flag.example".into());
        let s = Settings::resolve_with(&g, "c.toml".into(), Origin::Flag, &config).unwrap();
        assert_eq!(s.base_url.unwrap().as_str(), "https://flag.example/");
        assert_eq!(s.origins["base_url"], Origin::Flag);
        assert_eq!(s.timeout, Duration::from_secs(5));
        assert_eq!(s.origins["timeout"], Origin::Profile);
        assert_eq!(s.scopes, vec!["a".to_string()]);
        assert_eq!(s.origins["token_url"], Origin::Default);
        assert_eq!(s.client_auth, ClientAuth::ClientSecretBasic);
        assert_eq!(s.origins["client_auth"], Origin::Default);
    }

    #[test]
    fn plain_http_needs_loopback_or_allow_http() {
        let mut g = global();
        g.base_url = Some("http://example.com".into());
        let err = Settings::resolve_with(&g, "c".into(), Origin::Flag, &ConfigFile::default())
            .unwrap_err();
        assert!(err.to_string().contains("plain http"));
        g.base_url = Some("http://127.0.0.1:8080".into());
        Settings::resolve_with(&g, "c".into(), Origin::Flag, &ConfigFile::default()).unwrap();
    }

    /// Every key a profile can hold can be set, resolves from the profile, and shows its
    /// value: the key table, `set`, `resolve` and `display_value` agree.
    #[test]
    fn every_profile_key_of_the_table_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let pem = dir.path().join("ca.pem");
        std::fs::write(&pem, "-----BEGIN CERTIFICATE-----\n").unwrap();
        let pem = pem.to_str().unwrap();
        let sample = |key: &str| match key {
            "base_url" | "token_url" | "issuer" => "https://x.example",
            "read_prefix" => "/v1",
            "client_id" | "client_key_id" => "admin",
            "scopes" => "can-read-locations",
            "client_auth" => "client_secret_post",
            "client_key_file" | "ca_cert" => pem,
            "timeout" => "9",
            "allow_http" | "cache_env_token" => "true",
            other => panic!("no sample value for `{other}`: add one"),
        };
        let mut file = ConfigFile::default();
        for key in keys::in_profile() {
            file.profile_mut("p")
                .set(key.name, sample(key.name))
                .unwrap();
        }
        let mut g = global();
        g.profile = Some("p".into());
        let s = Settings::resolve_with(&g, "c".into(), Origin::Flag, &file).unwrap();
        for key in keys::KEYS {
            assert!(
                !s.display_value(key.name).is_empty(),
                "{} shows nothing",
                key.name
            );
            let expected = if key.in_profile() {
                Origin::Profile
            } else {
                Origin::Flag
            };
            assert_eq!(s.origin(key.name), expected, "{}", key.name);
        }
    }

    /// Issue 43: a discovery document's URL given as the issuer is its issuer.
    #[test]
    fn a_discovery_url_given_as_issuer_is_trimmed_with_a_note() {
        let mut notes = Vec::new();
        let at = |text: &str, notes: &mut Vec<String>| {
            let given = ServiceUrl::parse("issuer", text, false).unwrap();
            issuer_of_document(given, false, notes)
                .unwrap()
                .as_given()
                .to_owned()
        };
        assert_eq!(
            at(
                "https://idp.example/realms/a/.well-known/openid-configuration",
                &mut notes
            ),
            "https://idp.example/realms/a"
        );
        assert_eq!(
            at(
                "https://idp.example/.well-known/openid-configuration/",
                &mut notes
            ),
            "https://idp.example"
        );
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(
            at("https://idp.example/realms/a", &mut notes),
            "https://idp.example/realms/a"
        );
        assert_eq!(notes.len(), 2);
    }
}
