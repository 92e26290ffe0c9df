//! The window of `--concurrency auto`: how many requests may be in flight, found as TCP
//! finds its own, AIMD on the service's explicit signals with a latency gradient for the
//! implicit one.
//!
//! * It starts at 4 in flight and doubles each round trip (one more for each answer) until
//!   the first sign of trouble, then grows by one a round trip (`1/limit` an answer).
//! * A 429 or 503 takes it to 0.7 of itself (CUBIC's factor), but not below what the
//!   service did serve in the last round trip (BBR's delivery count) unless that is at
//!   the edge: 0.9 of the refused limit at most; once a round trip (a burst of refusals
//!   from one round is one signal). 0.9 of the refused limit is a ceiling for 30 s
//!   before more is probed, so a service that answers its capacity with `Retry-After: 1`
//!   costs a pause every 30 s, not every few round trips (at the very edge a burst alone
//!   is refused now and then).
//! * The further refusals of that round trip each take one more off the limit and the
//!   ceiling, down to what was served: each is one request in flight beyond the
//!   capacity, and the doubling overshoots by up to 3x (without this, each 0.7 step
//!   down was a pause of its own). 429s too: many services answer 429 for too many
//!   requests at once, not only for too many a second; and against a rate limit the
//!   floor, what was served in the last round trip, is what the rate keeps in flight.
//!   Outside the doubling the ceiling goes no lower than half the refused limit: the
//!   window grows by one a round trip there, so a burst that says more is a rate
//!   limiter's, and what was served in the last quickest round trip can be well below
//!   what its rate keeps in flight (see `Window::refused_at`).
//! * A refusal in the doubling that pauses the whole run (a `Retry-After`) sets the
//!   ceiling at the refused limit less one for each refusal of its round trip (each is a
//!   request in flight beyond the capacity), no lower than half the refused limit, and
//!   not at 0.9 of the refused limit: the doubling overshoots up to twice what the
//!   service takes, and the window grew back into the overshoot and was refused again
//!   within two seconds, another pause of the whole run (traced, behind 30 ms against a
//!   capacity of 64 answered with 429: 2 to 4 pauses in a 15 s run of 15,000 records,
//!   where one costs 6% of it). Nor at what the cut left (0.7 of the refused limit, one
//!   off for each further refusal): against a capacity with no network before it, the
//!   doubling is refused once, at one beyond it, and the cut held such runs a quarter
//!   below it for 30 s (capacity 8, answers held 20 ms: 6 in flight, 215 records a
//!   second over a run of 1,000 against 265 at 8; capacity 64: 910 against 1,095).
//!   The refused limit is counted less the places in it taken by sends still waiting
//!   for their pacing slot, not at the service (refused at 10 with one waiting, the
//!   ceiling of 9 was refused again just after the pause, in 5 of 17 such runs; since,
//!   in none of 8).
//!   Held at a ceiling, a refusal is one of few, and 0.9 of the refused limit stays the
//!   measure.
//! * On a path longer than a round (5 ms) the sends are paced: spread over the round
//!   trip at the window's pace, twice it while the limit doubles and a quarter above it
//!   after (BBR's gains), not sent as the answers free places. Unpaced, the doubling's
//!   bursts stay bunched (a send for each answer keeps the shape), and a capacity
//!   refuses a bunch it takes spread out: behind 30 ms, against a capacity of 64 (the
//!   emulator holding each answer 30 ms), 73 to 97 in flight were refused now and
//!   then, each refusal a pause, and `auto` sent 815 to 835 a second (503) where 64 in
//!   flight sent 980; paced, 1,160 to 1,317 a second with 170 in flight (429: 1,054 to
//!   1,209). Not on a short path: the gap would be far below the timer's tick of 1 ms;
//!   and where it is below a tick the sends of one tick go together (`Schedule::reserve`):
//!   slept for, each such send waited for the next tick, and 256 in flight behind 30 ms
//!   with nothing limiting sent 3-12% less than unpaced (since, 1-2%, within the noise).
//!   Nor does it cost a run at 512 in flight with nothing limiting it: exports of 2,000
//!   ids started there from memory went at 0.99 of a fixed 512 beside them, paced after
//!   the first window or not (medians of 60 rounds each).
//!   Where the window is the capacity itself (the service's time is all of the round
//!   trip), a paced run sent less than an unpaced one (capacity 8, answers held 20 ms:
//!   214-242 a second against 215-267), but not for the place a worker waiting for its
//!   slot holds as such (that place only misled the count of the refused limit, above):
//!   every run paused once, refused in the doubling, and what decided was
//!   the ceiling those refusals set (a paced doubling overshoots less: one refusal, at
//!   9 or 10, and the 0.7 cut left 6 or 7 in flight, 215 or 242 a second; unpaced runs
//!   refused 4 to 8 times kept 8, those refused once or twice 6). Since the ceiling is
//!   counted from the refusals (see `Overshoot`), runs refused once keep 8.
//! * Answers getting slower than the quickest recent ones by more than half again (and
//!   5 ms), the smoothed round trip and every answer of the last half of it (the
//!   standing round trip, Copa's), mean requests queue at the service: a tenth off, once
//!   a round trip. A service behind a round trip of 30 ms is then kept busy without a
//!   queue of its own. The smoothed round trip alone took a large window's spread for a
//!   queue (see `Window::queueing`). A round
//!   trip is timed from the request going on an open connection: a new connection's
//!   handshake (a round trip or two more) is not the service slowing down, and counted
//!   it cut slow start short as if it were. A cut for latency that the next round
//!   contradicts (it delivers a quarter more than any before) is undone in kind: the
//!   limit doubles a round trip again, as at the start.
//! * More in flight must deliver more: the answers a round (a round trip, 5 ms at
//!   least) are counted, and once three rounds in a row delivered no more than a
//!   quarter above the best (BBR's full-pipe estimate), the limit is held at twice the
//!   one of the best round, for 30 s before more is probed (a round that does deliver a
//!   quarter more lifts it at once; on a short path, two in a row do: a round there is
//!   5 ms, and the machine's own pace moves by a quarter within that. Traced, a hold at
//!   16 was lifted by one round of 41,400 answers a second against a best of 33,000,
//!   the five rounds at 16 before it at 38,000 to 41,000; over 40 alternating runs of
//!   20,000 records over TLS to nginx, `auto` went to 64 or 128 in flight 3 times with
//!   one round and never with two, and sent 80,000 a second on average against 78,800).
//!   On a short path (loopback, a LAN) a round trip is well under a millisecond, so the
//!   answers alone never slow the growth: without this, nothing limiting, `auto` opened
//!   250 TLS connections to a server that 32 kept busy, and sent 0.86 of what 16 did
//!   (the handshakes, and a connection's share of each wake-up). On such a path the
//!   limit doubles a round at most, and every other round: a round in which it grew
//!   opened the connections it grew by, and their handshakes are in what it delivered
//!   (over TLS on loopback 2,000 to 10,000 answers a second, against 60,000 to 80,000
//!   in the rounds around it), so it measures nothing, and the next round, at the limit
//!   it grew to, measures without growing. Nor does the limit grow after a round that
//!   delivered no more than the best. Before, the hold came three doublings late, after
//!   rounds that handshakes had made look flat (16 to 127 connections), and those
//!   handshakes then stalled the run for 30 ms: over 15 alternating runs of 20,000
//!   records, `auto` sent 0.88 of what 16 in flight did, with 32 to 256 in flight at
//!   most; since, 0.99, with 16 to 32.
//! * Neither the hold nor a short path's slower climb applies once the requests travel
//!   as HTTP/2 streams over the few connections a run shares (`lanes.rs`): more in
//!   flight opens no connection there, and the server batches the streams, a gain of a
//!   few percent a doubling that a round never shows as a quarter more. Over 2
//!   connections to nginx, apply at 32, 64, 128 and 256 in flight sent 56,500, 67,000,
//!   69,400 and 69,100 requests a second (h2load: 65,000 to 76,700), and `auto`, held
//!   at 32, 59,000. Latency and refusals remain the brakes.

