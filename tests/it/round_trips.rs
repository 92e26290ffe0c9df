//! Round trips are identities (issue 53), through the real binary against the real
//! emulator, requests counted at the emulator: what the tool exported, applied back
//! unedited, sends nothing; an edit sends exactly the edit.

use crate::common;

use common::{Env, RunToEnd};
use serde_json::{json, Value};

fn counter(env: &Env, name: &str) -> u64 {
    env.emulator().counters()[name].as_u64().unwrap()
}

/// Writes `lines` as the NDJSON file `name`; its path.
fn ndjson(env: &Env, name: &str, lines: &[Value]) -> std::path::PathBuf {
    env.write(
        name,
        &lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
}

/// Creates these locations; the file of their ids.
fn created(env: &Env, locations: &[Value]) -> std::path::PathBuf {
    let input = ndjson(env, "new.ndjson", locations);
    let out = env.run(&["location", "apply", "-f", input.to_str().unwrap()]);
    out.assert_code(0);
    env.write("created.ndjson", &out.stdout)
}

/// `apply --plan` of `sheet` plans every record `unchanged`; `apply` then exits 0.
#[track_caller]
fn applied_unchanged(env: &Env, sheet: &std::path::Path, format: &str) {
    let sheet = sheet.to_str().unwrap();
    let plan = env.run(&["location", "apply", "-f", sheet, "--plan", "-o", "ndjson"]);
    plan.assert_code(0);
    assert!(
        plan.lines().iter().all(|r| r["plan"] == "unchanged"),
        "{format}: {}",
        plan.stdout
    );
    env.run(&["location", "apply", "-f", sheet]).assert_code(0);
}

/// [`spelled_otherwise`] created and exported (`location get --ids-from … -o ndjson`).
fn exported(env: &Env) -> common::Run {
    let ids = created(env, &spelled_otherwise(env));
    let export = env.run(&[
        "location",
        "get",
        "--ids-from",
        ids.to_str().unwrap(),
        "-o",
        "ndjson",
    ]);
    export.assert_code(0);
    export
}

/// Locations whose read form spells what they hold otherwise than they were written:
/// whole-number coordinates, `description: null`, empty and absent lists, the legacy
/// address form (read with `structuredAddress: null`).
fn spelled_otherwise(env: &Env) -> Vec<Value> {
    let provider = env.emulator().provider_id.clone();
    vec![
        json!({
            "storeId": "R-1", "storeName": "Eins",
            "structuredAddress": {"street": "Hauptstraße", "houseNumber": "1", "city": "Berlin",
                                  "postCode": "10178", "countryCode": "DE"},
            "latitude": 52, "longitude": 13.40, "locationProvider": {"id": provider},
            "description": null, "tags": [], "photoUrls": []
        }),
        json!({
            "storeId": "R-2", "storeName": "Zwei", "address": "Main 1", "city": "Berlin",
            "postCode": "10115", "countryCode": "DE", "latitude": 5.2e1, "longitude": -0.0,
            "locationProvider": {"id": provider}, "tags": ["a,b", " lead"]
        }),
    ]
}

/// Item 1: an unedited NDJSON export applied back plans every location `unchanged` and
/// sends no write, with `--replace` too, which clears nothing; the same records spelled
/// otherwise by hand (`52.0`, `5.2e1`, `null` for none) are unchanged as well. One field
/// edited is one change, exactly. (Compared by JSON spelling, the export planned
/// `description: null → (unset)` for every location and sent a PUT for each, every run.)
#[test]
fn an_unedited_export_sends_nothing_and_an_edit_sends_exactly_the_edit() {
    let env = Env::new();
    let export = exported(&env);
    let exported = env.write("export.ndjson", &export.stdout);
    let exported = exported.to_str().unwrap();
    let updates = counter(&env, "updates");
    // Merged, each record is compared with its export (kept by `get` above): nothing
    // changed, so nothing is read either.
    let requests = counter(&env, "requests");
    env.run(&["location", "apply", "-f", exported])
        .assert_code(0);
    assert_eq!(counter(&env, "requests"), requests, "not one request");

    for extra in [&[][..], &["--replace"]] {
        let mut args = vec![
            "location", "apply", "-f", exported, "--plan", "-o", "ndjson",
        ];
        args.extend_from_slice(extra);
        let plan = env.run(&args);
        plan.assert_code(0);
        let planned: Vec<Value> = plan.lines();
        assert!(
            planned.iter().all(|r| r["plan"] == "unchanged"),
            "{extra:?}: {}",
            plan.stdout
        );
        assert!(
            !plan.stderr.contains("cleared"),
            "{extra:?}: {}",
            plan.stderr
        );
        let mut args = vec!["location", "apply", "-f", exported];
        args.extend_from_slice(extra);
        env.run(&args).assert_code(0);
    }
    assert_eq!(counter(&env, "updates"), updates, "no write sent");

    // By hand, the same values spelled otherwise.
    // (An export prints the locations as they are read: in any order.)
    let mut lines: Vec<Value> = export.lines();
    lines.sort_by_key(|l| l["storeId"].as_str().unwrap().to_owned());
    lines[0]["latitude"] = json!(52.0);
    lines[0]["longitude"] = serde_json::from_str("1340e-2").unwrap();
    lines[1]["latitude"] = serde_json::from_str("52.000").unwrap();
    lines[1]["description"] = Value::Null;
    lines[1]["tags"] = json!(["a,b", " lead"]);
    let respelled = ndjson(&env, "respelled.ndjson", &lines);
    let out = env.run(&[
        "location",
        "apply",
        "-f",
        respelled.to_str().unwrap(),
        "-o",
        "ndjson",
    ]);
    out.assert_code(0);
    assert!(
        out.stderr.contains("2 unchanged"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    assert_eq!(counter(&env, "updates"), updates, "no write sent");

    // One field edited: one change, one write.
    lines[1]["storeName"] = json!("Zwei, neu");
    let edited = ndjson(&env, "edited.ndjson", &lines);
    let plan = env.run(&[
        "location",
        "apply",
        "-f",
        edited.to_str().unwrap(),
        "--plan",
        "-o",
        "ndjson",
    ]);
    plan.assert_code(0);
    let changed: Vec<Value> = plan
        .lines()
        .into_iter()
        .filter(|r| r["plan"] == "change")
        .collect();
    assert_eq!(changed.len(), 1, "{}", plan.stdout);
    assert_eq!(
        changed[0]["changes"],
        json!([{"field": "storeName", "before": "Zwei", "after": "Zwei, neu"}])
    );
    env.run(&["location", "apply", "-f", edited.to_str().unwrap()])
        .assert_code(0);
    assert_eq!(counter(&env, "updates"), updates + 1);
}

/// Item 6: `apply` shows the warnings `validate` shows (an unassigned country code, `XK`),
/// one a line on stderr, and sends the record; `--strict` makes them errors: nothing is
/// sent, exit 2. (Before, 0 of 36 warning-only bodies showed a warning in `apply`.)
#[test]
fn apply_shows_warnings_and_strict_makes_them_errors() {
    let env = Env::new();
    let mut records = spelled_otherwise(&env);
    records[0]["structuredAddress"]["countryCode"] = json!("XK");
    records[1]["countryCode"] = json!("XK");
    let input = ndjson(&env, "xk.ndjson", &records);
    let input = input.to_str().unwrap();

    let strict = env.run(&["location", "apply", "-f", input, "--strict"]);
    strict.assert_code(2);
    assert!(
        strict
            .stderr
            .contains("2 of 2 records are invalid; nothing was sent"),
        "{}",
        strict.stderr
    );
    assert_eq!(counter(&env, "creates"), 0);

    let out = env.run(&["location", "apply", "-f", input]);
    out.assert_code(0);
    let warnings: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning: line"))
        .collect();
    assert_eq!(warnings.len(), 2, "{}", out.stderr);
    assert!(
        warnings[0].contains("line 1: structuredAddress.countryCode")
            && warnings[1].contains("line 2: countryCode"),
        "{warnings:?}"
    );
    assert_eq!(counter(&env, "creates"), 2);
}

/// Item 2: the tool's own `-o csv` and `-o xlsx`, applied back unedited, plan every
/// location `unchanged` and send no write: list items holding commas or outer blanks
/// (`["a,b"," lead"]`), and text a spreadsheet would take for a date (`MAR-01`), a
/// currency (`$100`), a boolean (`WAHR`), a formula (`+4930…`) or trim (`Ring `) read
/// back as they were. (Before: `["a","b","lead"]`, and `MAR-01` unprotected.)
#[test]
fn the_tools_own_sheets_read_back_to_the_same_locations() {
    let env = Env::new();
    let mut records = spelled_otherwise(&env);
    records[0]["storeName"] = json!("MAR-01");
    records[0]["description"] = json!("$100");
    records[0]["telephoneNumber"] = json!("+4930123456");
    records[0]["supplementaryName"] = json!("WAHR");
    records[0]["structuredAddress"]["street"] = json!("Ring ");
    records[0]["tags"] = json!(["a,b", " lead", "c"]);
    let ids = created(&env, &records);
    let updates = counter(&env, "updates");
    let requests = counter(&env, "requests");
    for format in ["csv", "xlsx"] {
        let export = env
            .cmd(&[
                "location",
                "get",
                "--ids-from",
                ids.to_str().unwrap(),
                "-o",
                format,
            ])
            .output()
            .unwrap();
        assert!(export.status.success(), "{}", common::text(&export.stderr));
        let path = env.path(&format!("export.{format}"));
        std::fs::write(&path, &export.stdout).unwrap();
        applied_unchanged(&env, &path, format);
    }
    assert_eq!(counter(&env, "updates"), updates, "no write sent");
    // Each sheet's records compared with its export: not even a read (the exports' own
    // reads aside: 2 a format).
    assert_eq!(
        counter(&env, "requests"),
        requests + 4,
        "no request of the applies"
    );
}

/// Item 4: an older export applied after a colleague's edit reverts nothing. The file
/// sends what it changed against the export it was edited from (kept in the data
/// directory when `location get` exported it); a field the colleague changed since and
/// the file left as exported keeps the colleague's value; a field both changed is a
/// conflict, named in the plan and not sent (exit 7) unless `--force`. A file with no
/// export known (a new data directory) is merged as before, and the summary says so.
/// (Before, the older file put back every field the colleague had changed.)
#[test]
fn an_older_sheet_reverts_no_colleagues_edit_and_names_a_conflict() {
    let env = Env::new();
    let export = exported(&env);
    let mut lines: Vec<Value> = export.lines();
    lines.sort_by_key(|l| l["storeId"].as_str().unwrap().to_owned());
    let (one, two) = (
        lines[0]["id"].as_str().unwrap().to_owned(),
        lines[1]["id"].as_str().unwrap().to_owned(),
    );
    // A colleague, on another machine (another data directory): R-1's telephone and
    // R-2's name.
    let colleague = env.path("colleague");
    std::fs::create_dir_all(&colleague).unwrap();
    for args in [
        [
            "location",
            "update",
            one.as_str(),
            "--telephone",
            "+4930999",
            "--yes",
        ],
        [
            "location",
            "update",
            two.as_str(),
            "--store-name",
            "Colleague",
            "--yes",
        ],
    ] {
        env.cmd(&args)
            .env("XDG_DATA_HOME", &colleague)
            .run()
            .assert_code(0);
    }
    // Me, from my older export: both names.
    for line in &mut lines {
        line["storeName"] = json!("Mine");
    }
    let mine = ndjson(&env, "mine.ndjson", &lines);
    let mine = mine.to_str().unwrap();
    let plan = env.run(&["location", "apply", "-f", mine, "--plan", "-o", "ndjson"]);
    plan.assert_code(0);
    let by_id = |out: &common::Run, id: &str| {
        out.lines()
            .into_iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("{id}: {}", out.stdout))
    };
    let planned = by_id(&plan, &one);
    assert_eq!(planned["plan"], "change");
    assert_eq!(
        planned["changes"],
        json!([{"field": "storeName", "before": "Eins", "after": "Mine"}]),
        "the colleague's telephone is not put back"
    );
    let planned = by_id(&plan, &two);
    assert_eq!(planned["plan"], "conflict", "{planned}");
    assert_eq!(
        planned["conflicts"],
        json!([{"field": "storeName", "base": "Zwei", "file": "Mine", "service": "Colleague"}])
    );

    let out = env.run(&["location", "apply", "-f", mine, "-o", "ndjson"]);
    out.assert_code(7);
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    let read = |id: &str| {
        let got = env.run(&["location", "get", id, "-o", "json"]);
        got.assert_code(0);
        got.json()
    };
    assert_eq!(
        (
            read(&one)["storeName"].clone(),
            read(&one)["telephoneNumber"].clone()
        ),
        (json!("Mine"), json!("+4930999"))
    );
    assert_eq!(
        read(&two)["storeName"],
        "Colleague",
        "the conflict was not sent"
    );
    env.run(&["location", "apply", "-f", mine, "--force"])
        .assert_code(0);
    assert_eq!(read(&two)["storeName"], "Mine");

    // With no export known here, the record is merged as before, and the summary says so.
    let elsewhere = env.path("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let plan = env
        .cmd(&["location", "apply", "-f", mine, "--plan"])
        .env("XDG_DATA_HOME", &elsewhere)
        .run();
    plan.assert_code(0);
    assert!(
        plan.stderr.contains("2 with no export known here"),
        "{}",
        plan.stderr
    );
}

/// Item 3: what a spreadsheet or pandas does to a value is marked `suspect` in the plan
/// and not sent without `--yes`: a dropped leading `+`, a `.0`, UTF-8 read as
/// Windows-1252 (percents, booleans and E notation: damage.rs's unit tests). A sheet of new stores whose `0001` became `1`
/// creates nothing: "did you mean `0001`" (with `--yes`, `1` is created as written).
#[test]
fn a_spreadsheets_conversions_are_suspect_and_a_dropped_zero_is_named() {
    let env = Env::new();
    let provider = env.emulator().provider_id.clone();
    let store = |store_id: &str| {
        json!({
            "storeId": store_id, "storeName": "Hauptstraße 50%", "address": "Ring 1",
            "city": "Berlin", "postCode": "10115", "countryCode": "DE", "latitude": 52.5,
            "longitude": 13.4, "locationProvider": {"id": provider},
            "telephoneNumber": "+4930123456", "supplementaryName": "55",
        })
    };
    let ids = created(&env, &[store("0001")]);
    let id = serde_json::from_str::<Value>(std::fs::read_to_string(&ids).unwrap().trim()).unwrap()
        ["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // A sheet as a spreadsheet saved it: each value converted.
    let sheet = env.write(
        "converted.csv",
        &format!(
            "id,telephoneNumber,supplementaryName,storeName\n{id},4930123456,55.0,HauptstraÃŸe 50%\n"
        ),
    );
    let plan = env.run(&[
        "location",
        "apply",
        "-f",
        sheet.to_str().unwrap(),
        "--plan",
        "-o",
        "ndjson",
    ]);
    plan.assert_code(0);
    let changes = plan.lines()[0]["changes"].clone();
    let mut suspect: Vec<&str> = changes
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["suspect"].is_string())
        .map(|c| c["field"].as_str().unwrap())
        .collect();
    suspect.sort_unstable();
    assert_eq!(
        suspect,
        ["storeName", "supplementaryName", "telephoneNumber"],
        "{changes}"
    );
    let updates = counter(&env, "updates");
    let out = env.run(&["location", "apply", "-f", sheet.to_str().unwrap()]);
    assert_ne!(out.code, 0, "{}", out.stderr);
    assert_eq!(counter(&env, "updates"), updates, "nothing sent");

    // New stores, one whose `0001` a spreadsheet made `1`.
    let new = env.write(
        "new.csv",
        "storeId,storeName,address,city,postCode,countryCode,latitude,longitude,locationProvider.id\n\
         1,Eins,Ring 1,Berlin,10115,DE,52.5,13.4,8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c\n",
    );
    let out = env.run(&["location", "apply", "-f", new.to_str().unwrap()]);
    out.assert_code(2);
    assert!(out.stderr.contains("did you mean `0001`"), "{}", out.stderr);
    assert_eq!(counter(&env, "creates"), 1);
    env.run(&["location", "apply", "-f", new.to_str().unwrap(), "--yes"])
        .assert_code(0);
    assert_eq!(counter(&env, "creates"), 2);
}

/// Item 5: a CSV as Excel's and LibreOffice's plain "CSV" saves it (Windows-1252,
/// semicolons, decimal commas, German booleans) is read, and said to be read so; a BOM
/// read as Windows-1252 (`ï»¿`) is not a column's name; text not UTF-8 past the start is
/// named by line and column. (Before: "malformed at line 1", and `WAHR` refused.)
#[test]
fn a_csv_as_people_save_it_is_read() {
    let env = Env::new();
    let provider = env.emulator().provider_id.clone();
    let header = "storeId;storeName;address;city;postCode;countryCode;latitude;longitude;locationProvider.id;hasDisabledAccess\r\n";
    let row = |n: usize, name: &str, access: &str| {
        format!("W-{n};{name};Hauptstraße 1;Köln;50667;DE;50,9375;6,9603;{provider};{access}\r\n")
    };
    let text = format!(
        "{header}{}{}",
        row(1, "Bäckerei", "WAHR"),
        row(2, "Café", "FALSCH")
    );
    let (latin, _, _) = encoding_rs::WINDOWS_1252.encode(&text);
    let file = env.path("excel.csv");
    std::fs::write(&file, &latin).unwrap();
    let out = env.run(&[
        "location",
        "apply",
        "-f",
        file.to_str().unwrap(),
        "--decimal-comma",
        "-o",
        "ndjson",
    ]);
    out.assert_code(0);
    assert!(
        out.stderr
            .contains("is not UTF-8: it was read as windows-1252"),
        "{}",
        out.stderr
    );
    let created: Vec<Value> = out.lines();
    let first = created.iter().find(|r| r["storeId"] == "W-1").unwrap();
    let read = env.run(&[
        "location",
        "get",
        first["id"].as_str().unwrap(),
        "-o",
        "json",
    ]);
    let read = read.json();
    assert_eq!(
        (
            &read["storeName"],
            &read["address"],
            &read["hasDisabledAccess"],
            &read["latitude"]
        ),
        (
            &json!("Bäckerei"),
            &json!("Hauptstraße 1"),
            &json!(true),
            &json!(50.9375)
        )
    );

    // The same file told: no guess said.
    let told = env.run(&[
        "location",
        "validate",
        "-f",
        file.to_str().unwrap(),
        "--decimal-comma",
        "--encoding",
        "cp1252",
    ]);
    told.assert_code(0);
    assert!(
        told.stderr.contains("read as windows-1252 (`--encoding`)"),
        "{}",
        told.stderr
    );

    // UTF-8 saved by a program that took it for Windows-1252: its BOM reads `ï»¿`.
    let garbled = format!("\u{ef}\u{bb}\u{bf}{header}{}", row(3, "Drei", "true"));
    let file = env.write("garbled.csv", &garbled);
    let out = env.run(&[
        "location",
        "validate",
        "-f",
        file.to_str().unwrap(),
        "--decimal-comma",
    ]);
    out.assert_code(0);

    // Not UTF-8 past the start (64 KiB of UTF-8 first): line and column named.
    let mut mixed = header.as_bytes().to_vec();
    for n in 0..700 {
        mixed.extend_from_slice(row(10 + n, "Laden", "true").as_bytes());
    }
    mixed.extend_from_slice(b"W-9;Caf\xe9;Ring 1;K\xf6ln;50667;DE;50,9;6,9;x;true\r\n");
    let file = env.path("mixed.csv");
    std::fs::write(&file, &mixed).unwrap();
    let out = env.run(&[
        "location",
        "validate",
        "-f",
        file.to_str().unwrap(),
        "--decimal-comma",
    ]);
    out.assert_code(2);
    assert!(
        out.stderr
            .contains("malformed at line 702, column 2 (`storeName`)")
            && out.stderr.contains("--encoding"),
        "{}",
        out.stderr
    );
}

/// Item 4: a CSV or workbook names the export it came from (a last column
/// `locadm:export`; in a workbook a hidden sheet), and is compared with that export, not
/// the last one: a sheet exported before a colleague's edit, applied after a newer
/// export of mine, still keeps the colleague's value. (Compared with the newer export,
/// the older sheet's telephone would look like my edit and put the old one back.)
#[test]
fn a_sheet_is_compared_with_the_export_it_came_from() {
    for format in ["csv", "xlsx"] {
        let env = Env::new();
        let mut records = spelled_otherwise(&env);
        records[1]["telephoneNumber"] = json!("+4930111");
        let ids = created(&env, &records);
        let ids = ids.to_str().unwrap();
        let sheet = env
            .cmd(&["location", "get", "--ids-from", ids, "-o", format])
            .output()
            .unwrap();
        assert!(sheet.status.success(), "{}", common::text(&sheet.stderr));
        if format == "csv" {
            let text = String::from_utf8(sheet.stdout.clone()).unwrap();
            let header = text.lines().next().unwrap();
            assert!(header.ends_with(",locadm:export"), "{header}");
        }
        let older = env.path(&format!("older.{format}"));
        std::fs::write(&older, &sheet.stdout).unwrap();
        let export = env.run(&["location", "get", "--ids-from", ids, "-o", "ndjson"]);
        let one = export
            .lines()
            .into_iter()
            .find(|l| l["storeId"] == "R-2")
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        // A colleague's edit, then a newer export of mine.
        let colleague = env.path("colleague");
        std::fs::create_dir_all(&colleague).unwrap();
        env.cmd(&[
            "location",
            "update",
            &one,
            "--telephone",
            "+4930999",
            "--yes",
        ])
        .env("XDG_DATA_HOME", &colleague)
        .run()
        .assert_code(0);
        env.run(&["location", "get", "--ids-from", ids, "-o", "ndjson"])
            .assert_code(0);

        // The older sheet, unedited: nothing to send, the colleague's value kept.
        applied_unchanged(&env, &older, format);
        let read = env.run(&["location", "get", &one, "-o", "json"]);
        assert_eq!(read.json()["telephoneNumber"], "+4930999", "{format}");
    }
}
