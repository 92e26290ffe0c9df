//! Dedicated HTTP/1.1 connections, one per bulk worker (`location apply`), and the few
//! shared ones of `lanes.rs` when connections are scarce.
//!
//! The shared reqwest client checks a connection out of its pool and wraps every request
//! in its own layers. In a bare loop of POSTs against a static server on one thread
//! (`examples/transport_loop.rs`, medians of five rounds) it reached 73k requests/s,
//! hyper-util's pooled client (what reqwest is built on) 107k, and hyper's connection API
//! with a connection per task, which load generators use, 121k.
//! A worker that sends thousands of requests in a row gains nothing from a pool: it keeps
//! one connection, sends on it request after request, and opens a new one when the server
//! closes it. Built from the same hyper, hyper-util and rustls, with the shared client's
//! own TLS configuration (the CLI's `api::transport::Transport`: the machine's trust plus
//! the profile's `ca_cert`, read once), so TLS trust is the same on both routes.
//! Every connection of a run shares that configuration, and with it one session
//! cache: a connection opened again after the server closed one resumes its TLS session
//! instead of paying a full handshake.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{HeaderMap, HeaderValue, InvalidHeaderValue, AUTHORIZATION};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::{Connection as _, HttpConnector};
use secrecy::{ExposeSecret, SecretString};
use tower_service::Service;

use crate::exchange::{Answer, Exchanged, Http1};
use crate::failure::{Failure, TransportError, TransportKind};
use crate::http2::Http2;
use crate::lanes::{Held, Lane, Lanes, OpenLane};

/// What a connection is carried on: TCP, or TLS over TCP, as hyper-util and hyper-rustls
/// open it.
type Stream = hyper_rustls::MaybeHttpsStream<hyper_util::rt::TokioIo<tokio::net::TcpStream>>;

/// How a run's connections are made, and what every request on them carries.
pub struct Options<'a> {
    /// The TLS configuration (trust, session store) without ALPN: each kind of connection
    /// sets its own.
    pub tls: &'a rustls::ClientConfig,
    /// Where every connection goes: its scheme, host and port.
    pub base_url: &'a url::Url,
    /// The headers of every request but `Host` and the token, [without a body, with one].
    pub headers: [HeaderMap; 2],
    /// For connecting (TCP and TLS).
    pub connect_timeout: Duration,
    /// For one exchange once connected: sending the request and reading the whole answer.
    pub timeout: Duration,
    /// The most connections the service allows this client (`--max-connections`); `None`
    /// until a refused connection tells.
    pub max_connections: Option<usize>,
}

/// A base URL no connection can be made to.
#[derive(Debug)]
pub enum BadBaseUrl {
    /// It names no host.
    NoHost,
    /// Its host and port make no request target or `Host` header (the reason).
    Invalid(String),
}

