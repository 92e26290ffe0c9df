//! The OAuth 2.0 client credentials grant (RFC 6749 §4.4) through the `oauth2` crate, on
//! the shared `reqwest::Client` (redirects off, as the oauth2 docs require).

use std::time::Duration;

use oauth2::basic::{BasicClient, BasicErrorResponseType};
use oauth2::{
    AuthType, ClientId, ClientSecret, HttpClientError, RequestTokenError, Scope, TokenResponse,
    TokenUrl,
};
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
    match request.request_async(http).await {
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
        Err(e) => Err(map_error(e, token_url)),
    }
}

type TokenError = RequestTokenError<
    HttpClientError<reqwest::Error>,
    oauth2::StandardErrorResponse<BasicErrorResponseType>,
>;

fn map_error(error: TokenError, token_url: &url::Url) -> Error {
    match error {
        RequestTokenError::ServerResponse(response) => {
            let code = crate::output::sanitize_line(response.error().as_ref());
            let detail = response
                .error_description()
                .map(|d| format!(": {}", crate::output::sanitize_line(d)))
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
        RequestTokenError::Request(HttpClientError::Reqwest(e)) => {
            let what = if e.is_timeout() {
                "did not answer in time"
            } else if e.is_connect() {
                "cannot be reached"
            } else {
                "failed"
            };
            Error::Unavailable {
                status: None,
                message: format!("the token endpoint {token_url} {what}: {}", root_cause(&*e)),
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
            message: format!("the token endpoint {token_url} refused the request: {message}"),
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
