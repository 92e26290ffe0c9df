//! The location and provider commands end to end: the real binary against the real
//! emulator binary, through the one hermetic helper (`tests/it/common/mod.rs`). Every
//! command, every output mode, every exit code of docs/service-contract.md, stdin input, the delete
//! confirmation rules, update from the current state, the `local` profile, and the
//! prompts through a pseudo-terminal.
// These tests drive the emulator binary, which come with the `emulator` feature.

use crate::common;
use common::emulator as emulator_helpers;

use assert_cmd::assert::Assert;
use common::{example, http_text, Env, Run, RunToEnd};
use predicates::prelude::*;
use serde_json::{json, Value};

pub(crate) const DEMO_PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";
const UNKNOWN_ID: &str = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";

/// A full create body with email, tags and translations (structured address).
fn rich_location(store_name: &str) -> Value {
    json!({
        "storeId": "BER-RICH",
        "storeName": store_name,
        "supplementaryName": "Mitte",
        "structuredAddress": {
            "street": "Alexanderplatz",
            "houseNumber": "1",
            "city": "Berlin",
            "postCode": "10178",
            "countryCode": "DE"
        },
        "latitude": 52.52190000,
        "longitude": 13.41321,
        "locationProvider": { "id": DEMO_PROVIDER },
        "email": "berlin@example.com",
        "photoUrls": ["https://example.com/a.jpg"],
        "hasDisabledAccess": true,
        "description": "Upstairs",
        "tags": ["collection-point", "24h"],
        "translations": { "de": { "storeName": "Abholstelle" } }
    })
}

/// Creates a location from `body` with `-q` and returns its id.
fn create(env: &Env, body: &Value) -> String {
    let assert = env
        .cmd(&["location", "create", "-q", "--file", "-"])
        .write_stdin(body.to_string())
        .assert()
        .success();
    let id = Run::from(&assert).stdout.trim().to_owned();
    uuid::Uuid::parse_str(&id).unwrap_or_else(|_| panic!("-q printed an id: {id:?}"));
    id
}

/// `location get ID -o json` as a value.
pub(crate) fn get(env: &Env, id: &str) -> Value {
    let assert = env
        .cmd(&["location", "get", id, "-o", "json"])
        .assert()
        .success();
    serde_json::from_str(&Run::from(&assert).stdout).unwrap()
}

pub(crate) fn counter(env: &Env, name: &str) -> u64 {
    env.emulator().counters()[name].as_u64().unwrap()
}

/// The last stderr line as the `-o json` error object.
fn json_error(assert: &Assert) -> Value {
    let text = Run::from(assert).stderr;
    let line = text.lines().last().expect("stderr has a line");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not one JSON object ({e}): {text}"))
}

// ---------------------------------------------------------------- create

#[test]
fn create_from_a_file_prints_the_link_body_as_it_came() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "create", "--file"])
        .arg(example("location.json"))
        .args(["-o", "json"])
        .assert()
        .success()
        .stderr("");
    let out = Run::from(&assert).stdout;
    let link: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(link["rel"], "self", "{out}");
    let href = link["href"].as_str().unwrap();
    let id = href.strip_prefix("/locations/").expect(href);
    assert_eq!(get(&env, id)["storeId"], "BER-001");
    assert_eq!(counter(&env, "creates"), 1);
}

#[test]
fn json_is_the_default_off_a_terminal() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "create", "--file"])
        .arg(example("location.json"))
        .assert()
        .success();
    let link: Value = serde_json::from_str(&Run::from(&assert).stdout).unwrap();
    assert!(link["href"].as_str().unwrap().starts_with("/locations/"));
}

#[test]
fn create_from_stdin() {
    let env = Env::new();
    let body = std::fs::read_to_string(example("location.json")).unwrap();
    let assert = env
        .cmd(&["location", "create", "--file", "-", "-o", "ndjson"])
        .write_stdin(body)
        .assert()
        .success();
    let out = Run::from(&assert).stdout;
    assert_eq!(out.lines().count(), 1, "ndjson is one line: {out:?}");
    let link: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(link["rel"], "self");
    assert_eq!(counter(&env, "creates"), 1);
}

#[test]
fn create_from_field_flags() {
    let env = Env::new();
    let assert = env
        .cmd(&[
            "location",
            "create",
            "-q",
            "--store-id",
            "HAM-7",
            "--store-name",
            "Hamburg Hbf",
            "--street",
            "Hachmannplatz",
            "--house-number",
            "16",
            "--city",
            "Hamburg",
            "--post-code",
            "20099",
            "--country-code",
            "DE",
            "--latitude",
            "53.5530",
            "--longitude",
            "10.00654",
            "--provider-id",
            DEMO_PROVIDER,
            "--email",
            "hh@example.com",
            "--tag",
            "station",
            "--tag",
            "24h",
        ])
        .assert()
        .success()
        .stderr("");
    let id = Run::from(&assert).stdout.trim().to_owned();
    let read = get(&env, &id);
    assert_eq!(read["storeName"], "Hamburg Hbf");
    assert_eq!(read["structuredAddress"]["street"], "Hachmannplatz");
    assert_eq!(read["email"], "hh@example.com");
    assert_eq!(read["tags"], json!(["station", "24h"]));
}

#[test]
fn quiet_create_prints_only_the_id_for_capture() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "create", "-q", "--file"])
        .arg(example("location.json"))
        .assert()
        .success()
        .stderr("");
    let out = Run::from(&assert).stdout;
    // `id=$(locadm location create -q --file x)`: exactly one UUID and a newline.
    let id = out.strip_suffix('\n').expect("ends with a newline");
    assert!(!id.contains('\n'), "{out:?}");
    uuid::Uuid::parse_str(id).unwrap();
    // The shell form itself.
    let script = format!(
        "id=$({} location create -q --create-new --file {}) && {} location get \"$id\" --jq .id",
        common::BIN,
        example("location.json").display(),
        common::BIN
    );
    let output = env.program("sh").args(["-c", &script]).run();
    assert!((output.code == 0), "{output:?}");
    let printed = output.stdout.clone();
    uuid::Uuid::parse_str(printed.trim()).unwrap();
}

