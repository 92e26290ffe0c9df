//! A TCP proxy on 127.0.0.1 that holds every chunk for half a round trip in each
//! direction, so that a benchmark meets a service across a wide-area round trip: TCP and
//! TLS handshakes pay it too, as they would. These kernels have no `netem`, so the delay
//! is made here, in user space (issue 17).
//!
//!     [BACKLOG=N] cargo run --release --example delay_proxy -- UPSTREAM_HOST:PORT RTT_MS [LISTEN]
//!
//! Prints the address it listens on (`127.0.0.1:PORT`, a free port unless LISTEN names
//! one: runs that must meet one service across restarts, issue 44) as its first line,
//! then serves until killed. Order is kept: each direction is one queue of (due time,
//! bytes). BACKLOG: the connections waiting to be accepted it holds (the emulator's 1024
//! unless given; 128 is a service listening with tokio's default).

// Benchmark tooling, not the tool: it prints its address for the script that starts it
// (the printer's lints are for `src/`).
#![allow(clippy::print_stdout)]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::time::Instant;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(upstream), Some(rtt)) = (args.next(), args.next()) else {
        return Err(std::io::Error::other(
            "usage: delay_proxy UPSTREAM_HOST:PORT RTT_MS [LISTEN]",
        ));
    };
    let upstream: SocketAddr = upstream
        .parse()
        .map_err(|e| std::io::Error::other(format!("upstream `{upstream}`: {e}")))?;
    let rtt: u64 = rtt
        .parse()
        .map_err(|e| std::io::Error::other(format!("RTT_MS `{rtt}`: {e}")))?;
    let half = Duration::from_millis(rtt) / 2;
    let listen = args.next().unwrap_or_else(|| "127.0.0.1:0".to_owned());
    let listen: SocketAddr = listen
        .parse()
        .map_err(|e| std::io::Error::other(format!("LISTEN `{listen}`: {e}")))?;
    // The proxy stands at the service's door (the client's handshake is with it), so it
    // holds as many waiting connections as the service would: the emulator's, unless
    // BACKLOG says otherwise (128 is a service on tokio's or std's default).
    let backlog = match std::env::var("BACKLOG") {
        Ok(text) => text
            .parse()
            .map_err(|e| std::io::Error::other(format!("BACKLOG `{text}`: {e}")))?,
        Err(_) => locadm_emulator::LISTEN_BACKLOG,
    };
    let listener = locadm_emulator::listen(listen, backlog)?;
    println!("{}", listener.local_addr()?);
    loop {
        let (client, _) = listener.accept().await?;
        tokio::spawn(async move {
            // The connection to the service is opened after half a round trip (the SYN's
            // way there); the client's handshake with us was immediate, so its first
            // bytes wait in the queue as they would on the wire.
            tokio::time::sleep(half).await;
            let Ok(service) = TcpStream::connect(upstream).await else {
                return;
            };
            let _ = client.set_nodelay(true);
            let _ = service.set_nodelay(true);
            let (client_read, client_write) = client.into_split();
            let (service_read, service_write) = service.into_split();
            tokio::join!(
                delayed(client_read, service_write, half),
                delayed(service_read, client_write, half),
            );
        });
    }
}

/// Copies `from` to `to`, each chunk written `delay` after it was read.
async fn delayed(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, delay: Duration) {
    let (queue, mut due) = mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    let reader = async move {
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            match from.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if queue
                        .send((Instant::now() + delay, buffer[..n].to_vec()))
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
        // Dropping the sender ends the writer once the queue is empty.
    };
    let writer = async move {
        while let Some((at, bytes)) = due.recv().await {
            tokio::time::sleep_until(at).await;
            if to.write_all(&bytes).await.is_err() {
                break;
            }
        }
        let _ = to.shutdown().await;
    };
    tokio::join!(reader, writer);
}
