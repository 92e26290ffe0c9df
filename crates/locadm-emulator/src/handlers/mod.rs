//! Request handlers, one module per resource, and what they share: the error answer, the
//! body and id checks, and the bearer check.

pub mod admin;
pub mod injection;
pub mod locations;
pub mod providers;
pub mod token;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use uuid::Uuid;

use super::state::AppState;
use super::store::{self, StoreError};
use locadm_model::endpoint::Permission;

pub(crate) const REALM: &str = "locadm-emulator";

/// An error answer: a status, a JSON body (`{"error": "..."}` unless said otherwise) and
/// any extra headers.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: Value,
    pub headers: Vec<(HeaderName, HeaderValue)>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
            headers: Vec::new(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    pub fn header(mut self, name: HeaderName, value: &str) -> ApiError {
        if let Ok(value) = HeaderValue::from_str(value) {
            self.headers.push((name, value));
        }
        self
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        crate::log::log(&format!("{e}"));
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        for (name, value) in self.headers {
            response.headers_mut().append(name, value);
        }
        response
    }
}

pub type ApiResult = Result<Response, ApiError>;

/// A path id that must be a UUID (400 otherwise).
pub fn parse_id(what: &str, raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::bad_request(format!("{what} `{raw}` is not a UUID")))
}

/// The body of a JSON request as text: 413 over the limit, 415 without
/// `Content-Type: application/json`, 400 when it is not UTF-8.
pub fn json_text(
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<String, ApiError> {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let status = rejection.status();
            let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
                "the request body is too large".to_string()
            } else {
                rejection.body_text()
            };
            return Err(ApiError::new(status, message));
        }
    };
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|ct| {
            let essence = ct.split(';').next().unwrap_or("").trim();
            essence.eq_ignore_ascii_case("application/json")
                || (essence.to_ascii_lowercase().starts_with("application/")
                    && essence.to_ascii_lowercase().ends_with("+json"))
        })
        .unwrap_or(false);
    if !is_json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "expected `Content-Type: application/json`",
        ));
    }
    String::from_utf8(body.to_vec())
        .map_err(|_| ApiError::bad_request("the request body is not UTF-8 text"))
}

/// The bearer check: 401 with `WWW-Authenticate: Bearer` for a missing, unknown or
/// expired token; 403 when the token's scope lacks `permission`.
pub async fn authorize(
    state: &AppState,
    headers: &HeaderMap,
    permission: Permission,
) -> Result<(), ApiError> {
    let permission = permission.name();
    let unauthorized = |message: &str, error: Option<&str>| {
        let challenge = match error {
            Some(error) => format!(
                "Bearer realm=\"{REALM}\", error=\"{error}\", error_description=\"{message}\""
            ),
            None => format!("Bearer realm=\"{REALM}\""),
        };
        ApiError::new(StatusCode::UNAUTHORIZED, message)
            .header(header::WWW_AUTHENTICATE, &challenge)
    };
    let Some(value) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    else {
        return Err(unauthorized("a bearer token is required", None));
    };
    let token = match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            token.trim().to_string()
        }
        _ => {
            return Err(unauthorized(
                "the Authorization header must be `Bearer <token>`",
                Some("invalid_request"),
            ))
        }
    };
    let found = state
        .store
        .call(move |conn| store::token(conn, &token))
        .await?;
    let Some(found) = found else {
        return Err(unauthorized(
            "the token is unknown or revoked",
            Some("invalid_token"),
        ));
    };
    if found.expires_at <= store::now() {
        return Err(unauthorized("the token has expired", Some("invalid_token")));
    }
    if !found.scope.iter().any(|s| s == permission) {
        let mut error = ApiError::new(
            StatusCode::FORBIDDEN,
            format!("the token's scope lacks the permission `{permission}`"),
        )
        .header(
            header::WWW_AUTHENTICATE,
            &format!(
                "Bearer realm=\"{REALM}\", error=\"insufficient_scope\", scope=\"{permission}\""
            ),
        );
        error.body["permission"] = json!(permission);
        return Err(error);
    }
    Ok(())
}