#[test]
fn create_with_jq_filters_the_answer() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "create", "--jq", ".href", "--file"])
        .arg(example("location.json"))
        .assert()
        .success();
    let out = Run::from(&assert).stdout;
    assert!(out.starts_with("/locations/"), "raw string: {out:?}");
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn create_table_shows_the_result() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "create", "-o", "table", "--file"])
        .arg(example("location.json"))
        .assert()
        .success();
    let out = Run::from(&assert).stdout;
    assert!(out.contains("created"), "{out}");
    assert!(out.contains("/locations/"), "{out}");
}

// ---------------------------------------------------------------- get, output modes

#[test]
fn get_json_is_the_body_exactly_as_the_service_sent_it() {
    let env = Env::new();
    // Written as text, so the coordinate keeps its trailing zeros on the way in.
    let body = rich_location("Alexanderplatz")
        .to_string()
        .replace("\"latitude\":52.5219", "\"latitude\":52.52190000");
    assert!(body.contains("52.52190000"));
    let assert = env
        .cmd(&["location", "create", "-q", "--file", "-"])
        .write_stdin(body)
        .assert()
        .success();
    let id = Run::from(&assert).stdout.trim().to_owned();
    let token = env.cmd(&["auth", "token"]).assert().success();
    let token = Run::from(&token).stdout.trim().to_owned();
    let (status, raw) = http_text(
        &format!("{}/locations/{id}", env.emulator().base_url),
        "GET",
        Some(&token),
        None,
    );
    assert_eq!(status, 200);
    let assert = env
        .cmd(&["location", "get", &id, "-o", "json"])
        .assert()
        .success()
        .stderr("");
    assert_eq!(Run::from(&assert).stdout.trim_end(), raw.trim_end());
    // The coordinates as stored, not re-formatted.
    assert!(raw.contains("52.52190000"), "{raw}");
}

#[test]
fn get_ndjson_is_one_line_of_the_same_value() {
    let env = Env::new();
    let id = create(&env, &rich_location("Alexanderplatz"));
    let assert = env
        .cmd(&["location", "get", &id, "-o", "ndjson"])
        .assert()
        .success();
    let out = Run::from(&assert).stdout;
    assert_eq!(out.lines().count(), 1, "{out:?}");
    let value: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value, get(&env, &id));
}

#[test]
fn get_table_contains_the_fields() {
    let env = Env::new();
    let id = create(&env, &rich_location("Alexanderplatz"));
    let assert = env
        .cmd(&["location", "get", &id, "-o", "table"])
        .assert()
        .success()
        .stderr("");
    let out = Run::from(&assert).stdout;
    for expected in [
        id.as_str(),
        "BER-RICH",
        "Alexanderplatz",
        "Berlin",
        "10178",
        "berlin@example.com",
        "collection-point, 24h",
        "Demo Provider",
        "52.5219",
    ] {
        assert!(out.contains(expected), "{expected} missing:\n{out}");
    }
    assert!(
        !out.contains('\x1b'),
        "no colour with NO_COLOR off a terminal"
    );
    for line in out.lines() {
        assert!(line.chars().count() <= 100, "fits COLUMNS=100: {line}");
    }
}

#[test]
fn get_quiet_prints_only_the_id() {
    let env = Env::new();
    let id = create(&env, &rich_location("Alexanderplatz"));
    env.cmd(&["location", "get", &id, "-q"])
        .assert()
        .success()
        .stdout(format!("{id}\n"))
        .stderr("");
}

#[test]
fn get_with_jq_filters() {
    let env = Env::new();
    let id = create(&env, &rich_location("Alexanderplatz"));
    env.cmd(&["location", "get", &id, "--jq", ".storeName"])
        .assert()
        .success()
        .stdout("Alexanderplatz\n");
    let assert = env
        .cmd(&[
            "location",
            "get",
            &id,
            "--jq",
            "{tags, email}",
            "-o",
            "ndjson",
        ])
        .assert()
        .success();
    let value: Value = serde_json::from_str(&Run::from(&assert).stdout).unwrap();
    assert_eq!(
        value,
        json!({"tags": ["collection-point", "24h"], "email": "berlin@example.com"})
    );
}

#[test]
fn table_output_neutralises_escape_sequences() {
    let env = Env::new();
    let id = create(&env, &rich_location("Evil\u{1b}[2JShop\u{7}"));
    let assert = env
        .cmd(&["location", "get", &id, "-o", "table"])
        .assert()
        .success();
    let out = assert.get_output().stdout.clone();
    assert!(!out.contains(&0x1b), "no ESC byte in the table");
    assert!(!out.contains(&0x07), "no BEL byte in the table");
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Evil"), "{text}");
    // JSON output is the body as it came: the escape stays JSON-escaped there.
    let assert = env
        .cmd(&["location", "get", &id, "-o", "json"])
        .assert()
        .success();
    assert!(!assert.get_output().stdout.contains(&0x1b));
    assert!(Run::from(&assert).stdout.contains("\\u001b[2J"));
}

// ---------------------------------------------------------------- update

#[test]
fn update_from_a_file_and_from_stdin() {
    let env = Env::new();
    let id = create(&env, &rich_location("Before"));
    let path = env.write("update.json", &rich_location("From file").to_string());
    let assert = env
        .cmd(&["location", "update", &id, "--file"])
        .arg(&path)
        .args(["-o", "json"])
        .assert()
        .success();
    let link: Value = serde_json::from_str(&Run::from(&assert).stdout).unwrap();
    assert_eq!(link["href"], format!("/locations/{id}"));
    assert_eq!(get(&env, &id)["storeName"], "From file");

    env.cmd(&["location", "update", &id, "--file", "-", "-q"])
        .write_stdin(rich_location("From stdin").to_string())
        .assert()
        .success()
        .stdout(format!("{id}\n"));
    assert_eq!(get(&env, &id)["storeName"], "From stdin");
    assert_eq!(counter(&env, "updates"), 2);
}

#[test]
fn update_by_flags_keeps_email_tags_and_translations() {
    let env = Env::new();
    let id = create(&env, &rich_location("Before"));
    let before = get(&env, &id);
    env.cmd(&["location", "update", &id, "--store-name", "After", "-q"])
        .assert()
        .success()
        .stdout(format!("{id}\n"))
        .stderr("");
    let after = get(&env, &id);
    assert_eq!(after["storeName"], "After");
    for field in [
        "email",
        "tags",
        "translations",
        "supplementaryName",
        "structuredAddress",
        "description",
        "photoUrls",
        "hasDisabledAccess",
        "latitude",
        "longitude",
        "locationProvider",
    ] {
        assert_eq!(after[field], before[field], "{field} kept");
    }
    assert_eq!(after["translations"]["de"]["storeName"], "Abholstelle");
    assert_eq!(counter(&env, "updates"), 1);
}

