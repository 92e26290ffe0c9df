//! The one HTTP client of the location service. It owns the requests to the [`Service`]:
//! the bearer token (renewed once on a 401), retries, redirects, the trace and the
//! mapping of every status to a typed error. Commands never touch reqwest directly.
//!
//! Here: the client and its verbs, one per [`Endpoint`]. `send.rs` is the send loop
//! (token, retries, pace); `transport.rs` the reqwest client and the transport failures;
//! `reply.rs` an answer; `errors.rs` an answer or a failure as a typed error; `raw.rs` a
//! request of the user's own (`locadm api`), sent by the same loop; `curl.rs` a request
//! printed as a curl command line instead of sent (`--curl`), by the same loop. A bulk
//! worker's own connections, the pacer and the TLS sessions both routes resume are the
//! `locadm-transport` crate's.

mod curl;
mod errors;
mod raw;
mod reply;
mod send;
mod trace;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use secrecy::SecretString;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::{Error, Kind, Result};
use crate::service::Service;
use locadm_model::{Link, LocationBody, LocationRead, ProviderBody, WriteOp};
use locadm_transport::{pacer, Connection, Connector};

use crate::transport::{self as transport, ProxyPolicy};
pub use crate::transport::{Transport, TransportOptions, USER_AGENT};
pub use curl::{Curl, CurlOut};
pub use errors::error_text_of;
pub use errors::unconfirmed;
pub use locadm_model::endpoint::{Endpoint, Idempotency, Permission};
pub use raw::RawRequest;
pub use reply::{Head, Reply};
pub use trace::{Observer, Silent, Trace};

/// Where bearer tokens come from. Implemented by the command line's auth session (keyring
/// cache and OAuth 2.0 grants) and by a given token ([`BearerToken`]).
pub trait TokenSource: Send + Sync {
    /// A token to send, from the cache when it is still good.
    fn bearer(&self) -> BoxFuture<'_, Result<SecretString>>;
    /// The token `bearer` would give at once, if it has one (a given token, or a cached
    /// one still good), without a future: the hot path of a bulk run, a call a record,
    /// where boxing `bearer`'s future (which can also fetch a token) cost more than the
    /// lookup. `None` says only: ask `bearer`.
    fn at_hand(&self) -> Option<SecretString>;
    /// A new token after the service refused `refused` with 401; fails when none can be
    /// had. Concurrent requests refused together share one renewal.
    fn renew<'a>(&'a self, refused: &'a SecretString) -> BoxFuture<'a, Result<SecretString>>;
    /// A token fetched now with the credentials given, never a cached one: proof that
    /// they still work (`smoke`'s first step). A given token (`LOCADM_TOKEN`) is
    /// returned as it is.
    fn fetch_new(&self) -> BoxFuture<'_, Result<SecretString>>;
    /// The scope granted with the current token, when known (for 403 messages).
    fn granted_scope(&self) -> Option<Vec<String>>;
    /// What to do when the service refuses this source's tokens even after a renewal
    /// (the hint of a 401).
    fn refused_hint(&self) -> String;
}

/// One token given as it is (a CI job's, or one a program got elsewhere): never cached,
/// never renewed.
pub struct BearerToken(SecretString);

impl BearerToken {
    pub fn new(token: SecretString) -> BearerToken {
        BearerToken(token)
    }
}

impl TokenSource for BearerToken {
    fn bearer(&self) -> BoxFuture<'_, Result<SecretString>> {
        Box::pin(async { Ok(self.0.clone()) })
    }
    fn at_hand(&self) -> Option<SecretString> {
        Some(self.0.clone())
    }
    fn renew<'a>(&'a self, _: &'a SecretString) -> BoxFuture<'a, Result<SecretString>> {
        Box::pin(async {
            Err(
                Error::auth("the service refused the token given, which cannot be renewed")
                    .with_hint(self.refused_hint()),
            )
        })
    }
    fn fetch_new(&self) -> BoxFuture<'_, Result<SecretString>> {
        self.bearer()
    }
    fn granted_scope(&self) -> Option<Vec<String>> {
        None
    }
    fn refused_hint(&self) -> String {
        "get a new token from the identity provider".to_owned()
    }
}

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// How a request travels: through the shared client's connection pool, or on a
/// connection of the caller's own (a bulk worker's; see `locadm_transport::Connection`).
pub enum Route {
    Shared,
    Dedicated(Dedicated),
}

