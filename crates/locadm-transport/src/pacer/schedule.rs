//! When the next request of a run may go: the pause a `Retry-After` asks of the whole
//! run, the rate a service's 429s taught, and `--rate`.
//!
//! * A `Retry-After` pauses every request of the run, not only the one that got it: the
//!   service asked the client, not the record, to wait. After a pause the window goes
//!   out spread over a round trip, not in one burst that the capacity refuses again.
//! * A 429 also teaches a rate (RFC 6585: too many requests "in a given amount of time"):
//!   what the service admitted between two 429s, a second (over a second at least, the
//!   pause included), counted once the requests in flight at each 429 are answered (a
//!   429 is quick and overtakes them). From then on the sends are spaced at that pace, so
//!   when a `Retry-After` pause ends the requests it held go out one gap apart, not all
//!   at once into a service that has just said its budget is spent (each such burst drew
//!   a volley of 429s and another pause). Why between two 429s: at each a token bucket is
//!   empty, so what it admitted between them is its refill, the sustained rate whatever
//!   its burst. Not from the start of the run to the first 429: many services answer 429
//!   for too many requests *at once* (a concurrency, as the emulator's `--over-capacity
//!   429`), and the first 429 then comes within the first round trips, while the run is
//!   still growing its window: what was admitted by then is the run's own slow start, not
//!   the service's rate. Measured from the start, against a capacity of 64 answered with
//!   429 behind 30 ms, a run learned 125 requests a second and sent 208 a second where 64
//!   in flight sent 1,829. Nor is one measure a rate: such a capacity answers 429
//!   whenever a bunch of sends passes it, a second or two after a pause as well as 30 s
//!   later, and what was admitted between two such 429s is what the run delivered, less
//!   the pause in the span: a figure that changes with the span (a 15,000-record run
//!   behind 30 ms measured 529 a second, then learned 335 to 785 in others, and was
//!   spaced at it where the window sent 1,000). A token bucket gives the same figure each
//!   time (traced in four runs: 199 and 196 a second against 200, 998 and 973 against
//!   1,000): a rate is learned once two measures in a row agree within a tenth (`AGREE`),
//!   and the second is the rate. A real rate limit costs one burst of 429s more for it.
//!   Two spans of about the same length agree by chance against a capacity too (once in
//!   36 long runs behind 30 ms: 705 a second learned where the window sent 1,150), so
//!   each measure is also read as a capacity's, over the span less its pauses, which is
//!   what stays the same from span to span against a capacity; when that reading agrees
//!   clearly better (`CLEARER`) and is more than a quarter above the rate (`MISREAD`),
//!   the two measures teach nothing, and the next one decides ([`Measure::teaches`]).
//!   Not what was served in the last round trip or second before the 429: that is the
//!   burst, not the rate. Not the AWS SDKs' adaptive mode (0.7 of the rate sent when
//!   refused, grown back by CUBIC): the rate sent when refused is above the limit by
//!   definition, and 0.7 of it below it for seconds; what was admitted is the limit
//!   itself. A new measure is no more than the pace refused and no less than half of it
//!   (one halving a 429 at most, as TCP). The pace is probed past as it ages, by `(t /
//!   10 s)³` of itself (CUBIC's shape: flat near what was learned, fast far from it), which
//!   finds a raised or underestimated limit, and spends what a bucket saved during a
//!   pause: over a run the rate achieved is the limit (`benches/ratelimit.sh`). A 503
//!   teaches no rate: it says the service is at its capacity, a concurrency, which the
//!   window keeps below.

use std::time::Duration;

use tokio::time::Instant;

/// The shortest span a rate is measured over: limits are stated per second at the
/// finest, and a token bucket holds about a second's worth.
const RATE_SPAN: Duration = Duration::from_secs(1);
/// A learned rate is probed past by `(t / PROBE_SPAN)³` of itself `t` after it was
/// learned: 0.1% after 1 s, 12% after 5 s, doubled after 10 s.
const PROBE_SPAN: Duration = Duration::from_secs(10);

