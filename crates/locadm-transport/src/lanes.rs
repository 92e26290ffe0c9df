//! Connections when they are scarce: a service (or a proxy before it) that allows a client
//! only a few, told by `--max-connections N` or learned when a new connection is refused
//! while the run holds others. From then on the workers share that many lanes instead of
//! a connection each. Over TLS a lane offers HTTP/2 by ALPN: where the service agrees, a
//! lane carries many requests at once as streams; where it does not, a lane carries one
//! request at a time over HTTP/1.1 and the run has as many in flight as lanes.
//!
//! Where connections are not scarce, the dedicated HTTP/1.1 connections stay: on loopback
//! HTTP/1.1 over many connections is the faster (h2load: 30k requests/s over h2 against
//! 50k over h1), and each worker keeping its own connection costs no lock.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use http_body_util::Full;

use crate::exchange::{Answer, Exchanged, Http1};
use crate::failure::{Failure, TransportError, TransportKind};
use crate::http2::{self, Http2};

/// The longest pause between two tries of a refused lane (20 ms doubled: 1.3 s in all).
const MAX_WAIT: std::time::Duration = std::time::Duration::from_millis(1000);
/// How long a refused lane is left before it is tried again (the first time).
const RETIRED_FOR: std::time::Duration = std::time::Duration::from_secs(2);
/// The longest a refused lane is left.
const RETIRED_AT_MOST: std::time::Duration = std::time::Duration::from_secs(64);

/// The connections a run may hold, and its shared lanes once that number is known.
pub(super) struct Lanes {
    /// The most connections the service allows: `--max-connections`, or learned from a
    /// refused connection; 0 while none is known.
    limit: AtomicUsize,
    /// Dedicated connections open now (each counted by its [`Held`]).
    open: Arc<AtomicUsize>,
    shared: OnceLock<Shared>,
    /// The lane the next worker keeps to ([`Lanes::affinity`]).
    affinities: AtomicUsize,
}

/// A dedicated connection's place in the count of open ones, given back when dropped.
pub(super) struct Held(Arc<AtomicUsize>);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What opens a lane's connection (the connector) and how long an exchange may take.
pub(super) trait OpenLane {
    async fn open_lane(&self) -> Result<Lane, TransportError>;
    fn timeout(&self) -> std::time::Duration;
}

/// One shared connection.
pub(super) enum Lane {
    Http1(Http1),
    Http2(Http2),
}

impl Lane {
    fn is_closed(&self) -> bool {
        match self {
            Lane::Http1(sender) => sender.is_closed(),
            Lane::Http2(http2) => http2.is_closed(),
        }
    }
}

/// The lanes the workers share.
pub(super) struct Shared {
    slots: Vec<tokio::sync::Mutex<Option<Lane>>>,
    /// Lanes given up, as milliseconds from `started` (0: in use): a lane whose new
    /// connection the service refused (the limit the run learned was too high:
    /// connections were still closing, or in their handshake when it was counted) is not
    /// used for a while, as long as another one is; then it is tried once again, in case
    /// the refusal was of a connection that has closed since.
    retired: Vec<AtomicU64>,
    /// Refusals of each lane in a row: the while is [`RETIRED_FOR`] doubled for each
    /// (at most [`RETIRED_AT_MOST`]), so a lane the service never allows costs a refused
    /// connection a minute, not one every two seconds.
    strikes: Vec<AtomicU32>,
    started: std::time::Instant,
    /// Lanes whose connection is open (as last seen): a request that must wait for a lane
    /// waits for one of these rather than for one being opened, and a lane refused while
    /// another is open is one too many at once, not a connection still closing.
    ready: Vec<AtomicBool>,
    /// Whether the service agreed to HTTP/2 on a lane.
    http2: AtomicBool,
}

impl Lanes {
    pub(super) fn new(max_connections: Option<usize>) -> Lanes {
        Lanes {
            limit: AtomicUsize::new(max_connections.unwrap_or(0)),
            open: Arc::new(AtomicUsize::new(0)),
            shared: OnceLock::new(),
            affinities: AtomicUsize::new(0),
        }
    }

    /// A worker's lane: the workers are spread over the lanes, and each sends on its own
    /// while it is free (see [`Shared::pick`]).
    pub(super) fn affinity(&self) -> usize {
        self.affinities.fetch_add(1, Ordering::Relaxed)
    }

    /// The shared lanes, once connections are known to be scarce.
    pub(super) fn shared(&self) -> Option<&Shared> {
        if let Some(shared) = self.shared.get() {
            return Some(shared);
        }
        match self.limit.load(Ordering::SeqCst) {
            0 => None,
            limit => Some(self.shared.get_or_init(|| Shared::new(limit))),
        }
    }

    /// Counts a dedicated connection as open until the [`Held`] is dropped.
    pub(super) fn hold(&self) -> Held {
        self.open.fetch_add(1, Ordering::SeqCst);
        Held(self.open.clone())
    }

