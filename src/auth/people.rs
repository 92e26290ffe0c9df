//! A person's login at an OpenID provider: in a browser (the authorization code with
//! PKCE, RFC 7636, redirected to a loopback port of this machine, RFC 8252 §7.3), or with
//! a code entered on another device (RFC 8628). Both end with an access token and,
//! when the provider gives one, a refresh token that renews it without asking again.

use std::time::Duration;

use secrecy::SecretString;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::oauth::Grant;
use super::Session;
use crate::error::{Error, Result};
use crate::settings::ServiceUrl;

/// How long `login --web` waits for the browser to come back.
pub(crate) const WEB_LOGIN_TIMEOUT: Duration = Duration::from_secs(300);
/// The most of a browser's request to the loopback redirect that is read.
const MAX_REQUEST_HEAD: usize = 16 * 1024;

/// Where a person's login goes: from the issuer's discovery document.
struct PeopleEndpoints {
    token: ServiceUrl,
    authorization: Option<ServiceUrl>,
    device: Option<ServiceUrl>,
    scopes: Vec<String>,
}

impl Session {
    async fn people_endpoints(&self) -> Result<PeopleEndpoints> {
        let settings = self.settings();
        let Some(discovered) = self.discovered(None).await? else {
            return Err(Error::usage(
                "a browser or device login needs the OpenID provider's issuer",
            )
            .with_hint(
                "pass `--issuer URL` (or set LOCADM_ISSUER, or `locadm config set issuer URL`)",
            ));
        };
        let metadata = &discovered.metadata;
        let allow_http = settings.allow_http;
        // OpenID scopes: `openid`, and `offline_access` (a refresh token) when offered.
        let mut scopes = vec!["openid".to_owned()];
        if metadata
            .scopes_supported
            .iter()
            .any(|s| s == "offline_access")
        {
            scopes.push("offline_access".into());
        }
        scopes.extend(
            settings
                .scopes
                .iter()
                .filter(|s| !scopes.contains(s))
                .cloned()
                .collect::<Vec<_>>(),
        );
        Ok(PeopleEndpoints {
            token: self.token_endpoint(None).await?,
            authorization: metadata.endpoint("authorization_endpoint", allow_http)?,
            device: metadata.endpoint("device_authorization_endpoint", allow_http)?,
            scopes,
        })
    }

    /// `login --web`: prints the URL (and opens a browser when there is one), waits for
    /// the redirect to a loopback port, and exchanges the code with its PKCE verifier.
    pub(crate) async fn web_login(&self, say: &dyn Fn(&str), open_browser: bool) -> Result<Grant> {
        let endpoints = self.people_endpoints().await?;
        let Some(authorization) = &endpoints.authorization else {
            return Err(Error::auth(
                "the OpenID provider has no authorization endpoint for a browser login",
            )
            .with_hint("use `locadm login --device`"));
        };
        // RFC 8252 §7.3: the loopback IP literal, any free port; the provider matches the
        // registered redirect without its port.
        let listener = TcpListener::bind("127.0.0.1:0").await.map_err(|e| {
            Error::other("cannot listen on 127.0.0.1 for the login redirect").with_source(e)
        })?;
        let port = listener
            .local_addr()
            .map_err(|e| Error::other("cannot read the redirect port").with_source(e))?
            .port();
        let redirect = url::Url::parse(&format!("http://127.0.0.1:{port}/callback"))
            .expect("a loopback URL parses");
        let proof = self.login_proof()?;
        let client_id = self.entry_key()?.client_id;
        let client = self.token_client(&endpoints.token, &client_id, &proof, "authorization code");
        let (url, state, verifier) =
            client.authorization(authorization, &redirect, &endpoints.scopes);
        say(&format!(
            "Open this URL in a browser to log in:\n\n  {url}\n"
        ));
        if open_browser {
            match open_in_browser(url.as_str()) {
                Some(how) => say(&format!(
                    "Opened it with {how}; waiting for the login to finish…"
                )),
                None => say("Waiting for the login to finish in the browser…"),
            }
        }
        self.verbose()
            .line(&format!("login: waiting for the redirect on {redirect}"));
        let code =
            tokio::time::timeout(WEB_LOGIN_TIMEOUT, wait_for_code(&listener, state.secret()))
                .await
                .map_err(|_| {
                    Error::auth(format!(
                        "the browser did not come back within {} minutes",
                        WEB_LOGIN_TIMEOUT.as_secs() / 60
                    ))
                    .with_hint("run `locadm login --web` again, or `locadm login --device`")
                })??;
        client.exchange_code(&code, verifier, &redirect).await
    }