impl std::fmt::Display for BadBaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadBaseUrl::NoHost => f.write_str("it has no host"),
            BadBaseUrl::Invalid(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for BadBaseUrl {}

/// What opens connections to the base URL's origin; shared by the workers.
pub struct Connector {
    /// ALPN `http/1.1` only: a worker's dedicated connection (HTTP/1.1 over many
    /// connections is the faster where connections are not scarce).
    dedicated: HttpsConnector<HttpConnector>,
    /// ALPN `h2`, then `http/1.1`: a shared lane, which multiplexes when HTTP/2 is agreed.
    shared: HttpsConnector<HttpConnector>,
    /// `scheme://host:port` of the base URL: where every connection goes.
    origin: hyper::Uri,
    /// The headers of every request but its token, without a body and with one: `Host`
    /// (HTTP/1.1 requests carry the path only; HTTP/2 takes it as `:authority`) and
    /// `transport::request_headers`. Each connection adds its token's `Authorization` to
    /// them once, and clones the whole for each request, which is cheaper than building a
    /// map by inserting (and hashing) each header again.
    headers: [HeaderMap; 2],
    /// For connecting (TCP and TLS), as the shared client has it.
    connect_timeout: Duration,
    /// For one exchange once connected: sending the request and reading the whole answer.
    timeout: Duration,
    /// The connections the service allows, and the shared lanes once they are scarce.
    lanes: Lanes,
    /// Kept-alive HTTP/1.1 connections between two requests. A worker takes one for an
    /// exchange and puts it back (last in, first out: as many stay open as the most
    /// workers ever sent at once), so that when connections turn scarce the idle ones
    /// can be closed at once, not when their worker next sends.
    idle: std::sync::Mutex<Vec<(Http1, Held)>>,
}

/// Why no connection was opened.
enum Opening {
    /// Refused while others of the run were open: the service's limit of connections.
    Refused,
    Failed(TransportError),
}

impl Connector {
    pub fn new(options: Options<'_>) -> Result<Connector, BadBaseUrl> {
        // `tls` is the shared client's configuration: its trust, and its one session
        // store (`sessions.rs`). hyper-rustls sets the ALPN of each connector.
        let Options {
            tls,
            base_url,
            headers,
            connect_timeout,
            timeout,
            max_connections,
        } = options;
        let mut tcp = HttpConnector::new();
        tcp.enforce_http(false);
        tcp.set_nodelay(true);
        let dedicated = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls.clone())
            .https_or_http()
            .enable_http1()
            .wrap_connector(tcp.clone());
        let shared = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls.clone())
            .https_or_http()
            .enable_all_versions()
            .wrap_connector(tcp);

        let host = base_url.host_str().ok_or(BadBaseUrl::NoHost)?;
        let authority = match base_url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        };
        let port = base_url.port_or_known_default().unwrap_or(80);
        let invalid = |e: &dyn std::fmt::Display| BadBaseUrl::Invalid(e.to_string());
        let origin = format!("{}://{host}:{port}", base_url.scheme())
            .parse()
            .map_err(|e| invalid(&e))?;
        let host = HeaderValue::from_str(&authority).map_err(|e| invalid(&e))?;
        let headers = headers.map(|given| {
            let mut headers = HeaderMap::with_capacity(given.len() + 2);
            headers.insert(hyper::header::HOST, host.clone());
            headers.extend(given);
            headers
        });
        Ok(Connector {
            dedicated,
            shared,
            origin,
            headers,
            connect_timeout,
            timeout,
            lanes: Lanes::new(max_connections),
            idle: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// How the run's requests travelled, for its summary: `None` on dedicated connections.
    pub fn shared_description(&self) -> Option<String> {
        self.lanes.describe()
    }

    /// The connections the service allows and whether it offered HTTP/2 on them, once
    /// known ([`Lanes::learned`]).
    pub fn connections(&self) -> Option<(usize, bool)> {
        self.lanes.learned()
    }

    async fn connect(
        &self,
        connector: &HttpsConnector<HttpConnector>,
    ) -> std::result::Result<Stream, TransportError> {
        let connecting = connector.clone().call(self.origin.clone());
        tokio::time::timeout(self.connect_timeout, connecting)
            .await
            .map_err(|_| TransportError {
                kind: TransportKind::Connect,
                cause: "connect timed out".into(),
            })?
            .map_err(|e| TransportError::new(TransportKind::Connect, &*e))
    }

    /// A worker's own HTTP/1.1 connection, counted while it is held.
    async fn open_dedicated(&self) -> std::result::Result<(Http1, Held), Opening> {
        // Counted from the start: others still in their handshake count as open when this
        // one is refused (too many is corrected lane by lane, too few would never be).
        let held = self.lanes.hold();
        let stream = match self.connect(&self.dedicated).await {
            Ok(stream) => stream,
            Err(e) => {
                drop(held);
                // A connection refused while the run holds others: the service caps them.
                if e.kind == TransportKind::Connect && self.refused() {
                    return Err(Opening::Refused);
                }
                return Err(Opening::Failed(e));
            }
        };
        let sender = Http1::handshake(stream)
            .await
            .map_err(|e| Opening::Failed(TransportError::new(TransportKind::Connect, &e)))?;
        Ok((sender, held))
    }

    /// A shared lane: HTTP/2 when the service agrees to it by ALPN, else HTTP/1.1.
    async fn open_shared(&self) -> std::result::Result<Lane, TransportError> {
        let stream = self.connect(&self.shared).await?;
        let failed = |e: hyper::Error| TransportError::new(TransportKind::Connect, &e);
        if stream.connected().is_negotiated_h2() {
            let io = hyper_util::rt::TokioIo::new(stream);
            Ok(Lane::Http2(Http2::handshake(io, &self.origin).await?))
        } else {
            Ok(Lane::Http1(Http1::handshake(stream).await.map_err(failed)?))
        }
    }
}

/// A worker's way to the service: a kept-alive HTTP/1.1 connection of the connector's
/// that no other worker is using (opened when there is none), or, once connections are
/// known to be scarce, the connector's shared lanes.
///
/// It keeps the headers with the last token (the same until it is renewed) from one
/// request to the next, made once instead of for every record.
pub struct Connection {
    connector: Arc<Connector>,
    /// Boxed: two header maps are a few hundred bytes, which every `Route` (whose other
    /// variant is empty) would carry otherwise.
    kept: Box<Kept>,
    /// The shared lane this worker keeps to, once connections are scarce.
    affinity: usize,
}

#[derive(Default)]
struct Kept {
    /// The last token, and the connector's headers with it (without a body and with one).
    authorized: Option<(SecretString, [HeaderMap; 2])>,
}

impl Connection {
    pub fn new(connector: Arc<Connector>) -> Connection {
        Connection {
            affinity: connector.lanes.affinity(),
            connector,
            kept: Box::default(),
        }
    }

    /// The headers of a request on this connection, `token` in its `Authorization`
    /// (marked sensitive: never shown): the connector's, with the token's header added
    /// once for each token rather than for each request.
    pub fn headers(
        &mut self,
        has_body: bool,
        token: &SecretString,
    ) -> std::result::Result<HeaderMap, InvalidHeaderValue> {
        let current = matches!(&self.kept.authorized,
            Some((last, _)) if last.expose_secret() == token.expose_secret());
        if !current {
            let mut authorization =
                HeaderValue::try_from(format!("Bearer {}", token.expose_secret()))?;
            authorization.set_sensitive(true);
            let headers = self.connector.headers.clone().map(|mut headers| {
                headers.insert(AUTHORIZATION, authorization.clone());
                headers
            });
            self.kept.authorized = Some((token.clone(), headers));
        }
        let (_, headers) = self.kept.authorized.as_ref().expect("made above");
        Ok(headers[usize::from(has_body)].clone())
    }

    /// Closes the kept-alive connections, the one that just answered among them: after an
    /// answer that belongs to another request, whatever sits between the tool and the
    /// service cannot be trusted to pair requests and answers on any of them.
    pub fn close_kept_alive(&self) {
        self.connector
            .idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// Sends `request` and reads the whole response (at most [`BodyBuffer`](crate::body::BodyBuffer)'s caps).
    pub async fn exchange(
        &mut self,
        request: hyper::Request<Full<Bytes>>,
    ) -> std::result::Result<Answer, Failure> {
        let connector = &*self.connector;
        let request = match connector.lanes.shared() {
            Some(_) => request,
            None => match connector.exchange_dedicated(request).await? {
                Dedicated::Done(answer) => return Ok(answer),
                Dedicated::Scarce(request) => request,
            },
        };
        // Connections are scarce: the request goes on one of the few the run shares.
        let lanes = connector.lanes.shared().expect("scarce: the lanes are set");
        // Boxed, as the opening of a connection below: each is kilobytes of future,
        // which the exchange on an open connection, the one done per record, would
        // otherwise carry (and copy) too.
        Box::pin(lanes.exchange(connector, request, self.affinity)).await
    }
}

impl Connector {
    /// A kept-alive connection no worker is using, if one is still open.
    fn idle_connection(&self) -> Option<(Http1, Held)> {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        while let Some(connection) = idle.pop() {
            if !connection.0.is_closed() {
                return Some(connection);
            }
        }
        None
    }

    /// Keeps a connection for the next request, unless connections became scarce.
    fn put_back(&self, connection: (Http1, Held)) {
        if self.lanes.shared().is_none() {
            let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
            idle.push(connection);
        }
    }

    /// A new connection was refused: with others open, connections are scarce from now
    /// on, and the idle ones are closed to make room for the shared lanes.
    fn refused(&self) -> bool {
        let scarce = self.lanes.refused();
        if scarce {
            self.idle.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
        scarce
    }

    async fn exchange_dedicated(
        &self,
        mut request: hyper::Request<Full<Bytes>>,
    ) -> std::result::Result<Dedicated, Failure> {
        loop {
            let (mut connection, reused) = match self.idle_connection() {
                Some(connection) => (connection, true),
                None => match Box::pin(self.open_dedicated()).await {
                    Ok(connection) => (connection, false),
                    Err(Opening::Refused) => return Ok(Dedicated::Scarce(request)),
                    Err(Opening::Failed(e)) => return Err(e.into()),
                },
            };
            // On any failure (`?`) the connection is dropped (closed): whatever state it
            // is in, the next request gets another.
            match connection.0.exchange(request, reused, self.timeout).await? {
                Exchanged::Answered(answer) => {
                    self.put_back(connection);
                    return Ok(Dedicated::Done(answer));
                }
                Exchanged::Unsent(unsent) => request = unsent,
                Exchanged::ClosedUnanswered(e) => {
                    // While the run holds other connections, this is the service capping
                    // them. The request's outcome is the caller's to judge; the requests
                    // after it share the connections the run has.
                    drop(connection);
                    self.refused();
                    return Err(e.into());
                }
            }
        }
    }
}

enum Dedicated {
    Done(Answer),
    /// A new connection was refused while others were open: connections are scarce now,
    /// and the request, not sent, goes on the shared lanes.
    Scarce(hyper::Request<Full<Bytes>>),
}

impl OpenLane for Connector {
    async fn open_lane(&self) -> std::result::Result<Lane, TransportError> {
        self.open_shared().await
    }

    fn timeout(&self) -> Duration {
        self.timeout
    }
}
