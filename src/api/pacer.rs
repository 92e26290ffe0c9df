//! The pace of a bulk run: how many requests are in flight (`--concurrency`), how many
//! are sent a second (`--rate`, or the rate a service's 429s taught), and the pause a
//! `Retry-After` asks of the whole run.
//!
//! `--concurrency auto` finds the number itself, as TCP finds a window: AIMD on the
//! service's explicit signals, with a latency gradient for the implicit one.
//!
//! * It starts at 4 in flight and doubles each round trip (one more for each answer) until
//!   the first sign of trouble, then grows by one a round trip (`1/limit` an answer).
//! * A 429 or 503 takes it to 0.7 of itself (CUBIC's factor), but not below what the
//!   service did serve in the last round trip (BBR's delivery count) unless that is at
//!   the edge: 0.9 of the refused limit at most; once a round trip (a burst of refusals
//!   from one round is one signal). Its `Retry-After` pauses every request of the run,
//!   not only the one that got it: the service asked the client, not the record, to
//!   wait. 0.9 of the refused limit is a ceiling for 30 s before more is probed, so a
//!   service that answers its capacity with `Retry-After: 1` costs a pause every 30 s,
//!   not every few round trips (at the very edge a burst alone is refused now and then).
//! * The further 503s of that round trip each take one more off the limit and the
//!   ceiling, down to what was served: each is one request in flight beyond the
//!   capacity, and the doubling overshoots by up to 3x (without this, each 0.7 step
//!   down was a pause of its own). And after a pause the window goes out spread over a
//!   round trip, not in one burst that the capacity refuses again.
//! * A 429 also teaches a rate (RFC 6585: too many requests "in a given amount of time"):
//!   what the service admitted since the last 429, a second (over a second at least, the
//!   pause included), counted once the requests in flight at the 429 are answered (a
//!   429 is quick and overtakes them). From then on the sends are spaced at that pace, so when a
//!   `Retry-After` pause ends the requests it held go out one gap apart, not all at once
//!   into a service that has just said its budget is spent (each such burst drew a volley
//!   of 429s and another pause). Why that measure: at two 429s a token bucket is empty,
//!   so what it admitted between them is its refill, the sustained rate whatever its
//!   burst; the first measure counts one burst too many at most, and the next 429
//!   corrects it. Not what was served in the last round trip or second before the 429:
//!   that is the burst, not the rate. Not the AWS SDKs' adaptive mode (0.7 of the rate
//!   sent when refused, grown back by CUBIC): the rate sent when refused is above the
//!   limit by definition, and 0.7 of it below it for seconds; what was admitted is the
//!   limit itself. A new measure is no more than the pace refused and no less than half
//!   of it (one halving a 429 at most, as TCP). The pace is probed past as it ages, by
//!   `(t / 10 s)³` of itself (CUBIC's shape: flat near what was learned, fast far from
//!   it), which finds a raised or underestimated limit, and spends what a bucket saved
//!   during a pause: over a run the rate achieved is the limit (`benches/ratelimit.sh`).
//!   A 503 teaches no rate: it says the service is at its capacity, a concurrency, which
//!   the window keeps below.
//! * Answers getting slower than the quickest recent ones by more than half again (and
//!   5 ms) mean requests queue at the service: a tenth off, once a round trip. A service
//!   behind a round trip of 30 ms is then kept busy without a queue of its own. A round
//!   trip is timed from the request going on an open connection: a new connection's
//!   handshake (a round trip or two more) is not the service slowing down, and counted
//!   it cut slow start short as if it were. A cut for latency that the next round
//!   contradicts (it delivers a quarter more than any before) is undone in kind: the
//!   limit doubles a round trip again, as at the start.
//! * More in flight must deliver more: the answers a round (a round trip, 5 ms at least)
//!   are counted, and once three rounds in a row delivered no more than a quarter above
//!   the best (BBR's full-pipe estimate), the limit is held at twice the one of the best
//!   round, for 30 s before more is probed (a round that does deliver a quarter more
//!   lifts it at once). On a short path (loopback, a LAN) a round trip is well under a
//!   millisecond, so the answers alone never slow the growth: without this, nothing
//!   limiting, `auto` opened 250 TLS connections to a server that 32 kept busy, and sent
//!   0.86 of what 16 did (the handshakes, and a connection's share of each wake-up). On
//!   such a path the limit doubles a round at most, and every other round: a round in
//!   which it grew opened the connections it grew by, and their handshakes are in what
//!   it delivered (over TLS on loopback 2,000 to 10,000 answers a second, against
//!   60,000 to 80,000 in the rounds around it), so it measures nothing, and the next
//!   round, at the limit it grew to, measures without growing. Nor does the limit grow
//!   after a round that delivered no more than the best. Before, the hold came three
//!   doublings late, after rounds that handshakes had made look flat (16 to 127
//!   connections), and those handshakes then stalled the run for 30 ms: over 15
//!   alternating runs of 20,000 records, `auto` sent 0.88 of what 16 in flight did,
//!   with 32 to 256 in flight at most; since, 0.99, with 16 to 32.
//! * Neither the hold nor a short path's slower climb applies once the requests travel
//!   as HTTP/2 streams over the few connections a run shares (`lanes.rs`): more in
//!   flight opens no connection there, and the server batches the streams, a gain of a
//!   few percent a doubling that a round never shows as a quarter more. Over 2
//!   connections to nginx, apply at 32, 64, 128 and 256 in flight sent 56,500, 67,000,
//!   69,400 and 69,100 requests a second (h2load: 65,000 to 76,700), and `auto`, held
//!   at 32, 59,000. Latency and refusals remain the brakes.
//!
//! Why not only AIMD: without a limit that answers 429, it would grow until the service's
//! queue is the only brake (latency up, throughput flat). Why not only a gradient: a rate
//! limit answers fast 429s, which a latency signal never sees. Why a rate besides the
//! window: on a fast path one request in flight already sends more a second than a rate
//! limit allows, so no window can keep to it. All are cheap: a mutex taken once an
//! answer, a watch channel woken only when the limit changes.

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
/// What a refusal leaves of the limit at most (when what was served is more than
/// `REFUSED` of it), and the ceiling it sets.
const EDGE: f64 = 0.9;
/// The shortest span a rate is measured over: limits are stated per second at the
/// finest, and a token bucket holds about a second's worth.
const RATE_SPAN: Duration = Duration::from_secs(1);
/// A learned rate is probed past by `(t / PROBE_SPAN)³` of itself `t` after it was
/// learned: 0.1% after 1 s, 12% after 5 s, doubled after 10 s.
const PROBE_SPAN: Duration = Duration::from_secs(10);
/// The shortest round the delivery rate is measured over: on loopback hundreds of
/// answers, where a round trip has a handful. Short, since on such a path the limit
/// doubles a round at most: at 10 ms the climb to 256 over one HTTP/2 connection took
/// 60 ms, and a 20,000-record run sent 0.9 of what it did before.
const MIN_ROUND: Duration = Duration::from_millis(5);
/// What a round must deliver above the best one for the limit to be worth growing (BBR's
/// full-pipe threshold), and how many rounds may fall short before it is held.
const GROWTH: f64 = 1.25;
const FLAT_ROUNDS: u32 = 3;
/// The limit held once the rate stops growing: twice the one of the best round (BBR's
/// window gain), room for the answers and sends that bunch up on the way.
const PLATEAU_GAIN: f64 = 2.0;

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
    /// 429: too many requests in a given amount of time (RFC 6585), a rate; with the
    /// `Retry-After` when there was one.
    Throttled(Option<Duration>),
    /// No answer (a timeout, a reset): not the service's word on the pace.
    Lost,
}

