//! From an HTTP outcome to a typed error with one clear sentence (docs/service-contract.md exit codes
//! follow from the error's kind in `crate::error`).

use std::time::Duration;

use reqwest::StatusCode;

use locadm_transport::{TransportError, TransportKind};

use super::raw::Call;
use super::{Idempotency, Reply};
use crate::error::{Error, Kind};

pub(super) fn retryable_status(status: StatusCode, idempotency: Idempotency) -> bool {
    match status.as_u16() {
        // The service says it did not act: safe to send again, even a create.
        429 | 503 => true,
        // A gateway error may hide a create that went through: only idempotent requests.
        502 | 504 => idempotency == Idempotency::Idempotent,
        _ => false,
    }
}

pub(super) fn retryable_transport(e: &TransportError, idempotency: Idempotency) -> bool {
    match e.kind {
        // The request never left: safe to send again, even a create.
        TransportKind::Connect | TransportKind::NotSent => true,
        // It may have been carried out: only requests that may be repeated.
        TransportKind::Timeout | TransportKind::Broken => idempotency == Idempotency::Idempotent,
        TransportKind::Tls | TransportKind::Invalid => false,
    }
}

/// The longest `Retry-After` waited for: a hostile or confused server cannot park the
/// tool for hours (a retry after it that is refused again is another wait, up to the
/// attempts allowed).
pub(super) const RETRY_AFTER_CAP: Duration = Duration::from_secs(60);

pub(super) fn retry_after(reply: &Reply) -> Option<Duration> {
    reply.retry_after
}

/// `Retry-After` (RFC 9110, section 10.2.3) as a wait from `now`: delay-seconds, or an
/// HTTP date (IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must
/// accept too), a date already past being no wait. Capped at [`RETRY_AFTER_CAP`].
pub(super) fn parse_retry_after(value: &str, now: std::time::SystemTime) -> Option<Duration> {
    let value = value.trim();
    let wait = match value.parse::<f64>() {
        // Capped before it is made a `Duration`, which a huge number would overflow.
        Ok(secs) if secs.is_finite() && secs >= 0.0 => {
            Duration::from_secs_f64(secs.min(RETRY_AFTER_CAP.as_secs_f64()))
        }
        Ok(_) => return None,
        Err(_) => {
            let date = httpdate::parse_http_date(value).ok()?;
            date.duration_since(now).unwrap_or(Duration::ZERO)
        }
    };
    Some(wait.min(RETRY_AFTER_CAP))
}

/// Why a `WWW-Authenticate` value's Bearer challenge refused a token (RFC 6750, section
/// 3): `error_description`, else the `error` code; `None` when it gives neither. Other
/// challenges in the same value (`Basic realm=…`) are passed over.
pub(super) fn bearer_refusal(header: &str) -> Option<String> {
    let mut in_bearer = false;
    let (mut error, mut description) = (None, None);
    let mut rest = header.trim_start();
    while !rest.is_empty() {
        // A token: an auth-scheme (followed by a blank or the end) or a parameter name.
        let end = rest
            .find(|c: char| c == '=' || c == ',' || c.is_whitespace())
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(end);
        let after = after.trim_start();
        if let Some(value) = after.strip_prefix('=') {
            let (value, tail) = auth_param_value(value.trim_start());
            if in_bearer {
                match name.to_ascii_lowercase().as_str() {
                    "error" => error = Some(value),
                    "error_description" => description = Some(value),
                    _ => {}
                }
            }
            rest = tail;
        } else {
            if !name.is_empty() {
                in_bearer = name.eq_ignore_ascii_case("bearer");
            }
            rest = after;
        }
        rest = rest.trim_start().trim_start_matches(',').trim_start();
    }
    let reason = match (error, description) {
        (Some(error), Some(description)) => format!("{error}: {description}"),
        (Some(only), None) | (None, Some(only)) => only,
        (None, None) => return None,
    };
    Some(locadm_model::text::sanitize_line(&reason))
}

