//! `locadm location validate` and `provider validate`, run as the real binary: exit codes,
//! every problem listed with its line or index, every input format.

use crate::common;

use common::Run;

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

const VALID: &str = r#"{"storeId":"BER-001","storeName":"Alexanderplatz","structuredAddress":{"street":"Alexanderplatz","city":"Berlin","postCode":"10178","countryCode":"DE"},"latitude":52.1,"longitude":13.41321,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}"#;

/// Two problems: storeId too long, latitude a string.
const INVALID: &str = r#"{"storeId":"0123456789012345678901234567890123456","storeName":"A","structuredAddress":{"street":"S","city":"C","postCode":"1","countryCode":"DE"},"latitude":"52.1","longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}"#;

/// The binary with no service, in a scrubbed environment with HOME in `home`.
fn locadm(home: &TempDir) -> Command {
    common::offline_command(home.path())
}

fn write(dir: &TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn validate(home: &TempDir, file: &Path, format: &str) -> Command {
    let mut cmd = locadm(home);
    cmd.args(["location", "validate", "--file"])
        .arg(file)
        .args(["-o", format]);
    cmd
}

fn ndjson_findings(stdout: &[u8]) -> Vec<Value> {
    std::str::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn a_valid_file_exits_0() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "ok.json", VALID);
    validate(&dir, &file, "table")
        .assert()
        .code(0)
        .stdout("")
        .stderr(predicate::str::contains("1 record: 1 valid, 0 invalid"));
    // The example in the repository is valid too.
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/location.json");
    validate(&dir, &example, "table").assert().code(0);
}

#[test]
fn an_invalid_file_exits_2_and_lists_every_problem() {
    let dir = TempDir::new().unwrap();
    // A one-line file is read as NDJSON: problems carry line 1.
    let file = write(&dir, "bad.json", INVALID);
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stdout("line 1: storeId: 37 characters, at most 36\nline 1: latitude: must be a number, not the string \"52.1\"\n")
        .stderr(predicate::str::contains("1 of 1 record is invalid"))
        // Issue 56: validate sends nothing ever, so it does not say so.
        .stderr(predicate::str::contains("nothing was sent").not());
    // A body over several lines is one body.
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<Value>(INVALID).unwrap()).unwrap();
    let file = write(&dir, "bad-pretty.json", &pretty);
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "body: storeId: 37 characters, at most 36\n",
        ))
        .stdout(predicate::str::contains(
            "body: latitude: must be a number, not the string \"52.1\"\n",
        ))
        .stdout(predicate::function(|s: &str| s.lines().count() == 2));
}

