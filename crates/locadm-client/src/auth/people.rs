//! A person's login at an OpenID provider: in a browser (the authorization code with
//! PKCE, RFC 7636, redirected to a loopback port of this machine, RFC 8252 §7.3), or with
//! a code entered on another device (RFC 8628). Both end with an access token and,
//! when the provider gives one, a refresh token that renews it without asking again.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use secrecy::SecretString;
use tokio::net::{TcpListener, TcpStream};

use oauth2::CsrfToken;

use super::id_token::{self, Who};
use super::oauth::Grant;
use super::session::Session;
use crate::error::{Error, Result};
use crate::service_url::ServiceUrl;

/// The most of a browser's request to the loopback redirect that is held.
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
        let profile = self.profile();
        let Some(discovered) = self.discovered(None).await? else {
            return Err(Error::usage(
                "a browser or device login needs the OpenID provider's issuer",
            )
            .with_hint(
                "pass `--issuer URL` (or set LOCADM_ISSUER, or `locadm config set issuer URL`)",
            ));
        };
        let metadata = &discovered.metadata;
        let allow_http = profile.allow_http;
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
            profile
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

    /// `login --web`: prints the URL (and opens a browser when there is one), waits (at
    /// most `wait`) for the redirect to a loopback port, exchanges the code with its PKCE
    /// verifier, and verifies the ID token against the nonce it sent.
    pub async fn web_login(
        &self,
        say: &dyn Fn(&str),
        open_browser: bool,
        wait: Duration,
    ) -> Result<(Grant, Option<Who>)> {
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
            Error::other("cannot listen on 127.0.0.1 for the login redirect (the callback)")
                .with_source(e)
        })?;
        let port = listener
            .local_addr()
            .map_err(|e| Error::other("cannot read the redirect port").with_source(e))?
            .port();
        let redirect = url::Url::parse(&format!("http://127.0.0.1:{port}/callback"))
            .expect("a loopback URL parses");
        let proof = self.login_proof()?;
        let client_id = self.entry_key()?.client_id;
        // Named on `-v` when it is sent, after the browser came back.
        let client = self.client_at(&endpoints.token, &client_id, &proof);
        let nonce = CsrfToken::new_random();
        let (url, state, verifier) =
            client.authorization(authorization, &redirect, &endpoints.scopes, nonce.secret());
        say(&format!(
            "Open this URL in a browser to log in:\n\n  {url}\n"
        ));
        if open_browser {
            match open_in_browser(url.as_str(), say).await {
                Opened::With(how) => say(&format!("Opened it with `{how}`.")),
                Opened::Failed => say("No browser command worked: open the URL above yourself."),
                Opened::NoBrowser => {}
            }
        }
        say(&format!(
            "Waiting up to {} for the login to finish (`--wait` to change). If the browser shows an error from the provider instead of its login page, the provider refused client `{client_id}` or the redirect {redirect}: press Ctrl-C, check the client id and its registration, or use `locadm login --device`.",
            humantime::format_duration(wait)
        ));
        self.verbose()
            .line(&format!("login: waiting for the redirect on {redirect}"));
        let code = tokio::time::timeout(wait, wait_for_code(&listener, state.secret()))
            .await
            .map_err(|_| {
                Error::auth(format!(
                    "the browser did not come back to the callback {redirect} within {}",
                    humantime::format_duration(wait)
                ))
                .with_hint(
                    "if the browser showed the provider's error, check the client id and its registered redirect (http://127.0.0.1/callback, any port); run `locadm login --web` again (`--wait` for longer), or `locadm login --device`",
                )
            })??;
        let client = self.token_client(&endpoints.token, &client_id, &proof, "authorization code");
        let grant = client.exchange_code(&code, verifier, &redirect).await?;
        let who = self.identify(&grant, Some(nonce.secret())).await?;
        Ok((grant, who))
    }

    /// `login --device`: prints where to go and the code to enter, then polls at the
    /// provider's interval until the login is approved, denied or expired.
    pub async fn device_login(&self, say: &dyn Fn(&str)) -> Result<(Grant, Option<Who>)> {
        let endpoints = self.people_endpoints().await?;
        let Some(device) = &endpoints.device else {
            return Err(
                Error::auth("the OpenID provider has no device authorization endpoint")
                    .with_hint("use `locadm login --web`"),
            );
        };
        let proof = self.login_proof()?;
        let client_id = self.entry_key()?.client_id;
        self.verbose().line(&format!(
            "device: POST {} (device authorization, client `{client_id}`, {} auth)",
            crate::service_url::shown(device),
            proof.method()
        ));
        let client = self.client_at(&endpoints.token, &client_id, &proof);
        let details = client
            .device_authorization(device, &endpoints.scopes)
            .await?;
        let mut text = format!(
            "To log in, open {} and enter the code {}",
            locadm_model::text::sanitize_line(details.verification_uri().as_str()),
            locadm_model::text::sanitize_line(details.user_code().secret()),
        );
        if let Some(complete) = details.verification_uri_complete() {
            text.push_str(&format!(
                "\n(or open {})",
                locadm_model::text::sanitize_line(complete.secret())
            ));
        }
        text.push_str(&format!(
            "\nThe code expires in {} min. Waiting for the login to be approved…",
            details.expires_in().as_secs().div_ceil(60)
        ));
        say(&text);
        let client =
            self.token_client(&endpoints.token, &client_id, &proof, "device code, polling");
        let grant = client.device_token(device, &details).await?;
        let who = self.identify(&grant, None).await?;
        Ok((grant, who))
    }

    /// Who the ID token of `grant` names, verified; `None` when the provider sent none.
    async fn identify(&self, grant: &Grant, nonce: Option<&str>) -> Result<Option<Who>> {
        let Some(id_token) = &grant.id_token else {
            return Ok(None);
        };
        let Some(discovered) = self.discovered(None).await? else {
            return Ok(None);
        };
        let client_id = self.entry_key()?.client_id;
        let who = id_token::verify(
            self.http(),
            &discovered.metadata,
            self.profile().allow_http,
            &client_id,
            id_token,
            nonce,
        )
        .await?;
        self.verbose().line(&format!(
            "login: the ID token is verified; it names {} ({})",
            who.shown(),
            who.claim
        ));
        Ok(Some(who))
    }
}