/// A parameter value, a token or a quoted-string (with `\` escapes), and what follows it.
fn auth_param_value(text: &str) -> (String, &str) {
    let Some(quoted) = text.strip_prefix('"') else {
        let end = text.find([',', ' ', '\t']).unwrap_or(text.len());
        return (text[..end].to_owned(), &text[end..]);
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (value, &quoted[i + 1..]),
            '\\' => {
                if let Some((_, escaped)) = chars.next() {
                    value.push(escaped);
                }
            }
            c => value.push(c),
        }
    }
    (value, "")
}

/// An auth error after a 401, with the service's reason when it gave one.
pub(super) fn with_refusal(error: Error, refusal: Option<&str>) -> Error {
    match refusal {
        Some(reason) if error.kind() == &Kind::Auth => {
            error.with_detail(&format!("the service said: {reason}"))
        }
        _ => error,
    }
}

/// The `error` text of a 4xx body, when it has one.
fn error_text(reply: &Reply) -> Option<String> {
    error_text_of(&reply.body)
}

/// Error bodies are quoted in a message up to this many characters.
const BODY_QUOTED: usize = 300;

/// What an error body says, for a request of the user's: its `error` text, else the body
/// itself on one line (cut at [`BODY_QUOTED`] characters); `None` when it is empty.
fn body_said(reply: &Reply) -> Option<String> {
    if let Some(text) = error_text(reply) {
        return Some(text);
    }
    let text = String::from_utf8_lossy(&reply.body);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut line = locadm_model::text::sanitize_line(text);
    if let Some((at, _)) = line.char_indices().nth(BODY_QUOTED) {
        line.truncate(at);
        line.push('…');
    }
    Some(line)
}

/// The `error` text of an error body (`{"error": "..."}` or `{"error": {"message": ...}}`).
pub fn error_text_of(body: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    let text = match value.get("error")? {
        serde_json::Value::String(s) => s.as_str(),
        other => other.get("message").and_then(|m| m.as_str())?,
    };
    // The service's words go into a sentence of the tool's: one line, no controls.
    Some(locadm_model::text::sanitize_line(text))
}

pub(super) fn status_error(
    reply: &Reply,
    call: Call<'_>,
    url: &url::Url,
    tokens: &dyn super::TokenSource,
) -> Error {
    let Some(endpoint) = call.endpoint() else {
        return raw_status_error(reply, call, url, tokens);
    };
    let method = endpoint.method();
    let permission = endpoint.permission();
    let status = reply.status;
    let path = url.path();
    let url = crate::service_url::shown(url);
    let code = status.as_u16();
    match code {
        401 => refused_token(reply, method, &url, tokens),
        403 => {
            let scope = match tokens.granted_scope() {
                Some(scope) if scope.iter().any(|s| s == permission.name()) => {
                    "the scope granted with the token has it, so the service's permissions differ"
                        .to_owned()
                }
                Some(_) => "the scope granted with the token does not have it".to_owned(),
                None => "the token's scope is not known".to_owned(),
            };
            let needed = permission.name();
            Error::permission(format!(
                "permission denied: {method} {path} needs `{needed}`; {scope}"
            ))
            .with_hint(format!(
                "ask for a client with `{needed}`, or log in with `locadm login --scope {needed}`"
            ))
        }
        404 => match endpoint.not_found() {
            // The spec's 404 has no body, so a wrong base path answers every id alike:
            // said, since a person meets it first as one location "not found".
            Some(message) => Error::not_found(message).with_hint(
                "check the id; if every id answers so, check the base URL (`locadm config get base_url`): a path segment missing or extra gives 404 to every request",
            ),
            // A path without an id (a create) is not found only when the base URL does
            // not lead to the service.
            None => Error::not_found(format!(
                "{method} {url} answered 404: no location service is at this base URL"
            ))
            .with_hint(
                "check the base URL (`locadm config get base_url`): a path segment missing or extra is the usual cause",
            ),
        },
        413 => Error::rejected(
            413,
            None,
            "the service refused the request body as too large (413)",
        ),
        400..=499 => {
            let text = error_text(reply);
            let property = text.as_deref().and_then(property_in);
            let message = match text {
                Some(text) => format!("the service rejected the request ({code}): {text}"),
                None => format!("the service rejected the request with {status}"),
            };
            Error::rejected(code, property, message)
        }
        300..=399 => redirected(reply, method, &url),
        _ => Error::unavailable(
            Some(code),
            format!("the service failed: {method} {url} answered {status}"),
        )
        .with_hint("try again later; `--verbose` shows the exchange"),
    }
}

