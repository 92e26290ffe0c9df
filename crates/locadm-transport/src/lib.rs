//! How a bulk run's requests reach the service: connections of its own, the pace they go
//! at, and what became of each.
//!
//! - A [`Connector`] is made once a run from [`Options`] (the base URL's origin, the TLS
//!   configuration, the headers every request carries, the timeouts). The workers share
//!   it: it keeps the idle kept-alive connections and, when the service allows only a
//!   few, the shared lanes (HTTP/2 where the service agrees to it by ALPN).
//! - Each worker holds a [`Connection`] to it and sends one request at a time:
//!   [`Connection::exchange`] takes a `hyper::Request` and gives an [`Answer`] (head, whole
//!   body, the round trip the service took, whether it was a stream of a shared HTTP/2
//!   connection) or a [`Failure`] in the terms that decide whether it may be sent again.
//! - The [`pacer`] decides how many requests are in flight and when the next may go,
//!   from the [`pacer::Signal`] each answer gives.
//! - [`SessionStore`] keeps the TLS tickets every connection of an invocation resumes.
//!
//! The bulk engine above this (what to send, retries, journals, reports) is the CLI's.

mod body;
mod connection;
mod exchange;
mod failure;
mod http2;
mod lanes;
pub mod pacer;
mod sessions;

pub use body::{BodyBuffer, MAX_HELD_BYTES, MAX_RESPONSE_BYTES};
pub use connection::{BadBaseUrl, Connection, Connector, Options};
pub use exchange::Answer;
pub use failure::{root_cause, Failure, TransportError, TransportKind};
pub use sessions::SessionStore;
