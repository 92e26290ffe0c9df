//! The floor under `location apply` over TLS (benches/tls.sh): the same POST as apply
//! sends, in a bare loop on tokio-rustls (the TLS stack apply's connections are built on),
//! one task a connection, on one thread: no HTTP library, no records, no report. What
//! this reaches is what tokio and rustls reach on the machine, whatever the code above
//! them does. With CLIENT `hyper`, the same loop sends through hyper's HTTP/1.1 client as
//! apply's connections do (its connection driven by a task of its own, the request made
//! from a target and a header map made once, the whole answer collected): what apply's HTTP library costs, apart
//! from apply's own work on each record.
//!
//!     cargo run --release --example tls_loop -- URL CA_PEM BODY_FILE [REQUESTS] [CONNECTIONS] [BUSY_NS] [raw|hyper]
//!
//! Prints the requests a second. BUSY_NS keeps the thread busy that many nanoseconds
//! after each answer (a spin, not a sleep): with the server on the same two cores, a
//! client that is quicker than the server sleeps between answers, and every answer then
//! costs the server a wake-up of the client's thread; a busier client is woken less
//! (benches/tls.sh shows both). A non-2xx answer or a closed connection ends the run
//! with an error.
// A developer's tool that reports on its own streams (the lints we deny are restriction
// lints, and `disallowed_methods` names stdout and stderr).
#![allow(clippy::restriction, clippy::disallowed_methods)]

use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, ca_pem, body_file, rest @ ..] = args.as_slice() else {
        eprintln!(
            "usage: tls_loop URL CA_PEM BODY_FILE [REQUESTS] [CONNECTIONS] [BUSY_NS] [raw|hyper]"
        );
        std::process::exit(2);
    };
    let number = |i: usize, default: u64| rest.get(i).map_or(default, |v| v.parse().unwrap());
    let (requests, connections) = (number(0, 100_000), number(1, 16) as usize);
    let busy = Duration::from_nanos(number(2, 0));
    let through_hyper = match rest.get(3).map(String::as_str) {
        None | Some("raw") => false,
        Some("hyper") => true,
        Some(other) => {
            eprintln!("tls_loop: CLIENT is raw or hyper, not {other}");
            std::process::exit(2);
        }
    };
    let url = url::Url::parse(url).expect("a URL");
    let host = url.host_str().expect("a host").to_owned();
    let address = format!("{host}:{}", url.port_or_known_default().unwrap_or(443));
    let body = std::fs::read(body_file).expect("read the body file");

    let mut roots = rustls::RootCertStore::empty();
    for certificate in CertificateDer::pem_file_iter(ca_pem).expect("read the CA") {
        roots.add(certificate.expect("a PEM certificate")).unwrap();
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));

    // apply's headers, in one write with the body (for hyper: the same headers, which it
    // writes out itself, and the body).
    let hyper_request = HyperRequest {
        uri: url.path().parse().expect("a path"),
        headers: [
            ("host", url.authority()),
            ("authorization", "Bearer bench-token"),
            ("user-agent", locadm::USER_AGENT),
            ("accept", "application/json"),
            ("content-type", "application/json"),
        ]
        .into_iter()
        .map(|(name, value)| {
            let name = hyper::header::HeaderName::from_static(name);
            (name, value.parse().expect("a header value"))
        })
        .collect(),
        body: bytes::Bytes::from(body.clone()),
    };
    let mut request = format!(
        "POST {} HTTP/1.1\r\nhost: {}\r\nauthorization: Bearer bench-token\r\nuser-agent: {}\r\naccept: application/json\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        url.path(),
        url.authority(),
        locadm::USER_AGENT,
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(&body);
    let (request, hyper_request) = (Arc::new(request), Arc::new(hyper_request));

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let rate = runtime.block_on(async move {
        let left = Arc::new(AtomicIsize::new(requests as isize));
        let start = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..connections {
            let (connector, request, left) = (connector.clone(), request.clone(), left.clone());
            let hyper_request = hyper_request.clone();
            let (address, name) = (address.clone(), ServerName::try_from(host.clone()).unwrap());
            tasks.push(tokio::spawn(async move {
                let tcp = tokio::net::TcpStream::connect(&address).await?;
                tcp.set_nodelay(true)?;
                let tls = connector.connect(name, tcp).await?;
                let mut client = if through_hyper {
                    let io = hyper_util::rt::TokioIo::new(tls);
                    // As apply's connections: head and body written as one buffer.
                    let (sender, connection) = hyper::client::conn::http1::Builder::new()
                        .writev(false)
                        .handshake(io)
                        .await
                        .map_err(std::io::Error::other)?;
                    // As apply's connections: the connection's I/O is a task of its own.
                    tokio::spawn(connection);
                    Client::Hyper {
                        sender,
                        request: hyper_request,
                    }
                } else {
                    Client::Raw {
                        tls,
                        request,
                        buffer: vec![0; 1 << 16],
                    }
                };
                while left.fetch_sub(1, Ordering::Relaxed) > 0 {
                    client.exchange().await?;
                    let answered = Instant::now();
                    while answered.elapsed() < busy {
                        std::hint::spin_loop();
                    }
                }
                std::io::Result::Ok(())
            }));
        }
        for task in tasks {
            task.await.unwrap().unwrap_or_else(|e| {
                eprintln!("tls_loop: {e}");
                std::process::exit(1);
            });
        }
        requests as f64 / start.elapsed().as_secs_f64()
    });
    println!("{rate:.0}");
}

