//! Login, token cache and config, end to end: the real binary against a tiny real token
//! endpoint on 127.0.0.1:0 (to be replaced by the emulator's), with the kernel keyutils
//! keyring as the store (so each command is a separate process reading what the last one
//! wrote) and HOME, XDG_CONFIG_HOME and XDG_DATA_HOME in a temporary directory.
//!
//! Every test uses its own token URL (its own port), so keyring entries never collide;
//! each test logs out at the end.
// The token endpoint of these tests is an axum server, and axum comes with the emulator.
#![cfg(feature = "emulator")]
#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use assert_cmd::Command;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

const CLIENT_ID: &str = "ops-admin";
const SECRET: &str = "Sup3r-S3cret-Value-4711";

#[derive(Clone)]
struct Config {
    expires_in: u64,
    scope: &'static str,
    issued: Arc<AtomicUsize>,
    basic: Arc<AtomicUsize>,
    form: Arc<AtomicUsize>,
}

/// A token endpoint: client credentials with HTTP Basic or form-body client auth.
struct TokenServer {
    url: String,
    config: Config,
    _runtime: tokio::runtime::Runtime,
}

impl TokenServer {
    fn start(expires_in: u64) -> TokenServer {
        let config = Config {
            expires_in,
            scope: "can-read-locations can-create-locations",
            issued: Arc::default(),
            basic: Arc::default(),
            form: Arc::default(),
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new()
            .route("/oauth/token", post(token))
            .with_state(config.clone());
        runtime.spawn(async move { axum::serve(listener, app).await });
        TokenServer {
            url: format!("http://{addr}/oauth/token"),
            config,
            _runtime: runtime,
        }
    }

    fn issued(&self) -> usize {
        self.config.issued.load(Ordering::SeqCst)
    }
}

fn b64decode(text: &str) -> Option<Vec<u8>> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(out)
}

fn decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

fn oauth_error(status: StatusCode, error: &str) -> Response {
    (status, Json(json!({ "error": error }))).into_response()
}

async fn token(State(config): State<Config>, headers: HeaderMap, body: Bytes) -> Response {
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(&body).into_owned().collect();
    if form.get("grant_type").map(String::as_str) != Some("client_credentials") {
        return oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type");
    }
    let basic = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(b64decode)
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|pair| {
            pair.split_once(':')
                .map(|(id, secret)| (decode(id), decode(secret)))
        });
    let (id, secret) = match basic {
        Some(pair) => {
            config.basic.fetch_add(1, Ordering::SeqCst);
            pair
        }
        None => match (form.get("client_id"), form.get("client_secret")) {
            (Some(id), Some(secret)) => {
                config.form.fetch_add(1, Ordering::SeqCst);
                (id.clone(), secret.clone())
            }
            _ => return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client"),
        },
    };
    if id != CLIENT_ID || secret != SECRET {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client");
    }
    let n = config.issued.fetch_add(1, Ordering::SeqCst) + 1;
    Json(json!({
        "access_token": format!("tok-{n}-{}", std::process::id()),
        "token_type": "Bearer",
        "expires_in": config.expires_in,
        "scope": config.scope,
    }))
    .into_response()
}

/// A scrubbed environment in a temporary home.
struct Env {
    home: tempfile::TempDir,
}

impl Env {
    fn new() -> Env {
        Env {
            home: tempfile::tempdir().unwrap(),
        }
    }

    /// The whole environment of a command: nothing is inherited but PATH.
    fn vars(&self) -> Vec<(&'static str, std::ffi::OsString)> {
        let home = self.home.path();
        vec![
            ("PATH", std::env::var_os("PATH").unwrap_or_default()),
            ("HOME", home.into()),
            ("XDG_CONFIG_HOME", home.join("config").into()),
            ("XDG_DATA_HOME", home.join("data").into()),
            ("LOCADM_KEYRING", "keyutils".into()),
            ("CI", "true".into()),
            ("NO_COLOR", "1".into()),
        ]
    }

    fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("locadm").unwrap();
        cmd.env_clear()
            .envs(self.vars())
            .args(args)
            .timeout(Duration::from_secs(20));
        cmd
    }

    fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    fn login(&self, server: &TokenServer, extra: &[&str]) -> Output {
        let mut args = vec![
            "login",
            "--token-url",
            &server.url,
            "--client-id",
            CLIENT_ID,
            "--client-secret-stdin",
        ];
        args.extend_from_slice(extra);
        self.cmd(&args).write_stdin(SECRET).output().unwrap()
    }

    fn config_file(&self) -> std::path::PathBuf {
        self.home.path().join("config/locadm/config.toml")
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[track_caller]
fn assert_code(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

#[test]
fn login_without_a_terminal_never_prompts_and_names_what_is_missing() {
    let env = Env::new();
    let started = std::time::Instant::now();
    let out = env.cmd(&["login"]).write_stdin("").output().unwrap();
    assert_code(&out, 3);
    assert!(started.elapsed() < Duration::from_secs(10));
    let err = text(&out.stderr);
    for needle in [
        "without a terminal",
        "token URL",
        "--client-id",
        "LOCADM_CLIENT_ID",
        "--client-secret-stdin",
        "LOCADM_CLIENT_SECRET",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    assert!(!env.config_file().exists(), "nothing saved on failure");
}

#[test]
fn the_secret_is_never_an_argument() {
    let env = Env::new();
    let out = env.run(&["login", "--client-secret", "x"]);
    assert_code(&out, 2);
}

#[test]
fn login_with_empty_stdin_is_exit_3() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    let out = env
        .cmd(&[
            "login",
            "--token-url",
            &server.url,
            "--client-id",
            CLIENT_ID,
            "--client-secret-stdin",
        ])
        .write_stdin("")
        .output()
        .unwrap();
    assert_code(&out, 3);
    assert!(text(&out.stderr).contains("standard input was empty"));
    assert_eq!(server.issued(), 0);
}

#[test]
fn wrong_secret_is_exit_3_with_invalid_client() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    let out = env
        .cmd(&[
            "login",
            "--token-url",
            &server.url,
            "--client-id",
            CLIENT_ID,
        ])
        .env("LOCADM_CLIENT_SECRET", "wrong")
        .output()
        .unwrap();
    assert_code(&out, 3);
    let err = text(&out.stderr);
    assert!(
        err.contains("the token endpoint refused the client credentials (invalid_client)"),
        "{err}"
    );
    assert!(err.contains("hint:"), "{err}");
    assert!(!env.config_file().exists());
}

#[test]
fn unreachable_token_endpoint_is_exit_6_naming_it() {
    let env = Env::new();
    let url = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/token", l.local_addr().unwrap())
    };
    let out = env
        .cmd(&["login", "--token-url", &url, "--client-id", CLIENT_ID])
        .env("LOCADM_CLIENT_SECRET", SECRET)
        .output()
        .unwrap();
    assert_code(&out, 6);
    assert!(text(&out.stderr).contains(&url), "{}", text(&out.stderr));
}

