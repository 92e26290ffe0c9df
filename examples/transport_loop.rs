//! Why `location apply` sends on connections of its own (crates/locadm-transport/src/connection.rs): the same
//! bare loop of POSTs through each of three HTTP clients built on the same hyper, on one
//! thread, at the same concurrency, runs alternating so that they share the machine's noise.
//!
//!     cargo run --release --example transport_loop -- URL BODY_FILE [REQUESTS] [CONCURRENCY] [ROUNDS]
//!
//! URL must answer POST with a small body (benches/apply.sh's nginx does). Measured here
//! against that nginx, 100k requests at concurrency 16, medians of five rounds: reqwest
//! 73k requests/s, hyper-util's pooled client 107k, hyper's connection API with one
//! connection per task 121k (an earlier, busier run: 56k, 82k, 100k).
// A developer's tool that reports on its own streams (the lints we deny are restriction
// lints, and `disallowed_methods` names stdout and stderr).
#![allow(clippy::restriction, clippy::disallowed_methods)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};

#[derive(Clone, Copy, Debug)]
enum Client {
    Reqwest,
    PooledHyper,
    OwnConnection,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, body_file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: transport_loop URL BODY_FILE [REQUESTS] [CONCURRENCY] [ROUNDS]");
        std::process::exit(2);
    };
    let number = |i: usize, default: usize| rest.get(i).map_or(default, |v| v.parse().unwrap());
    let (requests, concurrency, rounds) = (number(0, 100_000), number(1, 16), number(2, 3));
    let body = Bytes::from(std::fs::read(body_file).expect("read the body file"));
    let uri: hyper::Uri = url.parse().expect("a URL");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for round in 1..=rounds {
        for client in [Client::Reqwest, Client::PooledHyper, Client::OwnConnection] {
            let rate = runtime.block_on(run(client, &uri, &body, requests, concurrency));
            println!("round {round} {client:?}: {rate:.0} requests/s");
        }
    }
}

async fn run(client: Client, uri: &hyper::Uri, body: &Bytes, n: usize, tasks: usize) -> f64 {
    let left = Arc::new(AtomicUsize::new(n));
    // reqwest has no crypto provider of its own here (Cargo.toml): ring, as the tool's.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let reqwest_client = reqwest::Client::new();
    let pooled = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .build_http::<Full<Bytes>>();
    let started = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..tasks {
        let (left, body, uri) = (left.clone(), body.clone(), uri.clone());
        let (reqwest_client, pooled) = (reqwest_client.clone(), pooled.clone());
        set.spawn(async move {
            let next = || left.fetch_sub(1, Ordering::Relaxed) as isize > 0;
            let request = || {
                hyper::Request::post(uri.clone())
                    .header("content-type", "application/json")
                    .body(Full::new(body.clone()))
                    .unwrap()
            };
            match client {
                Client::Reqwest => {
                    while next() {
                        let response = reqwest_client
                            .post(uri.to_string())
                            .header("content-type", "application/json")
                            .body(body.clone())
                            .send()
                            .await
                            .unwrap();
                        response.bytes().await.unwrap();
                    }
                }
                Client::PooledHyper => {
                    while next() {
                        let response = pooled.request(request()).await.unwrap();
                        response.into_body().collect().await.unwrap();
                    }
                }
                Client::OwnConnection => {
                    let authority = uri.authority().unwrap().as_str().to_owned();
                    let stream = tokio::net::TcpStream::connect(&authority).await.unwrap();
                    stream.set_nodelay(true).unwrap();
                    let io = hyper_util::rt::TokioIo::new(stream);
                    let (mut sender, connection) =
                        hyper::client::conn::http1::handshake(io).await.unwrap();
                    tokio::spawn(connection);
                    while next() {
                        let mut request = request();
                        *request.uri_mut() = uri.path().parse().unwrap();
                        request
                            .headers_mut()
                            .insert("host", authority.parse().unwrap());
                        sender.ready().await.unwrap();
                        let response = sender.send_request(request).await.unwrap();
                        response.into_body().collect().await.unwrap();
                    }
                }
            }
        });
    }
    while set.join_next().await.is_some() {}
    n as f64 / started.elapsed().as_secs_f64()
}
