//! `--curl`: the requests a command would send, printed as curl command lines and run by
//! the real `curl` (through bash, with the built `locadm` on PATH for the token) against
//! the emulator: the service ends as the command itself would leave it, and the lines
//! hold no secret. `.ci/run` installs curl.

use serde_json::Value;

use crate::common::raw_server::{response, RawServer};
use crate::common::{example, Env, Run, RunToEnd};

/// The one token placeholder every printed request carries.
const TOKEN: &str = r#"-H 'Authorization: Bearer '"$(locadm auth token)""#;

/// `locadm ARGS --curl`: exit 0, curl command lines on stdout (one a request; a body's
/// newlines, inside its quotes, make more lines of one); the text.
#[track_caller]
fn printed(env: &Env, args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--curl");
    let run = env.run(&args);
    run.assert_code(0);
    assert!(run.stdout.starts_with("curl "), "{}", run.stdout);
    run.stdout
}

/// Runs `script` with bash in the Env, the built `locadm` first on PATH.
#[track_caller]
fn run_with_bash(env: &Env, script: &str) -> Run {
    let run = env.bash().args(["-euo", "pipefail", "-c", script]).run();
    run.assert_code(0);
    run
}

/// Runs the printed lines as printed; the answers' bodies, which curl writes to stdout.
#[track_caller]
fn run_printed(env: &Env, lines: &str) -> String {
    run_with_bash(env, lines).stdout
}

/// A location as read, without what the service assigns.
fn fields(env: &Env, id: &str) -> Value {
    let read = env.run(&["location", "get", id, "-o", "json"]);
    read.assert_code(0);
    let mut read = read.json();
    let object = read.as_object_mut().unwrap();
    object.remove("id");
    object.remove("links");
    read
}

/// No secret of the Env in `text`, and the token as the command that prints one.
#[track_caller]
fn holds_no_secret(env: &Env, text: &str) {
    assert!(
        !text.contains(env.client_secret.as_deref().unwrap()),
        "{text}"
    );
    for line in text.lines() {
        assert_eq!(line.matches("Authorization").count(), 1, "{line}");
        assert!(line.contains(TOKEN), "{line}");
    }
}

#[test]
fn printed_requests_run_by_curl_do_what_the_commands_do() {
    let env = Env::new();
    let file = example("location.json");
    let file = file.to_str().unwrap();
    let counters = env.emulator().counters();

    // A create: printed, nothing sent, not even for a token.
    let create = printed(&env, &["location", "create", "--file", file]);
    assert_eq!(create.lines().count(), 1, "{create}");
    assert!(create.starts_with("curl -X POST "), "{create}");
    assert!(
        create.contains("-H 'Content-Type: application/json'"),
        "{create}"
    );
    holds_no_secret(&env, &create);
    let after = env.emulator().counters();
    assert_eq!(after["requests"], counters["requests"]);
    assert_eq!(after["tokens_issued"], counters["tokens_issued"]);

    // Run, it creates the location the command creates.
    let link: Value = serde_json::from_str(&run_printed(&env, &create)).unwrap();
    let id = link["href"]
        .as_str()
        .unwrap()
        .trim_start_matches("/locations/");
    let by_command = env.create_example(&[]);
    assert_eq!(fields(&env, id), fields(&env, &by_command));

    // An update by flags: the current state is read for real, the update printed.
    let name = r#"It's "renamed" \ $(x) ü"#;
    let before = fields(&env, id);
    let update = printed(&env, &["location", "update", id, "--store-name", name]);
    assert!(update.starts_with("curl -X PUT "), "{update}");
    holds_no_secret(&env, &update);
    assert_eq!(fields(&env, id), before, "nothing was sent yet");
    run_printed(&env, &update);
    let mut expected = before.clone();
    expected["storeName"] = name.into();
    assert_eq!(fields(&env, id), expected);

    // A read, as `api` makes it: the same answer as the command's.
    let read = printed(&env, &["api", &format!("locations/{id}")]);
    assert!(read.starts_with("curl -X GET "), "{read}");
    holds_no_secret(&env, &read);
    let by_curl: Value = serde_json::from_str(&run_printed(&env, &read)).unwrap();
    assert_eq!(
        by_curl,
        env.run(&["api", &format!("locations/{id}")]).json()
    );

    // A delete.
    let delete = printed(&env, &["location", "delete", id, "--yes"]);
    assert!(delete.starts_with("curl -X DELETE "), "{delete}");
    holds_no_secret(&env, &delete);
    env.run(&["location", "get", id]).assert_code(0);
    run_printed(&env, &delete);
    env.run(&["location", "get", id]).assert_code(5);
}

