//! Issue 15: logins against a real, third-party OpenID provider, the `oidc-provider` npm
//! package (installed by `.ci/run` with `npm ci` in tests/oidc, started here on
//! 127.0.0.1 by `tests/oidc/provider.mjs`, stopped by its PID).
//!
//! Every token `locadm` gets is checked at the provider's introspection endpoint (RFC
//! 7662) as a second client (`introspector`): the tool must hold a token the provider
//! really issued, for the right client and scope. The browser of a person's login is
//! played by this test: it follows the provider's redirects with a cookie jar and
//! submits its login and consent forms (and, for the device flow, its code form).

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{Env, LogoutOnDrop, RunToEnd};
use serde_json::Value;

/// The provider of these tests, stopped (SIGTERM, then reaped) by its PID when dropped.
struct Provider {
    child: Child,
    issuer: String,
    dir: tempfile::TempDir,
}

impl Provider {
    fn start(args: &[&str]) -> Provider {
        let dir = tempfile::tempdir().unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc/provider.mjs");
        assert!(
            script.with_file_name("node_modules").is_dir(),
            "the OpenID provider is not installed: run `npm ci` in tests/oidc (.ci/run does)"
        );
        let mut child = StdCommand::new("node")
            .arg(&script)
            .arg(dir.path())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("node runs (Node.js 20 or later)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let ready: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the provider did not start: {e}: {line:?}"));
        Provider {
            child,
            issuer: ready["issuer"].as_str().unwrap().to_owned(),
            dir,
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn port(&self) -> String {
        self.issuer.rsplit(':').next().unwrap().to_owned()
    }

    /// The provider's view of a token (RFC 7662), asked as the `introspector` client.
    fn introspect(&self, token: &str) -> Value {
        common::ring_provider();
        runtime().block_on(async {
            reqwest::Client::new()
                .post(format!("{}/token/introspection", self.issuer))
                .basic_auth("introspector", Some("introspect-secret"))
                .form(&[("token", token)])
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap()
        })
    }
}

impl Provider {
    /// Revokes `token` (RFC 7009) as the public client `client`, as another device of
    /// the person could.
    fn revoke(&self, token: &str, client: &str) {
        common::ring_provider();
        let status = runtime().block_on(async {
            reqwest::Client::new()
                .post(format!("{}/token/revocation", self.issuer))
                .form(&[("token", token), ("client_id", client)])
                .send()
                .await
                .unwrap()
                .status()
        });
        assert!(status.is_success(), "{status}");
    }
}

impl Drop for Provider {
    fn drop(&mut self) {
        let pid = rustix::process::Pid::from_raw(self.child.id() as i32).unwrap();
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        let _ = self.child.wait();
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A hermetic environment whose logins go to the kernel keyring (an entry per config
/// file: each test has its own) and that never prompts (`CI=true`).
fn env_for(provider: &Provider) -> Env {
    Env::offline()
        .var("LOCADM_KEYRING", "keyutils")
        .var("LOCADM_ISSUER", &provider.issuer)
        .var("CI", "true")
}

/// `locadm auth token` (plus `extra`), which must succeed: the token and the stderr.
#[track_caller]
fn token(env: &Env, extra: &[&str]) -> (String, String) {
    let mut args = vec!["auth", "token"];
    args.extend_from_slice(extra);
    let out = env.run(&args);
    out.assert_code(0);
    (out.stdout.trim().to_owned(), out.stderr)
}

/// Asserts that the provider issued `token` to `client` and it is active.
#[track_caller]
fn assert_active(provider: &Provider, token: &str, client: &str) -> Value {
    let view = provider.introspect(token);
    assert_eq!(view["active"], true, "{view}");
    assert_eq!(view["client_id"], client, "{view}");
    view
}

#[test]
fn discovery_and_client_credentials_by_secret_basic_and_post() {
    let provider = Provider::start(&[]);
    let env = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-basic")
        .var("LOCADM_CLIENT_SECRET", "basic-secret");
    let (got, log) = token(&env, &["--verbose"]);
    assert!(
        log.contains(&format!(
            "discovery: GET {}/.well-known/openid-configuration",
            provider.issuer
        )),
        "{log}"
    );
    assert!(
        log.contains(&format!("POST {}/token", provider.issuer)),
        "{log}"
    );
    assert!(log.contains("client_secret_basic"), "{log}");
    assert_active(&provider, &got, "cc-basic");
    assert!(
        !log.contains("basic-secret") && !log.contains(&got),
        "secrets in -v: {log}"
    );

    // client_secret_post: the provider here refuses a secret sent the other way.
    let post = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-post")
        .var("LOCADM_CLIENT_SECRET", "post-secret");
    let out = post.run(&["auth", "token"]);
    out.assert_code(3);
    assert!(out.stderr.contains("invalid_client"), "{}", out.stderr);
    let post = post.var("LOCADM_CLIENT_AUTH", "client_secret_post");
    let (got, _) = token(&post, &[]);
    assert_active(&provider, &got, "cc-post");

    // A scope is sent and granted as configured.
    let scoped = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-basic")
        .var("LOCADM_CLIENT_SECRET", "basic-secret");
    scoped
        .run(&["config", "set", "scopes", "can-read-locations"])
        .assert_code(0);
    let (got, _) = token(&scoped, &[]);
    assert_eq!(
        assert_active(&provider, &got, "cc-basic")["scope"],
        "can-read-locations"
    );
    // A client's credentials name the client (issue 43).
    let status: Value = scoped.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["who"]["kind"], "client", "{status}");
    assert_eq!(status["who"]["name"], "cc-basic", "{status}");

    // An issuer whose document names another issuer is refused (Discovery §4.3).
    let wrong = env_for(&provider)
        .var(
            "LOCADM_ISSUER",
            &format!("{}/", provider.issuer.replace("127.0.0.1", "localhost")),
        )
        .var("LOCADM_CLIENT_ID", "cc-basic")
        .var("LOCADM_CLIENT_SECRET", "basic-secret");
    let out = wrong.run(&["auth", "token"]);
    out.assert_code(3);
    // Issue 43: both values as they are, and the provider's offered.
    let localhost = provider.issuer.replace("127.0.0.1", "localhost");
    for part in [
        "names another issuer".to_owned(),
        format!("the provider says `{}`", provider.issuer),
        format!("the profile has `{localhost}/`"),
        format!(
            "hint: if `{0}` is the provider you mean, use it: `--issuer {0}`",
            provider.issuer
        ),
    ] {
        assert!(out.stderr.contains(&part), "{part}: {}", out.stderr);
    }

    // The discovery document's URL given as the issuer: trimmed, with a note.
    let basic = || {
        env_for(&provider)
            .var("LOCADM_CLIENT_ID", "cc-basic")
            .var("LOCADM_CLIENT_SECRET", "basic-secret")
    };
    let pasted = basic().var(
        "LOCADM_ISSUER",
        &format!("{}/.well-known/openid-configuration", provider.issuer),
    );
    let (got, log) = token(&pasted, &[]);
    assert_active(&provider, &got, "cc-basic");
    assert!(
        log.contains(&format!(
            "is the provider's discovery document; using its issuer `{}`",
            provider.issuer
        )),
        "{log}"
    );

    // https:// to this plain-http provider: said as such, not as a TLS record type.
    let tls = basic().var("LOCADM_ISSUER", &provider.issuer.replace("http:", "https:"));
    let out = tls.run(&["auth", "token"]);
    out.assert_code(6);
    assert!(
        out.stderr
            .contains("the server answered in plain HTTP, not TLS"),
        "{}",
        out.stderr
    );
}

#[test]
fn private_key_jwt_from_a_file_or_the_environment_and_a_login_with_the_key() {
    let provider = Provider::start(&[]);
    let key_file = provider.file("client-key.pem");
    let env = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-jwt")
        .var("LOCADM_CLIENT_KEY_FILE", key_file.to_str().unwrap());
    let (got, log) = token(&env, &["--verbose"]);
    assert!(log.contains("private_key_jwt"), "{log}");
    assert!(!log.contains("PRIVATE KEY"), "{log}");
    assert_active(&provider, &got, "cc-jwt");

    // The PEM text itself in LOCADM_CLIENT_KEY; a new assertion (jti) each time.
    let pem = std::fs::read_to_string(&key_file).unwrap();
    let env = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-jwt")
        .var("LOCADM_CLIENT_KEY", &pem);
    for _ in 0..2 {
        let (got, _) = token(&env, &[]);
        assert_active(&provider, &got, "cc-jwt");
    }

    // A key the provider does not know: refused, exit 3.
    let other = rcgen::KeyPair::generate().unwrap().serialize_pem();
    let env = env_for(&provider)
        .var("LOCADM_CLIENT_ID", "cc-jwt")
        .var("LOCADM_CLIENT_KEY", &other);
    let out = env.run(&["auth", "token"]);
    out.assert_code(3);
    assert!(out.stderr.contains("invalid_client"), "{}", out.stderr);

    // `login` with the key: the profile keeps the key's path (not the key), the keyring
    // the token bound to the key; later commands need no key in the environment.
    let later = env_for(&provider);
    let _logout = LogoutOnDrop(&later);
    let out = later
        .cmd(&["login", "--client-id", "cc-jwt"])
        .env("LOCADM_CLIENT_KEY_FILE", &key_file)
        .run();
    out.assert_code(0);
    let config = std::fs::read_to_string(later.path("config/locadm/config.toml")).unwrap();
    assert!(
        config.contains("client_key_file") && !config.contains("PRIVATE"),
        "{config}"
    );
    let (got, log) = token(&later, &["--verbose"]);
    assert!(log.contains("using the cached token"), "{log}");
    assert_active(&provider, &got, "cc-jwt");
    let status: Value = later.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["token"]["credentials"], "key", "{status}");

    // A secret in the environment comes before the profile's key (the order of
    // `auth/credentials.rs`): this run authenticates with the secret, and leaves the
    // key's cached token alone.
    let out = later
        .cmd(&["auth", "token", "--verbose"])
        .env("LOCADM_CLIENT_ID", "cc-basic")
        .env("LOCADM_CLIENT_SECRET", "basic-secret")
        .run();
    out.assert_code(0);
    assert!(
        out.stderr.contains("client_secret_basic auth"),
        "{}",
        out.stderr
    );
    assert_active(&provider, out.stdout.trim(), "cc-basic");
    assert_eq!(
        status["issuer"],
        format!("{}/", provider.issuer),
        "{status}"
    );
}

/// The test's browser: follows the provider's redirects with a cookie jar and submits
/// each page's form (login, consent, device code and confirmation) until it is sent to
/// the tool's loopback redirect (which it then visits) or reaches the success page.
struct Browser {
    client: reqwest::Client,
    /// The login name typed at the provider (its `sub`).
    login: String,
}

impl Browser {
    fn new() -> Browser {
        Browser::as_("alice")
    }

