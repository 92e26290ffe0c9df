//! The one table of settings: every key `locadm config show` lists, `config get` reads,
//! `config set` and `unset` write (the profile's keys), and the shells complete.

/// One setting.
pub(crate) struct Key {
    pub name: &'static str,
    /// Whether a profile of the config file can hold it (`profile` and `config_file`
    /// choose the profile).
    pub in_profile: bool,
    /// What it is, for completion.
    pub about: &'static str,
}

const fn key(name: &'static str, in_profile: bool, about: &'static str) -> Key {
    Key {
        name,
        in_profile,
        about,
    }
}

/// Every setting, in the order `config show` lists them.
#[rustfmt::skip] // one row a line: a table reads down its columns
pub(crate) const KEYS: &[Key] = &[
    key("profile",         false, "the profile in use"),
    key("config_file",     false, "the config file"),
    key("base_url",        true,  "the service's base URL"),
    key("issuer",          true,  "an OpenID provider's issuer URL"),
    key("token_url",       true,  "the OAuth 2.0 token endpoint"),
    key("read_prefix",     true,  "a path before /locations/ID on reads"),
    key("client_id",       true,  "the OAuth 2.0 client id"),
    key("scopes",          true,  "the scopes asked for"),
    key("client_auth",     true,  "how the client authenticates"),
    key("client_key_file", true,  "a PEM private key (private_key_jwt)"),
    key("client_key_id",   true,  "the kid of the client's assertion"),
    key("ca_cert",         true,  "an extra CA certificate (PEM)"),
    key("timeout",         true,  "the per-request timeout, seconds"),
    key("allow_http",      true,  "allow plain http beyond loopback"),
    key("cache_env_token", true,  "cache tokens of env credentials"),
];

pub(crate) fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

/// The keys a profile can hold, in order.
pub(crate) fn in_profile() -> impl Iterator<Item = &'static Key> {
    KEYS.iter().filter(|k| k.in_profile)
}

/// `a, b, c`: the names of `keys`, for a hint.
pub(crate) fn names<'a>(keys: impl Iterator<Item = &'a Key>) -> String {
    keys.map(|k| k.name).collect::<Vec<_>>().join(", ")
}
