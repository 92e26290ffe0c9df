//! Issue 44: a bulk run starts from the pace the last run against the same service
//! learned, kept in `pace.json` in the data directory; trusted less as it ages, dropped
//! when the service answers differently, not used with `--concurrency N`, `--rate R`
//! (for the rate) or `--fresh-pace`. Seen through the real binary: the file, the run's
//! summary, and the emulator's counters (how many it had in flight at once).

use crate::common;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use common::{Emulator, Env, Run, RunToEnd};
use serde_json::Value;

fn pace_file(env: &Env) -> PathBuf {
    env.path("data").join("locadm").join("pace.json")
}

fn remembered(env: &Env) -> Value {
    let text = std::fs::read_to_string(pace_file(env)).expect("the pace file is written");
    serde_json::from_str(&text).expect("the pace file is JSON")
}

/// The entries of the file, one a service.
fn entries(env: &Env) -> Vec<Value> {
    remembered(env)["services"].as_array().unwrap().clone()
}

/// `n` new records (store ids `PREFIX-…`) applied with `extra` options.
fn apply(env: &Env, prefix: &str, n: usize, extra: &[&str]) -> Run {
    let input = env.records(prefix, n, &format!("{prefix}.ndjson"));
    let mut args = vec!["location", "apply", "--file", input.to_str().unwrap()];
    args.extend_from_slice(extra);
    // A run this short says how it paced itself (and what it keeps) only with `-v`.
    args.extend_from_slice(&["-o", "ndjson", "-v"]);
    let out = env.cmd(&args).run();
    out.assert_code(0);
    out
}

/// The line of the summary that says where the run's pace started.
fn pace_line(out: &Run) -> String {
    out.messages()
        .into_iter()
        .find(|line| line.starts_with("pace: started"))
        .unwrap_or_else(|| panic!("no pace line: {}", out.stderr))
}

/// Every message on stderr, a line each (`-o ndjson` makes them JSON objects).
fn messages(out: &Run) -> String {
    out.messages().join("\n")
}

/// Sets the one entry of the file to what an earlier run learned `age_secs` ago.
fn remember(env: &Env, age_secs: u64, change: Value) {
    let mut file = remembered(env);
    let entry = &mut file["services"][0];
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    entry["learnedAt"] = (now - age_secs).into();
    for (key, value) in change.as_object().unwrap() {
        entry[key] = value.clone();
    }
    std::fs::write(pace_file(env), serde_json::to_string(&file).unwrap()).unwrap();
}

/// The most requests the emulator had in flight at once.
fn peak_in_flight(env: &Env) -> u64 {
    env.emulator().counters()["limits"]["peak_in_flight"]
        .as_u64()
        .unwrap()
}

const DAY: u64 = 24 * 60 * 60;

/// The first run learns from zero and writes what it learned for its service (figures
/// and the URL, nothing secret); the next run against the same service starts from it,
/// a run against another service does not, and each keeps its own entry.
#[test]
fn the_pace_is_remembered_per_service_and_the_next_run_starts_from_it() {
    let mut env = Env::with_emulator(&["--latency-ms", "5"]);
    let first = apply(&env, "A", 100, &[]);
    let line = pace_line(&first);
    assert!(
        line.starts_with("pace: started from zero; remembered for the next run: "),
        "{line}"
    );
    let services = entries(&env);
    assert_eq!(services.len(), 1, "{services:?}");
    let entry = &services[0];
    let base_url = env.emulator().base_url.clone();
    assert_eq!(
        entry["service"].as_str().unwrap().trim_end_matches('/'),
        base_url.trim_end_matches('/')
    );
    let in_flight = entry["inFlight"].as_u64().unwrap();
    assert!(in_flight >= 4, "{entry}");
    assert!(line.contains(&format!("{in_flight} in flight")), "{line}");
    assert!(entry["roundTripMs"].as_f64().unwrap() > 0.0, "{entry}");
    let text = std::fs::read_to_string(pace_file(&env)).unwrap();
    let secret = env.client_secret.clone().unwrap();
    assert!(!text.contains(&secret), "no secret in the file: {text}");

    let second = apply(&env, "B", 100, &[]);
    let line = pace_line(&second);
    assert!(
        line.starts_with(&format!("pace: started at {in_flight} in flight, learned ")),
        "the second run starts where the first ended: {line}"
    );
    assert!(
        line.contains(" s ago; remembered for the next run: "),
        "{line}"
    );

    // Another service (another emulator, on another port) in the same HOME.
    env.serve(Emulator::start(&[]));
    let other = apply(&env, "C", 20, &[]);
    let line = pace_line(&other);
    assert!(line.starts_with("pace: started from zero;"), "{line}");
    let services = entries(&env);
    assert_eq!(services.len(), 2, "an entry a service: {services:?}");
    assert!(
        services
            .iter()
            .any(|e| e["service"].as_str().unwrap().trim_end_matches('/')
                == base_url.trim_end_matches('/')),
        "the first service's entry is kept: {services:?}"
    );
}

