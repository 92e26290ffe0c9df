//! Hostile and broken servers, end to end: the real binary against servers this test
//! starts on 127.0.0.1. Every case must end with the exit code of docs/service-contract.md, one clear
//! sentence on stderr, no panic and no hang.

use crate::common;

use common::RunToEnd;

use std::io::Write;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use common::raw_server::{response, RawServer};
use tempfile::TempDir;

const TOKEN: &str = "hostile-test-token-0815";
/// Changes when form-encoded (`+`, `/`, `&`, `=`, a blank), so that both forms are tried.
const SECRET: &str = "Hostile Secret+/&=4711";
const ID: &str = "0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6b";

/// The binary with no service, in a scrubbed environment with HOME in `home`.
fn locadm(home: &TempDir) -> Command {
    common::offline_command(home.path())
}

/// `location get ID` against `base` with a fixed token.
fn get(home: &TempDir, base: &str) -> Command {
    let mut cmd = locadm(home);
    cmd.env("LOCADM_TOKEN", TOKEN).args([
        "--base-url",
        base,
        "--timeout",
        "5",
        "location",
        "get",
        ID,
    ]);
    cmd
}

struct Outcome {
    code: i32,
    stderr: String,
    stdout: String,
    elapsed: Duration,
}

fn run(mut cmd: Command) -> Outcome {
    let start = Instant::now();
    let out = cmd.run();
    let outcome = Outcome {
        code: out.code,
        stderr: out.stderr.clone(),
        stdout: out.stdout.clone(),
        elapsed: start.elapsed(),
    };
    assert!(
        !outcome.stderr.contains("panicked"),
        "panic: {}",
        outcome.stderr
    );
    assert!(
        !outcome.stderr.contains(TOKEN)
            && !outcome.stderr.contains(SECRET)
            && !outcome.stderr.contains(
                &url::form_urlencoded::byte_serialize(SECRET.as_bytes()).collect::<String>()
            ),
        "a secret on stderr: {}",
        outcome.stderr
    );
    outcome
}

fn assert_outcome(o: &Outcome, code: i32, needle: &str) {
    assert_eq!(o.code, code, "stderr: {}", o.stderr);
    assert!(
        o.stderr.to_lowercase().contains(&needle.to_lowercase()),
        "stderr lacks `{needle}`: {}",
        o.stderr
    );
}

#[test]
fn a_body_that_is_not_json_is_a_server_failure() {
    let home = TempDir::new().unwrap();
    let server = RawServer::answering(response(
        "200 OK",
        "application/json",
        b"this is not json at all",
    ));
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "not a location");
    assert_eq!(o.stdout, "");
}

#[test]
fn a_truncated_json_body_is_a_server_failure() {
    let home = TempDir::new().unwrap();
    let server = RawServer::answering(response(
        "200 OK",
        "application/json",
        br#"{"id":"0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6b","storeId":"BER-0"#,
    ));
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "not a location");
}

#[test]
fn a_body_cut_short_of_its_content_length_is_a_network_failure() {
    let home = TempDir::new().unwrap();
    // Promises 1000 bytes, sends 20 and closes the connection.
    let server = RawServer::answering(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n{\"id\":\"0b6f3a0e-1d2c".to_vec(),
    );
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "request to");
}

/// A server that offers a 1 GiB JSON answer and writes it until the client stops
/// reading; `written` counts what went out.
fn enormous_answer(written: std::sync::Arc<std::sync::atomic::AtomicU64>) -> RawServer {
    RawServer::start(move |_, stream| {
        let total: u64 = 1 << 30;
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {total}\r\nConnection: close\r\n\r\n"
        );
        if stream.write_all(head.as_bytes()).is_err() {
            return;
        }
        let chunk = vec![b' '; 1 << 16];
        let mut sent = 0u64;
        while sent < total {
            if stream.write_all(&chunk).is_err() {
                break;
            }
            sent += chunk.len() as u64;
            written.store(sent, std::sync::atomic::Ordering::SeqCst);
        }
    })
}

#[test]
fn an_enormous_body_is_refused_after_the_cap_without_reading_the_rest() {
    let home = TempDir::new().unwrap();
    // Offers 1 GiB; the client must stop after 2 MiB, so the server cannot write it all.
    let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let server = enormous_answer(std::sync::Arc::clone(&written));
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "larger than 2 MiB");
    assert_not_read_whole(&written, &o);
}

/// The client stopped reading well before the server's 1 GiB, and soon.
fn assert_not_read_whole(written: &std::sync::atomic::AtomicU64, o: &Outcome) {
    let sent = written.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        sent < 1 << 28,
        "the client read {sent} bytes of an enormous body"
    );
    assert!(o.elapsed < Duration::from_secs(30));
}

/// The same in a bulk run (`location get` of two ids: the bulk engine, each request on a
/// connection of its own, read by the client's own loop): each record fails with the cap
/// named, and the rest is not read.
#[test]
fn an_enormous_body_in_a_bulk_run_is_refused_after_the_cap() {
    let home = TempDir::new().unwrap();
    let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let server = enormous_answer(std::sync::Arc::clone(&written));
    let o = bulk_get_failing(&home, &server, "larger than 2 MiB");
    assert_not_read_whole(&written, &o);
}

/// A bulk `location get` of two ids from `server`: both records fail, each saying
/// `says`, and the run ends with exit 7.
fn bulk_get_failing(home: &TempDir, server: &RawServer, says: &str) -> Outcome {
    let mut cmd = get(home, &server.url());
    cmd.args([OTHER_ID, "-o", "ndjson"]);
    let o = run(cmd);
    assert_eq!(o.code, 7, "stderr: {}", o.stderr);
    // Stdout holds locations only; the misses are in the error object.
    assert_eq!(o.stdout, "");
    let failed = common::failed_in(&o.stderr);
    assert_eq!(failed.len(), 2, "{}", o.stderr);
    for result in failed {
        assert!(
            result["outcome"] == "failed" && result["error"].as_str().unwrap().contains(says),
            "{says}: {result}"
        );
    }
    o
}