/// The current state is laid under the flags as the service wrote it: a coordinate keeps
/// its digits (`52.52190000`, `13.40`), not a float's shortest form.
#[test]
fn update_by_flags_keeps_numbers_as_written() {
    let env = Env::new();
    let text = rich_location("Before")
        .to_string()
        .replace("\"latitude\":52.5219,", "\"latitude\":52.52190000,")
        .replace("\"longitude\":13.41321,", "\"longitude\":13.40,");
    assert!(
        text.contains("52.52190000") && text.contains("13.40,"),
        "{text}"
    );
    let assert = env
        .cmd(&["location", "create", "-q", "--file", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let id = Run::from(&assert).stdout.trim().to_owned();
    env.cmd(&["location", "update", &id, "--store-name", "After", "-q"])
        .assert()
        .success();
    let read = env
        .cmd(&["location", "get", &id, "-o", "json"])
        .assert()
        .success();
    let read = Run::from(&read).stdout;
    assert!(read.contains("\"storeName\":\"After\""), "{read}");
    assert!(read.contains("\"latitude\":52.52190000"), "{read}");
    assert!(read.contains("\"longitude\":13.40,"), "{read}");
}

#[test]
fn update_by_flags_against_the_spec_read_form_names_what_it_cannot_keep() {
    let env = Env::with_emulator(&["--spec-read-form"]);
    let id = create(&env, &rich_location("Before"));
    let assert = env
        .cmd(&["location", "update", &id, "--store-name", "After"])
        .assert()
        .code(2);
    let err = Run::from(&assert).stderr;
    for field in [
        "`email`",
        "`tags`",
        "`translations`",
        "`supplementaryName`",
        "`structuredAddress`",
    ] {
        assert!(err.contains(field), "{field} named:\n{err}");
    }
    assert!(err.contains("nothing was sent"), "{err}");
    assert!(err.contains("--yes"), "{err}");
    assert_eq!(Run::from(&assert).stdout, "");
    assert_eq!(counter(&env, "updates"), 0, "nothing sent");

    // With --yes the person accepted it: the update goes out, still with the warning.
    env.cmd(&["location", "update", &id, "--store-name", "After", "--yes"])
        .assert()
        .success()
        .stderr(predicate::str::contains("`email`"));
    assert_eq!(counter(&env, "updates"), 1);
    assert_eq!(get(&env, &id)["storeName"], "After");
}

#[test]
fn update_by_flags_of_a_legacy_location_needs_no_confirmation() {
    // The full read form marks what it carries (with null when unset), so a location in
    // the legacy form, without email or tags, loses nothing and nothing is asked.
    let env = Env::new();
    let id = create(&env, &emulator_helpers::legacy_location("BER-HBF"));
    let assert = env
        .cmd(&[
            "location",
            "update",
            &id,
            "--city",
            "Berlin-Mitte",
            "-o",
            "table",
        ])
        .assert()
        .success()
        .stderr("");
    assert!(
        Run::from(&assert).stdout.contains("updated"),
        "{}",
        Run::from(&assert).stdout
    );
    let read = get(&env, &id);
    assert_eq!(read["city"], "Berlin-Mitte");
    assert_eq!(read["address"], "Europaplatz 1");
    assert_eq!(read["telephoneNumber"], "+49301234567");
    assert_eq!(read["logoUrl"], "https://example.com/logo.png");
    assert!(
        read.get("structuredAddress").is_none_or(Value::is_null),
        "{read}"
    );

    // Flags that break a rule: exit 2, nothing sent.
    env.cmd(&["location", "update", &id, "--latitude", "91"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("latitude"));
    assert_eq!(counter(&env, "updates"), 1);
}

#[test]
fn update_of_an_unknown_id_is_not_found() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "update", UNKNOWN_ID, "--file"])
        .arg(example("location.json"))
        .assert()
        .code(5);
    assert!(Run::from(&assert).stderr.contains(UNKNOWN_ID));
    env.cmd(&["location", "update", UNKNOWN_ID, "--store-name", "X"])
        .assert()
        .code(5)
        .stderr(predicate::str::contains(UNKNOWN_ID));
}

// ---------------------------------------------------------------- delete

#[test]
fn delete_without_a_terminal_needs_yes() {
    let env = Env::new();
    let id = create(&env, &rich_location("Doomed"));
    let assert = env.cmd(&["location", "delete", &id]).assert().code(2);
    let err = Run::from(&assert).stderr;
    assert!(err.contains("--yes"), "{err}");
    assert!(err.contains(&id), "{err}");
    assert_eq!(Run::from(&assert).stdout, "");
    assert_eq!(counter(&env, "deletes"), 0);
    get(&env, &id);

    let assert = env
        .cmd(&["location", "delete", &id, "--yes", "-o", "json"])
        .assert()
        .success();
    let out: Value = serde_json::from_str(&Run::from(&assert).stdout).unwrap();
    assert_eq!(out, json!({ "deleted": id }));
    assert_eq!(counter(&env, "deletes"), 1);
    env.cmd(&["location", "get", &id]).assert().code(5);

    // Deleting again: not found, naming the id.
    env.cmd(&["location", "delete", &id, "-y"])
        .assert()
        .code(5)
        .stderr(predicate::str::contains(&id));
}

#[test]
fn delete_quiet_prints_the_id() {
    let env = Env::new();
    let id = create(&env, &rich_location("Doomed"));
    env.cmd(&["location", "delete", &id, "--yes", "-q"])
        .assert()
        .success()
        .stdout(format!("{id}\n"));
}

#[test]
fn ci_never_prompts_even_with_yes_missing() {
    // CI set: same as no terminal; refused, nothing sent.
    let env = Env::new().var("CI", "true");
    let id = create(&env, &rich_location("Doomed"));
    env.cmd(&["location", "delete", &id])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--yes"));
    assert_eq!(counter(&env, "deletes"), 0);
}

// ---------------------------------------------------------------- provider update

