//! What an emulator is started with: clients, providers, token lifetime, faults, storage.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use uuid::Uuid;

use crate::args::EmulatorArgs;
use locadm_model::endpoint::Permission;

/// Every permission the emulator knows, one per operation: the model's (`Permission`).
pub const PERMISSIONS: [&str; 5] = [
    Permission::CreateLocations.name(),
    Permission::ReadLocations.name(),
    Permission::UpdateLocations.name(),
    Permission::DeleteLocations.name(),
    Permission::UpdateLocationProviders.name(),
];

/// The documented demo client. Not a secret: it only opens a local emulator.
pub const DEMO_CLIENT_ID: &str = "locadm-demo";
/// The demo client's secret, published in the docs on purpose (it is not a real secret).
pub const DEMO_CLIENT_SECRET: &str = "locadm-demo-secret";
/// The demo provider's fixed id, used by `examples/location.json`.
pub const DEMO_PROVIDER_ID: Uuid = Uuid::from_u128(0x8f2c6e2a_3b1d_4c5e_9f7a_0d1e2f3a4b5c);
pub const DEMO_PROVIDER_NAME: &str = "Demo Provider";

/// One OAuth 2.0 client the token endpoint accepts.
#[derive(Clone, PartialEq, Eq)]
pub struct ClientSpec {
    pub id: String,
    pub secret: String,
    /// The permissions this client may be granted.
    pub permissions: Vec<String>,
}

impl std::fmt::Debug for ClientSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientSpec")
            .field("id", &self.id)
            .field("secret", &"(redacted)")
            .field("permissions", &self.permissions)
            .finish()
    }
}

impl ClientSpec {
    /// The demo client, with every permission.
    pub fn demo() -> ClientSpec {
        ClientSpec {
            id: DEMO_CLIENT_ID.into(),
            secret: DEMO_CLIENT_SECRET.into(),
            permissions: PERMISSIONS.iter().map(|p| p.to_string()).collect(),
        }
    }
}

impl FromStr for ClientSpec {
    type Err = String;

    /// `ID:SECRET:perm,perm`; the permission list may be empty (`ID:SECRET:`), and `*`
    /// stands for every permission.
    fn from_str(s: &str) -> Result<ClientSpec, String> {
        let mut parts = s.splitn(3, ':');
        let (Some(id), Some(secret), Some(perms)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!(
                "client `{s}` is not of the form `ID:SECRET:perm,perm`"
            ));
        };
        if id.is_empty() || secret.is_empty() {
            return Err(format!("client `{s}` needs a non-empty id and secret"));
        }
        let mut permissions = Vec::new();
        for p in perms.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if p == "*" {
                permissions.extend(PERMISSIONS.iter().map(|p| p.to_string()));
            } else if PERMISSIONS.contains(&p) {
                permissions.push(p.to_string());
            } else {
                return Err(format!(
                    "unknown permission `{p}`; known: {}",
                    PERMISSIONS.join(", ")
                ));
            }
        }
        Ok(ClientSpec {
            id: id.into(),
            secret: secret.into(),
            permissions,
        })
    }
}

/// A location provider that exists from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderSpec {
    pub id: Uuid,
    pub name: String,
}

impl ProviderSpec {
    pub fn demo() -> ProviderSpec {
        ProviderSpec {
            id: DEMO_PROVIDER_ID,
            name: DEMO_PROVIDER_NAME.into(),
        }
    }
}

impl FromStr for ProviderSpec {
    type Err = String;

    /// `UUID:NAME`.
    fn from_str(s: &str) -> Result<ProviderSpec, String> {
        let (id, name) = s
            .split_once(':')
            .ok_or_else(|| format!("provider `{s}` is not of the form `UUID:NAME`"))?;
        let id = Uuid::parse_str(id).map_err(|e| format!("provider id `{id}`: {e}"))?;
        if name.is_empty() {
            return Err(format!("provider `{s}` needs a name"));
        }
        Ok(ProviderSpec {
            id,
            name: name.into(),
        })
    }
}

