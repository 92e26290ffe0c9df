//! Which requests go through a proxy. reqwest would apply `HTTP_PROXY` to every plain
//! http URL, loopback included, so a token request to a local identity provider carried
//! its Basic credentials to the proxy. The policy here, applied to the shared client and
//! to the choice of route of a bulk run:
//!
//! * loopback (`localhost`, 127.0.0.0/8, `::1`) is never proxied, as curl's default;
//! * plain http is never proxied: the proxy would read the Basic credentials and bearer
//!   tokens (an https request through a proxy is a CONNECT tunnel it cannot read);
//! * an https URL uses `HTTPS_PROXY`, else `ALL_PROXY` (either case), unless `NO_PROXY`
//!   names its host, read by hyper-util's `NoProxy` as reqwest reads it (`*`, a host, a
//!   domain and its subdomains, an IP address or a network in CIDR form). The variables
//!   are read once per run ([`ProxyPolicy`]).

use std::sync::Arc;

use hyper_util::client::proxy::matcher::Matcher;
use url::Url;

use crate::service_url::is_loopback;

/// The proxy settings of the environment, read once per run (the client asks for every
/// new connection).
#[derive(Clone)]
pub(crate) struct ProxyPolicy {
    /// The proxy as configured, credentials included (reqwest sends them).
    proxy: Option<Url>,
    /// hyper-util's matcher (reqwest's own) of that proxy and `NO_PROXY`: whether an
    /// https URL goes through it.
    matcher: Arc<Matcher>,
}

impl ProxyPolicy {
    /// From `HTTPS_PROXY`, `ALL_PROXY` and `NO_PROXY` (either case), read on first use
    /// and then the same for the whole run (the shared client and the bulk routes).
    pub(crate) fn from_env() -> Arc<ProxyPolicy> {
        static POLICY: std::sync::OnceLock<Arc<ProxyPolicy>> = std::sync::OnceLock::new();
        Arc::clone(
            POLICY
                .get_or_init(|| Arc::new(ProxyPolicy::from_vars(|name| std::env::var(name).ok()))),
        )
    }

    fn from_vars(var: impl Fn(&str) -> Option<String>) -> ProxyPolicy {
        let get = |names: [&str; 2]| {
            names
                .into_iter()
                .find_map(|name| var(name).filter(|v| !v.trim().is_empty()))
        };
        let proxy = get(["HTTPS_PROXY", "https_proxy"])
            .or_else(|| get(["ALL_PROXY", "all_proxy"]))
            .and_then(|proxy| {
                // `host:port` without a scheme is an http proxy, as curl reads it.
                Url::parse(&proxy)
                    .ok()
                    .filter(|u| u.has_host())
                    .or_else(|| Url::parse(&format!("http://{proxy}")).ok())
            });
        let matcher = Matcher::builder()
            .https(proxy.as_ref().map(Url::to_string).unwrap_or_default())
            .no(get(["NO_PROXY", "no_proxy"]).unwrap_or_default())
            .build();
        ProxyPolicy {
            proxy,
            matcher: Arc::new(matcher),
        }
    }

    /// The proxy for a request to `url`; `None` to go direct.
    pub(crate) fn proxy_for(&self, url: &Url) -> Option<Url> {
        if url.scheme() != "https" || is_loopback(url) {
            return None;
        }
        let uri = hyper::Uri::try_from(url.as_str()).ok()?;
        self.matcher.intercept(&uri)?;
        self.proxy.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxy(url: &str, vars: &[(&str, &str)]) -> Option<String> {
        let url = Url::parse(url).unwrap();
        ProxyPolicy::from_vars(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
        .proxy_for(&url)
        .map(|u| u.to_string())
    }

    #[test]
    fn no_proxy_takes_ipv6_addresses_and_networks() {
        let vars = [
            ("HTTPS_PROXY", "http://proxy:3128"),
            (
                "NO_PROXY",
                "fd00::5, fd00::6, 10.0.0.0/8, fd10::/16, 192.168.1.7",
            ),
        ];
        for direct in [
            "https://[fd00::5]/x",
            "https://[fd00::6]/x",
            "https://10.20.30.40/x",
            "https://[fd10:1::1]/x",
            "https://192.168.1.7/x",
        ] {
            assert_eq!(proxy(direct, &vars), None, "{direct}");
        }
        for proxied in [
            "https://[fd00::7]/x",
            "https://11.0.0.1/x",
            "https://[fd11::1]/x",
        ] {
            assert!(proxy(proxied, &vars).is_some(), "{proxied}");
        }
        // `fd00` alone is not an address: a name, which no IPv6 host ends with.
        assert!(proxy(
            "https://[fd00::7]/x",
            &[("HTTPS_PROXY", "p:1"), ("NO_PROXY", "fd00")]
        )
        .is_some());
    }

    #[test]
    fn loopback_and_plain_http_are_never_proxied() {
        let all = [
            ("HTTP_PROXY", "http://proxy:3128"),
            ("HTTPS_PROXY", "http://proxy:3128"),
            ("ALL_PROXY", "http://proxy:3128"),
        ];
        for direct in [
            "http://127.0.0.1:8080/oauth/token",
            "https://127.0.0.1/x",
            "https://localhost/x",
            "https://[::1]:8443/x",
            "http://service.example/x",
        ] {
            assert_eq!(proxy(direct, &all), None, "{direct}");
        }
        assert_eq!(
            proxy("https://service.example/x", &all).as_deref(),
            Some("http://proxy:3128/")
        );
    }

    #[test]
    fn no_proxy_and_the_fallbacks() {
        let vars = [
            ("https_proxy", "proxy:3128"),
            ("NO_PROXY", "internal.example, .corp,10.0.0.5"),
        ];
        assert_eq!(proxy("https://api.internal.example/x", &vars), None);
        assert_eq!(proxy("https://internal.example/x", &vars), None);
        assert_eq!(proxy("https://a.b.corp/x", &vars), None);
        assert_eq!(proxy("https://10.0.0.5/x", &vars), None);
        assert_eq!(
            proxy("https://service.example/x", &vars).as_deref(),
            Some("http://proxy:3128/")
        );
        assert_eq!(
            proxy(
                "https://service.example/x",
                &[("ALL_PROXY", "socks5://s:1080")]
            )
            .as_deref(),
            Some("socks5://s:1080")
        );
        assert_eq!(
            proxy(
                "https://x.example/",
                &[("HTTPS_PROXY", "http://p:1"), ("NO_PROXY", "*")]
            ),
            None
        );
        assert_eq!(proxy("https://x.example/", &[]), None);
    }
}
