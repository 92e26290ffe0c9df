//! `--log-requests`: one line a request, when its answer is made: the method, the path,
//! the status and the time taken. Never the query, a header or a body: a token, a client
//! secret or a location's data never reach the log. Where the lines go is the caller's
//! (`locadm emulator serve` writes them through its printer).

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;

/// One request, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestLine {
    pub method: String,
    /// The path alone, without the query.
    pub path: String,
    /// `None` when no answer was made: the connection was dropped (a fault, or the
    /// client went away) first.
    pub status: Option<u16>,
    pub elapsed: Duration,
}

/// `GET /locations/ID 200 0.4 ms`, or `… - 3.0 ms (no answer)`.
impl fmt::Display for RequestLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.elapsed.as_secs_f64() * 1000.0;
        match self.status {
            Some(status) => write!(f, "{} {} {status} {ms:.1} ms", self.method, self.path),
            None => write!(f, "{} {} - {ms:.1} ms (no answer)", self.method, self.path),
        }
    }
}

/// Where the lines go.
#[derive(Clone)]
pub struct RequestLog(Arc<dyn Fn(&RequestLine) + Send + Sync>);

impl RequestLog {
    pub fn new(write: impl Fn(&RequestLine) + Send + Sync + 'static) -> RequestLog {
        RequestLog(Arc::new(write))
    }

    /// The emulator's own log on stderr, for an emulator started from its options alone.
    pub fn to_stderr() -> RequestLog {
        RequestLog::new(|line| crate::log::log(&line.to_string()))
    }
}

impl fmt::Debug for RequestLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RequestLog")
    }
}

/// A request not answered yet: logged when answered, or as unanswered when dropped.
struct Pending {
    log: RequestLog,
    line: Option<RequestLine>,
    started: Instant,
}

impl Pending {
    fn done(mut self, status: u16) {
        if let Some(mut line) = self.line.take() {
            line.status = Some(status);
            line.elapsed = self.started.elapsed();
            (self.log.0)(&line);
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(mut line) = self.line.take() {
            line.elapsed = self.started.elapsed();
            (self.log.0)(&line);
        }
    }
}

/// The outermost layer of the router: it sees every answer, the injected faults and the
/// refusals for capacity and rate among them.
pub(crate) async fn middleware(
    State(log): State<RequestLog>,
    request: Request,
    next: Next,
) -> Response {
    let pending = Pending {
        log,
        line: Some(RequestLine {
            method: request.method().to_string(),
            path: request.uri().path().to_owned(),
            status: None,
            elapsed: Duration::ZERO,
        }),
        started: Instant::now(),
    };
    let response = next.run(request).await;
    pending.done(response.status().as_u16());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_names_method_path_status_and_time() {
        let mut line = RequestLine {
            method: "PUT".into(),
            path: "/locations/0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11".into(),
            status: Some(200),
            elapsed: Duration::from_micros(1250),
        };
        assert_eq!(
            line.to_string(),
            "PUT /locations/0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11 200 1.2 ms"
        );
        line.status = None;
        assert!(line.to_string().ends_with(" - 1.2 ms (no answer)"));
    }
}
