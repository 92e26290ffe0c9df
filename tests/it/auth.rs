//! Login, token cache and config, end to end: the real binary against the real emulator
//! binary (`locadm emulator serve` on 127.0.0.1:0, through `tests/it/common/mod.rs`), whose
//! `/_admin/counters` count the token requests (`tokens_issued`). The kernel keyutils
//! keyring is the store where caching across processes is the point (each command is a
//! separate process reading what the last one wrote); HOME, XDG_CONFIG_HOME and
//! XDG_DATA_HOME are in a temporary directory.
//!
//! Every emulator has its own port, so its token URL (part of the keyring key) is unique
//! and keyring entries never collide; every test that logs in logs out at the end through
//! a drop guard, so no kernel keyring entry is left behind even when an assertion fails.
#![cfg(target_os = "linux")]

use crate::common;
use common::emulator as emulator_helpers;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{example, Env, LogoutOnDrop, Run, RunToEnd, BIN};
use serde_json::{json, Value};

/// A client of the emulator made for these tests (`--client ID:SECRET:perms`).
const CLIENT_ID: &str = "ops-admin";
const SECRET: &str = "Sup3r-S3cret-Value-4711";
const READ_CREATE: &str = "can-read-locations,can-create-locations";
const DEMO_PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

/// An emulator with the test client (`perms`) and this token lifetime; commands run with
/// `CI=true`, the given keyring backend, the emulator's base and token URLs in the
/// environment, and neither client id nor secret there: `login` takes them from
/// `--client-id` and stdin, and later commands from the profile and the keyring.
fn env_with(keyring: &str, lifetime: &str, perms: &str) -> Env {
    let client = format!("{CLIENT_ID}:{SECRET}:{perms}");
    let mut env = Env::with_emulator(&["--client", &client, "--token-lifetime", lifetime])
        .var("LOCADM_KEYRING", keyring)
        .var("CI", "true");
    env.client_id = None;
    env.client_secret = None;
    env
}

fn keyutils_env(lifetime: &str, perms: &str) -> Env {
    env_with("keyutils", lifetime, perms)
}

/// `locadm login --client-id ops-admin --client-secret-stdin EXTRA`, the secret on stdin.
fn login(env: &Env, extra: &[&str]) -> Run {
    let mut args = vec!["login", "--client-id", CLIENT_ID, "--client-secret-stdin"];
    args.extend_from_slice(extra);
    env.cmd(&args).write_stdin(SECRET).run()
}

fn tokens_issued(env: &Env) -> u64 {
    env.emulator().counters()["tokens_issued"].as_u64().unwrap()
}

fn config_file(env: &Env) -> PathBuf {
    env.path("config/locadm/config.toml")
}

#[test]
fn login_without_a_terminal_never_prompts_and_names_what_is_missing() {
    // Nothing known at all: the token URL is missing too.
    let env = Env::offline().var("CI", "true");
    let started = Instant::now();
    let out = env.cmd(&["login"]).write_stdin("").run();
    out.assert_code(3);
    assert!(started.elapsed() < Duration::from_secs(10));
    let err = out.stderr;
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
    assert!(!config_file(&env).exists(), "nothing saved on failure");

    // The emulator's URLs known, the credentials not: no prompt, no token request.
    let env = keyutils_env("3600", READ_CREATE);
    let started = Instant::now();
    let out = env.cmd(&["login"]).write_stdin("").run();
    out.assert_code(3);
    assert!(started.elapsed() < Duration::from_secs(10));
    let err = out.stderr;
    for needle in ["without a terminal", "--client-id", "--client-secret-stdin"] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    assert_eq!(tokens_issued(&env), 0);
    assert!(!config_file(&env).exists(), "nothing saved on failure");
}

#[test]
fn the_secret_is_never_an_argument() {
    let env = Env::offline().var("CI", "true");
    let out = env.run(&["login", "--client-secret", "x"]);
    out.assert_code(2);
}

