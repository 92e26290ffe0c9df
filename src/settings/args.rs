//! The settings' own options, which every command takes: a clap `Args` the command line
//! flattens into its global options (as the emulator's `args.rs` is flattened into
//! `emulator serve`), so settings read what was given without knowing the command line.

use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{Args, FromArgMatches};

use locadm_client::env_vars::EnvVars;
use locadm_client::service_url::carries_password;

/// The options that give settings: listed under the global options' heading.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Global options")]
pub struct SettingsArgs {
    /// Profile from the config file (`default` when unset; `local` is the built-in emulator)
    #[arg(long, global = true, env = EnvVars::PROFILE, value_name = "NAME")]
    pub profile: Option<String>,
    /// Config file [default: the OS config directory's `locadm/config.toml`]
    #[arg(long, global = true, env = EnvVars::CONFIG, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The service's base URL
    #[arg(long, global = true, env = EnvVars::BASE_URL, value_name = "URL")]
    pub base_url: Option<String>,
    /// OAuth 2.0 token endpoint
    #[arg(long, global = true, env = EnvVars::TOKEN_URL, value_name = "URL")]
    pub token_url: Option<String>,
    /// OpenID provider: the endpoints come from its discovery document
    #[arg(long, global = true, env = EnvVars::ISSUER, value_name = "URL")]
    pub issuer: Option<String>,
    /// A workload identity token (CI) to exchange for an access token, read afresh each time
    #[arg(
        long,
        global = true,
        env = EnvVars::FEDERATED_TOKEN_FILE,
        value_name = "PATH"
    )]
    pub federated_token_file: Option<PathBuf>,
    /// Per-request timeout in seconds
    #[arg(long, global = true, env = EnvVars::TIMEOUT, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Where each option given came from (its flag or its variable), by clap's id, for
    /// `config show` (filled in by the command line's parser, `cli::try_parse_from`).
    #[arg(skip)]
    pub sources: Sources,
}

impl SettingsArgs {
    /// The options a command shown in a hint must carry to run on the same service: the
    /// profile named (by `--profile` or LOCADM_PROFILE: a pasted command may run in
    /// another shell), and the base URL given as a flag (a variable is still set where
    /// the hint is pasted).
    pub(crate) fn for_hints(&self) -> Vec<(&'static str, String)> {
        let mut options = Vec::new();
        if let Some(profile) = self.profile.as_deref().filter(|p| !p.is_empty()) {
            options.push(("--profile", profile.to_owned()));
        }
        let flag = self.sources.get("base_url") == Some(&ValueSource::CommandLine);
        // A URL with a user's password in it is not repeated where people copy text from.
        if let Some(url) = self
            .base_url
            .as_deref()
            .filter(|u| flag && !carries_password(u))
        {
            options.push(("--base-url", url.to_owned()));
        }
        options
    }

    /// The options the `locadm auth token` of a printed command line (`--curl`) carries
    /// to get this run's token where the line runs: those of [`SettingsArgs::for_hints`],
    /// and the config file, token endpoint, issuer and workload token file given as
    /// flags (a variable is inherited where the line runs in the same environment).
    pub(crate) fn for_token_command(&self) -> Vec<(&'static str, String)> {
        let mut options = self.for_hints();
        let flag = |id: &str| self.sources.get(id) == Some(&ValueSource::CommandLine);
        let path = |path: &Option<PathBuf>| path.as_ref().map(|p| p.display().to_string());
        // A URL with a user's password in it is not printed (as in `for_hints`).
        let url = |url: &Option<String>| url.clone().filter(|u| !carries_password(u));
        for (option, id, value) in [
            ("--config", "config", path(&self.config)),
            ("--token-url", "token_url", url(&self.token_url)),
            ("--issuer", "issuer", url(&self.issuer)),
            (
                "--federated-token-file",
                "federated_token_file",
                path(&self.federated_token_file),
            ),
        ] {
            if let Some(value) = value.filter(|_| flag(id)) {
                options.push((option, value));
            }
        }
        options
    }

    /// The options as the environment alone gives them, read by clap as a command line
    /// without arguments would be (shell completion, where the line being completed is
    /// not parsed). `None` when a variable holds what its option refuses.
    pub(crate) fn from_environment() -> Option<SettingsArgs> {
        let command = SettingsArgs::augment_args(clap::Command::new("locadm"));
        let matches = command.try_get_matches_from(["locadm"]).ok()?;
        SettingsArgs::from_arg_matches(&matches).ok()
    }
}

/// Where clap took each option given from, by id (`base_url`, `timeout`, ...).
pub(crate) type Sources = std::collections::BTreeMap<String, ValueSource>;
