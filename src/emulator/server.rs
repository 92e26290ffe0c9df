//! The accept loop: hyper's HTTP/1 connection per socket, serving the axum router. Our own
//! loop (rather than `axum::serve`) so that a fault can drop a connection without an
//! answer (see `faults.rs`), a connection over `--max-connections` is closed at once, and
//! one idle for `--idle-timeout` is closed (a client that opens thousands of idle
//! connections does not hold them for ever).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::faults::ConnKill;
use super::state::AppState;

/// How long open connections may take to finish after shutdown begins.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves until `shutdown` turns `true`, then stops accepting, lets open connections
/// finish their current request (up to 5 s) and returns.
pub async fn accept_loop(
    listener: TcpListener,
    router: Router,
    shutdown: watch::Receiver<bool>,
    state: AppState,
) {
    let mut connections = JoinSet::new();
    let mut stop = shutdown.clone();
    let limits = state.gate.limits().clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    while connections.try_join_next().is_some() {}
                    let counters = &state.counters;
                    if connections.len() >= limits.max_connections {
                        counters.bump(&counters.connections_refused);
                        drop(stream);
                        continue;
                    }
                    counters.bump(&counters.connections_accepted);
                    let idle = Idle {
                        timeout: limits.idle_timeout,
                        state: state.clone(),
                    };
                    connections.spawn(connection(stream, router.clone(), shutdown.clone(), idle));
                }
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    crate::emulator::log(&format!("accept failed: {e}"));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            _ = stopped(&mut stop) => break,
        }
        while connections.try_join_next().is_some() {}
    }
    drop(listener);
    let drained = tokio::time::timeout(DRAIN, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        connections.abort_all();
    }
}

/// The idle timeout of a connection, and where to count its closing.
struct Idle {
    timeout: Duration,
    state: AppState,
}

/// A connection's requests in flight and when the last one began or ended.
#[derive(Default)]
struct Activity {
    in_flight: AtomicUsize,
    last: Mutex<Option<Instant>>,
}

impl Activity {
    fn touch(&self) {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(Instant::now());
    }

    /// When the connection becomes idle for too long, if nothing happens before.
    fn idle_deadline(&self, opened: Instant, timeout: Duration) -> Option<Instant> {
        if self.in_flight.load(Ordering::SeqCst) > 0 {
            return None;
        }
        let last = self
            .last
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or(opened);
        Some(last + timeout)
    }
}

/// Decrements the in-flight count when the request's answer is made (or dropped).
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn connection(
    stream: TcpStream,
    router: Router,
    mut shutdown: watch::Receiver<bool>,
    idle: Idle,
) {
    let _ = stream.set_nodelay(true);
    let kill = Arc::new(Notify::new());
    let handle = ConnKill(kill.clone());
    let activity = Arc::new(Activity::default());
    let seen = activity.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(handle.clone());
        seen.in_flight.fetch_add(1, Ordering::SeqCst);
        seen.touch();
        let in_flight = InFlight(seen.clone());
        let answer = router.clone().oneshot(request);
        async move {
            let answer = answer.await;
            drop(in_flight);
            answer
        }
    });
    let conn =
        hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    let opened = Instant::now();
    loop {
        // Re-armed whenever it fires early: a request came meanwhile, or is in flight.
        let check = activity
            .idle_deadline(opened, idle.timeout)
            .unwrap_or_else(|| Instant::now() + idle.timeout);
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = kill.notified() => return,
            _ = stopped(&mut shutdown) => break,
            _ = tokio::time::sleep_until(check.into()) => {
                if activity
                    .idle_deadline(opened, idle.timeout)
                    .is_some_and(|deadline| deadline <= Instant::now())
                {
                    let counters = &idle.state.counters;
                    counters.bump(&counters.connections_idle_closed);
                    break;
                }
            }
        }
    }
    conn.as_mut().graceful_shutdown();
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = kill.notified() => {}
    }
}

/// Completes once shutdown has begun (or the sender is gone).
async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|stop| *stop).await;
}