/// A bulk run's answer that comes in pieces (chunked, the second piece 20 ms after the
/// first) is read whole: each location printed is the body the server sent, joined.
#[test]
fn an_answer_in_pieces_is_read_whole_in_a_bulk_run() {
    let home = TempDir::new().unwrap();
    let first = |id: &str| format!(r#"{{"id":"{id}","storeId":"BER-1","#);
    let second = r#""storeName":"Mitte"}"#;
    let server = RawServer::start(move |request, stream| {
        let id = requested_id(request);
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        let piece = |text: &str| format!("{:x}\r\n{text}\r\n", text.len());
        let _ = stream.write_all(format!("{head}{}", piece(&first(&id))).as_bytes());
        let _ = stream.flush();
        std::thread::sleep(Duration::from_millis(20));
        let _ = stream.write_all(format!("{}0\r\n\r\n", piece(second)).as_bytes());
    });
    let mut cmd = get(&home, &server.url());
    cmd.args([OTHER_ID, "-o", "ndjson"]);
    let o = run(cmd);
    assert_eq!(o.code, 0, "stderr: {}", o.stderr);
    let mut lines: Vec<&str> = o.stdout.lines().collect();
    lines.sort();
    assert_eq!(
        lines,
        [
            format!("{}{second}", first(ID)),
            format!("{}{second}", first(OTHER_ID))
        ]
    );
}

/// A second location id, beside [`ID`].
const OTHER_ID: &str = "0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6c";

/// The location id a `GET /locations/ID` request asks for.
fn requested_id(request: &str) -> String {
    let path = request.split_whitespace().nth(1).unwrap_or("");
    path.rsplit('/').next().unwrap_or("").to_owned()
}

/// Issue 40, item 8: a read form for another location than the one asked for (a proxy
/// that shifts answers on a kept-alive connection) fails that record, naming both; the
/// record read for its own id is printed. Fails with the `id` check in
/// `ApiClient::read_location` removed (both records printed, exit 0).
#[test]
fn an_answer_for_another_location_fails_its_record() {
    let home = TempDir::new().unwrap();
    // Every answer is the read form of `ID`, whatever was asked.
    let body = format!(r#"{{"id":"{ID}","storeId":"BER-1","storeName":"Mitte"}}"#);
    let server = RawServer::answering(response("200 OK", "application/json", body.as_bytes()));
    let mut cmd = get(&home, &server.url());
    cmd.args([OTHER_ID, "-o", "ndjson"]);
    let o = run(cmd);
    assert_eq!(o.code, 7, "stderr: {}", o.stderr);
    let lines: Vec<serde_json::Value> = o
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{}", o.stdout);
    assert!(lines
        .iter()
        .any(|l| l["id"] == ID && l["storeId"] == "BER-1"));
    let failed = common::failed_in(&o.stderr);
    let failed = failed.iter().find(|l| l["outcome"] == "failed").unwrap();
    assert_eq!(failed["id"], OTHER_ID);
    let error = failed["error"].as_str().unwrap();
    assert!(
        error.contains("answered for another location") && error.contains(ID),
        "{error}"
    );
    // The single read says the same, exit 6.
    let mut single = locadm(&home);
    single.env("LOCADM_TOKEN", TOKEN).args([
        "--base-url",
        &server.url(),
        "location",
        "get",
        OTHER_ID,
    ]);
    let o = run(single);
    assert_outcome(&o, 6, "answered for another location");
}

/// A bulk run's answers whose chunked framing is hostile or faulty: a chunk size near
/// 2^64 with the body cut off, a size line with no digit (hyper's decoder refuses each),
/// a transfer coding the tool never asked for (hyper passes the coded bytes on as the
/// body: `Reply::coding` refuses it). Each record fails with the cause named, the run
/// goes on to the end (exit 7), and nothing panics (`run`).
#[test]
fn faulty_chunked_answers_fail_their_records_in_a_bulk_run() {
    for (coding, chunks, says) in [
        (
            "chunked",
            "1\r\n{\r\nffffffffffffffff\r\n",
            "end of file before message length reached",
        ),
        (
            "chunked",
            "6\r\n{\"id\":\r\n\r\n9\r\n\"x\"}\r\n0\r\n\r\n",
            "Invalid chunk size line: missing size digit",
        ),
        (
            "gzip, chunked",
            "2\r\n{}\r\n0\r\n\r\n",
            "`transfer-encoding: gzip, chunked`, a coding the tool never asks for",
        ),
    ] {
        let home = TempDir::new().unwrap();
        let server = RawServer::start(move |_, stream| {
            let head = format!("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: {coding}\r\n\r\n");
            let _ = stream.write_all(format!("{head}{chunks}").as_bytes());
        });
        bulk_get_failing(&home, &server, says);
    }
}

/// Issue 15, item 7: a token endpoint's answer is read as every other answer is, within
/// a limit (1 MiB) and the timeout: one that goes on without end is cut off, not read
/// into memory (it drove the tool to 8 GB).
#[test]
fn an_endless_token_answer_is_cut_off_at_1_mib() {
    let home = TempDir::new().unwrap();
    let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let server = enormous_answer(std::sync::Arc::clone(&written));
    let o = run(token_cmd(
        &home,
        &format!("{}/oauth/token", server.url()),
        "20",
    ));
    assert_outcome(&o, 6, "answered with more than 1024 KiB");
    let sent = written.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        sent < 1 << 28,
        "the client read {sent} bytes of an endless answer"
    );
    assert!(o.elapsed < Duration::from_secs(20), "{:?}", o.elapsed);
}

/// A secret that every encoding changes: a blank and `+/&=` (form), `"` and `\\` (JSON),
/// a letter outside ASCII (JSON written in ASCII only).
const ODD_SECRET: &str = "Odd \"Secret\"+/&=\\ü4711";

/// Every form in which `secret` may be echoed: as it is, form-encoded (a blank as `+`
/// and as `%20`), JSON-escaped (as serde_json writes it, and in ASCII only), and base64
/// (of itself, and of the `Basic` pair with `client_id`, as sent and not form-encoded).
fn echoes_of(secret: &str, client_id: Option<&str>) -> Vec<String> {
    use base64::Engine;
    let form = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    let json = serde_json::Value::from(secret).to_string();
    let json = json[1..json.len() - 1].to_owned();
    let ascii: String = json
        .chars()
        .map(|c| match c {
            'ü' => "\\u00fc".to_owned(),
            c => c.to_string(),
        })
        .collect();
    let base64 = |s: &str| base64::engine::general_purpose::STANDARD.encode(s);
    let mut echoes = vec![
        secret.to_owned(),
        form(secret),
        form(secret).replace('+', "%20"),
        json,
        ascii,
        base64(secret),
    ];
    if let Some(id) = client_id {
        echoes.push(base64(&format!("{id}:{secret}")));
        echoes.push(base64(&format!("{}:{}", form(id), form(secret))));
    }
    echoes
}

/// Asserts that no echo of a secret reached stdout or stderr.
#[track_caller]
fn assert_never_shown(out: &common::Run, echoes: &[String]) {
    for echo in echoes {
        assert!(
            !out.stdout.contains(echo.as_str()) && !out.stderr.contains(echo.as_str()),
            "`{echo}` was shown:\nstdout: {}\nstderr: {}",
            out.stdout,
            out.stderr
        );
    }
}

/// A token endpoint that refuses with 401, its `error_description` echoing the whole
/// request it got (the `Authorization: Basic` header or the form body) and `extra`.
fn echoing_token_endpoint(extra: String) -> RawServer {
    RawServer::start(move |request, stream| {
        let description = format!("request was {request}; {extra}");
        let body = serde_json::json!({"error": "invalid_client", "error_description": description});
        let _ = stream.write_all(&response(
            "401 Unauthorized",
            "application/json",
            body.to_string().as_bytes(),
        ));
    })
}

/// Issue 15, item 7, and issue 40, item 7: a token endpoint that echoes the client secret
/// in its error text, in any encoding (plain, form-encoded, JSON-escaped, or the request's
/// `Authorization: Basic` header: the base64 of `id:secret`), never gets it printed, by
/// HTTP Basic or in the form body, with or without `--verbose`.
#[test]
fn a_secret_echoed_by_the_token_endpoint_is_redacted_in_every_encoding() {
    let home = TempDir::new().unwrap();
    let echoes = echoes_of(ODD_SECRET, Some("ops-admin"));
    // The endpoint's text: every form but the header, which the request brings itself
    // (JSON-escaped forms are written as a JSON request would carry them).
    let extra = format!(
        "plain {}; form {}; form20 {}; json {{\"client_secret\":\"{}\"}}; ascii \"{}\"; pair {}",
        echoes[0], echoes[1], echoes[2], echoes[3], echoes[4], echoes[6]
    );
    let server = echoing_token_endpoint(extra);
    for client_auth in ["client_secret_basic", "client_secret_post"] {
        for verbose in [false, true] {
            let mut cmd = token_cmd(&home, &format!("{}/oauth/token", server.url()), "5");
            cmd.env("LOCADM_CLIENT_SECRET", ODD_SECRET)
                .env("LOCADM_CLIENT_AUTH", client_auth);
            if verbose {
                cmd.arg("--verbose");
            }
            let out = cmd.run();
            out.assert_code(3);
            assert!(out.stderr.contains("request was POST"), "{}", out.stderr);
            assert!(out.stderr.contains("[REDACTED]"), "{}", out.stderr);
            assert_never_shown(&out, &echoes);
        }
    }
    let sent = server.requests();
    assert!(
        sent.iter().any(|r| r.contains(&echoes[7])),
        "the Basic header carried the pair: {sent:?}"
    );
}

/// Issue 40, item 7: `--verbose` prints the scope the endpoint granted through the same
/// redaction: a scope that echoes the secret is printed without it.
#[test]
fn a_granted_scope_that_echoes_the_secret_is_redacted() {
    let home = TempDir::new().unwrap();
    let echoes = echoes_of(ODD_SECRET, Some("ops-admin"));
    let scope = format!("can-read-locations {} {}", echoes[0], echoes[1]);
    let body = serde_json::json!({
        "access_token": TOKEN, "token_type": "Bearer", "expires_in": 3600, "scope": scope,
    });
    let server = RawServer::answering(response(
        "200 OK",
        "application/json",
        body.to_string().as_bytes(),
    ));
    let mut cmd = token_cmd(&home, &format!("{}/oauth/token", server.url()), "5");
    cmd.env("LOCADM_CLIENT_SECRET", ODD_SECRET).arg("--verbose");
    let out = cmd.run();
    out.assert_code(0);
    assert!(
        out.stderr
            .contains("scope can-read-locations [REDACTED] [REDACTED]"),
        "{}",
        out.stderr
    );
    assert_never_shown(&out, &echoes);
}

/// Issue 40, item 7: a workload token (CI) echoed by the token endpoint, as the request
/// carried it or in another encoding, is never printed.
#[test]
fn a_workload_token_echoed_by_the_token_endpoint_is_redacted() {
    let home = TempDir::new().unwrap();
    let workload = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOmFjbWUifQ.c2lnbmF0dXJl+/=";
    let file = home.path().join("workload.jwt");
    std::fs::write(&file, workload).unwrap();
    let echoes = echoes_of(workload, None);
    let extra = format!(
        "plain {}; json \"{}\"; b64 {}",
        echoes[0], echoes[3], echoes[5]
    );
    let server = echoing_token_endpoint(extra);
    let mut cmd = locadm(&home);
    cmd.env("LOCADM_CLIENT_ID", "ci")
        .env("LOCADM_FEDERATED_TOKEN_FILE", &file)
        .env("LOCADM_TOKEN_URL", format!("{}/oauth/token", server.url()))
        .env("LOCADM_BASE_URL", "http://127.0.0.1:9")
        .args(["--verbose", "--timeout", "5", "auth", "token"]);
    let out = cmd.run();
    out.assert_code(3);
    assert!(out.stderr.contains("request was POST"), "{}", out.stderr);
    assert_never_shown(&out, &echoes);
    assert!(
        server.requests().iter().any(|r| r.contains(&echoes[1])),
        "the request carried the token form-encoded"
    );
}

/// Issue 40, item 7: a refresh token echoed by the token endpoint when it refuses the
/// refresh is never printed, in any encoding. A person's login by `login --device` at an
/// identity provider played by a raw server (discovery, device authorization, a token
/// that lives 1 s with a refresh token); the next `auth token` refreshes, and the
/// refusal echoes the request (the token form-encoded) and the token plain, JSON-escaped
/// and in base64.
#[cfg(target_os = "linux")]
#[test]
fn a_refresh_token_echoed_by_the_token_endpoint_is_redacted() {
    let refresh = "rt/Odd+Refresh \"Token\"=ü";
    let echoes = echoes_of(refresh, None);
    let issuer: std::sync::Arc<std::sync::OnceLock<String>> = Default::default();
    let at = std::sync::Arc::clone(&issuer);
    let extra = format!(
        "plain {}; json {{\"refresh_token\":\"{}\"}}; ascii {}; b64 {}",
        echoes[0], echoes[3], echoes[4], echoes[5]
    );
    let server = RawServer::start(move |request, stream| {
        let issuer = at.get().expect("set after start");
        let (status, body) = if request.starts_with("GET /.well-known/openid-configuration") {
            let document = serde_json::json!({
                "issuer": issuer,
                "token_endpoint": format!("{issuer}/token"),
                "device_authorization_endpoint": format!("{issuer}/device"),
                "scopes_supported": ["openid", "offline_access"],
            });
            ("200 OK", document)
        } else if request.starts_with("POST /device") {
            let device = serde_json::json!({
                "device_code": "device-code-1", "user_code": "ABCD-EFGH",
                "verification_uri": format!("{issuer}/verify"), "expires_in": 600, "interval": 1,
            });
            ("200 OK", device)
        } else if request.contains("grant_type=refresh_token") {
            let description = format!("request was {request}; {extra}");
            let refusal =
                serde_json::json!({"error": "invalid_grant", "error_description": description});
            ("400 Bad Request", refusal)
        } else {
            let grant = serde_json::json!({
                "access_token": TOKEN, "token_type": "Bearer", "expires_in": 1,
                "refresh_token": refresh,
            });
            ("200 OK", grant)
        };
        let _ = stream.write_all(&response(
            status,
            "application/json",
            body.to_string().as_bytes(),
        ));
    });
    issuer.set(server.url()).unwrap();
    let env = common::Env::offline()
        .var("LOCADM_KEYRING", "keyutils")
        .var("LOCADM_ISSUER", &server.url())
        .var("LOCADM_CLIENT_ID", "native")
        .var("LOCADM_BASE_URL", "http://127.0.0.1:9");
    let _logout = common::LogoutOnDrop(&env);
    for verbose in [false, true] {
        // A refused refresh ends the login (issue 43): each round logs in afresh.
        let out = env.run(&["login", "--device"]);
        out.assert_code(0);
        std::thread::sleep(Duration::from_millis(1200));
        let mut args = vec!["--timeout", "5", "auth", "token"];
        if verbose {
            args.push("--verbose");
        }
        let out = env.run(&args);
        out.assert_code(3);
        assert!(
            out.stderr.contains("the login has expired or was revoked"),
            "{}",
            out.stderr
        );
        assert!(out.stderr.contains("request was POST"), "{}", out.stderr);
        assert_never_shown(&out, &echoes);
    }
    assert!(
        server
            .requests()
            .iter()
            .any(|r| r.contains(&format!("refresh_token={}", echoes[1]))),
        "the refresh was sent with the token"
    );
}

/// Issue 40, item 7: a password in the base URL's userinfo is shown as `***` wherever
/// the URL is: `config show`, `auth status` (table and JSON), `-v` and the message of a
/// failed request; the request itself still carries it.
#[test]
fn a_password_in_the_base_url_is_shown_as_stars() {
    let home = TempDir::new().unwrap();
    let server = RawServer::answering(response("500 Internal Server Error", "text/plain", b"down"));
    let base = format!("http://ops:hunter2-pw@{}", server.addr);
    for args in [
        &["config", "show"][..],
        &["config", "show", "-o", "json"],
        &["auth", "status"],
        &["auth", "status", "-o", "json"],
        &["-v", "--timeout", "5", "location", "get", ID],
    ] {
        let out = locadm(&home)
            .env("LOCADM_TOKEN", TOKEN)
            .env("LOCADM_BASE_URL", &base)
            .args(args)
            .run();
        let shown = format!("http://ops:***@{}", server.addr);
        assert!(
            out.stdout.contains(&shown) || out.stderr.contains(&shown),
            "{args:?}:\nstdout: {}\nstderr: {}",
            out.stdout,
            out.stderr
        );
        assert_never_shown(&out, &["hunter2-pw".to_owned()]);
    }
    assert!(
        server.requests()[0]
            .to_lowercase()
            .contains("authorization: "),
        "the request was sent with credentials"
    );
    // Written to the profile, the URL keeps its password; shown, it does not.
    locadm(&home)
        .args(["config", "set", "base_url", &base])
        .run()
        .assert_code(0);
    let config = std::fs::read_to_string(home.path().join(".config/locadm/config.toml")).unwrap();
    assert!(config.contains(&base), "{config}");
    let out = locadm(&home).args(["config", "get", "base_url"]).run();
    assert_eq!(out.stdout, format!("http://ops:***@{}/\n", server.addr));

    // `login` saves the profile with the URL as given, too.
    let home = TempDir::new().unwrap();
    let token = RawServer::answering(response(
        "200 OK",
        "application/json",
        br#"{"access_token":"t","token_type":"Bearer","expires_in":3600}"#,
    ));
    let out = locadm(&home)
        .env("LOCADM_BASE_URL", &base)
        .env("LOCADM_TOKEN_URL", format!("{}/oauth/token", token.url()))
        .args(["login", "--client-id", "ops-admin", "--client-secret-stdin"])
        .write_stdin(SECRET)
        .run();
    assert_never_shown(&out, &["hunter2-pw".to_owned()]);
    let config = std::fs::read_to_string(home.path().join(".config/locadm/config.toml")).unwrap();
    assert!(config.contains(&base), "{config}\n{}", out.stderr);
}

/// Issue 15, item 7: loopback is never proxied, and neither is plain http: with every
/// proxy variable pointing at a recording server, a run against a loopback service and
/// token endpoint never connects to the proxy.
#[test]
fn loopback_and_plain_http_never_go_through_a_proxy() {
    let home = TempDir::new().unwrap();
    let proxy = RawServer::answering(response("502 Bad Gateway", "text/plain", b"proxy"));
    let token = RawServer::answering(response(
        "200 OK",
        "application/json",
        br#"{"access_token":"loopback-token","token_type":"Bearer","expires_in":3600}"#,
    ));
    let service = RawServer::answering(response(
        "404 Not Found",
        "application/json",
        br#"{"error":"no such location"}"#,
    ));
    let mut cmd = locadm(&home);
    for name in [
        "HTTP_PROXY",
        "http_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "ALL_PROXY",
        "all_proxy",
    ] {
        cmd.env(name, proxy.url());
    }
    cmd.env("LOCADM_CLIENT_ID", "ops-admin")
        .env("LOCADM_CLIENT_SECRET", SECRET)
        .env("LOCADM_TOKEN_URL", format!("{}/oauth/token", token.url()))
        .args(["--base-url", &service.url(), "location", "get", ID]);
    let o = run(cmd);
    assert_outcome(&o, 5, "not found");
    assert_eq!(proxy.connections(), 0, "the proxy saw a connection");
    assert_eq!(token.requests().len(), 1);
    assert_eq!(service.requests().len(), 1);
}

/// Issue 15, item 7: the `local` profile's database never holds a token in the clear.
#[cfg(feature = "emulator")]
#[test]
fn the_local_profile_keeps_no_token_in_the_clear() {
    let home = TempDir::new().unwrap();
    let db = home.path().join("local.db");
    let out = locadm(&home)
        .env("LOCADM_LOCAL_DB", &db)
        .args(["--profile", "local", "auth", "token"])
        .assert()
        .success()
        .get_output()
        .clone();
    let token = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert!(token.len() > 16);
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(home.path()).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("local.db")
        {
            stored.extend(std::fs::read(&path).unwrap());
        }
    }
    assert!(!stored.is_empty(), "the database was written");
    assert!(
        !stored.windows(token.len()).any(|w| w == token.as_bytes()),
        "the token is in the database in the clear"
    );
}

