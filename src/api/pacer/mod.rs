//! The pace of a bulk run: how many requests are in flight (`--concurrency`), how many
//! are sent a second (`--rate`, or the rate a service's 429s taught), and the pause a
//! `Retry-After` asks of the whole run.
//!
//! Two parts, each with the reasons for its rules:
//!
//! * [`window`]: `--concurrency auto` finds the number in flight itself, as TCP finds a
//!   window: it starts low and doubles a round trip, cuts multiplicatively on a 429 or
//!   503 (never below what the service served) and by a tenth on answers queueing, and
//!   holds where more in flight stops delivering more.
//! * [`schedule`]: when the next request may go: a `Retry-After` pauses the whole run,
//!   a 429 teaches the rate the service admits (sends are spaced at it and probed past as
//!   it ages), and `--rate` caps it.
//!
//! Why not only AIMD: without a limit that answers 429, it would grow until the service's
//! queue is the only brake (latency up, throughput flat). Why not only a gradient: a rate
//! limit answers fast 429s, which a latency signal never sees. Why a rate besides the
//! window: on a fast path one request in flight already sends more a second than a rate
//! limit allows, so no window can keep to it. All are cheap: a mutex taken once an
//! answer, a watch channel woken only when the limit changes.

mod schedule;
mod window;

use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::watch;
// tokio's clock: the same as std's, and stoppable in tests.
use tokio::time::Instant;

use schedule::Schedule;
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
    /// 429: too many requests in a given amount of time (RFC 6585), a rate; with the
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
    peak: usize,
    refused: u64,
    paused: Duration,
}

impl State {
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
                schedule: Schedule::new(now),
                admitted: 0,
                in_flight: 0,
                peak: limit as usize,
                refused: 0,
                paused: Duration::ZERO,
            }),
            limit_tx,
            gap: rate
                .filter(|r| *r > 0.0)
                .map(|r| Duration::from_secs_f64(1.0 / r)),
            closed: std::sync::atomic::AtomicBool::new(false),
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
            paused: state.paused,
            learned_rate: state.schedule.learned_rate(),
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
                if let Some(until) = state.schedule.paused(now) {
                    Wait::Until(until)
                } else if self.auto && state.in_flight >= state.window.limit() as usize {
                    Wait::Freed
                } else {
                    state.in_flight += 1;
                    state.settle(now);
                    let limit = state.window.limit();
                    let Some(gap) = state.schedule.gap(self.gap, now, limit) else {
                        return;
                    };
                    match state.schedule.reserve(gap, now) {
                        None => return,
                        Some((slot, epoch)) => Wait::Slot(slot, epoch),
                    }
                }
            };
            match wait {
                Wait::Until(until) => tokio::time::sleep_until(until).await,
                Wait::Freed => freed.await,
                Wait::Slot(slot, epoch) => {
                    tokio::time::sleep_until(slot).await;
                    let mut state = self.lock();
                    if state.schedule.epoch() == epoch {
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
        let mut paused = None;
        match signal {
            Signal::Refused(retry_after) | Signal::Throttled(retry_after) => {
                // A 503 says the service is at its capacity; a 429, at its rate.
                let capacity = matches!(signal, Signal::Refused(_));
                state.refused += 1;
                if let Some(wait) = retry_after {
                    let spread_over = self.auto.then(|| state.window.round_trip());
                    let added = state.schedule.pause(now, now + wait, spread_over);
                    if !added.is_zero() {
                        state.paused += added;
                        paused = Some(Pause {
                            until: now + wait,
                            asked: wait,
                            status: if capacity { 503 } else { 429 },
                            added,
                        });
                    }
                }
                if self.auto {
                    if !capacity {
                        state.schedule.throttled_at(now);
                    }
                    state.window.refused_at(now, capacity);
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
        // The hold moves up with rounds that deliver a quarter more.
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
    async fn one_quick_round_does_not_lift_a_hold_on_a_short_path() {
        // Held at 16; then one round delivers a third more (a moment when the machine ran
        // quicker) and the next no more than before: the hold stays.
        let pacer = Pacer::new(None, 256, None);
        rounds(&pacer, 8, |_| 600).await;
        assert_eq!(pacer.limit(), 16);
        rounds(&pacer, 1, |_| 800).await;
        rounds(&pacer, 4, |_| 600).await;
        assert_eq!(
            pacer.limit(),
            16,
            "one round of a quarter more is not a lift"
        );
        assert_eq!(pacer.summary().peak, 16);
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

    /// Each pause is told as it starts, once (a shorter one within it is not a pause of
    /// its own), with what it adds to the run's pause; the summary adds up the time the
    /// run was held, overlaps counted once.
    #[tokio::test(start_paused = true)]
    async fn pauses_are_told_and_added_up() {
        let pacer = Pacer::new(None, 256, None);
        let mut pauses = pacer.pauses();
        let start = Instant::now();
        pacer.observe(Signal::Throttled(Some(Duration::from_secs(2))));
        assert!(pauses.has_changed().unwrap());
        let told = (*pauses.borrow_and_update()).expect("a pause");
        assert_eq!(
            (told.until, told.asked, told.status, told.added),
            (
                start + Duration::from_secs(2),
                Duration::from_secs(2),
                429,
                Duration::from_secs(2)
            )
        );
        tokio::time::advance(Duration::from_secs(1)).await;
        pacer.observe(Signal::Refused(Some(Duration::from_millis(500))));
        assert!(!pauses.has_changed().unwrap(), "within the first");
        pacer.observe(Signal::Refused(Some(Duration::from_secs(3))));
        let told = (*pauses.borrow_and_update()).expect("a pause");
        assert_eq!(
            (told.until, told.status, told.added),
            (start + Duration::from_secs(4), 503, Duration::from_secs(2))
        );
        // The next answer of the same burst asks for the same wait a moment later: it
        // adds that moment, which is what a note of it would weigh.
        tokio::time::advance(Duration::from_millis(10)).await;
        pacer.observe(Signal::Refused(Some(Duration::from_secs(3))));
        let told = (*pauses.borrow_and_update()).expect("a pause");
        assert_eq!(told.added, Duration::from_millis(10));
        // 0 to 2 s, then 2 to 4.01 s: 4.01 s, not 2 + 3 + 3.
        assert_eq!(pacer.summary().paused, Duration::from_millis(4010));
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

    /// `admitted` answers, a 429 without a wait, then the gap between the next two sends
    /// (once the answers in flight at the 429 had their round trips, 1 ms each here).
    async fn gap_after_a_429(pacer: &std::sync::Arc<Pacer>, admitted: usize) -> f64 {
        answered(pacer, admitted, 1);
        pacer.observe(Signal::Throttled(None));
        tokio::time::sleep(Duration::from_millis(5)).await;
        gap_ms(&send_all(pacer, 2).await)
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
        let gap = gap_after_a_429(&pacer, 37).await;
        assert!((49.9..50.1).contains(&gap), "{gap}");
        // Refusals within a second of the last measure are of the same burst.
        let gap = gap_after_a_429(&pacer, 1).await;
        assert!((49.9..50.1).contains(&gap), "{gap}");
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
