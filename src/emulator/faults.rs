//! Fault injection as an axum middleware (see [`Faults`] for the draw).
//!
//! A dropped request never gets an answer: the middleware signals the connection's
//! [`ConnKill`] handle, which the accept loop in `server.rs` put into the request's
//! extensions, and waits; the connection task then drops the connection, which closes the
//! socket. The client sees the connection closed or reset without a response.

use std::sync::Arc;
use std::sync::Mutex;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::Notify;

use super::config::Faults;
use super::handlers::ApiError;
use super::router::AppState;

/// Closes the connection a request came on, without an answer.
#[derive(Clone)]
pub struct ConnKill(pub Arc<Notify>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Fail,
    Throttle,
    Drop,
}

/// The seeded generator and the rates.
pub struct FaultInjector {
    faults: Faults,
    rng: Mutex<StdRng>,
}

impl FaultInjector {
    pub fn new(faults: Faults) -> FaultInjector {
        FaultInjector {
            rng: Mutex::new(StdRng::seed_from_u64(faults.seed)),
            faults,
        }
    }

    /// One draw per request, in the order requests arrive.
    fn draw(&self) -> Option<Fault> {
        let f = &self.faults;
        if f.fail_rate <= 0.0 && f.throttle_rate <= 0.0 && f.drop_rate <= 0.0 {
            return None;
        }
        let x: f64 = match self.rng.lock() {
            Ok(mut rng) => rng.gen(),
            Err(_) => return None,
        };
        if x < f.fail_rate {
            Some(Fault::Fail)
        } else if x < f.fail_rate + f.throttle_rate {
            Some(Fault::Throttle)
        } else if x < f.fail_rate + f.throttle_rate + f.drop_rate {
            Some(Fault::Drop)
        } else {
            None
        }
    }
}

/// Counts the request, then applies latency and at most one fault.
pub async fn inject(State(state): State<AppState>, request: Request, next: Next) -> Response {
    state.counters.bump(&state.counters.requests);
    let fault = state.faults.draw();
    let latency = state.faults.faults.latency;
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
            .header(header::RETRY_AFTER, "1")
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