/// The pace a run kept, for its summary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaceSummary {
    /// The most in flight the run allowed.
    pub peak: usize,
    /// Answers that said to slow down (429 or 503).
    pub refused: u64,
    /// The rate the service's 429s taught (requests a second it admitted), if any did.
    pub learned_rate: Option<f64>,
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
    /// A place in flight is taken and a send slot reserved in the schedule of this epoch.
    Slot(Instant, u64),
}

/// The limit a hold set at `CEILING_SPAN` or less ago; a hold older than that is gone.
fn held(hold: &mut Option<(f64, Instant)>, now: Instant) -> Option<f64> {
    let (most, at) = (*hold)?;
    if now.duration_since(at) < CEILING_SPAN {
        return Some(most);
    }
    *hold = None;
    None
}

/// One round of the delivery-rate measure: since when, the answers admitted then, and
/// the limit it started with.
#[derive(Debug, Clone, Copy)]
struct Round {
    start: Instant,
    admitted: u64,
    limit: f64,
}

/// The rate a service's 429s taught: what it admitted a second, and when it was learned.
#[derive(Debug, Clone, Copy)]
struct Learned {
    rate: f64,
    at: Instant,
}

impl Learned {
    /// The pace now: the learned rate, probed past as it ages without a 429.
    fn pace(&self, now: Instant) -> f64 {
        let age = now.duration_since(self.at).as_secs_f64() / PROBE_SPAN.as_secs_f64();
        self.rate * (1.0 + age.powi(3))
    }
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
    /// What was served in the round trip before the last cut: the lowest the 503s of
    /// the same round trip take the limit.
    served_floor: Option<f64>,
    /// The round trip after a pause (from, until), over which the window is spread.
    release: Option<(Instant, Instant)>,
    /// When the answers of about the last round trip came.
    recent: VecDeque<Instant>,
    paused_until: Option<Instant>,
    next_send: Option<Instant>,
    /// Bumped when the schedule of sends starts again (a pause, a new rate): a slot
    /// reserved in an older one is given up and taken again.
    epoch: u64,
    /// Answers the service admitted (anything but 429 and 503), all run.
    admitted: u64,
    /// When the last rate was measured (or the run started), and `admitted` then.
    mark: (Instant, u64),
    /// The rate the last 429 taught; no pace of its own before the first.
    learned: Option<Learned>,
    /// A 429 whose rate is not measured yet.
    throttled: Option<Instant>,
    round: Round,
    /// The most answers a round delivered, a second, and the limit of that round.
    best_round: Option<(f64, f64)>,
    /// Rounds in a row that delivered no more than `GROWTH` times the best.
    flat_rounds: u32,
    /// The last round grew the limit on a short path: this one measures, not grows.
    settling: bool,
    /// The requests are HTTP/2 streams over shared connections ([`Signal::Streamed`]).
    multiplexed: bool,
    /// The limit held since the rate stopped growing, and since when.
    plateau: Option<(f64, Instant)>,
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
                served_floor: None,
                release: None,
                recent: VecDeque::new(),
                paused_until: None,
                next_send: None,
                epoch: 0,
                admitted: 0,
                mark: (Instant::now(), 0),
                learned: None,
                throttled: None,
                round: Round {
                    start: Instant::now(),
                    admitted: 0,
                    limit,
                },
                best_round: None,
                flat_rounds: 0,
                settling: false,
                multiplexed: false,
                plateau: None,
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

