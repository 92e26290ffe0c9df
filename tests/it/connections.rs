//! Issue 17, items 2 and 3: how a bulk run uses its connections, seen from the emulator
//! serving TLS with a self-signed certificate (its counters tell the connections by
//! protocol and the handshakes, full or resumed). Where connections are scarce
//! (`--max-connections`, or learned from a refused one) and the service offers HTTP/2, the
//! requests travel as streams over the few connections; elsewhere each worker keeps an
//! HTTP/1.1 connection of its own. A connection opened again resumes its TLS session.

use crate::common;

use common::{Env, RunToEnd};
use serde_json::{json, Value};

fn records(env: &Env, n: usize) -> std::path::PathBuf {
    env.records("CONN", n, "records.ndjson")
}

/// One run at a time: what a run learns of connections depends on when the emulator
/// notices a closed one, which the other tests' runs beside it on two cores delay (a
/// run that learned too few lanes under that load was seen; see the closing note of
/// issue 17).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// `location apply` of `n` records with `extra` options: the summary line (stderr) and
/// the emulator's counters afterwards. Every record must have been created.
fn apply(env: &Env, n: usize, extra: &[&str]) -> (String, Value) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let input = records(env, n);
    let mut args = vec!["location", "apply", "--file", input.to_str().unwrap()];
    // `-v`: a run this short says how it paced itself (its connections) only then.
    args.extend_from_slice(&["-o", "ndjson", "-v"]);
    args.extend_from_slice(extra);
    let out = env.cmd(&args).run();
    out.assert_code(0);
    let created = out
        .stdout
        .lines()
        .filter(|l| l.contains(r#""outcome":"created""#))
        .count();
    assert_eq!(created, n, "every record created: {}", out.stdout);
    let all = env.emulator().counters();
    assert_eq!(all["creates"], n, "each record created once");
    let counters = json!({
        "connections": all["connections"],
        "tls": all["tls"],
        "limits": all["limits"],
    });
    let summary = out
        .messages()
        .into_iter()
        .find(|l| l.starts_with("concurrency"))
        .unwrap_or_else(|| panic!("a summary line: {}", out.stderr));
    (summary, counters)
}

fn count(counters: &Value, group: &str, name: &str) -> u64 {
    counters[group][name]
        .as_u64()
        .unwrap_or_else(|| panic!("counter {group}.{name}: {counters}"))
}

#[test]
fn scarce_connections_carry_the_requests_as_http2_streams() {
    let env = Env::with_emulator(&["--tls-self-signed", "--latency-ms", "20"]);
    let (summary, counters) = apply(
        &env,
        300,
        &["--max-connections", "2", "--concurrency", "16"],
    );
    assert!(summary.contains("over 2 connections (HTTP/2)"), "{summary}");
    // Two for the run, one for the token (the shared client's), one for the counters.
    assert!(
        count(&counters, "connections", "accepted") <= 4,
        "{counters}"
    );
    assert!(count(&counters, "connections", "http2") >= 2, "{counters}");
    assert_eq!(count(&counters, "connections", "http1"), 0, "{counters}");
    // More in flight than connections: the streams were multiplexed.
    assert!(
        count(&counters, "limits", "peak_in_flight") > 2,
        "{counters}"
    );
}

#[test]
fn plenty_of_connections_stay_on_http1_one_a_worker() {
    let env = Env::with_emulator(&["--tls-self-signed", "--latency-ms", "20"]);
    let (summary, counters) = apply(&env, 200, &["--concurrency", "8"]);
    assert!(!summary.contains("over"), "{summary}");
    assert_eq!(count(&counters, "connections", "http1"), 8, "{counters}");
    // Only the shared client's connection (the token) and the test's own (the counters)
    // may have agreed to HTTP/2.
    assert!(count(&counters, "connections", "http2") <= 2, "{counters}");
}

#[test]
fn a_refused_connection_teaches_the_run_the_limit() {
    // The service keeps 3 connections; the run is not told.
    let env = Env::with_emulator(&[
        "--tls-self-signed",
        "--max-connections",
        "3",
        "--latency-ms",
        "10",
    ]);
    let (summary, counters) = apply(&env, 300, &["--concurrency", "16"]);
    let refused = count(&counters, "connections", "refused");
    assert!(refused >= 1, "{counters}");
    // The limit learned counts the connections still in their handshake, so the run
    // opens lanes beyond it. Such a lane, refused while another is open, is given up at
    // once: a refusal or two each (at most 15 of the workers' own connections refused,
    // then at most 15 lanes beyond the limit), not a second of retries each (seven
    // refusals a lane: 107 in all before).
    assert!(refused <= 15 + 3 * 15, "{refused} refused: {counters}");
    // At most what the service allows: 2 beside the token's (3 when the token's was
    // closed meanwhile), 1 when a lane was refused while the run's own connections were
    // still closing (an undercount seen under load, noted in issue 17).
    assert!(
        [
            "over 1 connection (HTTP/2)",
            "over 2 connections (HTTP/2)",
            "over 3 connections (HTTP/2)"
        ]
        .iter()
        .any(|said| summary.contains(said)),
        "{summary}"
    );
}

#[test]
fn without_http2_the_shared_connections_carry_one_request_each() {
    let env = Env::with_emulator(&["--tls-self-signed", "--no-http2", "--latency-ms", "10"]);
    let (summary, counters) = apply(&env, 100, &["--max-connections", "2", "--concurrency", "8"]);
    assert!(
        summary.contains("over 2 connections (HTTP/1.1)"),
        "{summary}"
    );
    assert_eq!(count(&counters, "connections", "http2"), 0, "{counters}");
    assert!(
        count(&counters, "limits", "peak_in_flight") <= 2,
        "{counters}"
    );
}

/// The TLS handshakes, full and resumed, of `records` records at `concurrency` in flight,
/// against the emulator closing each connection after `per_connection` requests.
fn handshakes(per_connection: usize, records: usize, concurrency: usize) -> (u64, u64, Value) {
    let per_connection = per_connection.to_string();
    let env = Env::with_emulator(&[
        "--tls-self-signed",
        "--requests-per-connection",
        &per_connection,
    ]);
    let (_, counters) = apply(&env, records, &["--concurrency", &concurrency.to_string()]);
    let full = count(&counters, "tls", "full_handshakes");
    let resumed = count(&counters, "tls", "resumed");
    (full, resumed, counters)
}

#[test]
fn a_connection_opened_again_resumes_its_tls_session() {
    // Each connection serves 20 requests (as nginx's `keepalive_requests`), so 200
    // records over 4 connections need about 10 new ones.
    let (full, resumed, counters) = handshakes(20, 200, 4);
    assert!(resumed >= 5, "reconnections resumed: {counters}");
    // The first connection of each worker and the token's; none per record.
    assert!(full <= 6, "{counters}");
}

#[test]
fn a_burst_of_new_connections_resumes_beyond_eight_tickets() {
    // 32 workers whose connections close after 10 requests each, at about the same
    // time: each burst of new connections finds a ticket for every one (the emulator
    // sends two a handshake), so only the first burst pays full handshakes. With
    // rustls's own store, which keeps 8 tickets a server, the later bursts paid 4 to 22
    // more (36 to 54 in all, in 4 runs; this store: 32 in 6).
    let (full, resumed, counters) = handshakes(10, 1280, 32);
    // The first burst of 32 and the token's connection: no ticket yet.
    assert!(
        full <= 33,
        "full handshakes after the first burst: {counters}"
    );
    assert!(resumed >= 64, "{counters}");
}

#[test]
fn an_http2_connection_going_away_loses_no_record() {
    // Each connection takes 40 streams, then says GOAWAY: the streams it did not take
    // go again on a new connection, none twice (the creates count is checked).
    let env = Env::with_emulator(&["--tls-self-signed", "--requests-per-connection", "40"]);
    let (_, counters) = apply(
        &env,
        400,
        &["--max-connections", "2", "--concurrency", "16"],
    );
    assert!(count(&counters, "connections", "http2") >= 10, "{counters}");
}