use std::collections::VecDeque;
use std::time::Duration;

use tokio::time::Instant;

/// The start of `auto`: low, since nothing is known of the service yet.
pub(super) const START: f64 = 4.0;
/// What a queue at the service looks like: answers this much slower than the quickest.
const QUEUE_RATIO: f64 = 1.5;
const QUEUE_SLACK: Duration = Duration::from_millis(5);
/// The quickest answer is forgotten after this long (the path may have changed).
const BASELINE_SPAN: Duration = Duration::from_secs(10);
/// How long a refused limit is not probed again.
pub(super) const CEILING_SPAN: Duration = Duration::from_secs(30);
/// What a refusal leaves of the limit.
const REFUSED: f64 = 0.7;
/// What a refusal leaves of the limit at most (when what was served is more than
/// `REFUSED` of it), and the ceiling it sets.
const EDGE: f64 = 0.9;
/// The lowest ceiling a refusal that pauses the run in the doubling sets, of the refused
/// limit: many refusals in one round trip may say little more than that the doubling
/// went far past the capacity (see `Overshoot`). And the lowest the refusals of a round
/// trip outside the doubling take it (see `Window::refused_at`).
const PAUSED_LEAST: f64 = 0.5;
/// The shortest round the delivery rate is measured over: on loopback hundreds of
/// answers, where a round trip has a handful. Short, since on such a path the limit
/// doubles a round at most: at 10 ms the climb to 256 over one HTTP/2 connection took
/// 60 ms, and a 20,000-record run sent 0.9 of what it did before.
pub(super) const MIN_ROUND: Duration = Duration::from_millis(5);
/// What a round must deliver above the best one for the limit to be worth growing (BBR's
/// full-pipe threshold), and how many rounds may fall short before it is held.
const GROWTH: f64 = 1.25;
const FLAT_ROUNDS: u32 = 3;
/// The limit held once the rate stops growing: twice the one of the best round (BBR's
/// window gain), room for the answers and sends that bunch up on the way.
const PLATEAU_GAIN: f64 = 2.0;
/// The round trip assumed before the first answer.
const UNKNOWN_ROUND_TRIP: Duration = Duration::from_millis(100);