/// A 401 after the token's one renewal.
fn refused_token(reply: &Reply, method: &str, url: &str, tokens: &dyn super::TokenSource) -> Error {
    let reason = reply
        .refusal
        .as_deref()
        .map(|reason| format!("; the service said: {reason}"))
        .unwrap_or_default();
    Error::auth(format!(
        "the service refused the token for {method} {url} (401), also after renewing it{reason}"
    ))
    .with_hint(tokens.refused_hint())
}

/// A redirect, reported and never followed.
fn redirected(reply: &Reply, method: &str, url: &str) -> Error {
    let code = reply.status.as_u16();
    let target = reply
        .location
        .as_deref()
        .map(|l| format!("`{}`", locadm_model::text::sanitize_line(l)))
        .unwrap_or_else(|| "nowhere".into());
    Error::unavailable(Some(code), format!(
        "the service answered {method} {url} with a redirect ({code}) to {target}; redirects are not followed, so the token is never sent elsewhere"
    ))
    .with_hint(
        "if the new address is the service, set it as the base URL (`--base-url` or the profile)",
    )
}

/// A request of the user's answered with an error status: the class decides the kind
/// (and so the exit code) as for every endpoint; what the body says is in the message.
fn raw_status_error(
    reply: &Reply,
    call: Call<'_>,
    url: &url::Url,
    tokens: &dyn super::TokenSource,
) -> Error {
    let method = call.method();
    let method = method.as_str();
    let code = reply.status.as_u16();
    let path = url.path();
    let shown = crate::service_url::shown(url);
    let said = body_said(reply)
        .map(|text| format!(": {text}"))
        .unwrap_or_default();
    match code {
        401 => refused_token(reply, method, &shown, tokens),
        403 => Error::permission(format!(
            "permission denied: {method} {path} answered 403{said}"
        ))
        .with_hint("`locadm auth status` lists the permissions the token's scope grants"),
        404 => Error::not_found(format!("{method} {path} answered 404{said}")).with_hint(
            "check the path: it is taken below the base URL (`locadm config get base_url`)",
        ),
        300..=399 => redirected(reply, method, &shown),
        400..=499 => {
            let property = error_text(reply).as_deref().and_then(property_in);
            Error::rejected(
                code,
                property,
                format!("the service rejected {method} {path} ({code}){said}"),
            )
        }
        _ => Error::unavailable(
            Some(code),
            format!(
                "the service failed: {method} {shown} answered {}{said}",
                reply.status
            ),
        )
        .with_hint("try again later; `--verbose` shows the exchange"),
    }
}

/// The property a 400 message names: its first word when that reads like a JSON path
/// (`structuredAddress.postCode: …`).
fn property_in(text: &str) -> Option<String> {
    let head = text.split([':', ' ']).next()?;
    let looks_like_path = !head.is_empty()
        && head.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && head
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '[' | ']'));
    looks_like_path.then(|| head.to_owned())
}

/// A create answered in a way that cannot be read or understood: the location may have
/// been created, under an id not known.
pub fn unconfirmed(what: impl std::fmt::Display) -> Error {
    Error::unconfirmed(format!(
        "{what}: the location may have been created, under an id not known"
    ))
    .with_hint("check whether a location with this storeId exists before creating it again; `--verbose` shows the answer")
}

