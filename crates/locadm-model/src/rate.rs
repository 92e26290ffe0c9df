//! A rate in requests a second, as the CLI's `--rate` and the emulator's `--rate-limit`
//! take it: one rule for both, so a rate one accepts the other does too.

/// The slowest rate: one request each 1,000 s. Each side keeps a rate as the gap between
/// two requests (the CLI's sends, the emulator's `Retry-After`), and near 0 that gap
/// overflows a clock or an HTTP date: `--rate 1e-19` panicked every worker of a run, and
/// `--rate-limit 1e-300` the emulator at its first refusal.
pub const SLOWEST: f64 = 0.001;

/// Whether `rate` (requests a second) is one to keep: finite and at least [`SLOWEST`].
pub fn allowed(rate: f64) -> bool {
    rate.is_finite() && rate >= SLOWEST
}

/// `N` or `N/s` (`100`, `100/s`, `0.5`), allowed by [`allowed`]; `None` otherwise. The
/// caller says what the option is in its own words.
pub fn requests_a_second(text: &str) -> Option<f64> {
    let text = text.trim();
    let number = text.strip_suffix("/s").unwrap_or(text).trim_end();
    number.parse().ok().filter(|rate| allowed(*rate))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n_or_n_a_second_from_the_slowest() {
        assert_eq!(requests_a_second("100"), Some(100.0));
        assert_eq!(requests_a_second(" 2.5/s "), Some(2.5));
        assert_eq!(requests_a_second("0.001"), Some(SLOWEST));
        for refused in [
            "0", "-1", "NaN", "inf", "1e-19", "100/m", "/s", "", "100//s",
        ] {
            assert_eq!(requests_a_second(refused), None, "{refused}");
        }
    }
}
