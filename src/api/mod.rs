//! The one HTTP client of the location service. It owns the base URL, timeouts, the
//! bearer token (renewed once on a 401), retries, redirects, the `--verbose` trace and the
//! mapping of every status to a typed error. Commands never touch reqwest directly.

mod connection;
mod errors;
mod exchange;
mod lanes;
pub mod pacer;
mod proxy;
mod trace;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;

use self::connection::{Connection, Connector};
use crate::error::{Error, Result};
use crate::model::{Link, LocationBody, LocationRead, ProviderBody, WriteOp};
use crate::output::Verbose;
use crate::settings::Settings;

pub use errors::{error_text_of, Permission};

/// `locadm/<version>`, on every request.
pub const USER_AGENT: &str = concat!("locadm/", env!("CARGO_PKG_VERSION"));

/// The largest response body read; a larger one is refused rather than buffered.
pub const MAX_RESPONSE_BYTES: usize = 8 << 20;

/// Where bearer tokens come from. Implemented by the auth session (keyring cache and
/// OAuth 2.0 client credentials) and by a fixed token (`LOCADM_TOKEN`).
pub trait Credentials: Send + Sync {
    /// A token to send, from the cache when it is still good.
    fn bearer(&self) -> BoxFuture<'_, Result<SecretString>>;
    /// A new token after the service refused `refused` with 401; fails when none can be
    /// had. Concurrent requests refused together share one renewal.
    fn renew<'a>(&'a self, refused: &'a SecretString) -> BoxFuture<'a, Result<SecretString>>;
    /// A token fetched now with the credentials given, never a cached one: proof that
    /// they still work (`smoke`'s first step). A given token (`LOCADM_TOKEN`) is
    /// returned as it is.
    fn fetch_new(&self) -> BoxFuture<'_, Result<SecretString>>;
    /// The scope granted with the current token, when known (for 403 messages).
    fn granted_scope(&self) -> Option<Vec<String>>;
}

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A response as it came: status and body bytes (printed unchanged by `-o json`).
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: StatusCode,
    pub body: bytes::Bytes,
    /// The `Retry-After` of a 429 or 503, capped.
    pub retry_after: Option<Duration>,
    /// The `Location` of a redirect (3xx), which is reported, never followed.
    pub location: Option<String>,
    /// Why a 401 refused the token, from its `WWW-Authenticate: Bearer` challenge
    /// (RFC 6750: `error` and `error_description`), made safe to print.
    pub refusal: Option<String>,
}

impl Reply {
    fn new(status: StatusCode, headers: &reqwest::header::HeaderMap, body: bytes::Bytes) -> Reply {
        let retry_after = errors::parse_retry_after(
            headers
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
        );
        let location = status
            .is_redirection()
            .then(|| headers.get(reqwest::header::LOCATION))
            .flatten()
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        let refusal = (status == StatusCode::UNAUTHORIZED)
            .then(|| {
                headers
                    .get_all(reqwest::header::WWW_AUTHENTICATE)
                    .iter()
                    .find_map(|v| errors::bearer_refusal(&String::from_utf8_lossy(v.as_bytes())))
            })
            .flatten();
        Reply {
            status,
            body,
            retry_after,
            location,
            refusal,
        }
    }

    pub fn json<T: serde::de::DeserializeOwned>(&self, what: &str) -> Result<T> {
        // A success status with a body that cannot be read is the server's failure (exit 6),
        // like a 5xx: the request may well have been carried out.
        serde_json::from_slice(&self.body).map_err(|e| Error::Unavailable {
            status: Some(self.status.as_u16()),
            message: format!(
                "the service answered {} with a body that is not {what}: {e}",
                self.status
            ),
            hint: Some("check the base URL; `--verbose` shows the exchange".into()),
        })
    }
}

/// Why one attempt got no reply to map: the transport failed, or the body was over
/// [`MAX_RESPONSE_BYTES`] and was not read.
enum Failure {
    Transport(TransportError),
    TooLarge,
}

impl From<reqwest::Error> for Failure {
    fn from(e: reqwest::Error) -> Failure {
        Failure::Transport(TransportError::from(e))
    }
}

