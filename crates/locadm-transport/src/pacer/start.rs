//! Where a run's pace starts, and what it learned for the next run (issue 44): a short
//! run that learns from zero spends most of itself finding the pace (2,000 records
//! behind 30 ms went at 0.53-0.60 of a fixed 256 in flight), and a run behind a rate
//! limit meets it again although the last run had said what it admits. TCP keeps what it
//! learned of a destination for the same reason (Linux's `tcp_metrics`: the slow-start
//! threshold and the round trip).
//!
//! The pacer only starts from a [`Start`] and gives its [`Learned`]: where they are kept
//! and how far an old one is trusted is the caller's (`bulk/pace_memory.rs`).
//!
//! * The window starts at the remembered number in flight (less, as the caller trusts an
//!   old one less), doubles up to what bounded the earlier run (a refusal, a queue, the
//!   most allowed), and grows from there by one a round trip; where nothing bounded it
//!   (it ended still doubling), it doubles on. Its first window is paced over the
//!   remembered round trip, as later ones are over the measured one. A rate is spaced
//!   at from the first send, and measured again by the next 429s as one of this run's.
//! * The service answering differently drops it: a round trip more than twice the one
//!   remembered (another path, a loaded service: a window found for the old one is not
//!   trusted) starts the window from zero; a refusal (a new capacity or limit) cuts the
//!   window from there by its own rules, and its 429s measure the rate again.

use std::time::Duration;

use tokio::time::Instant;

use super::{window, Pacer, State, Window};

/// Where a run starts: what an earlier run against the same service learned, as far as
/// the caller still trusts it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Start {
    /// Requests in flight (at least one; no more than the run's most).
    pub in_flight: f64,
    /// Up to where the window doubles before it grows by one a round trip: what bounded
    /// the earlier run (a refusal, a queue, the most allowed), which an aged start climbs
    /// back to in a few round trips. None: it ended still doubling, and this run doubles
    /// on.
    pub bound: Option<f64>,
    /// The bound was the service's refusal (a 429 or 503 within the earlier run's last
    /// 30 s): it is a ceiling this run probes past only as one of its own is, by one a
    /// round trip once it has held for 30 s, not by the doubling a round that delivered a
    /// quarter more starts again (see `window.rs`).
    pub refused: bool,
    /// The rate the earlier run's 429s taught, to space the sends at from the first.
    pub rate: Option<f64>,
    /// The quickest answer the earlier run saw.
    pub round_trip: Option<Duration>,
}

/// What a run of `--concurrency auto` learned of the service's pace, for the next run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Learned {
    /// The window at the end (after any cut, at a hold), no more than the most the run
    /// had in flight at once. Not the window of the round that delivered the most: a
    /// short run has few rounds, and behind the 30 ms proxy, 2,000 records, its best
    /// round was at 148 to 404 in flight where the run went on to 512 (a fixed 512 went
    /// at 5,207 a second, a fixed 256 at 4,499: the run is 4 round trips, not 8), and
    /// the next run, started there and bounded by it, went at 0.82 of a fixed 512.
    pub in_flight: usize,
    /// It was still doubling: nothing (a refusal, a queue, a hold where the rate stopped
    /// growing) bounded it yet.
    pub growing: bool,
    /// A refusal bounds it: the service refused (429 or 503) within the run's last 30 s,
    /// the span a refusal's ceiling holds the window.
    pub refused: bool,
    /// The rate the 429s taught (or the one started from, not contradicted).
    pub rate: Option<f64>,
    /// The quickest answer of about the run's last 10 s.
    pub round_trip: Option<Duration>,
}

/// How the service answered unlike what the run started from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Changed {
    /// Its round trip is longer: the run learned from zero.
    RoundTrip { was: Duration, now: Duration },
    /// It refused (429 or 503) at this many in flight: the window was cut from there.
    Refused { in_flight: usize, status: u16 },
}

/// A round trip more than this many times the remembered one (and [`SLOWER_SLACK`]
/// more: a loopback's 0.2 ms and 0.5 ms are the same path) drops what the run started
/// from.
const SLOWER: f64 = 2.0;
const SLOWER_SLACK: Duration = Duration::from_millis(10);
/// The round trip is compared once the run has had this many times the answers it
/// started in flight.
const CHECKED_AFTER: f64 = 4.0;