/// Remembered 200 in flight with a rate two days ago: trusted a quarter, the run starts at
/// 50 in flight and a quarter of the rate (and the emulator sees the 50 at once, where a
/// run from zero starts at 4 and doubles); a week ago, not at all; `--fresh-pace` starts
/// from zero whatever the file says.
#[test]
fn an_old_pace_is_trusted_less_and_fresh_pace_starts_from_zero() {
    // Each answer held 100 ms: the first sends of a run are all in flight at once.
    let env = Env::with_emulator(&["--latency-ms", "100"]);
    apply(&env, "A", 8, &[]);
    let remembered_pace = serde_json::json!({"inFlight": 200, "growing": false, "rate": 2000.0});
    remember(&env, 2 * DAY, remembered_pace.clone());
    let aged = apply(&env, "B", 60, &[]);
    let line = pace_line(&aged);
    assert!(
        line.starts_with(
            "pace: started at 50 in flight and about 500 requests a second, learned 2 days ago;"
        ),
        "{line}"
    );
    let peak = peak_in_flight(&env);
    assert!(
        peak >= 40,
        "the run started at 50 in flight: {peak} at most"
    );

    let env = Env::with_emulator(&["--latency-ms", "100"]);
    apply(&env, "A", 8, &[]);
    remember(&env, 2 * DAY, remembered_pace.clone());
    let fresh = apply(&env, "B", 60, &["--fresh-pace"]);
    let line = pace_line(&fresh);
    assert!(
        line.starts_with("pace: started from zero (--fresh-pace); remembered"),
        "{line}"
    );
    let peak = peak_in_flight(&env);
    assert!(
        peak < 40,
        "the run started from zero: {peak} in flight at most"
    );

    remember(&env, 8 * DAY, remembered_pace);
    let forgotten = apply(&env, "C", 8, &[]);
    let line = pace_line(&forgotten);
    assert!(line.starts_with("pace: started from zero;"), "{line}");
}