#[test]
fn provider_update_from_flags_file_and_stdin() {
    let env = Env::new();
    let flags = [
        "provider",
        "update",
        DEMO_PROVIDER,
        "--name",
        "Acme",
        "--archiving-period",
        "7",
        "-o",
        "json",
    ];
    // Flags without --details and --endpoint would clear them (the spec has no provider
    // read to keep them from): named, and nothing is sent without --yes.
    let refused = env.cmd(&flags).assert().code(2);
    let err = Run::from(&refused).stderr;
    assert!(
        err.contains("it will clear `details` (no --details)"),
        "{err}"
    );
    assert!(
        err.contains("`locationsSource` (no --endpoint: a remote provider becomes a local one)"),
        "{err}"
    );
    assert!(err.contains("nothing was sent"), "{err}");
    assert_eq!(counter(&env, "provider_updates"), 0);
    // Every field given: nothing to clear, no --yes needed.
    env.cmd(&flags)
        .args([
            "--details",
            "{}",
            "--endpoint",
            "http://127.0.0.1:9/acme.json",
        ])
        .assert()
        .success();
    assert_eq!(counter(&env, "provider_updates"), 1);
    let assert = env.cmd(&flags).arg("--yes").assert().success();
    let link: Value = serde_json::from_str(&Run::from(&assert).stdout).unwrap();
    assert_eq!(link["rel"], "self");
    assert!(link["href"].as_str().unwrap().ends_with(DEMO_PROVIDER));

    let body = json!({"name": "Acme File", "archivingPeriod": 3, "details": "{\"tier\":1}"});
    let path = env.write("provider.json", &body.to_string());
    env.cmd(&["provider", "update", DEMO_PROVIDER, "--file"])
        .arg(&path)
        .args(["-q"])
        .assert()
        .success()
        .stdout(format!("{DEMO_PROVIDER}\n"));

    env.cmd(&[
        "provider",
        "update",
        DEMO_PROVIDER,
        "--file",
        "-",
        "-o",
        "table",
    ])
    .write_stdin(json!({"name": "Acme Stdin", "archivingPeriod": 30}).to_string())
    .assert()
    .success()
    .stdout(predicate::str::contains("updated"));
    assert_eq!(counter(&env, "provider_updates"), 4);

    // The provider's new name shows in a location's read form.
    let id = create(&env, &rich_location("Shop"));
    assert_eq!(get(&env, &id)["locationProvider"]["name"], "Acme Stdin");
}

/// `provider update ID --name Acme --archiving-period DAYS`.
fn provider_update(env: &Env, id: &str, days: &str) -> Assert {
    let args = ["provider", "update", id, "--yes", "--name", "Acme"];
    env.cmd(&[&args[..], &["--archiving-period", days]].concat())
        .assert()
}

#[test]
fn provider_update_errors() {
    let env = Env::new();
    // Invalid locally: exit 2, nothing sent.
    provider_update(&env, DEMO_PROVIDER, "31")
        .code(2)
        .stderr(predicate::str::contains("archivingPeriod"));
    assert_eq!(counter(&env, "requests"), 0);
    // Unknown provider: 5, naming it.
    provider_update(&env, UNKNOWN_ID, "7")
        .code(5)
        .stderr(predicate::str::contains(UNKNOWN_ID));
    // Without the permission: 4, naming it.
    let env = Env::with_emulator(&["--client", "reader:pw:can-read-locations"])
        .with_client("reader", "pw");
    provider_update(&env, DEMO_PROVIDER, "7")
        .code(4)
        .stderr(predicate::str::contains("can-update-location-providers"));
}

#[test]
fn verbose_shows_the_exchange_on_stderr_with_secrets_redacted() {
    let env = Env::new();
    let id = create(&env, &rich_location("Shop"));
    let token = env.cmd(&["auth", "token"]).assert().success();
    let token = Run::from(&token).stdout.trim().to_owned();
    let mut env = env.var("LOCADM_TOKEN", &token);
    env.client_secret = None;
    let plain = env
        .cmd(&["location", "get", &id, "-o", "json"])
        .assert()
        .success();
    let verbose = env
        .cmd(&["location", "get", &id, "-o", "json", "-v"])
        .assert()
        .success();
    assert_eq!(
        Run::from(&verbose).stdout,
        Run::from(&plain).stdout,
        "stdout stays data only"
    );
    let err = Run::from(&verbose).stderr;
    assert!(
        err.contains(&format!("GET {}/locations/{id}", env.emulator().base_url)),
        "{err}"
    );
    assert!(err.to_ascii_lowercase().contains("authorization:"), "{err}");
    assert!(err.contains("200"), "{err}");
    assert!(!err.contains(&token), "the token is redacted:\n{err}");
}

// ---------------------------------------------------------------- exit 2

#[test]
fn an_invalid_body_is_rejected_locally_and_nothing_is_sent() {
    let env = Env::new();
    let mut body = rich_location("Shop");
    body["latitude"] = json!(91);
    body["email"] = json!("not-an-email");
    let assert = env
        .cmd(&["location", "create", "--file", "-"])
        .write_stdin(body.to_string())
        .assert()
        .code(2);
    let err = Run::from(&assert).stderr;
    assert!(err.contains("latitude"), "{err}");
    assert!(err.contains("email"), "{err}");
    assert!(err.contains("nothing was sent"), "{err}");
    assert_eq!(Run::from(&assert).stdout, "");
    let counters = env.emulator().counters();
    assert_eq!(counters["creates"], 0);
    assert_eq!(counters["requests"], 0);
    assert_eq!(counters["tokens_issued"], 0, "not even a token was fetched");

    // By flags too.
    env.cmd(&[
        "location",
        "create",
        "--store-id",
        "X",
        "--latitude",
        "north",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("latitude"));
    // Not JSON at all.
    env.cmd(&["location", "create", "--file", "-"])
        .write_stdin("{not json")
        .assert()
        .code(2);
    assert_eq!(env.emulator().counters()["requests"], 0);
}

#[test]
fn a_bad_uuid_is_a_usage_error_and_nothing_is_sent() {
    let env = Env::new();
    for args in [
        vec!["location", "get", "not-a-uuid"],
        vec!["location", "delete", "not-a-uuid", "--yes"],
        vec!["location", "update", "not-a-uuid", "--store-name", "X"],
    ] {
        env.cmd(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("not-a-uuid"));
    }
    assert_eq!(env.emulator().counters()["requests"], 0);
}

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    // --file and field flags together; no input at all off a terminal.
    env.cmd(&["location", "create", "--file", "x.json", "--store-id", "A"])
        .assert()
        .code(2);
    env.cmd(&["location", "create"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--file"));
    env.cmd(&["location", "create", "--interactive"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("terminal"));
    env.cmd(&["location", "frobnicate"]).assert().code(2);
    assert_eq!(env.emulator().counters()["requests"], 0);
}

// ---------------------------------------------------------------- exit 3

#[test]
fn a_wrong_client_secret_is_an_authentication_failure() {
    let env = Env::new().with_client("locadm-demo", "wrong-secret");
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID])
        .assert()
        .code(3)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(
        !err.contains("wrong-secret"),
        "the secret is never shown: {err}"
    );
    // The hint names where the refused credentials came from, not variables to set
    // that are set (issue 56).
    assert!(
        err.contains(
            "hint: check the client id (LOCADM_CLIENT_ID) and the secret (LOCADM_CLIENT_SECRET)"
        ),
        "{err}"
    );
    assert_eq!(env.emulator().counters()["requests"], 0);
}

#[test]
fn no_credentials_is_an_authentication_failure() {
    let mut env = Env::new();
    env.client_secret = None;
    // Without a terminal the message names the variable that is set and the ones that
    // are missing (issues 40 and 56), not `locadm login`.
    env.cmd(&["location", "get", UNKNOWN_ID])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "LOCADM_CLIENT_ID is set, but no LOCADM_CLIENT_SECRET, LOCADM_CLIENT_KEY_FILE or LOCADM_FEDERATED_TOKEN_FILE is",
        ))
        .stderr(predicate::str::contains(
            "hint: set LOCADM_CLIENT_SECRET beside it",
        ));
}

