//! Every `LOCADM_*` environment variable, named once (as uv's `uv-static` does): clap's
//! `env =`, the code that reads the others, and `locadm help environment` take the names
//! from here, so a variable cannot be renamed in one place and not in another.

/// The names of locadm's own environment variables.
pub(crate) struct EnvVars;

impl EnvVars {
    pub(crate) const PROFILE: &'static str = "LOCADM_PROFILE";
    pub(crate) const CONFIG: &'static str = "LOCADM_CONFIG";
    pub(crate) const BASE_URL: &'static str = "LOCADM_BASE_URL";
    pub(crate) const TOKEN_URL: &'static str = "LOCADM_TOKEN_URL";
    pub(crate) const ISSUER: &'static str = "LOCADM_ISSUER";
    pub(crate) const FEDERATED_TOKEN_FILE: &'static str = "LOCADM_FEDERATED_TOKEN_FILE";
    pub(crate) const OUTPUT: &'static str = "LOCADM_OUTPUT";
    pub(crate) const TIMEOUT: &'static str = "LOCADM_TIMEOUT";
    pub(crate) const CLIENT_ID: &'static str = "LOCADM_CLIENT_ID";
    pub(crate) const CLIENT_SECRET: &'static str = "LOCADM_CLIENT_SECRET";
    pub(crate) const CLIENT_AUTH: &'static str = "LOCADM_CLIENT_AUTH";
    pub(crate) const CLIENT_KEY_FILE: &'static str = "LOCADM_CLIENT_KEY_FILE";
    pub(crate) const CLIENT_KEY: &'static str = "LOCADM_CLIENT_KEY";
    pub(crate) const CLIENT_KEY_ID: &'static str = "LOCADM_CLIENT_KEY_ID";
    pub(crate) const TOKEN: &'static str = "LOCADM_TOKEN";
    pub(crate) const KEYRING: &'static str = "LOCADM_KEYRING";
    pub(crate) const LOCAL_DB: &'static str = "LOCADM_LOCAL_DB";
    pub(crate) const COMPLETE: &'static str = "LOCADM_COMPLETE";

    /// Every name above (the tests hold clap, the code and the help to it).
    #[cfg(test)]
    pub(crate) const ALL: &'static [&'static str] = &[
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
    pub(crate) fn get(name: &str) -> Option<String> {
        std::env::var(name).ok().filter(|v| !v.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::EnvVars;

    /// Every variable clap reads is one of ours, and every one of ours is documented in
    /// `locadm help environment`.
    #[test]
    fn every_variable_is_named_here_and_documented() {
        fn walk(command: &clap::Command, found: &mut Vec<String>) {
            for arg in command.get_arguments() {
                if let Some(env) = arg.get_env() {
                    found.push(env.to_string_lossy().into_owned());
                }
            }
            for sub in command.get_subcommands() {
                walk(sub, found);
            }
        }
        let mut from_clap = Vec::new();
        walk(
            &<crate::cli::Cli as clap::CommandFactory>::command(),
            &mut from_clap,
        );
        assert!(!from_clap.is_empty());
        for name in &from_clap {
            assert!(
                EnvVars::ALL.contains(&name.as_str()),
                "{name} is not in EnvVars"
            );
        }
        let documented = crate::topics::find("environment").unwrap().plain();
        for name in EnvVars::ALL {
            assert!(
                documented.contains(name),
                "{name} is not in `help environment`"
            );
        }
    }
}
