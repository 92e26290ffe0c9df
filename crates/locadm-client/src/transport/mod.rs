//! The transports under the API client: the one reqwest client of an invocation (shared
//! with the token endpoint) and the TLS configuration of both routes, the headers every
//! request carries, and a reqwest failure in the terms of `locadm_transport` (whether a
//! request may be sent again), so that both routes are judged by one rule.

use std::sync::Arc;
use std::time::Duration;

use std::path::PathBuf;

use crate::error::{Error, Result};

use locadm_transport::{SessionStore, TransportError, TransportKind};

mod proxy;

pub(crate) use proxy::ProxyPolicy;

/// `locadm/<version>`, on every request.
/// What to check when a connection failed in its TLS handshake, by the failure's text
/// (`cause`); `None` when it is not about TLS. Not "retry later": a certificate that is
/// not trusted, or a port that does not speak TLS, fails the same way every time.
pub(crate) fn tls_hint(cause: &str) -> Option<&'static str> {
    let cause = cause.to_ascii_lowercase();
    if cause.contains("certificate") || cause.contains("unknownissuer") {
        Some("the server's TLS certificate is not trusted: if it comes from your own CA, install that CA in the system's trust store, point `SSL_CERT_FILE` (or `SSL_CERT_DIR`) at it, or set `ca_cert` in the profile to its PEM file")
    } else if [
        "tls",
        "ssl",
        "handshake",
        "corrupt message",
        "invalid content type",
    ]
    .iter()
    .any(|word| cause.contains(word))
    {
        Some("the TLS handshake failed: check the URL's scheme (`https://` to a port that speaks TLS, `http://` to one that does not) and the server's TLS setup; `--verbose` shows the exchange")
    } else {
        None
    }
}

pub const USER_AGENT: &str = concat!("locadm/", env!("CARGO_PKG_VERSION"));

/// A reqwest failure (the shared client's) in the terms of the bulk route's.
pub(crate) fn transport_error(e: reqwest::Error) -> TransportError {
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

/// What a [`Transport`] is made from: plain values, resolved by the application.
#[derive(Debug, Clone)]
pub struct TransportOptions {
    /// The most one request may take, and (at most 10 s of it) connecting.
    pub timeout: Duration,
    /// A PEM file of certificates trusted beside the machine's (the profile's `ca_cert`).
    pub ca_cert: Option<PathBuf>,
    /// Whether any URL reached over this transport (the service, its token endpoint, its
    /// issuer) is https: only then is the machine's trust store read.
    pub https: bool,
}

impl Default for TransportOptions {
    /// 30 s, the machine's trust, https.
    fn default() -> TransportOptions {
        TransportOptions {
            timeout: Duration::from_secs(30),
            ca_cert: None,
            https: true,
        }
    }
}

/// What an invocation sends its requests over, made once from the settings: the one
/// reqwest client (shared by the token endpoint and the service: one connection pool),
/// and the TLS configuration it was built from, which a bulk run's own connections take
/// too. So the profile's `ca_cert` is read once, both routes trust the same certificates
/// even if the file changes during the run, and share one TLS session cache.
#[derive(Clone)]
pub struct Transport {
    pub http: reqwest::Client,
    /// Without ALPN: each route sets its own.
    pub(crate) tls: Arc<rustls::ClientConfig>,
    /// The per-request timeout, which a bulk run's own connections keep too.
    pub(crate) timeout: Duration,
}

impl Transport {
    pub fn new(options: &TransportOptions) -> Result<Transport> {
        let tls = Arc::new(tls_config(options)?);
        let http = http_client(options, &tls)?;
        Ok(Transport {
            http,
            tls,
            timeout: options.timeout,
        })
    }
}

/// The reqwest client: per-request timeout, user agent, the proxy variables (by the
/// policy of `proxy`), the trust of `tls`. Redirects are never followed: the oauth2 crate
/// asks for that on the token endpoint, and on the service it means the bearer token can
/// never be carried to another origin; a 3xx is reported as what it is.
fn http_client(options: &TransportOptions, tls: &rustls::ClientConfig) -> Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .timeout(options.timeout)
        .connect_timeout(connect_timeout(options.timeout))
        .pool_idle_timeout(Duration::from_secs(60))
        .redirect(reqwest::redirect::Policy::none())
        // reqwest's own reading of the proxy variables is replaced by ours, which never
        // proxies loopback or plain http (see `proxy`).
        .no_proxy()
        .proxy({
            let policy = proxy::ProxyPolicy::from_env();
            reqwest::Proxy::custom(move |url| policy.proxy_for(url))
        });
    // The bulk route's TLS, offering HTTP/2 and HTTP/1.1 by ALPN as reqwest's own
    // configuration would.
    let mut tls = tls.clone();
    tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    builder = builder.tls_backend_preconfigured(tls);
    builder
        .build()
        .map_err(|e| Error::other("cannot set up the HTTP client").with_source(e))
}