/// What became of opening the browser.
enum Opened {
    /// Opened by this command (as the person would type it).
    With(String),
    /// Every command tried failed (each was reported).
    Failed,
    /// No browser is known here (no `BROWSER`, no desktop).
    NoBrowser,
}

/// The browser commands to try, in order: `BROWSER` by its convention (a `:`-separated
/// list of commands; `%s` is the URL, `%%` a `%`; a command without `%s` gets the URL
/// as its last argument), else the desktop's opener when there is a desktop.
fn browser_commands(browser: Option<&str>, url: &str) -> Vec<Vec<String>> {
    if let Some(list) = browser.filter(|b| !b.trim().is_empty()) {
        return list
            .split(':')
            .filter(|c| !c.trim().is_empty())
            .filter_map(|command| {
                let mut words = shell_words::split(command).ok()?;
                let mut placed = false;
                for word in &mut words {
                    if word.contains("%s") {
                        placed = true;
                    }
                    *word = word
                        .split("%%")
                        .map(|part| part.replace("%s", url))
                        .collect::<Vec<_>>()
                        .join("%");
                }
                if !placed {
                    words.push(url.to_owned());
                }
                (!words.is_empty()).then_some(words)
            })
            .collect();
    }
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["rundll32", "url.dll,FileProtocolHandler"]
    } else if std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
    {
        &["xdg-open"]
    } else {
        return Vec::new();
    };
    let mut words: Vec<String> = opener.iter().map(|w| (*w).to_owned()).collect();
    words.push(url.to_owned());
    vec![words]
}

/// How long a browser command is watched for a failure: an opener returns at once, a
/// browser started in the foreground keeps running (and counts as opened).
const BROWSER_FAILS_WITHIN: Duration = Duration::from_secs(2);

/// Opens `url` with the first browser command that does not fail, reporting each that
/// does (the URL is printed either way).
async fn open_in_browser(url: &str, say: &dyn Fn(&str)) -> Opened {
    let commands = browser_commands(std::env::var("BROWSER").ok().as_deref(), url);
    if commands.is_empty() {
        return Opened::NoBrowser;
    }
    for words in commands {
        // As the person would read it: the URL stands as `URL`.
        let shown = words
            .iter()
            .map(|w| w.replace(url, "URL"))
            .collect::<Vec<_>>()
            .join(" ");
        let child = std::process::Command::new(&words[0])
            .args(&words[1..])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        let mut child = match child {
            Ok(child) => child,
            Err(e) => {
                say(&format!(
                    "The browser command `{shown}` cannot be started ({e})."
                ));
                continue;
            }
        };
        let started = std::time::Instant::now();
        let exited = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if started.elapsed() < BROWSER_FAILS_WITHIN => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                _ => break None,
            }
        };
        match exited {
            Some(status) if !status.success() => {
                say(&format!("The browser command `{shown}` failed ({status})."));
            }
            _ => return Opened::With(shown),
        }
    }
    Opened::Failed
}

