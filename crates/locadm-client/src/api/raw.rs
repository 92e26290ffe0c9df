//! A request of the user's own (`locadm api PATH`, as `gh api`): any method, a path below
//! the base URL, headers and a body as given. It goes through the same send loop as
//! every endpoint (the token, one renewal on a 401, the trace, errors by class), retried
//! only as its method allows (RFC 9110: a POST or PATCH as a create, only when the
//! service certainly did not act on it). Its URL is made only here, by one rule: the
//! token never goes to another origin than the base URL's.

use reqwest::header::{HeaderMap, HeaderName, HeaderValue, AUTHORIZATION};
use reqwest::Method;

use super::{ApiClient, BearerToken, Endpoint, Idempotency, Reply, Route};
use crate::error::{Error, Result};
use crate::service_url::shown;

/// One request of the user's, made by [`ApiClient::raw_request`]: its URL is on the
/// service's origin.
#[derive(Debug, Clone)]
pub struct RawRequest {
    method: Method,
    url: url::Url,
    headers: HeaderMap,
    body: Option<bytes::Bytes>,
}

impl RawRequest {
    pub fn method(&self) -> &Method {
        &self.method
    }

    pub fn url(&self) -> &url::Url {
        &self.url
    }

    /// The same request with `body`, sent as it is.
    pub fn with_body(mut self, body: Option<bytes::Bytes>) -> RawRequest {
        self.body = body;
        self
    }

    /// Whether the user gave the Authorization header (`-H`): it is sent in place of the
    /// profile's token, and no token is fetched or renewed.
    fn own_authorization(&self) -> bool {
        self.headers.contains_key(AUTHORIZATION)
    }

    /// Puts the user's headers in `headers` (a request's as the client made it): each
    /// name given replaces the client's values of that name (`Accept`, `Content-Type`,
    /// `Authorization`); a name given twice is sent twice.
    fn apply_headers(&self, headers: &mut HeaderMap) {
        for name in self.headers.keys() {
            headers.remove(name);
            for value in self.headers.get_all(name) {
                headers.append(name.clone(), value.clone());
            }
        }
    }
}

/// What the send loop sends: an endpoint of the service, or a request of the user's.
#[derive(Clone, Copy)]
pub(super) enum Call<'a> {
    Endpoint(Endpoint),
    Raw(&'a RawRequest),
}

impl Call<'_> {
    pub(super) fn method(self) -> Method {
        match self {
            Call::Endpoint(endpoint) => {
                Method::from_bytes(endpoint.method().as_bytes()).expect("a method name")
            }
            Call::Raw(raw) => raw.method.clone(),
        }
    }

    pub(super) fn idempotency(self) -> Idempotency {
        match self {
            Call::Endpoint(endpoint) => endpoint.idempotency(),
            Call::Raw(raw) => Idempotency::of_method(raw.method.as_str()),
        }
    }

    pub(super) fn endpoint(self) -> Option<Endpoint> {
        match self {
            Call::Endpoint(endpoint) => Some(endpoint),
            Call::Raw(_) => None,
        }
    }

    /// The user's headers over the client's, for a request of the user's.
    pub(super) fn apply_headers(self, headers: &mut HeaderMap) {
        if let Call::Raw(raw) = self {
            raw.apply_headers(headers);
        }
    }

    /// Whether the answer keeps its version and headers (for `--include` and the
    /// content type): only a request of the user's, never a bulk run's reads.
    pub(super) fn keeps_head(self) -> bool {
        matches!(self, Call::Raw(_))
    }
}

