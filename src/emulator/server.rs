//! The accept loop: hyper's HTTP/1 connection per socket, serving the axum router. Our own
//! loop (rather than `axum::serve`) so that a fault can drop a connection without an
//! answer (see `faults.rs`).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::faults::ConnKill;

/// How long open connections may take to finish after shutdown begins.
const DRAIN: Duration = Duration::from_secs(5);

/// Serves until `shutdown` turns `true`, then stops accepting, lets open connections
/// finish their current request (up to 5 s) and returns.
pub async fn accept_loop(listener: TcpListener, router: Router, shutdown: watch::Receiver<bool>) {
    let mut connections = JoinSet::new();
    let mut stop = shutdown.clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    connections.spawn(connection(stream, router.clone(), shutdown.clone()));
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

async fn connection(stream: TcpStream, router: Router, mut shutdown: watch::Receiver<bool>) {
    let _ = stream.set_nodelay(true);
    let kill = Arc::new(Notify::new());
    let handle = ConnKill(kill.clone());
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(handle.clone());
        router.clone().oneshot(request)
    });
    let conn =
        hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service);
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        _ = kill.notified() => return,
        _ = stopped(&mut shutdown) => {}
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