#[test]
fn ndjson_of_mixed_records_reports_each_by_its_line() {
    let dir = TempDir::new().unwrap();
    // Line 3 is blank; line 5 is not JSON; line 6 names an unknown property.
    let unknown = VALID.replacen('{', r#"{"colour":"red","#, 1);
    let text = format!("{VALID}\n{INVALID}\n\n{VALID}\n{{\"storeId\": }}\n{unknown}\n");
    let file = write(&dir, "mixed.ndjson", &text);
    let out = validate(&dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    let got: Vec<(u64, &str)> = findings
        .iter()
        .map(|f| (f["line"].as_u64().unwrap(), f["property"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [(2, "storeId"), (2, "latitude"), (5, ""), (6, "colour")],
        "{findings:?}"
    );
    assert!(findings[2]["message"]
        .as_str()
        .unwrap()
        .contains("not valid JSON"));
    assert_eq!(findings[3]["message"], "unknown property");
    assert!(findings
        .iter()
        .all(|f| f["severity"] == "error" && f.get("index").is_none()));
    let stderr = out.stderr.clone();
    assert!(
        stderr.contains("5 records: 2 valid, 3 invalid (4 errors, 0 warnings)"),
        "{stderr}"
    );

    // The table form names the same lines.
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("line 2: storeId: 37 characters"))
        .stdout(predicate::str::contains("line 5: not valid JSON"))
        .stdout(predicate::str::contains("line 6: colour: unknown property"))
        .stdout(predicate::str::contains("line 1:").not())
        .stdout(predicate::str::contains("line 4:").not());
}

#[test]
fn ndjson_output_is_one_object_per_problem() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "bad.json", INVALID);
    let out = validate(&dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    assert_eq!(findings.len(), 2);
    assert_eq!(findings[0]["property"], "storeId");
    assert_eq!(findings[0]["message"], "37 characters, at most 36");
    assert_eq!(findings[1]["property"], "latitude");
    // `-o json` in a pipe is the same: one compact object a problem (the output rule).
    let out = validate(&dir, &file, "json")
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert_eq!(ndjson_findings(&out.stdout), findings);
}

#[test]
fn a_json_array_reports_indices() {
    let dir = TempDir::new().unwrap();
    let text = format!("[\n  {VALID},\n  {INVALID},\n  {VALID},\n  [1]\n]\n");
    let file = write(&dir, "array.json", &text);
    let out = validate(&dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    let got: Vec<(u64, &str)> = findings
        .iter()
        .map(|f| {
            (
                f["index"].as_u64().unwrap(),
                f["property"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [(1, "storeId"), (1, "latitude"), (3, "")]);
    assert!(findings.iter().all(|f| f.get("line").is_none()));
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("[1]: storeId: 37 characters"))
        .stdout(predicate::str::contains(
            "[3]: the body must be a JSON object, not an array",
        ));
}

#[test]
fn standard_input_is_read_with_dash_and_by_default() {
    let dir = TempDir::new().unwrap();
    locadm(&dir)
        .args(["location", "validate", "--file", "-", "-o", "table"])
        .write_stdin(format!("{VALID}\n{INVALID}\n"))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("line 2: storeId"));
    locadm(&dir)
        .args(["location", "validate", "-o", "table"])
        .write_stdin(VALID)
        .assert()
        .code(0);
}

#[test]
fn a_missing_file_exits_2_and_names_the_file() {
    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("no-such-file.ndjson");
    validate(&dir, &missing, "table")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no-such-file.ndjson"));
}

#[test]
fn a_file_that_is_not_json() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "notes.txt", "storeId = BER-001\nstoreName = Mitte\n");
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("not valid JSON"));
    let file = write(&dir, "broken.json", "[{\"storeId\": \"A\"},");
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a valid JSON array"));
    let file = write(&dir, "empty.json", "\n\n");
    validate(&dir, &file, "table")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty"));
}

#[test]
fn a_bom_and_crlf_line_ends_are_accepted() {
    let dir = TempDir::new().unwrap();
    let file = write(
        &dir,
        "bom.ndjson",
        &format!("\u{feff}{VALID}\r\n{INVALID}\r\n{VALID}\r\n"),
    );
    let out = validate(&dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    assert_eq!(findings.len(), 2, "{findings:?}");
    assert!(findings.iter().all(|f| f["line"] == 2));

    let pretty = serde_json::to_string_pretty(&serde_json::from_str::<Value>(VALID).unwrap())
        .unwrap()
        .replace('\n', "\r\n");
    let file = write(&dir, "bom.json", &format!("\u{feff}{pretty}\r\n"));
    validate(&dir, &file, "table").assert().code(0);
}

#[test]
fn provider_validate() {
    let dir = TempDir::new().unwrap();
    let text = concat!(
        r#"{"name":"Acme","archivingPeriod":7,"details":"{\"a\":1}"}"#,
        "\n",
        r#"{"name":"Acme","archivingPeriod":1.5,"details":{"a":1}}"#,
        "\n",
        r#"{"name":"Acme","archivingPeriod":"7"}"#,
        "\n"
    );
    let file = write(&dir, "providers.ndjson", text);
    let out = locadm(&dir)
        .args(["provider", "validate", "-o", "ndjson", "--file"])
        .arg(&file)
        .assert()
        .code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    let got: Vec<(u64, &str)> = findings
        .iter()
        .map(|f| (f["line"].as_u64().unwrap(), f["property"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (2, "archivingPeriod"),
            (2, "details"),
            (3, "archivingPeriod")
        ]
    );
    assert!(findings[1]["message"].as_str().unwrap().contains("string"));
}

#[test]
fn a_warning_alone_passes_unless_strict() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "xk.json", &VALID.replace("\"DE\"", "\"XK\""));
    validate(&dir, &file, "table")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "warning: structuredAddress.countryCode",
        ));
    validate(&dir, &file, "table")
        .arg("--strict")
        .assert()
        .code(2);
    // With --strict the warning is an error, reported and counted as one.
    let out = validate(&dir, &file, "ndjson")
        .arg("--strict")
        .assert()
        .code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["severity"], "error");
    assert_eq!(findings[0]["property"], "structuredAddress.countryCode");
    assert!(out.stderr.contains("(1 error, 0 warnings)"));
}

