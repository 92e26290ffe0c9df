//! Settings resolved once per process: flag > environment > profile in the config file >
//! built-in default (PRODUCT.md). Clap has already merged flags and environment into
//! `GlobalArgs`; this adds the profile and the defaults, and remembers where each value
//! came from for `locadm config show`.

use std::path::PathBuf;
use std::time::Duration;

/// How the client authenticates at the token endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ClientAuth {
    /// HTTP Basic (RFC 6749 §2.3.1), the default.
    #[default]
    Basic,
    /// `client_id` and `client_secret` in the form body.
    RequestBody,
}

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Flag,
    Environment,
    Profile,
    Default,
}

/// The effective settings of this invocation.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The profile name (`default` when unset; `local` is the built-in emulator).
    pub profile: String,
    pub config_file: PathBuf,
    pub base_url: Option<url::Url>,
    pub token_url: Option<url::Url>,
    /// Inserted before `/locations/<id>` on reads; empty by default.
    pub read_prefix: String,
    pub client_id: Option<String>,
    pub scopes: Vec<String>,
    pub client_auth: ClientAuth,
    /// An extra CA certificate (PEM) to trust.
    pub ca_cert: Option<PathBuf>,
    pub timeout: Duration,
    /// Allow `http://` base and token URLs that are not on loopback.
    pub allow_http: bool,
}
