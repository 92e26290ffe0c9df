//! A tiny raw HTTP/1.1 server on 127.0.0.1:0 for tests of hostile or broken servers: each
//! connection is read up to the end of its request head (and a Content-Length body), the
//! request is recorded, and the test's handler writes whatever bytes it likes, or nothing.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Handler = dyn Fn(&str, &mut TcpStream) + Send + Sync + 'static;

pub(crate) struct RawServer {
    pub addr: SocketAddr,
    requests: Arc<Mutex<Vec<String>>>,
    connections: Arc<AtomicUsize>,
}

impl RawServer {
    /// Starts the server; `handler` gets the request (head and body, as text) and the
    /// connection, which is closed when the handler returns.
    pub(crate) fn start(
        handler: impl Fn(&str, &mut TcpStream) + Send + Sync + 'static,
    ) -> RawServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let requests: Arc<Mutex<Vec<String>>> = Arc::default();
        let connections: Arc<AtomicUsize> = Arc::default();
        let handler: Arc<Handler> = Arc::new(handler);
        let (reqs, conns) = (Arc::clone(&requests), Arc::clone(&connections));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                conns.fetch_add(1, Ordering::SeqCst);
                let (handler, reqs) = (Arc::clone(&handler), Arc::clone(&reqs));
                std::thread::spawn(move || {
                    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
                    let request = read_request(&mut stream);
                    reqs.lock().unwrap().push(request.clone());
                    handler(&request, &mut stream);
                    let _ = stream.flush();
                });
            }
        });
        RawServer {
            addr,
            requests,
            connections,
        }
    }

    /// A server that answers every request with `response` (raw bytes, head and body).
    pub(crate) fn answering(response: impl Into<Vec<u8>>) -> RawServer {
        let response: Vec<u8> = response.into();
        RawServer::start(move |_, stream| {
            let _ = stream.write_all(&response);
        })
    }

    pub(crate) fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub(crate) fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }

    pub(crate) fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

/// A whole response with `Content-Length` and `Connection: close`.
pub(crate) fn response(status: &str, content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

fn read_request(stream: &mut TcpStream) -> String {
    let mut data = Vec::new();
    let mut buf = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = find(&data, b"\r\n\r\n") {
            break at + 4;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return String::from_utf8_lossy(&data).into_owned(),
            Ok(n) => data.extend_from_slice(&buf[..n]),
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    while data.len() < head_end + length {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => data.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&data).into_owned()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
