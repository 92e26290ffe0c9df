//! What a real service has and the emulator did not: a capacity (requests served at
//! once), a rate limit, an idle timeout and a cap on open connections. With them a bulk
//! run can be rehearsed against limits it does not know, as it meets them in a
//! deployment: beyond the capacity or the rate the answer is 503 or 429 with
//! `Retry-After`, and the counters say what was refused and how many were in flight.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The limits of `locadm emulator serve`; `Default` is none, as before they existed.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// API requests served at once; more are refused with `over_capacity`.
    pub capacity: Option<usize>,
    /// The status of a request refused for capacity: 503 (a server at its limit) or 429.
    pub over_capacity: u16,
    /// API requests a second, over a window of one second (a token bucket that holds one
    /// second's worth); more are answered 429 with the time until one is allowed.
    pub rate_limit: Option<f64>,
    /// A connection with no request for this long is closed.
    pub idle_timeout: Duration,
    /// Connections open at once; more are closed as soon as they are accepted.
    pub max_connections: usize,
    /// Requests a connection serves before it is closed, as a server's keep-alive limit
    /// closes it (nginx's `keepalive_requests`); `None` for no limit.
    pub requests_per_connection: Option<usize>,
    /// What a refusal for capacity and an injected 429 ask of the client.
    pub retry_after: RetryAfter,
}

/// The `Retry-After` of the emulator's refusals: how long a refusal for capacity or an
/// injected 429 asks the client to wait (a rate limit's says when the next request is
/// allowed), and in which of RFC 9110's two forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter {
    /// Seconds asked by a refusal for capacity and an injected 429.
    pub secs: u64,
    /// As an HTTP date rather than delay-seconds.
    pub as_date: bool,
}

impl Default for RetryAfter {
    fn default() -> RetryAfter {
        RetryAfter {
            secs: 1,
            as_date: false,
        }
    }
}

impl RetryAfter {
    /// The header's value asking for a wait of `secs`: as a date, the next whole second
    /// after `secs` from now (a date has no fractions), so the wait is never shorter.
    pub fn value(&self, secs: u64) -> String {
        if !self.as_date {
            return secs.to_string();
        }
        let at = std::time::SystemTime::now() + Duration::from_secs(secs);
        let since = at.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let whole = since.as_secs() + u64::from(since.subsec_nanos() > 0);
        httpdate::fmt_http_date(std::time::UNIX_EPOCH + Duration::from_secs(whole))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            capacity: None,
            over_capacity: 503,
            rate_limit: None,
            idle_timeout: Duration::from_secs(60),
            max_connections: 1024,
            requests_per_connection: None,
            retry_after: RetryAfter::default(),
        }
    }
}

/// Why a request was refused, and when to come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Capacity { status: u16 },
    Rate { retry_after: Duration },
}

/// The running state of the limits.
pub struct Gate {
    limits: Limits,
    in_flight: AtomicUsize,
    bucket: Mutex<Bucket>,
    pub peak_in_flight: AtomicUsize,
    pub refused_capacity: AtomicU64,
    pub refused_rate: AtomicU64,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// A request being served; dropping it frees its place.
pub struct Admitted<'a>(&'a Gate);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Gate {
    pub fn new(limits: Limits) -> Gate {
        let full = limits.rate_limit.unwrap_or(0.0);
        Gate {
            limits,
            in_flight: AtomicUsize::new(0),
            bucket: Mutex::new(Bucket {
                tokens: full,
                at: Instant::now(),
            }),
            peak_in_flight: AtomicUsize::new(0),
            refused_capacity: AtomicU64::new(0),
            refused_rate: AtomicU64::new(0),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Admits a request, or says why not: the rate first (a refused request takes no
    /// place), then the capacity.
    pub fn admit(&self) -> Result<Admitted<'_>, Refusal> {
        if let Some(rate) = self.limits.rate_limit {
            let mut bucket = self.bucket.lock().unwrap_or_else(|p| p.into_inner());
            let now = Instant::now();
            let refill = now.duration_since(bucket.at).as_secs_f64() * rate;
            bucket.tokens = (bucket.tokens + refill).min(rate.max(1.0));
            bucket.at = now;
            if bucket.tokens < 1.0 {
                self.refused_rate.fetch_add(1, Ordering::Relaxed);
                let wait = (1.0 - bucket.tokens) / rate;
                return Err(Refusal::Rate {
                    retry_after: Duration::from_secs_f64(wait),
                });
            }
            bucket.tokens -= 1.0;
        }
        let now_in_flight = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        let admitted = Admitted(self);
        if self.limits.capacity.is_some_and(|cap| now_in_flight > cap) {
            drop(admitted);
            self.refused_capacity.fetch_add(1, Ordering::Relaxed);
            return Err(Refusal::Capacity {
                status: self.limits.over_capacity,
            });
        }
        self.peak_in_flight
            .fetch_max(now_in_flight, Ordering::Relaxed);
        Ok(admitted)
    }
}

/// `Retry-After` in whole seconds, at least 1 (the header has no fractions).
pub fn retry_after_secs(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seconds as they are; a date the next whole second after the wait from now, read
    /// back as at least that wait and less than a second more.
    #[test]
    fn retry_after_in_either_form() {
        let seconds = RetryAfter::default();
        assert_eq!(seconds.value(7), "7");
        let date = RetryAfter {
            secs: 6,
            as_date: true,
        };
        let before = std::time::SystemTime::now();
        let at = httpdate::parse_http_date(&date.value(6)).unwrap();
        let wait = at.duration_since(before).unwrap();
        assert!(
            wait >= Duration::from_secs(6) && wait < Duration::from_secs(7),
            "{wait:?}"
        );
    }

    #[test]
    fn capacity_refuses_beyond_and_frees_on_drop() {
        let gate = Gate::new(Limits {
            capacity: Some(2),
            ..Limits::default()
        });
        let a = gate.admit().unwrap();
        let _b = gate.admit().unwrap();
        assert_eq!(gate.admit().err(), Some(Refusal::Capacity { status: 503 }));
        drop(a);
        assert!(gate.admit().is_ok());
        assert_eq!(gate.peak_in_flight.load(Ordering::Relaxed), 2);
        assert_eq!(gate.refused_capacity.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn the_rate_allows_one_second_s_worth_then_says_when() {
        let gate = Gate::new(Limits {
            rate_limit: Some(10.0),
            ..Limits::default()
        });
        let admitted = (0..30).filter(|_| gate.admit().is_ok()).count();
        assert!((10..=11).contains(&admitted), "{admitted}");
        match gate.admit() {
            Err(Refusal::Rate { retry_after }) => {
                assert!(retry_after <= Duration::from_millis(100), "{retry_after:?}")
            }
            other => panic!("{:?}", other.err()),
        }
        assert_eq!(retry_after_secs(Duration::from_millis(30)), 1);
    }
}
