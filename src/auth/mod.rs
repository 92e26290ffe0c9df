//! Authentication: where every command's bearer token comes from.
//!
//! Order: `LOCADM_TOKEN` as-is (nothing cached); else the cached token when it is more
//! than [`RENEW_BEFORE`] from expiry and the caller presents the credential it was got
//! with; else a fresh token by the grant the caller's credentials call for
//! (`credentials.rs`: a workload token, client credentials by secret or key, a person's
//! refresh token), saved back to the keyring unless the credentials came from the
//! environment. Endpoints come from `token_url`, or from the issuer's discovery document.

mod binding;
mod client_key;
mod credentials;
pub(crate) mod discovery;
pub(crate) mod id_token;
pub(crate) mod oauth;
mod people;
mod revoke;
mod session;
pub(crate) mod store;
mod transport;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub(crate) use oauth::ClientProof;

use crate::env_vars::EnvVars;
pub(crate) use revoke::Revocation;
pub(crate) use session::Session;

/// A cached token is replaced this long before it expires, or a quarter of its lifetime
/// before when that is shorter (a token that lives 60 s is not fetched for every request).
pub(crate) const RENEW_BEFORE: Duration = Duration::from_secs(60);

/// The hint for every "no credentials" error: at a terminal `locadm login`; without one
/// the environment variables ([`log_in`]).
pub(crate) fn login_hint() -> String {
    log_in("run `locadm login` (or `locadm login --web`), or set LOCADM_TOKEN, or LOCADM_CLIENT_ID and LOCADM_CLIENT_SECRET")
}

/// The hint after a person's login has ended (expired, revoked, denied).
pub(crate) fn login_again_hint() -> String {
    log_in("run `locadm login --web` (or `locadm login --device`) again")
}

/// How a hint says to log in: `at_terminal` (an interactive `locadm login`) when a person
/// can be asked ([`can_prompt`](crate::output::prompt::can_prompt)); otherwise (CI, a
/// pipe), where `locadm login` could ask nothing, the environment variables that give
/// credentials instead.
pub(crate) fn log_in(at_terminal: &str) -> String {
    if crate::output::prompt::can_prompt() {
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

/// Wall-clock time in unix seconds; injectable for tests.
pub(crate) trait Clock: Send + Sync {
    fn now(&self) -> u64;
}

/// The system clock.
pub(crate) struct SystemClock;

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
pub(crate) fn is_fresh(expires_at: Option<u64>, lifetime: Option<u64>, now: u64) -> bool {
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
pub(crate) fn relative(expires_at: u64, now: u64) -> String {
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
pub(crate) enum TokenSource {
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