pub(super) fn transport_error(
    e: &TransportError,
    url: &url::Url,
    method: &reqwest::Method,
    idempotency: Idempotency,
) -> Error {
    let sent = matches!(e.kind, TransportKind::Timeout | TransportKind::Broken);
    if idempotency != Idempotency::Idempotent && sent {
        let what = match idempotency {
            Idempotency::Create => "the create".to_owned(),
            _ => format!("the {method}"),
        };
        return Error::outcome_unknown(format!(
            "no answer to {what} sent to {} ({}): it may or may not have been carried out",
            without_query(url),
            if e.kind == TransportKind::Timeout {
                "timed out"
            } else {
                &e.cause
            }
        ));
    }
    let what = match e.kind {
        TransportKind::Timeout => "timed out".to_owned(),
        TransportKind::Connect | TransportKind::Tls => format!("could not connect ({})", e.cause),
        TransportKind::NotSent => format!("could not be sent ({})", e.cause),
        TransportKind::Invalid | TransportKind::Broken => format!("failed: {}", e.cause),
    };
    let hint = if e.kind == TransportKind::Timeout {
        "raise `--timeout SECS` or check the service"
    } else {
        crate::transport::tls_hint(&e.cause).unwrap_or(
            "check the base URL and that the service is up; `--verbose` shows the exchange",
        )
    };
    Error::unavailable(None, format!("request to {} {what}", without_query(url))).with_hint(hint)
}

fn without_query(url: &url::Url) -> String {
    let mut url = url.clone();
    url.set_query(None);
    crate::service_url::shown(&url)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reason_of_a_bearer_challenge_is_read() {
        use super::bearer_refusal;
        assert_eq!(
            bearer_refusal(r#"Bearer realm="x", error="invalid_token", error_description="the token has expired""#).as_deref(),
            Some("invalid_token: the token has expired")
        );
        assert_eq!(
            bearer_refusal(r#"Basic realm="a, b", Bearer error=invalid_token"#).as_deref(),
            Some("invalid_token")
        );
        assert_eq!(
            bearer_refusal(r#"Bearer error_description="say \"no\"""#).as_deref(),
            Some(r#"say "no""#)
        );
        assert_eq!(bearer_refusal(r#"Basic realm="x", error="nope""#), None);
        assert_eq!(bearer_refusal("Bearer"), None);
        assert_eq!(bearer_refusal(r#"Bearer realm="x""#), None);
        assert_eq!(
            bearer_refusal("Bearer error_description=\"a\u{1b}[2J\nerror: fake\"").as_deref(),
            Some("a\\u001b[2J\\u000aerror: fake")
        );
    }

    use super::*;

    #[test]
    fn property_is_read_from_a_400_message() {
        assert_eq!(
            property_in("structuredAddress.postCode: 17 characters").as_deref(),
            Some("structuredAddress.postCode")
        );
        assert_eq!(property_in("Invalid JSON"), None);
    }

    #[test]
    fn a_wait_cut_to_the_cap_is_said_as_more() {
        assert_eq!(
            crate::api::asked_wait(503, Duration::from_millis(5200)),
            "the service answered 503 and asked to wait 6 s (`Retry-After`)"
        );
        assert_eq!(
            crate::api::asked_wait(429, RETRY_AFTER_CAP),
            "the service answered 429 and asked to wait 60 s or more (`Retry-After`; 60 s is the most waited)"
        );
    }

    #[test]
    fn retry_after_is_capped() {
        let now = std::time::SystemTime::now();
        assert_eq!(parse_retry_after("2", now), Some(Duration::from_secs(2)));
        assert_eq!(
            parse_retry_after("100000", now),
            Some(Duration::from_secs(60))
        );
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-1", now), None);
    }

    /// The HTTP-date form, in the three formats RFC 9110 says a recipient must accept:
    /// a wait from now, none for a date past, and the same cap as delay-seconds.
    #[test]
    fn retry_after_as_an_http_date_is_a_wait_from_now() {
        // Sun, 06 Nov 1994 08:49:37 GMT, RFC 9110's example.
        let now = std::time::UNIX_EPOCH + Duration::from_secs(784_111_777);
        for form in [
            "Sun, 06 Nov 1994 08:49:47 GMT",
            "Sunday, 06-Nov-94 08:49:47 GMT",
            "Sun Nov  6 08:49:47 1994",
        ] {
            assert_eq!(
                parse_retry_after(form, now),
                Some(Duration::from_secs(10)),
                "{form}"
            );
        }
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:30 GMT", now),
            Some(Duration::ZERO),
            "a date past"
        );
        assert_eq!(
            parse_retry_after("Mon, 07 Nov 1994 08:49:37 GMT", now),
            Some(RETRY_AFTER_CAP),
            "a day ahead"
        );
        assert_eq!(parse_retry_after("Sun, 06 Nov 1994", now), None);
    }
}
