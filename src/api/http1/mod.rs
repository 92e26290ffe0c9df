//! The bulk path's HTTP/1.1 client connection (RFC 9112), of the tool's own: the
//! worker that sends a request writes it and reads its answer itself, on its own task.
//! Used by the dedicated connections (`connection.rs`) and the HTTP/1.1 lanes
//! (`lanes.rs`); the answer is read by `answer.rs`.
//!
//! Why not hyper's client connection, which this replaced: hyper runs each connection as
//! a task of its own, and every request crossed to it and back (a channel for the
//! request, one for the answer, one for its body): two task wake-ups and three
//! hand-overs a record, for a worker that never has more than one request on its
//! connection. Over TLS 1.3 to nginx, 16 in flight, 20,000 creates: `location apply`
//! sent at 0.932x wrk's rate through hyper, 0.979x on this connection (medians of 20
//! alternating runs of each, in one run of a throwaway copy of benches/tls.sh).
//!
//! The wire is the same as hyper's: the request's head and body in one write, its
//! header names as the `HeaderMap` holds them (lower case), a `content-length` for any
//! body. Requests go one at a time (no pipelining).

mod answer;
#[cfg(test)]
mod tests;

use std::pin::Pin;
use std::task::Context;
use std::time::Duration;

use bytes::BytesMut;
use hyper::Method;
use tokio::io::{AsyncRead, AsyncWriteExt, ReadBuf};
use tokio::time::{Instant, Sleep};

use super::exchange::{timed_out, Answer, Exchanged, Request};
use super::{Failure, TransportError, TransportKind};
use answer::{Broke, Read};

/// What a connection is carried on: TCP, or TLS over TCP, as `connection.rs` opens it.
pub(super) type Stream =
    hyper_rustls::MaybeHttpsStream<hyper_util::rt::TokioIo<tokio::net::TcpStream>>;

/// An HTTP/1.1 client connection: one request at a time, its answer read whole.
pub(super) struct Http1 {
    /// hyper-rustls's stream seen through tokio's I/O traits. Boxed: a TLS connection's
    /// state is over a kilobyte, which every move of the connection (to the idle list
    /// and back, once a request) would copy.
    io: Box<hyper_util::rt::TokioIo<Stream>>,
    /// Read from the connection and not yet taken: the rest of an answer, or nothing.
    /// Empty whenever the connection is open: bytes past an answer close it.
    read: BytesMut,
    /// The request being written: head and body in one buffer, so one write (kept from
    /// one request to the next). Handed to rustls as two, they were collected into a
    /// list made for each write, and a bulk create over TLS cost 630 instructions a
    /// record more (callgrind, on hyper's connection, with hyper's `writev(true)`).
    write: Vec<u8>,
    /// The connection may carry another request: false once an answer said it closes,
    /// was read until the server closed, or an exchange failed.
    open: bool,
    deadline: Deadline,
}

impl Http1 {
    pub(super) fn new(stream: Stream) -> Http1 {
        Http1 {
            io: Box::new(hyper_util::rt::TokioIo::new(stream)),
            read: BytesMut::with_capacity(answer::READ_AHEAD),
            write: Vec::with_capacity(1 << 10),
            open: true,
            deadline: Deadline::new(),
        }
    }

    /// No other request can go on it: an answer said so, or an exchange failed. (That
    /// the server closed it while it was idle is found when the next request would go.)
    pub(super) fn is_closed(&self) -> bool {
        !self.open
    }

    /// Sends `request` and reads the whole answer (at most [`super::MAX_RESPONSE_BYTES`])
    /// within `timeout` of the request going out. `reused`: the connection has served
    /// before, so a request that never reached its wire (the connection closed, by an
    /// answer or by the server while it was idle) is handed back to go on a new one; a
    /// new connection that fails is the server's failure, for the caller's retries. Any
    /// error leaves the connection unusable: the caller drops it.
    pub(super) async fn exchange(
        &mut self,
        request: Request,
        reused: bool,
        timeout: Duration,
    ) -> std::result::Result<Exchanged, Failure> {
        // A connection is closed only after an exchange, so one that is has served.
        if !self.open || (reused && self.closed_by_server()) {
            self.open = false;
            return Ok(Exchanged::Unsent(request));
        }
        write_request(&mut self.write, &request);
        // Open again only once an answer is read whole and leaves it open.
        self.open = false;
        // From here the request may reach the service: no whole answer in time is a
        // timeout, which leaves the outcome of a create unknown. One deadline for both
        // halves of the exchange.
        let sent = Instant::now();
        let Http1 {
            io,
            read,
            write,
            open,
            deadline,
        } = self;
        let exchange = async {
            io.write_all(write).await?;
            io.flush().await?;
            answer::read(io, read, request.method() == Method::HEAD).await
        };
        let answer = tokio::select! {
            biased;
            answer = exchange => answer,
            () = deadline.until(sent + timeout) => return Err(timed_out()),
        };
        match answer {
            Ok(Read::Whole {
                head,
                body,
                keep_open,
            }) => {
                // Bytes past the answer are no answer to anything sent: not reused.
                *open = keep_open && read.is_empty();
                Ok(Exchanged::Answered(Answer {
                    parts: head,
                    body,
                    round_trip: sent.elapsed(),
                    multiplexed: false,
                }))
            }
            Ok(Read::TooLarge) => Err(Failure::TooLarge),
            Err(Broke { error, answered }) => {
                let e = TransportError::new(TransportKind::Broken, &error);
                // A new connection closed before any answer: over plain HTTP, how a cap
                // on connections refuses one. The caller judges.
                match reused || answered {
                    true => Err(e.into()),
                    false => Ok(Exchanged::ClosedUnanswered(e)),
                }
            }
        }
    }

    /// Whether the server closed the connection (or sent what no request asked for)
    /// while it was idle: told by a read that does not wait, as hyper's connection task
    /// noticed it by reading while idle. It costs no system call on an open connection
    /// (tokio knows the socket has nothing to read since the last read took less than it
    /// asked for): `strace -f -c` of 20,000 creates over TLS counted 20,018 `recvfrom`,
    /// none failing, as many as through hyper.
    fn closed_by_server(&mut self) -> bool {
        let mut byte = [0u8; 1];
        let mut buf = ReadBuf::new(&mut byte);
        let mut context = Context::from_waker(std::task::Waker::noop());
        // Ready: closed (no byte), failed, or a byte nothing asked for.
        Pin::new(&mut *self.io)
            .poll_read(&mut context, &mut buf)
            .is_ready()
    }
}

/// `request`'s head and body as HTTP/1.1 puts them on the wire, in `out`. Neither its
/// header values nor its target can hold a line end (`HeaderValue` and `Uri` refuse one).
fn write_request(out: &mut Vec<u8>, request: &Request) {
    let body = request.body();
    out.clear();
    out.extend_from_slice(request.method().as_str().as_bytes());
    out.push(b' ');
    let target = request
        .uri()
        .path_and_query()
        .map_or("/", |target| target.as_str());
    out.extend_from_slice(target.as_bytes());
    out.extend_from_slice(b" HTTP/1.1\r\n");
    for (name, value) in request.headers() {
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    // As hyper frames a body of known size: its length, also when empty for a method
    // that defines one (RFC 9110 section 8.6), so the server does not wait for one.
    let defines_none = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::DELETE
    );
    if !body.is_empty() || !defines_none {
        out.extend_from_slice(b"content-length: ");
        out.extend_from_slice(itoa::Buffer::new().format(body.len()).as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(body);
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