    /// A new connection was refused. With others open, their number is the service's
    /// limit (learned once; `true`); with none open, it is only a failure to connect.
    pub(super) fn refused(&self) -> bool {
        let open = self.open.load(Ordering::SeqCst);
        if open == 0 {
            return false;
        }
        let _ = self
            .limit
            .compare_exchange(0, open, Ordering::SeqCst, Ordering::SeqCst);
        true
    }

    /// The connections the service allows (told or learned) and whether it agreed to
    /// HTTP/2 on them, for the next run (issue 44); none while no limit is known.
    pub(super) fn learned(&self) -> Option<(usize, bool)> {
        let limit = self.limit.load(Ordering::SeqCst);
        let http2 = self
            .shared
            .get()
            .is_some_and(|shared| shared.http2.load(Ordering::Relaxed));
        (limit > 0).then_some((limit, http2))
    }

    /// `over 2 connections (HTTP/2)`, once the lanes were used.
    pub(super) fn describe(&self) -> Option<String> {
        let shared = self.shared.get()?;
        let protocol = if shared.http2.load(Ordering::Relaxed) {
            "HTTP/2"
        } else {
            "HTTP/1.1"
        };
        let lanes = shared.open_lanes().max(1);
        let plural = if lanes == 1 { "" } else { "s" };
        Some(format!("over {lanes} connection{plural} ({protocol})"))
    }
}

impl Shared {
    fn new(lanes: usize) -> Shared {
        Shared {
            slots: (0..lanes.max(1))
                .map(|_| tokio::sync::Mutex::new(None))
                .collect(),
            retired: (0..lanes.max(1)).map(|_| AtomicU64::new(0)).collect(),
            strikes: (0..lanes.max(1)).map(|_| AtomicU32::new(0)).collect(),
            started: std::time::Instant::now(),
            ready: (0..lanes.max(1)).map(|_| AtomicBool::new(false)).collect(),
            http2: AtomicBool::new(false),
        }
    }

