//! Dedicated HTTP/1.1 connections, one per bulk worker (`location apply`).
//!
//! The shared reqwest client checks a connection out of its pool and wraps every request
//! in its own layers. In a bare loop of POSTs against a static server on one thread
//! (`examples/transport_loop.rs`, medians of five rounds) it reached 73k requests/s,
//! hyper-util's pooled client (what reqwest is built on) 107k, and hyper's connection API
//! with a connection per task, which load generators use, 121k.
//! A worker that sends thousands of requests in a row gains nothing from a pool: it keeps
//! one connection, sends on it request after request, and opens a new one when the server
//! closes it. Built from the same hyper, hyper-util and rustls (webpki roots plus the
//! profile's `ca_cert`) as the shared client, so TLS trust is the same on both routes.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::SendRequest;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use tower_service::Service;

use super::{Failure, TransportError, TransportKind, MAX_RESPONSE_BYTES};
use crate::error::{Error, Result};
use crate::settings::Settings;

/// What opens dedicated connections to the base URL's origin; shared by the workers.
pub struct Connector {
    https: HttpsConnector<HttpConnector>,
    /// `scheme://host:port` of the base URL: where every connection goes.
    origin: hyper::Uri,
    /// The `Host` header (HTTP/1.1 requests carry the path only).
    host: hyper::header::HeaderValue,
    /// For connecting (TCP and TLS), as the shared client has it.
    connect_timeout: Duration,
    /// For one exchange once connected: sending the request and reading the whole answer.
    timeout: Duration,
}

impl Connector {
    pub fn new(settings: &Settings, base_url: &url::Url) -> Result<Connector> {
        let mut roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        if let Some(path) = &settings.ca_cert {
            // `http_client` has already refused a file without a certificate.
            let pem = super::read_ca_cert(path)?;
            for certificate in CertificateDer::pem_slice_iter(&pem).flatten() {
                roots.add(certificate).map_err(|e| {
                    Error::usage(format!(
                        "`{}` (ca_cert) holds a certificate that cannot be used: {e}",
                        path.display()
                    ))
                })?;
            }
        }
        let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::other(format!("cannot set up TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();

        let connect_timeout = super::connect_timeout(settings);
        let mut tcp = HttpConnector::new();
        tcp.enforce_http(false);
        tcp.set_nodelay(true);
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .wrap_connector(tcp);

        let host = base_url
            .host_str()
            .ok_or_else(|| Error::usage(format!("the base URL `{base_url}` has no host")))?;
        let authority = match base_url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        };
        let port = base_url.port_or_known_default().unwrap_or(80);
        let origin = format!("{}://{host}:{port}", base_url.scheme())
            .parse()
            .map_err(|e| Error::usage(format!("the base URL `{base_url}`: {e}")))?;
        let host = hyper::header::HeaderValue::from_str(&authority)
            .map_err(|e| Error::usage(format!("the base URL `{base_url}`: {e}")))?;
        Ok(Connector {
            https,
            origin,
            host,
            connect_timeout,
            timeout: settings.timeout,
        })
    }
}

/// One worker's connection, opened on first use and again whenever the server closed it.
pub struct Connection {
    connector: Arc<Connector>,
    sender: Option<SendRequest<Full<Bytes>>>,
}

impl Connection {
    pub fn new(connector: Arc<Connector>) -> Connection {
        Connection {
            connector,
            sender: None,
        }
    }

    pub(super) fn host(&self) -> &hyper::header::HeaderValue {
        &self.connector.host
    }

    async fn open(&self) -> std::result::Result<SendRequest<Full<Bytes>>, TransportError> {
        let connecting = self
            .connector
            .https
            .clone()
            .call(self.connector.origin.clone());
        let stream = tokio::time::timeout(self.connector.connect_timeout, connecting)
            .await
            .map_err(|_| TransportError {
                kind: TransportKind::Connect,
                cause: "connect timed out".into(),
            })?
            .map_err(|e| TransportError::new(TransportKind::Connect, &*e))?;
        let (sender, connection) = hyper::client::conn::http1::handshake(stream)
            .await
            .map_err(|e| TransportError::new(TransportKind::Connect, &e))?;
        // The connection's I/O runs as a task of its own (on the same runtime), as in
        // hyper's client; it ends when the sender is dropped or the server closes.
        tokio::spawn(async move {
            let _ = connection.await;
        });
        Ok(sender)
    }

    /// Sends `request` and reads the whole response (at most [`MAX_RESPONSE_BYTES`]).
    pub(super) async fn exchange(
        &mut self,
        request: hyper::Request<Full<Bytes>>,
    ) -> std::result::Result<(hyper::http::response::Parts, Bytes), Failure> {
        let result = self.exchange_once(request).await;
        if result.is_err() {
            // Whatever state the connection is in, the next request gets a fresh one.
            self.sender = None;
        }
        result
    }

    async fn exchange_once(
        &mut self,
        mut request: hyper::Request<Full<Bytes>>,
    ) -> std::result::Result<(hyper::http::response::Parts, Bytes), Failure> {
        let (response, deadline) = loop {
            // A kept-alive connection the server has closed in the meantime (its idle
            // timeout, a limit of requests per connection) fails without sending anything:
            // the request goes once more, at once, on a new connection. A new connection
            // that fails is the server's failure, for the caller's retries.
            let reused = self.sender.as_ref().is_some_and(|s| !s.is_closed());
            if !reused {
                self.sender = Some(self.open().await?);
            }
            let sender = self.sender.as_mut().expect("just opened");
            if let Err(e) = sender.ready().await {
                self.sender = None;
                if reused {
                    continue;
                }
                return Err(TransportError::new(TransportKind::NotSent, &e).into());
            }
            // From here the request may reach the service: no whole answer in time is a
            // timeout, which leaves the outcome of a create unknown.
            let deadline = tokio::time::Instant::now() + self.connector.timeout;
            let sent = tokio::time::timeout_at(deadline, sender.try_send_request(request));
            let Ok(sent) = sent.await else {
                return Err(timed_out());
            };
            match sent {
                Ok(response) => break (response, deadline),
                Err(mut e) => {
                    self.sender = None;
                    // hyper hands the request back when it never reached the wire.
                    match e.take_message() {
                        Some(unsent) if reused => request = unsent,
                        Some(_) => {
                            let e = e.into_error();
                            return Err(TransportError::new(TransportKind::NotSent, &e).into());
                        }
                        None => {
                            let e = e.into_error();
                            return Err(TransportError::new(TransportKind::Broken, &e).into());
                        }
                    }
                }
            }
        };
        let (parts, body) = response.into_parts();
        let reading = Limited::new(body, MAX_RESPONSE_BYTES).collect();
        let body = tokio::time::timeout_at(deadline, reading)
            .await
            .map_err(|_| timed_out())?
            .map_err(|e| {
                if e.is::<http_body_util::LengthLimitError>() {
                    Failure::TooLarge
                } else {
                    Failure::Transport(TransportError::new(TransportKind::Broken, &*e))
                }
            })?
            .to_bytes();
        Ok((parts, body))
    }
}

fn timed_out() -> Failure {
    Failure::Transport(TransportError {
        kind: TransportKind::Timeout,
        cause: "operation timed out".into(),
    })
}