#[test]
fn login_with_empty_stdin_is_exit_3() {
    let env = keyutils_env("3600", READ_CREATE);
    let out = env
        .cmd(&["login", "--client-id", CLIENT_ID, "--client-secret-stdin"])
        .write_stdin("")
        .run();
    out.assert_code(3);
    assert!(out.stderr.contains("standard input was empty"));
    assert_eq!(tokens_issued(&env), 0);
}

#[test]
fn wrong_secret_is_exit_3_with_invalid_client() {
    let client = format!("{CLIENT_ID}:{SECRET}:{READ_CREATE}");
    let env = Env::with_emulator(&["--client", &client])
        .with_client(CLIENT_ID, "wrong")
        .var("CI", "true");
    let out = env.run(&["login"]);
    out.assert_code(3);
    let err = out.stderr;
    assert!(
        err.contains(&format!(
            "refused the client credentials of `{CLIENT_ID}` (invalid_client)"
        )),
        "{err}"
    );
    assert!(err.contains("hint:"), "{err}");
    assert!(!config_file(&env).exists());
    assert_eq!(tokens_issued(&env), 0);
}

#[test]
fn unreachable_token_endpoint_is_exit_6_naming_it() {
    let env = Env::offline()
        .with_client(CLIENT_ID, SECRET)
        .var("CI", "true");
    let url = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/oauth/token", l.local_addr().unwrap())
    };
    let out = env.run(&["login", "--token-url", &url]);
    out.assert_code(6);
    assert!(out.stderr.contains(&url), "{}", out.stderr);
}

/// Login in one process, then several commands in others (`auth token`, `location create`,
/// `location get`, `auth status`): the kernel keyring carries the token across processes,
/// and the emulator's counter shows one token request in all.
#[test]
fn token_is_reused_across_processes_through_keyutils() {
    let env = keyutils_env("3600", READ_CREATE);
    let _logout = LogoutOnDrop(&env);
    let out = login(&env, &[]);
    out.assert_code(0);
    assert!(out.stderr.contains("keyutils"), "{}", out.stderr);
    assert_eq!(tokens_issued(&env), 1);

    let first = env.run(&["auth", "token"]);
    first.assert_code(0);
    let second = env.run(&["auth", "token"]);
    second.assert_code(0);
    let token = first.stdout.trim().to_owned();
    assert!(!token.is_empty());
    assert_eq!(first.stdout, second.stdout);

    let body = emulator_helpers::location("AUTH-REUSE").to_string();
    let out = env
        .cmd(&["location", "create", "-q", "--file", "-"])
        .write_stdin(body)
        .run();
    out.assert_code(0);
    let id = out.stdout.trim().to_owned();
    let out = env.run(&["location", "get", &id, "-o", "json"]);
    out.assert_code(0);
    let read: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(read["storeId"], "AUTH-REUSE");
    // The API saw the cached token: both requests reached it with it.
    let counters = env.emulator().counters();
    assert_eq!(counters["creates"], 1, "{counters}");
    // login's check of the base URL, the create and the read.
    assert_eq!(counters["requests"], 3, "{counters}");
    assert_eq!(
        counters["tokens_issued"], 1,
        "warm commands make no token request: {counters}"
    );

    let status = env.run(&["auth", "status", "-o", "json"]);
    status.assert_code(0);
    let status: Value = serde_json::from_str(&status.stdout).unwrap();
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
    assert_eq!(granted("can-create-locations"), Some(json!(true)));
    assert_eq!(granted("can-delete-locations"), Some(json!(false)));
    assert_eq!(tokens_issued(&env), 1);

    let out = env.run(&["logout"]);
    out.assert_code(0);
    let out = env.run(&["auth", "status", "-o", "json"]);
    out.assert_code(3);
    let status: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(status["token"]["state"], "none");
    let out = env.run(&["auth", "token"]);
    out.assert_code(3);
    // Without a terminal the hint names the variables (issue 40), not `locadm login`.
    assert!(
        out.stderr
            .contains("without a terminal, set LOCADM_CLIENT_ID with LOCADM_CLIENT_SECRET"),
        "{}",
        out.stderr
    );
    assert_eq!(tokens_issued(&env), 1);
}