/// The limit a hold set at `CEILING_SPAN` or less ago; a hold older than that is gone.
fn held(hold: &mut Option<(f64, Instant)>, now: Instant) -> Option<f64> {
    let (most, at) = (*hold)?;
    if now.duration_since(at) < CEILING_SPAN {
        return Some(most);
    }
    *hold = None;
    None
}

/// The refusals of one round trip in the doubling that paused the run: the limit they
/// were refused at (less the sends waiting for their slot), and how many there were.
#[derive(Debug, Clone, Copy)]
struct Overshoot {
    sent: f64,
    refusals: u32,
}

impl Overshoot {
    /// The ceiling they set: the refused limit less one for each of them (a refusal is
    /// one request in flight beyond the capacity), half the refused limit at least. A
    /// single refusal at 9 in flight says the capacity is 8, where the 0.7 cut left 6.
    ///
    /// Not bounded by the other requests in flight at a refusal as well, though a
    /// refusal for capacity is answered at once and what the service held then is
    /// answered after it. Where a slow client spreads its sends over the round trip,
    /// some are admitted after others were answered, and the count alone comes out above
    /// the capacity (traced, capacity 8 with each answer held 20 ms, a debug build on a
    /// busy machine: 16 sent, 7 refused, 9 admitted but never more than 8 at once; the
    /// ceiling of 9 was refused again just after the pause). Bounded by the others at
    /// the first refusal, that case came to 8, but a rate limit's 429s say nothing of
    /// what the service held, and behind 30 ms a limit of 1,000 a second was met at 932
    /// to 992 a second (median 960, 7 runs) against 980 to 1,000 (median 994); bounded
    /// by the fewest others over the burst (the pause stops the sends and the flight
    /// drains), at 907 and 918. A ceiling one too high costs one more pause.
    fn ceiling(&self) -> f64 {
        let beyond = self.sent - f64::from(self.refusals);
        beyond.max(self.sent * PAUSED_LEAST).max(1.0)
    }
}

/// One round of the delivery-rate measure: since when, the answers admitted then, and
/// the limit it started with.
#[derive(Debug, Clone, Copy)]
struct Round {
    start: Instant,
    admitted: u64,
    limit: f64,
}