/// Issue 15, item 7: core dumps are off while the tool runs (secrets are in its memory).
#[cfg(target_os = "linux")]
#[test]
fn core_dumps_are_off() {
    let home = TempDir::new().unwrap();
    // The shell raises the core limit first (to unlimited where it may, as root in CI;
    // else to the hard limit), so that only the tool can bring it to `0 0`.
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -H -c)"; exec "$0" "$@""#)
        .arg(common::BIN)
        .env("HOME", home.path())
        .args(["location", "validate", "-f", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Its limits are read once it waits on its standard input (a thread of it in
    // `read(0, …)`): started, past the point where it turns core dumps off. Read after a
    // fixed 20 ms instead, on a busy machine they were still the shell's (`unlimited`).
    let pid = child.id();
    // `/proc/PID/task/TID/syscall`: the call's number, then its arguments (fd 0 first).
    let read_of_stdin = if cfg!(target_arch = "aarch64") {
        "63 0x0 "
    } else {
        "0 0x0 "
    };
    let waiting_on_stdin = || {
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
            .any(|task| {
                std::fs::read_to_string(task.path().join("syscall"))
                    .is_ok_and(|call| call.starts_with(read_of_stdin))
            })
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !waiting_on_stdin() {
        assert!(
            std::time::Instant::now() < deadline,
            "the tool never waited on its standard input"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    let core = limits
        .lines()
        .find(|l| l.starts_with("Max core file size"))
        .unwrap();
    let fields: Vec<&str> = core.split_whitespace().collect();
    assert_eq!(&fields[4..6], ["0", "0"], "{core}");
}

#[test]
fn a_server_that_never_answers_times_out_with_exit_6() {
    let home = TempDir::new().unwrap();
    let server = RawServer::start(|_, _| std::thread::sleep(Duration::from_secs(60)));
    let mut cmd = locadm(&home);
    cmd.env("LOCADM_TOKEN", TOKEN).args([
        "--base-url",
        &server.url(),
        "--timeout",
        "1",
        "location",
        "get",
        ID,
    ]);
    let o = run(cmd);
    assert_outcome(&o, 6, "timed out");
    assert!(o.elapsed < Duration::from_secs(20), "took {:?}", o.elapsed);
}

#[test]
fn a_redirect_to_another_origin_is_not_followed_and_never_carries_the_token() {
    let home = TempDir::new().unwrap();
    let other = RawServer::answering(response("200 OK", "application/json", b"{}"));
    let target = format!("{}/locations/{ID}", other.url());
    let server = RawServer::answering(
        format!(
            "HTTP/1.1 302 Found\r\nLocation: {target}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )
        .into_bytes(),
    );
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "redirect");
    assert!(
        o.stderr.contains(&target),
        "the target is named: {}",
        o.stderr
    );
    // The first server did get the token (it is the configured service)…
    assert!(server.requests()[0]
        .to_ascii_lowercase()
        .contains(&format!("authorization: bearer {TOKEN}").to_ascii_lowercase()));
    // …the other origin never saw a request, let alone an Authorization header.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(other.connections(), 0, "{:?}", other.requests());
    assert!(other
        .requests()
        .iter()
        .all(|r| !r.to_ascii_lowercase().contains("authorization")));
}

#[test]
fn a_500_with_an_html_body_is_a_server_failure() {
    let home = TempDir::new().unwrap();
    let server = RawServer::answering(response(
        "500 Internal Server Error",
        "text/html",
        b"<html><body><h1>Internal Server Error</h1><script>alert(1)</script></body></html>",
    ));
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "500");
    assert!(
        !o.stderr.contains("<script>"),
        "the HTML is not echoed: {}",
        o.stderr
    );
    // With --verbose: the exchange is shown, the token is not (`run` checks stderr).
    let mut cmd = get(&home, &server.url());
    cmd.arg("--verbose");
    let o = run(cmd);
    assert_outcome(&o, 6, "500");
    assert!(
        o.stderr.to_lowercase().contains("authorization"),
        "{}",
        o.stderr
    );
}

/// `auth token` with client credentials from the environment against `token_url`.
fn token_cmd(home: &TempDir, token_url: &str, timeout: &str) -> Command {
    let mut cmd = locadm(home);
    cmd.env("LOCADM_CLIENT_ID", "ops-admin")
        .env("LOCADM_CLIENT_SECRET", SECRET)
        .env("LOCADM_TOKEN_URL", token_url)
        .env("LOCADM_BASE_URL", "http://127.0.0.1:9")
        .args(["--timeout", timeout, "auth", "token"]);
    cmd
}

#[test]
fn a_token_endpoint_that_answers_garbage_is_a_clear_failure() {
    let home = TempDir::new().unwrap();
    for (status, content_type, body) in [
        (
            "200 OK",
            "application/json",
            &b"<html>not a token</html>"[..],
        ),
        (
            "200 OK",
            "application/json",
            &b"{\"token_type\":\"bearer\"}"[..],
        ),
        ("200 OK", "application/json", &b"{\"access_token\":"[..]),
        (
            "500 Internal Server Error",
            "text/html",
            &b"<html>oops</html>"[..],
        ),
        ("200 OK", "application/json", &[0xff, 0xfe, 0x00, 0x7b][..]),
    ] {
        let server = RawServer::answering(response(status, content_type, body));
        let o = run(token_cmd(
            &home,
            &format!("{}/oauth/token", server.url()),
            "5",
        ));
        assert!(
            o.code == 3 || o.code == 6,
            "exit {} for {status} {:?}: {}",
            o.code,
            String::from_utf8_lossy(body),
            o.stderr
        );
        assert!(o.stderr.contains("token endpoint"), "{}", o.stderr);
        assert_eq!(o.stdout, "");
        // The secret went to the endpoint (Basic auth) and nowhere else.
        assert_eq!(server.requests().len(), 1);
    }
}

#[test]
fn a_token_endpoint_that_never_answers_times_out() {
    let home = TempDir::new().unwrap();
    let server = RawServer::start(|_, _| std::thread::sleep(Duration::from_secs(60)));
    let o = run(token_cmd(
        &home,
        &format!("{}/oauth/token", server.url()),
        "1",
    ));
    assert_outcome(&o, 6, "token endpoint");
    assert!(o.elapsed < Duration::from_secs(20), "took {:?}", o.elapsed);
}

#[test]
fn a_token_endpoint_redirect_is_not_followed() {
    let home = TempDir::new().unwrap();
    let other = RawServer::answering(response(
        "200 OK",
        "application/json",
        br#"{"access_token":"stolen","token_type":"bearer"}"#,
    ));
    let server = RawServer::answering(
        format!(
            "HTTP/1.1 307 Temporary Redirect\r\nLocation: {}/oauth/token\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            other.url()
        )
        .into_bytes(),
    );
    let o = run(token_cmd(
        &home,
        &format!("{}/oauth/token", server.url()),
        "5",
    ));
    assert!(o.code == 3 || o.code == 6, "exit {}: {}", o.code, o.stderr);
    assert!(o.stderr.contains("token endpoint"), "{}", o.stderr);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        other.connections(),
        0,
        "the client secret went to another origin"
    );
}

/// What a hostile server puts in each text channel: an erase-screen, a title change, a
/// colour, a bidi override and a forged line of the tool's own.
const HOSTILE: &str = r#"A\u001b[2J\u001b]0;pwned\u0007\u001b[31mB\u202eC\nerror: forged"#;

/// Asserts that nothing of `HOSTILE` reached `text` raw: no ESC, BEL or bidi override, and
/// no line that starts as the tool's own `error:` would.
#[track_caller]
fn assert_neutralised(text: &str) {
    assert!(
        !text.contains(['\u{1b}', '\u{7}', '\u{202e}']),
        "a raw control reached the terminal: {text:?}"
    );
    assert!(
        text.contains("\\u001b[2J"),
        "the escape is shown escaped: {text:?}"
    );
    assert!(
        !text.lines().any(|l| l.starts_with("error: forged")),
        "a forged line: {text:?}"
    );
}

/// Issue 14, item 10: every channel of text from outside is printed with its controls
/// escaped: a service's error text (and its 401 reason), a token endpoint's `error` and
/// `error_description`, and member names from an input file.
#[test]
fn text_from_outside_never_reaches_the_terminal_raw() {
    let home = TempDir::new().unwrap();

    // The service's error text of a 400, and the reason of a 401.
    let body = format!(r#"{{"error":"{HOSTILE}"}}"#);
    let server = RawServer::answering(response(
        "400 Bad Request",
        "application/json",
        body.as_bytes(),
    ));
    let o = run(get(&home, &server.url()));
    assert_eq!(o.code, 1, "{}", o.stderr);
    assert_neutralised(&o.stderr);
    // A header cannot carry C0 controls (HTTP refuses them), but it can carry bytes
    // above 0x7f: the C1 CSI (U+009B, an escape on many terminals) and a bidi override.
    let challenge = "Bearer error=\"invalid_token\", error_description=\"A\u{9b}2JB\u{202e}C\"";
    let mut head = response("401 Unauthorized", "application/json", b"{}");
    let at = head.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    head.splice(
        at..at,
        format!("\r\nWWW-Authenticate: {challenge}").into_bytes(),
    );
    let server = RawServer::answering(head);
    let o = run(get(&home, &server.url()));
    assert_eq!(o.code, 3, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("the service said: invalid_token: A\\u009b2JB\\u202eC"),
        "{}",
        o.stderr
    );
    assert!(!o.stderr.contains(['\u{9b}', '\u{202e}']), "{:?}", o.stderr);

    // A token endpoint's `error` code and description.
    let body = format!(r#"{{"error":"{HOSTILE}","error_description":"{HOSTILE}"}}"#);
    let server = RawServer::answering(response(
        "400 Bad Request",
        "application/json",
        body.as_bytes(),
    ));
    let o = run(token_cmd(
        &home,
        &format!("{}/oauth/token", server.url()),
        "5",
    ));
    assert_eq!(o.code, 3, "{}", o.stderr);
    assert_neutralised(&o.stderr);

    // Member names from an input file, in text and table output (JSON stays JSON).
    let file = home.path().join("hostile.json");
    std::fs::write(
        &file,
        format!(
            r#"{{"storeId":"S-1","storeName":"x","latitude":52.1,"longitude":13.4,"locationProvider":{{"id":"{ID}"}},"structuredAddress":{{"street":"Main","city":"Berlin","postCode":"10117","countryCode":"DE"}},"{HOSTILE}":1}}"#
        ),
    )
    .unwrap();
    let out = locadm(&home)
        .args(["location", "validate", "-o", "table", "--file"])
        .arg(&file)
        .run();
    out.assert_code(2);
    assert_neutralised(&out.stdout.clone());
    // `create` lists the problems on stderr and sends nothing.
    let mut create = locadm(&home);
    create
        .env("LOCADM_TOKEN", TOKEN)
        .args([
            "--base-url",
            "http://127.0.0.1:9",
            "location",
            "create",
            "--file",
        ])
        .arg(&file);
    let o = run(create);
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert_neutralised(&o.stderr);
    let out = locadm(&home)
        .args(["location", "validate", "-o", "json", "--file"])
        .arg(&file)
        .run();
    let finding: serde_json::Value =
        serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        finding["property"].as_str().unwrap(),
        "A\u{1b}[2J\u{1b}]0;pwned\u{7}\u{1b}[31mB\u{202e}C\nerror: forged",
        "JSON output carries the name as it is"
    );
}

/// `location create -q --file FILE` against `server`.
fn create_quiet(home: &TempDir, server: &RawServer, file: &std::path::Path) -> Command {
    let mut cmd = locadm(home);
    cmd.env("LOCADM_TOKEN", TOKEN)
        .args([
            "--base-url",
            &server.url(),
            "location",
            "create",
            "-q",
            "--file",
        ])
        .arg(file);
    cmd
}

/// Issue 14, item 10: the id `create -q` prints is a UUID or an error (exit 6, nothing
/// on stdout); a link whose last segment is anything else is never printed as an id.
#[test]
fn a_created_link_that_is_not_a_uuid_is_an_error_not_an_id() {
    let home = TempDir::new().unwrap();
    let file = home.path().join("body.json");
    std::fs::write(
        &file,
        format!(
            r#"{{"storeId":"S-1","storeName":"x","latitude":52.1,"longitude":13.4,"locationProvider":{{"id":"{ID}"}},"structuredAddress":{{"street":"Main","city":"Berlin","postCode":"10117","countryCode":"DE"}}}}"#
        ),
    )
    .unwrap();
    for href in [
        format!("/locations/{HOSTILE}"),
        "/locations/".to_owned(),
        "/locations/42".to_owned(),
        format!("/locations/{ID}x"),
    ] {
        let body = serde_json::json!({"rel": "self", "href": serde_json::from_str::<String>(&format!("\"{href}\"")).unwrap()});
        let server = RawServer::answering(response(
            "201 Created",
            "application/json",
            body.to_string().as_bytes(),
        ));
        let o = run(create_quiet(&home, &server, &file));
        assert_eq!(o.code, 6, "{href}: {}", o.stderr);
        assert_eq!(o.stdout, "", "{href}");
        assert!(
            o.stderr.contains("does not end in an id (a UUID)"),
            "{}",
            o.stderr
        );
        assert!(
            !o.stderr.contains(['\u{1b}', '\u{7}', '\u{202e}']),
            "{:?}",
            o.stderr
        );
    }
    // A UUID is printed, and only it.
    let body = format!(r#"{{"rel":"self","href":"/locations/{ID}"}}"#);
    let server = RawServer::answering(response("201 Created", "application/json", body.as_bytes()));
    let o = run(create_quiet(&home, &server, &file));
    assert_eq!(
        (o.code, o.stdout.as_str()),
        (0, format!("{ID}\n").as_str()),
        "{}",
        o.stderr
    );
}

/// Issue 16, item 3: when a step fails and the temporary location cannot be deleted, the
/// cleanup is retried, and stderr names what was left and the command that deletes it.
#[test]
fn a_smoke_location_left_behind_is_named_with_the_command_to_delete_it() {
    let home = TempDir::new().unwrap();
    let server = RawServer::start(|request, stream| {
        let answer = if request.starts_with("POST /locations ") {
            response(
                "201 Created",
                "application/json",
                format!(r#"{{"rel":"self","href":"/locations/{ID}"}}"#).as_bytes(),
            )
        } else {
            response(
                "500 Internal Server Error",
                "application/json",
                br#"{"error":"down"}"#,
            )
        };
        let _ = stream.write_all(&answer);
    });
    let provider = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";
    let mut cmd = locadm(&home);
    let base = ["--base-url", &server.url()];
    cmd.env("LOCADM_TOKEN", TOKEN)
        .args(base)
        .args(["smoke", "--provider", provider]);
    let o = run(cmd);
    assert_eq!(o.code, 6, "{}", o.stderr);
    assert!(
        o.stderr.contains("smoke check failed at step `read`"),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr.contains(&format!(
            "the temporary location {ID} (storeId `locadm-smoke-"
        )),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr.contains(&format!(
            "delete it with: locadm location delete {ID} --yes"
        )),
        "{}",
        o.stderr
    );
    let deletes = server
        .requests()
        .iter()
        .filter(|r| r.starts_with("DELETE "))
        .count();
    assert!(deletes >= 4, "the cleanup was retried: {deletes} deletes");
}

/// Issue 15: a discovery document is text from outside. An endpoint in it that would send
/// the secret over plain http to another host is refused (nothing is sent there), one
/// that never ends is cut off at 1 MiB, and its text is never echoed raw.
#[test]
fn a_hostile_discovery_document_is_refused_before_any_secret_is_sent() {
    let home = TempDir::new().unwrap();
    let issuer_of = |server: &RawServer| server.url().trim_end_matches('/').to_owned();
    let token = |issuer: &str| {
        let mut cmd = locadm(&home);
        cmd.env("LOCADM_ISSUER", issuer)
            .env("LOCADM_CLIENT_ID", "ops")
            .env("LOCADM_CLIENT_SECRET", SECRET)
            .args(["--timeout", "5", "auth", "token"]);
        run(cmd)
    };

    // The token endpoint over plain http to a host that is not loopback.
    let plain = RawServer::start(|request, stream| {
        let host = request
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("host: ")
                    .map(|h| h.trim().to_owned())
            })
            .unwrap_or_default();
        let doc = format!(
            r#"{{"issuer":"http://{host}","token_endpoint":"http://tokens.example.com/token"}}"#
        );
        let _ = stream.write_all(&response("200 OK", "application/json", doc.as_bytes()));
    });
    let o = token(&issuer_of(&plain));
    assert_outcome(&o, 2, "token_endpoint");
    assert!(o.stderr.contains("plain http"), "{}", o.stderr);

    // A document that goes on for ever.
    let endless = RawServer::start(|_, stream| {
        let _ = stream
            .write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"issuer\":\"");
        let chunk = vec![b'a'; 64 * 1024];
        for _ in 0..1024 {
            if stream.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let o = token(&issuer_of(&endless));
    assert_outcome(&o, 6, "more than 1024 KiB");

    // Another issuer's name, with a terminal escape in it: refused, escaped.
    let other = RawServer::answering(response(
        "200 OK",
        "application/json",
        br#"{"issuer":"https://evil.example\u001b[2J","token_endpoint":"https://evil.example/token"}"#,
    ));
    let o = token(&issuer_of(&other));
    assert_outcome(&o, 3, "names another issuer");
    assert!(!o.stderr.contains('\u{1b}'), "{:?}", o.stderr);
}

/// A valid create body with `store_id`.
fn create_body(store_id: &str) -> String {
    format!(
        r#"{{"storeId":"{store_id}","storeName":"x","latitude":52.1,"longitude":13.4,"locationProvider":{{"id":"{ID}"}},"structuredAddress":{{"street":"Main","city":"Berlin","postCode":"10117","countryCode":"DE"}}}}"#
    )
}

/// Servers whose answer to a create cannot be read or understood: a success whose body
/// is over the 2 MiB cap (said by its length, or chunked without end), and statuses
/// outside 100-599, which HTTP does not define.
fn unreadable_create_answers() -> Vec<(&'static str, RawServer)> {
    let link = format!(r#"{{"rel":"self","href":"/locations/{ID}"}}"#);
    let oversized = RawServer::start(|_, stream| {
        let size = 9 << 20;
        let head = format!("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n");
        if stream.write_all(head.as_bytes()).is_ok() {
            let _ = stream.write_all(&vec![b' '; size]);
        }
    });
    let endless = RawServer::start(|_, stream| {
        let head = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
        if stream.write_all(head.as_bytes()).is_err() {
            return;
        }
        let chunk = format!("10000\r\n{}\r\n", " ".repeat(1 << 16));
        while stream.write_all(chunk.as_bytes()).is_ok() {}
    });
    vec![
        ("a body of 9 MiB", oversized),
        ("a chunked body without end", endless),
        (
            "status 600",
            RawServer::answering(response("600 Odd", "application/json", link.as_bytes())),
        ),
        (
            "status 999",
            RawServer::answering(response("999 Odd", "application/json", link.as_bytes())),
        ),
    ]
}

/// Issue 40, item 2: a create whose answer cannot be read or understood may have been
/// carried out. In a bulk run it is `unconfirmed` (never `failed`, which a re-run sends
/// again), and a re-run with the same journal sends nothing; the single `location
/// create` says the location may exist. Fails with `send.rs`'s mapping of such answers
/// for a create undone (they were `failed` and sent again: a duplicate each).
#[test]
fn a_create_whose_answer_cannot_be_read_is_unconfirmed_and_never_sent_twice() {
    for (what, server) in unreadable_create_answers() {
        let home = TempDir::new().unwrap();
        let input = home.path().join("in.ndjson");
        std::fs::write(
            &input,
            format!("{}\n{}\n", create_body("U-1"), create_body("U-2")),
        )
        .unwrap();
        let journal = home.path().join("run.journal");
        let apply = || {
            let mut cmd = locadm(&home);
            cmd.env("LOCADM_TOKEN", TOKEN)
                .args(["--base-url", &server.url(), "--timeout", "10"])
                .args(["location", "apply", "--file"])
                .arg(&input)
                .arg("--journal")
                .arg(&journal);
            run(cmd)
        };
        let o = apply();
        assert_eq!(o.code, 7, "{what}: {}", o.stderr);
        let outcomes: Vec<serde_json::Value> = o
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(outcomes.len(), 2, "{what}: {}", o.stdout);
        for outcome in &outcomes {
            assert_eq!(outcome["outcome"], "unconfirmed", "{what}: {outcome}");
        }
        assert!(o.stderr.contains("2 unconfirmed"), "{what}: {}", o.stderr);
        let sent = server.requests().len();
        assert_eq!(sent, 2, "{what}");
        // The same run again sends nothing: each may exist.
        let o = apply();
        assert_eq!(o.code, 7, "{what}: {}", o.stderr);
        assert_eq!(server.requests().len(), sent, "{what}: not sent again");
        assert!(
            o.stdout.contains("--retry-unconfirmed"),
            "{what}: {}",
            o.stdout
        );

        // One create: exit 6, saying the location may exist and how to look.
        let file = home.path().join("one.json");
        std::fs::write(&file, create_body("U-3")).unwrap();
        let o = run(create_quiet(&home, &server, &file));
        assert_outcome(&o, 6, "the location may have been created");
        assert!(
            o.stderr.contains("before creating it again"),
            "{what}: {}",
            o.stderr
        );
        assert_eq!(o.stdout, "", "{what}");
    }
}
