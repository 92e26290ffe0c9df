//! The pace bulk runs remember (issue 44): at the end of a run of `--concurrency auto`,
//! what it learned of its service (the number in flight it settled at, the rate 429s
//! taught, the quickest round trip, the connections allowed and whether HTTP/2 was
//! offered on them), so that the next run against the same service starts from it
//! instead of from zero. Most runs are short, and a short run that learns from zero
//! spends most of itself finding the pace, or meets a rate limit the last run already
//! reported.
//!
//! * One file, `pace.json` in the data directory (`$XDG_DATA_HOME/locadm`), an entry a
//!   service: the identity journals are bound to (the base URL as people see it, a
//!   password as `***`, and the profile). Nothing secret is in it: figures and a URL.
//! * Written whole to a temporary file beside it and renamed over it, so a reader (or a
//!   crash) never meets half a file; two runs that end together each write their own
//!   entry into what they read, and the last rename wins.
//! * Trusted less as it ages, halved each day ([`HALF_LIFE`]): the window starts at that
//!   share of what was remembered (and climbs back to it doubling), the rate at that share
//!   of the rate; after a week it is not used. The pacer drops it when the service
//!   answers differently (`locadm-transport`'s `pacer/start.rs`).
//! * `--concurrency N` and `--rate R` win over it (a fixed run neither uses nor writes
//!   it; with `--rate` the remembered rate is not used); `--fresh-pace` starts from zero.
//! * A file that cannot be read or written never stops a run: the run starts from zero,
//!   or remembers nothing, and says why under `-v`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::cli::Pace;
use crate::inventory::Service;
use crate::output::{Messages, Verbose};
use locadm_transport::pacer::{Changed, Learned, Start};

/// The file's name in the data directory.
const FILE: &str = "pace.json";
/// What was remembered this long ago is trusted half as much.
const HALF_LIFE: Duration = Duration::from_secs(24 * 60 * 60);
/// What was remembered this long ago is not used (trusted at 1/128).
const FORGOTTEN: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// Where `auto` starts from zero: an aged window is not taken below it, unless the
/// service itself took fewer.
const FRESH_START: f64 = 4.0;
/// The services kept, the most recently learned first: the file cannot grow without end.
const KEPT: usize = 64;

/// The file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Remembered {
    #[serde(default)]
    services: Vec<Entry>,
}

/// What a run learned of one service.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    #[serde(flatten)]
    service: Service,
    /// Seconds since the Unix epoch.
    learned_at: u64,
    /// Requests in flight at the end of the run.
    in_flight: usize,
    /// The run ended still doubling: nothing bounded its window.
    #[serde(default)]
    growing: bool,
    /// What bounded it was the service's refusal (429 or 503), not a queue or a hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    refused: bool,
    /// Requests a second the service's 429s taught.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rate: Option<f64>,
    /// The quickest answer, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    round_trip_ms: Option<f64>,
    /// The connections the service allows, when it said (by refusing one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    connections: Option<usize>,
    /// Whether it offered HTTP/2 on them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    http2: Option<bool>,
}

/// The most requests a second a remembered rate may hold (far above any service's).
const MOST_RATE: f64 = 1e6;
/// The longest round trip a remembered one may be.
const LONGEST_ROUND_TRIP_MS: f64 = 10.0 * 60.0 * 1000.0;
/// How far in the future a run's clock may have put `learnedAt` (another machine's
/// clock, a clock set back since).
const CLOCK_SLACK: Duration = Duration::from_secs(24 * 60 * 60);

