//! A hyper HTTP/1.1 client connection and one exchange on it: send a request, hand it
//! back when it never reached the wire, read the whole answer by its deadline (the
//! connection's one timer). Shared by the dedicated connections (`connection.rs`) and the
//! HTTP/1.1 lanes (`lanes.rs`); an HTTP/2 lane has its own (`http2.rs`).

use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::{Body as _, Incoming};
use hyper::client::conn::http1::SendRequest;
use tokio::time::{Instant, Sleep};

use crate::body::BodyBuffer;
use crate::failure::{Failure, TransportError, TransportKind};

/// What became of a request handed to a connection.
pub(super) enum Exchanged {
    /// Answered in full.
    Answered(Answer),
    /// It never reached the wire of a connection that had served before (closed by the
    /// server meanwhile): it goes again, at once, on a new connection.
    Unsent(hyper::Request<Full<Bytes>>),
    /// A new connection closed after the request went out and before any answer: over
    /// plain HTTP, how a cap on connections refuses one (over TLS the handshake fails
    /// instead). The request may have been carried out; the caller judges.
    ClosedUnanswered(TransportError),
}

/// A whole answer.
pub struct Answer {
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

/// An HTTP/1.1 client connection: hyper's sender, and the one timer its exchanges are
/// timed by, one after another.
pub(super) struct Http1 {
    sender: SendRequest<Full<Bytes>>,
    deadline: Deadline,
}

impl Http1 {
    /// An HTTP/1.1 client connection over `stream`. Its I/O runs as a task of its own
    /// (on the same runtime), as in hyper's client; it ends when the sender is dropped or
    /// the server closes. A request's head and body are written as one buffer (hyper's
    /// `writev(false)`): handed as two, rustls collected them into a list made for each
    /// write, and the send phase of a bulk create over TLS cost 630 instructions a record
    /// more (callgrind).
    pub(super) async fn handshake<T>(stream: T) -> std::result::Result<Http1, hyper::Error>
    where
        T: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
    {
        let (sender, connection) = hyper::client::conn::http1::Builder::new()
            .writev(false)
            .handshake(stream)
            .await?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        Ok(Http1 {
            sender,
            deadline: Deadline::new(),
        })
    }

    pub(super) fn is_closed(&self) -> bool {
        self.sender.is_closed()
    }

    /// Sends `request` and reads the whole answer (at most [`BodyBuffer`]'s caps)
    /// within `timeout` of the request going out. `reused`: the connection has served
    /// before, so a request that never reached its wire is handed back to go on a new
    /// one; on a new connection that is the server's failure, for the caller's retries.
    /// Any error leaves the connection unusable: the caller drops it.
    pub(super) async fn exchange(
        &mut self,
        request: hyper::Request<Full<Bytes>>,
        reused: bool,
        timeout: Duration,
    ) -> std::result::Result<Exchanged, Failure> {
        let sender = &mut self.sender;
        if let Err(e) = sender.ready().await {
            if reused {
                return Ok(Exchanged::Unsent(request));
            }
            return Err(TransportError::new(TransportKind::NotSent, &e).into());
        }
        // From here the request may reach the service: no whole answer in time is a
        // timeout, which leaves the outcome of a create unknown. One deadline for both
        // halves of the exchange.
        let sent = Instant::now();
        let deadline = self.deadline.until(sent + timeout);
        tokio::pin!(deadline);
        let response = tokio::select! {
            biased;
            response = sender.try_send_request(request) => response,
            () = &mut deadline => return Err(timed_out()),
        };
        let response = match response {
            Ok(response) => response,
            // hyper hands the request back when it never reached the wire.
            Err(mut e) => {
                return match e.take_message() {
                    Some(unsent) if reused => Ok(Exchanged::Unsent(unsent)),
                    Some(_) => {
                        Err(TransportError::new(TransportKind::NotSent, &e.into_error()).into())
                    }
                    None => {
                        let e = TransportError::new(TransportKind::Broken, &e.into_error());
                        match reused {
                            true => Err(e.into()),
                            false => Ok(Exchanged::ClosedUnanswered(e)),
                        }
                    }
                }
            }
        };
        let (parts, body) = response.into_parts();
        let body = tokio::select! {
            biased;
            body = whole(body) => body?,
            () = &mut deadline => return Err(timed_out()),
        };
        Ok(Exchanged::Answered(Answer {
            parts,
            body,
            round_trip: sent.elapsed(),
            multiplexed: false,
        }))
    }
}

/// The timer of a connection's exchanges: made once and moved on, not made for each
/// request. A timer of its own a request was registered in tokio's timer wheel at its
/// first poll and taken out when dropped: about 460 instructions of a bulk create's
/// record (callgrind). Moved on only when it fired for an earlier exchange (once a
/// timeout at most, on a connection in use) or was set later than the deadline asked.
struct Deadline(Pin<Box<Sleep>>);

impl Deadline {
    fn new() -> Deadline {
        // Far off: the first exchange sets it.
        Deadline(Box::pin(tokio::time::sleep(Duration::from_secs(
            86_400 * 365,
        ))))
    }

    /// Ends at `due`: the timer, set for an earlier exchange's deadline (sooner), may
    /// fire first, and is then set to `due`.
    async fn until(&mut self, due: Instant) {
        loop {
            if self.0.is_elapsed() || self.0.deadline() > due {
                self.0.as_mut().reset(due);
            }
            (&mut self.0).await;
            if Instant::now() >= due {
                return;
            }
        }
    }
}

/// The whole body of an answer, read into a [`BodyBuffer`] (at most its caps).
async fn whole(mut body: Incoming) -> std::result::Result<Bytes, Failure> {
    let mut read = BodyBuffer::new(body.size_hint().exact());
    while let Some(frame) = body.frame().await {
        let frame = frame
            .map_err(|e| Failure::Transport(TransportError::new(TransportKind::Broken, &e)))?;
        if let Ok(data) = frame.into_data() {
            read.extend(&data)?;
        }
    }
    Ok(read.freeze())
}

pub(super) fn timed_out() -> Failure {
    Failure::Transport(TransportError {
        kind: TransportKind::Timeout,
        cause: "operation timed out".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each exchange ends at its own deadline: not at an earlier exchange's, for which
    /// the timer was set and at which it fires first, nor later after it fired.
    #[tokio::test(start_paused = true)]
    async fn a_deadline_ends_at_its_own_time_not_at_an_earlier_exchanges() {
        let mut deadline = Deadline::new();
        let second = Duration::from_secs(1);
        // The first exchange, due in a second, answered in half of one.
        tokio::select! {
            () = deadline.until(Instant::now() + second) => panic!("ended early"),
            () = tokio::time::sleep(second / 2) => {}
        }
        // The next one on the connection is due half a second after the first was.
        for _ in 0..2 {
            let due = Instant::now() + second;
            deadline.until(due).await;
            assert_eq!(Instant::now(), due);
        }
    }
}
