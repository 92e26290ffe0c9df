//! Authentication: where every command's bearer token comes from.
//!
//! Order: `LOCADM_TOKEN` as-is (nothing cached); else the cached token when it is more
//! than [`RENEW_BEFORE`] from expiry and the caller presents the credential it was got
//! with; else a fresh token by the grant the caller's credentials call for
//! (`credentials.rs`: a workload token, client credentials by secret or key, a person's
//! refresh token), saved back to the keyring unless the credentials came from the
//! environment. Endpoints come from `token_url`, or from the issuer's discovery document.

mod binding;
mod client_auth;
mod client_key;
mod credentials;
pub mod discovery;
pub mod id_token;
pub mod oauth;
mod people;
mod profile;
mod revoke;
mod session;
pub mod store;
mod transport;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use client_auth::ClientAuth;
pub use oauth::ClientProof;
pub use profile::{Profile, Secrets};

use crate::env_vars::EnvVars;
pub use revoke::Revocation;
pub use session::Session;

/// A cached token is replaced this long before it expires, or a quarter of its lifetime
/// before when that is shorter (a token that lives 60 s is not fetched for every request).
pub const RENEW_BEFORE: Duration = Duration::from_secs(60);

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

/// Wall-clock time in unix seconds; injectable for tests.
pub trait Clock: Send + Sync {
    fn now(&self) -> u64;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    }
}

/// Whether a token with this expiry (and lifetime, when known) can still be used at
/// `now`: it is renewed [`RENEW_BEFORE`] before expiry, or a quarter of its lifetime
/// before when that is shorter.
pub fn is_fresh(expires_at: Option<u64>, lifetime: Option<u64>, now: u64) -> bool {
    let margin = lifetime.map_or(RENEW_BEFORE.as_secs(), |l| {
        (l / 4).min(RENEW_BEFORE.as_secs())
    });
    match expires_at {
        // No lifetime given: use it until the service answers 401.
        None => true,
        Some(at) => at > now.saturating_add(margin),
    }
}

/// "in 59 min", "in 30 s", "2 h ago"…
pub fn relative(expires_at: u64, now: u64) -> String {
    fn span(secs: u64) -> String {
        match secs {
            0..=89 => format!("{secs} s"),
            90..=5399 => format!("{} min", (secs + 30) / 60),
            5400..=172_799 => format!("{} h", (secs + 1800) / 3600),
            _ => format!("{} days", (secs + 43_200) / 86_400),
        }
    }
    if expires_at >= now {
        format!("in {}", span(expires_at - now))
    } else {
        format!("{} ago", span(now - expires_at))
    }
}

/// Where the token of this session comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenSource {
    /// `LOCADM_TOKEN`, used as-is.
    Environment,
    /// The keyring cache or the token endpoint.
    ClientCredentials,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freshness_honours_the_60_s_margin() {
        assert!(is_fresh(Some(1_061), None, 1_000));
        assert!(!is_fresh(Some(1_060), None, 1_000));
        assert!(!is_fresh(Some(900), None, 1_000));
        assert!(is_fresh(None, None, 1_000));
        assert!(is_fresh(Some(1_061), Some(3600), 1_000));
        assert!(!is_fresh(Some(1_060), Some(3600), 1_000));
    }

    /// Issue 15, item 7: a token that lives less than the margin is used for three
    /// quarters of its life, not fetched again for every request.
    #[test]
    fn the_margin_scales_with_a_short_lifetime() {
        // 30 s lifetime, fetched at 1_000: fresh until 7 s before expiry.
        assert!(is_fresh(Some(1_030), Some(30), 1_000));
        assert!(is_fresh(Some(1_030), Some(30), 1_022));
        assert!(!is_fresh(Some(1_030), Some(30), 1_023));
        // A lifetime of 0: never fresh.
        assert!(!is_fresh(Some(1_000), Some(0), 1_000));
    }

    #[test]
    fn relative_times() {
        assert_eq!(relative(1_000 + 3540, 1_000), "in 59 min");
        assert_eq!(relative(1_030, 1_000), "in 30 s");
        assert_eq!(relative(1_000, 1_000 + 7200), "2 h ago");
    }
}
