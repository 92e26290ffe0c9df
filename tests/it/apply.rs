//! `locadm location apply` end to end: the real binary against the real emulator
//! (tests/it/common) with fault injection, thousands of records a run.
//!
//! What every run is held to: one NDJSON report line per input record (outcomes sum to
//! the input); the emulator's counters show each `created` record exactly once, nothing
//! for a `failed` one, at most once for an `unknown` one, and no storeId twice.
//!
//! Each command runs in tests/it/common's hermetic `Env` (HOME and the XDG dirs in a
//! temporary directory; `LOCADM_KEYRING=none` with the demo client's credentials in
//! `LOCADM_CLIENT_ID`/`LOCADM_CLIENT_SECRET`).
#![cfg(unix)]

use crate::common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Emulator, Env, Run, RunToEnd};
use serde_json::{json, Value};

const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

// ---------------------------------------------------------------------------------------
// Harness: tests/it/common's `Env` with its emulator, and what a bulk run is checked by.

/// `locadm location apply ARGS` in `env`, run to its end: thousands of records through
/// faults and `Retry-After` pauses may take longer than `Env::cmd`'s 60 s.
fn apply(env: &Env, args: &[&str]) -> Run {
    let mut full = vec!["location", "apply"];
    full.extend_from_slice(args);
    env.cmd(&full).timeout(Duration::from_secs(300)).run()
}