    fn as_(login: &str) -> Browser {
        common::ring_provider();
        Browser {
            client: reqwest::Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            login: login.to_owned(),
        }
    }

    /// Visits `start` and plays the person; `user_code` fills a device code form.
    async fn log_in(&self, start: &str, user_code: Option<&str>) -> String {
        let form_re = regex::Regex::new(r#"(?s)<form([^>]*)>(.*?)</form>"#).unwrap();
        let attr = |tag: &str, name: &str| {
            regex::Regex::new(&format!(r#"{name}="([^"]*)""#))
                .unwrap()
                .captures(tag)
                .map(|c| c[1].to_owned())
        };
        let input_re = regex::Regex::new(r#"<input[^>]*>"#).unwrap();
        let mut response = self.client.get(start).send().await.unwrap();
        for _ in 0..30 {
            let url = response.url().clone();
            if response.status().is_redirection() {
                let location = response.headers()["location"].to_str().unwrap().to_owned();
                let next = url.join(&location).unwrap();
                response = self.client.get(next).send().await.unwrap();
                continue;
            }
            let status = response.status();
            let page = response.text().await.unwrap();
            if url.path() == "/callback" || page.contains("<title>Sign-in Success</title>") {
                return page;
            }
            assert!(status.is_success(), "{url}: {status}: {page}");
            let form = form_re
                .captures(&page)
                .unwrap_or_else(|| panic!("no form at {url}: {page}"));
            let action = attr(&form[1], "action").unwrap_or_else(|| url.to_string());
            let mut fields: Vec<(String, String)> = Vec::new();
            for input in input_re.find_iter(&form[2]) {
                let tag = input.as_str();
                let Some(name) = attr(tag, "name") else {
                    continue;
                };
                let value = match name.as_str() {
                    "login" => self.login.clone(),
                    "password" => "any".to_owned(),
                    "user_code" if attr(tag, "value").unwrap_or_default().is_empty() => {
                        user_code.expect("a device code form").to_owned()
                    }
                    _ => attr(tag, "value").unwrap_or_default(),
                };
                fields.push((name, value));
            }
            response = self
                .client
                .post(url.join(&action).unwrap())
                .form(&fields)
                .send()
                .await
                .unwrap();
        }
        panic!("the login did not finish within 30 pages");
    }
}

/// `locadm ARGS` started in the background, its stderr read line by line.
struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: String,
}

impl Running {
    fn start(env: &Env, args: &[&str]) -> Running {
        let mut child = env
            .std_command()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, lines) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            lines,
            seen: String::new(),
        }
    }

    /// The first stderr line for which `find` gives something, within 30 s.
    fn wait_for<T>(&mut self, find: impl Fn(&str) -> Option<T>) -> T {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("nothing more on stderr; so far:\n{}", self.seen));
            self.seen.push_str(&line);
            self.seen.push('\n');
            if let Some(found) = find(&line) {
                return found;
            }
        }
    }