impl Entry {
    /// What no run writes, named: the entry is not to be used. Every figure is checked
    /// here, so that what starts the pacer (durations, windows, rates) can never be out
    /// of the range it is built for.
    fn problem(&self) -> Option<String> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let most = usize::from(crate::cli::MOST_IN_FLIGHT);
        if Duration::from_secs(self.learned_at) > now + CLOCK_SLACK {
            return Some(format!("`learnedAt` {} (in the future)", self.learned_at));
        }
        if self.in_flight > most {
            return Some(format!("`inFlight` {} (more than {most})", self.in_flight));
        }
        if let Some(rate) = self
            .rate
            .filter(|r| !(r.is_finite() && *r > 0.0 && *r <= MOST_RATE))
        {
            return Some(format!("`rate` {} (not a rate)", as_json(rate)));
        }
        let no_round_trip =
            |ms: &f64| !(ms.is_finite() && *ms > 0.0 && *ms <= LONGEST_ROUND_TRIP_MS);
        if let Some(ms) = self.round_trip_ms.filter(no_round_trip) {
            return Some(format!("`roundTripMs` {} (not a round trip)", as_json(ms)));
        }
        if let Some(connections) = self.connections.filter(|c| *c == 0 || *c > most) {
            return Some(format!("`connections` {connections} (not 1 to {most})"));
        }
        None
    }
}

/// A figure as the file spells it (`1e300`, not three hundred digits).
fn as_json(figure: f64) -> String {
    serde_json::to_string(&figure).unwrap_or_default()
}

/// Where a run's pace starts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Origin {
    /// Nothing remembered of this service (or too long ago).
    Zero,
    /// `--fresh-pace`.
    Fresh,
    /// `--concurrency N`: nothing is learned or remembered.
    Fixed,
    /// What an earlier run learned, this long ago.
    Remembered { start: Start, age: Duration },
}

/// The pace memory of one run: where it is kept, and what it held for the run's service.
pub(crate) struct PaceMemory {
    /// None without a data directory (no home directory): nothing is remembered.
    path: Option<PathBuf>,
    service: Service,
    recalled: Option<Entry>,
    /// `--max-connections`: told, not learned, so what was remembered of the
    /// connections is kept as it was.
    connections_given: bool,
    verbose: Verbose,
}

impl PaceMemory {
    /// The memory in the data directory, and what it holds for `service`.
    /// An entry with a value no run writes (a file edited, damaged or crafted) is not
    /// used: the run starts from zero, with a warning naming the value.
    pub(crate) fn open(
        service: Service,
        pace: &Pace,
        verbose: Verbose,
        messages: Messages,
    ) -> PaceMemory {
        let path = crate::local::data_dir().ok().map(|dir| dir.join(FILE));
        if path.is_none() {
            verbose.line("pace: no data directory (no home directory): nothing is remembered");
        }
        let recalled = path
            .as_deref()
            .map(|path| read(path, verbose))
            .and_then(|file| file.services.into_iter().find(|e| e.service == service))
            .filter(|entry| match entry.problem() {
                None => true,
                Some(problem) => {
                    messages.warning(&format!(
                        "the pace memory `{}` holds {problem} for this service: starting from zero",
                        path.as_deref().unwrap_or(Path::new(FILE)).display()
                    ));
                    false
                }
            });
        PaceMemory {
            path,
            service,
            recalled,
            connections_given: pace.max_connections.is_some(),
            verbose,
        }
    }

    /// Where a run with `pace` starts, `now`.
    pub(crate) fn origin(&self, pace: &Pace, now: SystemTime) -> Origin {
        if pace.concurrency.fixed().is_some() {
            return Origin::Fixed;
        }
        if pace.fresh_pace {
            return Origin::Fresh;
        }
        let Some(entry) = &self.recalled else {
            return Origin::Zero;
        };
        let learned = UNIX_EPOCH + Duration::from_secs(entry.learned_at);
        // A clock set back makes it new, not negative.
        let age = now.duration_since(learned).unwrap_or_default();
        if age >= FORGOTTEN || entry.in_flight == 0 {
            return Origin::Zero;
        }
        let trust = 0.5_f64.powf(age.as_secs_f64() / HALF_LIFE.as_secs_f64());
        let in_flight = entry.in_flight as f64;
        let start = Start {
            in_flight: (in_flight * trust).round().max(in_flight.min(FRESH_START)),
            bound: (!entry.growing).then_some(in_flight),
            refused: !entry.growing && entry.refused,
            // `--rate` wins: the sends are spaced at it, not at what was learned.
            rate: entry
                .rate
                .filter(|_| pace.rate.is_none())
                .map(|rate| rate * trust),
            round_trip: entry
                .round_trip_ms
                .map(|ms| Duration::from_secs_f64(ms / 1000.0)),
        };
        Origin::Remembered { start, age }
    }

