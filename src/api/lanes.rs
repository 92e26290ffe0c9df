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

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use bytes::Bytes;
use http_body_util::Full;

use super::exchange::{read, send, Sender, Sent};
use super::{Failure, TransportError, TransportKind};

/// The longest pause between two tries of a refused lane (20 ms doubled: 1.3 s in all).
const MAX_WAIT: std::time::Duration = std::time::Duration::from_millis(1000);

/// The connections a run may hold, and its shared lanes once that number is known.
pub struct Lanes {
    /// The most connections the service allows: `--max-connections`, or learned from a
    /// refused connection; 0 while none is known.
    limit: AtomicUsize,
    /// Dedicated connections open now (each counted by its [`Held`]).
    open: Arc<AtomicUsize>,
    shared: OnceLock<Shared>,
}

/// A dedicated connection's place in the count of open ones, given back when dropped.
pub struct Held(Arc<AtomicUsize>);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What opens a lane's connection (the connector) and how long an exchange may take.
pub trait OpenLane {
    async fn open_lane(&self) -> Result<Lane, TransportError>;
    fn timeout(&self) -> std::time::Duration;
}

/// One shared connection.
pub enum Lane {
    Http1(hyper::client::conn::http1::SendRequest<Full<Bytes>>),
    Http2(hyper::client::conn::http2::SendRequest<Full<Bytes>>),
}

impl Lane {
    fn is_closed(&self) -> bool {
        match self {
            Lane::Http1(sender) => Sender::is_closed(sender),
            Lane::Http2(sender) => Sender::is_closed(sender),
        }
    }
}

/// The lanes the workers share.
pub struct Shared {
    slots: Vec<tokio::sync::Mutex<Option<Lane>>>,
    /// Lanes given up: a lane whose new connection the service refused (the limit the
    /// run learned was too high: connections were still closing) is not used again, as
    /// long as another one is.
    retired: Vec<AtomicBool>,
    /// Where the next request starts looking for a lane (round robin).
    next: AtomicUsize,
    /// Whether the service agreed to HTTP/2 on a lane.
    http2: AtomicBool,
}

impl Lanes {
    pub fn new(max_connections: Option<usize>) -> Lanes {
        Lanes {
            limit: AtomicUsize::new(max_connections.unwrap_or(0)),
            open: Arc::new(AtomicUsize::new(0)),
            shared: OnceLock::new(),
        }
    }

    /// The shared lanes, once connections are known to be scarce.
    pub fn shared(&self) -> Option<&Shared> {
        if let Some(shared) = self.shared.get() {
            return Some(shared);
        }
        match self.limit.load(Ordering::SeqCst) {
            0 => None,
            limit => Some(self.shared.get_or_init(|| Shared::new(limit))),
        }
    }

    /// Counts a dedicated connection as open until the [`Held`] is dropped.
    pub fn hold(&self) -> Held {
        self.open.fetch_add(1, Ordering::SeqCst);
        Held(self.open.clone())
    }

    /// A new connection was refused. With others open, their number is the service's
    /// limit (learned once; `true`); with none open, it is only a failure to connect.
    pub fn refused(&self) -> bool {
        let open = self.open.load(Ordering::SeqCst);
        if open == 0 {
            return false;
        }
        let _ = self
            .limit
            .compare_exchange(0, open, Ordering::SeqCst, Ordering::SeqCst);
        true
    }

    /// `over 2 connections (HTTP/2)`, once the lanes were used.
    pub fn describe(&self) -> Option<String> {
        let shared = self.shared.get()?;
        let protocol = if shared.http2.load(Ordering::Relaxed) {
            "HTTP/2"
        } else {
            "HTTP/1.1"
        };
        Some(format!(
            "over {} ({protocol})",
            crate::output::count(shared.in_use().count(), "connection")
        ))
    }
}

