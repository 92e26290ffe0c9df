//! Time as tokens see it: the clock (injectable for tests), when a cached token is still
//! good, and an expiry as people read it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A cached token is replaced this long before it expires, or a quarter of its lifetime
/// before when that is shorter (a token that lives 60 s is not fetched for every request).
pub const RENEW_BEFORE: Duration = Duration::from_secs(60);

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