#[test]
fn a_bogus_locadm_token_is_refused_with_exit_3() {
    let mut env = Env::new().var("LOCADM_TOKEN", "bogus-token");
    env.client_secret = None;
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID, "-o", "json"])
        .assert()
        .code(3)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(err.contains("LOCADM_TOKEN"), "{err}");
    assert!(
        err.contains("the service said: invalid_token: the token is unknown or revoked"),
        "{err}"
    );
    assert!(
        !err.contains("bogus-token"),
        "the token is never shown: {err}"
    );
    assert_eq!(json_error(&assert)["error"]["code"], "auth");
    // One way forward each (issue 56: it said to set LOCADM_TOKEN, or unset it and set
    // LOCADM_TOKEN).
    assert_eq!(
        json_error(&assert)["error"]["hint"],
        "put a new token in LOCADM_TOKEN (it is never renewed), or unset it to log in another way (`locadm help environment`)"
    );
    // LOCADM_TOKEN is used as-is: nothing to renew it with, so it is not sent twice.
    let counters = env.emulator().counters();
    assert_eq!(counters["requests"], 1);
    assert_eq!(counters["tokens_issued"], 0);
}

#[test]
fn a_401_after_one_renewal_is_exit_3() {
    // Tokens expire at once: the first is refused, the renewed one too.
    let env = Env::with_emulator(&["--token-lifetime", "0"]);
    // Issue 14, item 14: the service's reason (RFC 6750 `error_description`) is passed on.
    env.cmd(&["location", "get", UNKNOWN_ID])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "(401), also after renewing it; the service said: invalid_token: the token has expired",
        ));
    let counters = env.emulator().counters();
    assert_eq!(
        counters["requests"], 2,
        "sent once, retried once: {counters}"
    );
    assert_eq!(counters["tokens_issued"], 2, "{counters}");
}

#[test]
fn a_revoked_token_is_renewed_once_and_the_command_succeeds() {
    // A token cached across invocations (in the kernel keyring of this test's own
    // profile and token URL) is revoked at the emulator; the next command gets a 401,
    // renews once and succeeds.
    let env = Env::new().var("LOCADM_KEYRING", "keyutils");
    /// Removes this test's keyring entry even when an assertion fails.
    struct Logout<'a>(&'a Env);
    impl Drop for Logout<'_> {
        fn drop(&mut self) {
            let _ = self.0.cmd(&["logout"]).output();
        }
    }
    let _logout = Logout(&env);
    // Credentials from the environment are cached only when the profile asks.
    env.cmd(&["config", "set", "cache_env_token", "true"])
        .assert()
        .success();
    let id = create(&env, &rich_location("Shop"));
    let probe = env.cmd(&["location", "get", &id, "-q"]).assert();
    if !probe.get_output().status.success() {
        let err = Run::from(&probe).stderr;
        let in_ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
        if !in_ci && (err.contains("keyutils") || err.contains("keyring")) {
            eprintln!("skipped: no kernel keyring here: {err}");
            return;
        }
        panic!("{err}");
    }
    let counters = env.emulator().counters();
    assert_eq!(
        counters["tokens_issued"], 1,
        "the token was cached: {counters}"
    );
    let requests = counters["requests"].as_u64().unwrap();

    assert!(env.emulator().revoke_tokens()["revoked"].as_u64().unwrap() >= 1);
    env.cmd(&["location", "get", &id, "-q"])
        .assert()
        .success()
        .stdout(format!("{id}\n"));
    let counters = env.emulator().counters();
    assert_eq!(counters["tokens_issued"], 2, "a second token: {counters}");
    assert_eq!(
        counters["requests"].as_u64().unwrap(),
        requests + 2,
        "refused once, retried once: {counters}"
    );
}

// ---------------------------------------------------------------- exit 4

#[test]
fn a_missing_permission_is_exit_4_and_names_it() {
    let env = Env::with_emulator(&["--client", "limited:pw:can-read-locations"])
        .with_client("limited", "pw");
    let assert = env
        .cmd(&["location", "create", "--file"])
        .arg(example("location.json"))
        .assert()
        .code(4)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(err.contains("can-create-locations"), "{err}");
    assert!(err.contains("does not have it"), "the scope is told: {err}");
    let assert = env
        .cmd(&["location", "delete", UNKNOWN_ID, "--yes", "-o", "json"])
        .assert()
        .code(4)
        .stderr(predicate::str::contains("can-delete-locations"));
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "permission");
    assert_eq!(error["error"]["status"], 403);
    // Reading is allowed: the unknown id is then a 404.
    env.cmd(&["location", "get", UNKNOWN_ID]).assert().code(5);
    assert_eq!(env.emulator().counters()["creates"], 0);
}

// ---------------------------------------------------------------- exit 5

