//! The pace of a bulk run: how many requests are in flight (`--concurrency`), how many
//! are sent a second (`--rate`, or the rate a service's 429s taught), and the pause a
//! `Retry-After` asks of the whole run.
//!
//! Two parts, each with the reasons for its rules:
//!
//! * [`window`]: `--concurrency auto` finds the number in flight itself, as TCP finds a
//!   window: it starts low and doubles a round trip, cuts multiplicatively on a 429 or
//!   503 (never below what the service served) and by a tenth on answers queueing, and
//!   holds where more in flight stops delivering more; on a path longer than a few
//!   milliseconds it spreads its sends over the round trip (pacing).
//! * [`schedule`]: when the next request may go: a `Retry-After` pauses the whole run,
//!   429s teach the rate the service admits once two measures agree, unless the same
//!   answers read as a capacity's agree better (sends are spaced at it and probed past
//!   as it ages), and `--rate` caps it.
//!
//! Why not only AIMD: without a limit that answers 429, it would grow until the service's
//! queue is the only brake (latency up, throughput flat). Why not only a gradient: a rate
//! limit answers fast 429s, which a latency signal never sees. Why a rate besides the
//! window: on a fast path one request in flight already sends more a second than a rate
//! limit allows, so no window can keep to it. All are cheap: a mutex taken once an
//! answer, a watch channel woken only when the limit changes.

mod schedule;
mod start;
mod window;

use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::watch;
// tokio's clock: the same as std's, and stoppable in tests.
use tokio::time::Instant;

use schedule::Schedule;
pub use start::{Changed, Learned, Start};
use window::Window;
#[cfg(test)]
use window::{CEILING_SPAN, MIN_ROUND};

/// What an answer says about the pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// Answered (whatever the status, other than below), in this long.
    Answered(Duration),
    /// Answered as one HTTP/2 stream of many on a connection the run shares, in this
    /// long: as `Answered`, and from then on the run is multiplexed (see the module's doc).
    Streamed(Duration),
    /// 503: the service is at its capacity; with the `Retry-After` when there was one.
    Refused(Option<Duration>),
    /// 429: too many requests (RFC 6585: in a given amount of time, a rate; many services
    /// also say it of too many at once, a capacity); with the
    /// `Retry-After` when there was one.
    Throttled(Option<Duration>),
    /// No answer (a timeout, a reset): not the service's word on the pace.
    Lost,
}

/// A pause of the whole run that a `Retry-After` asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pause {
    /// No request of the run is sent before it.
    pub until: Instant,
    /// The `Retry-After` (after its cap), and the status of the answer that carried it.
    pub asked: Duration,
    pub status: u16,
    /// What it adds to the pause the run was in: all of it, or a few milliseconds where
    /// the answers of one burst each ask for the same wait from a moment later.
    pub added: Duration,
}

/// The pace a run kept, for its summary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaceSummary {
    /// The most in flight the run allowed.
    pub peak: usize,
    /// Answers that said to slow down (429 or 503).
    pub refused: u64,
    /// How long the run's `Retry-After` pauses held every request, in all.
    pub paused: Duration,
    /// The rate the service's 429s taught (requests a second it admitted), if any did.
    pub learned_rate: Option<f64>,
    /// The service answered unlike what the run started from (see [`Start`]).
    pub changed: Option<Changed>,
}

/// The run was stopped: the request waiting to go is not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

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
    /// Nothing new is sent (Ctrl-C, SIGTERM, a failure every task would meet): every
    /// wait before a send ends at once, the request unsent.
    stopped: tokio_util::sync::CancellationToken,
    /// An attempt ended: one waiting for a place in flight may go.
    freed: tokio::sync::Notify,
    /// The last pause a `Retry-After` started, for the run's progress and notes.
    pauses: watch::Sender<Option<Pause>>,
}

enum Wait {
    Until(Instant),
    Freed,
    /// A place in flight is taken and a send slot reserved in the schedule of this epoch.
    Slot(Instant, u64),
}

