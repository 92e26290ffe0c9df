//! The accept loop: per socket, TLS when the emulator serves it (`tls.rs`), then hyper's
//! HTTP/1 or (agreed by ALPN) HTTP/2 connection, serving the axum router. Our own loop
//! (rather than `axum::serve`) so that a fault can drop a connection without an answer
//! (see `faults.rs`), a connection over `--max-connections` is closed at once (or, at
//! the default cap, takes the place of the one idle the longest, as nginx reuses its idle
//! keep-alive connections when it runs out: clients that only hold connections open
//! cannot keep one that sends requests out), one idle
//! for `--idle-timeout` is closed (a client that opens thousands of idle connections does
//! not hold them for ever), one that has served `--requests-per-connection` is closed as
//! a server's keep-alive limit closes it, and protocols and handshakes are counted.
//!
//! Idle means making no progress, not only sending nothing: a TLS handshake, an HTTP/1
//! request head (hyper's `header_read_timeout`) and a close that waits on the client
//! (HTTP/2's preface, or the PING after its GOAWAY) each get one idle timeout, so a client
//! that stops half way holds its place no longer than one that sends nothing.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::faults::ConnKill;
use super::idle::{Activity, BodyWithIdleTimeout, InFlight};
use super::state::AppState;
use super::tls::{self, Protocol, Tls};

/// How long a TLS handshake may take before the connection is dropped (or the idle
/// timeout, when shorter: a client that connects and sends nothing is idle).
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long open connections may take to finish after shutdown begins.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves until `shutdown` turns `true`, then stops accepting, lets open connections
/// finish their current request (up to 5 s) and returns.
pub async fn accept_loop(
    listener: TcpListener,
    router: Router,
    shutdown: watch::Receiver<bool>,
    state: AppState,
    tls: Option<Arc<Tls>>,
) {
    let mut connections = JoinSet::new();
    // The connections counted against the cap, by their task: an evicted one is no
    // longer counted from the moment it is told to go.
    let mut open: HashMap<tokio::task::Id, Open> = HashMap::new();
    let mut stop = shutdown.clone();
    let limits = state.gate.limits().clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    reap(&mut connections, &mut open);
                    let counters = &state.counters;
                    if open.len() >= limits.max_connections {
                        let evicted = limits
                            .close_idle_when_full
                            .then(|| evict_longest_idle(&mut open))
                            .flatten();
                        if let Some(evicted) = evicted {
                            counters.bump(&counters.connections_evicted);
                            // Its socket closed before another is accepted: under a low
                            // open-files limit a burst of newcomers would otherwise
                            // outrun the closing of those they replace.
                            let _ = tokio::time::timeout(
                                EVICTION,
                                ended(&mut connections, &mut open, evicted),
                            )
                            .await;
                        } else {
                            counters.bump(&counters.connections_refused);
                            drop(stream);
                            continue;
                        }
                    }
                    counters.bump(&counters.connections_accepted);
                    let activity = Arc::new(Activity::default());
                    let evicted = Arc::new(AtomicBool::new(false));
                    let per_connection = PerConnection {
                        idle_timeout: limits.idle_timeout,
                        requests: limits.requests_per_connection,
                        state: state.clone(),
                        activity: activity.clone(),
                        evicted: evicted.clone(),
                    };
                    let task = connections.spawn(accepted_connection(
                        stream,
                        tls.clone(),
                        router.clone(),
                        shutdown.clone(),
                        per_connection,
                    ));
                    open.insert(task.id(), Open { activity, opened: Instant::now(), evicted, task });
                }
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    crate::log::log(&format!("accept failed: {e}"));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            _ = stopped(&mut stop) => break,
        }
        reap(&mut connections, &mut open);
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

/// An open connection as the accept loop sees it: whether it is idle, and how to end it.
struct Open {
    activity: Arc<Activity>,
    opened: Instant,
    evicted: Arc<AtomicBool>,
    task: tokio::task::AbortHandle,
}

/// Forgets the connections whose tasks have ended.
fn reap(connections: &mut JoinSet<()>, open: &mut HashMap<tokio::task::Id, Open>) {
    while let Some(ended) = connections.try_join_next_with_id() {
        open.remove(&task_of(ended));
    }
}

/// The task a join of the set was of, however it ended.
fn task_of(ended: Result<(tokio::task::Id, ()), tokio::task::JoinError>) -> tokio::task::Id {
    match ended {
        Ok((id, ())) => id,
        Err(e) => e.id(),
    }
}

/// How long the accept loop waits for an evicted connection's task to end.
const EVICTION: Duration = Duration::from_secs(1);