impl From<TransportError> for Failure {
    fn from(e: TransportError) -> Failure {
        Failure::Transport(e)
    }
}

/// A request that got no response, from either route, in the terms that decide whether it
/// may be sent again and what the user is told.
struct TransportError {
    kind: TransportKind,
    /// The innermost cause ("Connection refused", a certificate problem).
    cause: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TransportKind {
    /// No connection could be made: nothing was sent.
    Connect,
    /// The TLS handshake failed (an untrusted certificate, no protocol in common): nothing
    /// was sent, and sending again cannot help.
    Tls,
    /// The connection was closed before the request was written: nothing was sent.
    NotSent,
    /// The request could not be built (a bad URL or header): sending again cannot help.
    Invalid,
    /// No complete answer in time; the request may have been carried out.
    Timeout,
    /// The exchange broke after the request went out; it may have been carried out.
    Broken,
}

impl TransportError {
    fn new(kind: TransportKind, e: &(dyn std::error::Error + 'static)) -> TransportError {
        let kind = match kind {
            TransportKind::Connect if is_tls_failure(e) => TransportKind::Tls,
            kind => kind,
        };
        TransportError {
            kind,
            cause: errors::root_cause(e),
        }
    }
}

/// Whether rustls is behind `e`. An `io::Error` does not give the error it wraps as its
/// source (hyper-rustls wraps rustls's error in two), so those are opened by hand.
fn is_tls_failure(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(e) = cause {
        if e.is::<rustls::Error>() {
            return true;
        }
        cause = match e
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::get_ref)
        {
            Some(inner) => Some(inner),
            None => e.source(),
        };
    }
    false
}

impl From<reqwest::Error> for TransportError {
    fn from(e: reqwest::Error) -> TransportError {
        let kind = if e.is_builder() {
            TransportKind::Invalid
        } else if e.is_connect() {
            TransportKind::Connect
        } else if e.is_timeout() {
            TransportKind::Timeout
        } else {
            TransportKind::Broken
        };
        TransportError::new(kind, &e)
    }
}

/// How a request travels: through the shared client's connection pool, or on a
/// connection of the caller's own (a bulk worker's; see `connection.rs`).
pub enum Route {
    Shared,
    Dedicated(Connection),
}

/// Hands each bulk worker its route.
pub struct BulkRoutes(Option<Arc<Connector>>);

impl BulkRoutes {
    pub fn route(&self) -> Route {
        match &self.0 {
            Some(connector) => Route::Dedicated(Connection::new(connector.clone())),
            None => Route::Shared,
        }
    }

    /// `over 2 connections (HTTP/2)` when the workers shared a few connections.
    pub fn shared_description(&self) -> Option<String> {
        self.0.as_ref()?.shared_description()
    }
}

/// When a failed request may be sent again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Idempotency {
    /// GET, PUT, DELETE: sending twice has the effect of sending once.
    Idempotent,
    /// POST create: retried only when the service certainly did not act on it.
    Create,
}

#[derive(Clone)]
pub struct ApiClient {
    http: reqwest::Client,
    base_url: url::Url,
    read_prefix: String,
    credentials: Arc<dyn Credentials>,
    trace: trace::Trace,
    /// Attempts for a retryable failure (429, 502, 503, 504, connection refused).
    pub max_attempts: u32,
    /// A bulk run's pace (in flight, `--rate`, a run-wide `Retry-After`): every attempt
    /// waits for it and tells it how the service answered.
    pacer: Option<Arc<pacer::Pacer>>,
}

impl ApiClient {
    /// A client for the settings' base URL, sharing `http` (one connection pool per run).
    pub fn new(
        settings: &Settings,
        http: reqwest::Client,
        credentials: Arc<dyn Credentials>,
        verbose: Verbose,
    ) -> Result<ApiClient> {
        let base_url = settings.base_url.as_ref().map(|u| u.as_url().clone()).ok_or_else(|| {
            match settings.missing_profile() {
                Some((message, hint)) => Error::usage(message).with_hint(hint),
                None => Error::usage("no base URL is configured").with_hint(
                    "pass `--base-url URL`, set `LOCADM_BASE_URL`, run `locadm login`, or use `--profile local` for the built-in emulator",
                ),
            }
        })?;
        Ok(ApiClient {
            http,
            base_url,
            read_prefix: settings.read_prefix.trim_end_matches('/').to_owned(),
            credentials,
            trace: trace::Trace::new(verbose),
            max_attempts: 3,
            pacer: None,
        })
    }