#[test]
fn an_unknown_id_is_exit_5_and_names_it() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID])
        .assert()
        .code(5)
        .stdout("");
    assert!(Run::from(&assert).stderr.contains(UNKNOWN_ID));
}

#[test]
fn json_errors_go_to_stderr_as_one_object() {
    let env = Env::new();
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID, "-o", "json"])
        .assert()
        .code(5)
        .stdout("");
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "not_found");
    assert_eq!(error["error"]["exit"], 5);
    assert_eq!(error["error"]["status"], 404);
    assert!(error["error"]["message"]
        .as_str()
        .unwrap()
        .contains(UNKNOWN_ID));

    // A local validation error too, with ndjson.
    let mut body = rich_location("Shop");
    body["latitude"] = json!(91);
    let assert = env
        .cmd(&["location", "create", "--file", "-", "-o", "ndjson"])
        .write_stdin(body.to_string())
        .assert()
        .code(2);
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "invalid");
    assert_eq!(error["error"]["exit"], 2);

    // Without an explicit -o, no JSON object on stderr.
    let assert = env.cmd(&["location", "get", UNKNOWN_ID]).assert().code(5);
    assert!(
        !Run::from(&assert).stderr.contains('{'),
        "{}",
        Run::from(&assert).stderr
    );
}

// ---------------------------------------------------------------- exit 6

#[test]
fn a_server_failure_is_exit_6_and_names_the_url() {
    let env = Env::with_emulator(&["--fail-rate", "1.0"]);
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID, "-o", "json"])
        .assert()
        .code(6)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(err.contains("500"), "{err}");
    assert!(
        err.contains(&env.emulator().base_url),
        "names the URL: {err}"
    );
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "unavailable");
    assert_eq!(error["error"]["status"], 500);
    assert_eq!(error["error"]["exit"], 6);
}

#[test]
fn a_closed_port_is_exit_6() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let base = format!("http://127.0.0.1:{port}");
    let env = Env::offline()
        .var("LOCADM_BASE_URL", &base)
        .var("LOCADM_TOKEN", "some-token");
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID, "--timeout", "5"])
        .assert()
        .code(6)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(err.contains(&format!("127.0.0.1:{port}")), "{err}");
}

#[test]
fn a_timeout_is_exit_6() {
    let env = Env::with_emulator(&["--latency-ms", "3000"]);
    let started = std::time::Instant::now();
    let assert = env
        .cmd(&["location", "get", UNKNOWN_ID, "--timeout", "0.5"])
        .assert()
        .code(6);
    let err = Run::from(&assert).stderr;
    assert!(err.contains("timed out"), "{err}");
    assert!(err.contains("--timeout"), "the hint names the flag: {err}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "gave up in time"
    );
}

#[test]
fn a_dropped_create_is_an_unknown_outcome() {
    // A create whose connection is dropped may or may not have happened: not retried.
    let env = Env::with_emulator(&["--drop-rate", "1.0"]);
    let assert = env
        .cmd(&["location", "create", "-o", "json", "--file"])
        .arg(example("location.json"))
        .assert()
        .code(6);
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "outcome_unknown");
    assert_eq!(env.emulator().counters()["requests"], 1, "sent once");
}

// ---------------------------------------------------------------- exit 1

#[test]
fn a_body_the_service_rejects_is_exit_1_with_its_error_text() {
    // Valid locally, but the provider does not exist at the service: 400.
    let env = Env::new();
    let mut body = rich_location("Shop");
    body["locationProvider"]["id"] = json!(UNKNOWN_ID);
    let assert = env
        .cmd(&["location", "create", "--file", "-", "-o", "json"])
        .write_stdin(body.to_string())
        .assert()
        .code(1)
        .stdout("");
    let err = Run::from(&assert).stderr;
    assert!(err.contains("400"), "{err}");
    assert!(err.contains("locationProvider"), "{err}");
    let error = json_error(&assert);
    assert_eq!(error["error"]["code"], "rejected");
    assert_eq!(error["error"]["status"], 400);
}

// ---------------------------------------------------------------- the local profile

// The `local` profile is the CLI's embedded emulator (the `emulator` feature).
#[cfg(feature = "emulator")]
#[test]
fn the_local_profile_persists_between_invocations() {
    let env = Env::offline();
    let db = env.path("local/local.db");
    let env = env.var("LOCADM_LOCAL_DB", db.to_str().unwrap());
    let assert = env
        .cmd(&["--profile", "local", "location", "create", "-q", "--file"])
        .arg(example("location.json"))
        .assert()
        .success();
    let id = Run::from(&assert).stdout.trim().to_owned();
    uuid::Uuid::parse_str(&id).unwrap();
    assert!(db.exists(), "the database is where LOCADM_LOCAL_DB says");
    env.cmd(&[
        "--profile",
        "local",
        "location",
        "get",
        &id,
        "--jq",
        ".storeId",
    ])
    .assert()
    .success()
    .stdout("BER-001\n");
    // Nothing was written to the real data directory.
    assert!(!env.path("data/locadm/local.db").exists());
}

// ---------------------------------------------------------------- a terminal

#[cfg(unix)]
mod terminal {
    use expectrl::{Eof, Expect, Regex};

    use super::*;

    const DOWN: &str = "\x1b[B";
    const BACKSPACE: &str = "\x7f";

    /// Answers each question in turn (an empty answer leaves an optional field out),
    /// once the prompt reads keys.
    fn answer(p: &mut expectrl::session::OsSession, pairs: &[(&str, &str)]) {
        for (question, answer) in pairs {
            p.expect(*question).unwrap();
            common::type_keys(p, &[answer, "\r"]);
        }
    }