#[test]
fn a_body_reaches_the_service_byte_for_byte() {
    let server = RawServer::answering(response("200 OK", "application/json", b"{}"));
    let env = Env::offline().var("LOCADM_TOKEN", "token-not-printed");
    let body = "{\"a\": \"it's \\\"q\\\" \\\\ $(x) `y` $HOME ü€\",\t\"b\": '}\n\nno final newline";
    let file = env.write("body.txt", body);
    let url = server.url();
    let line = printed(
        &env,
        &[
            "--base-url",
            &url,
            "api",
            "-X",
            "PUT",
            "locations/x",
            "--input",
            file.to_str().unwrap(),
        ],
    );
    assert!(!line.contains("token-not-printed"), "{line}");
    // The service's options of the run are carried into the command the token comes from.
    assert!(
        line.contains(&format!("\"$(locadm auth token --base-url {url})\"")),
        "{line}"
    );
    assert!(server.requests().is_empty());

    run_with_bash(&env, &line);
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let (head, sent) = requests[0].split_once("\r\n\r\n").unwrap();
    assert_eq!(sent, body);
    let head = head.to_ascii_lowercase();
    assert!(head.starts_with("put /locations/x http/1.1"), "{head}");
    assert!(
        head.contains("authorization: bearer token-not-printed"),
        "{head}"
    );
    assert!(head.contains("content-type: application/json"), "{head}");
}

#[test]
fn a_bulk_run_prints_its_writes_in_order_and_sends_its_reads() {
    let env = Env::new();
    let id = env.create_example(&[]);
    let provider = env.emulator().provider_id.clone();
    let records = [
        serde_json::json!({"id": id, "city": "Leipzig"}),
        serde_json::json!({"id": id, "storeName": "Alexanderplatz Collection Point"}),
        serde_json::json!({
            "storeId": "CURL-1", "storeName": "By curl", "address": "A 1", "city": "Berlin",
            "postCode": "10115", "countryCode": "DEU", "latitude": 52.5, "longitude": 13.4,
            "locationProvider": {"id": provider}
        }),
    ];
    let lines: Vec<String> = records.iter().map(Value::to_string).collect();
    let file = env.write("records.ndjson", &(lines.join("\n") + "\n"));
    let args = [
        "location",
        "apply",
        "--file",
        file.to_str().unwrap(),
        "--yes",
    ];
    let mut with_curl = args.to_vec();
    with_curl.push("--curl");
    let run = env.run(&with_curl);
    run.assert_code(0);
    // The merge that changes something and the create, in the input's order; the
    // unchanged record is said on stderr.
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].starts_with(&format!(
        "curl -X PUT {}/locations/{id} ",
        env.emulator().base_url
    )));
    assert!(lines[1].starts_with("curl -X POST "), "{}", lines[1]);
    assert!(
        run.stderr.contains("line 2 (storeId BER-001, "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("unchanged"), "{}", run.stderr);
    holds_no_secret(&env, &run.stdout);
    assert_eq!(env.emulator().counters()["updates"], 0);
    assert_eq!(env.emulator().counters()["creates"], 1);

    run_printed(&env, &run.stdout);
    let read = env.run(&["location", "get", &id, "-o", "json"]).json();
    assert_eq!(read["structuredAddress"]["city"], "Leipzig");
    assert_eq!(env.emulator().counters()["creates"], 2);

    // Many reads are printed, and need no token.
    let tokens = env.emulator().counters()["tokens_issued"].clone();
    let reads = printed(&env, &["location", "get", &id, &id]);
    assert_eq!(reads.lines().count(), 2, "{reads}");
    assert_eq!(env.emulator().counters()["tokens_issued"], tokens);
}

#[test]
fn what_sends_nothing_to_the_service_refuses_curl() {
    let env = Env::new();
    let file = example("location.json");
    let file = file.to_str().unwrap();
    for args in [
        vec!["location", "validate", "--file", file],
        vec!["auth", "token"],
        vec!["login", "--client-id", "x"],
        vec!["smoke", "--provider", "x"],
        vec!["location", "apply", "--file", file, "--plan"],
        vec!["location", "apply", "--file", file, "--dry-run"],
        vec![
            "location",
            "delete",
            "--ids-from",
            file,
            "--journal",
            "j.ndjson",
        ],
        vec!["location", "list"],
        vec!["config", "show"],
        vec!["completions", "bash"],
    ] {
        let mut with_curl = args.clone();
        with_curl.push("--curl");
        let run = env.run(&with_curl);
        run.assert_code(2);
        let refused = run.stdout.is_empty() && run.stderr.contains("nothing was printed");
        assert!(refused, "{args:?}: {run:?}");
    }
    // The `local` profile's emulator is gone once the command ends: nothing to run later.
    let local = Env::offline().run(&[
        "--profile",
        "local",
        "location",
        "create",
        "--file",
        file,
        "--curl",
    ]);
    local.assert_code(2);
    assert!(local.stderr.contains("`local` profile"), "{}", local.stderr);
    assert!(local.stdout.is_empty());
}