    /// The same client, its every request paced by `pacer` (a bulk run).
    pub fn with_pacer(mut self, pacer: Arc<pacer::Pacer>) -> ApiClient {
        self.pacer = Some(pacer);
        self
    }

    /// A bearer token, from the cache or the token endpoint (`auth token`, `smoke`).
    pub async fn token(&self) -> Result<SecretString> {
        self.credentials.bearer().await
    }

    /// A token fetched now (see [`Credentials::fetch_new`]).
    pub async fn fresh_token(&self) -> Result<SecretString> {
        self.credentials.fetch_new().await
    }

    pub fn base_url(&self) -> &url::Url {
        &self.base_url
    }

    /// Routes for the workers of a bulk run: a connection of its own for each, or the
    /// shared pool when the base URL goes through a proxy (the same `proxy::ProxyPolicy` as
    /// the shared client's; the dedicated connections go straight to the service).
    /// `max_connections`: the most the service allows (`--max-connections`): the workers
    /// share that many (see `lanes.rs`).
    pub fn bulk_routes(
        &self,
        settings: &Settings,
        max_connections: Option<usize>,
    ) -> Result<BulkRoutes> {
        if proxy::ProxyPolicy::from_env()
            .proxy_for(&self.base_url)
            .is_some()
        {
            self.trace
                .note("a proxy is configured: the bulk workers share the pooled client");
            return Ok(BulkRoutes(None));
        }
        Ok(BulkRoutes(Some(Arc::new(Connector::new(
            settings,
            &self.base_url,
            max_connections,
        )?))))
    }

    fn url(&self, path: &str) -> url::Url {
        let mut url = self.base_url.clone();
        let joined = format!("{}{}", self.base_url.path().trim_end_matches('/'), path);
        url.set_path(&joined);
        url
    }

    pub async fn create_location(&self, body: &LocationBody) -> Result<Reply> {
        self.create_location_json(
            &mut Route::Shared,
            json_payload(&body.for_op(WriteOp::Create))?,
        )
        .await
    }

    /// A create from a body already checked and serialized (`location apply`).
    pub async fn create_location_json(
        &self,
        route: &mut Route,
        payload: bytes::Bytes,
    ) -> Result<Reply> {
        self.send_payload(
            route,
            Method::POST,
            "/locations",
            Some(payload),
            Permission::CreateLocations,
            Idempotency::Create,
            None,
        )
        .await
    }

    /// Whether the base URL answers as the location service does, for `login`: a create
    /// with an empty body is refused for what it lacks (400 naming a property) or for a
    /// missing permission (403), and nothing is created either way. `Err` says what
    /// answered instead, as the end of a sentence about the base URL.
    pub async fn check_service(&self) -> std::result::Result<(), String> {
        let empty = bytes::Bytes::from_static(b"{}");
        match self.create_location_json(&mut Route::Shared, empty).await {
            Err(Error::Rejected {
                status: 400,
                property: Some(_),
                ..
            })
            | Err(Error::Permission { .. }) => Ok(()),
            Ok(reply) => Err(format!(
                "accepted an empty location ({}): it is not the location service",
                reply.status
            )),
            Err(Error::NotFound { .. }) => Err(
                "answered 404 to POST /locations: no location service is there (a path missing or extra?)"
                    .to_owned(),
            ),
            Err(Error::Rejected { status, .. }) => Err(format!(
                "answered {status} to an empty location without naming a property, as the location service does"
            )),
            Err(error) => Err(format!("could not be checked: {error}")),
        }
    }

