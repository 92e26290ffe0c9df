//! What the bulk path's connections take and give back, whichever protocol carries the
//! exchange: a request, and what became of it (`http1/` on the dedicated connections and
//! HTTP/1.1 lanes, `http2.rs` on an HTTP/2 lane).

use std::time::Duration;

use bytes::Bytes;

use super::{Failure, TransportError, TransportKind};

/// A request of the bulk path: its body in one buffer, as every route sends it.
pub(super) type Request = hyper::Request<Bytes>;

/// What became of a request handed to a connection.
pub(super) enum Exchanged {
    /// Answered in full.
    Answered(Answer),
    /// It never reached the wire of a connection that had served before (closed by the
    /// server meanwhile): it goes again, at once, on a new connection.
    Unsent(Request),
    /// A new connection closed after the request went out and before any answer: over
    /// plain HTTP, how a cap on connections refuses one (over TLS the handshake fails
    /// instead). The request may have been carried out; the caller judges.
    ClosedUnanswered(TransportError),
}

/// A whole answer.
pub(super) struct Answer {
    pub parts: hyper::http::response::Parts,
    pub body: Bytes,
    /// From the request going on an open connection to the last byte of the answer: the
    /// service's round trip, without the time a connection took to open (which, on a
    /// new connection, is a round trip or two more, and is not the service getting
    /// slower).
    pub round_trip: Duration,
    /// It came over an HTTP/2 lane, as one stream of many on a connection.
    pub multiplexed: bool,
}

pub(super) fn timed_out() -> Failure {
    Failure::Transport(TransportError {
        kind: TransportKind::Timeout,
        cause: "operation timed out".into(),
    })
}
