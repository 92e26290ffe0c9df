//! Where an invocation keeps the TLS sessions its connections may resume: a new connection
//! that resumes one (a TLS 1.3 ticket) skips the server's certificate chain and its two
//! signature checks, most of a full handshake's cost to the client.
//!
//! rustls's own store keeps 8 tickets a server, and a ticket is good for one connection.
//! A bulk run opens connections in bursts (`auto` doubling its limit; workers whose
//! connections the server closes after so many requests, at about the same time), and
//! beyond the 8 each one paid a full handshake though the server had sent a ticket for
//! it (nginx sends two after a full handshake, one after a resumption; the emulator two).
//! This store keeps up to [`TICKETS_PER_SERVER`] a server, and leaves the rest (key
//! exchange hints, TLS 1.2 sessions) to rustls's. 32 workers against the emulator closing
//! each connection after 10 requests: 36 to 54 full handshakes with rustls's store, 32
//! (the first burst) with this one (`tests/it/connections.rs`). Tickets stay in memory, as in
//! rustls's store: nothing is written anywhere.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use rustls::client::{
    ClientSessionMemoryCache, ClientSessionStore, Tls12ClientSessionValue, Tls13ClientSessionValue,
};
use rustls::pki_types::ServerName;
use rustls::NamedGroup;

/// The most tickets kept for one server: the most connections a bulk run holds (`auto`'s
/// ceiling), each of which may need one to resume.
const TICKETS_PER_SERVER: usize = 256;
/// The most servers tickets are kept for: an invocation talks to one or two (the service,
/// the token endpoint).
const SERVERS: usize = 16;

pub struct SessionStore {
    /// Everything but the TLS 1.3 tickets.
    rest: ClientSessionMemoryCache,
    /// Each server's tickets, oldest first.
    tickets: Mutex<HashMap<ServerName<'static>, VecDeque<Tls13ClientSessionValue>>>,
}

impl Default for SessionStore {
    fn default() -> SessionStore {
        SessionStore::new()
    }
}

impl SessionStore {
    pub fn new() -> SessionStore {
        SessionStore {
            rest: ClientSessionMemoryCache::new(SERVERS),
            tickets: Mutex::new(HashMap::new()),
        }
    }

    fn tickets(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<ServerName<'static>, VecDeque<Tls13ClientSessionValue>>>
    {
        self.tickets.lock().unwrap_or_else(|p| p.into_inner())
    }
}

// Not derived: the tickets are secrets (each resumes a session).
impl std::fmt::Debug for SessionStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionStore").finish_non_exhaustive()
    }
}

impl ClientSessionStore for SessionStore {
    fn set_kx_hint(&self, server_name: ServerName<'static>, group: NamedGroup) {
        self.rest.set_kx_hint(server_name, group);
    }

    fn kx_hint(&self, server_name: &ServerName<'_>) -> Option<NamedGroup> {
        self.rest.kx_hint(server_name)
    }

    fn set_tls12_session(&self, server_name: ServerName<'static>, value: Tls12ClientSessionValue) {
        self.rest.set_tls12_session(server_name, value);
    }

    fn tls12_session(&self, server_name: &ServerName<'_>) -> Option<Tls12ClientSessionValue> {
        self.rest.tls12_session(server_name)
    }

    fn remove_tls12_session(&self, server_name: &ServerName<'static>) {
        self.rest.remove_tls12_session(server_name);
    }

    fn insert_tls13_ticket(
        &self,
        server_name: ServerName<'static>,
        value: Tls13ClientSessionValue,
    ) {
        let mut tickets = self.tickets();
        if !tickets.contains_key(&server_name) && tickets.len() >= SERVERS {
            // A server too many: the one with the fewest tickets left goes.
            let fewest = tickets
                .iter()
                .min_by_key(|(_, kept)| kept.len())
                .map(|(name, _)| name.clone());
            if let Some(name) = fewest {
                tickets.remove(&name);
            }
        }
        let kept = tickets.entry(server_name).or_default();
        if kept.len() >= TICKETS_PER_SERVER {
            kept.pop_front();
        }
        kept.push_back(value);
    }

    /// The newest ticket (the one least likely to have expired), at most once.
    fn take_tls13_ticket(
        &self,
        server_name: &ServerName<'static>,
    ) -> Option<Tls13ClientSessionValue> {
        self.tickets().get_mut(server_name)?.pop_back()
    }
}
