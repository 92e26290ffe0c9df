//! The OAuth 2.0 client credentials grant (RFC 6749 §4.4) through the `oauth2` crate, on
//! the shared `reqwest::Client` (redirects off, as the oauth2 docs require).

use std::time::Duration;

use oauth2::basic::{BasicClient, BasicErrorResponseType};
use oauth2::{AuthType, ClientId, ClientSecret, RequestTokenError, Scope, TokenResponse, TokenUrl};
use secrecy::{ExposeSecret, SecretString};

use crate::error::{Error, Result};
use crate::settings::ClientAuth;

/// A token as the endpoint granted it. `Debug` shows the token as `[REDACTED]`.
#[derive(Debug)]
pub struct Grant {
    pub token: SecretString,
    pub expires_in: Option<Duration>,
    /// The granted scope (space-separated) when the server said, else the requested one.
    pub scope: Option<String>,
}

/// Requests a token with the client credentials grant.
pub async fn fetch(
    http: &reqwest::Client,
    token_url: &url::Url,
    client_id: &str,
    client_secret: &SecretString,
    auth: ClientAuth,
    scopes: &[String],
) -> Result<Grant> {
    let client = BasicClient::new(ClientId::new(client_id.to_owned()))
        .set_client_secret(ClientSecret::new(client_secret.expose_secret().to_owned()))
        .set_token_uri(TokenUrl::from_url(token_url.clone()))
        .set_auth_type(match auth {
            ClientAuth::Basic => AuthType::BasicAuth,
            ClientAuth::RequestBody => AuthType::RequestBody,
        });
    let mut request = client.exchange_client_credentials();
    for scope in scopes {
        request = request.add_scope(Scope::new(scope.clone()));
    }
    match request.request_async(&Bounded(http.clone())).await {
        Ok(response) => {
            let scope = match response.scopes() {
                Some(granted) => Some(
                    granted
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                // RFC 6749 §5.1: an omitted scope is the requested one.
                None if !scopes.is_empty() => Some(scopes.join(" ")),
                None => None,
            };
            Ok(Grant {
                token: SecretString::from(response.access_token().secret().to_owned()),
                expires_in: response.expires_in(),
                scope,
            })
        }
        Err(e) => Err(map_error(e, token_url, client_secret)),
    }
}

/// The most of a token endpoint's answer that is read: a token response is a few KiB;
/// one that goes on is cut off here (and fails), never read into memory without end.
pub const MAX_TOKEN_RESPONSE: usize = 1 << 20;

/// Why a token request got no answer to read.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error(transparent)]
    Http(#[from] reqwest::Error),
    #[error("the answer is larger than {} KiB", MAX_TOKEN_RESPONSE >> 10)]
    TooLarge,
    #[error("the request cannot be made: {0}")]
    Invalid(String),
}

/// The HTTP client the `oauth2` crate is given: the shared one (a handle to the same
/// pool), its answers bounded.
struct Bounded(reqwest::Client);

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

/// Sends one token request on the shared client (its timeout covers the whole answer,
/// body included) and reads at most [`MAX_TOKEN_RESPONSE`] bytes of the answer.
async fn send(
    http: &reqwest::Client,
    request: oauth2::HttpRequest,
) -> std::result::Result<oauth2::HttpResponse, SendError> {
    let (parts, body) = request.into_parts();
    let mut response = http
        .request(parts.method, parts.uri.to_string())
        .headers(parts.headers)
        .body(body)
        .send()
        .await?;
    let mut answer = oauth2::http::Response::builder().status(response.status());
    if let Some(headers) = answer.headers_mut() {
        *headers = response.headers().clone();
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > MAX_TOKEN_RESPONSE {
            return Err(SendError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    answer
        .body(body)
        .map_err(|e| SendError::Invalid(e.to_string()))
}

type TokenError =
    RequestTokenError<SendError, oauth2::StandardErrorResponse<BasicErrorResponseType>>;

/// Text from the token endpoint, made safe to print: on one line, controls escaped, and
/// the client secret redacted (a hostile or broken endpoint may echo what it was sent,
/// plain or form-encoded).
fn from_endpoint(text: &str, secret: &SecretString) -> String {
    let mut text = crate::output::sanitize_line(text);
    let secret = secret.expose_secret();
    if !secret.is_empty() {
        let encoded: String = url::form_urlencoded::byte_serialize(secret.as_bytes()).collect();
        for form in [secret, encoded.as_str()] {
            text = text.replace(form, "[REDACTED]");
        }
    }
    text
}

fn map_error(error: TokenError, token_url: &url::Url, secret: &SecretString) -> Error {
    match error {
        RequestTokenError::ServerResponse(response) => {
            let code = from_endpoint(response.error().as_ref(), secret);
            let detail = response
                .error_description()
                .map(|d| format!(": {}", from_endpoint(d, secret)))
                .unwrap_or_default();
            match response.error() {
                BasicErrorResponseType::InvalidClient => Error::Auth {
                    message: format!(
                        "the token endpoint refused the client credentials (invalid_client){detail}"
                    ),
                    hint: Some(
                        "check the client id and secret, then run `locadm login`".into(),
                    ),
                },
                BasicErrorResponseType::InvalidScope => Error::Auth {
                    message: format!("the token endpoint refused the requested scope (invalid_scope){detail}"),
                    hint: Some("check `scopes` with `locadm config show`".into()),
                },
                _ => Error::Auth {
                    message: format!("the token endpoint refused the request ({code}){detail}"),
                    hint: Some(format!("token URL: {token_url}")),
                },
            }
        }
        RequestTokenError::Request(SendError::TooLarge) => Error::Unavailable {
            status: None,
            message: format!(
                "the token endpoint {token_url} answered with more than {} KiB; a token response is a few",
                MAX_TOKEN_RESPONSE >> 10
            ),
            hint: Some("check `token_url`: it must be the OAuth 2.0 token endpoint".into()),
        },
        RequestTokenError::Request(SendError::Http(e)) => {
            let what = if e.is_timeout() {
                "did not answer in time"
            } else if e.is_connect() {
                "cannot be reached"
            } else {
                "failed"
            };
            Error::Unavailable {
                status: None,
                message: format!("the token endpoint {token_url} {what}: {}", root_cause(&e)),
                hint: Some("check `token_url` and the network; retry later".into()),
            }
        }
        RequestTokenError::Request(e) => Error::Unavailable {
            status: None,
            message: format!("the request to the token endpoint {token_url} failed: {e}"),
            hint: None,
        },
        RequestTokenError::Parse(_, _) => Error::Unavailable {
            status: None,
            message: format!(
                "the token endpoint {token_url} answered with something that is not a token response"
            ),
            hint: Some("check `token_url`: it must be the OAuth 2.0 token endpoint".into()),
        },
        RequestTokenError::Other(message) => Error::Auth {
            message: format!(
                "the token endpoint {token_url} refused the request: {}",
                from_endpoint(&message, secret)
            ),
            hint: Some("check the client id and secret, then run `locadm login`".into()),
        },
    }
}

fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut current = e;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}