/// The timer's resolution (tokio's): a sleep shorter than it ends at the next tick.
const TICK: Duration = Duration::from_millis(1);

/// Two measures in a row agree when neither is more than this times the other.
const AGREE: f64 = 1.1;

/// Two measures that agree teach no rate yet when a capacity's reading of them (the same
/// answers over the span less its pauses) agrees clearly better and is more than this
/// times the rate: a capacity taken for that rate would be paced this far below it.
const MISREAD: f64 = 1.25;

/// How much better a capacity's readings must agree than the rate's to say so: by more
/// than a token bucket's do by chance. Behind the 30 ms proxy against 1,000 a second,
/// 24 pairs of measures came 0.0-3.3% apart as rates, and where the spans were alike (a
/// pause as large a part of each) the capacity readings agreed better by up to 1.6%: a
/// coin toss that taught no rate in 1 of 12 first runs of 6,000 records (and in
/// another, the next measure did), whose second run met the limit again. A capacity's
/// readings, traced, agreed better by 13%; against a capacity of 64 answered with 429
/// (answers held 30 ms), 30 runs of 15,000 records learned no rate with this margin, as
/// 30 did without it, and behind the 30 ms proxy as well, 20 of 20 none.
const CLEARER: f64 = 1.02;

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

/// The sends of a run in time: paused, spaced, or free to go.
pub(super) struct Schedule {
    paused_until: Option<Instant>,
    next_send: Option<Instant>,
    /// Bumped when the schedule of sends starts again (a pause, a new rate): a slot
    /// reserved in an older one is given up and taken again.
    epoch: u64,
    /// The round trip after a pause (from, until), over which the window is spread.
    release: Option<(Instant, Instant)>,
    /// The last 429 measured from (none before the first), the answers admitted by
    /// then, and [`Schedule::paused_in_all`] then.
    mark: Option<(Instant, u64, Duration)>,
    /// The rate the last 429 taught; no pace of its own before the first.
    learned: Option<Learned>,
    /// The last measure, before a rate was learned: the rate once the next agrees.
    measured: Option<Measure>,
    /// A 429 whose rate is not measured yet, and [`Schedule::paused_in_all`] then.
    throttled: Option<(Instant, Duration)>,
    /// The run's pauses so far, added up.
    paused_in_all: Duration,
}

/// What was admitted between two 429s, read two ways: a second of the span (a rate
/// limit's reading: a token bucket refills while the run is paused), and a second of
/// the span less its pauses (a capacity's: it serves only while the run sends).
#[derive(Debug, Clone, Copy)]
struct Measure {
    rate: f64,
    capacity: f64,
}

impl Measure {
    /// Whether `self` and `earlier` teach `self.rate`: their rates agree, and their
    /// capacity readings do not agree clearly better where the two readings are far
    /// apart. Against a capacity answered with 429, what was admitted between two 429s,
    /// a second of the span, changes with the span (its pause is a larger or smaller
    /// part of it) and two spans of about the same length agree by chance; a second of
    /// the span less the pause stays (traced behind 30 ms: capacity readings 3% apart
    /// where rate readings were 16%). Against a token bucket it is the other way round
    /// (rate readings 0.0-0.5% apart in four traced runs, 0.0-3.3% in 24 pairs since;
    /// capacity readings 0.4-62%). When the readings are close it does not matter which
    /// is taken; when they are far apart and the capacity's agrees clearly better
    /// ([`CLEARER`]), the next measure decides. Two that agree about as well (spans of
    /// about one length, each as much paused) cannot tell the two apart, and teach the
    /// rate, as before there was this reading: rates within 2% of each other always do.
    fn teaches(&self, earlier: &Measure) -> bool {
        // How many times the larger of two readings is the smaller: 1 when equal (two
        // runs of nothing admitted included), infinite against nothing.
        let apart = |a: f64, b: f64| if a == b { 1.0 } else { a.max(b) / a.min(b) };
        let rates_apart = apart(self.rate, earlier.rate);
        let capacities_apart = apart(self.capacity, earlier.capacity);
        let misread = self.capacity > self.rate * MISREAD
            && capacities_apart <= AGREE
            && capacities_apart * CLEARER < rates_apart;
        rates_apart <= AGREE && !misread
    }
}

