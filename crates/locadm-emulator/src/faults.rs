//! The fault draw (see [`Faults`] for the rates): which request fails, is throttled or
//! is dropped. The middleware that carries it out is `handlers/injection.rs`.
//!
//! A dropped request never gets an answer: the middleware signals the connection's
//! [`ConnKill`] handle, which the accept loop in `server.rs` put into the request's
//! extensions, and waits; the connection task then drops the connection, which closes the
//! socket. The client sees the connection closed or reset without a response.

use std::sync::Arc;
use std::sync::Mutex;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokio::sync::Notify;

use super::config::Faults;

/// Closes the connection a request came on, without an answer.
#[derive(Clone)]
pub struct ConnKill(pub Arc<Notify>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
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

    /// The latency added to every answer.
    pub fn latency(&self) -> std::time::Duration {
        self.faults.latency
    }

    /// One draw per request, in the order requests arrive.
    pub fn draw(&self) -> Option<Fault> {
        let f = &self.faults;
        if f.fail_rate <= 0.0 && f.throttle_rate <= 0.0 && f.drop_rate <= 0.0 {
            return None;
        }
        let x: f64 = match self.rng.lock() {
            Ok(mut rng) => rng.random(),
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