/// Ends the connection idle the longest (none in flight), if there is one, to make room;
/// its task. Its socket is closed at once, without the lingering close: nothing was in
/// flight, and a socket kept lingering would hold the descriptor the newcomer needs.
fn evict_longest_idle(open: &mut HashMap<tokio::task::Id, Open>) -> Option<tokio::task::Id> {
    let (_, id) = open
        .iter()
        .filter_map(|(id, conn)| Some((conn.activity.idle_since(conn.opened)?, *id)))
        .min()?;
    let conn = open.remove(&id)?;
    conn.evicted.store(true, Ordering::SeqCst);
    conn.task.abort();
    Some(id)
}

/// Waits until the task `id` has ended, forgetting the others that end meanwhile.
async fn ended(
    connections: &mut JoinSet<()>,
    open: &mut HashMap<tokio::task::Id, Open>,
    id: tokio::task::Id,
) {
    while let Some(done) = connections.join_next_with_id().await {
        let done = task_of(done);
        open.remove(&done);
        if done == id {
            return;
        }
    }
}

/// The limits of one connection, and where to count its closing.
struct PerConnection {
    idle_timeout: Duration,
    /// Requests served before the connection is closed (`--requests-per-connection`).
    requests: Option<usize>,
    state: AppState,
    /// Shared with the accept loop, which evicts the connection idle the longest.
    activity: Arc<Activity>,
    /// Set when evicted: the socket is closed at once, not lingering.
    evicted: Arc<AtomicBool>,
}

/// Serves one accepted socket: the TLS handshake first when the emulator serves TLS.
async fn accepted_connection(
    stream: TcpStream,
    tls: Option<Arc<Tls>>,
    router: Router,
    shutdown: watch::Receiver<bool>,
    limits: PerConnection,
) {
    let _ = stream.set_nodelay(true);
    let counters = &limits.state.counters;
    let Some(tls) = tls else {
        counters.bump(&counters.connections_http1);
        let io = TokioIo::new(Lingering::new(stream, &limits));
        return serve(io, Protocol::Http1, router, shutdown, limits).await;
    };
    let handshake = HANDSHAKE.min(limits.idle_timeout);
    let stream = match tokio::time::timeout(handshake, tls.acceptor.accept(stream)).await {
        Ok(Ok(stream)) => stream,
        _ => {
            counters.bump(&counters.tls_failed);
            return;
        }
    };
    let (protocol, resumed) = tls::agreed(stream.get_ref().1);
    counters.bump(if resumed {
        &counters.tls_resumed
    } else {
        &counters.tls_full
    });
    counters.bump(match protocol {
        Protocol::Http1 => &counters.connections_http1,
        Protocol::Http2 => &counters.connections_http2,
    });
    let io = TokioIo::new(Lingering::new(stream, &limits));
    serve(io, protocol, router, shutdown, limits).await;
}

/// How long a closed connection still reads what the client sent.
const LINGER: Duration = Duration::from_secs(2);

/// A socket that, when hyper is done with it, is closed as nginx's `lingering_close`
/// closes one: the write side first, then what the client still sends is read and
/// discarded for a while. Closed at once with unread data, a socket answers with a reset,
/// and a reset makes the client's kernel discard what it had not read yet, the HTTP/2
/// GOAWAY that names the streams that were not processed among it. An evicted
/// connection (nothing in flight) is closed at once.
struct Lingering<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> {
    stream: Option<S>,
    evicted: Arc<AtomicBool>,
}

impl<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> Lingering<S> {
    fn new(stream: S, limits: &PerConnection) -> Lingering<S> {
        Lingering {
            stream: Some(stream),
            evicted: limits.evicted.clone(),
        }
    }

