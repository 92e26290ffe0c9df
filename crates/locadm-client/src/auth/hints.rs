//! How a hint says to log in: at a terminal the interactive `locadm login`, without one
//! (CI, a pipe) the environment variables that give credentials.

use crate::env_vars::EnvVars;

/// The hint for every "no credentials" error: at a terminal `locadm login`; without one
/// the environment variables ([`log_in`]).
pub fn login_hint() -> String {
    log_in("run `locadm login` (or `locadm login --web`), or set LOCADM_TOKEN, or LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET")
}

/// The hint after a person's login has ended (expired, revoked, denied).
pub fn login_again_hint() -> String {
    log_in("run `locadm login --web` (or `locadm login --device`) again")
}

/// How a hint says to log in: `at_terminal` (an interactive `locadm login`) when a person
/// can be asked ([`can_prompt`]); otherwise (CI, a pipe), where `locadm login` could ask
/// nothing, the environment variables that give credentials instead.
pub fn log_in(at_terminal: &str) -> String {
    if can_prompt() {
        return at_terminal.to_owned();
    }
    format!(
        "without a terminal, set {} with {} (or the key, {}, or a CI workload token, {}), or {}",
        EnvVars::CLIENT_ID,
        EnvVars::CLIENT_SECRET,
        EnvVars::CLIENT_KEY_FILE,
        EnvVars::FEDERATED_TOKEN_FILE,
        EnvVars::TOKEN,
    )
}

/// Whether a person can be asked: standard input and standard error are a terminal, and
/// this is no CI job (`CI` set, as every CI platform sets it).
// Standard error is only asked whether it is a terminal here; nothing is written to it.
#[allow(clippy::disallowed_methods)]
pub fn can_prompt() -> bool {
    use std::io::IsTerminal;
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    !ci && std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}
