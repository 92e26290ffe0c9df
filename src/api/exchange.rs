//! One exchange on a hyper HTTP/1.1 client connection: send a request, hand it back when
//! it never reached the wire, read the whole answer by its deadline. Shared by the
//! dedicated connections (`connection.rs`) and the HTTP/1.1 lanes (`lanes.rs`); an
//! HTTP/2 lane has its own (`http2.rs`).

use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::SendRequest;

use super::{Failure, TransportError, TransportKind, MAX_RESPONSE_BYTES};

/// What became of a request handed to a connection.
pub(super) enum Sent {
    /// Answered: the response, and the exchange's clock.
    Answered(hyper::Response<hyper::body::Incoming>, Clock),
    /// It never reached the wire of a connection that had served before (closed by the
    /// server meanwhile): it goes again, at once, on a new connection.
    Unsent(hyper::Request<Full<Bytes>>),
}

/// When a request went on an open connection, and by when its whole answer is due.
#[derive(Debug, Clone, Copy)]
pub(super) struct Clock {
    sent: tokio::time::Instant,
    deadline: tokio::time::Instant,
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
}

/// Sends `request` on `sender`. `reused`: the connection has served before, so a request
/// that never reached its wire is handed back to go on a new one; on a new connection
/// that is the server's failure, for the caller's retries. Any error leaves the
/// connection unusable: the caller drops it.
pub(super) async fn send(
    sender: &mut SendRequest<Full<Bytes>>,
    request: hyper::Request<Full<Bytes>>,
    reused: bool,
    timeout: Duration,
) -> std::result::Result<Sent, Failure> {
    if let Err(e) = sender.ready().await {
        if reused {
            return Ok(Sent::Unsent(request));
        }
        return Err(TransportError::new(TransportKind::NotSent, &e).into());
    }
    // From here the request may reach the service: no whole answer in time is a timeout,
    // which leaves the outcome of a create unknown.
    let now = tokio::time::Instant::now();
    let clock = Clock {
        sent: now,
        deadline: now + timeout,
    };
    let Ok(sent) = tokio::time::timeout_at(clock.deadline, sender.try_send_request(request)).await
    else {
        return Err(timed_out());
    };
    match sent {
        Ok(response) => Ok(Sent::Answered(response, clock)),
        // hyper hands the request back when it never reached the wire.
        Err(mut e) => match e.take_message() {
            Some(unsent) if reused => Ok(Sent::Unsent(unsent)),
            Some(_) => {
                let e = e.into_error();
                Err(TransportError::new(TransportKind::NotSent, &e).into())
            }
            None => {
                let e = e.into_error();
                Err(TransportError::new(TransportKind::Broken, &e).into())
            }
        },
    }
}

/// Reads the whole answer (at most [`MAX_RESPONSE_BYTES`]) by the exchange's deadline.
pub(super) async fn read(
    response: hyper::Response<hyper::body::Incoming>,
    clock: Clock,
) -> std::result::Result<Answer, Failure> {
    let (parts, body) = response.into_parts();
    let reading = Limited::new(body, MAX_RESPONSE_BYTES).collect();
    let body = tokio::time::timeout_at(clock.deadline, reading)
        .await
        .map_err(|_| timed_out())?
        .map_err(|e| {
            if e.is::<http_body_util::LengthLimitError>() {
                Failure::TooLarge
            } else {
                Failure::Transport(TransportError::new(TransportKind::Broken, &*e))
            }
        })?
        .to_bytes();
    Ok(Answer {
        parts,
        body,
        round_trip: clock.sent.elapsed(),
    })
}

pub(super) fn timed_out() -> Failure {
    Failure::Transport(TransportError {
        kind: TransportKind::Timeout,
        cause: "operation timed out".into(),
    })
}