struct State {
    /// How many may be in flight (`auto`; a fixed number never changes it).
    window: Window,
    /// When the next may go.
    schedule: Schedule,
    /// Answers the service admitted (anything but 429 and 503), all run.
    admitted: u64,
    /// Attempts sent and not yet answered: a retry takes a place too, so the requests a
    /// refusal left waiting do not all come back at once when the pause ends.
    in_flight: usize,
    /// Of those, the places taken by workers still waiting for their send slot: not
    /// sent yet, so not at the service when it refuses one.
    waiting_for_slot: usize,
    peak: usize,
    /// The most requests sent and not yet answered at once: what the window was used to
    /// (`peak` is what it allowed).
    most_sent: usize,
    refused: u64,
    /// What an earlier run learned, when the run started from it.
    start: Option<Start>,
    /// Whether the round trip was compared with the start's.
    round_trip_checked: bool,
    changed: Option<Changed>,
}

impl State {
    /// A request goes: counted in [`State::most_sent`].
    fn sent(&mut self) {
        let sent = self.in_flight - self.waiting_for_slot.min(self.in_flight);
        self.most_sent = self.most_sent.max(sent);
    }

    /// Measures the rate of a 429 whose answers in flight are in.
    fn settle(&mut self, now: Instant) {
        let round_trip = self.window.round_trip();
        self.schedule.settle(now, round_trip, self.admitted);
    }
}

impl Pacer {
    /// `fixed`: that many in flight, always. `None`: `auto`, up to `max`.
    pub fn new(fixed: Option<usize>, max: usize, rate: Option<f64>) -> Pacer {
        let max = fixed.unwrap_or(max).max(1);
        let limit = fixed.map_or(window::START.min(max as f64), |n| n as f64);
        let (limit_tx, _) = watch::channel(limit as usize);
        let now = Instant::now();
        Pacer {
            max,
            auto: fixed.is_none(),
            state: Mutex::new(State {
                window: Window::new(limit, max as f64, now),
                schedule: Schedule::new(),
                admitted: 0,
                in_flight: 0,
                waiting_for_slot: 0,
                peak: limit as usize,
                most_sent: 0,
                refused: 0,
                start: None,
                round_trip_checked: false,
                changed: None,
            }),
            limit_tx,
            gap: rate
                .filter(|r| *r > 0.0)
                .map(|r| Duration::from_secs_f64(1.0 / r)),
            closed: std::sync::atomic::AtomicBool::new(false),
            stopped: tokio_util::sync::CancellationToken::new(),
            freed: tokio::sync::Notify::new(),
            pauses: watch::channel(None).0,
        }
    }

    /// Lets every worker waiting for its turn go (to find the input done, or the run
    /// stopped).
    pub fn close(&self) {
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        self.limit_tx.send_modify(|_| {});
    }

    /// Nothing new is sent: every wait of [`Pacer::before_send`] (a `Retry-After` pause,
    /// a paced slot, a place in flight) and [`Pacer::sleep`] ends now with [`Stopped`],
    /// and the run closes. What is in flight goes on to its answer.
    pub fn stop(&self) {
        self.stopped.cancel();
        self.close();
    }

    /// Sleeps `delay` (a retry's backoff), unless the run is stopped first.
    pub async fn sleep(&self, delay: Duration) -> Result<(), Stopped> {
        tokio::select! {
            () = tokio::time::sleep(delay) => Ok(()),
            () = self.stopped.cancelled() => Err(Stopped),
        }
    }