    /// The connections the service allows, as remembered, unless `--max-connections`
    /// says (the run starts sharing that many at once instead of finding out by a refusal).
    pub(crate) fn connections(&self, origin: Origin) -> Option<usize> {
        match origin {
            Origin::Remembered { .. } if !self.connections_given => {
                self.recalled.as_ref()?.connections
            }
            _ => None,
        }
    }

    /// What a run with `pace` that started from `origin` says of it under `-v`, before it
    /// starts.
    pub(crate) fn say_origin(&self, origin: Origin) {
        let text = match origin {
            Origin::Fixed => {
                "pace: a fixed concurrency: nothing remembered is used or written".to_owned()
            }
            Origin::Fresh => "pace: --fresh-pace: starting from zero".to_owned(),
            Origin::Zero => format!(
                "pace: nothing remembered for {}: starting from zero",
                self.shown()
            ),
            Origin::Remembered { start, age } => format!(
                "pace: remembered for {}{}: {}",
                self.shown(),
                self.path
                    .as_ref()
                    .map(|p| format!(" in `{}`", p.display()))
                    .unwrap_or_default(),
                started("starting", start, age),
            ),
        };
        self.verbose.line(&text);
    }

    /// Keeps what the run learned (nothing with a fixed concurrency, or before any
    /// answer), with the connections the run found the service allows; the line of the
    /// summary that says where the run started and what it keeps.
    pub(crate) fn remember(
        &self,
        origin: Origin,
        learned: Option<Learned>,
        connections: Option<(usize, bool)>,
        changed: Option<Changed>,
    ) -> Option<String> {
        let start = match origin {
            Origin::Fixed => return None,
            Origin::Fresh => "started from zero (--fresh-pace)".to_owned(),
            Origin::Zero => "started from zero".to_owned(),
            Origin::Remembered { start, age } => started("started", start, age),
        };
        let changed = changed
            .map(|c| format!(", {}", unlike(c)))
            .unwrap_or_default();
        let Some(learned) = learned else {
            return Some(format!(
                "pace: {start}{changed}; nothing learned to remember"
            ));
        };
        let (connections, http2) = match (self.connections_given, &self.recalled) {
            (true, Some(entry)) => (entry.connections, entry.http2),
            (true, None) => (None, None),
            (false, _) => (connections.map(|c| c.0), connections.map(|c| c.1)),
        };
        let entry = Entry {
            service: self.service.clone(),
            learned_at: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_secs(),
            in_flight: learned.in_flight,
            growing: learned.growing,
            refused: learned.refused,
            rate: learned.rate,
            round_trip_ms: learned.round_trip.map(|rtt| rtt.as_secs_f64() * 1000.0),
            connections,
            http2,
        };
        let kept = match &self.path {
            None => "nothing remembered (no data directory)".to_owned(),
            Some(path) => match write(path, entry.clone()) {
                Ok(()) => format!("remembered for the next run: {}", figures(&entry)),
                Err(e) => {
                    self.verbose
                        .line(&format!("pace: cannot write `{}`: {e}", path.display()));
                    format!("not remembered (cannot write `{}`)", path.display())
                }
            },
        };
        Some(format!("pace: {start}{changed}; {kept}"))
    }

