//! `locadm login` and `locadm auth`.

use clap::{Args, Subcommand};

use crate::env_vars::EnvVars;

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
}

#[derive(Debug, Subcommand)]
pub enum AuthCommand {
    /// Show the profile, client, keyring backend, token expiry and granted permissions
    ///
    /// Example: locadm auth status
    Status,
    /// Print the bearer token, for pipelines
    ///
    /// Example: curl -H "Authorization: Bearer $(locadm auth token)" "$URL"
    Token,
}
