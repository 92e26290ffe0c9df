//! What makes a connection idle: no request in flight, none begun, for the idle timeout.
//! The server's `drive` closes a connection on it; a request's body that stops coming
//! ends with an error after the same timeout, since a request in flight keeps its
//! connection open.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use tokio::sync::Notify;

/// A connection's requests in flight, how many it has begun, and when the last one began
/// or ended.
#[derive(Default)]
pub(crate) struct Activity {
    pub(crate) in_flight: AtomicUsize,
    pub(crate) begun: AtomicUsize,
    last: Mutex<Option<Instant>>,
    /// Told when the connection has begun as many requests as it may serve.
    pub(crate) spent: Notify,
}

impl Activity {
    pub(crate) fn touch(&self) {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(Instant::now());
    }

    /// Since when the connection has been idle (`None` while a request is in flight).
    pub(crate) fn idle_since(&self, opened: Instant) -> Option<Instant> {
        if self.in_flight.load(Ordering::SeqCst) > 0 {
            return None;
        }
        let last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        Some(last.unwrap_or(opened))
    }

    /// When the connection becomes idle for too long, if nothing happens before.
    pub(crate) fn idle_deadline(&self, opened: Instant, timeout: Duration) -> Option<Instant> {
        self.idle_since(opened).map(|since| since + timeout)
    }

    /// Whether the connection has had nothing in flight for the whole timeout.
    pub(crate) fn idle_expired(&self, opened: Instant, timeout: Duration) -> bool {
        self.idle_deadline(opened, timeout)
            .is_some_and(|deadline| deadline <= Instant::now())
    }

    /// When to look again whether it has been idle too long: its deadline, or (a request
    /// in flight) one timeout from now, re-armed whenever it fires early.
    pub(crate) fn next_idle_check(&self, opened: Instant, timeout: Duration) -> Instant {
        self.idle_deadline(opened, timeout)
            .unwrap_or_else(|| Instant::now() + timeout)
    }
}

/// Decrements the in-flight count when the request's answer is made (or dropped).
pub(crate) struct InFlight(pub(crate) Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A request's body that ends in an error when none of it comes for the idle timeout. A
/// request in flight keeps its connection from the idle close, so a client that sends
/// the head and stops half way through the body would otherwise hold it for ever.
pub(crate) struct BodyWithIdleTimeout {
    body: Incoming,
    timeout: Duration,
    /// Made when the body is first waited for: most bodies are read at once, or not at
    /// all (a GET), and need no timer.
    stalled_at: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl BodyWithIdleTimeout {
    pub(crate) fn new(body: Incoming, timeout: Duration) -> BodyWithIdleTimeout {
        BodyWithIdleTimeout {
            body,
            timeout,
            stalled_at: None,
        }
    }
}

impl hyper::body::Body for BodyWithIdleTimeout {
    type Data = hyper::body::Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        use std::future::Future;
        use std::task::Poll;
        let this = self.get_mut();
        match std::pin::Pin::new(&mut this.body).poll_frame(cx) {
            Poll::Ready(frame) => {
                if let Some(stalled_at) = &mut this.stalled_at {
                    stalled_at
                        .as_mut()
                        .reset(tokio::time::Instant::now() + this.timeout);
                }
                Poll::Ready(frame.map(|frame| frame.map_err(Into::into)))
            }
            Poll::Pending => {
                let timeout = this.timeout;
                let stalled_at = this
                    .stalled_at
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match stalled_at.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Some(Err(format!(
                        "no part of the request body came for the idle timeout ({timeout:?})"
                    )
                    .into()))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}