    pub async fn get_location(&self, id: &uuid::Uuid) -> Result<(LocationRead, Reply)> {
        let reply = self.read_location(&mut Route::Shared, id).await?;
        Ok((reply.json("a location")?, reply))
    }

    /// A location's read form as the service sent it, on `route` (bulk export, merge).
    pub async fn read_location(&self, route: &mut Route, id: &uuid::Uuid) -> Result<Reply> {
        let path = format!("{}/locations/{id}", self.read_prefix);
        self.send_payload(
            route,
            Method::GET,
            &path,
            None,
            Permission::ReadLocations,
            Idempotency::Idempotent,
            Some(id),
        )
        .await
    }

    pub async fn update_location(&self, id: &uuid::Uuid, body: &LocationBody) -> Result<Reply> {
        let payload = json_payload(&body.for_op(WriteOp::Update))?;
        self.update_location_json(&mut Route::Shared, id, payload)
            .await
    }

    /// An update from a body already checked and serialized (`location apply`).
    pub async fn update_location_json(
        &self,
        route: &mut Route,
        id: &uuid::Uuid,
        payload: bytes::Bytes,
    ) -> Result<Reply> {
        let path = format!("/locations/{id}");
        self.send_payload(
            route,
            Method::PUT,
            &path,
            Some(payload),
            Permission::UpdateLocations,
            Idempotency::Idempotent,
            Some(id),
        )
        .await
    }

    pub async fn delete_location(&self, id: &uuid::Uuid) -> Result<Reply> {
        self.delete_location_on(&mut Route::Shared, id).await
    }

    pub async fn delete_location_on(&self, route: &mut Route, id: &uuid::Uuid) -> Result<Reply> {
        let path = format!("/locations/{id}");
        self.send_payload(
            route,
            Method::DELETE,
            &path,
            None,
            Permission::DeleteLocations,
            Idempotency::Idempotent,
            Some(id),
        )
        .await
    }

    pub async fn update_provider(&self, id: &uuid::Uuid, body: &ProviderBody) -> Result<Reply> {
        let path = format!("/locationProviders/{id}");
        self.send(
            Method::PUT,
            &path,
            Some(body),
            Permission::UpdateLocationProviders,
            Idempotency::Idempotent,
            Some(id),
        )
        .await
    }