    /// Opens again after [`Pacer::close`], for a second pass over the tasks (what the
    /// first learned of the pace is kept).
    pub fn reopen(&self) {
        self.closed
            .store(false, std::sync::atomic::Ordering::SeqCst);
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

    /// What the run's summary says of its pace.
    pub fn summary(&self) -> PaceSummary {
        let state = self.lock();
        PaceSummary {
            peak: state.peak,
            refused: state.refused,
            paused: state.schedule.paused_in_all(),
            learned_rate: state.schedule.learned_rate(),
            changed: state.changed,
        }
    }

    /// The pauses `Retry-After`s start: each new one (or one made longer), as it starts.
    pub fn pauses(&self) -> watch::Receiver<Option<Pause>> {
        self.pauses.subscribe()
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
    /// `auto`) and for a slot of the pace (`--rate`, or the rate 429s taught); the place
    /// is the attempt's until `observe`. [`Stopped`] when the run is stopped before or
    /// while it waits: the request must not be sent (and holds no place).
    pub async fn before_send(&self) -> Result<(), Stopped> {
        loop {
            if self.stopped.is_cancelled() {
                return Err(Stopped);
            }
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            // Decided under the lock, waited for without it.
            let wait = {
                let mut state = self.lock();
                let now = Instant::now();
                if let Some(until) = state.schedule.paused(now) {
                    Wait::Until(until)
                } else if self.auto && state.in_flight >= state.window.limit() as usize {
                    Wait::Freed
                } else {
                    state.in_flight += 1;
                    state.settle(now);
                    let limit = state.window.limit();
                    let pacing = self.auto.then(|| state.window.pacing_gap()).flatten();
                    let Some(gap) = state.schedule.gap(self.gap, now, limit, pacing) else {
                        state.sent();
                        return Ok(());
                    };
                    match state.schedule.reserve(gap, now) {
                        None => {
                            state.sent();
                            return Ok(());
                        }
                        Some((slot, epoch)) => {
                            state.waiting_for_slot += 1;
                            Wait::Slot(slot, epoch)
                        }
                    }
                }
            };
            match wait {
                Wait::Until(until) => tokio::select! {
                    () = tokio::time::sleep_until(until) => {}
                    () = self.stopped.cancelled() => return Err(Stopped),
                },
                Wait::Freed => tokio::select! {
                    () = freed => {}
                    () = self.stopped.cancelled() => return Err(Stopped),
                },
                Wait::Slot(slot, epoch) => {
                    let stopped = tokio::select! {
                        () = tokio::time::sleep_until(slot) => false,
                        () = self.stopped.cancelled() => true,
                    };
                    let mut state = self.lock();
                    if stopped {
                        // Its place and its slot go back: it was never sent.
                        state.waiting_for_slot = state.waiting_for_slot.saturating_sub(1);
                        state.in_flight = state.in_flight.saturating_sub(1);
                        return Err(Stopped);
                    }
                    state.waiting_for_slot = state.waiting_for_slot.saturating_sub(1);
                    if state.schedule.epoch() == epoch {
                        state.sent();
                        return Ok(());
                    }
                    // A pause or a new rate came meanwhile: the slot was of the old
                    // schedule. The place goes back, and the wait starts again.
                    state.in_flight = state.in_flight.saturating_sub(1);
                    drop(state);
                    self.freed.notify_one();
                }
            }
        }
    }

    /// Learns from one answer (or its absence).
    pub fn observe(&self, signal: Signal) {
        let mut state = self.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        self.freed.notify_one();
        let now = Instant::now();
        state.settle(now);
        let mut paused = None;
        match signal {
            Signal::Refused(retry_after) | Signal::Throttled(retry_after) => {
                // A 503 says the service is at its capacity; a 429, at its rate, or at its
                // capacity (both cut the window; the 429s teach a rate too).
                let capacity = matches!(signal, Signal::Refused(_));
                state.refused += 1;
                if self.auto {
                    state.refused_from_start(if capacity { 503 } else { 429 });
                }
                // Before the pause it asks for: the pauses before it say whether it is
                // a rate's.
                if self.auto && !capacity {
                    let round_trip = state.window.round_trip();
                    state.schedule.throttled_at(now, round_trip);
                }
                if let Some(wait) = retry_after {
                    let spread_over = self.auto.then(|| state.window.round_trip());
                    let added = state.schedule.pause(now, now + wait, spread_over);
                    if !added.is_zero() {
                        paused = Some(Pause {
                            until: now + wait,
                            asked: wait,
                            status: if capacity { 503 } else { 429 },
                            added,
                        });
                    }
                }
                if self.auto {
                    // Pausing: a `Retry-After` of more than nothing.
                    let pausing = retry_after.is_some_and(|wait| !wait.is_zero());
                    let unsent = state.waiting_for_slot as f64;
                    state.window.refused_at(now, pausing, unsent);
                }
            }
            Signal::Answered(rtt) | Signal::Streamed(rtt) => {
                state.admitted += 1;
                if self.auto {
                    if matches!(signal, Signal::Streamed(_)) {
                        state.window.streams();
                    }
                    let admitted = state.admitted;
                    state.window.answered(rtt, now, admitted);
                    state.check_round_trip(now, self.max as f64);
                }
            }
            Signal::Lost => {}
        }
        let limit = self.auto.then(|| {
            let limit = state.window.clamp(self.max as f64);
            state.peak = state.peak.max(limit);
            limit
        });
        drop(state);
        if let Some(limit) = limit {
            self.limit_tx.send_if_modified(|current| {
                let changed = *current != limit;
                *current = limit;
                changed
            });
        }
        if paused.is_some() {
            self.pauses.send_replace(paused);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests;
