//! `locadm location validate` and `provider validate`, run as the real binary: exit codes,
//! every problem listed with its line or index, every input format.

mod common;

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
        .stdout("line 1: storeId: 37 characters, at most 36\nline 1: latitude: must be a number, not a string\n")
        .stderr(predicate::str::contains("1 of 1 record is invalid; nothing was sent"));
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
            "body: latitude: must be a number, not a string\n",
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
    // `-o json` is one array of the same objects.
    let out = validate(&dir, &file, "json")
        .assert()
        .code(2)
        .get_output()
        .clone();
    let array: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(array, findings);
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
