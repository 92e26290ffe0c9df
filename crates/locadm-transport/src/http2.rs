//! A shared lane's HTTP/2 connection, on the h2 crate itself rather than through hyper's
//! HTTP/2 client: hyper spawns a task for every request's body and another for its
//! answer, and hands each between tasks by channel. Measured over the 2 connections of
//! benches/tls.sh's limited proxy, 16 streams in flight: a bare loop on h2 sent 44-45k
//! requests a second where apply through hyper's client sent 38k and h2load 48k.
//!
//! The rules are those of `exchange.rs`: a request that never reached the wire is handed
//! back (to go again at once), and so is one the service said it did not process (a
//! GOAWAY below it, REFUSED_STREAM); anything else after the request went is the
//! caller's to judge. The whole answer is due by the exchange's deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Body as _;

use crate::body::BodyBuffer;
use crate::exchange::{timed_out, Answer};
use crate::failure::{Failure, TransportError, TransportKind};

/// One HTTP/2 connection: its handle for new streams, whether it has ended, and the
/// origin's scheme, which each request carries as `:scheme`.
#[derive(Clone)]
pub(super) struct Http2 {
    sender: h2::client::SendRequest<Bytes>,
    /// Set when the connection's task ends (closed by either side, or failed).
    closed: Arc<AtomicBool>,
    scheme: hyper::http::uri::Scheme,
}

/// What became of a request sent on a lane.
pub(super) enum Sent {
    Answered(Answer),
    /// Not carried out: it never reached the wire, or the service said it did not
    /// process it. It may go again, a create included.
    Unprocessed(hyper::Request<Full<Bytes>>, TransportError),
}

impl Http2 {
    /// The HTTP/2 handshake on a connection that agreed to h2 by ALPN; the connection's
    /// I/O runs as a task of its own.
    pub(super) async fn handshake<T>(io: T, origin: &hyper::Uri) -> Result<Http2, TransportError>
    where
        T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        let (sender, connection) = h2::client::Builder::new()
            .enable_push(false)
            .handshake(Unvectored(io))
            .await
            .map_err(|e| TransportError::new(TransportKind::Connect, &e))?;
        let closed = Arc::new(AtomicBool::new(false));
        let closing = closed.clone();
        tokio::spawn(async move {
            let _ = connection.await;
            closing.store(true, Ordering::SeqCst);
        });
        Ok(Http2 {
            sender,
            closed,
            scheme: origin
                .scheme()
                .cloned()
                .unwrap_or(hyper::http::uri::Scheme::HTTPS),
        })
    }

    pub(super) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Sends `request` as a stream and reads its whole answer (at most
    /// [`BodyBuffer`]'s caps) within `timeout`. On a handle of its own (a clone of the
    /// lane's), so that the lane is free for other requests meanwhile.
    pub(super) async fn exchange(
        self,
        request: hyper::Request<Full<Bytes>>,
        timeout: Duration,
    ) -> Result<Sent, Failure> {
        let sender = match self.sender.ready().await {
            Ok(sender) => sender,
            Err(e) => {
                let unsent = TransportError::new(TransportKind::NotSent, &e);
                return Ok(Sent::Unprocessed(request, unsent));
            }
        };
        let copy = copy_of(&request);
        let (mut head, body) = request.into_parts();
        // HTTP/2 carries the origin as `:scheme` and `:authority` (the `Host` that
        // HTTP/1.1 sends), not as a header.
        let invalid = |e: &(dyn std::error::Error + 'static)| {
            Failure::Transport(TransportError::new(TransportKind::Invalid, e))
        };
        let host = head.headers.remove(hyper::header::HOST);
        let mut uri = hyper::http::uri::Parts::default();
        uri.scheme = Some(self.scheme.clone());
        uri.authority = match host {
            Some(host) => Some(
                hyper::http::uri::Authority::try_from(host.as_bytes()).map_err(|e| invalid(&e))?,
            ),
            None => head.uri.authority().cloned(),
        };
        uri.path_and_query = head.uri.path_and_query().cloned();
        head.uri = hyper::Uri::from_parts(uri).map_err(|e| invalid(&e))?;
        let payload = body_bytes(body);
        // As hyper writes it on either protocol: the service knows the body's size before
        // it reads the body.
        if !payload.is_empty() {
            head.headers
                .insert(hyper::header::CONTENT_LENGTH, payload.len().into());
        }
        let request = hyper::Request::from_parts(head, ());

        let sent = tokio::time::Instant::now();
        let deadline = sent + timeout;
        let mut sender = sender;
        let (response, mut stream) = match sender.send_request(request, payload.is_empty()) {
            Ok(sending) => sending,
            Err(e) => {
                let unsent = TransportError::new(TransportKind::NotSent, &e);
                return Ok(Sent::Unprocessed(copy, unsent));
            }
        };
        if !payload.is_empty() {
            // Queued on the stream; the connection sends it as flow control allows.
            if let Err(e) = stream.send_data(payload, true) {
                return Err(broken(&e));
            }
        }
        let answer = async {
            let response = response.await?;
            let (parts, mut body) = response.into_parts();
            let mut read = BodyBuffer::new(None);
            while let Some(chunk) = body.data().await {
                let chunk = chunk?;
                // The window is given back as the answer is read, or a long answer stalls.
                let _ = body.flow_control().release_capacity(chunk.len());
                if let Err(refused) = read.extend(&chunk) {
                    return Ok(Err(refused));
                }
            }
            Ok::<_, h2::Error>(Ok((parts, read.freeze())))
        };
        match tokio::time::timeout_at(deadline, answer).await {
            Err(_) => Err(timed_out()),
            Ok(Ok(Ok((parts, body)))) => Ok(Sent::Answered(Answer {
                parts,
                body,
                round_trip: sent.elapsed(),
                multiplexed: true,
            })),
            Ok(Ok(Err(refused))) => Err(refused),
            Ok(Err(e)) if unprocessed(&e) => Ok(Sent::Unprocessed(
                copy,
                TransportError::new(TransportKind::NotSent, &e),
            )),
            Ok(Err(e)) => Err(broken(&e)),
        }
    }
}