/// `--concurrency N` neither uses nor writes the memory; with `--rate R` the window
/// starts from it but the sends are not spaced at the remembered rate. `-v` says where
/// the run starts, and from which file.
#[test]
fn flags_win_over_the_remembered_pace() {
    let env = Env::with_emulator(&[]);
    apply(&env, "A", 8, &[]);
    remember(
        &env,
        60,
        serde_json::json!({"inFlight": 16, "rate": 2000.0}),
    );
    let before = std::fs::read_to_string(pace_file(&env)).unwrap();

    let fixed = apply(&env, "B", 8, &["--concurrency", "3"]);
    let said = messages(&fixed);
    assert!(
        !said.contains("pace: started"),
        "no pace line with a fixed concurrency: {said}"
    );
    assert!(
        said.contains("pace: a fixed concurrency: nothing remembered is used or written"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(pace_file(&env)).unwrap(),
        before,
        "a fixed run leaves the memory as it was"
    );

    let rated = apply(&env, "C", 8, &["--rate", "5000"]);
    let line = pace_line(&rated);
    let said = messages(&rated);
    assert!(
        !said.contains("requests a second, learned"),
        "the remembered rate is not used with --rate: {said}"
    );
    assert!(
        said.contains("pace: remembered for `http://127.0.0.1:"),
        "-v says where it starts: {said}"
    );
    assert!(
        said.contains("pace.json`: starting at 16 in flight, learned 1 min ago"),
        "{said}"
    );
    assert!(
        line.starts_with("pace: started at 16 in flight, learned 1 min ago;"),
        "{line}"
    );
}

/// The service answering differently drops what was remembered: a round trip far longer
/// than the remembered one starts the window from zero, a refusal (a capacity now below
/// the remembered window) is said and learned from.
#[test]
fn a_service_that_answers_differently_drops_the_remembered_pace() {
    let env = Env::with_emulator(&["--latency-ms", "30"]);
    apply(&env, "A", 8, &[]);
    remember(
        &env,
        60,
        serde_json::json!({"inFlight": 8, "growing": false, "roundTripMs": 2.0}),
    );
    let slower = apply(&env, "B", 60, &[]);
    let line = pace_line(&slower);
    assert!(
        line.starts_with(
            "pace: started at 8 in flight, learned 1 min ago, dropped: the round trip is "
        ),
        "{line}"
    );
    assert!(
        line.contains(" ms, not 2 ms (learned again from zero)"),
        "{line}"
    );

    let env = Env::with_emulator(&["--capacity", "4", "--latency-ms", "20"]);
    apply(&env, "A", 4, &["--concurrency", "1"]);
    // A fixed run wrote nothing: an auto run writes the entry to change.
    apply(&env, "B", 4, &[]);
    remember(
        &env,
        60,
        serde_json::json!({"inFlight": 32, "growing": false}),
    );
    let refused = apply(&env, "C", 100, &["--attempts", "10"]);
    let line = pace_line(&refused);
    assert!(
        line.contains(", the service refused (503) at 32 in flight (learned again from there);"),
        "{line}"
    );
    let entry = &entries(&env)[0];
    assert!(
        entry["inFlight"].as_u64().unwrap() < 32,
        "what the run learned replaces what was remembered: {entry}"
    );
}

/// Export (`location get --ids-from`) and bulk `delete` start from the pace an apply
/// learned against the same service, and remember theirs.
#[test]
fn export_and_delete_start_from_the_remembered_pace() {
    let env = Env::with_emulator(&[]);
    let applied = apply(&env, "A", 40, &[]);
    let ids = env.write("ids.ndjson", &applied.stdout);
    let in_flight = entries(&env)[0]["inFlight"].as_u64().unwrap();

    let export = env
        .cmd(&["location", "get", "--ids-from", ids.to_str().unwrap(), "-v"])
        .run();
    export.assert_code(0);
    let line = pace_line(&export);
    assert!(
        line.starts_with(&format!("pace: started at {in_flight} in flight, learned ")),
        "{line}"
    );

    let in_flight = entries(&env)[0]["inFlight"].as_u64().unwrap();
    let delete = env
        .cmd(&[
            "location",
            "delete",
            "--ids-from",
            ids.to_str().unwrap(),
            "--yes",
            "-v",
        ])
        .run();
    delete.assert_code(0);
    let line = pace_line(&delete);
    assert!(
        line.starts_with(&format!("pace: started at {in_flight} in flight, learned ")),
        "{line}"
    );
}

/// Issue 52, item 4: a `pace.json` with a value no run writes (a negative or huge round
/// trip, a `learnedAt` at the 64-bit maximum, a rate of zero, a window of a million) is
/// not used: the run starts from zero with a warning naming the value, never a panic,
/// and the next run writes a good entry in its place. (With the check undone, the
/// round trips and the time panic: exit 101.)
#[test]
fn a_hostile_pace_memory_starts_from_zero_with_a_warning() {
    let env = Env::new();
    apply(&env, "H", 3, &[]);
    for (n, (key, value, named)) in [
        ("roundTripMs", serde_json::json!(-5.0), "`roundTripMs` -5.0"),
        (
            "roundTripMs",
            serde_json::json!(1e300),
            "`roundTripMs` 1e+300",
        ),
        ("rate", serde_json::json!(0.0), "`rate` 0.0"),
        (
            "inFlight",
            serde_json::json!(1_000_000),
            "`inFlight` 1000000",
        ),
        ("connections", serde_json::json!(0), "`connections` 0"),
        (
            "learnedAt",
            serde_json::json!(u64::MAX),
            "`learnedAt` 18446744073709551615",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        remember(&env, 60, serde_json::json!({ key: value }));
        if key == "learnedAt" {
            // `remember` set the age; this one is the value itself.
            let mut file = remembered(&env);
            file["services"][0]["learnedAt"] = value.clone();
            std::fs::write(pace_file(&env), file.to_string()).unwrap();
        }
        let out = apply(&env, &format!("H{n}"), 3, &[]);
        let said = messages(&out);
        assert!(
            said.contains(&format!("holds {named}")) && said.contains("starting from zero"),
            "{key}: {said}"
        );
        assert!(
            pace_line(&out).contains("started from zero"),
            "{key}: {said}"
        );
        // What the run learned took the bad entry's place.
        assert!(entries(&env)[0][key] != value, "{key}");
    }
}