    /// Sends one request: bearer token, one renewal on 401, retries on 429/502/503/504
    /// and refused connections (honouring `Retry-After`), status mapped to an error.
    pub async fn send<B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
        permission: Permission,
        idempotency: Idempotency,
        id: Option<&uuid::Uuid>,
    ) -> Result<Reply> {
        let payload = body.map(json_payload).transpose()?;
        self.send_payload(
            &mut Route::Shared,
            method,
            path,
            payload,
            permission,
            idempotency,
            id,
        )
        .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn send_payload(
        &self,
        route: &mut Route,
        method: Method,
        path: &str,
        payload: Option<bytes::Bytes>,
        permission: Permission,
        idempotency: Idempotency,
        id: Option<&uuid::Uuid>,
    ) -> Result<Reply> {
        let url = self.url(path);
        let mut token = self.credentials.bearer().await?;
        let mut renewed = false;
        let mut attempt = 1;
        loop {
            if let Some(pacer) = &self.pacer {
                pacer.before_send().await;
            }
            let sent = std::time::Instant::now();
            let outcome = match route {
                Route::Shared => self.attempt(&method, &url, payload.as_ref(), &token).await,
                Route::Dedicated(connection) => {
                    self.attempt_on(connection, &method, &url, payload.as_ref(), &token)
                        .await
                }
            };
            if let Some(pacer) = &self.pacer {
                pacer.observe(pace_signal(&outcome, sent.elapsed()));
            }
            let retry_after = match &outcome {
                Ok(reply) if reply.status == StatusCode::UNAUTHORIZED && !renewed => {
                    self.trace.note("401: renewing the token once and retrying");
                    token = self
                        .credentials
                        .renew(&token)
                        .await
                        .map_err(|e| errors::with_refusal(e, reply.refusal.as_deref()))?;
                    renewed = true;
                    continue;
                }
                Ok(reply) if errors::retryable_status(reply.status, idempotency) => {
                    Some(errors::retry_after(reply).unwrap_or_else(|| backoff(attempt)))
                }
                Err(Failure::Transport(e)) if errors::retryable_transport(e, idempotency) => {
                    Some(backoff(attempt))
                }
                _ => None,
            };
            match retry_after {
                Some(delay) if attempt < self.max_attempts => {
                    self.trace.note(&format!(
                        "retrying in {:.1}s (attempt {attempt})",
                        delay.as_secs_f64()
                    ));
                    tokio::time::sleep(delay).await;
                    attempt += 1;
                }
                _ => {
                    return match outcome {
                        Ok(reply) if reply.status.is_success() => Ok(reply),
                        Ok(reply) => Err(errors::status_error(
                            &reply,
                            &method,
                            &url,
                            permission,
                            id,
                            self.credentials.granted_scope(),
                        )),
                        Err(Failure::Transport(e)) => {
                            Err(errors::transport_error(&e, &url, idempotency))
                        }
                        Err(Failure::TooLarge) => Err(Error::Unavailable {
                            status: None,
                            message: format!(
                                "{method} {url}: the response body is larger than {} MiB and was not read",
                                MAX_RESPONSE_BYTES >> 20
                            ),
                            hint: None,
                        }),
                    };
                }
            }
        }
    }

    async fn attempt(
        &self,
        method: &Method,
        url: &url::Url,
        payload: Option<&bytes::Bytes>,
        token: &SecretString,
    ) -> Result<Reply, Failure> {
        let mut request = self
            .http
            .request(method.clone(), url.clone())
            .bearer_auth(token.expose_secret())
            // Also the client's default; set here so that `--verbose` shows it.
            .header(reqwest::header::USER_AGENT, USER_AGENT)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(payload) = payload {
            request = request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(payload.clone());
        }
        let request = request.build()?;
        self.trace.request(
            request.method(),
            request.url(),
            request.headers(),
            payload.map(|p| &p[..]),
        );
        let mut response = self.http.execute(request).await?;
        let status = response.status();
        self.trace
            .response(response.version(), status, response.headers());
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await? {
            if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
                self.trace
                    .note("response body over the limit; the rest is not read");
                return Err(Failure::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        self.trace.body(&body);
        Ok(Reply::new(status, response.headers(), body.into()))
    }

    /// One attempt on a dedicated connection: the same request as `attempt` makes.
    async fn attempt_on(
        &self,
        connection: &mut Connection,
        method: &Method,
        url: &url::Url,
        payload: Option<&bytes::Bytes>,
        token: &SecretString,
    ) -> Result<Reply, Failure> {
        use reqwest::header::{self, HeaderValue};
        let invalid =
            |e: &(dyn std::error::Error + 'static)| TransportError::new(TransportKind::Invalid, e);
        let path_and_query = match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        };
        let mut authorization = HeaderValue::try_from(format!("Bearer {}", token.expose_secret()))
            .map_err(|e| invalid(&e))?;
        authorization.set_sensitive(true);
        let mut request = hyper::Request::builder()
            .method(method.clone())
            .uri(path_and_query)
            .header(header::HOST, connection.host().clone())
            .header(header::AUTHORIZATION, authorization)
            .header(header::USER_AGENT, HeaderValue::from_static(USER_AGENT))
            .header(header::ACCEPT, HeaderValue::from_static("application/json"));
        if payload.is_some() {
            request = request.header(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
        }
        let request = request
            .body(http_body_util::Full::new(
                payload.cloned().unwrap_or_default(),
            ))
            .map_err(|e| invalid(&e))?;
        self.trace
            .request(method, url, request.headers(), payload.map(|p| &p[..]));
        let (parts, body) = connection.exchange(request).await?;
        self.trace
            .response(parts.version, parts.status, &parts.headers);
        self.trace.body(&body);
        Ok(Reply::new(parts.status, &parts.headers, body))
    }

    /// The link a write answered with; its `href` must end in an id (a UUID), or the
    /// answer is the service's failure (exit 6), whatever its status.
    pub fn link_of(reply: &Reply) -> Result<Link> {
        let link: Link = reply.json("a link object")?;
        if link.id().is_none() {
            return Err(Error::Unavailable {
                status: Some(reply.status.as_u16()),
                message: format!(
                    "the service answered {} with a link that does not end in an id (a UUID): `{}`",
                    reply.status,
                    crate::output::sanitize_line(&link.href)
                ),
                hint: Some(
                    "the write may have been carried out; `--verbose` shows the answer".into(),
                ),
            });
        }
        Ok(link)
    }
}

fn json_payload<B: Serialize + ?Sized>(body: &B) -> Result<bytes::Bytes> {
    serde_json::to_vec(body)
        .map(bytes::Bytes::from)
        .map_err(|e| Error::other(e.to_string()))
}

/// The one reqwest client of an invocation, shared by the token endpoint and the
/// service (one connection pool): per-request timeout, user agent, the proxy variables
/// (by the policy of `proxy`), the profile's CA certificate. Redirects are never followed: the
/// oauth2 crate asks for that on the token endpoint, and on the service it means the bearer
/// token can never be carried to another origin; a 3xx is reported as what it is.
pub fn http_client(settings: &Settings) -> Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .timeout(settings.timeout)
        .connect_timeout(connect_timeout(settings))
        .pool_idle_timeout(Duration::from_secs(60))
        .redirect(reqwest::redirect::Policy::none())
        // reqwest's own reading of the proxy variables is replaced by ours, which never
        // proxies loopback or plain http (see `proxy`).
        .no_proxy()
        .proxy({
            let policy = proxy::ProxyPolicy::from_env();
            reqwest::Proxy::custom(move |url| policy.proxy_for(url))
        });
    if let Some(path) = &settings.ca_cert {
        let pem = read_ca_cert(path)?;
        // `Certificate::from_pem` takes any bytes and, with rustls, drops what is not a
        // certificate when the client is built: a wrong file would be ignored silently.
        // The bundle form parses now, so a file without a certificate is refused here.
        let certificates = reqwest::Certificate::from_pem_bundle(&pem)
            .ok()
            .filter(|c| !c.is_empty())
            .ok_or_else(|| {
                Error::usage(format!(
                    "`{}` (ca_cert) holds no PEM certificate",
                    path.display()
                ))
                .with_hint(
                    "ca_cert must name a PEM file with one or more `BEGIN CERTIFICATE` blocks",
                )
            })?;
        for certificate in certificates {
            builder = builder.add_root_certificate(certificate);
        }
    }
    builder
        .build()
        .map_err(|e| Error::other(format!("cannot set up the HTTP client: {e}")))
}

/// How long connecting may take, on both routes.
fn connect_timeout(settings: &Settings) -> Duration {
    settings.timeout.min(Duration::from_secs(10))
}

/// The profile's `ca_cert` file (PEM), for both routes.
fn read_ca_cert(path: &std::path::Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| {
        Error::usage(format!(
            "cannot read the CA certificate `{}`: {e}",
            path.display()
        ))
    })
}

/// What an attempt's outcome says about the pace: 429 and 503 ask to slow down (with
/// their `Retry-After`); any other answer took the time it took; no answer says nothing.
fn pace_signal(outcome: &Result<Reply, Failure>, elapsed: Duration) -> pacer::Signal {
    match outcome {
        Ok(reply)
            if reply.status == StatusCode::TOO_MANY_REQUESTS
                || reply.status == StatusCode::SERVICE_UNAVAILABLE =>
        {
            pacer::Signal::Refused(reply.retry_after)
        }
        Ok(_) => pacer::Signal::Answered(elapsed),
        Err(_) => pacer::Signal::Lost,
    }
}

/// Exponential backoff with jitter: about 0.2 s, 0.4 s, 0.8 s … capped at 10 s.
pub fn backoff(attempt: u32) -> Duration {
    let base = 200u64.saturating_mul(1 << attempt.min(6).saturating_sub(1));
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() as u64)
        .unwrap_or(0);
    let jitter = nanos % (base / 2 + 1);
    Duration::from_millis((base + jitter).min(10_000))
}
