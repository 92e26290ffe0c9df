//! The local emulator of the location service: real HTTP, real OAuth 2.0 tokens, real
//! permission checks, and the model's own validation, so the CLI and its tests run
//! against something that behaves like the deployment.
//!
//! * `args`: [`EmulatorArgs`], its options; `config`: [`EmulatorConfig`] and its parts
//!   (clients, providers, faults), made from the options.
//! * `router`: the shared state and the axum router; `handlers/`: one module per resource.
//! * `store`: SQLite (a file with `--db`, else in memory).
//! * `faults`: fault injection; `server`: the accept loop; `remote`: remote providers;
//!   `request_log`: `--log-requests`.
//!
//! Start one on a bound listener with [`start`] (tests bind `127.0.0.1:0`), or run one
//! until a shutdown future completes with [`run`]. `locadm emulator serve` (the CLI's
//! `commands/emulator.rs`) prints the banner and waits for the signals; the tests start
//! one in their own process (`tests/it/common`).

pub mod args;
pub mod config;
pub mod faults;
pub mod handlers;
mod idle;
pub mod limits;
mod log;
pub mod remote;
pub mod request_log;
pub mod router;
pub mod server;
pub mod state;
pub mod store;
pub mod tls;

use std::future::Future;
use std::net::SocketAddr;

use serde::Serialize;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use uuid::Uuid;

pub use args::EmulatorArgs;
pub use config::{
    ClientSpec, EmulatorConfig, Faults, ProviderSpec, ReadForm, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET,
    DEMO_PROVIDER_ID, DEMO_PROVIDER_NAME, PERMISSIONS,
};

/// Why an emulator did not start: the listener's address, or its database.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Database(String),
}

pub type Result<T, E = StartError> = std::result::Result<T, E>;

/// What a running emulator tells its users: the first stdout line of
/// `locadm emulator serve`, as one JSON object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Banner {
    pub base_url: String,
    pub token_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub provider_id: Uuid,
    pub admin_url: String,
    /// Over TLS, the server's certificate (PEM), to trust as the profile's `ca_cert`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
}

/// A running emulator. Dropping it leaves the server running until the runtime ends;
/// call [`Running::shutdown`] to stop it cleanly.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// `http://<addr>` (`https://` over TLS), without a trailing slash.
    pub base_url: String,
    /// `<base_url>/oauth/token`.
    pub token_url: String,
    /// `<base_url>/_admin`.
    pub admin_url: String,
    /// The demo client (or, when it was configured away, the first client).
    pub client_id: String,
    pub client_secret: String,
    /// The demo provider (or the first configured provider).
    pub demo_provider_id: Uuid,
    /// Over TLS, the server's certificate (PEM).
    pub certificate: Option<String>,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Running {
    pub fn banner(&self) -> Banner {
        Banner {
            base_url: self.base_url.clone(),
            token_url: self.token_url.clone(),
            client_id: self.client_id.clone(),
            client_secret: self.client_secret.clone(),
            provider_id: self.demo_provider_id,
            admin_url: self.admin_url.clone(),
            certificate: self.certificate.clone(),
        }
    }

    /// Stops accepting, lets open requests finish (up to 5 s) and waits for the server.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(true);
        let _ = self.task.await;
    }
}

/// The connections waiting to be accepted that an emulator's listener holds: a client
/// opening 256 at once (`--concurrency 256`) is not refused any. The 128 of tokio's
/// `TcpListener::bind` (std's, mio's) was: behind the 30 ms delaying proxy, 2,000
/// creates at a fixed 256 in flight took 1.1 to 1.3 s in 4 of 6 runs against 0.45 s in
/// the others, the kernel counting 5 to 77 listen overflows in each slow one (a SYN
/// dropped is retried after 1 s); at 1024, none in 8. nginx listens with 511 on Linux;
/// the kernel caps it at `net.core.somaxconn` (4096).
pub const LISTEN_BACKLOG: u32 = 1024;

/// A listener on `addr` holding `backlog` connections waiting to be accepted (see
/// [`LISTEN_BACKLOG`]), for [`start`].
pub fn listen(addr: std::net::SocketAddr, backlog: u32) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // As `TcpListener::bind`: a restarted emulator takes its port again at once.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(backlog)
}

/// Starts an emulator on `listener` and returns once it accepts connections.
pub async fn start(config: EmulatorConfig, listener: TcpListener) -> Result<Running> {
    let addr = listener.local_addr()?;
    let store = {
        let db = config.db.clone();
        let providers = config.providers.clone();
        tokio::task::spawn_blocking(move || store::Store::open(db.as_deref(), &providers))
            .await
            .map_err(|e| StartError::Database(format!("cannot open the emulator's database: {e}")))?
            .map_err(|e| {
                let mut message = format!("cannot open the emulator's database: {e}");
                if let Some(db) = &config.db {
                    message = format!(
                        "cannot open the emulator's database `{}`: {e}",
                        db.display()
                    );
                }
                StartError::Database(message)
            })?
    };
    let state = state::AppState::new(&config, store);
    let app = router::router(state.clone(), &config);
    let (shutdown, shutdown_rx) = watch::channel(false);
    let task = tokio::spawn(server::accept_loop(
        listener,
        app,
        shutdown_rx,
        state.clone(),
        config.tls.clone(),
    ));

    let host = if addr.ip().is_unspecified() {
        match addr {
            SocketAddr::V4(_) => "127.0.0.1".to_string(),
            SocketAddr::V6(_) => "[::1]".to_string(),
        }
    } else {
        match addr {
            SocketAddr::V4(a) => a.ip().to_string(),
            SocketAddr::V6(a) => format!("[{}]", a.ip()),
        }
    };
    let scheme = if config.tls.is_some() {
        "https"
    } else {
        "http"
    };
    let base_url = format!("{scheme}://{host}:{}", addr.port());
    let demo = config
        .clients
        .iter()
        .find(|c| c.id == DEMO_CLIENT_ID)
        .or_else(|| config.clients.first());
    Ok(Running {
        addr,
        token_url: format!("{base_url}/oauth/token"),
        admin_url: format!("{base_url}/_admin"),
        client_id: demo.map(|c| c.id.clone()).unwrap_or_default(),
        client_secret: demo.map(|c| c.secret.clone()).unwrap_or_default(),
        demo_provider_id: config
            .providers
            .iter()
            .find(|p| p.id == DEMO_PROVIDER_ID)
            .or_else(|| config.providers.first())
            .map(|p| p.id)
            .unwrap_or(DEMO_PROVIDER_ID),
        certificate: config.tls.as_ref().map(|t| t.certificate_pem.clone()),
        base_url,
        shutdown,
        task,
    })
}

/// Serves on `listener` until `shutdown` completes, then stops cleanly.
pub async fn run(
    config: EmulatorConfig,
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
) -> Result<()> {
    let running = start(config, listener).await?;
    shutdown.await;
    running.shutdown().await;
    Ok(())
}