/// Login in one process, then `auth token` in others: the kernel keyring carries the
/// token across processes, and no second token request is made.
#[test]
fn token_is_reused_across_processes_through_keyutils() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    let out = env.login(&server, &[]);
    assert_code(&out, 0);
    assert!(
        text(&out.stderr).contains("keyutils"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(server.issued(), 1);
    assert_eq!(
        server.config.basic.load(Ordering::SeqCst),
        1,
        "Basic by default"
    );

    let first = env.run(&["auth", "token"]);
    assert_code(&first, 0);
    let second = env.run(&["auth", "token"]);
    assert_code(&second, 0);
    assert_eq!(text(&first.stdout), text(&second.stdout));
    assert!(text(&first.stdout).starts_with("tok-1-"));
    assert_eq!(server.issued(), 1, "warm commands make no token request");

    let status = env.run(&["auth", "status", "-o", "json"]);
    assert_code(&status, 0);
    let status: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert_eq!(status["keyring"]["backend"], "keyutils");
    assert_eq!(status["client_id"], CLIENT_ID);
    assert_eq!(status["token"]["state"], "cached");
    assert!(status["token"]["expires_in_seconds"].as_i64().unwrap() > 3500);
    let perms = status["permissions"].as_array().unwrap();
    let granted = |p: &str| {
        perms
            .iter()
            .find(|x| x["permission"] == p)
            .map(|x| x["granted"].clone())
    };
    assert_eq!(granted("can-read-locations"), Some(json!(true)));
    assert_eq!(granted("can-delete-locations"), Some(json!(false)));

    let out = env.run(&["logout"]);
    assert_code(&out, 0);
    let out = env.run(&["auth", "status", "-o", "json"]);
    assert_code(&out, 3);
    let status: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(status["token"]["state"], "none");
    let out = env.run(&["auth", "token"]);
    assert_code(&out, 3);
    assert!(
        text(&out.stderr).contains("locadm login"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(server.issued(), 1);
}

/// `expires_in: 61`: a token is used until 60 s before it expires, so a second after it
/// was issued it is due for renewal; the client secret kept in the keyring renews it.
#[test]
fn short_lived_token_is_renewed() {
    let env = Env::new();
    let server = TokenServer::start(61);
    assert_code(&env.login(&server, &[]), 0);
    assert_eq!(server.issued(), 1);
    // Within the same second the token still has more than 60 s left.
    std::thread::sleep(Duration::from_millis(1100));
    let a = env.run(&["auth", "token"]);
    assert_code(&a, 0);
    assert_eq!(server.issued(), 2);
    std::thread::sleep(Duration::from_millis(1100));
    let b = env.run(&["auth", "token"]);
    assert_code(&b, 0);
    assert_eq!(server.issued(), 3);
    assert_ne!(a.stdout, b.stdout);
    assert_code(&env.run(&["logout"]), 0);
}

/// `expires_in: 60` is at the margin from the start: every command renews.
#[test]
fn token_at_the_margin_is_renewed_at_once() {
    let env = Env::new();
    let server = TokenServer::start(60);
    assert_code(&env.login(&server, &[]), 0);
    assert_code(&env.run(&["auth", "token"]), 0);
    assert_eq!(server.issued(), 2);
    assert_code(&env.run(&["logout"]), 0);
}

#[test]
fn request_body_client_auth_from_the_profile() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    assert_code(
        &env.run(&["config", "set", "client_auth", "request-body"]),
        0,
    );
    assert_code(&env.login(&server, &[]), 0);
    assert_eq!(server.config.form.load(Ordering::SeqCst), 1);
    assert_eq!(server.config.basic.load(Ordering::SeqCst), 0);
    assert_code(&env.run(&["logout"]), 0);
}

#[test]
fn env_token_is_used_as_is_and_env_credentials_work_without_login() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    let out = env
        .cmd(&["auth", "token"])
        .env("LOCADM_TOKEN", "given-token")
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(text(&out.stdout), "given-token\n");

    // No keyring at all: credentials from the environment, a token per command.
    for expected in 1..=2 {
        let out = env
            .cmd(&["auth", "token", "--token-url", &server.url])
            .env("LOCADM_KEYRING", "none")
            .env("LOCADM_CLIENT_ID", CLIENT_ID)
            .env("LOCADM_CLIENT_SECRET", SECRET)
            .output()
            .unwrap();
        assert_code(&out, 0);
        assert_eq!(server.issued(), expected);
    }
}

#[test]
fn config_show_reports_origins_and_set_validates() {
    let env = Env::new();
    let out = env.run(&["config", "set", "base_url", "not a url"]);
    assert_code(&out, 2);
    let out = env.run(&["config", "set", "client_secret", "x"]);
    assert_code(&out, 2);
    assert!(text(&out.stderr).contains("never goes in the config file"));
    let out = env.run(&["config", "set", "base_url", "https://profile.example"]);
    assert_code(&out, 0);
    let out = env.run(&["config", "set", "timeout", "12", "--profile", "staging"]);
    assert_code(&out, 0);

    let show = |cmd: &mut Command| -> Value {
        let out = cmd.output().unwrap();
        assert_code(&out, 0);
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let find = |rows: &Value, key: &str| -> (Value, Value) {
        let row = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["key"] == key)
            .unwrap()
            .clone();
        (row["value"].clone(), row["origin"].clone())
    };
    let rows = show(&mut env.cmd(&["config", "show", "-o", "json"]));
    assert_eq!(
        find(&rows, "base_url"),
        (json!("https://profile.example/"), json!("profile"))
    );
    assert_eq!(find(&rows, "timeout"), (json!("30"), json!("default")));
    let rows = show(
        env.cmd(&["config", "show", "-o", "json"])
            .env("LOCADM_BASE_URL", "https://env.example"),
    );
    assert_eq!(
        find(&rows, "base_url"),
        (json!("https://env.example/"), json!("environment"))
    );
    let rows = show(
        env.cmd(&[
            "config",
            "show",
            "-o",
            "json",
            "--base-url",
            "https://flag.example",
            "--profile",
            "staging",
        ])
        .env("LOCADM_BASE_URL", "https://env.example"),
    );
    assert_eq!(
        find(&rows, "base_url"),
        (json!("https://flag.example/"), json!("flag"))
    );
    assert_eq!(find(&rows, "timeout"), (json!("12"), json!("profile")));
    assert_eq!(find(&rows, "profile"), (json!("staging"), json!("flag")));
}

fn scan_dir(dir: &Path, needles: &[&str]) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan_dir(&path, needles);
        } else {
            let content = std::fs::read(&path).unwrap();
            let content = String::from_utf8_lossy(&content);
            for needle in needles {
                assert!(
                    !content.contains(needle),
                    "{needle} found in {}",
                    path.display()
                );
            }
        }
    }
}