/// The one TLS configuration of both routes (the shared client and the bulk route's own
/// connections): TLS 1.2 and 1.3 with ring, and the trust of [`root_store`]. Each route
/// sets its own ALPN. Sessions are resumed from the invocation's [`SessionStore`].
fn tls_config(options: &TransportOptions) -> Result<rustls::ClientConfig> {
    let mut config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(|e| Error::other("cannot set up TLS").with_source(e))?
    .with_root_certificates(root_store(options)?)
    .with_no_client_auth();
    config.resumption = rustls::client::Resumption::store(Arc::new(SessionStore::new()));
    Ok(config)
}

/// What both routes trust: the machine's store (or `SSL_CERT_FILE`/`SSL_CERT_DIR`), the
/// Mozilla roots where the machine has none (or no URL is https), and the profile's
/// `ca_cert`.
/// A `ca_cert` file without a certificate is refused, never ignored.
fn root_store(options: &TransportOptions) -> Result<rustls::RootCertStore> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::CertificateDer;

    let mut roots = rustls::RootCertStore::empty();
    // What the machine trusts, as curl and OpenSSL read it: `SSL_CERT_FILE` or
    // `SSL_CERT_DIR` when set, else the OS store (an internal CA or a company's TLS
    // inspection installed there is trusted, as by every other program). Read only when a
    // URL of the settings is https: reading and parsing the store is 1.5-4 ms of a
    // command's start (a release build against a local plain-HTTP server, 30 runs:
    // 3.7-5.2 ms a command without it, 6.8-7.9 ms with it), which a command that talks
    // plain HTTP to loopback (the `local` profile, the tests) does not need.
    let added = if options.https {
        let native = rustls_native_certs::load_native_certs();
        roots.add_parsable_certificates(native.certs).0
    } else {
        0
    };
    if added == 0 {
        // A machine without a trust store (a bare container): the Mozilla roots.
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    }
    let Some(path) = &options.ca_cert else {
        return Ok(roots);
    };
    let pem = std::fs::read(path).map_err(|e| {
        Error::usage(format!(
            "cannot read the CA certificate `{}`",
            path.display()
        ))
        .with_source(e)
    })?;
    let certificates: Vec<CertificateDer<'_>> =
        CertificateDer::pem_slice_iter(&pem).flatten().collect();
    if certificates.is_empty() {
        return Err(Error::usage(format!(
            "`{}` (ca_cert) holds no PEM certificate",
            path.display()
        ))
        .with_hint("ca_cert must name a PEM file with one or more `BEGIN CERTIFICATE` blocks"));
    }
    for certificate in certificates {
        roots.add(certificate).map_err(|e| {
            Error::usage(format!(
                "`{}` (ca_cert) holds a certificate that cannot be used",
                path.display()
            ))
            .with_source(e)
        })?;
    }
    Ok(roots)
}

/// How long connecting may take, on both routes.
pub(crate) fn connect_timeout(timeout: Duration) -> Duration {
    timeout.min(Duration::from_secs(10))
}

/// The headers of every request to the service, on both routes (the bearer token and, on
/// a dedicated connection, `Host` apart), without a map of their own on the hot path. The
/// user agent is also the shared client's default; it is set here so that `--verbose`
/// shows it.
pub(crate) fn request_headers(
    has_body: bool,
) -> impl Iterator<Item = (reqwest::header::HeaderName, reqwest::header::HeaderValue)> {
    use reqwest::header::{HeaderValue, ACCEPT, CONTENT_TYPE, USER_AGENT as AGENT};
    let json = HeaderValue::from_static("application/json");
    [
        (AGENT, HeaderValue::from_static(USER_AGENT)),
        (ACCEPT, json.clone()),
    ]
    .into_iter()
    .chain(has_body.then_some((CONTENT_TYPE, json)))
}
