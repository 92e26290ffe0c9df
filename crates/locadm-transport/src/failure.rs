//! What a request that got no answer failed of, in the terms that decide whether it may be
//! sent again and what the user is told. The CLI's shared reqwest client reports its
//! failures in the same terms, so both routes are judged by one rule.

/// Why one attempt got no answer to map: the transport failed, or the body was not read
/// whole (see `body.rs`).
#[derive(Debug)]
pub enum Failure {
    Transport(TransportError),
    /// The body was over `MAX_RESPONSE_BYTES`.
    TooLarge,
    /// The answers being read at once would have held more than `MAX_HELD_BYTES` with it.
    Crowded,
}

impl From<TransportError> for Failure {
    fn from(e: TransportError) -> Failure {
        Failure::Transport(e)
    }
}

/// A request that got no response, in the terms that decide whether it may be sent again
/// and what the user is told.
#[derive(Debug)]
pub struct TransportError {
    pub kind: TransportKind,
    /// The innermost cause ("Connection refused", a certificate problem).
    pub cause: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportKind {
    /// No connection could be made: nothing was sent.
    Connect,
    /// The TLS handshake failed (an untrusted certificate, no protocol in common): nothing
    /// was sent, and sending again cannot help.
    Tls,
    /// The connection was closed before the request was written: nothing was sent.
    NotSent,
    /// The request could not be built (a bad URL or header): sending again cannot help.
    Invalid,
    /// No complete answer in time; the request may have been carried out.
    Timeout,
    /// The exchange broke after the request went out; it may have been carried out.
    Broken,
}

impl TransportError {
    /// `kind`, or [`TransportKind::Tls`] for a connection that failed in its TLS
    /// handshake, with the innermost cause of `e`.
    pub fn new(kind: TransportKind, e: &(dyn std::error::Error + 'static)) -> TransportError {
        let kind = match kind {
            TransportKind::Connect if is_tls_failure(e) => TransportKind::Tls,
            kind => kind,
        };
        TransportError {
            kind,
            cause: root_cause(e),
        }
    }
}

/// The innermost cause of an error, which says what really happened ("Connection
/// refused", a TLS certificate problem) rather than an outer "error sending request".
pub fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    let text = cause.to_string();
    // rustls meeting a plain-HTTP answer where a TLS record should be: its words name a
    // record type, not what happened.
    if text.contains("InvalidContentType") {
        return format!(
            "the server answered in plain HTTP, not TLS: use http:// for it, or the port where it speaks TLS ({text})"
        );
    }
    text
}

/// Whether rustls is behind `e`. An `io::Error` does not give the error it wraps as its
/// source (hyper-rustls wraps rustls's error in two), so those are opened by hand.
fn is_tls_failure(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(e) = cause {
        if e.is::<rustls::Error>() {
            return true;
        }
        cause = match e
            .downcast_ref::<std::io::Error>()
            .and_then(std::io::Error::get_ref)
        {
            Some(inner) => Some(inner),
            None => e.source(),
        };
    }
    false
}
