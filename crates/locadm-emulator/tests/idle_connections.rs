//! `--idle-timeout` against clients that stop half way: a request head or body begun and
//! never finished, a TLS handshake never begun, an HTTP/2 connection that never sends its
//! preface or never answers the PING after the emulator's GOAWAY. Each is closed within a
//! few idle timeouts, so such clients cannot fill `--max-connections` for good.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use locadm_emulator::limits::Limits;
use locadm_emulator::tls::Tls;
use locadm_emulator::{EmulatorConfig, Running};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;

const IDLE: Duration = Duration::from_millis(400);

/// Long enough for a busy machine, far shorter than the 10 s a handshake was allowed and
/// than the for ever the others were held.
const CLOSED_WITHIN: Duration = Duration::from_secs(4);

/// The request line and one header, without the blank line that ends a head.
const HALF_A_HEAD: &[u8] = b"GET /locations/x HTTP/1.1\r\nHost: a\r\n";

async fn start(max_connections: usize, tls: bool) -> Running {
    let config = EmulatorConfig {
        limits: Limits {
            idle_timeout: IDLE,
            max_connections,
            // A hard cap (`--max-connections`): a place is freed only by the idle close.
            close_idle_when_full: false,
            ..Limits::default()
        },
        tls: tls.then(|| Arc::new(Tls::self_signed(true).expect("a self-signed certificate"))),
        ..EmulatorConfig::default()
    };
    common::start(config).await
}

/// A TLS client of `emulator` that trusts its certificate and offers `alpn` only.
async fn tls_connect(
    emulator: &Running,
    alpn: &[u8],
) -> tokio_rustls::client::TlsStream<TcpStream> {
    let pem = emulator.certificate.as_deref().expect("served over TLS");
    let mut roots = rustls::RootCertStore::empty();
    for certificate in CertificateDer::pem_slice_iter(pem.as_bytes()) {
        roots.add(certificate.unwrap()).unwrap();
    }
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    config.alpn_protocols = vec![alpn.to_vec()];
    let tcp = TcpStream::connect(emulator.addr).await.unwrap();
    let name = ServerName::try_from("localhost").unwrap();
    let stream = tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .expect("the TLS handshake");
    assert_eq!(stream.get_ref().1.alpn_protocol(), Some(alpn));
    stream
}

/// How long the emulator took to close `stream` (reading, and discarding, what it sends
/// before), or `None` when it was still open after [`CLOSED_WITHIN`].
async fn closed_after(stream: &mut (impl AsyncRead + Unpin), since: Instant) -> Option<Duration> {
    let mut buffer = [0u8; 4096];
    let closed = tokio::time::timeout(CLOSED_WITHIN, async {
        while matches!(stream.read(&mut buffer).await, Ok(n) if n > 0) {}
    })
    .await;
    closed.ok().map(|()| since.elapsed())
}

/// Closed, and not before its idle timeout (less a little for the timer's rounding).
fn assert_idle_closed(what: &str, after: Option<Duration>) {
    let after = after.unwrap_or_else(|| panic!("{what}: still open after {CLOSED_WITHIN:?}"));
    assert!(
        after >= IDLE - Duration::from_millis(50),
        "{what}: closed after {after:?}"
    );
}

