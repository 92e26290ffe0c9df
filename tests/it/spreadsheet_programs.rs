//! Issue 42 and 53: the spreadsheet round trip through real spreadsheet programs,
//! Gnumeric's `ssconvert` (Debian's `gnumeric`) and LibreOffice headless (Debian's
//! `libreoffice-calc-nogui`), both installed by `.ci/run`: what the tool writes is saved by
//! the program as a person's "save" would, and read back.
//!
//! They are `#[ignore]`d: a plain `cargo test` reports them as ignored, never as passed
//! without having run. `.ci/run` runs them (`cargo test --test it -- --ignored`), and
//! without its program each one fails, naming the package to install.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use crate::common::{self, Env};

/// Panics, naming the package, unless `ssconvert` is here to run.
fn require_ssconvert() {
    require("ssconvert", "gnumeric");
}

/// Panics, naming Debian's `package`, unless `program` is here to run.
fn require(program: &str, package: &str) {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()));
    assert!(
        found,
        "`{program}` is not installed: apt-get install --no-install-recommends {package} (`.ci/run` does)"
    );
}

/// LibreOffice headless opens `from` and saves it as `to`'s format (`xlsx`, or `csv` in
/// UTF-8 with commas, as its "Text CSV" filter writes it); `to`'s path. Its profile is
/// the test's own.
fn libreoffice(env: &Env, from: &Path, to: &str) -> PathBuf {
    let out_dir = env.path("libreoffice");
    let filter = if to.ends_with(".csv") {
        "csv:Text - txt - csv (StarCalc):44,34,76,1"
    } else {
        "xlsx"
    };
    let profile = format!("file://{}", env.path("libreoffice-profile").display());
    let mut soffice = Command::new("soffice");
    soffice
        .arg(format!("-env:UserInstallation={profile}"))
        .arg("--headless");
    if from.extension().is_some_and(|e| e == "csv") {
        // A CSV of the tool's is UTF-8 with commas (LibreOffice would ask).
        soffice.arg("--infilter=CSV:44,34,76,1");
    }
    let out = soffice
        .args(["--convert-to", filter])
        .arg("--outdir")
        .arg(&out_dir)
        .arg(from)
        .env("HOME", env.path("home"))
        .output()
        .expect("run soffice");
    let stem = from.file_stem().unwrap().to_str().unwrap();
    let extension = Path::new(to).extension().unwrap().to_str().unwrap();
    let written = out_dir.join(format!("{stem}.{extension}"));
    assert!(
        out.status.success() && written.is_file(),
        "soffice {}: {}{}",
        from.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let to = env.path(to);
    std::fs::rename(&written, &to).unwrap();
    to
}

/// `ssconvert FROM TO` (the format from TO's extension), as a person opens a file and
/// saves it as another; TO's path.
fn convert(env: &Env, from: &Path, to: &str) -> PathBuf {
    let to = env.path(to);
    let out = Command::new("ssconvert")
        .arg(from)
        .arg(&to)
        .env("HOME", env.path("home"))
        .output()
        .expect("run ssconvert");
    assert!(
        out.status.success(),
        "ssconvert {} {}: {}",
        from.display(),
        to.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    to
}

/// Locations with what spreadsheets damage: post codes with leading zeros (Dresden
/// 01067), a numeric-looking storeId with leading zeros and one of 19 digits,
/// coordinates with 8 decimals, a boolean, tags. Their ids, in `created.ndjson`.
fn create_fragile(env: &Env) -> PathBuf {
    let provider = env.emulator().provider_id.clone();
    let records: Vec<String> = [
        (
            "00042",
            "Dresden Altmarkt",
            "01067",
            51.05089123,
            13.73832456,
        ),
        (
            "1234567890123456789",
            "Leipzig Markt",
            "04109",
            51.34053112,
            12.37472301,
        ),
        ("DD-3", "Chemnitz", "09111", 50.83213, 12.92378),
    ]
    .iter()
    .map(|(store_id, name, post_code, latitude, longitude)| {
        let mut record = json!({
            "storeId": store_id, "storeName": name, "address": "Markt 1", "city": "Sachsen",
            "postCode": post_code, "countryCode": "DEU", "latitude": latitude,
            "longitude": longitude, "locationProvider": { "id": provider },
            "hasDisabledAccess": true, "tags": ["a", "b"],
        });
        if *store_id == "DD-3" {
            // Issue 53: text a spreadsheet reads as a date, a currency, a boolean or a
            // formula, and list items with a comma and outer blanks.
            let fragile = json!({
                "supplementaryName": "SEP-12", "description": "$100",
                "telephoneNumber": "+4937112345", "email": "wahr@example.com",
                "tags": ["a,b", " lead", "WAHR"],
            });
            for (key, value) in fragile.as_object().unwrap() {
                record[key] = value.clone();
            }
        }
        record.to_string()
    })
    .collect();
    let input = env.write("fragile.ndjson", &(records.join("\n") + "\n"));
    let out = env.run(&["location", "apply", "--file", input.to_str().unwrap()]);
    out.assert_code(0);
    env.write("created.ndjson", &out.stdout)
}

/// `location get --ids-from created.ndjson -o FORMAT` into the file `name`.
fn export(env: &Env, created: &Path, format: &str, name: &str) -> PathBuf {
    let out = env
        .cmd(&[
            "location",
            "get",
            "--ids-from",
            created.to_str().unwrap(),
            "-o",
            format,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let path = env.path(name);
    std::fs::write(&path, out.stdout).unwrap();
    path
}

/// `location apply --file FILE --plan`: the plan's lines, one a record.
fn plan(env: &Env, file: &Path) -> Vec<Value> {
    let out = env.run(&[
        "location",
        "apply",
        "--file",
        file.to_str().unwrap(),
        "--plan",
        "-o",
        "ndjson",
    ]);
    out.assert_code(0);
    out.stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn all_unchanged(plan: &[Value]) -> bool {
    plan.len() == 3 && plan.iter().all(|record| record["plan"] == "unchanged")
}

/// What the tool writes survives the program: its CSV opened and saved as a workbook,
/// that workbook saved as CSV again, its own workbook saved again, and each of them
/// applies as all `unchanged` (a post code stays `01067`, a storeId `00042`, a
/// coordinate keeps its 8 decimals), and nothing is sent.
#[test]
#[ignore = "needs a spreadsheet program: `.ci/run` installs it and runs the ignored tests"]
fn the_tools_sheets_saved_by_gnumeric_apply_unchanged() {
    require_ssconvert();
    saved_by_the_program_apply_unchanged(convert);
}

/// Issue 53: the same through LibreOffice headless (what a team's "Save" in Calc does):
/// the tool's CSV saved as `.xlsx`, that saved as CSV again, and the tool's own workbook
/// saved again, each apply `unchanged`, and nothing is sent.
#[test]
#[ignore = "needs a spreadsheet program: `.ci/run` installs it and runs the ignored tests"]
fn the_tools_sheets_saved_by_libreoffice_apply_unchanged() {
    require("soffice", "libreoffice-calc-nogui");
    saved_by_the_program_apply_unchanged(libreoffice);
}

/// The round trip both programs make: the tool's CSV saved as `.xlsx`, that saved as CSV
/// again, and the tool's own workbook saved again (`save`: FROM, TO's name → TO), each
/// applied: all `unchanged`, and nothing is sent.
fn saved_by_the_program_apply_unchanged(save: fn(&Env, &Path, &str) -> PathBuf) {
    let env = Env::new();
    let created = create_fragile(&env);
    let csv = export(&env, &created, "csv", "sheet.csv");
    let xlsx = save(&env, &csv, "saved.xlsx");
    let csv_again = save(&env, &xlsx, "saved.csv");
    let own_xlsx = export(&env, &created, "xlsx", "own.xlsx");
    let own_saved = save(&env, &own_xlsx, "own-saved.xlsx");
    for sheet in [&xlsx, &csv_again, &own_saved] {
        let plan = plan(&env, sheet);
        assert!(all_unchanged(&plan), "{}: {plan:?}", sheet.display());
    }
    let out = env.run(&["location", "apply", "--file", csv_again.to_str().unwrap()]);
    out.assert_code(0);
    assert_eq!(env.emulator().counters()["updates"], 0);
}

/// A sheet without the tool's protection of its text (an id and a post code as a script
/// writes them with `--jq '… | @csv'`), opened in the program and saved: the post code
/// comes back `1067`. The plan names that change as a spreadsheet's damage, and a run
/// without `--yes` sends nothing.
#[test]
#[ignore = "needs a spreadsheet program: `.ci/run` installs it and runs the ignored tests"]
fn a_plain_csv_saved_by_gnumeric_loses_a_leading_zero_and_the_plan_names_it() {
    require_ssconvert();
    let env = Env::new();
    let created = create_fragile(&env);
    let rows = env.run(&[
        "location",
        "get",
        "--ids-from",
        created.to_str().unwrap(),
        "-o",
        "ndjson",
        "--jq",
        "select(.storeId == \"00042\") | [.id, .postCode] | @csv",
    ]);
    rows.assert_code(0);
    assert!(rows.stdout.contains("\"01067\""), "{}", rows.stdout);
    let plain = env.write("plain.csv", &format!("id,postCode\n{}", rows.stdout));
    let saved = convert(
        &env,
        &convert(&env, &plain, "plain.xlsx"),
        "plain-saved.csv",
    );
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains(",1067"), "the program's damage: {text}");

    let plan = plan(&env, &saved);
    assert_eq!(plan.len(), 1, "{plan:?}");
    let change = &plan[0]["changes"][0];
    assert_eq!(
        (&change["field"], &change["before"], &change["after"]),
        (&json!("postCode"), &json!("01067"), &json!("1067")),
        "{plan:?}"
    );
    assert!(
        change["suspect"]
            .as_str()
            .unwrap()
            .contains("leading zeros"),
        "{change}"
    );
    let refused = env.run(&["location", "apply", "--file", saved.to_str().unwrap()]);
    refused.assert_code(2);
    assert!(
        refused.stderr.contains("storeId 00042"),
        "{}",
        refused.stderr
    );
    assert_eq!(env.emulator().counters()["updates"], 0);
}

/// An `.ods` saved by the program (which indents its XML, as calamine alone refused) is
/// read: the tool's CSV with one name edited, saved as `.ods`, plans exactly that
/// change, and applies it.
#[test]
#[ignore = "needs a spreadsheet program: `.ci/run` installs it and runs the ignored tests"]
fn an_ods_saved_by_gnumeric_is_read_with_its_edit() {
    require_ssconvert();
    let env = Env::new();
    let created = create_fragile(&env);
    let csv = export(&env, &created, "csv", "sheet.csv");
    let unedited = convert(&env, &csv, "unedited.ods");
    assert!(all_unchanged(&plan(&env, &unedited)));

    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.contains("Leipzig Markt"));
    let edited = env.write("edited.csv", &text.replace("Leipzig Markt", "Leipzig Hbf"));
    let ods = convert(&env, &edited, "edited.ods");
    let plan = plan(&env, &ods);
    let changed: Vec<&Value> = plan.iter().filter(|r| r["plan"] != "unchanged").collect();
    assert_eq!(changed.len(), 1, "{plan:?}");
    assert_eq!(
        changed[0]["changes"],
        json!([{ "field": "storeName", "before": "Leipzig Markt", "after": "Leipzig Hbf" }]),
        "{plan:?}"
    );
    env.run(&["location", "apply", "--file", ods.to_str().unwrap()])
        .assert_code(0);
    assert_eq!(env.emulator().counters()["updates"], 1);
}