    fn shown(&self) -> String {
        format!(
            "`{}` (profile `{}`)",
            self.service.url, self.service.profile
        )
    }
}

/// `started at 240 in flight and about 1000 requests a second, learned 2 h ago`.
fn started(verb: &str, start: Start, age: Duration) -> String {
    let rate = start
        .rate
        .map(|r| format!(" and about {} requests a second", super::per_second(r)))
        .unwrap_or_default();
    format!(
        "{verb} at {} in flight{rate}, learned {} ago",
        start.in_flight as usize,
        ago(age)
    )
}

/// How the service answered unlike what was remembered.
fn unlike(changed: Changed) -> String {
    match changed {
        Changed::RoundTrip { was, now } => format!(
            "dropped: the round trip is {} ms, not {} ms (learned again from zero)",
            millis(now),
            millis(was)
        ),
        Changed::Refused { in_flight, status } => format!(
            "the service refused ({status}) at {in_flight} in flight (learned again from there)"
        ),
    }
}

fn millis(d: Duration) -> String {
    format!("{:.0}", d.as_secs_f64() * 1000.0)
}

/// `256 in flight, about 1000 requests a second, 2 connections (HTTP/2)`.
fn figures(entry: &Entry) -> String {
    let mut figures = vec![format!("{} in flight", entry.in_flight)];
    if entry.refused {
        figures[0].push_str(" (as many as the service took)");
    }
    if let Some(rate) = entry.rate {
        figures.push(format!(
            "about {} requests a second",
            super::per_second(rate)
        ));
    }
    if let Some(connections) = entry.connections {
        let protocol = if entry.http2 == Some(true) {
            "HTTP/2"
        } else {
            "HTTP/1.1"
        };
        figures.push(format!(
            "{} ({protocol})",
            crate::output::count(connections, "connection")
        ));
    }
    figures.join(", ")
}

/// `12 s`, `5 min`, `2 h`, `3 days`.
fn ago(age: Duration) -> String {
    let secs = age.as_secs();
    match secs {
        0..60 => format!("{secs} s"),
        60..3600 => format!("{} min", secs / 60),
        3600..86400 => format!("{} h", secs / 3600),
        _ => crate::output::count((secs / 86400) as usize, "day"),
    }
}

/// The file at `path`; empty when it is missing, and when it cannot be read or is not
/// what this version writes (said under `-v`: the run starts from zero).
fn read(path: &Path, verbose: Verbose) -> Remembered {
    let text = match std::fs::read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Remembered::default(),
        Err(e) => {
            verbose.line(&format!("pace: cannot read `{}`: {e}", path.display()));
            return Remembered::default();
        }
    };
    serde_json::from_slice(&text).unwrap_or_else(|e| {
        verbose.line(&format!(
            "pace: `{}` is not a pace memory ({e}): starting from zero",
            path.display()
        ));
        Remembered::default()
    })
}

/// Puts `entry` in place of its service's in the file at `path`: what is there now is
/// read again (another run may have written since this one started), and the whole file
/// is written beside it and renamed over it.
fn write(path: &Path, entry: Entry) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut file = read(path, Verbose::new(false));
    file.services.retain(|e| e.service != entry.service);
    file.services.push(entry);
    file.services
        .sort_by_key(|e| std::cmp::Reverse(e.learned_at));
    file.services.truncate(KEPT);
    let mut text = serde_json::to_vec_pretty(&file).map_err(std::io::Error::other)?;
    text.push(b'\n');
    let mut temporary = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(&mut temporary, &text)?;
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_age_is_said_in_its_largest_unit() {
        assert_eq!(ago(Duration::from_secs(12)), "12 s");
        assert_eq!(ago(Duration::from_secs(5 * 60 + 3)), "5 min");
        assert_eq!(ago(Duration::from_secs(2 * 3600 + 59)), "2 h");
        assert_eq!(ago(Duration::from_secs(3 * 86400)), "3 days");
    }
}