/// Starts `locadm location apply ARGS` with stdout into `report` (to be signalled).
fn spawn_apply(env: &Env, args: &[&str], report: &Path) -> Child {
    env.std_command()
        .args(["location", "apply"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(fs::File::create(report).unwrap())
        .stderr(fs::File::create(report.with_extension("err")).unwrap())
        .spawn()
        .unwrap()
}

/// `apply -f INPUT --journal journal` in the background, its results in `out.ndjson`
/// (stderr beside it); the child, the journal's path and the results' path.
fn spawn_journaled(env: &Env, input: &Path) -> (Child, PathBuf, PathBuf) {
    let journal = env.path("journal");
    let report_path = env.path("out.ndjson");
    let child = spawn_apply(
        env,
        &[
            "-f",
            input.to_str().unwrap(),
            "--journal",
            journal.to_str().unwrap(),
        ],
        &report_path,
    );
    (child, journal, report_path)
}

fn counters(env: &Env) -> Value {
    env.emulator().counters()
}

fn count(counters: &Value, name: &str) -> u64 {
    counters[name]
        .as_u64()
        .unwrap_or_else(|| panic!("{name} in {counters}"))
}

fn by_store_id(counters: &Value) -> HashMap<String, u64> {
    counters["locations_by_store_id"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect()
}

/// Polls the counters until `creates + updates` reaches `at_least`.
fn wait_for_writes(env: &Env, at_least: u64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let c = counters(env);
        if count(&c, "creates") + count(&c, "updates") >= at_least {
            return;
        }
        assert!(Instant::now() < deadline, "no progress: {c}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name}");
}

fn wait_with_timeout(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("locadm did not exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Record `i` of a test input: both address forms, coordinates with trailing zeros.
fn record(i: usize) -> Value {
    if i.is_multiple_of(2) {
        json!({
            "storeId": format!("S-{i:06}"),
            "storeName": format!("Filiale {i}"),
            "structuredAddress": {
                "street": "Hauptstraße", "houseNumber": format!("{}", i % 200 + 1),
                "city": "Berlin", "postCode": "10178", "countryCode": "DE"
            },
            "latitude": 52.52190000,
            "longitude": 13.41321,
            "locationProvider": { "id": PROVIDER },
            "tags": ["bulk"]
        })
    } else {
        json!({
            "storeId": format!("S-{i:06}"),
            "storeName": format!("Filiale {i}"),
            "address": "Europaplatz 1", "city": "Berlin", "postCode": "10557",
            "countryCode": "DEU",
            "latitude": 52.525, "longitude": 13.369,
            "locationProvider": { "id": PROVIDER },
            "photoUrls": ["https://example.com/a.jpg"]
        })
    }
}

fn ndjson(records: impl IntoIterator<Item = Value>) -> String {
    let mut text = String::new();
    for r in records {
        text.push_str(&r.to_string());
        text.push('\n');
    }
    text
}

fn store_ids(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("S-{i:06}")).collect()
}

/// The report lines of a run.
fn report(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}")))
        .collect()
}

/// Checks one line per input line (1..=n) and returns the outcome of each storeId.
fn outcomes(report: &[Value], n: usize) -> BTreeMap<String, String> {
    assert_eq!(report.len(), n, "one report line per record");
    let lines: HashSet<u64> = report.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, (1..=n as u64).collect(), "every line reported once");
    report
        .iter()
        .map(|r| {
            (
                r["storeId"].as_str().unwrap().to_owned(),
                r["outcome"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn tally(outcomes: &BTreeMap<String, String>) -> BTreeMap<&str, usize> {
    let mut t = BTreeMap::new();
    for o in outcomes.values() {
        *t.entry(o.as_str()).or_insert(0) += 1;
    }
    t
}

/// The invariants of any run: created → exactly once; failed → absent; unknown → at most
/// once; nothing twice.
fn assert_no_duplicates(outcomes: &BTreeMap<String, String>, counters: &Value) {
    let stored = by_store_id(counters);
    for (store_id, n) in &stored {
        assert!(*n <= 1, "{store_id} stored {n} times");
    }
    for (store_id, outcome) in outcomes {
        let n = stored.get(store_id).copied().unwrap_or(0);
        match outcome.as_str() {
            "created" | "skipped" | "updated" => assert_eq!(n, 1, "{store_id} {outcome}"),
            "failed" | "invalid" => assert_eq!(n, 0, "{store_id} {outcome}"),
            "unknown" => assert!(n <= 1, "{store_id} unknown, stored {n} times"),
            other => panic!("unexpected outcome {other}"),
        }
    }
}

/// Every storeId of `0..n` stored exactly once.
fn assert_exactly_once(counters: &Value, n: usize) {
    let stored = by_store_id(counters);
    for id in store_ids(n) {
        assert_eq!(stored.get(&id).copied(), Some(1), "{id}");
    }
    assert_eq!(stored.len(), n, "nothing else stored");
}

// ---------------------------------------------------------------------------------------
// Faults

/// 3000 creates through 500s, 429s (Retry-After: 1), dropped connections and latency.
#[test]
fn every_record_is_accounted_for_under_faults_and_nothing_is_duplicated() {
    let n = 3000;
    let env = Env::with_emulator(&[
        "--fail-rate",
        "0.02",
        "--throttle-rate",
        "0.02",
        "--drop-rate",
        "0.02",
        "--latency-ms",
        "1",
        "--seed",
        "7",
    ]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let out = apply(
        &env,
        &["-f", input.to_str().unwrap(), "--concurrency", "16"],
    );
    out.assert_code(7);
    let outcomes = outcomes(&report(&out.stdout), n);
    let t = tally(&outcomes);
    let c = counters(&env);
    assert_no_duplicates(&outcomes, &c);

    let faults = &c["faults"];
    let (failed, throttled, dropped) = (
        faults["failed"].as_u64().unwrap(),
        faults["throttled"].as_u64().unwrap(),
        faults["dropped"].as_u64().unwrap(),
    );
    assert!(failed > 0 && throttled > 0 && dropped > 0, "{c}");
    // Each created once, every 500 reported failed (not retried), every drop reported
    // unknown (a create is never sent again blindly), every 429 retried.
    assert_eq!(
        t.get("created").copied().unwrap_or(0) as u64,
        count(&c, "creates")
    );
    assert_eq!(t.get("failed").copied().unwrap_or(0) as u64, failed);
    assert_eq!(t.get("unknown").copied().unwrap_or(0) as u64, dropped);
    assert_eq!(
        count(&c, "requests"),
        count(&c, "creates") + failed + dropped + throttled,
        "only throttled requests were sent again"
    );
    let err = out.stderr;
    assert!(err.contains(&format!("{n} records")), "summary: {err}");
    // Each non-success says why.
    for r in report(&out.stdout) {
        if r["outcome"] != "created" {
            assert!(r["error"].as_str().is_some_and(|e| !e.is_empty()), "{r}");
        }
        if r["outcome"] == "failed" {
            assert_eq!(r["status"], 500, "{r}");
        }
    }
}

/// With one request at a time, each 429 costs at least its `Retry-After: 1` second.
#[test]
fn retry_after_is_honoured() {
    let n = 12;
    let env = Env::with_emulator(&["--throttle-rate", "0.3", "--seed", "3"]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let started = Instant::now();
    let out = apply(
        &env,
        &[
            "-f",
            input.to_str().unwrap(),
            "--concurrency",
            "1",
            "--attempts",
            "20",
        ],
    );
    let elapsed = started.elapsed();
    out.assert_code(0);
    let c = counters(&env);
    let throttled = c["faults"]["throttled"].as_u64().unwrap();
    assert!(throttled >= 2, "the seed throttles some requests: {c}");
    assert!(
        elapsed >= Duration::from_millis(throttled * 1000 - 100),
        "{throttled} × Retry-After: 1 s, but the run took {elapsed:?}"
    );
    assert_eq!(count(&c, "requests"), n as u64 + throttled);
    assert_exactly_once(&c, n);
}

/// A create that times out may have been carried out: it is reported `unknown` (exit 7)
/// and never sent again, so the service holds each storeId at most once.
#[test]
fn a_create_that_times_out_is_unknown_and_not_sent_again() {
    let env = Env::with_emulator(&["--latency-ms", "1500"]);
    let input = env.write("slow.ndjson", &ndjson((0..4).map(record)));
    let started = Instant::now();
    let out = apply(
        &env,
        &[
            "-f",
            input.to_str().unwrap(),
            "--concurrency",
            "2",
            "--attempts",
            "5",
            "--timeout",
            "1",
        ],
    );
    out.assert_code(7);
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), 4);
    for line in &rep {
        assert_eq!(line["outcome"], "unknown", "{line}");
        assert!(
            line["error"].as_str().unwrap().contains("timed out"),
            "{line}"
        );
    }
    // Two rounds of two one-second timeouts, not five attempts each.
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    // Each create went out once (whether the emulator finished one whose client had
    // gone is its own business: at most once).
    std::thread::sleep(Duration::from_millis(2000));
    let c = counters(&env);
    assert_eq!(count(&c, "requests"), 4, "{c}");
    assert!(by_store_id(&c).values().all(|&v| v == 1), "{c}");
}

/// A connection's requests each have the whole timeout: one after another on a single
/// connection, each answered in 0.6 s with a timeout of 1 s, the second runs past the
/// first's deadline (1 s after the start) and is not timed out by it.
#[test]
fn each_request_on_a_kept_connection_has_the_whole_timeout() {
    let env = Env::with_emulator(&["--latency-ms", "600"]);
    let input = env.write("slowish.ndjson", &ndjson((0..3).map(record)));
    let path = input.to_str().unwrap();
    let out = apply(&env, &["-f", path, "--concurrency", "1", "--timeout", "1"]);
    out.assert_code(0);
    assert_eq!(report(&out.stdout).len(), 3);
    let c = counters(&env);
    assert_eq!(count(&c, "requests"), 3, "{c}");
}

/// Dropped connections: a create is reported `unknown` and not sent again; an update
/// (idempotent PUT) is retried until it goes through.
#[test]
fn dropped_connections_make_creates_unknown_and_updates_retried() {
    let n = 1000;
    let mut env = Env::offline();
    let db = env.path("emu.db");
    let db = db.to_str().unwrap();

    // Creates through drops.
    env.serve(Emulator::start(&[
        "--db",
        db,
        "--drop-rate",
        "0.05",
        "--seed",
        "11",
    ]));
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let out = apply(&env, &["-f", input.to_str().unwrap(), "--concurrency", "8"]);
    out.assert_code(7);
    let rep = report(&out.stdout);
    let outcomes = outcomes(&rep, n);
    let c = counters(&env);
    assert_no_duplicates(&outcomes, &c);
    let dropped = c["faults"]["dropped"].as_u64().unwrap();
    assert!(dropped > 0);
    let t = tally(&outcomes);
    assert_eq!(t.get("unknown").copied().unwrap_or(0) as u64, dropped);
    assert_eq!(
        count(&c, "requests"),
        count(&c, "creates") + dropped,
        "no dropped create sent twice"
    );
    for r in rep.iter().filter(|r| r["outcome"] == "unknown") {
        assert!(r["storeId"].is_string() && r["status"].is_null(), "{r}");
        assert!(
            r["error"].as_str().unwrap().contains("may or may not"),
            "{r}"
        );
    }
    env.emulator.take().unwrap().stop();

    // Updates of the created ones through drops: every one goes through.
    let updates: Vec<Value> = rep
        .iter()
        .filter(|r| r["outcome"] == "created")
        .map(|r| {
            let i: usize = r["storeId"].as_str().unwrap()[2..].parse().unwrap();
            let mut body = record(i);
            body["id"] = r["id"].clone();
            body["storeName"] = json!(format!("Renamed {i}"));
            body
        })
        .collect();
    let m = updates.len();
    env.serve(Emulator::start(&[
        "--db",
        db,
        "--drop-rate",
        "0.1",
        "--seed",
        "12",
    ]));
    let input = env.write("up.ndjson", &ndjson(updates));
    // Complete bodies: each location read (a replacement that changes nothing is not
    // sent), then one PUT each.
    let out = apply(
        &env,
        &[
            "-f",
            input.to_str().unwrap(),
            "--concurrency",
            "8",
            "--replace",
        ],
    );
    out.assert_code(0);
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), m);
    assert!(rep
        .iter()
        .all(|r| r["outcome"] == "updated" && r["operation"] == "update" && r["status"] == 200));
    let c = counters(&env);
    let dropped = c["faults"]["dropped"].as_u64().unwrap();
    assert!(dropped > 0);
    assert_eq!(count(&c, "updates"), m as u64);
    assert_eq!(count(&c, "creates"), 0);
    assert_eq!(
        count(&c, "requests"),
        2 * m as u64 + dropped,
        "a read and a write each, each drop retried once"
    );
    assert!(by_store_id(&c).values().all(|&v| v == 1));
}

// ---------------------------------------------------------------------------------------
// Interruption and resume

fn journal_entries(path: &Path) -> Vec<Value> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Ctrl-C midway: requests in flight finish, the journal and the summary are written, the
/// exit is non-zero; the re-run with the journal skips what is done and sends the rest.
#[test]
fn sigint_midway_then_resume_ends_with_every_record_exactly_once() {
    sigint_midway_then_resume(&["--latency-ms", "2"]);
}

/// Issue 52, item 6: the same against a service that answers with the spec's read form
/// (no `structuredAddress`, `email`, …). The resume skips what its journal did instead
/// of matching those records by storeId to the locations they created, which made them
/// merges and stopped the resume on the read form's question (exit 2, nothing sent;
/// with `--yes` it went on).
#[test]
fn a_resume_against_the_read_form_skips_what_its_journal_did() {
    sigint_midway_then_resume(&["--latency-ms", "2", "--spec-read-form"]);
}

fn sigint_midway_then_resume(emulator: &[&str]) {
    let n = 3000;
    let env = Env::with_emulator(emulator);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let journal = env.path("journal");
    let args = [
        "-f",
        input.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--concurrency",
        "8",
    ];
    let first = env.path("first.ndjson");
    let mut child = spawn_apply(&env, &args, &first);
    wait_for_writes(&env, 300);
    signal(&child, "INT");
    let status = wait_with_timeout(&mut child, Duration::from_secs(10));
    let err = fs::read_to_string(first.with_extension("err")).unwrap();
    assert!(!status.success(), "an interrupted run fails: {err}");
    assert_eq!(
        status.code(),
        Some(130),
        "Ctrl-C's exit, the shell's 130: {err}"
    );
    assert!(err.contains("interrupted"), "{err}");
    assert!(
        err.contains("--journal"),
        "the hint names the journal: {err}"
    );
    assert!(err.contains("records: "), "the summary: {err}");

    let rep = report(&fs::read_to_string(&first).unwrap());
    let c = counters(&env);
    let created = rep.iter().filter(|r| r["outcome"] == "created").count();
    assert!(created < n, "the run stopped early ({created} created)");
    assert_eq!(rep.len(), created, "nothing but creates: {rep:?}");
    assert_eq!(
        created as u64,
        count(&c, "creates"),
        "every request in flight reported"
    );
    let journaled = journal_entries(&journal)
        .iter()
        .filter(|e| e["outcome"] == "created")
        .count();
    assert_eq!(journaled, created, "every finished record journaled");
    // Nothing more is sent once the process is gone.
    assert_eq!(count(&counters(&env), "requests"), count(&c, "requests"));

    let out = apply(&env, &args);
    out.assert_code(0);
    let outcomes = outcomes(&report(&out.stdout), n);
    let t = tally(&outcomes);
    assert_eq!(t.get("skipped").copied(), Some(created));
    assert_eq!(t.get("created").copied(), Some(n - created));
    let c = counters(&env);
    assert_exactly_once(&c, n);
    // The resume sends no record twice, and changes nothing.
    assert_eq!(count(&c, "creates"), n as u64, "nothing sent twice");
    assert_eq!(count(&c, "updates"), 0);
}

/// SIGKILL midway: creates in flight were journaled `started` without an outcome; the
/// re-run reports them `unknown` (not sent), and sends everything else once. The operator
/// checks the unknown ones and sends those that do not exist.
#[test]
fn sigkill_midway_then_resume_never_duplicates() {
    let n = 3000;
    let env = Env::with_emulator(&["--latency-ms", "2"]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let journal = env.path("journal");
    let args = [
        "-f",
        input.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--concurrency",
        "8",
    ];
    let first = env.path("first.ndjson");
    let mut child = spawn_apply(&env, &args, &first);
    wait_for_writes(&env, 300);
    signal(&child, "KILL");
    wait_with_timeout(&mut child, Duration::from_secs(10));
    // Let the emulator finish what was in flight.
    std::thread::sleep(Duration::from_millis(300));
    let entries = journal_entries(&journal);
    let finished: HashSet<&str> = entries
        .iter()
        .filter(|e| e["outcome"] == "created")
        .map(|e| e["key"].as_str().unwrap())
        .collect();
    let in_flight: HashSet<&str> = entries
        .iter()
        .filter(|e| e["outcome"] == "started")
        .map(|e| e["key"].as_str().unwrap())
        .filter(|k| !finished.contains(k))
        .collect();
    assert!(
        in_flight.len() <= 8,
        "at most --concurrency creates in flight"
    );
    let before = count(&counters(&env), "creates");

    let out = apply(&env, &args);
    let outcomes = outcomes(&report(&out.stdout), n);
    let t = tally(&outcomes);
    let unknown = t.get("unknown").copied().unwrap_or(0);
    out.assert_code(if unknown > 0 { 7 } else { 0 });
    assert_eq!(
        unknown,
        in_flight.len(),
        "the creates in flight are unknown"
    );
    assert_eq!(t.get("skipped").copied(), Some(finished.len()));
    assert_eq!(
        t.get("created").copied().unwrap_or(0),
        n - finished.len() - unknown
    );
    let c = counters(&env);
    assert_no_duplicates(&outcomes, &c);
    assert_eq!(
        count(&c, "creates") - before,
        (n - finished.len() - unknown) as u64,
        "the re-run sends neither the done nor the unknown creates"
    );

    // The operator's check: send the unknown ones that do not exist, without the journal.
    let stored = by_store_id(&c);
    let missing: Vec<Value> = outcomes
        .iter()
        .filter(|(id, o)| *o == "unknown" && !stored.contains_key(*id))
        .map(|(id, _)| record(id[2..].parse().unwrap()))
        .collect();
    if !missing.is_empty() {
        let rest = env.write("rest.ndjson", &ndjson(missing));
        let out = apply(&env, &["-f", rest.to_str().unwrap()]);
        out.assert_code(0);
    }
    assert_exactly_once(&counters(&env), n);
}

/// `--retry-unknown`: without it a re-run sends neither the done nor the unknown records
/// but does send the failed ones; with it, the unknown ones are sent again (here the
/// operator knows they do not exist: dropped connections never reached the handler).
#[test]
fn retry_unknown_sends_only_the_unknown_creates_again() {
    let n = 2000;
    let mut env = Env::offline();
    let db = env.path("emu.db");
    let db = db.to_str().unwrap();
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let journal = env.path("journal");
    let args = [
        "-f",
        input.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--concurrency",
        "16",
    ];

    env.serve(Emulator::start(&[
        "--db",
        db,
        "--drop-rate",
        "0.03",
        "--fail-rate",
        "0.03",
        "--seed",
        "5",
    ]));
    let out = apply(&env, &args);
    out.assert_code(7);
    let first = outcomes(&report(&out.stdout), n);
    let t1 = tally(&first);
    let (failed, unknown) = (t1["failed"], t1["unknown"]);
    assert!(failed > 0 && unknown > 0, "{t1:?}");
    let emulator = env.emulator.take().unwrap();
    let addr = emulator.addr.clone();
    emulator.stop();

    // No faults from here on; the same service (its base URL: the journal is bound to it).
    env.serve(Emulator::start_on(&addr, &["--db", db]));
    let out = apply(&env, &args);
    out.assert_code(7);
    let second = outcomes(&report(&out.stdout), n);
    let t2 = tally(&second);
    assert_eq!(
        t2.get("created").copied(),
        Some(failed),
        "the failed ones are sent again"
    );
    assert_eq!(
        t2.get("unknown").copied(),
        Some(unknown),
        "the unknown ones are not"
    );
    assert_eq!(t2.get("skipped").copied(), Some(n - failed - unknown));
    for (id, o) in &second {
        if o == "unknown" {
            assert_eq!(first[id], "unknown");
        }
    }
    let c = counters(&env);
    assert_eq!(count(&c, "creates"), failed as u64);
    assert_no_duplicates(&second, &c);

    let mut retry = args.to_vec();
    retry.push("--retry-unknown");
    let out = apply(&env, &retry);
    out.assert_code(0);
    let third = outcomes(&report(&out.stdout), n);
    let t3 = tally(&third);
    assert_eq!(t3.get("created").copied(), Some(unknown));
    assert_eq!(t3.get("skipped").copied(), Some(n - unknown));
    let c = counters(&env);
    assert_eq!(count(&c, "creates"), (failed + unknown) as u64);
    assert_exactly_once(&c, n);

    // A fourth run has nothing left to do.
    let out = apply(&env, &retry);
    out.assert_code(0);
    assert_eq!(
        tally(&outcomes(&report(&out.stdout), n))
            .get("skipped")
            .copied(),
        Some(n)
    );
    assert_eq!(count(&counters(&env), "creates"), (failed + unknown) as u64);
}

// ---------------------------------------------------------------------------------------
// Tokens

/// Every token revoked mid-run: the 401s renew the token once (shared by the workers) and
/// the run goes on; and tokens that expire within the run are renewed transparently.
#[test]
fn token_revoked_or_expiring_mid_run_is_renewed() {
    let n = 2000;
    let env = Env::with_emulator(&["--latency-ms", "2", "--token-lifetime", "61"]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let report_path = env.path("out.ndjson");
    let mut child = spawn_apply(
        &env,
        &["-f", input.to_str().unwrap(), "--concurrency", "8"],
        &report_path,
    );
    wait_for_writes(&env, 300);
    let revoked = env.emulator().revoke_tokens();
    assert!(revoked["revoked"].as_u64().unwrap() >= 1, "{revoked}");
    let status = wait_with_timeout(&mut child, Duration::from_secs(60));
    let err = fs::read_to_string(report_path.with_extension("err")).unwrap();
    assert!(status.success(), "{err}");
    let outcomes = outcomes(&report(&fs::read_to_string(&report_path).unwrap()), n);
    assert_eq!(tally(&outcomes).get("created").copied(), Some(n));
    let c = counters(&env);
    assert_exactly_once(&c, n);
    // A 61 s token is renewed 60 s early, i.e. after a second; plus the revocation.
    let issued = count(&c, "tokens_issued");
    assert!(issued >= 2, "{c}");
    assert!(
        issued <= 40,
        "one token at a time, not one per request: {c}"
    );
}

// ---------------------------------------------------------------------------------------
// Inputs

/// The same three records as NDJSON, as a JSON array and as CSV (nested columns, a list
/// cell, numbers as written) end up as the same locations.
#[test]
fn the_three_input_formats() {
    let env = Env::with_emulator(&[]);

    let ndjson_in = env.write("a.ndjson", &ndjson((0..3).map(record)));
    let out = apply(&env, &["-f", ndjson_in.to_str().unwrap()]);
    out.assert_code(0);
    let rep = report(&out.stdout);
    assert_eq!(
        rep.iter()
            .filter_map(|r| r["line"].as_u64())
            .collect::<HashSet<_>>(),
        HashSet::from([1, 2, 3])
    );

    let array: Vec<Value> = (3..6).map(record).collect();
    let array_in = env.write("b.json", &serde_json::to_string_pretty(&array).unwrap());
    let out = apply(&env, &["-f", array_in.to_str().unwrap()]);
    out.assert_code(0);
    let rep = report(&out.stdout);
    let mut indexes: Vec<u64> = rep.iter().map(|r| r["index"].as_u64().unwrap()).collect();
    indexes.sort();
    assert_eq!(indexes, [0, 1, 2]);
    assert!(rep
        .iter()
        .all(|r| r["outcome"] == "created" && r.get("line").is_none()));

    let csv = "storeId,storeName,structuredAddress.street,structuredAddress.houseNumber,structuredAddress.city,structuredAddress.postCode,structuredAddress.countryCode,latitude,longitude,locationProvider.id,tags,hasDisabledAccess\n\
               C-1,Erste,Hauptstraße,1,Berlin,10178,DE,52.52190000,13.41321,8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c,\"bulk, csv\",true\n\
               C-2,\"Zweite, mit Komma\",Karl-Marx-Allee,2,Potsdam,14467,DE,52.4,13.06,8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c,one,false\n";
    let csv_in = env.write("c.csv", csv);
    let out = apply(&env, &["-f", csv_in.to_str().unwrap()]);
    out.assert_code(0);
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), 2);
    let first = rep.iter().find(|r| r["storeId"] == "C-1").unwrap();
    assert_eq!(first["line"], 2, "CSV lines count the header");
    let id = first["id"].as_str().unwrap();

    // Read back: nested object, list cell, number as written.
    let got = env.cmd(&["location", "get", id, "-o", "json"]).run();
    got.assert_code(0);
    let text = got.stdout.clone();
    assert!(text.contains("52.52190000"), "latitude as written: {text}");
    let location: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(location["structuredAddress"]["city"], "Berlin");
    assert_eq!(location["tags"], json!(["bulk", "csv"]));
    assert_eq!(location["hasDisabledAccess"], true);

    // Standard input, streamed (read once, by pre-flight).
    let mut child = env
        .std_command()
        .args(["location", "apply", "-f", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(ndjson((100..104).map(record)).as_bytes())
            .unwrap();
    }
    let out = Run::from(child.wait_with_output().unwrap());
    out.assert_code(0);
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), 4);
    assert!(rep.iter().all(|r| r["outcome"] == "created"));

    let stored = by_store_id(&counters(&env));
    assert_eq!(stored.len(), 12);
    assert!(stored.values().all(|&v| v == 1));
}

fn invalid_input() -> String {
    let mut records: Vec<Value> = (0..50).map(record).collect();
    records[10]["latitude"] = json!(123.0); // out of range
    records[20].as_object_mut().unwrap().remove("storeName");
    records[30]["id"] = json!("not-a-uuid");
    let mut text = ndjson(records);
    text.push_str("{\"storeId\": \"broken\",\n"); // line 51: not JSON
    text
}

#[test]
fn invalid_records_stop_the_run_before_anything_is_sent() {
    let env = Env::with_emulator(&[]);
    let input = env.write("in.ndjson", &invalid_input());
    let out = apply(&env, &["-f", input.to_str().unwrap()]);
    out.assert_code(2);
    assert!(out.stdout.is_empty());
    let err = out.stderr;
    for line in ["line 11", "line 21", "line 31", "line 51"] {
        assert!(err.contains(line), "{line} reported: {err}");
    }
    assert!(
        err.contains("latitude") && err.contains("storeName") && err.contains("id"),
        "{err}"
    );
    assert!(
        err.contains("4 of 51 records are invalid; nothing was sent"),
        "{err}"
    );
    let c = counters(&env);
    assert_eq!(count(&c, "requests"), 0);
    assert_eq!(count(&c, "tokens_issued"), 0, "not even a token");
}

#[test]
fn skip_invalid_sends_the_valid_ones_and_reports_the_rest() {
    let env = Env::with_emulator(&[]);
    let input = env.write("in.ndjson", &invalid_input());
    let out = apply(&env, &["-f", input.to_str().unwrap(), "--skip-invalid"]);
    out.assert_code(7);
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), 51);
    let invalid: Vec<u64> = {
        let mut v: Vec<u64> = rep
            .iter()
            .filter(|r| r["outcome"] == "invalid")
            .map(|r| r["line"].as_u64().unwrap())
            .collect();
        v.sort();
        v
    };
    assert_eq!(invalid, [11, 21, 31, 51]);
    assert!(rep
        .iter()
        .filter(|r| r["outcome"] == "invalid")
        .all(|r| r["error"].is_string()));
    let c = counters(&env);
    assert_eq!(count(&c, "creates"), 47);
    assert_eq!(count(&c, "requests"), 47);
    assert!(by_store_id(&c).values().all(|&v| v == 1));
}

#[test]
fn dry_run_prints_the_bodies_and_sends_nothing() {
    let env = Env::with_emulator(&[]);
    let mut records: Vec<Value> = (0..4).map(record).collect();
    records[3]["id"] = json!("0b7c8a52-3e0f-4a51-9a53-5d2b9c1e7f10");
    let mut text = ndjson(records);
    // Numbers exactly as written (serde_json would print 52.5219).
    text = text.replace("52.5219,", "52.52190000,");
    let input = env.write("in.ndjson", &text);
    let out = apply(&env, &["-f", input.to_str().unwrap(), "--dry-run"]);
    out.assert_code(0);
    let stdout = out.stdout.clone();
    assert!(stdout.contains("52.52190000"), "{stdout}");
    let rep = report(&out.stdout);
    assert_eq!(rep.len(), 4);
    assert!(rep.iter().all(|r| r["outcome"] == "dry-run"));
    // A create sends photoUrls as a comma-separated string, an update as an array; the
    // update's id is the target, not part of the body.
    assert_eq!(rep[1]["operation"], "create");
    assert_eq!(rep[1]["body"]["photoUrls"], "https://example.com/a.jpg");
    assert_eq!(rep[3]["operation"], "update");
    assert_eq!(rep[3]["id"], "0b7c8a52-3e0f-4a51-9a53-5d2b9c1e7f10");
    assert!(rep[3]["body"].get("id").is_none(), "{}", rep[3]);
    assert_eq!(
        rep[3]["body"]["photoUrls"],
        json!(["https://example.com/a.jpg"])
    );
    assert!(out.stderr.contains("nothing was sent"));
    let c = counters(&env);
    assert_eq!(count(&c, "requests"), 0);
    assert_eq!(count(&c, "tokens_issued"), 0);
}

/// Updates (records with an `id`) next to creates; an update of an unknown id fails
/// (404) and makes the run exit 7, with the others done.
#[test]
fn updates_and_creates_mixed_and_exit_7_on_a_failure() {
    let env = Env::with_emulator(&[]);
    let n = 200;
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let out = apply(&env, &["-f", input.to_str().unwrap()]);
    out.assert_code(0);
    let ids: HashMap<String, String> = report(&out.stdout)
        .iter()
        .map(|r| {
            (
                r["storeId"].as_str().unwrap().to_owned(),
                r["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect();

    let mut mixed = Vec::new();
    for i in 0..n {
        let mut body = record(i);
        body["id"] = json!(ids[&format!("S-{i:06}")]);
        body["storeName"] = json!(format!("Renamed {i}"));
        mixed.push(body);
    }
    let mut ghost = record(n);
    ghost["id"] = json!("0b7c8a52-3e0f-4a51-9a53-5d2b9c1e7f10");
    mixed.push(ghost);
    mixed.extend((n + 1..n + 51).map(record));
    let input = env.write("mixed.ndjson", &ndjson(mixed));
    let out = apply(&env, &["-f", input.to_str().unwrap()]);
    out.assert_code(7);
    let rep = report(&out.stdout);
    let outcomes = outcomes(&rep, n + 51);
    let t = tally(&outcomes);
    assert_eq!(t.get("updated").copied(), Some(n));
    assert_eq!(t.get("created").copied(), Some(50));
    assert_eq!(t.get("failed").copied(), Some(1));
    let ghost = rep.iter().find(|r| r["outcome"] == "failed").unwrap();
    assert_eq!(ghost["status"], 404);
    assert_eq!(ghost["operation"], "update");
    assert!(
        out.stderr.contains("1 of 251 records did not succeed"),
        "{}",
        out.stderr
    );
    // The failure says how to send again only what did not succeed, and that works.
    assert!(
        out.stderr
            .contains("hint: save stdout to a file: `--only-failed FILE`"),
        "{}",
        out.stderr
    );
    let c = counters(&env);
    assert_eq!(count(&c, "updates"), n as u64);
    assert_eq!(count(&c, "creates"), (n + 50) as u64);
    assert!(by_store_id(&c).values().all(|&v| v == 1));
    let results = env.write("results.ndjson", &out.stdout.clone());
    let again = apply(
        &env,
        &[
            "-f",
            input.to_str().unwrap(),
            "--only-failed",
            results.to_str().unwrap(),
        ],
    );
    again.assert_code(7);
    let c = counters(&env);
    assert_eq!(
        count(&c, "updates"),
        n as u64,
        "nothing done was sent again"
    );
    assert_eq!(count(&c, "creates"), (n + 50) as u64);

    // The update replaced the stored body.
    let got = env
        .cmd(&["location", "get", &ids["S-000007"], "-o", "json"])
        .run();
    got.assert_code(0);
    let location: Value = serde_json::from_str(&got.stdout).unwrap();
    assert_eq!(location["storeName"], "Renamed 7");
}

/// A token that cannot be renewed (`LOCADM_TOKEN`) revoked mid-run: the run stops at once
/// with exit 3 instead of failing every remaining record (and asking for a token each).
#[test]
fn a_token_that_cannot_be_renewed_stops_the_run_with_exit_3() {
    let n = 3000;
    let env = Env::with_emulator(&["--latency-ms", "2"]);
    let token = {
        let emulator = env.emulator();
        let out = Command::new("curl")
            .args([
                "-sS",
                "--fail",
                "-u",
                &format!("{}:{}", emulator.client_id, emulator.client_secret),
                "-d",
                "grant_type=client_credentials",
                &emulator.token_url,
            ])
            .run();
        out.json()["access_token"].as_str().unwrap().to_owned()
    };
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let report_path = env.path("out.ndjson");
    let mut child = env
        .std_command()
        .args(["location", "apply", "-f", input.to_str().unwrap()])
        .args(["--concurrency", "8"])
        .stdin(Stdio::null())
        .env("LOCADM_TOKEN", &token)
        .stdout(fs::File::create(&report_path).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_writes(&env, 300);
    env.emulator().revoke_tokens();
    let status = wait_with_timeout(&mut child, Duration::from_secs(20));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(3), "{err}");
    assert!(err.contains("LOCADM_TOKEN"), "{err}");
    assert!(err.contains("were not sent"), "{err}");
    let rep = report(&fs::read_to_string(&report_path).unwrap());
    assert!(rep.len() < n, "stopped early");
    let c = counters(&env);
    let created = rep.iter().filter(|r| r["outcome"] == "created").count() as u64;
    assert_eq!(created, count(&c, "creates"));
    let refused = count(&c, "requests") - count(&c, "creates");
    assert!(
        refused <= 16,
        "only the requests in flight were refused: {c}"
    );
    assert!(rep.iter().all(|r| r["outcome"] != "unknown"), "{rep:?}");
}

/// Stdout closed early (`| head`): the run stops sending, lets the requests in flight
/// finish and journals them, so a re-run neither duplicates nor reports them unknown.
#[test]
fn a_closed_stdout_stops_the_run_and_the_journal_stays_exact() {
    let n = 3000;
    let env = Env::with_emulator(&["--latency-ms", "1"]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let journal = env.path("journal");
    let args = [
        "location",
        "apply",
        "-f",
        input.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
    ];
    let mut child = env
        .std_command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    {
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    } // closed here
    let status = wait_with_timeout(&mut child, Duration::from_secs(20));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the report"), "{err}");
    let c = counters(&env);
    assert!(count(&c, "creates") < n as u64, "stopped early: {c}");
    let entries = journal_entries(&journal);
    let created = entries.iter().filter(|e| e["outcome"] == "created").count();
    assert_eq!(
        created as u64,
        count(&c, "creates"),
        "every create journaled"
    );
    no_create_left_started(&entries);

    let out = apply(&env, &args[2..]);
    out.assert_code(0);
    let outcomes = outcomes(&report(&out.stdout), n);
    assert_eq!(tally(&outcomes).get("skipped").copied(), Some(created));
    assert_exactly_once(&counters(&env), n);
}

// ---------------------------------------------------------------------------------------
// Gateway errors

/// A service behind a gateway that answers 504 or 502 although the service created the
/// location (the worst case): such a create is reported `unknown`, not `failed`, so that a
/// re-run with the journal does not send it again.
#[test]
fn a_gateway_error_on_a_create_is_unknown_and_never_sent_again() {
    use axum::extract::State;
    use axum::http::StatusCode;
    use axum::routing::post;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Stored(Arc<Mutex<(u64, HashMap<String, u64>)>>);

    async fn create(State(stored): State<Stored>, body: String) -> (StatusCode, String) {
        let value: Value = serde_json::from_str(&body).unwrap();
        let mut s = stored.0.lock().unwrap();
        s.0 += 1;
        let n = s.0;
        *s.1.entry(value["storeId"].as_str().unwrap().to_owned())
            .or_insert(0) += 1;
        let status = match n % 20 {
            7 => StatusCode::GATEWAY_TIMEOUT,
            13 => StatusCode::BAD_GATEWAY,
            _ => StatusCode::CREATED,
        };
        let link = format!(
            "{{\"rel\":\"self\",\"href\":\"/locations/{}\"}}",
            uuid_for(n)
        );
        (status, link)
    }
    fn uuid_for(n: u64) -> String {
        format!("00000000-0000-4000-8000-{n:012}")
    }
    async fn token() -> ([(&'static str, &'static str); 1], &'static str) {
        (
            [("content-type", "application/json")],
            r#"{"access_token":"t","token_type":"Bearer","expires_in":3600}"#,
        )
    }

    let stored = Stored::default();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let app = axum::Router::new()
        .route("/locations", post(create))
        .route("/oauth/token", post(token))
        .with_state(stored.clone());
    runtime.spawn(async move { axum::serve(listener, app).await });

    let n = 400;
    // A service of its own: tests/it/common's Env without an emulator, pointed at it.
    let env = Env::offline()
        .with_client("c", "s")
        .var("LOCADM_BASE_URL", &format!("http://{addr}"))
        .var("LOCADM_TOKEN_URL", &format!("http://{addr}/oauth/token"));
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let journal = env.path("journal");
    let args = [
        "-f",
        input.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--attempts",
        "1",
    ];
    let out = apply(&env, &args);
    out.assert_code(7);
    let rep = report(&out.stdout);
    let first = outcomes(&rep, n);
    let t = tally(&first);
    assert_eq!(t.get("unknown").copied(), Some(n / 10), "{t:?}");
    assert_eq!(t.get("created").copied(), Some(n - n / 10));
    for r in rep.iter().filter(|r| r["outcome"] == "unknown") {
        assert!(matches!(r["status"].as_u64(), Some(502 | 504)), "{r}");
    }

    let out = apply(&env, &args);
    out.assert_code(7);
    let second = outcomes(&report(&out.stdout), n);
    assert_eq!(tally(&second).get("unknown").copied(), Some(n / 10));
    let s = stored.0.lock().unwrap();
    assert_eq!(s.0, n as u64, "nothing sent by the re-run");
    assert!(s.1.values().all(|&v| v == 1), "no storeId created twice");
}

/// SIGTERM (`timeout`, a cancelled CI job) stops a run like Ctrl-C: nothing in flight is
/// lost, every create is journaled with its outcome.
#[test]
fn sigterm_stops_like_ctrl_c() {
    let n = 3000;
    let env = Env::with_emulator(&["--latency-ms", "2"]);
    let input = env.write("in.ndjson", &ndjson((0..n).map(record)));
    let (mut child, journal, report_path) = spawn_journaled(&env, &input);
    wait_for_writes(&env, 300);
    signal(&child, "TERM");
    let status = wait_with_timeout(&mut child, Duration::from_secs(10));
    let err = fs::read_to_string(report_path.with_extension("err")).unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    let c = counters(&env);
    assert!(count(&c, "creates") < n as u64);
    let entries = journal_entries(&journal);
    let created = entries.iter().filter(|e| e["outcome"] == "created").count();
    let started = entries.iter().filter(|e| e["outcome"] == "started").count();
    assert_eq!(created as u64, count(&c, "creates"));
    no_create_left_started(&entries);
    assert!(started >= created);
    let rep = report(&fs::read_to_string(&report_path).unwrap());
    assert_eq!(rep.len(), created);
}

/// Every create a journal started has an outcome after it: `created`, or `failed` for
/// one the stop caught before it was sent (a resume sends it; `started` alone would
/// make it look as if it may exist).
fn no_create_left_started(entries: &[Value]) {
    let mut last = HashMap::new();
    for entry in entries.iter().filter(|e| e.get("key").is_some()) {
        last.insert(
            entry["key"].as_str().unwrap().to_owned(),
            entry["outcome"].clone(),
        );
    }
    let started: Vec<_> = last.iter().filter(|(_, o)| *o == "started").collect();
    assert!(started.is_empty(), "left started: {started:?}");
}

/// Waits until the emulator has seen `at_least` API requests; how many it has seen.
fn wait_for_requests(env: &Env, at_least: u64) -> u64 {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let seen = count(&counters(env), "requests");
        if seen >= at_least {
            return seen;
        }
        assert!(Instant::now() < deadline, "no request came");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Issue 52, item 5: Ctrl-C or SIGTERM while the run waits out a `Retry-After` (every
/// request answered 429, Retry-After 30 s) ends the run at once: not one request reaches
/// the emulator after the signal, and each create waiting to be sent again is journaled
/// `failed` (a resume sends it). (Before, the run slept the pause out and sent the
/// retries: 44–75 s and 7–8 creates after Ctrl-C.)
#[test]
fn a_signal_during_a_retry_after_pause_sends_nothing_more() {
    for name in ["INT", "TERM"] {
        let env = Env::with_emulator(&["--throttle-rate", "1.0", "--retry-after", "30"]);
        let input = env.write("in.ndjson", &ndjson((0..20).map(record)));
        let (mut child, journal, report_path) = spawn_journaled(&env, &input);
        wait_for_requests(&env, 1);
        // The first window's answers are in, and the run is in its pause.
        std::thread::sleep(Duration::from_millis(500));
        let before = count(&counters(&env), "requests");
        signal(&child, name);
        let status = wait_with_timeout(&mut child, Duration::from_secs(10));
        let err = fs::read_to_string(report_path.with_extension("err")).unwrap();
        // Issue 56: the shell's 130, as for Ctrl-C anywhere else (it was 1), with what
        // was not sent and how to resume.
        assert_eq!(status.code(), Some(130), "{name}: {err}");
        assert!(err.contains("interrupted: "), "{name}: {err}");
        assert!(err.contains("to resume"), "{name}: {err}");
        assert_eq!(
            count(&counters(&env), "requests"),
            before,
            "{name}: a request after the signal"
        );
        let entries = journal_entries(&journal);
        no_create_left_started(&entries);
        assert!(
            entries.iter().any(|e| e["outcome"] == "failed"),
            "{name}: {entries:?}"
        );
    }
}

/// Issue 52, item 5: Ctrl-C while the run starts from a remembered pace, its sends
/// spaced out (a first window spread over a remembered round trip of a minute, and a
/// remembered rate of one a second: on loopback the first answers show the round trip
/// short, and the rate is what keeps the spacing) ends the run at once, with no request
/// after the signal: a paced send waits on the same slot either way. (Before, the run
/// went on sending at its pace until the window was spent.)
#[test]
fn a_signal_during_a_paced_first_window_sends_nothing_more() {
    let env = Env::new();
    let input = env.write("in.ndjson", &ndjson((0..200).map(record)));
    // A first run writes the memory of this service; it is then made a slow one.
    let first = env.write("first.ndjson", &ndjson((1000..1003).map(record)));
    apply(&env, &["-f", first.to_str().unwrap()]).assert_code(0);
    let pace_file = env.path("data").join("locadm").join("pace.json");
    let mut pace: Value = serde_json::from_str(&fs::read_to_string(&pace_file).unwrap()).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let entry = &mut pace["services"][0];
    entry["learnedAt"] = (now - 60).into();
    entry["inFlight"] = 64.into();
    entry["growing"] = false.into();
    entry["roundTripMs"] = 60000.0.into();
    entry["rate"] = 1.0.into();
    fs::write(&pace_file, pace.to_string()).unwrap();
    let (mut child, journal, report_path) = spawn_journaled(&env, &input);
    let before = wait_for_requests(&env, 5);
    signal(&child, "INT");
    let status = wait_with_timeout(&mut child, Duration::from_secs(10));
    let err = fs::read_to_string(report_path.with_extension("err")).unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("started at 64 in flight and about 1.0 requests a second"),
        "the run started from the memory: {err}"
    );
    assert_eq!(
        count(&counters(&env), "requests"),
        before,
        "a request after the signal"
    );
    no_create_left_started(&journal_entries(&journal));
}

/// A journal belongs to the input it was written for: with the input changed (a line
/// removed, so every later position moves), resuming is refused before anything is sent.
#[test]
fn a_journal_is_only_resumed_with_its_own_input() {
    let env = Env::with_emulator(&[]);
    let journal = env.path("journal");
    let journal_arg = journal.to_str().unwrap();
    let input = env.write("in.ndjson", &ndjson((0..20).map(record)));
    let out = apply(
        &env,
        &["-f", input.to_str().unwrap(), "--journal", journal_arg],
    );
    out.assert_code(0);
    assert_eq!(
        journal_entries(&journal)[0]["input"]
            .as_str()
            .map(|d| d.starts_with("sha256:")),
        Some(true)
    );

    // The same input resumes: everything is skipped.
    let out = apply(
        &env,
        &["-f", input.to_str().unwrap(), "--journal", journal_arg],
    );
    out.assert_code(0);
    assert!(report(&out.stdout)
        .iter()
        .all(|r| r["outcome"] == "skipped"));

    let creates = count(&counters(&env), "creates");
    let changed = env.write("in.ndjson", &ndjson((1..20).map(record)));
    let out = apply(
        &env,
        &["-f", changed.to_str().unwrap(), "--journal", journal_arg],
    );
    out.assert_code(2);
    assert!(
        out.stderr.contains("written for other input"),
        "{}",
        out.stderr
    );
    assert_eq!(
        count(&counters(&env), "creates"),
        creates,
        "nothing was sent"
    );
}
