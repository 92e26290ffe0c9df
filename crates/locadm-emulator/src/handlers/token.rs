//! `POST /oauth/token`: the OAuth 2.0 client credentials grant (RFC 6749 §4.4).
//!
//! The client authenticates by HTTP Basic (id and secret form-urlencoded, then base64,
//! as RFC 6749 §2.3.1 says and the `oauth2` crate does) or by `client_id` and
//! `client_secret` in the form body, never both. Errors are RFC 6749 §5.2 JSON objects:
//! `invalid_request`, `invalid_client` (401 with `WWW-Authenticate: Basic`),
//! `unsupported_grant_type`, `invalid_scope`. The granted scope is the requested one (it
//! must be a subset of the client's permissions) or every permission of the client when
//! no scope is asked for.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use base64::Engine;
use serde_json::json;

use super::REALM;
use crate::config::ClientSpec;
use crate::state::AppState;
use crate::store;

struct OAuthError {
    status: StatusCode,
    code: &'static str,
    description: String,
}

fn oauth_error(
    status: StatusCode,
    code: &'static str,
    description: impl Into<String>,
) -> OAuthError {
    OAuthError {
        status,
        code,
        description: description.into(),
    }
}

fn invalid_request(description: impl Into<String>) -> OAuthError {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_request", description)
}

fn invalid_client(description: impl Into<String>) -> OAuthError {
    oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", description)
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            Json(json!({ "error": self.code, "error_description": self.description })),
        )
            .into_response();
        if self.status == StatusCode::UNAUTHORIZED {
            if let Ok(value) = format!("Basic realm=\"{REALM}\"").parse() {
                response
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, value);
            }
        }
        response
    }
}

pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match issue(&state, &headers, body).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn issue(
    state: &AppState,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, OAuthError> {
    let body = body.map_err(|rejection| {
        oauth_error(rejection.status(), "invalid_request", rejection.body_text())
    })?;
    let form_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|ct| {
            ct.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        })
        .unwrap_or(false);
    if !form_type {
        return Err(invalid_request(
            "expected `Content-Type: application/x-www-form-urlencoded`",
        ));
    }
    let mut params: Vec<(String, String)> = Vec::new();
    for (k, v) in url::form_urlencoded::parse(&body) {
        if params.iter().any(|(seen, _)| *seen == k) {
            return Err(invalid_request(format!(
                "parameter `{k}` appears more than once"
            )));
        }
        params.push((k.into_owned(), v.into_owned()));
    }
    let param = |name: &str| {
        params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };

    let client = authenticate(state, headers, param("client_id"), param("client_secret"))?;

    match param("grant_type") {
        None => return Err(invalid_request("parameter `grant_type` is missing")),
        Some("client_credentials") => {}
        Some(other) => {
            return Err(oauth_error(
                StatusCode::BAD_REQUEST,
                "unsupported_grant_type",
                format!("grant type `{other}` is not supported; use `client_credentials`"),
            ))
        }
    }

    let mut granted: Vec<String> = Vec::new();
    match param("scope").map(str::split_whitespace) {
        Some(requested) => {
            let mut unknown = Vec::new();
            for s in requested {
                if !client.permissions.iter().any(|p| p == s) {
                    unknown.push(format!("`{s}`"));
                } else if !granted.iter().any(|g| g == s) {
                    granted.push(s.to_string());
                }
            }
            if !unknown.is_empty() {
                return Err(oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_scope",
                    format!(
                        "client `{}` may not be granted {}",
                        client.id,
                        unknown.join(", ")
                    ),
                ));
            }
            if granted.is_empty() {
                granted = client.permissions.clone();
            }
        }
        None => granted = client.permissions.clone(),
    }

    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    let access_token = URL_SAFE_NO_PAD.encode(bytes);
    let lifetime = state.token_lifetime.as_secs();
    let expires_at = store::now() + lifetime as i64;
    let (t, c, s) = (access_token.clone(), client.id.clone(), granted.clone());
    state
        .store
        .call(move |conn| store::insert_token(conn, &t, &c, &s, expires_at))
        .await
        .map_err(|e| {
            crate::log::log(&format!("{e}"));
            oauth_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server_error",
                "internal error",
            )
        })?;
    state.counters.bump(&state.counters.tokens_issued);
    Ok((
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::PRAGMA, "no-cache"),
        ],
        Json(json!({
            "access_token": access_token,
            "token_type": "Bearer",
            "expires_in": lifetime,
            "scope": granted.join(" "),
        })),
    )
        .into_response())
}

fn authenticate(
    state: &AppState,
    headers: &HeaderMap,
    form_id: Option<&str>,
    form_secret: Option<&str>,
) -> Result<ClientSpec, OAuthError> {
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("basic"))
        .map(|(_, rest)| rest.trim().to_string());
    let (id, secret) = match (basic, form_secret) {
        (Some(_), Some(_)) => {
            return Err(invalid_request(
                "use one client authentication method, not HTTP Basic and the form body both",
            ))
        }
        (Some(encoded), None) => {
            let decoded = STANDARD
                .decode(&encoded)
                .or_else(|_| STANDARD_NO_PAD.decode(&encoded))
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .ok_or_else(|| invalid_client("the Basic credentials are not valid base64"))?;
            let (id, secret) = decoded
                .split_once(':')
                .ok_or_else(|| invalid_client("the Basic credentials lack the `:` separator"))?;
            let id = form_decode(id);
            if form_id.is_some_and(|f| f != id) {
                return Err(invalid_request(
                    "`client_id` differs from the Basic credentials",
                ));
            }
            (id, form_decode(secret))
        }
        (None, Some(secret)) => {
            let id = form_id.ok_or_else(|| invalid_request("parameter `client_id` is missing"))?;
            (id.to_string(), secret.to_string())
        }
        (None, None) => return Err(invalid_client("no client authentication")),
    };
    state
        .clients
        .read()
        .expect("clients lock")
        .iter()
        .find(|c| c.id == id && constant_time_eq(c.secret.as_bytes(), secret.as_bytes()))
        .cloned()
        .ok_or_else(|| invalid_client("unknown client or wrong secret"))
}

/// One value of the Basic credentials, which RFC 6749 §2.3.1 has form-urlencoded before
/// base64 (`+` a space, `%XX` a byte). Decoded alone, not as a form: a client that did
/// not encode leaves `=` and `&` in a secret, and they are the secret's.
fn form_decode(s: &str) -> String {
    percent_encoding::percent_decode_str(&s.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::form_decode;

    #[test]
    fn form_decoding() {
        assert_eq!(form_decode("a%3Ab+c%25"), "a:b c%");
        assert_eq!(form_decode("100%"), "100%");
        assert_eq!(form_decode("%zz"), "%zz");
        assert_eq!(form_decode("c2VjcmV0=="), "c2VjcmV0==");
    }
}