/// Serves the loopback redirect (HTTP/1.1 on hyper, a connection at a time closed after
/// its answer) until a request brings the code with our state. A request with another
/// state (another tab, a forged link) is answered and ignored; an error from the provider
/// ends the login.
async fn wait_for_code(listener: &TcpListener, state: &str) -> Result<SecretString> {
    let (outcomes, mut outcome) = tokio::sync::mpsc::channel::<Result<SecretString>>(1);
    let state: Arc<str> = state.into();
    // Dropped on return: a browser's connection still open is closed with it.
    let mut connections = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            Some(done) = outcome.recv() => return done,
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else {
                    continue;
                };
                connections.spawn(serve_redirect(stream, state.clone(), outcomes.clone()));
            }
        }
    }
}

/// One browser connection: its request answered, and what it brought sent on `outcomes`
/// once the answer is written (so the page shows before the login goes on).
async fn serve_redirect(
    stream: TcpStream,
    state: Arc<str>,
    outcomes: tokio::sync::mpsc::Sender<Result<SecretString>>,
) {
    let brought = Arc::new(std::sync::Mutex::new(None));
    let slot = brought.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let (status, text, outcome) = judge(&request, &state);
        if outcome.is_some() {
            *slot.lock().expect("the slot's lock") = outcome;
        }
        let body = format!(
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>locadm</title></head><body><p>{text}</p></body></html>"
        );
        let answer = hyper::Response::builder()
            .status(status)
            .header(hyper::header::CONTENT_TYPE, "text/html; charset=utf-8")
            .header(hyper::header::CACHE_CONTROL, "no-store")
            .body(Full::new(Bytes::from(body)));
        async move { answer }
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(10))
        .max_buf_size(MAX_REQUEST_HEAD)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service);
    let _ = served.await;
    let outcome = brought.lock().expect("the slot's lock").take();
    if let Some(outcome) = outcome {
        let _ = outcomes.send(outcome).await;
    }
}

/// The answer to one request to the redirect (status and page text), and what it brought
/// the login: the code, the provider's error, or nothing (another path, another state).
fn judge(
    request: &hyper::Request<Incoming>,
    state: &str,
) -> (u16, &'static str, Option<Result<SecretString>>) {
    let url = url::Url::parse(&format!("http://127.0.0.1{}", request.uri()));
    let Some(url) = url.ok().filter(|_| request.method() == hyper::Method::GET) else {
        return (400, "Not a login redirect.", None);
    };
    if url.path() != "/callback" {
        return (404, "Not found.", None);
    }
    let get = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    if get("state").as_deref() != Some(state) {
        let text = "This login does not belong to the running `locadm login`.";
        return (400, text, None);
    }
    if let Some(error) = get("error") {
        let detail = get("error_description")
            .map(|d| format!(": {}", locadm_model::text::sanitize_line(&d)))
            .unwrap_or_default();
        let ended = Error::auth(format!(
            "the OpenID provider ended the login ({}){detail}",
            locadm_model::text::sanitize_line(&error)
        ))
        .with_hint("run `locadm login --web` again");
        return (
            200,
            "The login did not succeed; see the terminal.",
            Some(Err(ended)),
        );
    }
    match get("code") {
        Some(code) => (
            200,
            "Logged in to locadm. You can close this window.",
            Some(Ok(SecretString::from(code))),
        ),
        None => (400, "The redirect has no code.", None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_follows_its_convention() {
        let url = "https://idp.example/auth?a=1";
        assert_eq!(
            browser_commands(Some("firefox --new-tab %s:w3m"), url),
            vec![
                vec!["firefox".to_owned(), "--new-tab".into(), url.into()],
                vec!["w3m".to_owned(), url.into()],
            ]
        );
        assert_eq!(
            browser_commands(Some("echo 100%% %s"), url),
            vec![vec!["echo".to_owned(), "100%".into(), url.into()]]
        );
        assert_eq!(
            browser_commands(Some(" : "), url),
            Vec::<Vec<String>>::new()
        );
    }
}