/// `--token-lifetime 4`: a token is renewed a quarter of its lifetime before it expires
/// (the margin is 60 s for long tokens, less for short ones), so it serves every command
/// of its first three seconds and is then renewed with the secret kept in the keyring.
#[test]
fn short_lived_token_is_renewed() {
    let env = keyutils_env("4", READ_CREATE);
    let _logout = LogoutOnDrop(&env);
    login(&env, &[]).assert_code(0);
    assert_eq!(tokens_issued(&env), 1);
    let a = env.run(&["auth", "token"]);
    a.assert_code(0);
    assert_eq!(tokens_issued(&env), 1, "reused while fresh");
    std::thread::sleep(Duration::from_millis(3100));
    let b = env.run(&["auth", "token"]);
    b.assert_code(0);
    assert_eq!(tokens_issued(&env), 2);
    assert_ne!(a.stdout, b.stdout);
    env.run(&["logout"]).assert_code(0);
}

/// Issue 15, item 7: a token that lives no longer than the 60 s margin is not fetched
/// again for every command (it used to be: each command paid a token request).
#[test]
fn a_token_shorter_than_the_margin_serves_many_commands() {
    let env = keyutils_env("60", READ_CREATE);
    let _logout = LogoutOnDrop(&env);
    login(&env, &[]).assert_code(0);
    for _ in 0..3 {
        env.run(&["auth", "token"]).assert_code(0);
    }
    assert_eq!(tokens_issued(&env), 1);
    env.run(&["logout"]).assert_code(0);
}

/// `locadm ARGS` with this `LOCADM_CLIENT_SECRET`.
fn with_secret(env: &Env, secret: &str, args: &[&str]) -> Run {
    env.cmd(args).env("LOCADM_CLIENT_SECRET", secret).run()
}

/// The service requests the emulator has seen (the token endpoint not counted).
fn service_requests(env: &Env) -> u64 {
    env.emulator().counters()["requests"].as_u64().unwrap()
}

/// Issue 15, item 1: a cached token is only used by a caller holding the secret that got
/// it. After a good run, a wrong secret is exit 3 with no request made with the cached
/// token; another config file without a secret gets no token; a rotated secret gets a
/// new one (and the old secret is refused).
#[test]
fn a_cached_token_is_bound_to_the_secret_that_got_it() {
    let env = keyutils_env("3600", READ_CREATE);
    let _logout = LogoutOnDrop(&env);
    login(&env, &[]).assert_code(0);
    let good = env.run(&["auth", "token"]);
    good.assert_code(0);
    let cached = good.stdout.trim().to_owned();
    env.run(&["location", "get", DEMO_PROVIDER]).assert_code(5);
    // login's check of the base URL, and the read.
    assert_eq!(service_requests(&env), 2);

    // A wrong secret in the environment: refused by the token endpoint, and nothing is
    // sent to the service with the cached token.
    let wrong = with_secret(&env, "wrong", &["location", "get", DEMO_PROVIDER]);
    wrong.assert_code(3);
    assert!(wrong.stderr.contains("invalid_client"), "{}", wrong.stderr);
    let wrong = with_secret(&env, "wrong", &["auth", "token"]);
    wrong.assert_code(3);
    assert!(!wrong.stdout.contains(&cached));
    assert_eq!(
        service_requests(&env),
        2,
        "no request with the cached token"
    );

    // Another config file (another HOME, say) naming the same token URL and client,
    // without a secret: no token.
    let other = env.path("other.toml");
    let out = env
        .cmd(&["--config", other.to_str().unwrap(), "auth", "token"])
        .env("LOCADM_CLIENT_ID", CLIENT_ID)
        .run();
    out.assert_code(3);
    assert!(!out.stdout.contains(&cached));

    // The secret rotated at the provider: the old one fails, the new one gets a new token
    // (the cached one is never handed to it).
    env.emulator()
        .rotate_secret(CLIENT_ID, "R0tated-Secret-0815");
    let issued = tokens_issued(&env);
    let rotated = with_secret(&env, "R0tated-Secret-0815", &["auth", "token"]);
    rotated.assert_code(0);
    assert_ne!(rotated.stdout.trim(), cached);
    assert_eq!(tokens_issued(&env), issued + 1);
    // `smoke` proves the credentials it is given: the keyring's old secret fails its
    // token step although a token is cached.
    let smoke = env
        .cmd(&["smoke", "--read-only", "--location", DEMO_PROVIDER])
        .run();
    assert_eq!(Some(smoke.code), Some(3), "{}", smoke.stdout);
    assert!(
        smoke.stderr.contains("smoke check failed at step `token`"),
        "{}",
        smoke.stderr
    );
}

