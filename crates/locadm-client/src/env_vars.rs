//! Every `LOCADM_*` environment variable, named once (as uv's `uv-static` does): clap's
//! `env =`, the settings that read the others, the hints that name them, and `locadm
//! help environment` take the names from here, so a variable cannot be renamed in one
//! place and not in another. Only the command line's `settings` reads them.

/// The names of locadm's own environment variables.
pub struct EnvVars;

impl EnvVars {
    pub const PROFILE: &'static str = "LOCADM_PROFILE";
    pub const CONFIG: &'static str = "LOCADM_CONFIG";
    pub const BASE_URL: &'static str = "LOCADM_BASE_URL";
    pub const TOKEN_URL: &'static str = "LOCADM_TOKEN_URL";
    pub const ISSUER: &'static str = "LOCADM_ISSUER";
    pub const FEDERATED_TOKEN_FILE: &'static str = "LOCADM_FEDERATED_TOKEN_FILE";
    pub const OUTPUT: &'static str = "LOCADM_OUTPUT";
    pub const TIMEOUT: &'static str = "LOCADM_TIMEOUT";
    pub const CLIENT_ID: &'static str = "LOCADM_CLIENT_ID";
    pub const CLIENT_SECRET: &'static str = "LOCADM_CLIENT_SECRET";
    pub const CLIENT_AUTH: &'static str = "LOCADM_CLIENT_AUTH";
    pub const CLIENT_KEY_FILE: &'static str = "LOCADM_CLIENT_KEY_FILE";
    pub const CLIENT_KEY: &'static str = "LOCADM_CLIENT_KEY";
    pub const CLIENT_KEY_ID: &'static str = "LOCADM_CLIENT_KEY_ID";
    pub const TOKEN: &'static str = "LOCADM_TOKEN";
    pub const KEYRING: &'static str = "LOCADM_KEYRING";
    pub const LOCAL_DB: &'static str = "LOCADM_LOCAL_DB";
    pub const COMPLETE: &'static str = "LOCADM_COMPLETE";

    /// Every name above (the command line's tests hold clap, the code and the help to it).
    pub const ALL: &'static [&'static str] = &[
        Self::PROFILE,
        Self::CONFIG,
        Self::BASE_URL,
        Self::TOKEN_URL,
        Self::ISSUER,
        Self::FEDERATED_TOKEN_FILE,
        Self::OUTPUT,
        Self::TIMEOUT,
        Self::CLIENT_ID,
        Self::CLIENT_SECRET,
        Self::CLIENT_AUTH,
        Self::CLIENT_KEY_FILE,
        Self::CLIENT_KEY,
        Self::CLIENT_KEY_ID,
        Self::TOKEN,
        Self::KEYRING,
        Self::LOCAL_DB,
        Self::COMPLETE,
    ];

    /// A variable's value; unset, empty and blank are all "not given".
    pub fn get(name: &str) -> Option<String> {
        std::env::var(name).ok().filter(|v| !v.trim().is_empty())
    }
}