    /// Waits for the exit (30 s at most); the code, stdout and the rest of stderr.
    fn finish_with_stdout(mut self) -> (i32, String, String) {
        use std::io::Read;
        let mut stdout = self.child.stdout.take().unwrap();
        let (code, stderr) = self.finish();
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        (code, text, stderr)
    }

    /// Waits for the exit (30 s at most); the code and the rest of stderr.
    fn finish(mut self) -> (i32, String) {
        for _ in 0..300 {
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                    self.seen.push_str(&line);
                    self.seen.push('\n');
                }
                return (status.code().unwrap_or(-1), self.seen);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("the command did not end; stderr:\n{}", self.seen);
    }
}

/// `login --web` with the browser played by the test; the access token is the
/// provider's, renewed silently with the refresh token once it nears expiry, and a
/// refresh the provider refuses says to log in again (exit 3, no prompt).
#[test]
fn web_login_with_pkce_then_silent_refresh_then_login_again() {
    let provider = Provider::start(&["--access-ttl", "4"]);
    let env = env_for(&provider);
    let _logout = LogoutOnDrop(&env);
    let (url, stderr) = web_login(&provider, &env, "operator@example.test");
    for part in [
        "code_challenge_method=S256",
        "code_challenge=",
        "state=",
        "nonce=",
        "redirect_uri=http%3A%2F%2F127.0.0.1%3A",
        "openid",
        "offline_access",
    ] {
        assert!(url.contains(part), "{part} in {url}");
    }
    // Issue 43: the person is named, from the verified ID token, with the provider.
    assert!(
        stderr.contains(&format!(
            "Logged in to profile `default` as operator@example.test at {}/ (web login); token and refresh token kept in keyutils",
            provider.issuer
        )),
        "{stderr}"
    );
    // Without `--scope` the login gets `openid offline_access` only: what it lacks is
    // named with the flags that ask for it.
    assert!(
        stderr.contains("warning: the granted scope lacks can-create-locations (location create, location apply)"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "`locadm login --web --scope can-create-locations --scope can-read-locations"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("If the browser shows an error from the provider"),
        "{stderr}"
    );

    let (first, _) = token(&env, &[]);
    assert_eq!(
        assert_active(&provider, &first, "native")["sub"],
        "operator@example.test"
    );
    let status: Value = env.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["token"]["credentials"], "web", "{status}");
    assert_eq!(status["token"]["refresh_token_stored"], true, "{status}");
    assert_eq!(status["who"]["kind"], "person", "{status}");
    assert_eq!(status["who"]["name"], "operator@example.test", "{status}");
    assert_eq!(status["who"]["claim"], "email", "{status}");
    assert_eq!(
        status["provider"],
        format!("{}/", provider.issuer),
        "{status}"
    );
    let table = env.run(&["auth", "status", "-o", "table"]);
    table.assert_code(0);
    assert!(
        table
            .stdout
            .contains("operator@example.test (ID token `email`) at http://127.0.0.1:"),
        "{}",
        table.stdout
    );

    // 4 s tokens are renewed in their last second: after 3.2 s the refresh token is
    // used, with no prompt, no browser, and no second fetch of the discovery document
    // (it is kept with the token).
    std::thread::sleep(Duration::from_millis(3200));
    let (second, log) = token(&env, &["--verbose"]);
    assert!(
        log.contains("token: the cached token expires in ")
            && log.contains(" s (within the renewal margin); renewing"),
        "{log}"
    );
    assert!(log.contains("(refresh token, client `native`"), "{log}");
    assert!(!log.contains("discovery: GET"), "{log}");
    assert_ne!(first, second);
    assert_active(&provider, &second, "native");

    // The provider restarts and forgets the grant: the refresh is refused, and the
    // tool says to log in again instead of asking anything.
    let port = provider.port();
    drop(provider);
    let restarted = Provider::start(&["--port", &port]);
    // Past the second token's expiry (4 s), not only within its margin.
    std::thread::sleep(Duration::from_millis(4500));
    let out = env.run(&["auth", "token", "-v"]);
    out.assert_code(3);
    let err = out.stderr;
    // Issue 43: an expired token is said to be expired, not "within 60 s of expiry".
    assert!(err.contains("token: the cached token expired "), "{err}");
    assert!(!err.contains("within 60 s"), "{err}");
    assert!(
        err.contains("the login has expired or was revoked"),
        "{err}"
    );
    // Without a terminal (issue 40) the hint names the variables, not `locadm login --web`.
    assert!(
        err.contains("without a terminal, set LOCADM_CLIENT_ID with LOCADM_CLIENT_SECRET"),
        "{err}"
    );
    // Issue 43: the dead login is cleared, and `auth status` says so with exit 3.
    let out = env.run(&["auth", "status"]);
    out.assert_code(3);
    assert!(
        out.stderr.contains("the login has expired or was revoked: the login of profile `default` (operator@example.test) is over"),
        "{}",
        out.stderr
    );
    let out = env.run(&["auth", "token"]);
    out.assert_code(3);
    assert!(
        out.stderr.contains(
            "the login has expired or was revoked: the login of profile `default` is over"
        ),
        "{}",
        out.stderr
    );
    drop(restarted);
}

/// `login --device`: the code and URL on stderr, the approval played by the test in
/// the provider's device pages while the tool polls at the provider's interval.
#[test]
fn device_login_is_approved_in_the_provider_pages() {
    let provider = Provider::start(&["--device-interval", "1"]);
    let env = env_for(&provider);
    let _logout = LogoutOnDrop(&env);
    let mut login = Running::start(&env, &["login", "--device", "--client-id", "native"]);
    let (url, code) = device_code(&mut login);
    assert_eq!(url, format!("{}/device", provider.issuer));
    let page = runtime().block_on(Browser::new().log_in(&url, Some(&code)));
    assert!(page.contains("Sign-in Success"), "{page}");
    let (exit, stderr) = login.finish();
    assert_eq!(exit, 0, "{stderr}");
    assert!(stderr.contains("as alice at"), "{stderr}");
    let (got, _) = token(&env, &[]);
    assert_active(&provider, &got, "native");
    let status: Value = env.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["token"]["credentials"], "device", "{status}");
    assert_eq!(status["who"]["name"], "alice", "{status}");
    assert_eq!(status["who"]["claim"], "preferred_username", "{status}");