impl Schedule {
    pub(super) fn new() -> Schedule {
        Schedule {
            paused_until: None,
            next_send: None,
            epoch: 0,
            release: None,
            mark: None,
            learned: None,
            measured: None,
            throttled: None,
            paused_in_all: Duration::ZERO,
        }
    }

    /// The end of the run's pause, while it lasts.
    pub(super) fn paused(&self, now: Instant) -> Option<Instant> {
        self.paused_until.filter(|until| *until > now)
    }

    /// A `Retry-After` at `now`: no send before `until`, and then, with `spread_over`
    /// (`auto`'s round trip), the window goes out spread over that long. A shorter pause
    /// than one already asked for changes nothing. The time it adds to the run's pauses.
    pub(super) fn pause(
        &mut self,
        now: Instant,
        until: Instant,
        spread_over: Option<Duration>,
    ) -> Duration {
        let paused_from = match self.paused_until {
            Some(u) if u >= until => return Duration::ZERO,
            Some(u) => u.max(now),
            None => now,
        };
        self.paused_until = Some(until);
        self.restart();
        if let Some(round_trip) = spread_over {
            self.release = Some((until, until + round_trip));
        }
        let added = until.duration_since(paused_from);
        self.paused_in_all += added;
        added
    }

    /// The schedule a slot was reserved in (see [`Schedule::reserve`]).
    pub(super) fn epoch(&self) -> u64 {
        self.epoch
    }

    /// A send slot `gap` after the last one: `None` when it is now (or less than a tick
    /// of the timer away), or the slot and the schedule it belongs to. A slot a fraction
    /// of a tick away is sent at once, not slept for: the sleep would end at the next
    /// tick anyway, and the slots still follow one another `gap` apart, so the pace
    /// over a tick holds. Slept for, `auto`'s pacing at 256 in flight behind 30 ms (a gap
    /// of 0.1 ms) cost a timer and up to a tick of each send.
    pub(super) fn reserve(&mut self, gap: Duration, now: Instant) -> Option<(Instant, u64)> {
        let slot = self.next_send.map_or(now, |next| next.max(now));
        self.next_send = Some(slot + gap);
        (slot >= now + TICK).then_some((slot, self.epoch))
    }

    /// The gap between two sends now: the longest of `--rate`'s, the learned rate's,
    /// `auto`'s `pacing` (the window spread over its round trip) and, in the round trip
    /// after a pause, the release's (the window `limit` spread over it). Call
    /// [`Schedule::settle`] first.
    pub(super) fn gap(
        &mut self,
        rate: Option<Duration>,
        now: Instant,
        limit: f64,
        pacing: Option<Duration>,
    ) -> Option<Duration> {
        let learned = self
            .learned
            .map(|l| Duration::from_secs_f64(1.0 / l.pace(now)));
        let release = self.release_gap(now, limit);
        [rate, learned, release, pacing].into_iter().flatten().max()
    }

    /// How long the run's pauses held every request, in all.
    pub(super) fn paused_in_all(&self) -> Duration {
        self.paused_in_all
    }

    /// Sends spaced at `rate` from now, as if a 429 had just taught it: what an earlier
    /// run learned (issue 44). The next 429s measure it again as they would a rate of
    /// this run's, and it is probed past as it ages.
    pub(super) fn resume(&mut self, rate: f64, now: Instant) {
        self.learned = Some(Learned {
            rate: rate.max(1.0),
            at: now,
        });
    }

