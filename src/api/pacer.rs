//! The pace of a bulk run: how many requests are in flight (`--concurrency`), how many
//! are sent a second (`--rate`), and the pause a `Retry-After` asks of the whole run.
//!
//! `--concurrency auto` finds the number itself, as TCP finds a window: AIMD on the
//! service's explicit signals, with a latency gradient for the implicit one.
//!
//! * It starts at 4 in flight and doubles each round trip (one more for each answer) until
//!   the first sign of trouble, then grows by one a round trip (`1/limit` an answer).
//! * A 429 or 503 takes it to 0.7 of itself (CUBIC's factor), but not below what the
//!   service did serve in the last round trip (BBR's delivery count); once a round trip
//!   (a burst of refusals from one round is one signal). Its `Retry-After` pauses every
//!   request of the run, not only the one that got it: the service asked the client, not
//!   the record, to wait. One below the refused limit is a ceiling for 30 s before more is
//!   probed, so a service that answers its capacity with `Retry-After: 1` costs a pause
//!   every 30 s, not every few round trips.
//! * Answers getting slower than the quickest recent ones by more than half again (and
//!   5 ms) mean requests queue at the service: a tenth off, once a round trip. A service
//!   behind a round trip of 30 ms is then kept busy without a queue of its own.
//!
//! Why not only AIMD: without a limit that answers 429, it would grow until the service's
//! queue is the only brake (latency up, throughput flat). Why not only a gradient: a rate
//! limit answers fast 429s, which a latency signal never sees. Both are cheap: a mutex
//! taken once an answer, a watch channel woken only when the limit changes.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::watch;
// tokio's clock: the same as std's, and stoppable in tests.
use tokio::time::Instant;

/// The start of `auto`: low, since nothing is known of the service yet.
const START: f64 = 4.0;
/// What a queue at the service looks like: answers this much slower than the quickest.
const QUEUE_RATIO: f64 = 1.5;
const QUEUE_SLACK: Duration = Duration::from_millis(5);
/// The quickest answer is forgotten after this long (the path may have changed).
const BASELINE_SPAN: Duration = Duration::from_secs(10);
/// How long a refused limit is not probed again.
const CEILING_SPAN: Duration = Duration::from_secs(30);
/// What a refusal leaves of the limit.
const REFUSED: f64 = 0.7;

/// What an answer says about the pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// Answered (whatever the status, other than below), in this long.
    Answered(Duration),
    /// 429 or 503: slow down; with the `Retry-After` when there was one.
    Refused(Option<Duration>),
    /// No answer (a timeout, a reset): not the service's word on the pace.
    Lost,
}

pub struct Pacer {
    /// Most workers a run has: `auto`'s ceiling, or the fixed number.
    max: usize,
    auto: bool,
    state: Mutex<State>,
    limit_tx: watch::Sender<usize>,
    /// Requests a second at most (`--rate`), as a gap between two sends.
    gap: Option<Duration>,
    /// The run is over (input done, stopped): every waiting worker goes.
    closed: std::sync::atomic::AtomicBool,
    /// An attempt ended: one waiting for a place in flight may go.
    freed: tokio::sync::Notify,
}

enum Wait {
    Until(Instant),
    Freed,
    Slot(Instant),
}

struct State {
    limit: f64,
    /// Below it the limit doubles a round trip; above it, one more a round trip.
    threshold: f64,
    smoothed: Option<Duration>,
    quickest: Option<(Duration, Instant)>,
    last_decrease: Option<Instant>,
    /// The limit a refusal left, and when: not grown past for `CEILING_SPAN`.
    ceiling: Option<(f64, Instant)>,
    /// When the answers of about the last round trip came.
    recent: VecDeque<Instant>,
    paused_until: Option<Instant>,
    next_send: Option<Instant>,
    /// Attempts sent and not yet answered: a retry takes a place too, so the requests a
    /// refusal left waiting do not all come back at once when the pause ends.
    in_flight: usize,
    peak: usize,
    refused: u64,
}

impl Pacer {
    /// `fixed`: that many in flight, always. `None`: `auto`, up to `max`.
    pub fn new(fixed: Option<usize>, max: usize, rate: Option<f64>) -> Pacer {
        let max = fixed.unwrap_or(max).max(1);
        let limit = fixed.map_or(START.min(max as f64), |n| n as f64);
        let (limit_tx, _) = watch::channel(limit as usize);
        Pacer {
            max,
            auto: fixed.is_none(),
            state: Mutex::new(State {
                limit,
                threshold: max as f64,
                smoothed: None,
                quickest: None,
                last_decrease: None,
                ceiling: None,
                recent: VecDeque::new(),
                paused_until: None,
                next_send: None,
                in_flight: 0,
                peak: limit as usize,
                refused: 0,
            }),
            limit_tx,
            gap: rate
                .filter(|r| *r > 0.0)
                .map(|r| Duration::from_secs_f64(1.0 / r)),
            closed: std::sync::atomic::AtomicBool::new(false),
            freed: tokio::sync::Notify::new(),
        }
    }