    fn inner(self: std::pin::Pin<&mut Self>) -> std::pin::Pin<&mut S> {
        std::pin::Pin::new(
            self.get_mut()
                .stream
                .as_mut()
                .expect("taken only when dropped"),
        )
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> Drop for Lingering<S> {
    fn drop(&mut self) {
        let Some(mut stream) = self.stream.take() else {
            return;
        };
        if self.evicted.load(Ordering::SeqCst) || tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        tokio::spawn(async move {
            let _ = tokio::time::timeout(LINGER, async {
                let _ = stream.shutdown().await;
                let mut discard = [0u8; 4096];
                while matches!(stream.read(&mut discard).await, Ok(n) if n > 0) {}
            })
            .await;
        });
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> AsyncRead for Lingering<S> {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        self.inner().poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> AsyncWrite for Lingering<S> {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        self.inner().poll_write(cx, buf)
    }
    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        self.inner().poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.stream.as_ref().is_some_and(|s| s.is_write_vectored())
    }
    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        self.inner().poll_flush(cx)
    }
    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        self.inner().poll_shutdown(cx)
    }
}

/// A hyper server connection of either protocol, as the loop of `serve` drives it.
trait Served: std::future::Future<Output = hyper::Result<()>> {
    fn shut_down(self: std::pin::Pin<&mut Self>);
}

impl<I, S> Served for hyper::server::conn::http1::Connection<I, S>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + 'static,
    S: hyper::service::HttpService<Incoming>,
    S::ResBody: 'static,
    <S::ResBody as hyper::body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    Self: std::future::Future<Output = hyper::Result<()>>,
{
    fn shut_down(self: std::pin::Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

impl<I, S, E> Served for hyper::server::conn::http2::Connection<I, S, E>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    S: hyper::service::HttpService<Incoming>,
    S::ResBody: 'static,
    <S::ResBody as hyper::body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    E: hyper::rt::bounds::Http2ServerConnExec<S::Future, S::ResBody>,
    Self: std::future::Future<Output = hyper::Result<()>>,
{
    fn shut_down(self: std::pin::Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

async fn serve<I>(
    io: I,
    protocol: Protocol,
    router: Router,
    shutdown: watch::Receiver<bool>,
    limits: PerConnection,
) where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let kill = Arc::new(Notify::new());
    let handle = ConnKill(kill.clone());
    let activity = limits.activity.clone();
    let seen = activity.clone();
    let allowed = limits.requests;
    let idle_timeout = limits.idle_timeout;
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(handle.clone());
        seen.in_flight.fetch_add(1, Ordering::SeqCst);
        let begun = seen.begun.fetch_add(1, Ordering::SeqCst) + 1;
        let last = allowed.is_some_and(|allowed| begun >= allowed);
        if last && protocol == Protocol::Http2 {
            // GOAWAY: the streams after this one are not processed, and the client
            // knows it may send them again.
            seen.spent.notify_one();
        }
        seen.touch();
        let in_flight = InFlight(seen.clone());
        let request = request.map(|body| BodyWithIdleTimeout::new(body, idle_timeout));
        let answer = router.clone().oneshot(request);
        async move {
            let mut answer = answer.await;
            drop(in_flight);
            if last && protocol == Protocol::Http1 {
                // Said in the answer, as a server's keep-alive limit says it: closed
                // silently, the client could send its next request into the close.
                if let Ok(answer) = &mut answer {
                    answer.headers_mut().insert(
                        hyper::header::CONNECTION,
                        hyper::header::HeaderValue::from_static("close"),
                    );
                }
            }
            answer
        }
    });
    match protocol {
        Protocol::Http1 => {
            // A request head not complete within the idle timeout closes the connection.
            // Until the head is complete no request is in flight, and the graceful close
            // of `drive`'s idle check waits for it: only the drop a timeout later would
            // end it.
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(idle_timeout)
                .serve_connection(io, service);
            drive(conn, &activity, kill, shutdown, limits).await;
        }
        Protocol::Http2 => {
            let conn = hyper::server::conn::http2::Builder::new(TokioExecutor::new())
                .max_concurrent_streams(256)
                .serve_connection(io, service);
            drive(conn, &activity, kill, shutdown, limits).await;
        }
    }
}

/// Runs a connection until it ends, is killed (a fault), or is shut down gracefully:
/// at shutdown, after its idle timeout, or once it has begun as many requests as it may.
async fn drive(
    conn: impl Served,
    activity: &Activity,
    kill: Arc<Notify>,
    mut shutdown: watch::Receiver<bool>,
    limits: PerConnection,
) {
    tokio::pin!(conn);
    let opened = Instant::now();
    let timeout = limits.idle_timeout;
    let counters = &limits.state.counters;
    loop {
        let check = activity.next_idle_check(opened, timeout);
        tokio::select! {
            _ = conn.as_mut() => {
                // Ended by hyper's header read timeout (or its own idle close, a hair
                // before ours): an idle close all the same.
                if activity.idle_expired(opened, timeout) {
                    counters.bump(&counters.connections_idle_closed);
                }
                return;
            }
            _ = kill.notified() => return,
            _ = stopped(&mut shutdown) => break,
            _ = activity.spent.notified() => break,
            _ = tokio::time::sleep_until(check.into()) => {
                if activity.idle_expired(opened, timeout) {
                    counters.bump(&counters.connections_idle_closed);
                    break;
                }
            }
        }
    }
    conn.as_mut().shut_down();
    // A graceful close waits on the client: HTTP/2 for the preface it has not sent, or
    // for the answer to the PING after the GOAWAY; HTTP/1 for a request head it began. A
    // client that never does would keep its place for ever, so a closing connection with
    // nothing in flight for another idle timeout is dropped.
    activity.touch();
    loop {
        let check = activity.next_idle_check(opened, timeout);
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = kill.notified() => return,
            _ = tokio::time::sleep_until(check.into()) => {
                if activity.idle_expired(opened, timeout) {
                    return;
                }
            }
        }
    }
}

/// Completes once shutdown has begun (or the sender is gone).
async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|stop| *stop).await;
}
