//! `--verbose`: the HTTP exchange on stderr, with the Authorization header and anything
//! secret redacted.

use reqwest::header::HeaderMap;

use crate::output::Verbose;

const SECRET_HEADERS: [&str; 4] = [
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];
/// Bodies are shown up to this many bytes.
const BODY_SHOWN: usize = 4096;

#[derive(Debug, Clone, Copy)]
pub(super) struct Trace {
    verbose: Verbose,
}

impl Trace {
    pub(super) fn new(verbose: Verbose) -> Trace {
        Trace { verbose }
    }

    /// Whether `--verbose` shows the exchange (for what is made only to be shown).
    pub(super) fn on(&self) -> bool {
        self.verbose.on()
    }

    fn write(&self, text: &str) {
        self.verbose.line(text);
    }

    pub(super) fn note(&self, text: &str) {
        self.write(&format!("* {text}"));
    }

    pub(super) fn request(
        &self,
        method: &reqwest::Method,
        url: &url::Url,
        headers: &HeaderMap,
        payload: Option<&[u8]>,
    ) {
        if !self.verbose.on() {
            return;
        }
        let mut text = format!("> {method} {}", crate::settings::shown_url(url));
        for (name, value) in headers {
            text.push_str(&format!("\n> {name}: {}", shown(name.as_str(), value)));
        }
        if let Some(payload) = payload {
            text.push_str(&format!("\n>\n{}", body_text(payload)));
        }
        self.write(&text);
    }

    pub(super) fn response(
        &self,
        version: reqwest::Version,
        status: reqwest::StatusCode,
        headers: &HeaderMap,
    ) {
        if !self.verbose.on() {
            return;
        }
        let mut text = format!("< {version:?} {status}");
        for (name, value) in headers {
            text.push_str(&format!("\n< {name}: {}", shown(name.as_str(), value)));
        }
        self.write(&text);
    }

    pub(super) fn body(&self, body: &[u8]) {
        if self.verbose.on() && !body.is_empty() {
            self.write(&format!("<\n{}", body_text(body)));
        }
    }
}

fn shown(name: &str, value: &reqwest::header::HeaderValue) -> String {
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
    let mut text = crate::output::sanitize(&String::from_utf8_lossy(shown));
    if body.len() > BODY_SHOWN {
        text.push_str(&format!("\n… ({} bytes in all)", body.len()));
    }
    text
}