/// A bulk worker's own connection, and the request target of the last endpoint it sent
/// to: every create of a run goes to the same path, which is made once instead of for
/// every record.
pub struct Dedicated {
    connection: Connection,
    target: Option<(Endpoint, hyper::Uri)>,
}

impl Dedicated {
    /// The request target for `endpoint`: the last one when it is the same endpoint, else
    /// made by `make` (every time for a request that is no endpoint: `None`).
    fn request_target<E>(
        &mut self,
        endpoint: Option<Endpoint>,
        make: impl FnOnce() -> std::result::Result<hyper::Uri, E>,
    ) -> std::result::Result<hyper::Uri, E> {
        match (&self.target, endpoint) {
            (Some((last, uri)), Some(endpoint)) if *last == endpoint => Ok(uri.clone()),
            _ => {
                let uri = make()?;
                if let Some(endpoint) = endpoint {
                    self.target = Some((endpoint, uri.clone()));
                }
                Ok(uri)
            }
        }
    }
}

/// Hands each bulk worker its route.
pub struct BulkRoutes(Option<Arc<Connector>>);

impl BulkRoutes {
    pub fn route(&self) -> Route {
        match &self.0 {
            Some(connector) => Route::Dedicated(Dedicated {
                connection: Connection::new(connector.clone()),
                target: None,
            }),
            None => Route::Shared,
        }
    }

    /// `over 2 connections (HTTP/2)` when the workers shared a few connections.
    pub fn shared_description(&self) -> Option<String> {
        self.0.as_ref()?.shared_description()
    }

    /// The connections the service allows and whether it offered HTTP/2 on them, once
    /// told or learned.
    pub fn connections(&self) -> Option<(usize, bool)> {
        self.0.as_ref()?.connections()
    }
}

#[derive(Clone)]
pub struct ApiClient {
    /// The shared reqwest client, and its TLS configuration for a bulk run's own
    /// connections.
    transport: Transport,
    base_url: url::Url,
    read_prefix: String,
    credentials: Arc<dyn TokenSource>,
    trace: trace::Trace,
    /// Attempts for a retryable failure (429, 502, 503, 504, connection refused).
    pub max_attempts: u32,
    /// A bulk run's pace (in flight, `--rate`, a run-wide `Retry-After`): every attempt
    /// waits for it and tells it how the service answered.
    pacer: Option<Arc<pacer::Pacer>>,
    /// `--curl`: requests printed as curl command lines instead of sent.
    curl: Option<curl::Curl>,
}

/// A wait the service asks for (`Retry-After`) this long or longer is said on stderr as
/// it starts, with or without a terminal: a command that stops for seconds without a word
/// looks hung, and a CI log shows no reason. Shorter ones are routine under a rate limit.
pub const LONG_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// A wait a service asked for, as a note says it: `asked to wait 6 s (Retry-After)`, or,
/// where it was cut to the most this tool waits, that the service asked for more.
pub fn asked_wait(status: u16, wait: std::time::Duration) -> String {
    if wait >= errors::RETRY_AFTER_CAP {
        let cap = errors::RETRY_AFTER_CAP.as_secs();
        format!(
            "the service answered {status} and asked to wait {cap} s or more (`Retry-After`; {cap} s is the most waited)"
        )
    } else {
        format!(
            "the service answered {status} and asked to wait {:.0} s (`Retry-After`)",
            wait.as_secs_f64().ceil()
        )
    }
}

impl ApiClient {
    /// A client of `service`, with tokens from `tokens`, saying nothing.
    pub fn new(service: &Service, tokens: Arc<dyn TokenSource>) -> ApiClient {
        ApiClient {
            transport: service.transport().clone(),
            base_url: service.base_url().as_url().clone(),
            read_prefix: service.read_prefix().to_owned(),
            credentials: tokens,
            trace: trace::Trace::new(Arc::new(Silent)),
            max_attempts: 3,
            pacer: None,
            curl: None,
        }
    }

