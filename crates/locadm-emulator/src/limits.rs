//! What a real service has and the emulator did not: a capacity (requests served at
//! once), a rate limit, an idle timeout and a cap on open connections. With them a bulk
//! run can be rehearsed against limits it does not know, as it meets them in a
//! deployment: beyond the capacity or the rate the answer is 503 or 429 with
//! `Retry-After`, and the counters say what was refused and how many were in flight, in
//! all and second by second.

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
    /// Connections open at once; beyond it a new connection is closed at once, unless
    /// `close_idle_when_full`.
    pub max_connections: usize,
    /// At `max_connections`, a new connection takes the place of the one idle the longest
    /// (closed at once; `server.rs`), and is closed itself only when none is idle. So the
    /// default cap, which protects the emulator's own descriptors, cannot be held by
    /// connections that only sit idle; an explicit `--max-connections` rehearses a
    /// service's hard limit instead, which refuses newcomers for a client to learn it.
    pub close_idle_when_full: bool,
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
            max_connections: max_connections_for_open_files(),
            close_idle_when_full: true,
            requests_per_connection: None,
            retry_after: RetryAfter::default(),
        }
    }
}

/// The most connections kept open at once by default, from the process's limit of open
/// files (`ulimit -n`, RLIMIT_NOFILE): a quarter of it (at least 32) is left for what
/// else holds a descriptor (the listener, the database and its WAL, standard streams, the
/// runtime's own, a remote provider's fetch, sockets still closing), and no more than
/// 16,384 are kept. The default was 1,024 whatever the limit: under `ulimit -n 256`,
/// accepting failed for want of descriptors long before the cap, and 300 idle
/// connections kept every client out until their idle timeout.
pub fn max_connections_for_open_files() -> usize {
    max_connections_of(open_files_limit())
}

/// The soft limit of open files, when there is one to read.
fn open_files_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        None
    }
}

fn max_connections_of(open_files: Option<u64>) -> usize {
    const MOST: u64 = 16_384;
    let Some(open_files) = open_files else {
        return MOST as usize;
    };
    let headroom = (open_files / 4).max(32);
    usize::try_from(open_files.saturating_sub(headroom).clamp(1, MOST)).unwrap_or(1)
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
    /// The one lock `admit` takes, once a request.
    ledger: Mutex<Ledger>,
    pub peak_in_flight: AtomicUsize,
    pub refused_capacity: AtomicU64,
    pub refused_rate: AtomicU64,
}

/// What `admit` changes together: the rate's bucket and the per-second series.
struct Ledger {
    bucket: Bucket,
    series: Series,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// How many seconds the series holds: an hour, far more than a test or a rehearsal
/// needs, in 84 KiB at most. Requests after it are not in the series; the totals
/// (`peak_in_flight`, `refused_*`) still count them.
pub const SECONDS_KEPT: usize = 3600;

/// One whole second of [`Gate::seconds`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Second {
    /// The most requests in flight at once in this second, counting the one being refused
    /// (what the client tried to have in flight), at least those still in flight from
    /// earlier seconds.
    pub in_flight: usize,
    /// Requests admitted in this second.
    pub admitted: u64,
    /// Requests refused in this second, for capacity or for the rate.
    pub refused: u64,
}

/// One entry a second from the first API request on; the last is the second of the
/// latest request.
#[derive(Default)]
struct Series {
    first: Option<Instant>,
    seconds: Vec<Second>,
}

