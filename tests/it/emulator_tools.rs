//! Issue 42, item 5: the local emulator as an operator uses it. `emulator reset` empties
//! the `local` profile's database with one question; `emulator serve --log-requests`
//! logs a line a request and never a secret; under a low open-files limit, connections
//! that only sit idle cannot keep a client out.

use std::io::Read;
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{self, emulator::served, Env, RunToEnd};

/// No emulator of the test's own: commands of the `local` profile start the embedded one
/// on the database `local.db` of the test's directory.
fn local_env() -> Env {
    let env = Env::offline();
    let db = env.path("local.db");
    env.var("LOCADM_LOCAL_DB", db.to_str().unwrap())
}

/// Creates the example location on the `local` profile; its id.
fn create_local(env: &Env) -> String {
    env.create_example(&["--profile", "local"])
}

fn get_local(env: &Env, id: &str) -> common::Run {
    env.run(&["--profile", "local", "location", "get", id])
}

#[test]
fn reset_without_a_terminal_needs_yes_and_says_what_it_removes() {
    let env = local_env();
    let ids = [create_local(&env), create_local(&env)];

    let refused = env.run(&["emulator", "reset"]);
    refused.assert_code(2);
    assert!(
        refused.stderr.contains("refusing to empty")
            && refused
                .stderr
                .contains("2 locations, 0 provider updates and")
            && refused.stderr.contains("local.db")
            && refused.stderr.contains("--yes"),
        "{}",
        refused.stderr
    );
    for id in &ids {
        get_local(&env, id).assert_code(0);
    }

    let reset = env.run(&["emulator", "reset", "--yes", "-o", "json"]);
    reset.assert_code(0);
    let answer = reset.json();
    assert_eq!(answer["removed"]["locations"], 2, "{answer}");
    assert!(answer["database"].as_str().unwrap().ends_with("local.db"));
    // Issue 52, item 7: locadm's inventory of that service forgets them too.
    assert!(
        reset
            .stderr
            .contains("locadm's inventory of it forgot 2 locations"),
        "{}",
        reset.stderr
    );
    let listed = env.run(&["--profile", "local", "location", "list", "-o", "json"]);
    listed.assert_code(0);
    assert!(listed.stdout.is_empty(), "{}", listed.stdout);
    for id in &ids {
        get_local(&env, id).assert_code(5);
    }
    // The emptied database serves again: the demo provider is back for a new create, and
    // its storeId is not known (a plain create, as on a fresh machine).
    let example = common::example("location.json");
    env.run(&[
        "--profile",
        "local",
        "location",
        "create",
        "-q",
        "--file",
        example.to_str().unwrap(),
    ])
    .assert_code(0);
}

#[test]
fn reset_of_no_database_creates_none() {
    let env = local_env();
    let out = env.run(&["emulator", "reset", "--yes"]);
    out.assert_code(0);
    assert!(out.stderr.contains("nothing to reset"), "{}", out.stderr);
    assert!(!env.path("local.db").exists());
}

#[cfg(unix)]
#[test]
fn reset_at_a_terminal_asks_once_and_no_keeps_everything() {
    use expectrl::{Eof, Expect};
    let env = local_env();
    let id = create_local(&env);

    let mut p = env.terminal(&["emulator", "reset"]);
    p.expect("remove 1 location, 0 provider updates and")
        .unwrap();
    p.send("n\r").unwrap();
    p.expect("nothing was removed").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    get_local(&env, &id).assert_code(0);

    let mut p = env.terminal(&["emulator", "reset"]);
    p.expect("remove 1 location").unwrap();
    p.send("y\r").unwrap();
    p.expect("Emptied").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    get_local(&env, &id).assert_code(5);
}

/// An Env whose commands go to a served emulator, as its demo client.
fn env_for(banner: &locadm_emulator::Banner) -> Env {
    let mut env = Env::offline()
        .var("LOCADM_BASE_URL", &banner.base_url)
        .var("LOCADM_TOKEN_URL", &banner.token_url);
    env.client_id = Some(banner.client_id.clone());
    env.client_secret = Some(banner.client_secret.clone());
    env
}