    /// Lets every worker waiting for its turn go (to find the input done, or the run
    /// stopped).
    pub fn close(&self) {
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        self.limit_tx.send_modify(|_| {});
    }

    /// How many workers the run starts: every one that may ever be allowed to send.
    pub fn workers(&self) -> usize {
        self.max
    }

    pub fn is_auto(&self) -> bool {
        self.auto
    }

    /// Requests in flight allowed now.
    pub fn limit(&self) -> usize {
        *self.limit_tx.borrow()
    }

    /// The most in flight the run allowed, and the answers that said to slow down.
    pub fn peak_and_refused(&self) -> (usize, u64) {
        let state = self.lock();
        (state.peak, state.refused)
    }

    /// Waits until worker `index` (from 0) may take a task: while the limit is at or
    /// below it, the worker sleeps (and its connection is never opened).
    pub async fn turn(&self, index: usize) {
        if !self.auto {
            return;
        }
        let mut limit = self.limit_tx.subscribe();
        let closed = || self.closed.load(std::sync::atomic::Ordering::SeqCst);
        let _ = limit.wait_for(|limit| index < *limit || closed()).await;
    }

    /// Waits for the run's pause (a `Retry-After`) to end, for a place in flight (with
    /// `auto`) and for a slot of `--rate`; the place is the attempt's until `observe`.
    pub async fn before_send(&self) {
        loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            // Decided under the lock, waited for without it.
            let wait = {
                let mut state = self.lock();
                let now = Instant::now();
                match state.paused_until {
                    Some(until) if until > now => Wait::Until(until),
                    _ if self.auto && state.in_flight >= state.limit as usize => Wait::Freed,
                    _ => {
                        state.in_flight += 1;
                        match self.gap {
                            None => return,
                            Some(gap) => {
                                let slot = state.next_send.map_or(now, |next| next.max(now));
                                state.next_send = Some(slot + gap);
                                Wait::Slot(slot)
                            }
                        }
                    }
                }
            };
            match wait {
                Wait::Until(until) => tokio::time::sleep_until(until).await,
                Wait::Freed => freed.await,
                Wait::Slot(slot) => return tokio::time::sleep_until(slot).await,
            }
        }
    }

    /// Learns from one answer (or its absence).
    pub fn observe(&self, signal: Signal) {
        let mut state = self.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        self.freed.notify_one();
        let now = Instant::now();
        match signal {
            Signal::Refused(retry_after) => {
                state.refused += 1;
                if let Some(wait) = retry_after {
                    let until = now + wait;
                    state.paused_until = Some(state.paused_until.map_or(until, |u| u.max(until)));
                }
                if self.auto {
                    state.refused_at(now);
                }
            }
            Signal::Answered(rtt) if self.auto => {
                state.learn(rtt, now);
                if state.queueing() {
                    state.decrease(now, 0.9);
                } else if state.limit < state.threshold {
                    state.limit += 1.0;
                } else {
                    state.limit += 1.0 / state.limit;
                }
                if let Some((ceiling, at)) = state.ceiling {
                    if now.duration_since(at) < CEILING_SPAN {
                        state.limit = state.limit.min(ceiling);
                    } else {
                        state.ceiling = None;
                    }
                }
            }
            Signal::Answered(_) | Signal::Lost => {}
        }
        if self.auto {
            state.limit = state.limit.clamp(1.0, self.max as f64);
            let limit = state.limit as usize;
            state.peak = state.peak.max(limit);
            drop(state);
            self.limit_tx.send_if_modified(|current| {
                let changed = *current != limit;
                *current = limit;
                changed
            });
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl State {
    fn learn(&mut self, rtt: Duration, now: Instant) {
        self.recent.push_back(now);
        if self.recent.len() > 4096 {
            self.recent.pop_front();
        }
        self.smoothed = Some(match self.smoothed {
            None => rtt,
            Some(s) => s.mul_f64(0.8) + rtt.mul_f64(0.2),
        });
        let forgotten = self
            .quickest
            .is_none_or(|(q, at)| rtt <= q || now.duration_since(at) > BASELINE_SPAN);
        if forgotten {
            self.quickest = Some((rtt, now));
        }
    }

    /// A refusal: down to what was served in the last round trip (or by `REFUSED`), and
    /// no higher for `CEILING_SPAN`.
    fn refused_at(&mut self, now: Instant) {
        let window = self.window();
        while self
            .recent
            .front()
            .is_some_and(|at| now.duration_since(*at) > window)
        {
            self.recent.pop_front();
        }
        let served = self.recent.len() as f64;
        let before = self.limit;
        if !self.decrease(now, REFUSED) {
            return;
        }
        // What was served in the last round trip is a floor (it is what the service
        // took), and just below the refused limit the ceiling: a capacity between the two
        // is found again in a few round trips, the refused one not probed for a while.
        if served >= 1.0 {
            self.limit = self.limit.max(served.min(before - 1.0));
            self.threshold = self.limit;
        }
        self.ceiling = Some(((before - 1.0).max(1.0), now));
    }

    /// One round trip without a queue (the quickest recent answer): the answers within
    /// it are what the service serves at once.
    fn window(&self) -> Duration {
        self.quickest
            .map_or(Duration::from_millis(100), |(q, _)| q)
            .max(Duration::from_millis(1))
    }

    fn queueing(&self) -> bool {
        match (self.smoothed, self.quickest) {
            (Some(smoothed), Some((quickest, _))) => {
                smoothed > quickest.mul_f64(QUEUE_RATIO) + QUEUE_SLACK
            }
            _ => false,
        }
    }

    /// Multiplies the limit by `factor`, once a round trip: the answers of requests sent
    /// before the last decrease say nothing about the new limit. False when it was too
    /// soon.
    fn decrease(&mut self, now: Instant, factor: f64) -> bool {
        let round_trip = self.smoothed.unwrap_or(Duration::from_millis(100));
        if self
            .last_decrease
            .is_some_and(|last| now.duration_since(last) < round_trip)
        {
            return false;
        }
        self.limit *= factor;
        self.threshold = self.limit;
        self.last_decrease = Some(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(pacer: &Pacer, n: usize, rtt_ms: u64) {
        for _ in 0..n {
            pacer.observe(Signal::Answered(Duration::from_millis(rtt_ms)));
        }
    }

    #[test]
    fn auto_doubles_until_trouble_then_keeps_below_the_refused_limit() {
        let pacer = Pacer::new(None, 256, None);
        assert_eq!(pacer.limit(), 4);
        answered(&pacer, 4, 30);
        assert_eq!(pacer.limit(), 8, "one more for each answer: doubled");
        answered(&pacer, 8, 30);
        assert_eq!(pacer.limit(), 16);
        // Refused: 0.7 of 16 is 11, but the 12 answers just given came within a round
        // trip, so the service serves 12 at least.
        pacer.observe(Signal::Refused(None));
        assert_eq!(pacer.limit(), 12);
        // A burst of refusals from the same round trip is one signal.
        pacer.observe(Signal::Refused(None));
        assert_eq!(pacer.limit(), 12);
        // Grows again, but no higher than one below the refused 16 for 30 s.
        answered(&pacer, 1000, 30);
        assert_eq!(pacer.limit(), 15);
    }

    #[test]
    fn slower_answers_take_a_tenth_off() {
        let pacer = Pacer::new(None, 256, None);
        answered(&pacer, 60, 30);
        let before = pacer.limit();
        assert!(before >= 60, "{before}");
        // Answers at 3x the quickest: queueing.
        answered(&pacer, 10, 90);
        assert!(pacer.limit() < before, "{} < {before}", pacer.limit());
    }

    #[test]
    fn a_fixed_number_stays() {
        let pacer = Pacer::new(Some(8), 256, None);
        pacer.observe(Signal::Refused(None));
        answered(&pacer, 100, 1);
        assert_eq!(pacer.limit(), 8);
        assert_eq!(pacer.workers(), 8);
    }

    #[tokio::test(start_paused = true)]
    async fn retry_after_pauses_every_sender() {
        let pacer = Pacer::new(None, 256, None);
        let start = tokio::time::Instant::now();
        pacer.observe(Signal::Refused(Some(Duration::from_secs(2))));
        pacer.before_send().await;
        assert!(start.elapsed() >= Duration::from_secs(2));
    }

    #[tokio::test(start_paused = true)]
    async fn the_rate_spaces_the_sends() {
        let pacer = Pacer::new(Some(4), 256, Some(10.0));
        let start = tokio::time::Instant::now();
        for _ in 0..11 {
            pacer.before_send().await;
        }
        // Ten gaps of 100 ms.
        let elapsed = start.elapsed();
        assert!(elapsed >= Duration::from_millis(1000), "{elapsed:?}");
        assert!(elapsed < Duration::from_millis(1100), "{elapsed:?}");
    }
}