/// Issue 15, item 1: credentials given only in the environment leave no keyring entry
/// unless the profile asks for it (`cache_env_token`), and `auth status` says which.
#[test]
fn environment_credentials_leave_no_trace_unless_the_profile_asks() {
    let mut env = keyutils_env("3600", READ_CREATE);
    env.client_id = Some(CLIENT_ID.into());
    env.client_secret = Some(SECRET.into());
    let _logout = LogoutOnDrop(&env);
    for _ in 0..2 {
        env.run(&["auth", "token"]).assert_code(0);
    }
    assert_eq!(tokens_issued(&env), 2, "nothing cached: a token each time");
    let status: Value = env.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["token"]["credentials"], "environment");
    assert_eq!(status["token"]["cached"], false);
    assert_eq!(status["token"]["state"], "none");

    env.run(&["config", "set", "cache_env_token", "true"])
        .assert_code(0);
    let first = env.run(&["auth", "token"]);
    let second = env.run(&["auth", "token"]);
    second.assert_code(0);
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(tokens_issued(&env), 3, "cached once asked to");
    let status: Value = env.run(&["auth", "status", "-o", "json"]).json();
    assert_eq!(status["token"]["cached"], true);
    assert_eq!(status["token"]["state"], "cached");
    // Still bound: a wrong secret gets nothing, no secret gets nothing.
    let wrong = with_secret(&env, "wrong", &["auth", "token"]);
    wrong.assert_code(3);
    let none = env
        .cmd(&["auth", "token"])
        .env_remove("LOCADM_CLIENT_SECRET")
        .run();
    none.assert_code(3);
    assert!(!none.stdout.contains(first.stdout.trim()));
}

/// A pass-through proxy in front of the emulator's token endpoint that records every
/// request (head and body) as text. The emulator accepts both client authentication
/// styles and its counters do not tell them apart; this shows which one went on the wire.
struct Recorder {
    url: String,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Recorder {
    fn start(token_url: &str) -> Recorder {
        let upstream = url::Url::parse(token_url).unwrap();
        let upstream_addr = format!(
            "{}:{}",
            upstream.host_str().unwrap(),
            upstream.port().unwrap()
        );
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!(
            "http://{}{}",
            listener.local_addr().unwrap(),
            upstream.path()
        );
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&seen);
        // Ends with the test process; it only ever blocks in accept.
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut client) = stream else { continue };
                let Some(request) = read_request(&mut client) else {
                    continue;
                };
                log.lock().unwrap().push(request.clone());
                let Ok(mut server) = TcpStream::connect(&upstream_addr) else {
                    continue;
                };
                let mut answer = Vec::new();
                if server.write_all(&closing(&request)).is_ok() {
                    let _ = server.read_to_end(&mut answer);
                }
                let _ = client.write_all(&answer);
            }
        });
        Recorder { url, seen }
    }

    fn requests(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

/// One HTTP/1.1 request: the head up to the blank line, then `Content-Length` bytes.
fn read_request(stream: &mut TcpStream) -> Option<String> {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = stream.read(&mut buf).ok()?;
        if n == 0 {
            return None;
        }
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("content-length"))
                .and_then(|(_, v)| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                return Some(text);
            }
        }
    }
}

/// The request with `Connection: close`, so the emulator closes after its answer.
fn closing(request: &str) -> Vec<u8> {
    let (head, body) = request.split_once("\r\n\r\n").unwrap();
    let mut lines: Vec<&str> = head
        .lines()
        .filter(|l| !l.to_ascii_lowercase().starts_with("connection:"))
        .collect();
    lines.push("Connection: close");
    format!("{}\r\n\r\n{body}", lines.join("\r\n")).into_bytes()
}