/// Neither the client secret nor the token appears in any output (besides `auth token`'s
/// stdout, which is its purpose) or in any file under the temporary home.
#[test]
fn secrets_never_leak_to_output_or_files() {
    let env = Env::new();
    let server = TokenServer::start(3600);
    let mut outputs = vec![env.login(&server, &["--verbose"])];
    let token_out = env.run(&["auth", "token", "--verbose"]);
    assert_code(&token_out, 0);
    let token = text(&token_out.stdout).trim().to_owned();
    assert!(!token.is_empty());
    outputs.push(Output {
        stdout: Vec::new(),
        ..token_out
    });
    for args in [
        &["auth", "status", "--verbose"][..],
        &["auth", "status", "--verbose", "-o", "json"],
        &["config", "show", "--verbose"],
        &["config", "show", "--verbose", "-o", "json"],
        &["logout", "--verbose"],
    ] {
        outputs.push(env.run(args));
    }
    for out in &outputs {
        assert_code(out, 0);
        for stream in [&out.stdout, &out.stderr] {
            let s = text(stream);
            assert!(!s.contains(SECRET), "secret leaked: {s}");
            assert!(!s.contains(&token), "token leaked: {s}");
        }
    }
    // The verbose run said which backend it used.
    assert!(text(&outputs[1].stderr).contains("keyring: using keyutils"));
    assert!(env.config_file().exists());
    scan_dir(env.home.path(), &[SECRET, &token]);
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
        .unwrap_or(false)
}

/// CI jobs and containers often run each step in a fresh (or no) session keyring. The
/// keyutils store keeps entries in the persistent keyring, so a login made under one
/// anonymous session keyring is read back under another. Needs `keyctl` (package
/// keyutils); skipped without it.
#[test]
fn keyutils_works_across_fresh_session_keyrings() {
    if !on_path("keyctl") {
        eprintln!("skipped: `keyctl` is not installed");
        return;
    }
    let env = Env::new();
    let server = TokenServer::start(3600);
    let bin = assert_cmd::cargo::cargo_bin("locadm");
    let in_new_session = |args: &[&str]| -> Command {
        let mut keyctl = Command::new("keyctl");
        keyctl
            .env_clear()
            .envs(env.vars())
            .args(["session", "-"])
            .arg(&bin)
            .args(args)
            .timeout(Duration::from_secs(20));
        keyctl
    };
    let out = in_new_session(&[
        "login",
        "--token-url",
        &server.url,
        "--client-id",
        CLIENT_ID,
        "--client-secret-stdin",
    ])
    .write_stdin(SECRET)
    .output()
    .unwrap();
    assert_code(&out, 0);
    let out = in_new_session(&["auth", "token"]).output().unwrap();
    assert_code(&out, 0);
    assert!(text(&out.stdout).starts_with("tok-1-"));
    assert_eq!(server.issued(), 1);
    assert_code(&env.run(&["logout"]), 0);
}

/// The real Secret Service (gnome-keyring under dbus-run-session). Opt in with
/// `LOCADM_TEST_SECRET_SERVICE=1` inside a D-Bus session with an unlocked keyring:
///
/// ```sh
/// dbus-run-session -- sh -c 'eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)";
///   LOCADM_TEST_SECRET_SERVICE=1 cargo test --test auth secret_service'
/// ```
#[test]
fn secret_service_login_and_reuse() {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS");
    if std::env::var_os("LOCADM_TEST_SECRET_SERVICE").is_none() || bus.is_none() {
        eprintln!("skipped: set LOCADM_TEST_SECRET_SERVICE=1 inside a D-Bus session");
        return;
    }
    let bus = bus.unwrap();
    let env = Env::new();
    let server = TokenServer::start(3600);
    let with_bus = |mut cmd: Command| {
        cmd.env("DBUS_SESSION_BUS_ADDRESS", &bus)
            .env("LOCADM_KEYRING", "secret-service");
        cmd
    };
    let out = with_bus(env.cmd(&[
        "login",
        "--token-url",
        &server.url,
        "--client-id",
        CLIENT_ID,
        "--client-secret-stdin",
    ]))
    .write_stdin(SECRET)
    .output()
    .unwrap();
    assert_code(&out, 0);
    assert!(text(&out.stderr).contains("secret-service"));
    let out = with_bus(env.cmd(&["auth", "token"])).output().unwrap();
    assert_code(&out, 0);
    assert_eq!(server.issued(), 1);
    assert_code(&with_bus(env.cmd(&["logout"])).output().unwrap(), 0);
    assert_code(&with_bus(env.cmd(&["auth", "token"])).output().unwrap(), 3);
}
