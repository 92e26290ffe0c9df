//! The fault injection middleware: counts each request, admits it within the capacity
//! and the rate limit (`emulator/limits.rs`), holds it for the configured latency, and
//! carries out the fault drawn for it (`emulator/faults.rs`).

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use crate::faults::{ConnKill, Fault};
use crate::limits::{retry_after_secs, Refusal, RetryAfter};
use crate::state::AppState;

/// Counts the request, then applies latency and at most one fault.
pub async fn inject(State(state): State<AppState>, request: Request, next: Next) -> Response {
    state.counters.bump(&state.counters.requests);
    let retry_after = state.gate.limits().retry_after;
    // Held until the answer is made: the place in the capacity is the request's.
    let _admitted = match state.gate.admit() {
        Ok(admitted) => admitted,
        Err(refusal) => return refused(refusal, retry_after),
    };
    let fault = state.faults.draw();
    let latency = state.faults.latency();
    if !latency.is_zero() {
        tokio::time::sleep(latency).await;
    }
    match fault {
        None => next.run(request).await,
        Some(Fault::Fail) => {
            state.counters.bump(&state.counters.faults_failed);
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "injected fault: internal error",
            )
            .into_response()
        }
        Some(Fault::Throttle) => {
            state.counters.bump(&state.counters.faults_throttled);
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "injected fault: too many requests",
            )
            .header(header::RETRY_AFTER, &retry_after.value(retry_after.secs))
            .into_response()
        }
        Some(Fault::Drop) => {
            state.counters.bump(&state.counters.faults_dropped);
            match request.extensions().get::<ConnKill>() {
                Some(kill) => {
                    kill.0.notify_one();
                    // The connection task drops this future with the connection.
                    std::future::pending::<Response>().await
                }
                // Not served by our accept loop (e.g. `Router::oneshot` in a unit test):
                // the nearest thing is an empty 500.
                None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
            }
        }
    }
}

/// The answer to a request over the capacity or the rate, with when to come back.
fn refused(refusal: Refusal, asked: RetryAfter) -> Response {
    let (status, retry_after, text) = match refusal {
        Refusal::Capacity { status } => (
            StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE),
            asked.secs,
            "over capacity: too many requests in flight",
        ),
        Refusal::Rate { retry_after } => (
            StatusCode::TOO_MANY_REQUESTS,
            retry_after_secs(retry_after),
            "rate limit exceeded",
        ),
    };
    ApiError::new(status, text)
        .header(header::RETRY_AFTER, &asked.value(retry_after))
        .into_response()
}