/// HTTP Basic by default; `client_auth = request-body` in the profile (the name of earlier
/// versions for `client_secret_post`) puts the client id and secret in the form body
/// instead (and no `Authorization` header).
#[test]
fn request_body_client_auth_from_the_profile() {
    let env = keyutils_env("3600", READ_CREATE);
    let recorder = Recorder::start(&env.emulator().token_url);
    let env = env.var("LOCADM_TOKEN_URL", &recorder.url);
    let _logout = LogoutOnDrop(&env);
    let has_basic = |r: &str| {
        r.lines()
            .any(|l| l.to_ascii_lowercase().starts_with("authorization: basic "))
    };

    login(&env, &[]).assert_code(0);
    let requests = recorder.requests();
    assert_eq!(requests.len(), 1, "{requests:?}");
    assert!(has_basic(&requests[0]), "Basic by default: {}", requests[0]);
    assert!(!requests[0].contains("client_secret="), "{}", requests[0]);

    env.run(&["config", "set", "client_auth", "request-body"])
        .assert_code(0);
    let out = login(&env, &["--verbose"]);
    out.assert_code(0);
    assert!(
        out.stderr.contains("client_secret_post auth"),
        "{}",
        out.stderr
    );
    let requests = recorder.requests();
    assert_eq!(requests.len(), 2, "{requests:?}");
    let form = &requests[1];
    assert!(!has_basic(form), "no Basic with request-body: {form}");
    assert!(form.contains(&format!("client_id={CLIENT_ID}")), "{form}");
    assert!(form.contains(&format!("client_secret={SECRET}")), "{form}");
    assert_eq!(tokens_issued(&env), 2, "the emulator accepted both");

    // The stored token is reused with no request through the proxy.
    env.run(&["auth", "token"]).assert_code(0);
    assert_eq!(recorder.requests().len(), 2);
    env.run(&["logout"]).assert_code(0);
}

#[test]
fn env_token_is_used_as_is_and_env_credentials_work_without_login() {
    let client = format!("{CLIENT_ID}:{SECRET}:{READ_CREATE}");
    // Env's default: LOCADM_KEYRING=none and the client's credentials in the environment.
    let env = Env::with_emulator(&["--client", &client])
        .with_client(CLIENT_ID, SECRET)
        .var("CI", "true");
    let out = env
        .cmd(&["auth", "token"])
        .env("LOCADM_TOKEN", "given-token")
        .run();
    out.assert_code(0);
    assert_eq!(out.stdout, "given-token\n");
    assert_eq!(tokens_issued(&env), 0, "LOCADM_TOKEN: no token request");

    // No keyring at all: credentials from the environment, a token per command.
    for expected in 1..=2 {
        let out = env.run(&["auth", "token"]);
        out.assert_code(0);
        assert_eq!(tokens_issued(&env), expected);
    }
}

