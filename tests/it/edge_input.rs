//! Input edge cases end to end, through the real binary: Unicode at the length limits
//! (limits count Unicode scalar values, so a combining mark is a character of its own and
//! an emoji is one), a byte order mark, CRLF line endings in NDJSON and CSV, empty input,
//! and coordinates written as `1e2` or `-0.0`.

use crate::common;

use common::RunToEnd;

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

/// The binary with no service, in a scrubbed environment with HOME in `home`.
fn locadm(home: &TempDir) -> Command {
    common::offline_command(home.path())
}

fn write(dir: &TempDir, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn validate(home: &TempDir, file: &PathBuf) -> Command {
    let mut cmd = locadm(home);
    cmd.args(["location", "validate", "-o", "table", "--file"])
        .arg(file);
    cmd
}

/// A valid body with `store_id`, `store_name`, and the coordinates as written.
fn body(store_id: &str, store_name: &str, lat: &str, lon: &str) -> String {
    serde_json::json!({
        "storeId": store_id,
        "storeName": store_name,
        "structuredAddress": {"street": "Straße 1", "city": "Zürich", "postCode": "8001", "countryCode": "CH"},
        "latitude": 0,
        "longitude": 0,
        "locationProvider": {"id": PROVIDER}
    })
    .to_string()
    .replace("\"latitude\":0", &format!("\"latitude\":{lat}"))
    .replace("\"longitude\":0", &format!("\"longitude\":{lon}"))
}

#[test]
fn emoji_and_combining_characters_exactly_at_the_limits_are_valid() {
    let home = TempDir::new().unwrap();
    // storeId: at most 36 characters. 36 emoji (4 bytes each, 144 bytes) fit.
    let ids_at_limit = "😀".repeat(36);
    // storeName: at most 128. "e" + U+0301 COMBINING ACUTE is 2 characters, one glyph.
    let name_at_limit = "e\u{301}".repeat(64);
    assert_eq!(name_at_limit.chars().count(), 128);
    let ok = body(&ids_at_limit, &name_at_limit, "52.1", "13.4");
    let file = write(&home, "at-limit.json", ok.as_bytes());
    validate(&home, &file)
        .assert()
        .code(0)
        .stderr(predicate::str::contains("1 valid, 0 invalid"));

    // One character more on each: both are named, counted in characters, not bytes.
    let over = body(
        &format!("{ids_at_limit}😀"),
        &format!("{name_at_limit}\u{301}"),
        "52.1",
        "13.4",
    );
    let file = write(&home, "over.json", over.as_bytes());
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "storeId: 37 characters, at most 36",
        ))
        .stdout(predicate::str::contains(
            "storeName: 129 characters, at most 128",
        ));

    // A family emoji is 5 characters (3 people joined by 2 ZWJ): 7 of them are 35.
    let family = "👨\u{200d}👩\u{200d}👧".repeat(7);
    let file = write(
        &home,
        "zwj.json",
        body(&format!("{family}x"), "n", "1", "2").as_bytes(),
    );
    validate(&home, &file).assert().code(0);
    let file = write(
        &home,
        "zwj-over.json",
        body(&format!("{family}xy"), "n", "1", "2").as_bytes(),
    );
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("storeId: 37 characters"));
}

#[test]
fn a_byte_order_mark_is_skipped_in_every_format() {
    let home = TempDir::new().unwrap();
    let one = body("BOM-1", "n", "1", "2");
    for (name, text) in [
        ("single.json", format!("{one}\n")),
        (
            "pretty.json",
            format!(
                "{}\n",
                serde_json::to_string_pretty(
                    &serde_json::from_str::<serde_json::Value>(&one).unwrap()
                )
                .unwrap()
            ),
        ),
        ("lines.ndjson", format!("{one}\n{one}\n")),
        ("array.json", format!("[{one},{one}]")),
    ] {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(text.as_bytes());
        let file = write(&home, name, &bytes);
        validate(&home, &file)
            .assert()
            .code(0)
            .stderr(predicate::str::contains("0 invalid"));
    }
    // CSV with a BOM before the header row (as spreadsheet exports write it).
    let csv = format!(
        "\u{feff}storeId,storeName,structuredAddress.street,structuredAddress.city,structuredAddress.postCode,structuredAddress.countryCode,latitude,longitude,locationProvider.id\nBOM-CSV,n,S 1,Berlin,10178,DE,52.1,13.4,{PROVIDER}\n"
    );
    let file = write(&home, "bom.csv", csv.as_bytes());
    locadm(&home)
        .args(["location", "apply", "--dry-run", "--file"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\"storeId\":\"BOM-CSV\""));
}