    /// Every field is asked, optional ones too; a rejected answer comes back as typed for
    /// editing; a decimal comma gets a person's message; the body is shown with its
    /// warnings before the question, and a field can be edited before creating.
    #[test]
    fn interactive_create_asks_every_field_and_edits_before_creating() {
        let env = Env::new();
        let mut p = env.terminal(&["location", "create", "--interactive"]);
        p.expect("Address form").unwrap();
        p.send("\r").unwrap(); // the default: structured
        #[rustfmt::skip]
        answer(&mut p, &[
            ("Store id", "PTY-1"),
            ("Store name", "Typed at a terminal"),
            ("Supplementary name (optional)", "Mitte"),
            ("Street", "Alexanderplatz"),
            ("Building name (optional)", ""),
            ("House number (optional)", "1"),
            ("City", "Berlin"),
            ("District (optional)", ""),
            ("Province (optional)", ""),
            ("Post code", "10178"),
            ("Country code", "AA"),
            ("Latitude", "52,5219"),
        ]);
        // A person's message under the answer, which stays on its line as typed: five
        // backspaces and a dot make it right (were the text dropped, ".5219" would be
        // rejected again and the next question never come).
        p.expect("`52,5219` is not a number; use a dot for decimals: 52.5219")
            .unwrap();
        p.send(format!(
            "{BACKSPACE}{BACKSPACE}{BACKSPACE}{BACKSPACE}{BACKSPACE}.5219\r"
        ))
        .unwrap();
        #[rustfmt::skip]
        answer(&mut p, &[
            ("Longitude", "13.41321"),
            ("Provider id", DEMO_PROVIDER),
            ("Telephone (optional)", ""),
            ("Email (optional)", "pty@example.com"),
            ("Logo URL (optional)", ""),
            ("Photo URLs (comma-separated) (optional)", "https://example.com/a.jpg, https://example.com/b.jpg"),
            ("Disabled access (yes or no, or y, n) (optional)", "maybe"),
        ]);
        p.expect("answer `yes` or `no` (or `y`, `n`)").unwrap();
        common::type_keys(&mut p, &[BACKSPACE; 5]);
        common::type_keys(&mut p, &["yes\r"]);
        #[rustfmt::skip]
        answer(&mut p, &[
            ("Description (optional)", ""),
            ("Tags (comma-separated) (optional)", "late-opening, parking"),
        ]);
        // The body and its warning, before the question.
        p.expect("\"storeId\": \"PTY-1\"").unwrap();
        p.expect("warning: structuredAddress.countryCode: `AA` is not assigned")
            .unwrap();
        p.expect("Create this location").unwrap();
        // Edit a field: the country code (the eleventh asked), from its current text.
        common::type_keys(&mut p, &[DOWN, "\r"]);
        p.expect("Which field?").unwrap();
        common::type_keys(&mut p, &[DOWN; 10]);
        common::type_keys(&mut p, &["\r"]);
        p.expect("Country code").unwrap();
        common::type_keys(&mut p, &[BACKSPACE, BACKSPACE, "D", "E", "\r"]);
        p.expect("\"countryCode\": \"DE\"").unwrap();
        p.expect("Create this location").unwrap();
        common::type_keys(&mut p, &["\r"]);
        let found = p
            .expect(Regex(
                "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
            ))
            .unwrap();
        let id = String::from_utf8(found.get(0).unwrap().to_vec()).unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 0);

        let read = get(&env, &id);
        assert_eq!(read["storeId"], "PTY-1");
        assert_eq!(read["supplementaryName"], "Mitte");
        assert_eq!(read["latitude"], json!(52.5219));
        assert_eq!(read["structuredAddress"]["countryCode"], "DE");
        assert_eq!(read["email"], "pty@example.com");
        assert_eq!(read["hasDisabledAccess"], json!(true));
        assert_eq!(read["tags"], json!(["late-opening", "parking"]));
        assert_eq!(
            read["photoUrls"],
            json!(["https://example.com/a.jpg", "https://example.com/b.jpg"])
        );
        assert_eq!(counter(&env, "creates"), 1);
    }

    /// Cancel at the end: nothing is created, and that is the person's choice, not an
    /// error.
    #[test]
    fn interactive_create_can_be_cancelled() {
        let env = Env::new();
        let mut p = env.terminal(&["location", "create", "--interactive"]);
        p.expect("Address form").unwrap();
        common::type_keys(&mut p, &[DOWN, "\r"]); // legacy
        #[rustfmt::skip]
        answer(&mut p, &[
            ("Store id", "PTY-2"), ("Store name", "Cancelled"),
            ("Supplementary name", ""), ("Address (one line)", "Alexanderplatz 1"),
            ("City", "Berlin"), ("Post code", "10178"), ("Country code", "DE"),
            ("Latitude", "52.5"), ("Longitude", "13.4"), ("Provider id", DEMO_PROVIDER),
            ("Telephone", ""), ("Email", ""), ("Logo URL", ""), ("Photo URLs", ""),
            ("Disabled access", ""), ("Description", ""), ("Tags", ""),
        ]);
        p.expect("Create this location").unwrap();
        common::type_keys(&mut p, &[DOWN, DOWN, "\r"]);
        p.expect("Cancelled: nothing was created").unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 0);
        assert_eq!(counter(&env, "creates"), 0);
    }

    /// Ctrl-C at a select (which hides the cursor): the cursor is shown again, nothing
    /// is sent, and the exit status is the shell's 130.
    #[test]
    fn ctrl_c_at_a_select_puts_the_cursor_back() {
        let env = Env::new();
        let mut p = env.terminal(&["location", "create", "--interactive"]);
        p.expect("\x1b[?25l").unwrap(); // the select hid the cursor
        p.expect("Address form").unwrap();
        p.send("\x03").unwrap();
        p.expect("\x1b[?25h").unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 130);
        assert_eq!(counter(&env, "creates"), 0);
    }

    /// A signal while a secret is asked (echo off, the terminal not in raw mode, so the
    /// signal really is sent): echo is back on when the process has ended, and the exit
    /// status is 143 for SIGTERM.
    #[test]
    fn a_signal_at_the_secret_prompt_turns_echo_back_on() {
        use expectrl::process::unix::Signal;
        let env = Env::offline();
        let mut p = env.terminal(&[
            "login",
            "--token-url",
            "https://auth.example.com/token",
            "--base-url",
            "https://locations.example.com",
            "--client-id",
            "ci",
        ]);
        // expectrl starts the terminal with echo off; a person's terminal has it on.
        p.get_process_mut().set_echo(true, None).unwrap();
        p.expect("Client secret").unwrap();
        // The prompt has turned echo off.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while p.get_process().get_echo().unwrap() {
            assert!(std::time::Instant::now() < deadline, "echo never went off");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        p.get_process_mut().signal(Signal::SIGTERM).unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 143);
        assert!(p.get_process().get_echo().unwrap(), "echo was left off");
    }

    #[test]
    fn delete_at_a_terminal_asks_first() {
        let env = Env::new();
        let id = create(&env, &rich_location("Doomed"));

        // The question names what is deleted; declined: nothing deleted, and that is not
        // an error (exit 0).
        let mut p = env.terminal(&["location", "delete", &id]);
        p.expect(format!("Delete location {id} (storeId BER-RICH, Doomed, Berlin)?").as_str())
            .unwrap();
        p.send("n\r").unwrap();
        p.expect("nothing was deleted").unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 0);
        assert_eq!(counter(&env, "deletes"), 0);

        // Confirmed: deleted.
        let mut p = env.terminal(&["location", "delete", &id]);
        p.expect(format!("Delete location {id} (storeId").as_str())
            .unwrap();
        p.send("y\r").unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 0);
        assert_eq!(counter(&env, "deletes"), 1);
        env.cmd(&["location", "get", &id]).assert().code(5);
    }
}