#[test]
fn config_show_reports_origins_and_set_validates() {
    let env = Env::offline().var("CI", "true");
    let out = env.run(&["config", "set", "base_url", "not a url"]);
    out.assert_code(2);
    let out = env.run(&["config", "set", "client_secret", "x"]);
    out.assert_code(2);
    assert!(out.stderr.contains("never goes in the config file"));
    let out = env.run(&["config", "set", "base_url", "https://profile.example"]);
    out.assert_code(0);
    let out = env.run(&["config", "set", "timeout", "12", "--profile", "staging"]);
    out.assert_code(0);

    let show = |cmd: &mut assert_cmd::Command| -> Value {
        let out = cmd.run();
        out.assert_code(0);
        serde_json::from_str(&out.stdout).unwrap()
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
    // A flag that repeats its variable's value is still the flag (clap says where each
    // value came from; comparing texts said "environment"), and `30` from the variable
    // is the variable's even though it reads back as `30`.
    let rows = show(
        env.cmd(&["config", "show", "-o", "json", "--timeout", "7"])
            .env("LOCADM_TIMEOUT", "7")
            .env("LOCADM_PROFILE", "staging"),
    );
    assert_eq!(find(&rows, "timeout"), (json!("7"), json!("flag")));
    assert_eq!(
        find(&rows, "profile"),
        (json!("staging"), json!("environment"))
    );
    let rows = show(
        env.cmd(&["config", "show", "-o", "json"])
            .env("LOCADM_TIMEOUT", "30.0"),
    );
    assert_eq!(find(&rows, "timeout"), (json!("30"), json!("environment")));
}

/// Every file under `dir` (recursively); fails if one contains a needle. Returns how many
/// files were read.
fn scan_dir(dir: &Path, needles: &[&str]) -> usize {
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files += scan_dir(&path, needles);
        } else {
            files += 1;
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
    files
}

/// After a login and a run of every command that exists, each with `--verbose`, neither
/// the client secret nor the token appears in any output (besides `auth token`'s stdout,
/// which is its purpose) or in any file under the temporary HOME, config and data
/// directories (the config file, the smoke report, the apply input). All of it on one
/// token request.
#[test]
fn secrets_never_leak_to_output_or_files() {
    let env = keyutils_env("3600", "*");
    let _logout = LogoutOnDrop(&env);
    let mut outputs = vec![("login".to_owned(), login(&env, &["--verbose"]))];
    let token_out = env.run(&["auth", "token", "--verbose"]);
    token_out.assert_code(0);
    let token = token_out.stdout.trim().to_owned();
    assert!(!token.is_empty());
    assert!(
        token_out.stderr.contains("keyring: using keyutils"),
        "the verbose run says which backend it used: {}",
        token_out.stderr
    );
    outputs.push((
        "auth token".to_owned(),
        Run {
            stdout: String::new(),
            ..token_out
        },
    ));

    let location = example("location.json");
    let location = location.to_str().unwrap();
    let ndjson = env.write(
        "apply.ndjson",
        &format!("{}\n", emulator_helpers::location("AUTH-APPLY")),
    );
    let provider = env.write(
        "provider.json",
        &json!({"name": "Demo Provider", "archivingPeriod": 7}).to_string(),
    );
    let mut record = |args: &[&str], stdin: Option<String>| -> Run {
        let mut cmd = env.cmd(args);
        cmd.arg("--verbose");
        if let Some(stdin) = stdin {
            cmd.write_stdin(stdin);
        }
        let out = cmd.run();
        out.assert_code(0);
        outputs.push((args.join(" "), out.clone()));
        out
    };
    record(&["auth", "status"], None);
    record(&["auth", "status", "-o", "json"], None);
    record(&["config", "show"], None);
    record(&["config", "show", "-o", "json"], None);
    record(&["location", "validate", "--file", location], None);
    let created = record(&["location", "create", "-q", "--file", location], None);
    let id = created.stdout.trim().to_owned();
    record(&["location", "get", &id], None);
    record(&["location", "get", &id, "-o", "json"], None);
    let body = emulator_helpers::location("AUTH-UPDATED").to_string();
    record(&["location", "update", &id, "--file", "-"], Some(body));
    record(
        &[
            "location",
            "apply",
            "--file",
            ndjson.to_str().unwrap(),
            "--dry-run",
        ],
        None,
    );
    // Sent for real: each apply worker builds its own requests on a connection of its
    // own, and the journal is one more file to scan.
    let journal = env.path("apply.journal");
    let apply_command = format!(
        "location apply --file {} --journal {}",
        ndjson.display(),
        journal.display()
    );
    record(
        &[
            "location",
            "apply",
            "--file",
            ndjson.to_str().unwrap(),
            "--journal",
            journal.to_str().unwrap(),
        ],
        None,
    );
    record(
        &["provider", "validate", "--file", provider.to_str().unwrap()],
        None,
    );
    record(
        &[
            "provider",
            "update",
            DEMO_PROVIDER,
            "--file",
            provider.to_str().unwrap(),
        ],
        None,
    );
    record(
        &[
            "smoke",
            "--provider",
            DEMO_PROVIDER,
            "--junit",
            env.path("smoke.xml").to_str().unwrap(),
        ],
        None,
    );
    record(&["location", "delete", &id, "--yes"], None);

    let counters = env.emulator().counters();
    assert_eq!(
        counters["creates"], 3,
        "ours, apply's and smoke's: {counters}"
    );
    assert_eq!(counters["deletes"], 2, "{counters}");
    assert_eq!(counters["provider_updates"], 1, "{counters}");
    assert_eq!(
        counters["tokens_issued"], 2,
        "one token for all, and the one `smoke` fetches to prove the credentials: {counters}"
    );

    record(&["logout"], None);
    for (command, out) in &outputs {
        out.assert_code(0);
        for s in [&out.stdout, &out.stderr] {
            assert!(!s.contains(SECRET), "secret leaked by `{command}`: {s}");
            assert!(!s.contains(&token), "token leaked by `{command}`: {s}");
        }
    }
    // --verbose really showed the exchanges whose secrets it must hide.
    let verbose = |command: &str| {
        outputs
            .iter()
            .find(|(c, _)| c == command)
            .unwrap_or_else(|| panic!("ran `{command}`"))
            .1
            .stderr
            .clone()
    };
    assert!(
        verbose("login").contains("token: POST"),
        "{}",
        verbose("login")
    );
    for command in [
        format!("location create -q --file {location}"),
        format!("location get {id}"),
        format!("location update {id} --file -"),
        format!("location delete {id} --yes"),
        format!(
            "provider update {DEMO_PROVIDER} --file {}",
            provider.display()
        ),
        apply_command,
    ] {
        let err = verbose(&command);
        assert!(
            err.contains("Bearer (redacted)"),
            "`{command} --verbose` shows the header, redacted: {err}"
        );
    }
    assert!(env.path("smoke.xml").exists());
    assert!(config_file(&env).exists());
    let files = scan_dir(env.dir.path(), &[SECRET, &token]);
    assert!(journal.exists());
    assert!(
        files >= 5,
        "config, inputs, the journal and the smoke report: {files}"
    );
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
#[ignore = "needs keyctl (Debian's keyutils): `.ci/run` installs it and runs the ignored tests"]
fn keyutils_works_across_fresh_session_keyrings() {
    assert!(
        on_path("keyctl"),
        "`keyctl` is not installed: apt-get install keyutils (`.ci/run` does)"
    );
    let env = keyutils_env("3600", READ_CREATE);
    let _logout = LogoutOnDrop(&env);
    let in_new_session = |args: &[&str]| -> assert_cmd::Command {
        let mut keyctl = env.program("keyctl");
        keyctl.args(["session", "-", BIN]).args(args);
        let mut keyctl = assert_cmd::Command::from_std(keyctl);
        keyctl.timeout(Duration::from_secs(20));
        keyctl
    };
    let out = in_new_session(&["login", "--client-id", CLIENT_ID, "--client-secret-stdin"])
        .write_stdin(SECRET)
        .run();
    out.assert_code(0);
    let out = in_new_session(&["auth", "token"]).run();
    out.assert_code(0);
    assert!(!out.stdout.trim().is_empty());
    assert_eq!(tokens_issued(&env), 1);
    env.run(&["logout"]).assert_code(0);
}

/// The real Secret Service (gnome-keyring under dbus-run-session). Opt in with
/// `LOCADM_TEST_SECRET_SERVICE=1` inside a D-Bus session with an unlocked keyring:
///
/// ```sh
/// dbus-run-session -- sh -c 'eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)";
///   LOCADM_TEST_SECRET_SERVICE=1 cargo test --test it auth::secret_service -- --ignored'
/// ```
#[test]
#[ignore = "needs a Secret Service in a D-Bus session: `.ci/run` runs it inside one"]
fn secret_service_login_and_reuse() {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS");
    assert!(
        std::env::var_os("LOCADM_TEST_SECRET_SERVICE").is_some() && bus.is_some(),
        "set LOCADM_TEST_SECRET_SERVICE=1 inside a D-Bus session with an unlocked keyring (see above)"
    );
    let bus = bus.unwrap();
    let env = env_with("secret-service", "3600", READ_CREATE)
        .var("DBUS_SESSION_BUS_ADDRESS", bus.to_str().unwrap());
    let _logout = LogoutOnDrop(&env);
    let out = login(&env, &[]);
    out.assert_code(0);
    assert!(out.stderr.contains("secret-service"));
    let out = env.run(&["auth", "token"]);
    out.assert_code(0);
    assert_eq!(tokens_issued(&env), 1);
    env.run(&["logout"]).assert_code(0);
    env.run(&["auth", "token"]).assert_code(3);
}

/// Issue 43, item 5, at a terminal: `login` names the profile, its file and the token
/// endpoint before it asks anything; it saves exactly what this command was given —
/// flags, variables and answers alike (LOCADM_BASE_URL and LOCADM_CLIENT_AUTH by the one
/// rule) — and lists it; a repeat login shows what it reuses and asks only the secret.
#[cfg(unix)]
#[test]
fn login_at_a_terminal_says_what_it_will_do_and_saves_what_was_given() {
    use expectrl::{Eof, Expect};
    let mut env = env_with("keyutils", "3600", READ_CREATE)
        .var("CI", "")
        .var("LOCADM_CLIENT_AUTH", "client_secret_basic");
    let token_url = env.emulator().token_url.clone();
    let base_url = env.emulator().base_url.clone();
    let file = config_file(&env);

    let mut p = env.terminal(&["login"]);
    p.expect(format!(
        "Logging in to profile `default` (in {}) at {token_url}",
        file.display()
    ))
    .unwrap();
    p.expect("Client id").unwrap();
    common::type_keys(&mut p, &[CLIENT_ID, "\r"]);
    p.expect("Client secret").unwrap();
    common::type_keys(&mut p, &[SECRET, "\r"]);
    p.expect(format!(
        "Saved to profile `default` in {}: ",
        file.display()
    ))
    .unwrap();
    p.expect(format!("base_url = {base_url}")).unwrap();
    p.expect("(from LOCADM_BASE_URL)").unwrap();
    p.expect(format!("client_id = {CLIENT_ID} (given here)"))
        .unwrap();
    p.expect("client_auth = client_secret_basic (from LOCADM_CLIENT_AUTH)")
        .unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    let saved = std::fs::read_to_string(&file).unwrap();
    for part in [
        "base_url",
        "token_url",
        "client_id",
        "client_auth = \"client_secret_basic\"",
    ] {
        assert!(saved.contains(part), "{part} in {saved}");
    }

    // Again, with nothing in the environment: what the profile has is shown as reused,
    // only the secret is asked, and nothing new is saved.
    env.vars.retain(|(name, _)| name != "LOCADM_CLIENT_AUTH");
    let env = env.var("LOCADM_BASE_URL", "").var("LOCADM_TOKEN_URL", "");
    let _logout = LogoutOnDrop(&env);
    let mut p = env.terminal(&["login"]);
    p.expect(format!("at {token_url}")).unwrap();
    p.expect(format!(
        "Reusing from the profile: base URL {}",
        base_url.trim_end_matches('/')
    ))
    .unwrap();
    p.expect(format!(
        "token URL {token_url}, client id {CLIENT_ID}, client authentication client_secret_basic"
    ))
    .unwrap();
    p.expect("Client secret").unwrap();
    common::type_keys(&mut p, &[SECRET, "\r"]);
    p.expect("Profile `default` unchanged").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
}

/// Issue 43, item 3: with no keyring, a login as yourself is refused before anything is
/// sent, naming the way that keeps nothing.
#[test]
fn a_login_as_yourself_without_a_keyring_is_refused() {
    let env = Env::offline().var("CI", "true");
    let out = env.run(&[
        "login",
        "--web",
        "--issuer",
        "http://127.0.0.1:9",
        "--client-id",
        "native",
    ]);
    out.assert_code(2);
    assert!(
        out.stderr
            .contains("a login as yourself cannot be kept: LOCADM_KEYRING=none keeps nothing"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("`export LOCADM_TOKEN=$(locadm login --web --print-token)`"),
        "{}",
        out.stderr
    );
    assert!(!config_file(&env).exists(), "nothing saved");
}