/// `locadm emulator serve ARGS` run by `sh -c 'SETUP; exec …'`, its stderr in `log`.
fn serve_in_shell(setup: &str, args: &[&str], log: &std::path::Path) -> served::Served {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "{setup}; exec \"$0\" emulator serve --addr 127.0.0.1:0 \"$@\""
        ))
        .arg(common::BIN)
        .args(args)
        .stderr(Stdio::from(std::fs::File::create(log).unwrap()));
    served::serve_command(command)
}

#[test]
fn log_requests_prints_a_line_a_request_and_no_secret() {
    let env = Env::offline();
    let log = env.path("emulator.log");
    let emulator = serve_in_shell("true", &["--log-requests", "-o", "json"], &log);
    let client = env_for(&emulator.banner);
    let secret = emulator.banner.client_secret.clone();
    let id = client.create_example(&[]);
    client.run(&["location", "get", &id]).assert_code(0);
    let missing = uuid::Uuid::new_v4().to_string();
    client.run(&["location", "get", &missing]).assert_code(5);
    let token = client.run(&["auth", "token"]);
    token.assert_code(0);
    assert!(emulator.terminate().success());

    let text = std::fs::read_to_string(&log).unwrap();
    // With `-o json` stderr carries JSON objects alone, as every command's does.
    let requests: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .filter_map(|object| object.get("request").cloned())
        .collect();
    let seen: Vec<(String, String, u64)> = requests
        .iter()
        .map(|r| {
            assert!(r["ms"].as_f64().unwrap() >= 0.0, "{r}");
            (
                r["method"].as_str().unwrap().to_owned(),
                r["path"].as_str().unwrap().to_owned(),
                r["status"].as_u64().unwrap(),
            )
        })
        .collect();
    for expected in [
        ("POST".to_owned(), "/oauth/token".to_owned(), 200),
        ("POST".to_owned(), "/locations".to_owned(), 201),
        ("GET".to_owned(), format!("/locations/{id}"), 200),
        ("GET".to_owned(), format!("/locations/{missing}"), 404),
    ] {
        assert!(seen.contains(&expected), "{expected:?} in {seen:?}");
    }
    assert!(!text.contains(&secret), "{text}");
    assert!(
        !text.contains(token.stdout.trim()),
        "the bearer token: {text}"
    );
    assert!(
        !text.to_ascii_lowercase().contains("authorization"),
        "{text}"
    );
}

/// Under `ulimit -n 256`, 300 connections that send nothing used to keep every client out
/// for the idle timeout (a minute): the emulator's default cap was 1,024 whatever the
/// limit, and accepting failed for want of descriptors. The cap now follows the limit
/// (192 here), and a newcomer takes the place of the connection idle the longest.
#[cfg(unix)]
#[test]
fn idle_connections_under_a_low_open_files_limit_do_not_lock_a_client_out() {
    let env = Env::offline();
    let log = env.path("emulator.log");
    let emulator = serve_in_shell("ulimit -n 256", &["--log-requests", "-o", "table"], &log);
    let address = emulator
        .banner
        .base_url
        .trim_start_matches("http://")
        .to_owned();
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&address).expect("connect"))
        .collect();

    let client = env_for(&emulator.banner).var("LOCADM_TIMEOUT", "20");
    let missing = uuid::Uuid::new_v4().to_string();
    let started = Instant::now();
    let out = client.cmd(&["location", "get", &missing]).run();
    let took = started.elapsed();
    out.assert_code(5);
    assert!(took < Duration::from_secs(10), "served after {took:?}");

    // The first idle connections were closed to make room, the latest are still open.
    let mut first = &idle[0];
    first
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    assert_eq!(first.read(&mut [0u8; 16]).unwrap_or(0), 0, "closed");
    let (_, counters) = common::http(
        &format!("{}/counters", emulator.banner.admin_url),
        "GET",
        None,
        None,
    );
    let connections = &counters["connections"];
    assert_eq!(connections["refused"], 0, "{counters}");
    assert!(
        connections["evicted"].as_u64().unwrap() >= 300 - 192,
        "{counters}"
    );
    drop(idle);
    assert!(emulator.terminate().success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains(&format!("GET /locations/{missing} 404 ")),
        "{text}"
    );
    assert!(!text.contains("accept failed"), "{text}");
}