    /// The rate the service's 429s taught, if any did.
    pub(super) fn learned_rate(&self) -> Option<f64> {
        self.learned.map(|l| l.rate)
    }

    /// Until one round trip after a `Retry-After` pause, the window goes out spread over
    /// that round trip, not at once: after a pause for capacity every place in flight is
    /// free at the same instant, and a window that fits the service spread over a round
    /// trip (half of it in transit either way) is over its capacity in one burst, which
    /// drew another 503 and another pause of the whole run.
    fn release_gap(&mut self, now: Instant, limit: f64) -> Option<Duration> {
        let (from, until) = self.release?;
        if now >= until {
            self.release = None;
            return None;
        }
        (now >= from).then(|| until.duration_since(from).div_f64(limit.max(1.0)))
    }

    /// The sends start again from the next one: the slots reserved so far are given up.
    fn restart(&mut self) {
        self.epoch += 1;
        self.next_send = None;
    }

    /// A 429: the rate is measured once the answers to the requests in flight at it are
    /// in (they were admitted before it, and a 429 can overtake them). 429s less than a
    /// second after the last one measured from, or before this one is, are of the same
    /// burst. So are those of a pause and of the two round trips after it (`round_trip`:
    /// the window's): the window, cut by the 429 that asked for the pause, goes out again
    /// then, and a 429 there says it is still over a capacity, not what a rate admits.
    /// Counted, against a capacity of 8 answered with 429 behind 20 ms, it spaced the rest
    /// of a run at about 8 a second (the emulator admitted 7 to 9 each second, one at a
    /// time): the pause was most of the span the rate was measured over.
    pub(super) fn throttled_at(&mut self, now: Instant, round_trip: Duration) {
        let recent = self
            .mark
            .is_some_and(|(at, _, _)| now.duration_since(at) < RATE_SPAN);
        let released = self
            .paused_until
            .is_some_and(|until| now < until + round_trip * 2);
        if self.throttled.is_none() && !recent && !released {
            self.throttled = Some((now, self.paused_in_all));
            self.restart();
        }
    }

    /// Measures the rate of a 429 whose answers in flight are in (a pause is over, or
    /// two round trips went by): what the service admitted since the last 429 measured
    /// from (`admitted`: the run's answers so far), a second (over a second at least), no
    /// more than the pace refused and no less than half of it. The run's first 429 only
    /// starts the measure, and before a rate is learned a measure is one only when the
    /// next agrees with it (see the module's doc).
    pub(super) fn settle(&mut self, now: Instant, round_trip: Duration, admitted: u64) {
        let Some((refused_at, paused_by_then)) = self.throttled else {
            return;
        };
        if now < refused_at + round_trip * 2 {
            return;
        }
        self.throttled = None;
        let mark = (refused_at, admitted, paused_by_then);
        let Some((at, admitted_then, paused_then)) = self.mark.replace(mark) else {
            return;
        };
        let span = refused_at.duration_since(at).max(RATE_SPAN);
        let admitted = (admitted - admitted_then) as f64;
        let served = admitted / span.as_secs_f64();
        let rate = match self.learned {
            Some(learned) => {
                let refused = learned.pace(refused_at);
                served.clamp(refused * 0.5, refused)
            }
            None => {
                // The span's pauses: a 429's is taken when it comes, after its own
                // measure starts, so those counted by the next 429 are in this span.
                let sending = span.saturating_sub(paused_by_then.saturating_sub(paused_then));
                let measure = Measure {
                    rate: served,
                    capacity: admitted / sending.max(round_trip).max(TICK).as_secs_f64(),
                };
                match self.measured.replace(measure) {
                    Some(earlier) if measure.teaches(&earlier) => served,
                    _ => return,
                }
            }
        };
        self.learned = Some(Learned {
            rate: rate.max(1.0),
            at: refused_at,
        });
    }
}