    /// What the run's summary says of its pace.
    pub fn summary(&self) -> PaceSummary {
        let state = self.lock();
        PaceSummary {
            peak: state.peak,
            refused: state.refused,
            learned_rate: state.learned.map(|l| l.rate),
        }
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
    /// is the attempt's until `observe`.
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
                        match state.gap(self.gap, now) {
                            None => return,
                            Some(gap) => {
                                let slot = state.next_send.map_or(now, |next| next.max(now));
                                state.next_send = Some(slot + gap);
                                if slot <= now {
                                    return;
                                }
                                Wait::Slot(slot, state.epoch)
                            }
                        }
                    }
                }
            };
            match wait {
                Wait::Until(until) => tokio::time::sleep_until(until).await,
                Wait::Freed => freed.await,
                Wait::Slot(slot, epoch) => {
                    tokio::time::sleep_until(slot).await;
                    let mut state = self.lock();
                    if state.epoch == epoch {
                        return;
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
        match signal {
            Signal::Refused(retry_after) | Signal::Throttled(retry_after) => {
                state.refused += 1;
                if let Some(wait) = retry_after {
                    let until = now + wait;
                    if state.paused_until.is_none_or(|u| u < until) {
                        state.paused_until = Some(until);
                        state.restart_schedule();
                        if self.auto {
                            let round_trip = state.smoothed.unwrap_or(Duration::from_millis(100));
                            state.release = Some((until, until + round_trip));
                        }
                    }
                }
                if self.auto {
                    if matches!(signal, Signal::Throttled(_)) {
                        state.throttled_at(now);
                    }
                    let capacity = matches!(signal, Signal::Refused(_));
                    state.refused_at(now, capacity);
                }
            }
            Signal::Answered(rtt) | Signal::Streamed(rtt) => {
                state.admitted += 1;
                if self.auto {
                    if matches!(signal, Signal::Streamed(_)) {
                        state.streams();
                    }
                    state.answered(rtt, now);
                }
            }
            Signal::Lost => {}
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
    /// An answer in `rtt`: the limit grows, unless answers queue (or a ceiling holds it).
    fn answered(&mut self, rtt: Duration, now: Instant) {
        self.learn(rtt, now);
        self.end_round(now);
        if self.queueing() {
            self.decrease(now, 0.9);
        } else {
            let grown = if self.limit < self.threshold {
                self.limit + 1.0
            } else {
                self.limit + 1.0 / self.limit
            };
            // On a path quicker than a round, twice the round's limit at most: the
            // answers of a round trip would double it many times over before a round
            // measured what it delivers. And no more than the round's while a round
            // measures (after one that grew) or after one that delivered no more than
            // the best (see the module's doc).
            let short_path = self.short_path();
            self.limit = if short_path {
                let gain = if self.flat_rounds > 0 || self.settling {
                    1.0
                } else {
                    2.0
                };
                grown.min(self.limit.max(self.round.limit * gain))
            } else {
                grown
            };
        }
        if let Some(most) = held(&mut self.ceiling, now) {
            self.limit = self.limit.min(most);
        }
        let was_held = self.plateau.is_some();
        match held(&mut self.plateau, now) {
            Some(most) => self.limit = self.limit.min(most),
            // Probed from here: held again after three rounds that deliver no more.
            None if was_held => self.flat_rounds = 0,
            None => {}
        }
    }

    /// Ends the round when it is over: what it delivered, against the best round. Three
    /// rounds in a row short of a quarter more hold the limit at twice the best one's;
    /// a round that delivers a quarter more moves the hold up with it.
    fn end_round(&mut self, now: Instant) {
        let length = self.smoothed.unwrap_or_default().max(MIN_ROUND);
        let elapsed = now.duration_since(self.round.start);
        if elapsed < length {
            return;
        }
        let rate = (self.admitted - self.round.admitted) as f64 / elapsed.as_secs_f64();
        let limit = self.round.limit;
        // On a short path, a round in which the limit grew opened the connections it
        // grew by, and their handshakes are in what it delivered: it measures nothing,
        // and the next round, at the limit it grew to, does (without growing).
        let short_path = self.short_path();
        let grew = self.limit > limit;
        self.settling = short_path && grew;
        if self.settling {
            self.round = Round {
                start: now,
                admitted: self.admitted,
                limit: self.limit,
            };
            return;
        }
        match self.best_round {
            Some((best, _)) if rate < best * GROWTH => self.flat_rounds += 1,
            _ => {
                self.best_round = Some((rate, limit));
                self.flat_rounds = 0;
                if self.plateau.is_some() {
                    self.plateau = Some((limit * PLATEAU_GAIN, now));
                }
                // A quarter more delivered: the window a latency cut left is being used,
                // so it grows as at the start again (the hold above stops it where the
                // rate stops growing). Growing one a round trip instead took seconds to
                // get back from a cut at the end of slow start: 185 to 256 in flight over
                // 30 ms is 71 round trips. Not within a refusal's ceiling: a service
                // that said how much it takes is probed gently.
                if self.ceiling.is_none() {
                    self.threshold = f64::INFINITY;
                }
            }
        }
        if self.flat_rounds >= FLAT_ROUNDS && self.plateau.is_none() && !self.multiplexed {
            let (_, best_limit) = self.best_round.expect("a round was measured");
            self.plateau = Some(((best_limit * PLATEAU_GAIN).max(START), now));
            self.flat_rounds = 0;
        }
        self.round = Round {
            start: now,
            admitted: self.admitted,
            limit: self.limit,
        };
    }

    /// The gap between two sends now: the longest of `--rate`'s, the learned rate's and,
    /// in the round trip after a pause, the release's.
    fn gap(&mut self, rate: Option<Duration>, now: Instant) -> Option<Duration> {
        self.settle(now);
        let learned = self
            .learned
            .map(|l| Duration::from_secs_f64(1.0 / l.pace(now)));
        let release = self.release_gap(now);
        [rate, learned, release].into_iter().flatten().max()
    }

    /// Until one round trip after a `Retry-After` pause, the window goes out spread over
    /// that round trip, not at once: after a pause for capacity every place in flight is
    /// free at the same instant, and a window that fits the service spread over a round
    /// trip (half of it in transit either way) is over its capacity in one burst, which
    /// drew another 503 and another pause of the whole run.
    fn release_gap(&mut self, now: Instant) -> Option<Duration> {
        let (from, until) = self.release?;
        if now >= until {
            self.release = None;
            return None;
        }
        (now >= from).then(|| until.duration_since(from).div_f64(self.limit.max(1.0)))
    }

    /// The sends start again from the next one: the slots reserved so far are given up.
    fn restart_schedule(&mut self) {
        self.epoch += 1;
        self.next_send = None;
    }

    /// A 429: the rate is measured once the answers to the requests in flight at it are
    /// in (they were admitted before it, and a 429 can overtake them). 429s less than a
    /// second after the last measure, or before this one is made, are of the same burst.
    fn throttled_at(&mut self, now: Instant) {
        let recent = self.learned.is_some() && now.duration_since(self.mark.0) < RATE_SPAN;
        if self.throttled.is_none() && !recent {
            self.throttled = Some(now);
            self.restart_schedule();
        }
    }

    /// Measures the rate of a 429 whose answers in flight are in (a pause is over, or
    /// two round trips went by): what the service admitted since the last measure, a
    /// second (over a second at least), no more than the pace refused and no less than
    /// half of it.
    fn settle(&mut self, now: Instant) {
        let Some(refused_at) = self.throttled else {
            return;
        };
        let round_trip = self.smoothed.unwrap_or(Duration::from_millis(100));
        if now < refused_at + round_trip * 2 {
            return;
        }
        let (at, admitted) = self.mark;
        let span = refused_at.duration_since(at).max(RATE_SPAN);
        let served = (self.admitted - admitted) as f64 / span.as_secs_f64();
        let rate = match self.learned {
            Some(learned) => {
                let refused = learned.pace(refused_at);
                served.clamp(refused * 0.5, refused)
            }
            None => served,
        };
        self.learned = Some(Learned {
            rate: rate.max(1.0),
            at: refused_at,
        });
        self.mark = (refused_at, self.admitted);
        self.throttled = None;
    }

    /// The requests go as HTTP/2 streams over the few connections the run shares: more
    /// in flight opens no connection, and neither the hold nor a short path's slower
    /// climb applies from now on; a hold already set goes.
    fn streams(&mut self) {
        if !self.multiplexed {
            self.multiplexed = true;
            self.plateau = None;
            self.flat_rounds = 0;
        }
    }

    /// A round trip shorter than a round, over connections of their own (see the
    /// module's doc): streams over shared connections climb as on any path.
    fn short_path(&self) -> bool {
        !self.multiplexed && self.smoothed.is_some_and(|s| s < MIN_ROUND)
    }

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
    /// no higher for `CEILING_SPAN`. `capacity`: a 503, the service at the most requests
    /// it serves at once, where every further refusal of the same round trip is one
    /// request in flight too many.
    fn refused_at(&mut self, now: Instant, capacity: bool) {
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
            // The same round trip: one signal for the multiplicative cut. But a burst of
            // 503s also says by how much the window was over the service's capacity (the
            // overshoot of the doubling can be 3x: 202 in flight against a capacity that
            // took 70), so each takes one more off, down to what was served, and off the
            // ceiling: otherwise each 0.7 step down is a `Retry-After` pause of the whole
            // run of its own.
            if capacity {
                let floor = self.served_floor.unwrap_or(1.0).max(1.0);
                self.limit = (self.limit - 1.0).max(floor);
                self.threshold = self.limit;
                if let Some((ceiling, at)) = self.ceiling {
                    self.ceiling = Some(((ceiling - 1.0).max(self.limit), at));
                }
            }
            return;
        }
        // What was served in the last round trip is a floor (it is what the service
        // took), and just below the refused limit the ceiling: a capacity between the two
        // is found again in a few round trips, the refused one not probed for a while.
        // Below the refused limit by a margin: a window at the very edge of a capacity
        // is refused now and then by a burst alone (answers and sends bunch up on the
        // way), and each refusal with a `Retry-After` pauses the whole run.
        let below = (before * EDGE).min(before - 1.0).max(1.0);
        if served >= 1.0 {
            self.limit = self.limit.max(served.min(below));
            self.threshold = self.limit;
        }
        self.served_floor = Some(served.min(below));
        self.ceiling = Some((below, now));
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

    /// As [`rounds`], the answers coming as HTTP/2 streams over shared connections.
    async fn streamed_rounds(pacer: &Pacer, n: usize, served: usize) {
        for _ in 0..n {
            for _ in 0..served {
                pacer.observe(Signal::Streamed(Duration::ZERO));
            }
            tokio::time::advance(MIN_ROUND).await;
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
        // A burst of refusals from the same round trip is one cut (a further 503 takes
        // one off, but not below the 12 served).
        pacer.observe(Signal::Refused(None));
        assert_eq!(pacer.limit(), 12);
        // Grows again, but for 30 s no higher than 0.9 of the refused 16 (14.4), less
        // one for the second refusal.
        answered(&pacer, 1000, 30);
        assert_eq!(pacer.limit(), 13);
    }

    /// A window of 168 in flight, 40 answered in the last round trip, then refusals.
    async fn overshot(signal: Signal) -> Pacer {
        let pacer = Pacer::new(None, 256, None);
        answered(&pacer, 4 + 8 + 16 + 32 + 64, 30);
        tokio::time::advance(Duration::from_millis(100)).await;
        answered(&pacer, 40, 30);
        assert_eq!(pacer.limit(), 168);
        pacer.observe(signal);
        // 0.7 of 168; more than the 40 served in the last round trip.
        assert_eq!(pacer.limit(), 117);
        pacer
    }

    /// The doubling overshoots a capacity by up to 3x; the 503s of that round trip say by
    /// how much, one request in flight too many each, down to what was served. Without
    /// that, each 0.7 step down costs a `Retry-After` pause of its own (202 -> 141 -> 99
    /// -> 69: four pauses of the whole run before the window fits).
    #[tokio::test(start_paused = true)]
    async fn a_burst_of_503s_takes_one_off_each_down_to_what_was_served() {
        let pacer = overshot(Signal::Refused(None)).await;
        for _ in 0..10 {
            pacer.observe(Signal::Refused(None));
        }
        assert_eq!(pacer.limit(), 107, "one off for each");
        for _ in 0..100 {
            pacer.observe(Signal::Refused(None));
        }
        assert_eq!(pacer.limit(), 40, "not below what was served");
        // The ceiling came down with them (0.9 of 168, less 110): growth stops at 41,
        // not at 151.
        answered(&pacer, 2000, 30);
        assert_eq!(pacer.limit(), 41);
    }

    /// A 429 is a rate, not a capacity: the rest of its burst takes nothing more off.
    #[tokio::test(start_paused = true)]
    async fn a_burst_of_429s_is_one_cut() {
        let pacer = overshot(Signal::Throttled(None)).await;
        for _ in 0..100 {
            pacer.observe(Signal::Throttled(None));
        }
        assert_eq!(pacer.limit(), 117);
    }

    /// Rounds of 5 ms on a path of well under a millisecond (loopback), each delivering
    /// what `served` says for the limit of the moment.
    async fn rounds(pacer: &Pacer, n: usize, served: impl Fn(usize) -> usize) {
        for _ in 0..n {
            answered(pacer, served(pacer.limit()), 0);
            tokio::time::advance(MIN_ROUND).await;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_rate_that_stops_growing_holds_the_limit() {
        // 60,000 answers a second whatever is in flight: a server (or this client) at
        // its ceiling, where more in flight is only more connections.
        let pacer = Pacer::new(None, 256, None);
        rounds(&pacer, 20, |_| 600).await;
        // The first round grew the limit from 4 to 8 (opening connections, whose
        // handshakes it counted): it measures nothing. The next (at 8) delivered it all;
        // the one after grew to 16, and three more at 16 delivered no more: held at twice
        // the limit of the round at 8.
        assert_eq!(pacer.limit(), 16);
        assert_eq!(
            pacer.summary().peak,
            16,
            "doubled every other round (a round that grew, then one that measured), not an \
             answer, and not after a round that delivered no more"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn streams_over_shared_connections_are_not_held() {
        // The same flat rate as above, but as HTTP/2 streams over the run's few
        // connections: more in flight opens no connection, and the server batches the
        // streams, so the limit is not held where the rate stopped growing by a quarter.
        let pacer = Pacer::new(None, 256, None);
        streamed_rounds(&pacer, 20, 600).await;
        assert_eq!(pacer.limit(), 256);
        // Streams from mid-run on (a limit of connections learned): a hold already set
        // goes.
        let pacer = Pacer::new(None, 256, None);
        rounds(&pacer, 8, |_| 600).await;
        assert_eq!(pacer.limit(), 16);
        streamed_rounds(&pacer, 4, 600).await;
        assert_eq!(pacer.limit(), 256);
    }

    #[tokio::test(start_paused = true)]
    async fn a_rate_that_grows_with_the_limit_is_not_held() {
        let pacer = Pacer::new(None, 256, None);
        // Doubled every other round: 6 doublings from 4.
        rounds(&pacer, 12, |limit| limit * 40).await;
        assert_eq!(pacer.limit(), 256);
        // The hold moves up with a round that delivers a quarter more.
        let pacer = Pacer::new(None, 256, None);
        rounds(&pacer, 8, |_| 600).await;
        assert_eq!(pacer.limit(), 16);
        rounds(&pacer, 3, |_| 800).await;
        assert_eq!(
            pacer.limit(),
            32,
            "twice the limit of the round that delivered more"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_held_limit_is_probed_again_after_a_while() {
        let pacer = Pacer::new(None, 256, None);
        rounds(&pacer, 8, |_| 600).await;
        assert_eq!(pacer.limit(), 16);
        tokio::time::advance(CEILING_SPAN).await;
        rounds(&pacer, 2, |_| 600).await;
        assert!(pacer.limit() > 16, "grows again: {}", pacer.limit());
    }

    #[tokio::test(start_paused = true)]
    async fn after_a_latency_cut_a_round_that_delivers_more_grows_as_at_the_start() {
        let pacer = Pacer::new(None, 256, None);
        for n in [4, 8, 16, 32] {
            answered(&pacer, n, 30);
            tokio::time::advance(Duration::from_millis(30)).await;
        }
        assert_eq!(pacer.limit(), 64);
        // Answers slow down (new connections, a busy moment): a tenth off, and from
        // there one more a round trip.
        answered(&pacer, 8, 90);
        let cut = pacer.limit();
        assert!(cut < 64, "{cut}");
        answered(&pacer, 20, 30);
        assert_eq!(pacer.limit(), cut, "one more a round trip: not yet");
        // The next round delivers a quarter more than the best: it grows as at the start.
        tokio::time::advance(Duration::from_millis(30)).await;
        answered(&pacer, 60, 30);
        assert!(
            pacer.limit() >= cut + 50,
            "{} after a cut to {cut}",
            pacer.limit()
        );
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

    /// Sends `n` requests through `pacer` at once, each answered at once: when each
    /// was let go.
    async fn send_all(pacer: &std::sync::Arc<Pacer>, n: usize) -> Vec<Instant> {
        let mut senders = tokio::task::JoinSet::new();
        for _ in 0..n {
            let pacer = pacer.clone();
            senders.spawn(async move {
                pacer.before_send().await;
                let sent = Instant::now();
                pacer.observe(Signal::Answered(Duration::from_millis(1)));
                sent
            });
        }
        let mut sent = senders.join_all().await;
        sent.sort();
        sent
    }

    #[tokio::test(start_paused = true)]
    async fn after_a_retry_after_the_sends_restart_spread_at_the_rate_admitted() {
        let pacer = std::sync::Arc::new(Pacer::new(None, 256, None));
        // The service admitted 50 in its first second, then said to wait a second; 20
        // of the 50 were answered after the 429, which overtook them.
        answered(&pacer, 30, 1);
        let refused = Instant::now();
        pacer.observe(Signal::Throttled(Some(Duration::from_secs(1))));
        answered(&pacer, 20, 1);
        let sent = send_all(&pacer, 100).await;
        // Nothing during the pause; then not all at once, but 50 a second, as admitted
        // (probed past by a hair as the second goes by: the clock's ticks are 1 ms).
        assert_eq!(sent[0], refused + Duration::from_secs(1));
        for pair in sent.windows(2) {
            let gap = pair[1] - pair[0];
            assert!(gap >= Duration::from_millis(19), "{gap:?} in {sent:?}");
            assert!(gap <= Duration::from_millis(20), "{gap:?} in {sent:?}");
        }
        let second = sent[0] + Duration::from_secs(1);
        let in_the_first_second = sent.iter().filter(|s| **s < second).count();
        assert!(
            (50..=51).contains(&in_the_first_second),
            "{in_the_first_second}"
        );
    }

    fn gap_ms(sent: &[Instant]) -> f64 {
        (sent[1] - sent[0]).as_secs_f64() * 1000.0
    }

    #[tokio::test(start_paused = true)]
    async fn the_rate_is_learned_again_over_the_span_between_two_429s() {
        let pacer = std::sync::Arc::new(Pacer::new(None, 256, None));
        answered(&pacer, 50, 1);
        pacer.observe(Signal::Throttled(Some(Duration::from_secs(1))));
        // 30 more admitted over the next 2 s (the pause included), then 429 again: 15 a
        // second is less than half the 50 refused, so the pace halves, to 25 a second.
        tokio::time::sleep(Duration::from_secs(2)).await;
        answered(&pacer, 30, 1);
        pacer.observe(Signal::Throttled(Some(Duration::from_secs(1))));
        let second = Instant::now();
        let sent = send_all(&pacer, 3).await;
        assert!((39.0..41.0).contains(&gap_ms(&sent)), "{sent:?}");
        // 2 s after that 429, 40 admitted (the 3 above and 37): 20 a second, measured
        // once the requests in flight at the 429 had time to be answered (two round
        // trips of 1 ms here; an answer may come after a 429 that overtook it).
        tokio::time::sleep_until(second + Duration::from_secs(2)).await;
        answered(&pacer, 37, 1);
        pacer.observe(Signal::Throttled(None));
        tokio::time::sleep(Duration::from_millis(5)).await;
        let sent = send_all(&pacer, 2).await;
        assert!((49.9..50.1).contains(&gap_ms(&sent)), "{sent:?}");
        // Refusals within a second of the last measure are of the same burst.
        answered(&pacer, 1, 1);
        pacer.observe(Signal::Throttled(None));
        tokio::time::sleep(Duration::from_millis(5)).await;
        let sent = send_all(&pacer, 2).await;
        assert!((49.9..50.1).contains(&gap_ms(&sent)), "{sent:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_learned_rate_is_probed_past_as_it_ages() {
        let pacer = std::sync::Arc::new(Pacer::new(None, 256, None));
        answered(&pacer, 50, 1);
        pacer.observe(Signal::Throttled(None));
        // Twice the rate ten seconds on, without a 429.
        tokio::time::sleep(Duration::from_secs(10)).await;
        let sent = send_all(&pacer, 2).await;
        assert!((9.9..10.1).contains(&gap_ms(&sent)), "{sent:?}");
    }

    /// A 503 is the service at its capacity: the window keeps below it, with no pace of
    /// its own. Only the window's release after the pause is spread, over one round trip
    /// (1 ms here), so that it does not reach the service as one burst.
    #[tokio::test(start_paused = true)]
    async fn a_503_sets_no_pace() {
        let pacer = std::sync::Arc::new(Pacer::new(None, 256, None));
        answered(&pacer, 50, 1);
        pacer.observe(Signal::Refused(Some(Duration::from_secs(1))));
        let resume = Instant::now() + Duration::from_secs(1);
        let sent = send_all(&pacer, 10).await;
        let within = resume..=resume + Duration::from_millis(1);
        assert!(sent.iter().all(|s| within.contains(s)), "{sent:?}");
        assert!(sent[9] > sent[0], "spread, not at once: {sent:?}");
        // After that round trip nothing spaces the sends.
        tokio::time::advance(Duration::from_millis(10)).await;
        let later = send_all(&pacer, 10).await;
        assert!(later.iter().all(|s| *s == later[0]), "{later:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_slot_taken_before_a_pause_waits_for_its_end() {
        let pacer = std::sync::Arc::new(Pacer::new(None, 256, Some(10.0)));
        let start = Instant::now();
        // Slots at 0, 100, 200 ms; a 429 at 50 ms asks for a second.
        let early = tokio::spawn({
            let pacer = pacer.clone();
            async move { send_all(&pacer, 3).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        pacer.observe(Signal::Throttled(Some(Duration::from_secs(1))));
        let sent = early.await.unwrap();
        assert_eq!(sent[0], start);
        assert!(sent[1] >= start + Duration::from_millis(1050), "{sent:?}");
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
