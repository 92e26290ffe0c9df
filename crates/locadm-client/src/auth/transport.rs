//! How the authentication code talks to an identity provider: on the shared
//! `reqwest::Client` (its timeout, CA and proxy policy; redirects off, as the `oauth2`
//! docs require), every answer read to at most [`MAX_ANSWER`] bytes.

use crate::error::{root_cause, Error};

/// The most of an identity provider's answer that is read: a token response or a
/// discovery document is a few KiB; one that goes on is cut off here (and fails), never
/// read into memory without end.
pub(super) const MAX_ANSWER: usize = 1 << 20;

/// Why a request to the identity provider got no answer to read.
#[derive(Debug, thiserror::Error)]
pub(super) enum SendError {
    #[error(transparent)]
    Http(#[from] reqwest::Error),
    #[error("the answer is larger than {} KiB", MAX_ANSWER >> 10)]
    TooLarge,
    #[error("the request cannot be made: {0}")]
    Invalid(String),
}

/// The HTTP client the `oauth2` crate is given: the shared one (a handle to the same
/// pool), its answers bounded.
pub(super) struct Bounded(pub reqwest::Client);

impl<'c> oauth2::AsyncHttpClient<'c> for Bounded {
    type Error = SendError;
    type Future = std::pin::Pin<
        Box<
            dyn std::future::Future<Output = std::result::Result<oauth2::HttpResponse, SendError>>
                + Send
                + 'c,
        >,
    >;

    fn call(&'c self, request: oauth2::HttpRequest) -> Self::Future {
        Box::pin(send(&self.0, request))
    }
}

/// Sends one request on the shared client (its timeout covers the whole answer, body
/// included) and reads at most [`MAX_ANSWER`] bytes of the answer.
pub(super) async fn send(
    http: &reqwest::Client,
    request: oauth2::HttpRequest,
) -> std::result::Result<oauth2::HttpResponse, SendError> {
    let (parts, body) = request.into_parts();
    let response = http
        .request(parts.method, parts.uri.to_string())
        .headers(parts.headers)
        .body(body)
        .send()
        .await?;
    let mut answer = oauth2::http::Response::builder().status(response.status());
    if let Some(headers) = answer.headers_mut() {
        *headers = response.headers().clone();
    }
    let body = read_bounded(response).await?;
    answer
        .body(body)
        .map_err(|e| SendError::Invalid(e.to_string()))
}

async fn read_bounded(mut response: reqwest::Response) -> std::result::Result<Vec<u8>, SendError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > MAX_ANSWER {
            return Err(SendError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// A GET of a JSON document (the discovery document): the status and the bounded body.
pub(super) async fn get(
    http: &reqwest::Client,
    url: &url::Url,
) -> std::result::Result<(u16, Vec<u8>), SendError> {
    let response = http
        .get(url.clone())
        .header(reqwest::header::ACCEPT, "application/json")
        .send()
        .await?;
    let status = response.status().as_u16();
    Ok((status, read_bounded(response).await?))
}

/// A request that got no answer, as the error of this tool: `what` names the endpoint
/// (`the token endpoint https://…`); `hint` unless the handshake failed, which says what
/// to check about TLS instead.
pub(super) fn unavailable(what: &str, error: &SendError, hint: &str) -> Error {
    let tls = match error {
        SendError::Http(e) => crate::transport::tls_hint(&root_cause(e)),
        _ => None,
    };
    let hint = tls.unwrap_or(hint);
    let message = match error {
        SendError::TooLarge => format!(
            "{what} answered with more than {} KiB; an answer of an identity provider is a few",
            MAX_ANSWER >> 10
        ),
        SendError::Http(e) => {
            let how = if e.is_timeout() {
                "did not answer in time"
            } else if e.is_connect() {
                "cannot be reached"
            } else {
                "failed"
            };
            format!("{what} {how}: {}", root_cause(e))
        }
        SendError::Invalid(e) => format!("the request to {what} failed: {e}"),
    };
    Error::unavailable(None, message).with_hint(hint)
}