/// The connection's I/O, said not to take vectored writes, so that h2 copies a request's
/// body of up to 1 KiB into its write buffer beside the headers instead of chaining it
/// (as it does any body over 256 bytes where vectored writes are taken). A chained body
/// is written before the next frame is buffered: one write, and one TLS record, for each
/// request. Copied, the requests that the workers queued since the connection last ran
/// go out together. Measured over benches/tls.sh's 2 limited connections, 16 in flight,
/// 20,000 records: 8,537 writes instead of 20,034 (`perf stat`), 34.6k requests/s instead
/// of 32.6-32.9k, on one machine; 5,661 `writev` instead of 20,020 (`strace -c`) and the
/// same rate within the noise on another, where nginx sets the pace.
struct Unvectored<T>(T);

impl<T: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for Unvectored<T> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<T: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for Unvectored<T> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_shutdown(cx)
    }

    fn is_write_vectored(&self) -> bool {
        false
    }
}

/// A request's body as one buffer (a `Full` body is one frame, or none).
fn body_bytes(body: Full<Bytes>) -> Bytes {
    // `Full` yields its one frame at once: polled here without a waker's need.
    let mut body = std::pin::pin!(body);
    let waker = std::task::Waker::noop();
    let mut context = std::task::Context::from_waker(waker);
    if body.is_end_stream() {
        return Bytes::new();
    }
    match body.as_mut().poll_frame(&mut context) {
        std::task::Poll::Ready(Some(Ok(frame))) => frame.into_data().unwrap_or_default(),
        _ => Bytes::new(),
    }
}

/// Whether the service said that it did not process the stream: a GOAWAY whose last
/// stream is below it, or REFUSED_STREAM (RFC 9113, 6.8 and 8.7). Such a request was
/// not carried out and may go again, a create included.
pub(super) fn unprocessed(e: &h2::Error) -> bool {
    (e.is_go_away() && e.is_remote()) || e.reason() == Some(h2::Reason::REFUSED_STREAM)
}

fn broken(e: &h2::Error) -> Failure {
    Failure::Transport(TransportError::new(TransportKind::Broken, e))
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