/// The parts of apply's request, made into a `hyper::Request` for each exchange as apply
/// makes one: the target and the header map made once, and cloned.
struct HyperRequest {
    uri: hyper::Uri,
    headers: hyper::HeaderMap,
    body: bytes::Bytes,
}

/// A connection and how it sends.
// One a connection, made once: the size of the larger variant costs nothing.
#[allow(clippy::large_enum_variant)]
enum Client {
    /// The request's bytes written as they are, the answer read by [`read_answer`].
    Raw {
        tls: tokio_rustls::client::TlsStream<tokio::net::TcpStream>,
        request: Arc<Vec<u8>>,
        buffer: Vec<u8>,
    },
    /// Through hyper's HTTP/1.1 client.
    Hyper {
        sender: hyper::client::conn::http1::SendRequest<http_body_util::Full<bytes::Bytes>>,
        request: Arc<HyperRequest>,
    },
}

impl Client {
    /// One request and its whole answer; an error if it is not 2xx.
    async fn exchange(&mut self) -> std::io::Result<()> {
        match self {
            Client::Raw {
                tls,
                request,
                buffer,
            } => {
                tls.write_all(request).await?;
                read_answer(tls, buffer).await
            }
            Client::Hyper { sender, request } => {
                use http_body_util::BodyExt;
                let mut built =
                    hyper::Request::new(http_body_util::Full::new(request.body.clone()));
                *built.method_mut() = hyper::Method::POST;
                *built.uri_mut() = request.uri.clone();
                *built.headers_mut() = request.headers.clone();
                sender.ready().await.map_err(std::io::Error::other)?;
                let answer = sender
                    .send_request(built)
                    .await
                    .map_err(std::io::Error::other)?;
                if !answer.status().is_success() {
                    let status = answer.status();
                    return Err(std::io::Error::other(format!("answered {status}")));
                }
                answer
                    .into_body()
                    .collect()
                    .await
                    .map_err(std::io::Error::other)?;
                Ok(())
            }
        }
    }
}

/// Reads one whole answer (its head, then `Content-Length` bytes of body); an error if it
/// is not 2xx or the connection closes first. No pipelining: nothing follows it.
async fn read_answer(
    stream: &mut (impl tokio::io::AsyncRead + Unpin),
    buffer: &mut [u8],
) -> std::io::Result<()> {
    let invalid = |what: String| std::io::Error::new(std::io::ErrorKind::InvalidData, what);
    let mut filled = 0;
    loop {
        let read = stream.read(&mut buffer[filled..]).await?;
        if read == 0 {
            return Err(invalid("the server closed the connection".into()));
        }
        filled += read;
        let Some(end) = buffer[..filled].windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&buffer[..end]);
        if !head.split(' ').nth(1).is_some_and(|s| s.starts_with('2')) {
            return Err(invalid(format!(
                "answered {}",
                head.lines().next().unwrap_or("")
            )));
        }
        let length: usize = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse().ok())?
            })
            .ok_or_else(|| invalid("an answer without Content-Length".into()))?;
        if filled >= end + 4 + length {
            return Ok(());
        }
    }
}
