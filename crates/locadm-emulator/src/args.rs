//! The emulator's options, as `locadm emulator serve` takes them (the CLI flattens this
//! `Args`) and as tests start one in their own process from the same strings.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct EmulatorArgs {
    /// Address to listen on (`HOST:PORT`, `localhost:8080` too); port 0 picks a free port
    #[arg(long, default_value = "127.0.0.1:0", value_parser = listen_address)]
    pub addr: std::net::SocketAddr,
    /// SQLite database file; in memory when not given
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// An extra client, `ID:SECRET:perm,perm` (repeatable); the secret is only for tests
    #[arg(long = "client", value_name = "ID:SECRET:PERMS")]
    pub clients: Vec<String>,
    /// An extra provider, `UUID:NAME` (repeatable)
    #[arg(long = "provider", value_name = "UUID:NAME")]
    pub providers: Vec<String>,
    /// Token lifetime in seconds
    #[arg(long, default_value_t = 3600)]
    pub token_lifetime: u64,
    /// Fraction of requests answered with 500
    #[arg(long, default_value_t = 0.0)]
    pub fail_rate: f64,
    /// Fraction of requests answered with 429 and `Retry-After` (`--retry-after`)
    #[arg(long, default_value_t = 0.0)]
    pub throttle_rate: f64,
    /// Fraction of requests whose connection is dropped without an answer
    #[arg(long, default_value_t = 0.0)]
    pub drop_rate: f64,
    /// Latency added to every request, in milliseconds
    #[arg(long, default_value_t = 0)]
    pub latency_ms: u64,
    /// Seed for the fault injection, so a run can be repeated
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Apply the faults to the token endpoint as well
    #[arg(long)]
    pub faults_on_token: bool,
    /// Read only the fields of the spec's read table (no `structuredAddress`, `email`, ...)
    #[arg(long)]
    pub spec_read_form: bool,
    /// Answer reads under this path prefix too (`/v1` for `GET /v1/locations/ID`), as a
    /// profile's `read_prefix` sends them; reads under any other prefix are 404, so a wrong
    /// prefix is caught in rehearsal
    #[arg(long, value_name = "PATH")]
    pub read_prefix: Option<String>,
    /// API requests served at once; beyond it the answer is `--over-capacity` with
    /// `Retry-After` (`--retry-after`: a service at its limit)
    #[arg(long, value_name = "N")]
    pub capacity: Option<usize>,
    /// The status of a request refused for capacity
    #[arg(long, value_name = "STATUS", default_value_t = 503, value_parser = over_capacity_status)]
    pub over_capacity: u16,
    /// API requests a second; beyond it 429 with the `Retry-After` until one is allowed
    #[arg(long, value_name = "N")]
    pub rate_limit: Option<f64>,
    /// The `Retry-After` of a refusal for capacity and of an injected 429, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 1)]
    pub retry_after: u64,
    /// Send `Retry-After` as an HTTP date (RFC 9110's other form), not as seconds
    #[arg(long)]
    pub retry_after_date: bool,
    /// Close a connection that has had no request for this many seconds
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub idle_timeout: f64,
    /// Connections open at once; more are closed as soon as they are accepted
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,
    /// Close a connection once it has served this many requests (a server's keep-alive
    /// limit, as nginx's `keepalive_requests`)
    #[arg(long, value_name = "N")]
    pub requests_per_connection: Option<usize>,
    /// Serve TLS with this certificate chain (PEM); needs `--tls-key`
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key (PEM) of `--tls-cert`
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Serve TLS with a certificate made at start for localhost, 127.0.0.1 and ::1; the
    /// banner's `certificate` is its PEM, for the client's `ca_cert` (its key is never
    /// written anywhere)
    #[arg(long, conflicts_with = "tls_cert")]
    pub tls_self_signed: bool,
    /// Over TLS, offer HTTP/1.1 only (HTTP/2 is offered by ALPN otherwise)
    #[arg(long)]
    pub no_http2: bool,
}

/// 503 or 429, the statuses a service at its limit answers with.
fn over_capacity_status(text: &str) -> Result<u16, String> {
    match text.trim() {
        "503" => Ok(503),
        "429" => Ok(429),
        _ => Err(format!("`{text}` is not 503 or 429")),
    }
}

/// `HOST:PORT` to one address to listen on: a name (`localhost`) is looked up, and the
/// first address it has is taken.
fn listen_address(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let mut addresses = text
        .to_socket_addrs()
        .map_err(|e| format!("`{text}` is not an address to listen on (HOST:PORT): {e}"))?;
    addresses
        .next()
        .ok_or_else(|| format!("`{text}` names no address to listen on"))
}