#[test]
fn crlf_line_endings_in_ndjson_and_csv() {
    let home = TempDir::new().unwrap();
    let one = body("CRLF-1", "n", "1", "2");
    let bad = body(&"x".repeat(37), "n", "1", "2");
    let file = write(
        &home,
        "crlf.ndjson",
        format!("{one}\r\n{bad}\r\n\r\n{one}\r\n").as_bytes(),
    );
    // Line numbers count CRLF lines; no stray \r in any value or message.
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout("line 2: storeId: 37 characters, at most 36\n")
        .stderr(predicate::str::contains("3 records: 2 valid, 1 invalid"));

    let csv = format!(
        "storeId,storeName,structuredAddress.street,structuredAddress.city,structuredAddress.postCode,structuredAddress.countryCode,latitude,longitude,locationProvider.id,tags\r\n\
         CSV-1,First,S 1,Berlin,10178,DE,52.1,13.4,{PROVIDER},\"a,b\"\r\n\
         CSV-2,\"Two\r\nlines\",S 2,Berlin,10178,DE,-0.0,1e2,{PROVIDER},c\r\n"
    );
    let file = write(&home, "crlf.csv", csv.as_bytes());
    let out = locadm(&home)
        .args(["location", "apply", "--dry-run", "--file"])
        .arg(&file)
        .run();
    let stdout = out.stdout.clone();
    out.assert_code(0);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let first = &lines[0]["body"];
    assert_eq!(first["storeId"], "CSV-1");
    // The last cell of a CRLF row carries no \r.
    assert_eq!(first["locationProvider"]["id"], PROVIDER);
    assert_eq!(first["tags"], serde_json::json!(["a", "b"]));
    let second = &lines[1]["body"];
    // A quoted cell keeps its own CRLF; numbers are sent as written.
    assert_eq!(second["storeName"], "Two\r\nlines");
    assert!(stdout.contains("\"latitude\":-0.0"), "{stdout}");
    assert!(stdout.contains("\"longitude\":1e2"), "{stdout}");
}

#[test]
fn empty_input_is_a_usage_error() {
    let home = TempDir::new().unwrap();
    for (name, bytes) in [
        ("empty.json", &b""[..]),
        ("blank.ndjson", &b"\r\n  \n\t\n"[..]),
        ("bom-only.json", &b"\xEF\xBB\xBF"[..]),
    ] {
        let file = write(&home, name, bytes);
        validate(&home, &file)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("the input is empty"));
    }
    // Standard input too.
    locadm(&home)
        .args(["location", "validate", "--file", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty"));
    // An empty CSV (not even a header row) to apply.
    let file = write(&home, "empty.csv", b"");
    locadm(&home)
        .args(["location", "apply", "--dry-run", "--file"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty").or(predicate::str::contains("header")))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn exponent_and_negative_zero_coordinates_follow_the_11_8_rules() {
    let home = TempDir::new().unwrap();
    // 1e2 = 100: 3 integer digits, in range for a longitude, out of range for a latitude.
    let file = write(&home, "lon.json", body("E-1", "n", "0", "1e2").as_bytes());
    validate(&home, &file).assert().code(0);
    let file = write(&home, "lat.json", body("E-2", "n", "1e2", "0").as_bytes());
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout("line 1: latitude: 1e2 is out of range -90 to 90\n");
    // -0.0 is zero: valid, and sent exactly as written.
    let file = write(
        &home,
        "zero.json",
        body("E-3", "n", "-0.0", "-0.0").as_bytes(),
    );
    validate(&home, &file).assert().code(0);
    // 1E3 = 1000: 4 integer digits. 1.5e-3 = 0.0015 fits; 1e-9 has 9 decimals.
    let file = write(&home, "big.json", body("E-4", "n", "0", "1E3").as_bytes());
    validate(&home, &file)
        .assert()
        .code(2)
        // Issue 56: a count that comes from an exponent names the number it is of.
        .stdout(predicate::str::contains(
            "longitude: `1E3` has 4 integer digits once its exponent is applied, at most 3",
        ));
    let file = write(
        &home,
        "small.json",
        body("E-5", "n", "1.5e-3", "1e-8").as_bytes(),
    );
    validate(&home, &file).assert().code(0);
    let file = write(&home, "tiny.json", body("E-6", "n", "1e-9", "0").as_bytes());
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "latitude: `1e-9` has 9 decimals once its exponent is applied, at most 8",
        ));
    // An exponent too large for any integer type is a clear finding, not a panic.
    let file = write(
        &home,
        "huge.json",
        body(
            "E-7",
            "n",
            "1e9223372036854775807",
            "-0e-9223372036854775808",
        )
        .as_bytes(),
    );
    validate(&home, &file)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("latitude"))
        .stderr(predicate::str::contains("panicked").not());
}
