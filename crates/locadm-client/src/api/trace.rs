//! What the client says it does: the HTTP exchange as a trace (`--verbose`), with the
//! Authorization header and anything secret redacted, and notes for people (a long wait
//! the service asked for). The client never prints: an [`Observer`] of the application's
//! says it where it should.

use std::sync::Arc;

use reqwest::header::HeaderMap;

/// Where the client's trace and notes go: the application's printer. Never given a secret:
/// the client redacts first.
pub trait Observer: Send + Sync {
    /// Whether the trace is wanted: what is made only to be traced is not made otherwise.
    fn tracing(&self) -> bool;
    /// One entry of the trace (a request, an answer, a decision), several lines at most.
    fn trace(&self, text: &str);
    /// A note for people: something they would otherwise wonder about (a long wait).
    fn note(&self, text: &str);
}

/// An observer that says nothing.
pub struct Silent;

impl Observer for Silent {
    fn tracing(&self) -> bool {
        false
    }
    fn trace(&self, _: &str) {}
    fn note(&self, _: &str) {}
}

const SECRET_HEADERS: [&str; 4] = [
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];
/// Bodies are shown up to this many bytes.
const BODY_SHOWN: usize = 4096;

/// The trace of one client or session: an [`Observer`], and whether it traces, asked
/// once.
#[derive(Clone)]
pub struct Trace {
    /// The observer's `tracing`, asked once: it is looked at for every request.
    on: bool,
    observer: Arc<dyn Observer>,
}

impl Trace {
    pub fn new(observer: Arc<dyn Observer>) -> Trace {
        Trace {
            on: observer.tracing(),
            observer,
        }
    }

    /// Whether the exchange is traced (for what is made only to be shown).
    pub fn on(&self) -> bool {
        self.on
    }

    /// One entry of the trace.
    pub fn line(&self, text: &str) {
        if self.on {
            self.observer.trace(text);
        }
    }

    /// A note for people (never only traced).
    pub(super) fn tell(&self, text: &str) {
        self.observer.note(text);
    }

    pub(super) fn note(&self, text: &str) {
        self.line(&format!("* {text}"));
    }

    pub(super) fn request(
        &self,
        method: &reqwest::Method,
        url: &url::Url,
        headers: &HeaderMap,
        payload: Option<&[u8]>,
    ) {
        if !self.on {
            return;
        }
        let mut text = format!("> {method} {}", crate::service_url::shown(url));
        for (name, value) in headers {
            text.push_str(&format!("\n> {name}: {}", shown(name.as_str(), value)));
        }
        if let Some(payload) = payload {
            text.push_str(&format!("\n>\n{}", body_text(payload)));
        }
        self.line(&text);
    }

    pub(super) fn response(
        &self,
        version: reqwest::Version,
        status: reqwest::StatusCode,
        headers: &HeaderMap,
    ) {
        if !self.on {
            return;
        }
        let mut text = format!("< {version:?} {status}");
        for (name, value) in headers {
            text.push_str(&format!("\n< {name}: {}", shown(name.as_str(), value)));
        }
        self.line(&text);
    }

    pub(super) fn body(&self, body: &[u8]) {
        if self.on && !body.is_empty() {
            self.line(&format!("<\n{}", body_text(body)));
        }
    }
}

/// A header's value as it may be shown: a secret one (`Authorization`, cookies) as its
/// scheme and `(redacted)`.
pub(super) fn shown(name: &str, value: &reqwest::header::HeaderValue) -> String {
    if SECRET_HEADERS.contains(&name) {
        let scheme = value
            .to_str()
            .ok()
            .and_then(|v| v.split_once(' '))
            .map(|(scheme, _)| format!("{scheme} "))
            .unwrap_or_default();
        format!("{scheme}(redacted)")
    } else {
        String::from_utf8_lossy(value.as_bytes()).into_owned()
    }
}

fn body_text(body: &[u8]) -> String {
    let shown = &body[..body.len().min(BODY_SHOWN)];
    let mut text = locadm_model::text::sanitize(&String::from_utf8_lossy(shown));
    if body.len() > BODY_SHOWN {
        text.push_str(&format!("\n… ({} bytes in all)", body.len()));
    }
    text
}