/// Validates one NDJSON line per case (exit 2) and asserts that line i + 1 has a finding
/// at `cases[i]`'s property whose message holds its rule.
#[track_caller]
fn validate_lines(dir: &TempDir, name: &str, cases: &[(String, &str, &str)]) -> Run {
    let text: String = cases
        .iter()
        .map(|(body, _, _)| format!("{body}\n"))
        .collect();
    let file = write(dir, name, &text);
    let out = validate(dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    for (line, (_, property, rule)) in cases.iter().enumerate() {
        assert!(
            findings.iter().any(|f| f["line"] == line as u64 + 1
                && f["property"] == *property
                && f["message"].as_str().unwrap().contains(rule)),
            "line {}: {findings:?}",
            line + 1
        );
    }
    out
}

/// Issue 14, items 2, 5 and 9 through the command: each body is refused and the problem
/// names its property and the rule.
#[test]
fn edge_cases_are_refused_with_the_rule_named() {
    let dir = TempDir::new().unwrap();
    let legacy = r#"{"storeId":"S-1","storeName":"x","address":"Main 1","city":"Berlin","postCode":"10117","countryCode":"DE","latitude":52.1,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}"#;
    let cases = [
        (
            VALID.replacen('{', r#"{"email":"Pickup <pickup@example.com>","#, 1),
            "email",
            "not a well-formed e-mail address",
        ),
        (
            legacy.replace(r#""city":"Berlin""#, r#""city":"  ""#),
            "city",
            "must not be empty",
        ),
        (
            legacy.replace(r#""address":"Main 1""#, r#""address":"""#),
            "address",
            "must not be empty",
        ),
    ];
    validate_lines(&dir, "edges.ndjson", &cases);
    let provider = write(
        &dir,
        "p.json",
        r#"{"name":"Acme","archivingPeriod":9223372036854775808}"#,
    );
    locadm(&dir)
        .args(["provider", "validate", "-o", "table", "--file"])
        .arg(&provider)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "archivingPeriod: 9223372036854775808 is out of range 1 to 30",
        ));
}

/// Issue 14, item 7: a line that is not UTF-8 is a problem of that line (exit 2); every
/// other line is still checked.
#[test]
fn a_line_that_is_not_utf8_is_a_problem_of_that_line() {
    let dir = TempDir::new().unwrap();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(VALID.as_bytes());
    bytes.extend_from_slice(b"\n{\"storeId\":\"caf\xe9\"}\n");
    bytes.extend_from_slice(VALID.replace("BER-001", &"X".repeat(37)).as_bytes());
    bytes.push(b'\n');
    let file = dir.path().join("mixed.ndjson");
    std::fs::write(&file, bytes).unwrap();
    let out = validate(&dir, &file, "ndjson").assert().code(2);
    let out = Run::from(&out);
    let findings = ndjson_findings(out.stdout.as_bytes());
    let lines: Vec<u64> = findings
        .iter()
        .map(|f| f["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3], "{findings:?}");
    assert!(findings[0]["message"]
        .as_str()
        .unwrap()
        .contains("not UTF-8 text"));
    assert!(out.stderr.contains("3 records: 1 valid, 2 invalid"));
}

/// Issue 14, item 1 through the commands: strings that are not URLs by RFC 3986 are
/// refused in `logoUrl`, in `photoUrls` items (either form) and in
/// `locationsSource.endpoint`, each problem naming the property and the character.
#[test]
fn strings_that_are_not_urls_are_refused_in_every_url_property() {
    let dir = TempDir::new().unwrap();
    let with = |member: &str| VALID.replacen('{', &format!("{{{member},"), 1);
    let cases = [
        (
            with(r#""logoUrl":"https://example.com/a b.png""#),
            "logoUrl",
            "a space at character 22",
        ),
        (
            with(r#""logoUrl":"https://example.com/a\tb""#),
            "logoUrl",
            "a tab",
        ),
        (
            with(r#""logoUrl":"https://example.com/%zz""#),
            "logoUrl",
            "two hex digits",
        ),
        (
            with(r#""logoUrl":"https://example.com/a#b#c""#),
            "logoUrl",
            "`#`",
        ),
        (
            with(r#""logoUrl":"https://a@b@example.com/""#),
            "logoUrl",
            "`@`",
        ),
        (
            with(r#""logoUrl":"http:example.com""#),
            "logoUrl",
            "`//` and a host",
        ),
        (
            with(r#""logoUrl":"http:///x""#),
            "logoUrl",
            "`//` and a host",
        ),
        (
            with(r#""photoUrls":["https://example.com/1.jpg"," https://example.com/2.jpg"]"#),
            "photoUrls[1]",
            "(it starts with it)",
        ),
        (
            with(r#""photoUrls":["https://example.com/1.jpg\u0000"]"#),
            "photoUrls[0]",
            "U+0000",
        ),
        (
            with(r#""photoUrls":"https://example.com/1.jpg,https://example.com/{2}.jpg""#),
            "photoUrls[1]",
            "`{`",
        ),
    ];
    let out = validate_lines(&dir, "urls.ndjson", &cases);
    assert!(out.stderr.contains(&format!(
        "{n} records: 0 valid, {n} invalid",
        n = cases.len()
    )));

    for endpoint in [
        "https://example.com/a b",
        "http:///feed",
        "ftp://example.com/feed",
        "https://example.com/%",
    ] {
        let provider = write(
            &dir,
            "p.json",
            &format!(r#"{{"name":"Acme","locationsSource":{{"endpoint":"{endpoint}"}}}}"#),
        );
        locadm(&dir)
            .args(["provider", "validate", "-o", "table", "--file"])
            .arg(&provider)
            .assert()
            .code(2)
            .stdout(predicate::str::contains("locationsSource.endpoint: "));
    }
}

/// Issue 14, items 4, 8 and 13 through the commands: the limits of a body are named, at
/// any depth or width, and an empty `locationsSource` is a provider that is not remote.
#[test]
fn the_limits_of_a_body_are_named_and_an_empty_source_passes() {
    let dir = TempDir::new().unwrap();
    let with = |member: &str| VALID.replacen('{', &format!("{{{member},"), 1);
    let nested = |depth: usize| {
        with(&format!(
            r#""translations":{{"de":{}1{}}}"#,
            r#"{"a":"#.repeat(depth),
            "}".repeat(depth)
        ))
    };
    let languages = |n: usize| {
        let members: Vec<String> = (0..n).map(|i| format!(r#""l{i}":{{}}"#)).collect();
        with(&format!(r#""translations":{{{}}}"#, members.join(",")))
    };
    let cases = [
        (
            nested(128),
            "translations",
            "is nested deeper than 32 levels",
        ),
        (
            nested(31),
            "translations",
            "is nested deeper than 32 levels",
        ),
        (
            nested(100_000),
            "translations",
            "is nested deeper than 32 levels",
        ),
        (
            languages(1001),
            "translations",
            "has 1001 members, at most 1000",
        ),
        (
            languages(60_000),
            "translations",
            "has 60000 members, at most 1000",
        ),
    ];
    validate_lines(&dir, "limits.ndjson", &cases);
    // At the limits, the same bodies pass.
    let ok = write(
        &dir,
        "ok.ndjson",
        &format!("{}\n{}\n", nested(30), languages(1000)),
    );
    validate(&dir, &ok, "ndjson").assert().success();

    let provider = |body: &str| {
        let file = write(&dir, "p.json", body);
        let mut cmd = locadm(&dir);
        cmd.args(["provider", "validate", "-o", "table", "--file"])
            .arg(file);
        cmd
    };
    provider(r#"{"name":"Acme","archivingPeriod":7,"locationsSource":{}}"#)
        .assert()
        .success();
    let deep = format!(
        r#"{{"name":"Acme","archivingPeriod":7,"details":"{}{}"}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    provider(&deep)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "details: holds JSON that is nested deeper than 32 levels",
        ));
}

// ---- One reader, one verdict (issue 40, item 3): `validate`, `apply --dry-run`,
// `create --file` and `update --file` read a body by the same code, so the same body read
// for the same operation gets the same exit code and the same problems, in the same order.

const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

/// A location body with `extra` members at its end, each `,"name":value`.
fn body_with(extra: &str) -> String {
    format!(
        r#"{{"storeId":"BER-001","storeName":"Alexanderplatz","structuredAddress":{{"street":"Alexanderplatz","city":"Berlin","postCode":"10178","countryCode":"DE"}},"latitude":52.1,"longitude":13.4,"locationProvider":{{"id":"{PROVIDER}"}}{extra}}}"#
    )
}

/// `property: message` of a problem as the commands print it (the body's own: the message).
fn problem_line(property: &str, message: &str) -> String {
    if property.is_empty() {
        message.to_owned()
    } else {
        format!("{property}: {message}")
    }
}

/// What one command said of a one-line body: its exit code and its errors, in order.
#[derive(Debug, PartialEq, Eq)]
struct Verdict {
    code: i32,
    errors: Vec<String>,
}

/// `location validate` (`--replace` with `replace`): the findings of `-o ndjson`.
fn by_validate(env: &common::Env, file: &Path, replace: bool) -> Verdict {
    let mut args = vec!["location", "validate", "-o", "ndjson", "--file"];
    args.push(file.to_str().unwrap());
    if replace {
        args.push("--replace");
    }
    let run = env.run(&args);
    let errors = run
        .lines()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            problem_line(
                f["property"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    Verdict {
        code: run.code,
        errors,
    }
}

/// `location apply --dry-run` (`--replace` with `replace`): the problems on stderr.
/// `--create-new`: the same storeIds are created again and again, and the verdict is the
/// reader's, not the inventory's.
fn by_apply_dry_run(env: &common::Env, file: &Path, replace: bool) -> Verdict {
    let mut args = vec!["location", "apply", "--dry-run", "--create-new", "--file"];
    args.push(file.to_str().unwrap());
    if replace {
        args.push("--replace");
    }
    let run = env.run(&args);
    let errors = run
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("line 1: "))
        .map(str::to_owned)
        .collect();
    Verdict {
        code: run.code,
        errors,
    }
}

/// `location create --file` (or `update ID --file`) against the emulator: the problems
/// listed under `the body is invalid`, warnings left out.
fn by_write(env: &common::Env, file: &Path, update: Option<&str>) -> Verdict {
    let file = file.to_str().unwrap();
    let run = match update {
        None => env.run(&["location", "create", "-q", "--create-new", "--file", file]),
        Some(id) => env.run(&["location", "update", id, "-q", "--file", file]),
    };
    let errors = run
        .stderr
        .lines()
        .skip_while(|l| !l.starts_with("error: the body is invalid"))
        .skip(1)
        .take_while(|l| !l.starts_with("hint:"))
        .filter(|l| !l.starts_with("warning: "))
        .map(str::to_owned)
        .collect();
    Verdict {
        code: run.code,
        errors,
    }
}

/// The verdicts of `validate`, `apply --dry-run` and `create --file` on `body` (or, with
/// `update`, of `validate --replace`, `apply --replace --dry-run` and `update ID --file`),
/// asserted equal; the one verdict.
#[track_caller]
fn one_verdict(env: &common::Env, body: &str, update: Option<&str>) -> Verdict {
    let file = env.write("body.json", &format!("{body}\n"));
    let validated = by_validate(env, &file, update.is_some());
    let dry_run = by_apply_dry_run(env, &file, update.is_some());
    let written = by_write(env, &file, update);
    assert_eq!(validated, dry_run, "validate and apply --dry-run: {body}");
    assert_eq!(
        validated, written,
        "validate and create/update --file: {body}"
    );
    validated
}

/// Issue 40: bodies `validate` passed and `create --file` refused ("validate, then create"
/// exited 2). Now one verdict each: the read form's rule, in every command.
#[test]
fn validate_and_create_agree_on_the_read_form() {
    let env = common::Env::new();
    // A bare provider id: refused everywhere, with the form to write.
    let bare = body_with("").replace(
        &format!(r#"{{"id":"{PROVIDER}"}}"#),
        &format!(r#""{PROVIDER}""#),
    );
    let verdict = one_verdict(&env, &bare, None);
    assert_eq!(verdict.code, 2);
    assert_eq!(
        verdict.errors,
        [format!(
            r#"locationProvider: must be an object with an `id`, not a string; write `{{"id": "{PROVIDER}"}}`"#
        )]
    );
    // A copy equal to its structured twin, the derived address beside the structured
    // form, and `null` of an optional member: set aside everywhere, created.
    for extra in [
        r#","city":"Berlin""#,
        r#","address":"Main 1""#,
        r#","email":null"#,
    ] {
        let verdict = one_verdict(&env, &body_with(extra), None);
        assert_eq!(
            verdict,
            Verdict {
                code: 0,
                errors: vec![]
            },
            "{extra}"
        );
    }
}

/// Issue 40: a legacy copy that disagrees hid every other problem of its body.
#[test]
fn a_copy_that_disagrees_hides_no_other_problem() {
    let env = common::Env::new();
    let body = body_with(r#","city":"Hamburg","email":"nope","tags":[7]"#)
        .replace("BER-001", &"x".repeat(37));
    let verdict = one_verdict(&env, &body, None);
    assert_eq!(verdict.code, 2);
    assert_eq!(
        verdict.errors,
        [
            r#"city: the legacy `city` "Hamburg" disagrees with `structuredAddress.city` "Berlin": edit one address form and drop the other"#,
            "storeId: 37 characters, at most 36",
            "email: is not an e-mail address (no `@`)",
            "tags[0]: must be a string, not a number",
        ]
    );
}

/// Issue 40: a repeated name in the provider or in a translation passed `validate` and
/// `apply`, which kept one of the values.
#[test]
fn a_repeated_name_is_refused_at_every_depth_by_every_command() {
    let env = common::Env::new();
    let twice = body_with("").replace(
        &format!(r#"{{"id":"{PROVIDER}"}}"#),
        &format!(r#"{{"id":"{PROVIDER}","id":"{PROVIDER}"}}"#),
    );
    let translated = body_with(r#","translations":{"de":{"name":"A","name":"B"}}"#);
    let linked = body_with(r#","links":[{"rel":"self","rel":"details"}]"#);
    for (body, property) in [
        (twice, "locationProvider.id"),
        (translated, "translations.de.name"),
        (linked, "links[0].rel"),
    ] {
        let verdict = one_verdict(&env, &body, None);
        assert_eq!(verdict.code, 2, "{body}");
        assert_eq!(
            verdict.errors,
            [format!("{property}: appears more than once")]
        );
    }
}

/// Issue 40: members set aside (`links`, the provider's `name`, the derived `address`)
/// were dropped without a look at their type; and a required member's `null` read as
/// "unset" made it missing.
#[test]
fn set_aside_members_are_checked_for_their_type() {
    let env = common::Env::new();
    let body = body_with(r#","links":"self","address":5"#).replace(
        &format!(r#"{{"id":"{PROVIDER}"}}"#),
        &format!(r#"{{"id":"{PROVIDER}","name":7}}"#),
    );
    let verdict = one_verdict(&env, &body, None);
    assert_eq!(verdict.code, 2);
    assert_eq!(
        verdict.errors,
        [
            "locationProvider.name: must be a string, not a number",
            "links: must be an array of link objects, not the string \"self\"",
            "address: must be a string, not a number",
        ]
    );
    let body = body_with("").replace(r#""Alexanderplatz","structured"#, r#"null,"structured"#);
    let verdict = one_verdict(&env, &body, None);
    assert_eq!(verdict.errors, ["storeName: must be a string, not null"]);
}

/// Issue 40: `photoUrls` as a string with a blank after a comma was trimmed and sent; it
/// is refused as the array form refuses the same blank.
#[test]
fn photo_urls_with_a_blank_after_a_comma_are_refused_in_both_forms() {
    let env = common::Env::new();
    let joined = one_verdict(
        &env,
        &body_with(r#","photoUrls":"https://a.example/1.jpg, https://a.example/2.jpg""#),
        None,
    );
    let listed = one_verdict(
        &env,
        &body_with(r#","photoUrls":["https://a.example/1.jpg"," https://a.example/2.jpg"]"#),
        None,
    );
    assert_eq!(joined.code, 2);
    assert_eq!(joined, listed);
    assert!(joined.errors[0].starts_with("photoUrls[1]: "), "{joined:?}");
}

/// The id of a location created from [`body_with`] without extra members.
fn created(env: &common::Env) -> String {
    let file = env.write("existing.json", &body_with(""));
    let run = env.run(&["location", "create", "-q", "--file", file.to_str().unwrap()]);
    run.assert_code(0);
    run.stdout.trim().to_owned()
}

/// Issue 40: the copies of a CSV row (what `get` prints beside `structuredAddress`) are
/// compared with the merged location, not with the row, which lacks the twin.
#[test]
fn a_merge_compares_read_form_copies_with_the_merged_location() {
    let env = common::Env::new();
    let id = &created(&env);
    let header = "id,postCode,countryCode,structuredAddress.street,structuredAddress.city\n";
    let same = env.write(
        "same.csv",
        &format!("{header}{id},10178,DE,Side street,Berlin\n"),
    );
    let same = same.to_str().unwrap();
    env.run(&["location", "validate", "--file", same])
        .assert_code(0);
    let run = env.run(&["location", "apply", "--file", same]);
    run.assert_code(0);
    assert_eq!(run.lines()[0]["outcome"], "updated", "{}", run.stdout);
    let read = env.run(&["location", "get", id]).json();
    assert_eq!(read["structuredAddress"]["street"], "Side street");

    // A post code the location does not have: the copy disagrees with the merged one.
    let other = env.write(
        "other.csv",
        &format!("{header}{id},14467,DE,Side street,Berlin\n"),
    );
    let run = env.run(&["location", "apply", "--file", other.to_str().unwrap()]);
    run.assert_code(7);
    let result = &run.lines()[0];
    assert_eq!(result["outcome"], "invalid", "{}", run.stdout);
    assert!(
        result["error"].as_str().unwrap().contains(
            r#"postCode: the legacy `postCode` "14467" disagrees with `structuredAddress.postCode` "10178""#
        ),
        "{result}"
    );
}

/// Members of a body (`name`, JSON text of the value): one of `valid` nine times in ten,
/// else one of `broken`.
fn members(
    valid: &[&[(&'static str, &'static str)]],
    broken: &[&[(&'static str, &'static str)]],
) -> proptest::strategy::BoxedStrategy<Vec<(&'static str, &'static str)>> {
    use proptest::prelude::*;
    let listed = |choices: &[&[(&'static str, &'static str)]]| {
        proptest::sample::select(choices.iter().map(|c| c.to_vec()).collect::<Vec<_>>())
    };
    prop_oneof![9 => listed(valid), 1 => listed(broken)].boxed()
}

/// A body made of members each valid or broken: both address forms, the read form's
/// members (the provider's `name`, `service`, `links`, legacy copies, the derived
/// `address`, `null`s), repeated names, in any order.
fn any_body() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let leak = |text: String| -> &'static str { text.leak() };
    let provider = leak(format!(r#"{{"id":"{PROVIDER}"}}"#));
    let named = leak(format!(r#"{{"id":"{PROVIDER}","name":"Demo"}}"#));
    let bare = leak(format!(r#""{PROVIDER}""#));
    let twice = leak(format!(r#"{{"id":"{PROVIDER}","id":"{PROVIDER}"}}"#));
    let extra = leak(format!(r#"{{"id":"{PROVIDER}","colour":"red"}}"#));
    const S: &str = "structuredAddress";
    const STRUCTURED: &str =
        r#"{"street":"Main","city":"Berlin","postCode":"10178","countryCode":"DE"}"#;
    vec![
        members(
            &[&[("storeId", r#""S-1""#)]],
            &[
                &[("storeId", r#""0123456789012345678901234567890123456""#)],
                &[("storeId", "7")],
                &[("storeId", "null")],
                &[],
            ],
        ),
        members(
            &[&[("storeName", r#""Store""#)]],
            &[&[("storeName", r#""  ""#)], &[]],
        ),
        members(
            &[
                &[(S, STRUCTURED)],
                &[
                    (S, STRUCTURED),
                    ("address", r#""Main 1""#),
                    ("city", r#""Berlin""#),
                    ("postCode", r#""10178""#),
                    ("countryCode", r#""DE""#),
                ],
                &[(S, STRUCTURED), ("city", "null")],
                &[
                    (S, "null"),
                    ("address", r#""Main 1""#),
                    ("city", r#""Berlin""#),
                    ("postCode", r#""10178""#),
                    ("countryCode", r#""DEU""#),
                ],
            ],
            &[
                &[(S, STRUCTURED), ("city", r#""Hamburg""#)],
                &[(S, r#"{"street":"Main","postCode":"1","countryCode":"DE"}"#)],
                &[
                    ("address", r#""Main 1""#),
                    ("city", r#""Berlin""#),
                    ("countryCode", r#""DEU""#),
                ],
                &[(S, STRUCTURED), ("address", "5")],
                &[(S, r#""Main 1""#)],
                &[],
            ],
        ),
        members(
            &[&[("latitude", "52.1")]],
            &[&[("latitude", r#""52.1""#)], &[("latitude", "91")]],
        ),
        members(
            &[&[("longitude", "13.4")]],
            &[&[("longitude", "13.123456789")]],
        ),
        members(
            &[
                &[("locationProvider", provider)],
                &[("locationProvider", named)],
                &[("service", named)],
            ],
            &[
                &[("locationProvider", bare)],
                &[("locationProvider", twice)],
                &[("locationProvider", extra)],
                &[],
            ],
        ),
        members(
            &[
                &[],
                &[("links", r#"[{"rel":"self","href":"/locations/x"}]"#)],
            ],
            &[
                &[("links", r#""self""#)],
                &[("links", r#"[{"rel":"self","rel":"details"}]"#)],
            ],
        ),
        members(
            &[
                &[],
                &[("email", r#""shop@example.com""#)],
                &[("email", "null")],
            ],
            &[&[("email", r#""nope""#)]],
        ),
        members(
            &[
                &[],
                &[(
                    "photoUrls",
                    r#""https://a.example/1.jpg,https://a.example/2.jpg""#,
                )],
                &[("photoUrls", r#"["https://a.example/1.jpg"]"#)],
            ],
            &[&[(
                "photoUrls",
                r#""https://a.example/1.jpg, https://a.example/2.jpg""#,
            )]],
        ),
        members(
            &[&[], &[("tags", r#"["a","b"]"#)], &[("tags", "null")]],
            &[&[("tags", "[1]")]],
        ),
        members(
            &[&[], &[("translations", r#"{"de":{"name":"Laden"}}"#)]],
            &[
                &[("translations", r#"{"de":{"name":"A","name":"B"}}"#)],
                &[("translations", r#"{"de":"Laden"}"#)],
            ],
        ),
    ]
    .prop_map(|parts| parts.concat())
    .prop_shuffle()
    .prop_map(|members| {
        let members: Vec<String> = members
            .iter()
            .map(|(name, value)| format!(r#""{name}":{value}"#))
            .collect();
        format!("{{{}}}", members.join(","))
    })
}

/// Issue 40, item 3: for generated bodies (valid and broken, both address forms, read
/// forms), `validate`, `apply --dry-run` and `create --file` against the emulator give
/// the same exit code and the same problems in the same order; with an `id`, so do
/// `validate --replace`, `apply --replace --dry-run` and `update ID --file`. 256 cases,
/// each run through the real binary three times.
#[test]
fn every_command_gives_one_verdict_for_one_body() {
    use proptest::test_runner::{Config, TestCaseError, TestRunner};
    let env = common::Env::new();
    let id = created(&env);
    let mut runner = TestRunner::new(Config {
        cases: 256,
        failure_persistence: None,
        ..Config::default()
    });
    let codes = std::cell::RefCell::new(std::collections::BTreeMap::new());
    let strategy = (any_body(), proptest::bool::weighted(0.25));
    runner
        .run(&strategy, |(body, replace)| {
            let (body, update) = if replace {
                (
                    body.replacen('{', &format!(r#"{{"id":"{id}","#), 1),
                    Some(id.as_str()),
                )
            } else {
                (body, None)
            };
            let verdict = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                one_verdict(&env, &body, update)
            }))
            .map_err(|e| {
                TestCaseError::fail(
                    e.downcast_ref::<String>()
                        .cloned()
                        .unwrap_or_else(|| "a panic".into()),
                )
            })?;
            *codes.borrow_mut().entry(verdict.code).or_insert(0) += 1;
            Ok(())
        })
        .unwrap();
    // Both verdicts were met: the generator makes valid bodies as well as broken ones.
    let codes = codes.into_inner();
    assert!(codes.get(&0).is_some_and(|n| *n > 0), "{codes:?}");
    assert!(codes.get(&2).is_some_and(|n| *n > 0), "{codes:?}");
}

/// Issue 56: the same rejection has the same code on every path: an invalid record is
/// `invalid` from `validate` and from `apply` (apply said `usage`), exit 2 from both, and
/// only `apply`, which could have sent something, says that nothing was sent.
#[test]
fn an_invalid_record_is_the_same_error_from_validate_and_apply() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "bad.ndjson", INVALID);
    let error_of = |out: &std::process::Output| -> Value {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        stderr
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .find_map(|object| object.get("error").cloned())
            .unwrap_or_else(|| panic!("no error object: {stderr}"))
    };
    let validated = validate(&dir, &file, "json").output().unwrap();
    let applied = locadm(&dir)
        // A service that is never reached: the record is refused before anything is sent.
        .args(["--base-url", "http://127.0.0.1:1", "-o", "json"])
        .args(["location", "apply", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    let (validated, applied_code) = (error_of(&validated), applied.status.code());
    let applied = error_of(&applied);
    assert_eq!(applied_code, Some(2), "{applied}");
    assert_eq!(validated["code"], "invalid", "{validated}");
    assert_eq!(applied["code"], validated["code"], "{applied}");
    assert_eq!(validated["exit"], applied["exit"]);
    assert!(!validated["message"]
        .as_str()
        .unwrap()
        .contains("nothing was sent"));
    assert!(applied["message"]
        .as_str()
        .unwrap()
        .contains("nothing was sent"));
}

/// The problems of an error under `-o json` (issue 56, item 5): an array of
/// `{property, rule, message, line}`, the same rejection with the same code and rules
/// from `validate`, `apply` and `create`; nothing sent (the base URL leads nowhere).
#[test]
fn an_error_s_problems_are_data_with_the_same_rules_on_every_path() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "mixed.ndjson", &format!("{VALID}\n{INVALID}\n"));
    let single = write(&dir, "one.json", INVALID);
    let error_of = |args: &[&str]| -> Value {
        let out = locadm(&dir)
            .args(["--base-url", "http://127.0.0.1:9", "-o", "json"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let line = stderr
            .lines()
            .find(|l| l.starts_with(r#"{"error""#))
            .unwrap_or_else(|| panic!("no error object: {stderr}"));
        serde_json::from_str::<Value>(line).unwrap()["error"].clone()
    };
    let file = file.to_str().unwrap();
    let expected = |line: Value| {
        serde_json::json!([
            {"property": "storeId", "rule": "max_length", "message": "37 characters, at most 36", "line": line},
            {"property": "latitude", "rule": "type", "message": "must be a number, not the string \"52.1\"", "line": line},
        ])
    };
    for args in [
        vec!["location", "validate", "--file", file],
        vec!["location", "apply", "--file", file],
    ] {
        let error = error_of(&args);
        assert_eq!(error["code"], "invalid", "{args:?}");
        assert_eq!(error["problems"], expected(2.into()), "{args:?}");
    }
    let error = error_of(&["location", "create", "--file", single.to_str().unwrap()]);
    assert_eq!(error["code"], "invalid");
    assert_eq!(error["problems"], expected(Value::Null));
}
