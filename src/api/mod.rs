//! The one HTTP client of the location service. It owns the base URL, timeouts, the
//! bearer token (renewed once on a 401), retries, redirects, the `--verbose` trace and the
//! mapping of every status to a typed error. Commands never touch reqwest directly.

mod errors;
mod trace;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::model::{Link, LocationBody, LocationRead, ProviderBody, WriteOp};
use crate::output::Printer;
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
}

impl Reply {
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
    Transport(reqwest::Error),
    TooLarge,
}

impl From<reqwest::Error> for Failure {
    fn from(e: reqwest::Error) -> Failure {
        Failure::Transport(e)
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
}

impl ApiClient {
    /// A client for the settings' base URL, sharing `http` (one connection pool per run).
    pub fn new(
        settings: &Settings,
        http: reqwest::Client,
        credentials: Arc<dyn Credentials>,
        printer: &Printer,
    ) -> Result<ApiClient> {
        let base_url = settings.base_url.clone().ok_or_else(|| {
            Error::usage("no base URL is configured").with_hint(
                "pass `--base-url URL`, set `LOCADM_BASE_URL`, run `locadm login`, or use `--profile local` for the built-in emulator",
            )
        })?;
        check_transport(&base_url, settings.allow_http, "base URL")?;
        Ok(ApiClient {
            http,
            base_url,
            read_prefix: settings.read_prefix.trim_end_matches('/').to_owned(),
            credentials,
            trace: trace::Trace::new(printer.verbose),
            max_attempts: 3,
        })
    }

    /// A bearer token, from the cache or the token endpoint (`auth token`, `smoke`).
    pub async fn token(&self) -> Result<SecretString> {
        self.credentials.bearer().await
    }

    pub fn base_url(&self) -> &url::Url {
        &self.base_url
    }

    fn url(&self, path: &str) -> url::Url {
        let mut url = self.base_url.clone();
        let joined = format!("{}{}", self.base_url.path().trim_end_matches('/'), path);
        url.set_path(&joined);
        url
    }

    pub async fn create_location(&self, body: &LocationBody) -> Result<Reply> {
        let body = body.for_op(WriteOp::Create);
        self.send(
            Method::POST,
            "/locations",
            Some(&body),
            Permission::CreateLocations,
            Idempotency::Create,
            None,
        )
        .await
    }

    pub async fn get_location(&self, id: &uuid::Uuid) -> Result<(LocationRead, Reply)> {
        let path = format!("{}/locations/{id}", self.read_prefix);
        let reply = self
            .send::<()>(
                Method::GET,
                &path,
                None,
                Permission::ReadLocations,
                Idempotency::Idempotent,
                Some(id),
            )
            .await?;
        Ok((reply.json("a location")?, reply))
    }

    pub async fn update_location(&self, id: &uuid::Uuid, body: &LocationBody) -> Result<Reply> {
        let body = body.for_op(WriteOp::Update);
        let path = format!("/locations/{id}");
        self.send(
            Method::PUT,
            &path,
            Some(&body),
            Permission::UpdateLocations,
            Idempotency::Idempotent,
            Some(id),
        )
        .await
    }

    pub async fn delete_location(&self, id: &uuid::Uuid) -> Result<Reply> {
        let path = format!("/locations/{id}");
        self.send::<()>(
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
        let url = self.url(path);
        let payload = match body {
            Some(b) => Some(bytes::Bytes::from(
                serde_json::to_vec(b).map_err(|e| Error::other(e.to_string()))?,
            )),
            None => None,
        };
        let mut token = self.credentials.bearer().await?;
        let mut renewed = false;
        let mut attempt = 1;
        loop {
            let outcome = self.attempt(&method, &url, payload.as_ref(), &token).await;
            let retry_after = match &outcome {
                Ok(reply) if reply.status == StatusCode::UNAUTHORIZED && !renewed => {
                    self.trace.note("401: renewing the token once and retrying");
                    token = self.credentials.renew(&token).await?;
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
        self.trace.request(&request, payload.map(|p| &p[..]));
        let mut response = self.http.execute(request).await?;
        let status = response.status();
        self.trace.response(&response);
        let retry_after = errors::parse_retry_after(
            response
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
        );
        let location = status
            .is_redirection()
            .then(|| response.headers().get(reqwest::header::LOCATION))
            .flatten()
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
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
        Ok(Reply {
            status,
            body: body.into(),
            retry_after,
            location,
        })
    }

    /// The id of a location from a `self` link (`/locations/<id>`).
    pub fn link_of(reply: &Reply) -> Result<Link> {
        reply.json("a link object")
    }
}

/// The one reqwest client of an invocation, shared by the token endpoint and the
/// service (one connection pool): per-request timeout, user agent, the proxy variables
/// (reqwest reads them), the profile's CA certificate. Redirects are never followed: the
/// oauth2 crate asks for that on the token endpoint, and on the service it means the bearer
/// token can never be carried to another origin; a 3xx is reported as what it is.
pub fn http_client(settings: &Settings) -> Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .timeout(settings.timeout)
        .connect_timeout(settings.timeout.min(Duration::from_secs(10)))
        .pool_idle_timeout(Duration::from_secs(60))
        .redirect(reqwest::redirect::Policy::none());
    if let Some(path) = &settings.ca_cert {
        let pem = std::fs::read(path).map_err(|e| {
            Error::usage(format!(
                "cannot read the CA certificate `{}`: {e}",
                path.display()
            ))
        })?;
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

/// Refuses plain `http://` to anything but loopback unless the profile allows it: the
/// bearer token and client secret would cross the network in clear text.
pub fn check_transport(url: &url::Url, allow_http: bool, what: &str) -> Result<()> {
    match url.scheme() {
        "https" => Ok(()),
        "http" if allow_http => Ok(()),
        "http" => {
            let loopback = match url.host() {
                Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                None => false,
            };
            if loopback {
                Ok(())
            } else {
                Err(Error::usage(format!(
                    "the {what} `{url}` is plain http to a host that is not loopback; tokens would travel in clear text"
                ))
                .with_hint("use https, or set `allow_http = true` in the profile if you really mean it"))
            }
        }
        other => Err(Error::usage(format!(
            "the {what} `{url}` has the scheme `{other}:`; http or https is needed"
        ))),
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