    /// `login --device`: prints where to go and the code to enter, then polls at the
    /// provider's interval until the login is approved, denied or expired.
    pub(crate) async fn device_login(&self, say: &dyn Fn(&str)) -> Result<Grant> {
        let endpoints = self.people_endpoints().await?;
        let Some(device) = &endpoints.device else {
            return Err(
                Error::auth("the OpenID provider has no device authorization endpoint")
                    .with_hint("use `locadm login --web`"),
            );
        };
        let proof = self.login_proof()?;
        let client_id = self.entry_key()?.client_id;
        let client = self.token_client(&endpoints.token, &client_id, &proof, "device code");
        let details = client
            .device_authorization(device, &endpoints.scopes)
            .await?;
        let mut text = format!(
            "To log in, open {} and enter the code {}",
            crate::output::sanitize_line(details.verification_uri().as_str()),
            crate::output::sanitize_line(details.user_code().secret()),
        );
        if let Some(complete) = details.verification_uri_complete() {
            text.push_str(&format!(
                "\n(or open {})",
                crate::output::sanitize_line(complete.secret())
            ));
        }
        text.push_str(&format!(
            "\nThe code expires in {} min. Waiting for the login to be approved…",
            details.expires_in().as_secs().div_ceil(60)
        ));
        say(&text);
        client.device_token(device, &details).await
    }
}

/// Opens `url` in the person's browser: `$BROWSER` when set, else the desktop's opener
/// when there is a desktop. The name of what opened it, or `None` (the URL is printed
/// either way).
fn open_in_browser(url: &str) -> Option<String> {
    let browser = std::env::var("BROWSER")
        .ok()
        .filter(|b| !b.trim().is_empty());
    let (program, mut args): (String, Vec<String>) = match browser {
        Some(command) => {
            let mut words = command.split_whitespace().map(str::to_owned);
            (words.next()?, words.collect())
        }
        None if cfg!(target_os = "macos") => ("open".into(), vec![]),
        None if cfg!(windows) => (
            "rundll32".into(),
            vec!["url.dll,FileProtocolHandler".into()],
        ),
        None if std::env::var_os("DISPLAY").is_some()
            || std::env::var_os("WAYLAND_DISPLAY").is_some() =>
        {
            ("xdg-open".into(), vec![])
        }
        None => return None,
    };
    args.push(url.to_owned());
    std::process::Command::new(&program)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()
        .map(|_| program)
}

/// Serves the loopback redirect until a request brings the code with our state. A
/// request with another state (another tab, a forged link) is answered and ignored;
/// an error from the provider ends the login.
async fn wait_for_code(listener: &TcpListener, state: &str) -> Result<SecretString> {
    loop {
        let Ok((mut stream, _)) = listener.accept().await else {
            continue;
        };
        let Some(target) = read_target(&mut stream).await else {
            continue;
        };
        let Ok(url) = url::Url::parse(&format!("http://127.0.0.1{target}")) else {
            respond(&mut stream, 400, "Not a login redirect.").await;
            continue;
        };
        if url.path() != "/callback" {
            respond(&mut stream, 404, "Not found.").await;
            continue;
        }
        let get = |name: &str| {
            url.query_pairs()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.into_owned())
        };
        if get("state").as_deref() != Some(state) {
            respond(
                &mut stream,
                400,
                "This login does not belong to the running `locadm login`.",
            )
            .await;
            continue;
        }
        if let Some(error) = get("error") {
            respond(
                &mut stream,
                200,
                "The login did not succeed; see the terminal.",
            )
            .await;
            let detail = get("error_description")
                .map(|d| format!(": {}", crate::output::sanitize_line(&d)))
                .unwrap_or_default();
            return Err(Error::auth(format!(
                "the OpenID provider ended the login ({}){detail}",
                crate::output::sanitize_line(&error)
            ))
            .with_hint("run `locadm login --web` again"));
        }
        let Some(code) = get("code") else {
            respond(&mut stream, 400, "The redirect has no code.").await;
            continue;
        };
        respond(
            &mut stream,
            200,
            "Logged in to locadm. You can close this window.",
        )
        .await;
        return Ok(SecretString::from(code));
    }
}

/// The request target of a browser's request (`/callback?code=…`), read within a few
/// seconds and [`MAX_REQUEST_HEAD`] bytes.
async fn read_target(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::with_capacity(1024);
    let read = async {
        let mut buf = [0u8; 2048];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < MAX_REQUEST_HEAD {
            let n = stream.read(&mut buf).await.ok()?;
            if n == 0 {
                break;
            }
            head.extend_from_slice(&buf[..n]);
        }
        Some(())
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .ok()??;
    let line = head.split(|&b| b == b'\r').next()?;
    let line = std::str::from_utf8(line).ok()?;
    let mut parts = line.split(' ');
    (parts.next()? == "GET").then_some(())?;
    parts.next().map(str::to_owned)
}

async fn respond(stream: &mut TcpStream, status: u16, text: &str) {
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        _ => "Bad Request",
    };
    let body = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>locadm</title></head><body><p>{text}</p></body></html>"
    );
    let answer = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(answer.as_bytes()).await;
    let _ = stream.shutdown().await;
}