/// Fault injection. Each request to the API draws one number from a generator seeded with
/// `seed`, in the order requests arrive, so a sequential run is repeatable: below
/// `fail_rate` it is answered 500, below `fail_rate + throttle_rate` 429 with
/// `Retry-After` (`Limits::retry_after`), below `fail_rate + throttle_rate + drop_rate` its connection is
/// closed without an answer. `latency` is added to every API request.
#[derive(Debug, Clone, PartialEq)]
pub struct Faults {
    pub fail_rate: f64,
    pub throttle_rate: f64,
    pub drop_rate: f64,
    pub latency: Duration,
    pub seed: u64,
    /// Also apply the faults to the token endpoint (never to `/_admin/`).
    pub token_endpoint: bool,
}

impl Default for Faults {
    fn default() -> Faults {
        Faults {
            fail_rate: 0.0,
            throttle_rate: 0.0,
            drop_rate: 0.0,
            latency: Duration::ZERO,
            seed: 0,
            token_endpoint: false,
        }
    }
}

impl Faults {
    pub fn any(&self) -> bool {
        self.fail_rate > 0.0
            || self.throttle_rate > 0.0
            || self.drop_rate > 0.0
            || !self.latency.is_zero()
    }
}

/// Which fields `GET /locations/<id>` returns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ReadForm {
    /// The spec's table plus `supplementaryName`, `structuredAddress`, `email`, `tags` and
    /// `translations` when the location has them.
    #[default]
    Full,
    /// Only the fields of the spec's read table.
    Spec,
}

/// How to start an emulator. `Default` is the demo client, the demo provider, tokens of
/// 3600 s, no faults, in-memory storage and the full read form.
#[derive(Debug, Clone)]
pub struct EmulatorConfig {
    pub clients: Vec<ClientSpec>,
    pub providers: Vec<ProviderSpec>,
    pub token_lifetime: Duration,
    pub faults: Faults,
    /// SQLite file; in memory when `None`.
    pub db: Option<PathBuf>,
    pub read_form: ReadForm,
    /// Largest request body accepted, in bytes (413 above).
    pub body_limit: usize,
    /// Timeout of the fetch from a remote provider's endpoint.
    pub remote_timeout: Duration,
    /// The one path prefix reads are answered under besides none (`/v1`), normalised
    /// to a leading slash and no trailing one.
    pub read_prefix: Option<String>,
    /// Capacity, rate limit, idle timeout and connection cap.
    pub limits: super::limits::Limits,
    /// Served over TLS (HTTP/2 offered by ALPN unless `--no-http2`) when set.
    pub tls: Option<std::sync::Arc<super::tls::Tls>>,
    /// Where `--log-requests` writes its line a request; no log when `None`.
    pub request_log: Option<super::request_log::RequestLog>,
}

impl Default for EmulatorConfig {
    fn default() -> EmulatorConfig {
        EmulatorConfig {
            clients: vec![ClientSpec::demo()],
            providers: vec![ProviderSpec::demo()],
            token_lifetime: Duration::from_secs(3600),
            faults: Faults::default(),
            db: None,
            read_form: ReadForm::Full,
            body_limit: 256 * 1024,
            remote_timeout: Duration::from_secs(10),
            read_prefix: None,
            limits: super::limits::Limits::default(),
            tls: None,
            request_log: None,
        }
    }
}

impl EmulatorConfig {
    /// The configuration that `locadm emulator serve` options describe.
    pub fn from_args(args: &EmulatorArgs) -> Result<EmulatorConfig, String> {
        let mut config = EmulatorConfig {
            token_lifetime: Duration::from_secs(args.token_lifetime),
            db: args.db.clone(),
            read_form: if args.spec_read_form {
                ReadForm::Spec
            } else {
                ReadForm::Full
            },
            faults: Faults {
                fail_rate: rate("--fail-rate", args.fail_rate)?,
                throttle_rate: rate("--throttle-rate", args.throttle_rate)?,
                drop_rate: rate("--drop-rate", args.drop_rate)?,
                latency: Duration::from_millis(args.latency_ms),
                seed: args.seed,
                token_endpoint: args.faults_on_token,
            },
            limits: limits(args)?,
            tls: tls(args)?,
            request_log: args
                .log_requests
                .then(super::request_log::RequestLog::to_stderr),
            read_prefix: match &args.read_prefix {
                Some(prefix) => Some(read_prefix(prefix)?),
                None => None,
            },
            ..EmulatorConfig::default()
        };
        let total = config.faults.fail_rate + config.faults.throttle_rate + config.faults.drop_rate;
        if total > 1.0 {
            return Err(format!("the fault rates add up to {total}, more than 1"));
        }
        for c in &args.clients {
            let client: ClientSpec = c.parse()?;
            config.clients.retain(|existing| existing.id != client.id);
            config.clients.push(client);
        }
        for p in &args.providers {
            let provider: ProviderSpec = p.parse()?;
            config
                .providers
                .retain(|existing| existing.id != provider.id);
            config.providers.push(provider);
        }
        Ok(config)
    }
}