/// The requests `auto` allows in flight, and what it has learned of the path to decide.
pub(super) struct Window {
    limit: f64,
    /// Below it the limit doubles a round trip; above it, one more a round trip.
    threshold: f64,
    smoothed: Option<Duration>,
    quickest: Option<(Duration, Instant)>,
    last_decrease: Option<Instant>,
    /// The most a refusal allows, and when: not grown past for `CEILING_SPAN`.
    ceiling: Option<(f64, Instant)>,
    /// What was served in the round trip before the last cut: the lowest the 503s of
    /// the same round trip take the limit.
    served_floor: Option<f64>,
    /// The refusals of this round trip paused the run while the limit was doubling: they
    /// set the ceiling.
    overshoot: Option<Overshoot>,
    /// The lowest the further refusals of this round trip take the ceiling, where the
    /// first came outside the doubling: half the refused limit (see `refused_at`).
    ceiling_least: f64,
    /// When the answers of about the last round trip came, and the round trip of each.
    recent: VecDeque<(Instant, Duration)>,
    round: Round,
    /// The most answers a round delivered, a second, and the limit of that round.
    best_round: Option<(f64, f64)>,
    /// Rounds in a row that delivered no more than `GROWTH` times the best.
    flat_rounds: u32,
    /// The last round grew the limit on a short path: this one measures, not grows.
    settling: bool,
    /// On a short path, a round delivered a quarter more than the best after the rate
    /// had stopped growing: the next must too before the hold moves.
    lifting: bool,
    /// The requests are HTTP/2 streams over shared connections (`Signal::Streamed`).
    multiplexed: bool,
    /// The limit held since the rate stopped growing, and since when.
    plateau: Option<(f64, Instant)>,
}

impl Window {
    /// A window of `limit` in flight, doubling up to `threshold`.
    pub(super) fn new(limit: f64, threshold: f64, now: Instant) -> Window {
        Window {
            limit,
            threshold,
            smoothed: None,
            quickest: None,
            last_decrease: None,
            ceiling: None,
            served_floor: None,
            overshoot: None,
            ceiling_least: 1.0,
            recent: VecDeque::new(),
            round: Round {
                start: now,
                admitted: 0,
                limit,
            },
            best_round: None,
            flat_rounds: 0,
            settling: false,
            lifting: false,
            multiplexed: false,
            plateau: None,
        }
    }

    /// Takes `round_trip` (an earlier run's) as the path's until answers say otherwise:
    /// the first window is then paced over it instead of sent at once (see
    /// `Pacer::starting_from`).
    pub(super) fn assume_round_trip(&mut self, round_trip: Duration) {
        self.smoothed = Some(round_trip);
    }

    /// The requests allowed in flight, as a fraction: it grows by `1/limit` an answer.
    pub(super) fn limit(&self) -> f64 {
        self.limit
    }

    /// Keeps the limit within `1..=max`; the whole number it allows.
    pub(super) fn clamp(&mut self, max: f64) -> usize {
        self.limit = self.limit.clamp(1.0, max);
        self.limit as usize
    }

    /// On a path longer than a round, the gap between two sends that spreads the window
    /// over the round trip (twice the window's pace while it doubles, a quarter more
    /// after): sends bunched up by the doubling and by answers that come together stay
    /// bunched otherwise, and a capacity refuses a bunch where it takes the same window
    /// spread out. None on a short path (the gap would be below the timer's tick).
    pub(super) fn pacing_gap(&self) -> Option<Duration> {
        let smoothed = self.smoothed?;
        if smoothed < MIN_ROUND || self.multiplexed {
            return None;
        }
        let gain = if self.limit < self.threshold {
            2.0
        } else {
            1.25
        };
        Some(smoothed.div_f64(self.limit.max(1.0) * gain))
    }

    /// An earlier run's refusal bounds the window at `ceiling` (see `Start::refused`):
    /// held as one of this run's for `CEILING_SPAN`.
    pub(super) fn refused_before(&mut self, ceiling: f64, now: Instant) {
        self.ceiling = Some((ceiling, now));
    }

    /// A refusal's ceiling holds the window now.
    pub(super) fn ceiling_held(&self, now: Instant) -> bool {
        self.ceiling
            .is_some_and(|(_, at)| now.duration_since(at) < CEILING_SPAN)
    }

    /// The quickest answer of about the last 10 s: the round trip without a queue.
    pub(super) fn quickest(&self) -> Option<Duration> {
        self.quickest.map(|(q, _)| q)
    }

    /// The limit is held where the rate stopped growing (the plateau).
    pub(super) fn held(&self) -> bool {
        self.plateau.is_some()
    }

    /// Still doubling (slow start): no refusal, queue or hold has bounded the limit yet.
    pub(super) fn growing(&self) -> bool {
        self.limit < self.threshold
    }

    /// The smoothed round trip, or a guess before the first answer.
    pub(super) fn round_trip(&self) -> Duration {
        self.smoothed.unwrap_or(UNKNOWN_ROUND_TRIP)
    }