impl Pacer {
    /// Starts `auto` from `start` instead of from zero; a fixed concurrency is as it was
    /// given.
    pub fn starting_from(self, start: Start) -> Pacer {
        if !self.auto {
            return self;
        }
        let now = Instant::now();
        let max = self.max as f64;
        let in_flight = start.in_flight.clamp(1.0, max);
        let threshold = start.bound.map_or(max, |bound| bound.clamp(in_flight, max));
        {
            let mut state = self.lock();
            state.window = Window::new(in_flight, threshold, now);
            // A rate limit without a `Retry-After` (nginx's `limit_req`) taught the
            // earlier run no rate in 4 of 5 rounds behind the 30 ms proxy, only a window
            // cut to 28-31 in flight by its 429s. Started there as from a queue's bound,
            // the second run's first full round delivered a quarter more than the one
            // that opened its connections, the doubling started again, and the bucket's
            // second's worth spent, 204-485 of 2,000 answers were 429 at 460-512 in
            // flight (`SERVER=nginx MEMORY=1 benches/pace.sh`).
            if start.refused {
                state.window.refused_before(threshold, now);
            }
            // The first window is paced over the remembered round trip, as every later
            // one is once answers came: sent at once, a start of 230 in flight was 230
            // connections opened in the same millisecond, and a service listening with
            // a backlog of 128 (tokio's, std's) dropped the SYNs beyond it, each
            // retried after 1 s. Behind the 30 ms proxy so listening, 2,000 records: 2
            // of 6 second runs sent at once stalled so (1.15 s against 0.45 to 0.49 s),
            // none of 6 paced.
            if let Some(round_trip) = start.round_trip {
                state.window.assume_round_trip(round_trip);
            }
            if let Some(rate) = start.rate {
                state.schedule.resume(rate, now);
            }
            state.peak = in_flight as usize;
            state.start = Some(start);
        }
        self.limit_tx.send_replace(in_flight as usize);
        self
    }

    /// What the run learned, for the next: none with a fixed concurrency (nothing is
    /// learned) or before the service admitted an answer.
    pub fn learned(&self) -> Option<Learned> {
        if !self.auto {
            return None;
        }
        let state = self.lock();
        // A hold where the rate stopped growing bounds the next run as a refusal does.
        let growing = state.window.growing() && !state.window.held();
        // The window at the end, as far as it was used: still doubling, every answer of
        // the run's last round trip grew it, though no request was left to send.
        let in_flight = state.window.limit().min(state.most_sent as f64);
        (state.admitted > 0).then(|| Learned {
            in_flight: (in_flight as usize).clamp(1, self.max),
            growing,
            refused: state.window.ceiling_held(Instant::now()),
            rate: state.schedule.learned_rate(),
            round_trip: state.window.quickest(),
        })
    }
}

impl State {
    /// Once the run has had four times the answers it started in flight (its
    /// connections used again, so the quickest is without a handshake, and over enough
    /// answers that a busy moment of the machine is not taken for the path), a round trip
    /// much longer than the remembered one drops the start: the window goes back to
    /// [`window::START`]. The rate stays: a limit of the service's, not of the path.
    /// Checked once. Traced at twice the answers, behind the 30 ms proxy on a loaded
    /// machine: a quickest of 86 ms over 254 answers dropped a start of 127 in flight and
    /// the rate with it, and the run went at 251 a second where the others of its kind
    /// went at 880 to 920.
    pub(super) fn check_round_trip(&mut self, now: Instant, max: f64) {
        let Some(start) = self.start else {
            return;
        };
        if self.changed.is_some() || self.round_trip_checked {
            return;
        }
        if (self.admitted as f64) < (start.in_flight * CHECKED_AFTER).max(16.0) {
            return;
        }
        self.round_trip_checked = true;
        let (Some(was), Some(seen)) = (start.round_trip, self.window.quickest()) else {
            return;
        };
        if seen > was.mul_f64(SLOWER) + SLOWER_SLACK {
            self.changed = Some(Changed::RoundTrip { was, now: seen });
            self.window = Window::new(window::START.min(max), max, now);
        }
    }

    /// A refusal in a run that started from an earlier one's pace: the service's
    /// capacity or limit is not what was remembered (said once, the first).
    pub(super) fn refused_from_start(&mut self, status: u16) {
        if self.start.is_some() && self.changed.is_none() {
            self.changed = Some(Changed::Refused {
                in_flight: self.window.limit() as usize,
                status,
            });
        }
    }
}