impl Series {
    /// A request at `now` with `tried_in_flight` in flight counting itself.
    fn record(&mut self, now: Instant, tried_in_flight: usize, admitted: bool) {
        let first = *self.first.get_or_insert(now);
        let index =
            usize::try_from(now.saturating_duration_since(first).as_secs()).unwrap_or(usize::MAX);
        if index >= SECONDS_KEPT {
            return;
        }
        // The seconds without a request since the last one: those in flight now were
        // in flight all through them.
        let carried = Second {
            in_flight: tried_in_flight - 1,
            ..Second::default()
        };
        if self.seconds.len() <= index {
            self.seconds.resize(index + 1, carried);
        }
        let second = &mut self.seconds[index];
        second.in_flight = second.in_flight.max(tried_in_flight);
        if admitted {
            second.admitted += 1;
        } else {
            second.refused += 1;
        }
    }
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
            ledger: Mutex::new(Ledger {
                bucket: Bucket {
                    tokens: full,
                    at: Instant::now(),
                },
                series: Series::default(),
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
        self.admit_at(Instant::now())
    }

    fn admit_at(&self, now: Instant) -> Result<Admitted<'_>, Refusal> {
        let mut ledger = self.ledger.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(rate) = self.limits.rate_limit {
            let bucket = &mut ledger.bucket;
            let refill = now.saturating_duration_since(bucket.at).as_secs_f64() * rate;
            bucket.tokens = (bucket.tokens + refill).min(rate.max(1.0));
            bucket.at = now;
            if bucket.tokens < 1.0 {
                let wait = (1.0 - bucket.tokens) / rate;
                self.refused_rate.fetch_add(1, Ordering::Relaxed);
                // In flight for a moment, as one refused for capacity is: what the client
                // tried to have in flight.
                let tried = self.in_flight.load(Ordering::SeqCst) + 1;
                ledger.series.record(now, tried, false);
                return Err(Refusal::Rate {
                    retry_after: Duration::from_secs_f64(wait),
                });
            }
            bucket.tokens -= 1.0;
        }
        let now_in_flight = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        let admitted = Admitted(self);
        let over_capacity = self.limits.capacity.is_some_and(|cap| now_in_flight > cap);
        ledger.series.record(now, now_in_flight, !over_capacity);
        if over_capacity {
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

    /// The series of [`Second`]s from the first API request on (empty before it).
    pub fn seconds(&self) -> Vec<Second> {
        let ledger = self.ledger.lock().unwrap_or_else(|p| p.into_inner());
        ledger.series.seconds.clone()
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
    fn the_connection_cap_leaves_a_quarter_of_the_open_files_limit() {
        assert_eq!(max_connections_of(Some(256)), 192);
        assert_eq!(max_connections_of(Some(1024)), 768);
        assert_eq!(max_connections_of(Some(64)), 32);
        assert_eq!(max_connections_of(Some(20)), 1, "never none");
        assert_eq!(max_connections_of(Some(1 << 20)), 16_384);
        assert_eq!(max_connections_of(None), 16_384, "unlimited");
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

    fn second(in_flight: usize, admitted: u64, refused: u64) -> Second {
        Second {
            in_flight,
            admitted,
            refused,
        }
    }

    /// A refusal for capacity counts the refused request in flight: what was tried.
    #[test]
    fn a_second_counts_what_was_tried_in_flight_admitted_and_refused() {
        let gate = Gate::new(Limits {
            capacity: Some(2),
            ..Limits::default()
        });
        assert_eq!(gate.seconds(), []);
        let start = Instant::now();
        let a = gate.admit_at(start).unwrap();
        let _b = gate.admit_at(start).unwrap();
        assert!(gate.admit_at(start).is_err());
        drop(a);
        let _d = gate.admit_at(start + Duration::from_millis(900)).unwrap();
        assert_eq!(gate.seconds(), [second(3, 3, 1)]);
    }

    /// A refusal for the rate counts the refused request in flight too.
    #[test]
    fn a_refusal_for_the_rate_counts_as_tried_in_flight() {
        let gate = Gate::new(Limits {
            rate_limit: Some(2.0),
            ..Limits::default()
        });
        let start = Instant::now();
        let _held = [gate.admit_at(start), gate.admit_at(start)];
        let refused = gate.admit_at(start);
        assert!(
            matches!(refused, Err(Refusal::Rate { .. })),
            "{:?}",
            refused.err()
        );
        assert_eq!(gate.seconds(), [second(3, 2, 1)]);
    }

    /// A second without a request has an entry, with what stayed in flight through it;
    /// one request after the first hour is not in the series.
    #[test]
    fn seconds_without_requests_are_there_and_the_series_stops_after_an_hour() {
        let gate = Gate::new(Limits::default());
        let start = Instant::now();
        let held = gate.admit_at(start).unwrap();
        drop(gate.admit_at(start + Duration::from_millis(2500)).unwrap());
        assert_eq!(
            gate.seconds(),
            [second(1, 1, 0), second(1, 0, 0), second(2, 1, 0)]
        );
        drop(held);
        let last = SECONDS_KEPT as u64 - 1;
        drop(gate.admit_at(start + Duration::from_secs(last)).unwrap());
        drop(
            gate.admit_at(start + Duration::from_secs(last + 1))
                .unwrap(),
        );
        let seconds = gate.seconds();
        assert_eq!(seconds.len(), SECONDS_KEPT);
        assert_eq!(seconds[SECONDS_KEPT - 2], second(0, 0, 0));
        assert_eq!(seconds[SECONDS_KEPT - 1], second(1, 1, 0));
    }
}
