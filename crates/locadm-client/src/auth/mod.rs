//! Authentication: where every command's bearer token comes from.
//!
//! Order: `LOCADM_TOKEN` as-is (nothing cached); else the cached token when it is more
//! than [`RENEW_BEFORE`] from expiry and the caller presents the credential it was got
//! with; else a fresh token by the grant the caller's credentials call for
//! (`credentials.rs`: a workload token, client credentials by secret or key, a person's
//! refresh token), saved back to the keyring unless the credentials came from the
//! environment. Endpoints come from `token_url`, or from the issuer's discovery document.

mod binding;
mod client_auth;
mod client_key;
mod clock;
mod credentials;
pub mod discovery;
mod hints;
pub mod id_token;
pub mod oauth;
mod people;
mod profile;
mod revoke;
mod session;
pub mod store;
mod transport;

pub use client_auth::ClientAuth;
pub use oauth::ClientProof;
pub use profile::{Profile, Secrets};

pub use clock::{is_fresh, relative, Clock, SystemClock, RENEW_BEFORE};
pub use hints::{can_prompt, log_in, login_again_hint, login_hint};
pub use revoke::Revocation;
pub use session::Session;
pub use session::TokenOrigin;