    /// Sends `request` on a lane and reads the whole answer. An HTTP/2 lane is held only
    /// to take a handle on it (the request is a stream beside the others); an HTTP/1.1
    /// lane is held until its answer is read.
    pub(super) async fn exchange(
        &self,
        connector: &impl OpenLane,
        mut request: hyper::Request<Full<Bytes>>,
        affinity: usize,
    ) -> Result<Answer, Failure> {
        let (mut index, mut slot) = self.pick(affinity).await;
        let mut unprocessed_retries = 3;
        loop {
            let reused = slot.as_ref().is_some_and(|lane| !lane.is_closed());
            if !reused {
                *slot = None;
                self.ready[index].store(false, Ordering::SeqCst);
                match self.open(connector, index).await {
                    Ok(lane) => {
                        if matches!(lane, Lane::Http2(_)) {
                            self.http2.store(true, Ordering::Relaxed);
                        }
                        *slot = Some(lane);
                        self.ready[index].store(true, Ordering::SeqCst);
                        self.strikes[index].store(0, Ordering::SeqCst);
                    }
                    // Refused still: one lane too many. The request, not sent, goes on
                    // another.
                    Err(e) if e.kind == TransportKind::Connect && self.retire(index) => {
                        drop(slot);
                        (index, slot) = self.pick(affinity).await;
                        continue;
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            let lane = slot.as_mut().expect("opened just now or before");
            match lane {
                Lane::Http2(http2) => {
                    let http2 = http2.clone();
                    drop(slot);
                    // A stream the service did not process (it never reached the wire,
                    // its connection went away after its last stream, a refused stream)
                    // goes again at once.
                    match http2.exchange(request, connector.timeout()).await? {
                        http2::Sent::Answered(answer) => return Ok(answer),
                        http2::Sent::Unprocessed(again, _) if unprocessed_retries > 0 => {
                            unprocessed_retries -= 1;
                            request = again;
                        }
                        http2::Sent::Unprocessed(_, e) => return Err(Failure::Transport(e)),
                    }
                    slot = self.slots[index].lock().await;
                }
                Lane::Http1(sender) => {
                    let answer = match sender.exchange(request, reused, connector.timeout()).await {
                        Ok(Exchanged::Answered(answer)) => Ok(answer),
                        Ok(Exchanged::Unsent(unsent)) => {
                            *slot = None;
                            request = unsent;
                            continue;
                        }
                        Ok(Exchanged::ClosedUnanswered(e)) => {
                            // A new connection closed unanswered: one lane too many.
                            self.retire(index);
                            Err(Failure::Transport(e))
                        }
                        Err(failure) => Err(failure),
                    };
                    if answer.is_err() {
                        // Whatever state the connection is in, the next request gets a
                        // new one.
                        *slot = None;
                        self.ready[index].store(false, Ordering::SeqCst);
                    }
                    return answer;
                }
            }
        }
    }
}

impl Shared {
    /// A lane among those in use: the worker's own (`affinity`) when no other request
    /// holds it, else the first free one after it; with none free, a turn at its own (or
    /// at the first one after it whose connection is open).
    /// Each worker keeping to one lane keeps together the requests that one connection's
    /// answers set off: they go out in one write, as the answers came in one read.
    async fn pick(&self, affinity: usize) -> (usize, tokio::sync::MutexGuard<'_, Option<Lane>>) {
        loop {
            // Once a request, so no allocation: the slots from the worker's own, the
            // retired ones skipped (`retire` always keeps one; lane 0 is the floor all
            // the same).
            let count = self.slots.len();
            let first = affinity % count;
            // With none free, this request's turn is at the next lane whose connection is
            // open: a lane being opened can hold its waiters for a second of retries.
            let (mut turn, mut open_turn) = (None, None);
            for i in (0..count).map(|k| (first + k) % count) {
                if self.is_retired(i) {
                    continue;
                }
                turn.get_or_insert(i);
                if self.ready[i].load(Ordering::Relaxed) {
                    open_turn.get_or_insert(i);
                }
                if let Ok(slot) = self.slots[i].try_lock() {
                    return (i, slot);
                }
            }
            let i = open_turn.or(turn).unwrap_or(0);
            let slot = self.slots[i].lock().await;
            // Retired while this request waited its turn (its connection was refused):
            // another lane, rather than each waiter trying the refused one again in turn
            // (a second of retries each, one after another).
            if self.is_retired(i) && self.in_use().any(|k| k != i) {
                continue;
            }
            return (i, slot);
        }
    }

    /// A new connection for lane `index`. Refused while no other lane is open, it is
    /// tried again a few times over about a second: the connections it waits for are
    /// still closing (the workers' own, given up when connections turned scarce; the
    /// service notices a close a little later). Refused while another lane is open, it is
    /// one lane too many (the limit learned counted connections still in their
    /// handshake) and is given up at once, its requests going to the open lanes.
    async fn open(&self, connector: &impl OpenLane, index: usize) -> Result<Lane, TransportError> {
        let mut wait = std::time::Duration::from_millis(20);
        loop {
            match connector.open_lane().await {
                Err(e)
                    if e.kind == TransportKind::Connect
                        && wait < MAX_WAIT
                        && !self.another_open(index) =>
                {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                opened => return opened,
            }
        }
    }

    /// Lanes whose connection is open.
    fn open_lanes(&self) -> usize {
        self.ready
            .iter()
            .filter(|ready| ready.load(Ordering::SeqCst))
            .count()
    }

    fn another_open(&self, index: usize) -> bool {
        (0..self.slots.len())
            .any(|i| i != index && self.ready[i].load(Ordering::SeqCst) && !self.is_retired(i))
    }

    /// The lanes not given up (never none: the last one is kept).
    fn in_use(&self) -> impl Iterator<Item = usize> + '_ {
        let kept = (0..self.slots.len()).filter(|&i| !self.is_retired(i));
        let mut kept = kept.peekable();
        let none = kept.peek().is_none();
        kept.chain(none.then_some(0))
    }

    /// Whether lane `i` was given up, and not long enough ago to be tried again.
    fn is_retired(&self, i: usize) -> bool {
        match self.retired[i].load(Ordering::SeqCst) {
            0 => false,
            at => {
                let strikes = self.strikes[i].load(Ordering::SeqCst).clamp(1, 16);
                let left_for = RETIRED_FOR
                    .saturating_mul(1 << (strikes - 1))
                    .min(RETIRED_AT_MOST);
                let now = self.started.elapsed().as_millis() as u64;
                now.saturating_sub(at) < left_for.as_millis() as u64
            }
        }
    }

    /// Gives lane `index` up for a while, unless it is the last one in use (`false`).
    fn retire(&self, index: usize) -> bool {
        if self.in_use().any(|i| i != index) {
            // At least 1, so that a lane retired at the start is not read as in use.
            let at = self.started.elapsed().as_millis().max(1) as u64;
            self.strikes[index].fetch_add(1, Ordering::SeqCst);
            self.retired[index].store(at, Ordering::SeqCst);
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_worker_keeps_to_its_own_lane_while_it_is_free() {
        let shared = Shared::new(2);
        // Workers 0 to 3 over 2 lanes: 0, 1, 0, 1.
        for (affinity, lane) in [(0, 0), (1, 1), (2, 0), (3, 1)] {
            assert_eq!(shared.pick(affinity).await.0, lane, "worker {affinity}");
        }
        // Its own lane held (an HTTP/1.1 lane while its answer is read): the next free.
        let (own, held) = shared.pick(1).await;
        assert_eq!(own, 1);
        assert_eq!(shared.pick(1).await.0, 0);
        drop(held);
        // Its own lane given up (a refused connection): the next in use.
        assert!(shared.retire(1));
        assert_eq!(shared.pick(1).await.0, 0);
    }
}
