//! The emulator's options, as `locadm emulator serve` takes them (the CLI flattens this
//! `Args`) and as tests start one in their own process from the same strings.

use std::path::PathBuf;
use std::time::Duration;

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
    /// Token lifetime in seconds, at most a year
    #[arg(long, default_value_t = 3600, value_parser = clap::value_parser!(u64).range(..=A_YEAR_SECS))]
    pub token_lifetime: u64,
    /// Fraction of requests answered with 500
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub fail_rate: f64,
    /// Fraction of requests answered with 429 and `Retry-After` (`--retry-after`)
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub throttle_rate: f64,
    /// Fraction of requests whose connection is dropped without an answer
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
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
    /// API requests a second, `N` or `N/s` (`100/s`), at least 0.001; beyond it 429 with
    /// the `Retry-After` until one is allowed
    #[arg(long, value_name = "N", value_parser = requests_a_second, allow_negative_numbers = true)]
    pub rate_limit: Option<f64>,
    /// The `Retry-After` of a refusal for capacity and of an injected 429, in seconds, at
    /// most a year
    #[arg(long, value_name = "SECS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(..=A_YEAR_SECS))]
    pub retry_after: u64,
    /// Send `Retry-After` as an HTTP date (RFC 9110's other form), not as seconds
    #[arg(long)]
    pub retry_after_date: bool,
    /// Close a connection that has made no progress for this many seconds (above 0, at
    /// most a year): no request, or one whose head or body stopped coming
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = idle_timeout, allow_negative_numbers = true)]
    pub idle_timeout: Duration,
    /// Connections open at once, a service's limit: more are closed as soon as they are
    /// accepted. Without it, the cap is three quarters of the open-files limit (`ulimit
    /// -n`; 192 under 256), at most 16384, and at the cap a new connection takes the place
    /// of the one idle the longest (closed only when every one has a request in flight)
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// Print one line a request on stderr: method, path, status and time taken (never a
    /// query, a header or a body, so never a token or a secret)
    #[arg(long)]
    pub log_requests: bool,
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

/// The longest `--idle-timeout`, `--token-lifetime` and `--retry-after`: far beyond any
/// rehearsal, and far from where adding it to a clock, an expiry or an HTTP date overflows
/// (which panicked: `--idle-timeout inf`, or a `--token-lifetime` near `u64::MAX`).
pub const A_YEAR_SECS: u64 = 365 * 24 * 60 * 60;

/// `--idle-timeout`: seconds, fractions allowed (`0.5`).
fn idle_timeout(text: &str) -> Result<Duration, String> {
    // `try_from_secs_f64` refuses what is negative, NaN or infinite; a positive value
    // below a nanosecond would be no timeout at all.
    text.trim()
        .parse()
        .ok()
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .filter(|timeout| !timeout.is_zero() && *timeout <= Duration::from_secs(A_YEAR_SECS))
        .ok_or_else(|| {
            format!(
                "`{text}` is not a number of seconds above 0 and at most {A_YEAR_SECS} (a year)"
            )
        })
}

/// `--rate-limit`: `N` or `N/s`, requests a second, as the issue that asked for it writes
/// it (the model's rule, which the CLI's `--rate` keeps too).
fn requests_a_second(text: &str) -> Result<f64, String> {
    use locadm_model::rate;
    rate::requests_a_second(text).ok_or_else(|| {
        format!(
            "`{text}` is not a number of requests a second (`N` or `N/s`) of at least {}",
            rate::SLOWEST
        )
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The options as `locadm emulator serve` flattens them.
    #[derive(Parser, Debug)]
    struct Serve {
        #[command(flatten)]
        options: EmulatorArgs,
    }

    fn serve(args: &[&str]) -> Result<EmulatorArgs, clap::Error> {
        Serve::try_parse_from(["serve"].iter().chain(args)).map(|serve| serve.options)
    }

    /// The message of a value `serve` refuses by its rule (not, say, as an unknown option).
    fn refused_value(args: &[&str]) -> String {
        let error = serve(args).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::ValueValidation);
        error.to_string()
    }

    #[test]
    fn rate_limit_is_n_or_n_a_second() {
        assert_eq!(requests_a_second("100"), Ok(100.0));
        assert_eq!(requests_a_second("100/s"), Ok(100.0));
        assert_eq!(requests_a_second(" 2.5/s "), Ok(2.5));
        assert_eq!(requests_a_second("0.001"), Ok(0.001));
        for refused in [
            "0", "0/s", "-1", "-5/s", "NaN", "nan/s", "inf", "-inf", "1e-300", "100/m", "/s", "",
            "s", "100//s",
        ] {
            let error = requests_a_second(refused).unwrap_err();
            assert!(
                error.contains("requests a second (`N` or `N/s`) of at least 0.001"),
                "{refused}: {error}"
            );
        }
        assert_eq!(
            serve(&["--rate-limit", "100/s"]).unwrap().rate_limit,
            Some(100.0)
        );
        // A negative number reaches the rule, rather than passing for an option.
        let error = refused_value(&["--rate-limit", "-1"]);
        assert!(
            error.contains("--rate-limit") && error.contains("at least 0.001"),
            "{error}"
        );
    }

    #[test]
    fn idle_timeout_is_seconds_above_0_and_at_most_a_year() {
        assert_eq!(idle_timeout("60"), Ok(Duration::from_secs(60)));
        assert_eq!(idle_timeout("0.3"), Ok(Duration::from_millis(300)));
        assert_eq!(
            idle_timeout("31536000"),
            Ok(Duration::from_secs(A_YEAR_SECS))
        );
        for refused in [
            "0", "-1", "-0.5", "NaN", "inf", "infinity", "1e300", "1e-12", "31536001", "1m", "",
        ] {
            let error = idle_timeout(refused).unwrap_err();
            assert!(error.contains("seconds above 0"), "{refused}: {error}");
        }
        assert_eq!(
            serve(&[]).unwrap().idle_timeout,
            Duration::from_secs(60),
            "the default"
        );
        for refused in ["-1", "NaN", "inf"] {
            let error = refused_value(&["--idle-timeout", refused]);
            assert!(
                error.contains("--idle-timeout") && error.contains("above 0 and at most"),
                "{error}"
            );
        }
    }

    /// Seconds that are added to a clock, a token's expiry or an HTTP date: at most a
    /// year, so none of them overflows.
    #[test]
    fn token_lifetime_and_retry_after_are_at_most_a_year() {
        let options = serve(&["--token-lifetime", "31536000", "--retry-after", "0"]).unwrap();
        assert_eq!(
            (options.token_lifetime, options.retry_after),
            (A_YEAR_SECS, 0)
        );
        for option in ["--token-lifetime", "--retry-after"] {
            for refused in ["31536001", "18446744073709551615"] {
                let error = refused_value(&[option, refused]);
                assert!(
                    error.contains(option) && error.contains("0..=31536000"),
                    "{error}"
                );
            }
        }
    }
}