impl ApiClient {
    /// A request of the user's: `method` (any token HTTP allows; upper case is the
    /// user's to give), to `path` below the base URL (its own path prefix kept, a leading
    /// `/` allowed, a query kept), with `headers` (`Name: value`) over the client's, and
    /// no body until [`RawRequest::with_body`]. An absolute URL is taken only on the base
    /// URL's origin (scheme, host and port): anything else is a usage error, and nothing
    /// is sent.
    pub fn raw_request(
        &self,
        method: &str,
        path: &str,
        headers: &[(String, String)],
    ) -> Result<RawRequest> {
        let method = Method::from_bytes(method.as_bytes()).map_err(|_| {
            Error::usage(format!("`{method}` is not an HTTP method"))
                .with_hint("give one such as `GET`, `PUT`, `POST`, `PATCH` or `DELETE`")
        })?;
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            let header = HeaderName::from_bytes(name.trim().as_bytes())
                .ok()
                .zip(HeaderValue::from_str(value.trim()).ok());
            let Some((name, value)) = header else {
                return Err(Error::usage(format!(
                    "`{name}: …` is not an HTTP header a request can carry"
                ))
                .with_hint(
                    "a header is `Name: value`, the name a token and the value visible text",
                ));
            };
            map.append(name, value);
        }
        Ok(RawRequest {
            method,
            url: self.raw_url(path)?,
            headers: map,
            body: None,
        })
    }

    /// Sends a request of the user's on the shared client; a success answers with its
    /// headers kept (`Reply::head`).
    pub async fn send_raw(&self, request: &RawRequest) -> Result<Reply> {
        let given;
        let client = if request.own_authorization() {
            // No token is fetched, and a 401 is not answered with a renewal: the
            // placeholder is replaced by the header given before the request goes.
            given = ApiClient {
                credentials: std::sync::Arc::new(BearerToken::new(String::new().into())),
                ..self.clone()
            };
            &given
        } else {
            self
        };
        client
            .send(&mut Route::Shared, Call::Raw(request), request.body.clone())
            .await
    }

    /// The URL of a request of the user's to `path` (see [`ApiClient::raw_request`]).
    fn raw_url(&self, path: &str) -> Result<url::Url> {
        let base = &self.base_url;
        let refused = |url: &str| {
            Error::usage(format!(
                "`{url}` is not on the service's origin `{}`: the token is only ever sent to the base URL's scheme, host and port, so nothing was sent",
                base.origin().ascii_serialization()
            ))
            .with_hint("give a path below the base URL (`locations/ID`), or point `--base-url` at the other service")
        };
        let url = match url::Url::parse(path) {
            // An absolute URL (`https://host/…`); `a:b` without `//` is a path.
            Ok(url) if !url.cannot_be_a_base() => url,
            _ if path.starts_with("//") => return Err(refused(path)),
            _ => {
                let joined = format!(
                    "{}/{}",
                    base.path().trim_end_matches('/'),
                    path.trim_start_matches('/')
                );
                base.join(&joined)
                    .map_err(|e| Error::usage(format!("`{path}` is not a path: {e}")))?
            }
        };
        // Also for a path: one that a URL parser reads as another host (`/\host`) is
        // caught here.
        if url.origin() != base.origin() {
            return Err(refused(&shown(&url)));
        }
        let mut url = url;
        url.set_fragment(None);
        Ok(url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(base: &str) -> ApiClient {
        let base_url = crate::ServiceUrl::parse("base_url", base, false).unwrap();
        let service = crate::Service::new(crate::ServiceOptions::new(base_url)).unwrap();
        ApiClient::new(
            &service,
            std::sync::Arc::new(crate::BearerToken::new("t".into())),
        )
    }

    #[test]
    fn a_path_goes_below_the_base_url_and_its_prefix() {
        let api = client("https://svc.example/api/v2/");
        for (path, url) in [
            ("locations/1", "https://svc.example/api/v2/locations/1"),
            (
                "/locations/1?a=b",
                "https://svc.example/api/v2/locations/1?a=b",
            ),
            ("", "https://svc.example/api/v2/"),
            ("a:b", "https://svc.example/api/v2/a:b"),
            ("https://svc.example/other#x", "https://svc.example/other"),
        ] {
            assert_eq!(api.raw_url(path).unwrap().as_str(), url, "{path}");
        }
        let api = client("http://127.0.0.1:8080");
        assert_eq!(
            api.raw_url("/locations").unwrap().as_str(),
            "http://127.0.0.1:8080/locations"
        );
    }

    #[test]
    fn another_origin_is_refused() {
        for base in ["https://svc.example/api", "https://svc.example"] {
            let api = client(base);
            for path in [
                "https://evil.example/locations",
                "http://svc.example/api/locations",
                "https://svc.example:8443/api",
                "//evil.example/x",
                "https:evil.example",
            ] {
                let error = api.raw_url(path).unwrap_err();
                assert_eq!(error.kind(), &crate::Kind::Usage, "{base} {path}");
            }
        }
        // Below the root, a backslash after the slash is read as `//` by a URL parser.
        let api = client("https://svc.example");
        for path in ["/\\evil.example/x", "\\\\evil.example/x"] {
            assert!(api.raw_url(path).is_err(), "{path}");
        }
    }

    #[test]
    fn headers_given_replace_the_clients() {
        let api = client("https://svc.example");
        let headers = [
            ("Accept".to_owned(), "text/csv".to_owned()),
            ("X-Trace".to_owned(), "1".to_owned()),
            ("x-trace".to_owned(), "2".to_owned()),
        ];
        let request = api.raw_request("GET", "/", &headers).unwrap();
        let mut sent = HeaderMap::new();
        sent.insert("accept", HeaderValue::from_static("application/json"));
        request.apply_headers(&mut sent);
        assert_eq!(sent.get_all("accept").iter().count(), 1);
        assert_eq!(sent["accept"], "text/csv");
        assert_eq!(sent.get_all("x-trace").iter().count(), 2);
        assert!(!request.own_authorization());
        let bad = [("Bad Name".to_owned(), "x".to_owned())];
        assert!(api.raw_request("GET", "/", &bad).is_err());
        assert!(api.raw_request("GE T", "/", &[]).is_err());
    }
}
