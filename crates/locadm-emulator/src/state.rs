//! What every handler sees: the store, the clients, the counters and the fault draw,
//! shared by the router, the handlers, the fault middleware and the remote fetcher.

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::config::{ClientSpec, EmulatorConfig, ReadForm};
use super::faults::FaultInjector;
use super::store::Store;

/// What every handler sees.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub store: Store,
    /// The clients and their secrets; `/_admin/rotate-secret` changes a secret.
    pub clients: std::sync::RwLock<Vec<ClientSpec>>,
    pub token_lifetime: Duration,
    pub read_form: ReadForm,
    /// The path prefix reads are answered under besides none (`--read-prefix`).
    pub read_prefix: Option<String>,
    pub counters: Counters,
    pub faults: FaultInjector,
    /// Capacity and rate limit, with their counters.
    pub gate: super::limits::Gate,
    /// For fetching remote providers' locations: made on the first fetch (reqwest's TLS
    /// set-up reads the machine's trust store, tens of milliseconds an emulator that
    /// most never need), with this timeout.
    http: std::sync::OnceLock<reqwest::Client>,
    remote_timeout: Duration,
}

impl Shared {
    /// The client that fetches remote providers' locations.
    pub fn http(&self) -> &reqwest::Client {
        self.http.get_or_init(|| {
            // reqwest is built without a crypto provider of its own (Cargo.toml): its TLS
            // set-up takes the process's default, ring here as in the rest of the tree.
            // An earlier one (the same, or a test's) stands.
            let _ = rustls::crypto::ring::default_provider().install_default();
            reqwest::Client::builder()
                .timeout(self.remote_timeout)
                .user_agent(concat!("locadm-emulator/", env!("CARGO_PKG_VERSION")))
                .build()
                .unwrap_or_default()
        })
    }
}

impl Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(config: &EmulatorConfig, store: Store) -> AppState {
        AppState(Arc::new(Shared {
            store,
            clients: std::sync::RwLock::new(config.clients.clone()),
            token_lifetime: config.token_lifetime,
            read_form: config.read_form,
            read_prefix: config.read_prefix.clone(),
            counters: Counters::default(),
            faults: FaultInjector::new(config.faults.clone()),
            gate: super::limits::Gate::new(config.limits.clone()),
            http: std::sync::OnceLock::new(),
            remote_timeout: config.remote_timeout,
        }))
    }
}

/// Counters readable from `GET /_admin/counters`.
#[derive(Default)]
pub struct Counters {
    pub requests: AtomicU64,
    pub tokens_issued: AtomicU64,
    pub creates: AtomicU64,
    pub updates: AtomicU64,
    pub deletes: AtomicU64,
    pub provider_updates: AtomicU64,
    pub faults_failed: AtomicU64,
    pub faults_throttled: AtomicU64,
    pub faults_dropped: AtomicU64,
    pub remote_fetches: AtomicU64,
    pub remote_failures: AtomicU64,
    pub remote_upserts: AtomicU64,
    pub remote_rejected: AtomicU64,
    pub connections_accepted: AtomicU64,
    /// Closed at once for being over `--max-connections` with none of the open ones idle.
    pub connections_refused: AtomicU64,
    /// Idle connections closed to make room for a new one at `--max-connections`.
    pub connections_evicted: AtomicU64,
    /// Closed after `--idle-timeout` without a request.
    pub connections_idle_closed: AtomicU64,
    /// Connections by the protocol served on them (HTTP/2 only over TLS, by ALPN).
    pub connections_http1: AtomicU64,
    pub connections_http2: AtomicU64,
    /// TLS handshakes: full, resumed (a session from an earlier connection), failed.
    pub tls_full: AtomicU64,
    pub tls_resumed: AtomicU64,
    pub tls_failed: AtomicU64,
}

impl Counters {
    pub fn bump(&self, counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub fn get(&self, counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}
