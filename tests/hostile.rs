//! Hostile and broken servers, end to end: the real binary against servers this test
//! starts on 127.0.0.1. Every case must end with the exit code of PRODUCT.md, one clear
//! sentence on stderr, no panic and no hang.

mod common;

#[path = "common/raw_server.rs"]
mod raw_server;

use std::io::Write;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use raw_server::{response, RawServer};
use tempfile::TempDir;

const TOKEN: &str = "hostile-test-token-0815";
const SECRET: &str = "Hostile-Secret-Value-4711";
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
    let out = cmd.output().unwrap();
    let outcome = Outcome {
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        elapsed: start.elapsed(),
    };
    assert!(
        !outcome.stderr.contains("panicked"),
        "panic: {}",
        outcome.stderr
    );
    assert!(
        !outcome.stderr.contains(TOKEN) && !outcome.stderr.contains(SECRET),
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

#[test]
fn an_enormous_body_is_refused_after_the_cap_without_reading_the_rest() {
    let home = TempDir::new().unwrap();
    // Offers 1 GiB; the client must stop after 8 MiB, so the server cannot write it all.
    let total: u64 = 1 << 30;
    let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = std::sync::Arc::clone(&written);
    let server = RawServer::start(move |_, stream| {
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
            counter.store(sent, std::sync::atomic::Ordering::SeqCst);
        }
    });
    let o = run(get(&home, &server.url()));
    assert_outcome(&o, 6, "larger than 8 MiB");
    let sent = written.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        sent < total / 4,
        "the client read {sent} bytes of an enormous body"
    );
    assert!(o.elapsed < Duration::from_secs(30));
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
