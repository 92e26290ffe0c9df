//! `ServiceUrl`: the URL of the service or of its token endpoint. It can only be made
//! through [`ServiceUrl::parse`], which applies the one transport rule: `https`, or plain
//! `http` to loopback only (unless the profile sets `allow_http`), since a bearer token or
//! a client secret must not cross the network in clear text. Every path that makes such a
//! URL (flags, environment, the config file, the `login` prompt, the embedded emulator)
//! goes through it, so none can skip the rule.

use std::fmt;
use std::ops::Deref;

use crate::error::{Error, Result};

/// The URL, and the text it was given as (a message that compares it with another
/// shows it as the person wrote it, not normalised).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceUrl(url::Url, String);

impl ServiceUrl {
    /// Parses `text` given for the setting `key` (named in every message): an absolute
    /// `http(s)` URL, `http` only to loopback unless `allow_http`.
    pub fn parse(key: &str, text: &str, allow_http: bool) -> Result<ServiceUrl> {
        let url = url::Url::parse(text.trim()).map_err(|e| {
            Error::usage(format!("`{key}` must be an absolute URL: `{text}`")).with_source(e)
        })?;
        match url.scheme() {
            "https" => {}
            "http" if allow_http || is_loopback(&url) => {}
            "http" => {
                return Err(Error::usage(format!(
                    "`{key}` `{}` uses plain http to a host that is not loopback; tokens and secrets would travel in clear text",
                    shown(&url)
                ))
                .with_hint("use https, or `locadm config set allow_http true` if you really mean it"))
            }
            _ => {
                return Err(Error::usage(format!(
                    "`{key}` must be an http or https URL, not `{text}`"
                )))
            }
        }
        if url.host().is_none() {
            return Err(Error::usage(format!("`{key}` `{text}` has no host")));
        }
        // As given, unless a password would show: then as `shown`.
        let given = if url.password().is_some() {
            shown(&url)
        } else {
            text.trim().to_owned()
        };
        Ok(ServiceUrl(url, given))
    }

    pub fn as_url(&self) -> &url::Url {
        &self.0
    }

    /// The text it was given as, for a message that shows it beside another value (a
    /// password in its userinfo as `***`, as [`shown`] does).
    pub fn as_given(&self) -> &str {
        &self.1
    }
}

impl Deref for ServiceUrl {
    type Target = url::Url;

    fn deref(&self) -> &url::Url {
        &self.0
    }
}

/// As people see it: a password in the userinfo as `***` ([`shown`]).
impl fmt::Display for ServiceUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shown(&self.0))
    }
}

/// `url` as it is shown to people, wherever that is (settings, status, messages, `-v`):
/// a password in its userinfo as `***`. Requests use the URL itself.
pub fn shown(url: &url::Url) -> String {
    if url.password().is_none() {
        return url.to_string();
    }
    let mut shown = url.clone();
    let _ = shown.set_password(Some("***"));
    shown.to_string()
}

/// Whether `text` is a URL with a password in its userinfo: such a URL is not repeated
/// where people copy text from (a hint's command, a `--curl` line's token command).
pub fn carries_password(text: &str) -> bool {
    url::Url::parse(text.trim()).is_ok_and(|url| url.password().is_some())
}

/// `localhost`, 127.0.0.0/8 or `::1`.
pub fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{carries_password, ServiceUrl};

    #[test]
    fn https_anywhere_http_only_to_loopback() {
        for ok in [
            "https://locations.example.com",
            "http://127.0.0.1:8080",
            "http://localhost/x",
            "http://[::1]:9/",
            "http://127.9.9.9",
        ] {
            ServiceUrl::parse("base_url", ok, false).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in [
            "http://example.com",
            "http://10.0.0.1",
            "ftp://x",
            "not a url",
            "file:///etc",
        ] {
            let error = ServiceUrl::parse("token_url", bad, false).unwrap_err();
            assert!(error.to_string().contains("`token_url`"), "{bad}: {error}");
        }
        ServiceUrl::parse("base_url", "http://example.com", true).unwrap();
    }

    #[test]
    fn a_password_is_told_from_an_at_sign_elsewhere() {
        assert!(carries_password("https://user:pa%20ss@svc.example/api"));
        assert!(!carries_password("https://user@svc.example/api"));
        assert!(!carries_password("https://svc.example/team@shop/api"));
        assert!(!carries_password("/home/ops/configs/team@shop.toml"));
    }

    #[test]
    fn a_password_is_shown_as_stars() {
        let url = ServiceUrl::parse("base_url", "https://ops:pa%20ss@x.example/v1", false).unwrap();
        assert_eq!(url.to_string(), "https://ops:***@x.example/v1");
        assert_eq!(url.password(), Some("pa%20ss"), "the URL itself keeps it");
        let error = ServiceUrl::parse("base_url", "http://ops:pass@x.example", false).unwrap_err();
        assert!(!error.to_string().contains("pass@"), "{error}");
    }
}