/// `GET /_admin/counters` on a connection of its own (HTTP/1.1): the answer's status line
/// and body.
async fn counters(mut stream: impl AsyncRead + AsyncWrite + Unpin) -> (String, serde_json::Value) {
    stream
        .write_all(b"GET /_admin/counters HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    stream.flush().await.unwrap();
    let mut answer = Vec::new();
    // Over TLS the end may come without a close_notify: what was read is the answer.
    let _ = tokio::time::timeout(CLOSED_WITHIN, stream.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.lines().next().unwrap_or_default().to_owned();
    (status, serde_json::from_str(body).unwrap_or_default())
}

/// Two connections that each send half a request head fill a cap of two; they are closed
/// after the idle timeout, and the next client is answered.
#[tokio::test]
async fn a_request_head_never_finished_is_closed_and_frees_its_place() {
    let emulator = start(2, false).await;
    let since = Instant::now();
    let mut stalled = Vec::new();
    for _ in 0..2 {
        let mut stream = TcpStream::connect(emulator.addr).await.unwrap();
        stream.write_all(HALF_A_HEAD).await.unwrap();
        stalled.push(stream);
    }
    for (n, stream) in stalled.iter_mut().enumerate() {
        let after = closed_after(stream, since).await;
        assert_idle_closed(&format!("half a head, connection {n}"), after);
    }
    let (status, counters) = counters(TcpStream::connect(emulator.addr).await.unwrap()).await;
    assert_eq!(status, "HTTP/1.1 200 OK", "{counters}");
    assert_eq!(counters["connections"]["idle_closed"], 2, "{counters}");
    emulator.shutdown().await;
}

/// A head sent whole and a body begun and never finished: the request is in flight, so
/// the connection is not idle, but its body ends in an error after the idle timeout (the
/// answer a 400), and the connection is closed.
#[tokio::test]
async fn a_request_body_never_finished_is_answered_and_closed() {
    let emulator = start(4, false).await;
    let mut stream = TcpStream::connect(emulator.addr).await.unwrap();
    let since = Instant::now();
    stream
        .write_all(
            b"POST /oauth/token HTTP/1.1\r\nHost: a\r\n\
              Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n\
              grant_type=",
        )
        .await
        .unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(CLOSED_WITHIN, stream.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        read.is_ok(),
        "half a body: still open after {CLOSED_WITHIN:?}"
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert_idle_closed("half a body", Some(since.elapsed()));
    emulator.shutdown().await;
}

/// The same over TLS, HTTP/1.1 agreed by ALPN.
#[tokio::test]
async fn a_request_head_never_finished_over_tls_is_closed() {
    let emulator = start(4, true).await;
    let mut stream = tls_connect(&emulator, b"http/1.1").await;
    let since = Instant::now();
    stream.write_all(HALF_A_HEAD).await.unwrap();
    stream.flush().await.unwrap();
    assert_idle_closed(
        "half a head over TLS",
        closed_after(&mut stream, since).await,
    );
    emulator.shutdown().await;
}

/// A client that connects to a TLS emulator and sends nothing, not even its hello, has
/// the idle timeout for its handshake (not the 10 s a slow handshake may take otherwise).
#[tokio::test]
async fn a_tls_handshake_never_begun_is_closed_after_the_idle_timeout() {
    let emulator = start(4, true).await;
    let since = Instant::now();
    let mut stream = TcpStream::connect(emulator.addr).await.unwrap();
    assert_idle_closed("no ClientHello", closed_after(&mut stream, since).await);
    let (_, counters) = counters(tls_connect(&emulator, b"http/1.1").await).await;
    assert_eq!(counters["tls"]["failed"], 1, "{counters}");
    emulator.shutdown().await;
}

/// HTTP/2 has no header read timeout; the emulator's idle close is a GOAWAY, which
/// waits on the client: for the preface it has not sent, or for its answer to the PING
/// that follows the GOAWAY. A client that does neither is closed all the same.
#[tokio::test]
async fn an_http2_client_that_stops_answering_is_closed() {
    let emulator = start(4, true).await;
    // No preface after the handshake.
    let mut silent = tls_connect(&emulator, b"h2").await;
    let since = Instant::now();
    assert_idle_closed(
        "h2 without a preface",
        closed_after(&mut silent, since).await,
    );

    // The preface and an empty SETTINGS frame, then nothing: no SETTINGS ack, no PING
    // answered.
    let mut mute = tls_connect(&emulator, b"h2").await;
    let since = Instant::now();
    let settings = [0, 0, 0, 4, 0, 0, 0, 0, 0];
    mute.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        .await
        .unwrap();
    mute.write_all(&settings).await.unwrap();
    mute.flush().await.unwrap();
    assert_idle_closed(
        "h2 that answers no PING",
        closed_after(&mut mute, since).await,
    );
    emulator.shutdown().await;
}