impl Shared {
    fn new(lanes: usize) -> Shared {
        Shared {
            slots: (0..lanes.max(1))
                .map(|_| tokio::sync::Mutex::new(None))
                .collect(),
            retired: (0..lanes.max(1)).map(|_| AtomicBool::new(false)).collect(),
            next: AtomicUsize::new(0),
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
    ) -> Result<(hyper::http::response::Parts, Bytes), Failure> {
        let (mut index, mut slot) = self.pick().await;
        let mut unprocessed_retries = 3;
        loop {
            let reused = slot.as_ref().is_some_and(|lane| !lane.is_closed());
            if !reused {
                *slot = None;
                match self.open(connector).await {
                    Ok(lane) => {
                        if matches!(lane, Lane::Http2(_)) {
                            self.http2.store(true, Ordering::Relaxed);
                        }
                        *slot = Some(lane);
                    }
                    // Refused still: one lane too many. The request, not sent, goes on
                    // another.
                    Err(e) if e.kind == TransportKind::Connect && self.retire(index) => {
                        drop(slot);
                        (index, slot) = self.pick().await;
                        continue;
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            let lane = slot.as_mut().expect("opened just now or before");
            match lane {
                Lane::Http2(sender) => {
                    let mut sender = sender.clone();
                    drop(slot);
                    // A stream the service did not process (its connection going away
                    // after its last stream, a refused stream) goes again at once; hyper
                    // does not hand such a request back, so a copy is kept.
                    let copy = copy_of(&request);
                    match send(&mut sender, request, reused, connector.timeout()).await {
                        Ok(Sent::Answered(response, deadline)) => {
                            return read(response, deadline).await;
                        }
                        Ok(Sent::Unsent(unsent)) => request = unsent,
                        Err(Failure::Transport(e))
                            if e.kind == TransportKind::NotSent && unprocessed_retries > 0 =>
                        {
                            unprocessed_retries -= 1;
                            request = copy;
                        }
                        Err(failure) => return Err(failure),
                    }
                    slot = self.slots[index].lock().await;
                }
                Lane::Http1(sender) => {
                    let sent = send(sender, request, reused, connector.timeout()).await;
                    let answer = match sent {
                        Ok(Sent::Answered(response, deadline)) => read(response, deadline).await,
                        Ok(Sent::Unsent(unsent)) => {
                            *slot = None;
                            request = unsent;
                            continue;
                        }
                        Err(Failure::Transport(e))
                            if !reused && e.kind == TransportKind::Broken =>
                        {
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
                    }
                    return answer;
                }
            }
        }
    }
}

impl Shared {
    /// A lane among those in use: one no other request holds, else this request's turn
    /// at the next one in round robin.
    async fn pick(&self) -> (usize, tokio::sync::MutexGuard<'_, Option<Lane>>) {
        loop {
            // Once a request, so no allocation: round robin over the slots, the retired
            // ones skipped (`retire` always keeps one; lane 0 is the floor all the same).
            let count = self.slots.len();
            let first = self.next.fetch_add(1, Ordering::Relaxed) % count;
            let mut turn = None;
            for i in (0..count).map(|k| (first + k) % count) {
                if self.retired[i].load(Ordering::Relaxed) {
                    continue;
                }
                turn.get_or_insert(i);
                if let Ok(slot) = self.slots[i].try_lock() {
                    return (i, slot);
                }
            }
            let i = turn.unwrap_or(0);
            let slot = self.slots[i].lock().await;
            // Retired while this request waited its turn (its connection was refused):
            // another lane, rather than each waiter trying the refused one again in turn
            // (a second of retries each, one after another).
            if self.retired[i].load(Ordering::SeqCst) && self.in_use().any(|k| k != i) {
                continue;
            }
            return (i, slot);
        }
    }

    /// A new connection for a lane. Refused, it is tried again a few times over about a
    /// second: the connections it waits for are still closing (the workers' own, given
    /// up when connections turned scarce; the service notices a close a little later).
    async fn open(&self, connector: &impl OpenLane) -> Result<Lane, TransportError> {
        let mut wait = std::time::Duration::from_millis(20);
        loop {
            match connector.open_lane().await {
                Err(e) if e.kind == TransportKind::Connect && wait < MAX_WAIT => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                }
                opened => return opened,
            }
        }
    }

    /// The lanes not given up (never none: the last one is kept).
    fn in_use(&self) -> impl Iterator<Item = usize> + '_ {
        let kept = (0..self.slots.len()).filter(|&i| !self.retired[i].load(Ordering::SeqCst));
        let mut kept = kept.peekable();
        let none = kept.peek().is_none();
        kept.chain(none.then_some(0))
    }

    /// Gives lane `index` up, unless it is the last one in use (`false`).
    fn retire(&self, index: usize) -> bool {
        if self.in_use().any(|i| i != index) {
            self.retired[index].store(true, Ordering::SeqCst);
            true
        } else {
            false
        }
    }
}

/// The same request again (the body is shared, not copied).
fn copy_of(request: &hyper::Request<Full<Bytes>>) -> hyper::Request<Full<Bytes>> {
    let mut copy = hyper::Request::new(request.body().clone());
    *copy.method_mut() = request.method().clone();
    *copy.uri_mut() = request.uri().clone();
    *copy.version_mut() = request.version();
    *copy.headers_mut() = request.headers().clone();
    copy
}