    // Issue 43, item 3: with no keyring a login as yourself is refused before anything
    // is sent, unless it is for this shell only (`--print-token`): the token on stdout,
    // nothing kept.
    let none = env_for(&provider).var("LOCADM_KEYRING", "none");
    let out = none.run(&["login", "--device", "--client-id", "native"]);
    out.assert_code(2);
    assert!(
        out.stderr.contains("LOCADM_KEYRING=none keeps nothing"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("--print-token"), "{}", out.stderr);
    let mut login = Running::start(
        &none,
        &[
            "login",
            "--device",
            "--client-id",
            "native",
            "--print-token",
        ],
    );
    let (url, code) = device_code(&mut login);
    runtime().block_on(Browser::new().log_in(&url, Some(&code)));
    let (exit, stdout, stderr) = login.finish_with_stdout();
    assert_eq!(exit, 0, "{stderr}");
    assert!(stderr.contains("nothing is kept"), "{stderr}");
    assert_active(&provider, stdout.trim(), "native");
}

/// Issue 43, item 2: `logout` revokes at the provider (RFC 7009) what the login held, and
/// says so; a refresh token revoked elsewhere makes `auth status` exit 3.
#[test]
fn logout_revokes_and_a_revoked_login_is_reported() {
    let provider = Provider::start(&[]);
    let env = env_for(&provider);
    let _logout = LogoutOnDrop(&env);
    web_login(&provider, &env, "operator@example.test");
    let (access, _) = token(&env, &[]);
    let refresh = kept_refresh_token(&env, &provider);
    assert_active(&provider, &access, "native");
    assert_eq!(provider.introspect(&refresh)["active"], true);

    let out = env.run(&["logout"]);
    out.assert_code(0);
    assert!(
        out.stderr.contains("Logged out of profile `default`: removed from keyutils: the login of operator@example.test, the access token, the refresh token"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(&format!(
            "The provider ({}/token/revocation) confirmed the revocation of the refresh token and the access token",
            provider.issuer
        )),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("client secret"), "{}", out.stderr);
    for token in [&access, &refresh] {
        assert_eq!(provider.introspect(token)["active"], false);
    }
    // A public client never had a secret: not "no client secret".
    let out = env.run(&["auth", "token"]);
    out.assert_code(3);
    assert!(
        out.stderr.contains("not logged in to profile `default`"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("client secret"), "{}", out.stderr);

    // Revoked elsewhere (here, by the test as the client): once the access token is due,
    // `auth status` renews, meets the refusal, and says the login is over (exit 3).
    let short = Provider::start(&["--access-ttl", "4"]);
    let env = env_for(&short);
    let _logout = LogoutOnDrop(&env);
    web_login(&short, &env, "alice");
    let refresh = kept_refresh_token(&env, &short);
    short.revoke(&refresh, "native");
    std::thread::sleep(Duration::from_millis(3200));
    let out = env.run(&["auth", "status"]);
    out.assert_code(3);
    assert!(
        out.stderr.contains("the login has expired or was revoked"),
        "{}",
        out.stderr
    );
    let out = env.run(&["logout"]);
    out.assert_code(0);
    assert!(
        out.stderr
            .contains("the record of a login the provider had ended"),
        "{}",
        out.stderr
    );
    drop(short);

    // Offline, logout still removes everything here and says what it could not do.
    let gone = Provider::start(&[]);
    let env = env_for(&gone);
    let _logout = LogoutOnDrop(&env);
    web_login(&gone, &env, "alice");
    drop(gone);
    let out = env.run(&["logout"]);
    out.assert_code(0);
    let err = &out.stderr;
    assert!(
        err.contains(
            "removed from keyutils: the login of alice, the access token, the refresh token"
        ),
        "{err}"
    );
    assert!(
        err.contains("warning: the refresh token could not be revoked (the revocation endpoint http://127.0.0.1:"),
        "{err}"
    );
    assert!(
        err.contains("it stays valid at the provider until it expires"),
        "{err}"
    );
    let out = env.run(&["auth", "status"]);
    out.assert_code(3);
    assert!(
        out.stderr.contains("not logged in to profile `default`"),
        "{}",
        out.stderr
    );
}

/// `login --web --client-id native` as `login`, played through to the end: the URL it
/// printed and its stderr.
fn web_login(provider: &Provider, env: &Env, login: &str) -> (String, String) {
    let mut running = Running::start(env, &["login", "--web", "--client-id", "native"]);
    let url = running.wait_for(|line| {
        let line = line.trim();
        line.starts_with(&format!("{}/auth?", provider.issuer))
            .then(|| line.to_owned())
    });
    let page = runtime().block_on(Browser::as_(login).log_in(&url, None));
    assert!(page.contains("You can close this window"), "{page}");
    let (code, stderr) = running.finish();
    assert_eq!(code, 0, "{stderr}");
    (url, stderr)
}

/// The device code `login --device` printed, and where to enter it.
fn device_code(login: &mut Running) -> (String, String) {
    login.wait_for(|line| {
        let rest = line.strip_prefix("To log in, open ")?;
        let (url, code) = rest.split_once(" and enter the code ")?;
        Some((url.to_owned(), code.trim().to_owned()))
    })
}

/// The refresh token of the profile's login, read from the kernel keyring where the
/// tool keeps it (to ask the provider about it).
fn kept_refresh_token(env: &Env, provider: &Provider) -> String {
    use linux_keyutils::{KeyRing, KeyRingIdentifier};
    let config = env.run(&["config", "get", "config_file"]);
    config.assert_code(0);
    let description = format!(
        "locadm:default|native|{}/|{}",
        provider.issuer,
        config.stdout.trim()
    );
    let ring = KeyRing::get_persistent(KeyRingIdentifier::Process)
        .or_else(|_| KeyRing::from_special_id(KeyRingIdentifier::User, true))
        .unwrap();
    let key = ring.search(&description).unwrap();
    let entry: Value = serde_json::from_slice(&key.read_to_vec().unwrap()).unwrap();
    entry["refresh_token"].as_str().unwrap().to_owned()
}

/// A workload identity token exchanged by the grant the provider advertises: the JWT
/// bearer grant, or token exchange; one the provider does not trust is refused.
#[test]
fn a_workload_token_is_exchanged_by_the_advertised_grant() {
    for (mode, grant) in [
        ("jwt-bearer", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
        (
            "token-exchange",
            "urn:ietf:params:oauth:grant-type:token-exchange",
        ),
    ] {
        let provider = Provider::start(&["--federation", mode]);
        let workload = provider.file("workload.jwt");
        let env = env_for(&provider).var("LOCADM_CLIENT_ID", "workload");
        let (got, log) = token(
            &env,
            &[
                "--verbose",
                "--federated-token-file",
                workload.to_str().unwrap(),
            ],
        );
        assert!(log.contains(grant), "{mode}: {log}");
        let view = assert_active(&provider, &got, "workload");
        assert_eq!(view["sub"], "repo:acme/locations:ref:main", "{view}");
        // Nothing of it is kept: the same file again gets a new token, not a cached one.
        let (again, log) = token(
            &env,
            &[
                "--verbose",
                "--federated-token-file",
                workload.to_str().unwrap(),
            ],
        );
        assert!(!log.contains("using the cached token"), "{log}");
        assert!(log.contains("the token is not cached"), "{log}");
        assert_ne!(again, got);

        let env = env.var(
            "LOCADM_FEDERATED_TOKEN_FILE",
            provider.file("untrusted.jwt").to_str().unwrap(),
        );
        let out = env.run(&["auth", "token"]);
        out.assert_code(3);
        let err = out.stderr;
        assert!(
            err.contains("refused the workload token (invalid_grant)"),
            "{err}"
        );
        let untrusted = std::fs::read_to_string(provider.file("untrusted.jwt")).unwrap();
        assert!(
            !err.contains(untrusted.trim()),
            "the token is never printed: {err}"
        );
    }
}

/// Issue 43, item 4: a device login refused for its client names the device
/// authorization endpoint and the device flow's hint; `BROWSER` follows its convention
/// (a `:` list, `%s`), a failing command is reported; `--wait` bounds the wait.
#[test]
fn the_flows_name_their_endpoint_and_the_browser_is_told_what_to_do() {
    let provider = Provider::start(&[]);
    let env = env_for(&provider);
    let out = env.run(&["login", "--device", "--client-id", "cc-basic", "-v"]);
    out.assert_code(3);
    let err = &out.stderr;
    assert!(
        err.contains(&format!("device: POST {}/device/auth", provider.issuer)),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "error: the device authorization endpoint {}/device/auth",
            provider.issuer
        )),
        "{err}"
    );
    assert!(err.contains("allowed the device grant"), "{err}");
    assert!(!err.contains("client secret"), "{err}");

    // The first command fails and is reported; the second gets the URL for `%s`.
    let opened = provider.file("opened");
    let script = provider.file("browser.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nprintf '%s' \"$1\" > {}\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let browser = format!("/bin/false:{} --url=%s", script.display());
    let env = env_for(&provider).var("BROWSER", &browser);
    let _logout = LogoutOnDrop(&env);
    let mut login = Running::start(&env, &["login", "--web", "--client-id", "native"]);
    login.wait_for(|line| line.contains("Opened it with").then_some(()));
    let url = std::fs::read_to_string(&opened).unwrap();
    let url = url.strip_prefix("--url=").unwrap().to_owned();
    runtime().block_on(Browser::new().log_in(&url, None));
    let (code, stderr) = login.finish();
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("The browser command `/bin/false URL` failed (exit status: 1)."),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("Opened it with `{} --url=URL`.", script.display())),
        "{stderr}"
    );

    // Nobody comes back: the wait ends when `--wait` says, naming the callback.
    let env = env_for(&provider).var("BROWSER", "/bin/false");
    let started = std::time::Instant::now();
    let out = env.run(&["login", "--web", "--client-id", "native", "--wait", "2s"]);
    out.assert_code(3);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(
        out.stderr
            .contains("Waiting up to 2s for the login to finish"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("No browser command worked: open the URL above yourself."),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("did not come back to the callback http://127.0.0.1:"),
        "{}",
        out.stderr
    );
}
