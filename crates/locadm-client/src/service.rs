//! The service one run talks to, made once from plain values: where it is (base URL and
//! the prefix of its read forms' links), what requests travel over (one [`Transport`]),
//! and what names it for everything the application keeps about it (journals, the
//! inventory, the pace memory).

use std::time::Duration;

use crate::error::Result;
use crate::service_url::ServiceUrl;
use crate::transport::{Transport, TransportOptions};

/// What a [`Service`] is made from.
#[derive(Debug, Clone)]
pub struct ServiceOptions {
    pub base_url: ServiceUrl,
    /// Put before `/locations/<id>` on reads (a gateway's path); none by default, and a
    /// trailing `/` is ignored.
    pub read_prefix: String,
    /// What names the service, when not its base URL: a service that moves between runs
    /// (an emulator on a new port each time) is still the same service.
    pub identity: Option<String>,
    pub transport: TransportOptions,
}

impl ServiceOptions {
    /// The service at `base_url`, its other options the defaults.
    pub fn new(base_url: ServiceUrl) -> ServiceOptions {
        let https = base_url.scheme() == "https";
        ServiceOptions {
            base_url,
            read_prefix: String::new(),
            identity: None,
            transport: TransportOptions {
                https,
                ..TransportOptions::default()
            },
        }
    }

    /// The per-request timeout.
    pub fn timeout(mut self, timeout: Duration) -> ServiceOptions {
        self.transport.timeout = timeout;
        self
    }
}

/// The service of one run. Cheap to clone: the transport is shared.
#[derive(Clone)]
pub struct Service {
    base_url: ServiceUrl,
    read_prefix: String,
    identity: String,
    transport: Transport,
}

impl Service {
    /// The service of `options`, over a transport of its own.
    pub fn new(options: ServiceOptions) -> Result<Service> {
        let transport = Transport::new(&options.transport)?;
        Ok(Service::over(options, transport))
    }

    /// The service of `options` over `transport`, which the application shares with what
    /// else the run reaches (its token endpoint): one connection pool, one TLS
    /// configuration. `options.transport` is not looked at.
    pub fn over(options: ServiceOptions, transport: Transport) -> Service {
        let identity = options
            .identity
            .unwrap_or_else(|| options.base_url.to_string());
        Service {
            read_prefix: options.read_prefix.trim_end_matches('/').to_owned(),
            base_url: options.base_url,
            identity,
            transport,
        }
    }

    pub fn base_url(&self) -> &ServiceUrl {
        &self.base_url
    }

    pub fn read_prefix(&self) -> &str {
        &self.read_prefix
    }

    /// What names this service in what is kept about it between runs: its base URL as
    /// people see it (a password as `***`), or the identity the options gave.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    pub fn transport(&self) -> &Transport {
        &self.transport
    }
}
