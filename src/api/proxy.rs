//! Which requests go through a proxy. reqwest would apply `HTTP_PROXY` to every plain
//! http URL, loopback included, so a token request to a local identity provider carried
//! its Basic credentials to the proxy. The policy here, applied to the shared client and
//! to the choice of route of a bulk run:
//!
//! * loopback (`localhost`, 127.0.0.0/8, `::1`) is never proxied, as curl's default;
//! * plain http is never proxied: the proxy would read the Basic credentials and bearer
//!   tokens (an https request through a proxy is a CONNECT tunnel it cannot read);
//! * an https URL uses `HTTPS_PROXY`, else `ALL_PROXY` (either case), unless `NO_PROXY`
//!   names its host (`*`, a host, a domain and its subdomains, or an IP address).

use url::Url;

use crate::settings::is_loopback;

/// The proxy for a request to `url`, from the environment; `None` to go direct.
pub fn proxy_for(url: &Url) -> Option<Url> {
    proxy_from(url, |name| std::env::var(name).ok())
}

fn proxy_from(url: &Url, var: impl Fn(&str) -> Option<String>) -> Option<Url> {
    if url.scheme() != "https" || is_loopback(url) {
        return None;
    }
    let get = |names: [&str; 2]| {
        names
            .into_iter()
            .find_map(|name| var(name).filter(|v| !v.trim().is_empty()))
    };
    let host = url
        .host_str()?
        .trim_start_matches('[')
        .trim_end_matches(']');
    if let Some(no_proxy) = get(["NO_PROXY", "no_proxy"]) {
        if no_proxy
            .split(',')
            .any(|entry| excludes(entry.trim(), host))
        {
            return None;
        }
    }
    let proxy = get(["HTTPS_PROXY", "https_proxy"]).or_else(|| get(["ALL_PROXY", "all_proxy"]))?;
    // `host:port` without a scheme is an http proxy, as curl reads it.
    Url::parse(&proxy)
        .ok()
        .filter(|u| u.has_host())
        .or_else(|| Url::parse(&format!("http://{proxy}")).ok())
}

/// Whether one `NO_PROXY` entry names `host`.
fn excludes(entry: &str, host: &str) -> bool {
    let entry = entry.trim_start_matches("*.").trim_start_matches('.');
    let entry = entry.split_once(':').map_or(entry, |(name, _)| name);
    entry == "*"
        || host.eq_ignore_ascii_case(entry)
        || host
            .to_ascii_lowercase()
            .ends_with(&format!(".{}", entry.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxy(url: &str, vars: &[(&str, &str)]) -> Option<String> {
        let url = Url::parse(url).unwrap();
        proxy_from(&url, |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
        .map(|u| u.to_string())
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