/// Issue 40, item 4: one shape per output. In a pipe every JSON value is one compact
/// line, for one record or many, with or without `--jq`; `create -o json` carries the
/// new location's `id` beside the link (as `-q` prints it); with `-o json` stderr holds
/// JSON objects alone; a run of 3 records never says more than 3 were in flight. Each
/// part fails with its rule undone (the link printed as it came: `id` null; a pretty
/// `--jq` result for one id: 3 lines; the `error:` line before the object; the pacer's
/// figure unbounded: 8).
#[test]
fn one_shape_per_output() {
    let env = Env::new();
    let body = serde_json::to_string(&rich_location("Shapes")).unwrap();
    let created = env
        .cmd(&["location", "create", "--file", "-", "-o", "json"])
        .write_stdin(body.clone())
        .run();
    created.assert_code(0);
    assert_eq!(created.stdout.lines().count(), 1, "{}", created.stdout);
    let link: Value = serde_json::from_str(&created.stdout).unwrap();
    let id = link["id"]
        .as_str()
        .expect("the id beside the link")
        .to_owned();
    assert_eq!(link["href"], format!("/locations/{id}"));

    // `--jq` on one id and on two: one line a result either way.
    let one = env.run(&["location", "get", &id, "--jq", "{storeId}"]);
    one.assert_code(0);
    assert_eq!(one.stdout, "{\"storeId\":\"BER-RICH\"}\n");
    let second = env
        .cmd(&["location", "create", "--create-new", "--file", "-", "-q"])
        .write_stdin(body)
        .run();
    let second = second.stdout.trim().to_owned();
    let two = env.run(&["location", "get", &id, &second, "--jq", "{storeId}"]);
    two.assert_code(0);
    assert_eq!(two.stdout, "{\"storeId\":\"BER-RICH\"}\n".repeat(2));
    // Without a filter: a whole location is one line too.
    let whole = env.run(&["location", "get", &id, "-o", "json"]);
    assert_eq!(whole.stdout.lines().count(), 1, "{}", whole.stdout);

    // `-o json`: an error is a JSON object on stderr, and nothing else is there.
    for format in ["json", "ndjson"] {
        let missing = env.run(&["location", "get", UNKNOWN_ID, "-o", format]);
        missing.assert_code(5);
        let objects: Vec<Value> = missing
            .stderr
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l}")))
            .collect();
        assert_eq!(objects.len(), 1, "{}", missing.stderr);
        assert_eq!(objects[0]["error"]["exit"], 5);
        assert_eq!(objects[0]["error"]["code"], "not_found");
    }

    // Three records: at most three in flight, whatever the pacer allowed (said with
    // `-v`: a run this short says only its summary line otherwise).
    let records: String = (0..3)
        .map(|i| {
            let mut record = rich_location("Few");
            record["storeId"] = json!(format!("FEW-{i}"));
            record.to_string() + "\n"
        })
        .collect();
    let input = env.write("few.ndjson", &records);
    let run = env.run(&["location", "apply", "-f", input.to_str().unwrap(), "-v"]);
    run.assert_code(0);
    let figure: usize = run
        .stderr
        .split("at most ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no in-flight figure: {}", run.stderr));
    assert!(figure <= 3, "{}", run.stderr);
}

/// Issue 56, item 4: `location get ID1 ID2` in a table shows the locations (as `get ID`
/// and `location list` do), one row each, and a location it could not read is a warning
/// on stderr, not a row; `--columns city` is the city of either address form.
#[test]
fn a_bulk_get_in_a_table_shows_the_locations_and_columns_take_either_address_form() {
    let env = Env::new();
    let structured = create(&env, &rich_location("Structured"));
    let mut legacy = rich_location("Legacy");
    legacy["storeId"] = json!("BER-LEGACY");
    let object = legacy.as_object_mut().unwrap();
    object.remove("structuredAddress");
    object.insert("address".into(), json!("Hauptstraße 1, 04109 Leipzig"));
    object.insert("city".into(), json!("Leipzig"));
    object.insert("postCode".into(), json!("04109"));
    object.insert("countryCode".into(), json!("DEU"));
    let legacy = create(&env, &legacy);
    let missing = "00000000-0000-4000-8000-000000000001";

    let out = env
        .cmd(&[
            "location",
            "get",
            &structured,
            &legacy,
            missing,
            "-o",
            "table",
        ])
        .run();
    out.assert_code(7);
    let table = &out.stdout;
    assert!(
        a_line_with(table, &["Id", "storeId", "Name", "City"]),
        "{table}"
    );
    for (id, store_id, city) in [
        (&structured, "BER-RICH", "Berlin"),
        (&legacy, "BER-LEGACY", "Leipzig"),
    ] {
        assert!(a_line_with(table, &[id, store_id, city]), "{table}");
    }
    assert!(!table.contains(missing), "a miss is no row: {table}");
    assert!(!table.contains("read"), "no outcomes: {table}");
    assert!(
        out.stderr
            .contains(&format!("location {missing} was not read")),
        "{}",
        out.stderr
    );

    let out = env
        .cmd(&[
            "location",
            "get",
            &structured,
            &legacy,
            "--columns",
            "id,city,postCode,countryCode",
            "-o",
            "table",
        ])
        .run();
    out.assert_code(0);
    for (id, city, post_code) in [
        (&structured, "Berlin", "10178"),
        (&legacy, "Leipzig", "04109"),
    ] {
        assert!(
            a_line_with(&out.stdout, &[id, city, post_code]),
            "{}",
            out.stdout
        );
    }
}

/// Whether a line of `text` holds every one of `parts`.
fn a_line_with(text: &str, parts: &[&str]) -> bool {
    text.lines()
        .any(|line| parts.iter().all(|part| line.contains(part)))
}
