//! `locadm login` and `locadm auth`.

use clap::{Args, Subcommand};

use locadm_client::env_vars::EnvVars;

#[derive(Debug, Clone, Args)]
pub struct LoginArgs {
    /// OAuth 2.0 client id (or LOCADM_CLIENT_ID)
    #[arg(long, env = EnvVars::CLIENT_ID)]
    pub client_id: Option<String>,
    /// Read the client secret from standard input (or set LOCADM_CLIENT_SECRET)
    #[arg(long, conflicts_with_all = ["web", "device"])]
    pub client_secret_stdin: bool,
    /// A scope to request; repeat for several (sent only when given)
    #[arg(long = "scope")]
    pub scope: Vec<String>,
    /// Log in as yourself in a browser (authorization code with PKCE; needs `--issuer`)
    #[arg(long, conflicts_with = "device")]
    pub web: bool,
    /// Log in as yourself with a code entered on another device (needs `--issuer`)
    #[arg(long)]
    pub device: bool,
    /// How long `--web` waits for the browser to come back: `90s`, `5m`, `1h`
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_wait, requires = "web")]
    pub wait: std::time::Duration,
    /// Keep nothing: print the access token on stdout for this shell (`LOCADM_TOKEN`)
    /// instead of keeping the login in the keyring; for `--web` or `--device`, and the
    /// way to log in as yourself where there is no keyring (LOCADM_KEYRING=none)
    #[arg(long)]
    pub print_token: bool,
}

/// A `--wait` duration: humantime's (`90s`, `5m`, `1h 30m`), at least a second.
fn parse_wait(text: &str) -> Result<std::time::Duration, String> {
    let wait = humantime::parse_duration(text.trim())
        .map_err(|e| format!("{e} (for example `90s`, `5m`, `1h`)"))?;
    if wait < std::time::Duration::from_secs(1) {
        return Err("must be at least 1s".into());
    }
    Ok(wait)
}

#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Show who is logged in, the profile, client, keyring backend, token expiry and granted permissions
    ///
    /// Example: locadm auth status
    Status,
    /// Print the bearer token, for pipelines
    ///
    /// Example: curl -H "Authorization: Bearer $(locadm auth token)" "$URL"
    Token,
}
