//! A response as the API client hands it on: status, body bytes and the headers that
//! matter to what happens next.

use std::time::Duration;

use reqwest::StatusCode;

use super::errors;
use crate::error::{Error, Result};

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
    /// The round trip on an open connection (a dedicated one or a lane), when the
    /// exchange measured it: without the time one took to open.
    pub round_trip: Option<std::time::Duration>,
    /// It came as one stream of many on an HTTP/2 connection (a bulk run's shared lanes).
    pub multiplexed: bool,
    /// A coding of the body the tool never asks for (a `Content-Encoding` other than
    /// `identity`, a `Transfer-Encoding` other than `chunked`), as the header said it:
    /// hyper passes such a body on as it came, so it is not the body it claims to be.
    pub coding: Option<String>,
    /// The answer's version and headers, kept for a request of the user's own
    /// (`locadm api`), which prints them with `--include`; none for an endpoint's.
    pub head: Option<Box<Head>>,
}

/// What a status line and the headers said.
#[derive(Debug, Clone)]
pub struct Head {
    pub version: reqwest::Version,
    pub headers: reqwest::header::HeaderMap,
}

impl Head {
    /// The status line and the headers as `--include` prints them (`HTTP/1.1 200 OK`,
    /// `name: value`): one line each, a secret header's value redacted as the trace
    /// redacts it.
    pub fn lines(&self, status: StatusCode) -> Vec<String> {
        let mut lines = vec![format!("{:?} {status}", self.version)];
        for (name, value) in &self.headers {
            let value = super::trace::shown(name.as_str(), value);
            lines.push(format!(
                "{name}: {}",
                locadm_model::text::sanitize_line(&value)
            ));
        }
        lines
    }
}

impl Reply {
    pub(super) fn new(
        status: StatusCode,
        headers: &reqwest::header::HeaderMap,
        body: bytes::Bytes,
    ) -> Reply {
        let retry_after = headers
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| errors::parse_retry_after(v, std::time::SystemTime::now()));
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
        let coding = [
            (reqwest::header::CONTENT_ENCODING, "identity"),
            (reqwest::header::TRANSFER_ENCODING, "chunked"),
        ]
        .into_iter()
        .find_map(|(name, plain)| {
            let value = headers.get(&name)?;
            let text = String::from_utf8_lossy(value.as_bytes());
            let asked = text
                .split(',')
                .all(|coding| coding.trim().eq_ignore_ascii_case(plain));
            (!asked).then(|| format!("{name}: {text}"))
        });
        Reply {
            status,
            body,
            retry_after,
            location,
            refusal,
            round_trip: None,
            multiplexed: false,
            coding,
            head: None,
        }
    }

    pub fn json<T: serde::de::DeserializeOwned>(&self, what: &str) -> Result<T> {
        // A success status with a body that cannot be read is the server's failure (exit 6),
        // like a 5xx: the request may well have been carried out.
        serde_json::from_slice(&self.body).map_err(|e| {
            Error::unavailable(
                Some(self.status.as_u16()),
                format!(
                    "the service answered {} with a body that is not {what}: {e}",
                    self.status
                ),
            )
            .with_hint("check the base URL; `--verbose` shows the exchange")
        })
    }
}