    /// The same client printing its requests as curl command lines (`--curl`) instead of
    /// sending them: no token is fetched for a request printed, and the call that made
    /// it fails with [`Kind::Printed`] (success: the caller has nothing more to do).
    pub fn printing_curl(mut self, curl: curl::Curl) -> ApiClient {
        self.curl = Some(curl);
        self
    }

    /// Whether requests are printed as curl command lines instead of sent.
    pub fn prints_curl(&self) -> bool {
        self.curl.is_some()
    }

    /// The same client, printing with `--curl` only the requests that are not reads:
    /// for a command whose reads decide what it writes (the current state of a merge, a
    /// location confirmed before it is deleted). Those reads change nothing and are
    /// sent, with a token that is fetched for them and never printed. Without `--curl`,
    /// the client as it is.
    pub fn sending_reads(mut self) -> ApiClient {
        self.curl = self.curl.map(curl::Curl::sending_reads);
        self
    }

    /// The same client, saying what it does to `observer`: its trace, and the long waits
    /// the service asks for (a bulk run says its pauses itself, from the pacer).
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> ApiClient {
        self.trace = trace::Trace::new(observer);
        self
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

    /// A token fetched now (see [`TokenSource::fetch_new`]).
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
    pub fn bulk_routes(&self, max_connections: Option<usize>) -> Result<BulkRoutes> {
        if ProxyPolicy::from_env().proxy_for(&self.base_url).is_some() {
            self.trace
                .note("a proxy is configured: the bulk workers share the pooled client");
            return Ok(BulkRoutes(None));
        }
        let connector = Connector::new(locadm_transport::Options {
            tls: &self.transport.tls,
            base_url: &self.base_url,
            headers: [false, true].map(|has_body| transport::request_headers(has_body).collect()),
            connect_timeout: transport::connect_timeout(self.transport.timeout),
            timeout: self.transport.timeout,
            max_connections,
        })
        .map_err(|e| {
            Error::usage(format!(
                "the base URL `{}`",
                crate::service_url::shown(&self.base_url)
            ))
            .with_source(e)
        })?;
        Ok(BulkRoutes(Some(Arc::new(connector))))
    }

    fn url(&self, path: &str) -> url::Url {
        let mut url = self.base_url.clone();
        let joined = format!("{}{}", self.base_url.path().trim_end_matches('/'), path);
        url.set_path(&joined);
        url
    }

    /// One create; an answer that does not link to the new location's id is
    /// `unconfirmed` (the location may exist), as in a bulk run.
    pub async fn create_location(&self, body: &LocationBody) -> Result<Reply> {
        let reply = self
            .create_location_json(
                &mut Route::Shared,
                json_payload(&body.for_op(WriteOp::Create))?,
            )
            .await?;
        Self::link_of(&reply).map_err(unconfirmed)?;
        Ok(reply)
    }

    /// A create from a body already checked and serialized (`location apply`).
    pub async fn create_location_json(
        &self,
        route: &mut Route,
        payload: bytes::Bytes,
    ) -> Result<Reply> {
        self.send_payload(route, Endpoint::CreateLocation, Some(payload))
            .await
    }

    /// Whether the base URL answers as the location service does, for `login`: a create
    /// with an empty body is refused for what it lacks (400 naming a property) or for a
    /// missing permission (403), and nothing is created either way. `Err` says what
    /// answered instead, as the end of a sentence about the base URL.
    pub async fn check_service(&self) -> std::result::Result<(), String> {
        let empty = bytes::Bytes::from_static(b"{}");
        let error = match self.create_location_json(&mut Route::Shared, empty).await {
            Ok(reply) => {
                return Err(format!(
                    "accepted an empty location ({}): it is not the location service",
                    reply.status
                ))
            }
            Err(error) => error,
        };
        match error.kind() {
            Kind::Rejected {
                status: 400,
                property: Some(_),
            }
            | Kind::Permission => Ok(()),
            Kind::NotFound => Err(
                "answered 404 to POST /locations: no location service is there (a path missing or extra?)"
                    .to_owned(),
            ),
            Kind::Rejected { status, .. } => Err(format!(
                "answered {status} to an empty location without naming a property, as the location service does"
            )),
            _ => Err(format!("could not be checked: {}", error.full_text())),
        }
    }

    pub async fn get_location(&self, id: &uuid::Uuid) -> Result<(LocationRead, Reply)> {
        let reply = self.read_location(&mut Route::Shared, id).await?;
        Ok((reply.json("a location")?, reply))
    }

    /// A location's read form as the service sent it, on `route` (bulk export, merge).
    /// An answer for another location (its `id` is not the one asked for: a proxy or
    /// server that shifts answers on a kept-alive connection) is a failure, and the
    /// kept-alive connections are closed.
    pub async fn read_location(&self, route: &mut Route, id: &uuid::Uuid) -> Result<Reply> {
        let reply = self
            .send_payload(route, Endpoint::GetLocation(*id), None)
            .await?;
        if let Some(answered) = answered_for(&reply.body).filter(|a| a != &id.to_string()) {
            if let Route::Dedicated(dedicated) = route {
                dedicated.connection.close_kept_alive();
            }
            return Err(Error::unavailable(
                Some(reply.status.as_u16()),
                format!(
                    "the service answered for another location: asked for {id}, the answer is for `{}`",
                    locadm_model::text::sanitize_line(&answered)
                ),
            )
            .with_hint("a proxy or the service mixed up answers; the connection was closed, and the read can be tried again"));
        }
        Ok(reply)
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
        self.send_payload(route, Endpoint::UpdateLocation(*id), Some(payload))
            .await
    }

    pub async fn delete_location(&self, id: &uuid::Uuid) -> Result<Reply> {
        self.delete_location_on(&mut Route::Shared, id).await
    }

    pub async fn delete_location_on(&self, route: &mut Route, id: &uuid::Uuid) -> Result<Reply> {
        self.send_payload(route, Endpoint::DeleteLocation(*id), None)
            .await
    }

    pub async fn update_provider(&self, id: &uuid::Uuid, body: &ProviderBody) -> Result<Reply> {
        let payload = json_payload(body)?;
        self.send_payload(
            &mut Route::Shared,
            Endpoint::UpdateProvider(*id),
            Some(payload),
        )
        .await
    }

    /// The link a write answered with; its `href` must end in an id (a UUID), or the
    /// answer is the service's failure (exit 6), whatever its status.
    pub fn link_of(reply: &Reply) -> Result<Link> {
        let link: Link = reply.json("a link object")?;
        if link.id().is_none() {
            return Err(Error::unavailable(
                Some(reply.status.as_u16()),
                format!(
                    "the service answered {} with a link that does not end in an id (a UUID): `{}`",
                    reply.status,
                    locadm_model::text::sanitize_line(&link.href)
                ),
            )
            .with_hint("the write may have been carried out; `--verbose` shows the answer"));
        }
        Ok(link)
    }

    /// The id of the location a create's answer links to: what [`ApiClient::link_of`]
    /// checks, without keeping the link (a bulk create reads one for every record).
    /// `None` when the answer is not a link ending in an id, and the create may have
    /// been carried out: the caller says so.
    pub fn created_id(reply: &Reply) -> Option<uuid::Uuid> {
        Link::id_in(&reply.body)
    }
}

/// The `id` a read form names, as a hyphenated lowercase UUID when it is one (so that
/// the case it is written in does not matter), else as written; `None` when the body
/// names none (nothing to compare: the body's own reading says what else is wrong).
fn answered_for(body: &[u8]) -> Option<String> {
    // Borrowed: every read of a bulk run comes through here, and only `id` is wanted.
    #[derive(serde::Deserialize)]
    struct Head<'a> {
        #[serde(borrow)]
        id: Option<&'a RawValue>,
    }
    let raw = serde_json::from_slice::<Head<'_>>(body).ok()?.id?;
    let text = serde_json::from_str::<String>(raw.get()).unwrap_or_else(|_| raw.get().to_owned());
    Some(
        uuid::Uuid::parse_str(&text)
            .map(|u| u.to_string())
            .unwrap_or(text),
    )
}

fn json_payload<B: Serialize + ?Sized>(body: &B) -> Result<bytes::Bytes> {
    serde_json::to_vec(body)
        .map(bytes::Bytes::from)
        .map_err(|e| Error::other(e.to_string()))
}