fn limits(args: &EmulatorArgs) -> Result<super::limits::Limits, String> {
    if args.capacity == Some(0)
        || args.max_connections == Some(0)
        || args.requests_per_connection == Some(0)
    {
        return Err(
            "`--capacity`, `--max-connections` and `--requests-per-connection` must be at least 1"
                .to_owned(),
        );
    }
    // Checked when parsed; again for arguments made by hand, as clap does not see them.
    if let Some(rate) = args
        .rate_limit
        .filter(|rate| !locadm_model::rate::allowed(*rate))
    {
        return Err(format!(
            "`--rate-limit` must be a number of requests a second of at least {}, not {rate}",
            locadm_model::rate::SLOWEST
        ));
    }
    Ok(super::limits::Limits {
        capacity: args.capacity,
        over_capacity: args.over_capacity,
        rate_limit: args.rate_limit,
        idle_timeout: args.idle_timeout,
        max_connections: args
            .max_connections
            .unwrap_or_else(super::limits::max_connections_for_open_files),
        close_idle_when_full: args.max_connections.is_none(),
        requests_per_connection: args.requests_per_connection,
        retry_after: super::limits::RetryAfter {
            secs: args.retry_after,
            as_date: args.retry_after_date,
        },
    })
}

/// The TLS the options ask for: a certificate and key from files, or one made now.
fn tls(args: &EmulatorArgs) -> Result<Option<std::sync::Arc<super::tls::Tls>>, String> {
    use super::tls::Tls;
    let http2 = !args.no_http2;
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Tls::from_files(cert, key, http2)?,
        (None, None) if args.tls_self_signed => Tls::self_signed(http2)?,
        (None, None) => return Ok(None),
        // clap requires the two together; kept for callers that build the args by hand.
        _ => return Err("`--tls-cert` and `--tls-key` go together".to_owned()),
    };
    Ok(Some(std::sync::Arc::new(tls)))
}

/// `v1/` or `/v1` as `/v1`: a path of plain segments.
fn read_prefix(text: &str) -> Result<String, String> {
    let trimmed = text.trim().trim_matches('/');
    let plain = |segment: &str| {
        !segment.is_empty()
            && segment
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
    };
    if trimmed.is_empty() || !trimmed.split('/').all(plain) {
        return Err(format!(
            "`--read-prefix` must be a path such as `/v1`, not `{text}`"
        ));
    }
    Ok(format!("/{trimmed}"))
}

fn rate(flag: &str, value: f64) -> Result<f64, String> {
    if (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(format!("`{flag}` must be between 0 and 1, not {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_options() {
        let c: ClientSpec = "ci:s3cret:can-read-locations,can-create-locations"
            .parse()
            .unwrap();
        assert_eq!(c.id, "ci");
        assert_eq!(c.secret, "s3cret");
        assert_eq!(
            c.permissions,
            ["can-read-locations", "can-create-locations"]
        );
        let all: ClientSpec = "a:b:*".parse().unwrap();
        assert_eq!(all.permissions.len(), PERMISSIONS.len());
        let none: ClientSpec = "a:b:".parse().unwrap();
        assert!(none.permissions.is_empty());
        assert!("a:b".parse::<ClientSpec>().is_err());
        assert!(":b:".parse::<ClientSpec>().is_err());
        assert!("a:b:can-fly"
            .parse::<ClientSpec>()
            .unwrap_err()
            .contains("can-fly"));
        assert!(!format!("{c:?}").contains("s3cret"));
    }

    #[test]
    fn provider_options() {
        let p: ProviderSpec = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c:Demo: Two"
            .parse()
            .unwrap();
        assert_eq!(p.id, DEMO_PROVIDER_ID);
        assert_eq!(p.name, "Demo: Two");
        assert!("nope:Name".parse::<ProviderSpec>().is_err());
        assert!(format!("{DEMO_PROVIDER_ID}:")
            .parse::<ProviderSpec>()
            .is_err());
    }
}
