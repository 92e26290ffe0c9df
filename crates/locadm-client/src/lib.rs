//! The Location Management Service as a library: what the `locadm` command line is built
//! on, and what a Rust program calls the service with.
//!
//! - [`Service`]: the service one run talks to, made from plain values: its base URL,
//!   the prefix of its read forms, the [`Transport`](api::Transport) (one connection
//!   pool, one TLS configuration) and its identity (what a journal, the inventory and
//!   the pace memory are keyed on).
//! - [`TokenSource`]: where bearer tokens come from (cached, renewed on a 401, revoked
//!   by the application that owns it). [`BearerToken`] is the simplest: one given token.
//! - [`ApiClient`]: one call per endpoint of the service, with retries where the
//!   endpoint allows them, the pace of a bulk run, and every answer mapped to a typed
//!   [`Error`]; and a request of one's own to a path of the service
//!   ([`ApiClient::raw_request`], [`ApiClient::send_raw`]) under the same rules. With
//!   [`ApiClient::printing_curl`] it prints its requests as `curl` command lines instead
//!   of sending them (`--curl`).
//! - [`Observer`]: where the client says what it does (a verbose trace, notes for
//!   people): the application decides how, the client never prints.
//!
//! ```no_run
//! # async fn run(id: uuid::Uuid) -> locadm_client::Result<()> {
//! use std::sync::Arc;
//! use locadm_client::{ApiClient, BearerToken, Service, ServiceOptions, ServiceUrl};
//!
//! let base_url = ServiceUrl::parse("base_url", "https://locations.example.com", false)?;
//! let service = Service::new(ServiceOptions::new(base_url))?;
//! let token = Arc::new(BearerToken::new("a token".into()));
//! let api = ApiClient::new(&service, token);
//! let (location, _reply) = api.get_location(&id).await?;
//! println!("{} {}", location.store_id, location.store_name);
//! # Ok(()) }
//! ```
//!
//! `examples/create_and_read.rs` does it end to end against the emulator.

pub mod api;
pub mod auth;
pub mod env_vars;
pub mod error;
pub mod service;
pub mod service_url;
mod transport;

pub use api::{ApiClient, BearerToken, Observer, Silent, TokenSource};
pub use env_vars::EnvVars;
pub use error::{Error, Exit, Kind, Result};
pub use locadm_model as model;
pub use service::{Service, ServiceOptions};
pub use service_url::{carries_password, is_loopback, shown as shown_url, ServiceUrl};
