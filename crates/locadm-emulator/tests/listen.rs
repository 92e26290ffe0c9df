//! The emulator's listener holds the connections a client opens at once: `apply
//! --concurrency 256` opens 256 in the same millisecond, and a listener that holds 128
//! waiting to be accepted (tokio's `TcpListener::bind`) has the kernel drop the SYNs
//! beyond them, each retried by the client after a second.

use std::time::Duration;

use locadm_emulator::{listen, LISTEN_BACKLOG};

/// Well under the 1 s after which a client retries a dropped SYN: a connection that
/// took longer was dropped once.
const WITHIN: Duration = Duration::from_millis(900);

/// 300 connections opened at once to a listener that accepts none of them yet are all
/// established at once, and all accepted after.
#[tokio::test]
async fn three_hundred_connections_opened_at_once_all_wait_to_be_accepted() {
    let listener = listen(([127, 0, 0, 1], 0).into(), LISTEN_BACKLOG).expect("listen");
    let addr = listener.local_addr().unwrap();
    let mut clients = tokio::task::JoinSet::new();
    for _ in 0..300 {
        clients.spawn(tokio::time::timeout(
            WITHIN,
            tokio::net::TcpStream::connect(addr),
        ));
    }
    let mut established = Vec::new();
    while let Some(connected) = clients.join_next().await {
        // Timed out: the SYN was dropped.
        if let Ok(stream) = connected.unwrap() {
            established.push(stream.expect("connect"));
        }
    }
    assert_eq!(
        established.len(),
        300,
        "connections not established within {WITHIN:?} (their SYN dropped)"
    );
    for n in 0..300 {
        tokio::time::timeout(WITHIN, listener.accept())
            .await
            .unwrap_or_else(|_| panic!("only {n} of 300 were waiting to be accepted"))
            .expect("accept");
    }
}