    /// An answer in `rtt`, the `admitted`th of the run: the limit grows, unless answers
    /// queue (or a ceiling holds it).
    pub(super) fn answered(&mut self, rtt: Duration, now: Instant, admitted: u64) {
        self.learn(rtt, now);
        if admitted == 1 {
            // The first round starts with the first answer: before it, the run waited
            // for its first round trip (and its sends, paced over it), and a round
            // counted from the run's start measured that wait, a best that the next
            // round beat by a quarter whatever it delivered.
            self.round = Round {
                start: now,
                admitted: 0,
                limit: self.limit,
            };
        }
        self.end_round(now, admitted);
        if self.queueing(now) {
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
    /// a round that delivers a quarter more moves the hold up with it (on a short path,
    /// once the rate stopped growing, two in a row).
    fn end_round(&mut self, now: Instant, admitted: u64) {
        let length = self.smoothed.unwrap_or_default().max(MIN_ROUND);
        let elapsed = now.duration_since(self.round.start);
        if elapsed < length {
            return;
        }
        let rate = (admitted - self.round.admitted) as f64 / elapsed.as_secs_f64();
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
                admitted,
                limit: self.limit,
            };
            return;
        }
        let stopped = self.flat_rounds > 0 || self.plateau.is_some();
        match self.best_round {
            Some((best, _)) if rate < best * GROWTH => {
                self.flat_rounds += 1;
                self.lifting = false;
            }
            Some(_) if short_path && stopped && !self.lifting => self.lifting = true,
            _ => {
                let first = self.best_round.is_none();
                self.lifting = false;
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
                // that said how much it takes is probed gently. Nor after the first round:
                // it is the first measure, not a quarter more than one (it lifted the
                // bound of a run started from an earlier one's pace, `start.rs`, one
                // round trip in).
                if self.ceiling.is_none() && !first {
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
            admitted,
            limit: self.limit,
        };
    }

    /// The requests go as HTTP/2 streams over the few connections the run shares: more
    /// in flight opens no connection, and neither the hold nor a short path's slower
    /// climb applies from now on; a hold already set goes.
    pub(super) fn streams(&mut self) {
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
        self.recent.push_back((now, rtt));
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

    /// A refusal (429 or 503): down to what was served in the last round trip (or by
    /// `REFUSED`), and no higher for `CEILING_SPAN`. Every further refusal of the same
    /// round trip is one request in flight too many. `unsent`: the places in flight taken
    /// by sends still waiting for their slot when it was refused.
    pub(super) fn refused_at(&mut self, now: Instant, pausing: bool, unsent: f64) {
        let window = self.window();
        while self
            .recent
            .front()
            .is_some_and(|(at, _)| now.duration_since(*at) > window)
        {
            self.recent.pop_front();
        }
        let served = self.recent.len() as f64;
        let before = self.limit;
        let doubling = self.limit < self.threshold;
        if !self.decrease(now, REFUSED) {
            // The same round trip: one signal for the multiplicative cut. But a burst of
            // refusals also says by how much the window was over the service's capacity
            // (the overshoot of the doubling can be 3x: 202 in flight against a capacity
            // that took 70), so each takes one more off, down to what was served, and off
            // the ceiling: otherwise each 0.7 step down is a `Retry-After` pause of the
            // whole run of its own.
            let floor = self.served_floor.unwrap_or(1.0).max(1.0);
            self.limit = (self.limit - 1.0).max(floor);
            self.threshold = self.limit;
            if let Some((ceiling, at)) = self.ceiling {
                let ceiling = match self.overshoot.as_mut() {
                    // Not below the window here: what was served in the last round
                    // trip holds it (the floor above), as before the first refusal's cap
                    // (which is of a cut from sends not yet made); whether the ceiling
                    // should hold it down instead was not measured.
                    Some(overshoot) => {
                        overshoot.refusals += 1;
                        overshoot.ceiling().max(self.limit)
                    }
                    None => (ceiling - 1.0).max(self.limit).max(self.ceiling_least),
                };
                self.ceiling = Some((ceiling, at));
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
        // In the doubling, the refused limit can be twice what the service takes: where
        // the refusal pauses the whole run (a `Retry-After`), the refusals of the round
        // trip say by how much, and set the ceiling (see `Overshoot`), not the margin
        // above it, probed at the price of another pause (see the module's doc). Held
        // at a ceiling, refusals are few, and 0.9 of the refused limit is the measure.
        // Refused at what was sent, which the limit overstates by the sends waiting for
        // their pacing slot: refused at 10 with one of them waiting (a capacity of 8
        // with 9 at it), the limit counted set a ceiling of 9, and the run paused again.
        let sent = (before - unsent).max(1.0);
        self.overshoot = (pausing && doubling).then_some(Overshoot { sent, refusals: 1 });
        // Outside the doubling the window grows by one a round trip, and a capacity is
        // not overshot twice over: a burst that takes the ceiling below half the refused
        // limit is a rate limiter's, its refusals the requests beyond its bucket, not
        // beyond a capacity. Followed down to what was served in the last quickest round
        // trip (against 1,000 a second behind 30 ms, traced at 13 at a first refusal
        // and 21 just after a pause), the ceiling held the run below the rate for 30 s
        // (19 to 23 in flight at the end of such runs), where no
        // further 429 came to teach it: 587 to 689 a second, in 3 of 27 rounds of
        // `MEMORY=1 benches/pace.sh` once false queue cuts no longer kept the window
        // from 512. In the doubling the refusals of a burst do say by how much the
        // capacity was overshot (see `Overshoot`, and the burst that does not pause).
        self.ceiling_least = if doubling { 1.0 } else { sent * PAUSED_LEAST };
        // The window goes no higher than the ceiling such refusals set: the 0.7 cut is
        // of the limit, which counts the sends waiting for their slot, and it left the
        // window above (traced: refused at 13 with 4 waiting, 9 sent, one refused, 0.7
        // of 13 left 9 in flight against a capacity of 8, refused again after the pause).
        let ceiling = match &self.overshoot {
            Some(overshoot) => {
                let ceiling = overshoot.ceiling();
                self.limit = self.limit.min(ceiling);
                self.threshold = self.limit;
                ceiling
            }
            None => below,
        };
        self.ceiling = Some((ceiling, now));
    }

    /// One round trip without a queue (the quickest recent answer): the answers within
    /// it are what the service serves at once.
    fn window(&self) -> Duration {
        self.quickest
            .map_or(UNKNOWN_ROUND_TRIP, |(q, _)| q)
            .max(Duration::from_millis(1))
    }

    /// A queue at the service: the smoothed round trip is well above the quickest, and so
    /// is every answer of the last half of it (Copa's standing round trip). The smoothed
    /// one alone follows the last few answers, and a large window's answers come back
    /// spread over its round trip, the last of a bunch slower than the first with no
    /// queue standing: behind the 30 ms proxy, started at 512 in flight, it cut the
    /// window in 5 of 6 runs of 2,000 records (smoothed 65 to 88 ms, quickest 40 to 54),
    /// an answer of the same half round trip back in the quickest time each time; and
    /// first runs from zero ended so cut (remembered 415 to 505 in flight, once 328) in
    /// 23 of 30 rounds of `MEMORY=1 benches/pace.sh`, bounding the second run there.
    /// With this, 7 of 8 first runs ended at 512 (2 of 8 before).
    fn queueing(&self, now: Instant) -> bool {
        let (Some(smoothed), Some((quickest, _))) = (self.smoothed, self.quickest) else {
            return false;
        };
        let queued = quickest.mul_f64(QUEUE_RATIO) + QUEUE_SLACK;
        if smoothed <= queued {
            return false;
        }
        let standing = smoothed.div_f64(2.0);
        !self
            .recent
            .iter()
            .rev()
            .take_while(|(at, _)| now.duration_since(*at) <= standing)
            .any(|(_, rtt)| *rtt <= queued)
    }

    /// Multiplies the limit by `factor`, once a round trip: the answers of requests sent
    /// before the last decrease say nothing about the new limit. False when it was too
    /// soon.
    fn decrease(&mut self, now: Instant, factor: f64) -> bool {
        let round_trip = self.round_trip();
        if self
            .last_decrease
            .is_some_and(|last| now.duration_since(last) < round_trip)
        {
            return false;
        }
        self.limit *= factor;
        self.threshold = self.limit;
        self.last_decrease = Some(now);
        // A new round trip: the refusals of an older one are not counted on, nor is the
        // floor an older burst set.
        self.overshoot = None;
        self.ceiling_least = 1.0;
        true
    }
}
