//! The inventory (issue 42, item 4), through the real binary against the real emulator:
//! what locadm created, read, changed and deleted is listed; `--store-id` names a
//! location; a create file applied again creates nothing twice; concurrent runs lose
//! nothing; result files and journals teach it; completion offers what it knows.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::process::Stdio;

use common::{Env, Run, RunToEnd};
use serde_json::Value;

/// `location list -o json`: storeId → (id, city, deleted).
fn listed(env: &Env, extra: &[&str]) -> BTreeMap<String, (String, String, bool)> {
    let mut args = vec!["location", "list", "-o", "json"];
    args.extend_from_slice(extra);
    let out = env.run(&args);
    out.assert_code(0);
    out.lines()
        .into_iter()
        .map(|l| {
            (
                l["storeId"].as_str().unwrap().to_owned(),
                (
                    l["id"].as_str().unwrap().to_owned(),
                    l["city"].as_str().unwrap_or("").to_owned(),
                    l["deleted"].as_bool().unwrap(),
                ),
            )
        })
        .collect()
}

/// The ids an `apply` run printed, by storeId.
pub(super) fn ids_by_store_id(out: &Run) -> BTreeMap<String, String> {
    out.lines()
        .into_iter()
        .map(|l| {
            (
                l["storeId"].as_str().unwrap().to_owned(),
                l["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// How many locations of each storeId the emulator holds.
pub(super) fn held(env: &Env) -> BTreeMap<String, u64> {
    let counters = env.emulator().counters();
    counters["locations_by_store_id"]
        .as_object()
        .unwrap_or_else(|| panic!("locations_by_store_id in {counters}"))
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect()
}

/// Deletes location `id` behind locadm's back (the emulator's own API, not locadm): its
/// inventory still believes in it.
pub(super) fn delete_behind(env: &Env, id: &str) {
    let token = env.run(&["auth", "token"]);
    token.assert_code(0);
    let (status, _) = common::http(
        &format!("{}/locations/{id}", env.emulator().base_url),
        "DELETE",
        Some(token.stdout.trim()),
        None,
    );
    assert!((200..300).contains(&status), "{status}");
}

#[test]
fn list_shows_what_was_created_read_and_deleted() {
    let env = Env::new();
    let file = env.records("L", 3, "new.ndjson");
    let created = env.run(&["location", "apply", "-f", file.to_str().unwrap()]);
    created.assert_code(0);
    let ids = ids_by_store_id(&created);
    let known = listed(&env, &[]);
    assert_eq!(
        known.keys().collect::<Vec<_>>(),
        ["L-00000", "L-00001", "L-00002"]
    );
    assert_eq!(
        known["L-00001"],
        (ids["L-00001"].clone(), "Berlin".into(), false)
    );

    // A single create is known too.
    let one = env.run(&[
        "location",
        "create",
        "--file",
        common::example("location.json").to_str().unwrap(),
        "-q",
    ]);
    one.assert_code(0);
    assert_eq!(listed(&env, &[])["BER-001"].0, one.stdout.trim());

    // The table says what it is: locadm's memory, and when it saw them.
    let table = env.run(&["location", "list", "-o", "table"]);
    table.assert_code(0);
    assert!(
        table
            .stderr
            .contains("4 locations known to locadm, last seen"),
        "{}",
        table.stderr
    );
    assert!(table.stdout.contains("Last seen (UTC)"), "{}", table.stdout);

    // A delete marks it gone: no longer listed, but with `--deleted`.
    env.run(&["location", "delete", &ids["L-00002"], "--yes"])
        .assert_code(0);
    let known = listed(&env, &[]);
    assert!(!known.contains_key("L-00002"), "{known:?}");
    assert!(listed(&env, &["--deleted"])["L-00002"].2);

    // What is read is learned: forgotten, then read once, it is known again.
    env.run(&["inventory", "forget", "--yes"]).assert_code(0);
    assert!(listed(&env, &[]).is_empty());
    env.run(&["location", "get", &ids["L-00000"]])
        .assert_code(0);
    env.run(&[
        "location",
        "get",
        &ids["L-00001"],
        &ids["L-00002"],
        "--ignore-not-found",
    ])
    .assert_code(0);
    let known = listed(&env, &[]);
    assert_eq!(
        known.keys().collect::<Vec<_>>(),
        ["L-00000", "L-00001"],
        "the 404 taught nothing that exists"
    );

    // Filters: a storeId glob, a city whatever its case.
    assert_eq!(listed(&env, &["--store-id", "L-*1"]).len(), 1);
    assert_eq!(listed(&env, &["--city", "bErLiN"]).len(), 2);
    assert!(listed(&env, &["--city", "Leipzig"]).is_empty());
    // And the other output formats.
    let csv = env.run(&["location", "list", "-o", "csv"]);
    csv.assert_code(0);
    assert!(
        csv.stdout.contains("id,storeId,name,city"),
        "{}",
        csv.stdout
    );
}

#[test]
fn refresh_reads_every_listed_location_again_and_forgets_the_gone_ones() {
    let env = Env::new();
    let file = env.records("F", 3, "new.ndjson");
    let created = env.run(&["location", "apply", "-f", file.to_str().unwrap()]);
    created.assert_code(0);
    let ids = ids_by_store_id(&created);
    delete_behind(&env, &ids["F-00001"]);
    assert_eq!(listed(&env, &[]).len(), 3, "locadm cannot know yet");
    let out = env.run(&["location", "list", "--refresh", "-o", "json"]);
    out.assert_code(0);
    // Named (issue 52, item 7), and kept as deleted.
    assert!(
        out.messages().iter().any(|m| m.contains(&format!(
            "the service no longer has 1 location: F-00001 ({})",
            ids["F-00001"]
        ))),
        "{}",
        out.stderr
    );
    assert_eq!(
        listed(&env, &[]).keys().collect::<Vec<_>>(),
        ["F-00000", "F-00002"]
    );
    let known = listed(&env, &["--deleted"]);
    assert_eq!(
        known.keys().collect::<Vec<_>>(),
        ["F-00000", "F-00001", "F-00002"]
    );
    assert!(known["F-00001"].2, "deleted");

    // One read's 404 teaches it too.
    delete_behind(&env, &ids["F-00002"]);
    env.run(&["location", "get", &ids["F-00002"]])
        .assert_code(5);
    assert_eq!(listed(&env, &[]).keys().collect::<Vec<_>>(), ["F-00000"]);
    assert!(listed(&env, &["--deleted"])["F-00002"].2);
}

#[test]
fn store_id_names_a_location_for_get_update_and_delete() {
    let env = Env::new();
    let file = env.records("S", 2, "new.ndjson");
    let created = env.run(&["location", "apply", "-f", file.to_str().unwrap()]);
    created.assert_code(0);
    let ids = ids_by_store_id(&created);

    let got = env.run(&["location", "get", "--store-id", "S-00001", "-o", "json"]);
    got.assert_code(0);
    assert_eq!(got.json()["id"], ids["S-00001"].as_str());

    env.run(&[
        "location",
        "update",
        "--store-id",
        "S-00001",
        "--city",
        "Leipzig",
    ])
    .assert_code(0);
    let got = env.run(&["location", "get", &ids["S-00001"], "-o", "json"]);
    assert_eq!(got.json()["city"], "Leipzig");
    assert_eq!(listed(&env, &[])["S-00001"].1, "Leipzig");

    // `--ids-from` lines with a storeId and no id.
    let lines = env.write(
        "stores.ndjson",
        "{\"storeId\":\"S-00000\"}\n{\"storeId\":\"S-00001\"}\n",
    );
    let got = env.run(&["location", "get", "--ids-from", lines.to_str().unwrap()]);
    got.assert_code(0);
    let read: BTreeSet<String> = got
        .lines()
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(read, ids.values().cloned().collect());

    env.run(&["location", "delete", "--store-id", "S-00000", "--yes"])
        .assert_code(0);
    assert_eq!(held(&env).get("S-00000"), None, "deleted on the service");

    // A storeId locadm does not know (any more): exit 5, how to teach it, nothing sent.
    for args in [
        &["location", "get", "--store-id", "S-00000"][..],
        &["location", "update", "--store-id", "NOPE", "--city", "X"],
        &["location", "delete", "--store-id", "NOPE", "--yes"],
        &["location", "get", "--ids-from", lines.to_str().unwrap()],
    ] {
        let out = env.run(args);
        out.assert_code(5);
        assert!(
            out.stderr.contains("not known to locadm's inventory")
                && out.stderr.contains("locadm inventory import")
                && out.stderr.contains("location list --refresh"),
            "{args:?}: {}",
            out.stderr
        );
    }
}

#[test]
fn a_create_file_applied_again_creates_nothing_twice() {
    let env = Env::new();
    let file = env.records("A", 20, "new.ndjson");
    let file = file.to_str().unwrap();
    env.run(&["location", "apply", "-f", file]).assert_code(0);

    // Without its journal: every record matches a known location by storeId.
    let plan = env.run(&["location", "apply", "-f", file, "--plan"]);
    plan.assert_code(0);
    assert!(
        plan.messages().iter().any(|m| m
            .contains("plan: 20 records without `id` match a location locadm knows by storeId")),
        "{}",
        plan.stderr
    );
    let again = env.run(&["location", "apply", "-f", file]);
    again.assert_code(0);
    assert!(
        again
            .messages()
            .iter()
            .any(|m| m.starts_with("20 records: 20 unchanged")),
        "{}",
        again.stderr
    );
    let held = held(&env);
    assert_eq!(held.len(), 20);
    assert!(held.values().all(|&n| n == 1), "{held:?}");

    // With its journal too (the journal's keys carry no id: the matches are merges).
    let journal = env.path("j.journal");
    let journal = journal.to_str().unwrap();
    let once = env.records("J", 5, "j.ndjson");
    let once = once.to_str().unwrap();
    env.run(&["location", "apply", "-f", once, "--journal", journal])
        .assert_code(0);
    env.run(&["location", "apply", "-f", once, "--journal", journal])
        .assert_code(0);
    assert_eq!(self::held(&env)["J-00004"], 1);

    // `--create-new` creates anyway.
    let out = env.run(&["location", "apply", "-f", once, "--create-new"]);
    out.assert_code(0);
    assert_eq!(self::held(&env)["J-00004"], 2);
    // Now the storeId is known under two locations: which one a record means cannot
    // be told, and nothing is sent.
    let out = env.run(&["location", "apply", "-f", once]);
    out.assert_code(2);
    assert!(
        out.stderr.contains("is known under 2 locations"),
        "{}",
        out.stderr
    );
}

#[test]
fn two_concurrent_runs_update_one_inventory_without_loss() {
    let env = Env::new();
    let files = [
        env.records("P", 300, "p.ndjson"),
        env.records("Q", 300, "q.ndjson"),
    ];
    let children: Vec<_> = files
        .iter()
        .map(|file| {
            env.std_command()
                // Paced, so that both write all along, each a result at a time: their
                // transactions meet.
                .args(["location", "apply", "-f", file.to_str().unwrap()])
                .args(["--rate", "150"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", common::text(&out.stderr));
    }
    let known = listed(&env, &[]);
    assert_eq!(known.len(), 600);
    assert_eq!(listed(&env, &["--store-id", "P-*"]).len(), 300);
}

#[test]
fn result_files_and_journals_teach_it() {
    let env = Env::new();
    let file = env.records("I", 4, "new.ndjson");
    let journal = env.path("run.journal");
    let created = env.run(&[
        "location",
        "apply",
        "-f",
        file.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
    ]);
    created.assert_code(0);
    let results = env.write("results.ndjson", &created.stdout);
    let ids = ids_by_store_id(&created);
    // A delete's results say which is gone.
    let deleted = env.run(&[
        "location",
        "delete",
        &ids["I-00003"],
        &ids["I-00002"],
        "--yes",
    ]);
    deleted.assert_code(0);
    let deletions = env.write("deleted.ndjson", &deleted.stdout);

    for source in [&results, &journal] {
        env.run(&["inventory", "forget", "--yes"]).assert_code(0);
        assert!(listed(&env, &[]).is_empty());
        let out = env.run(&["inventory", "import", source.to_str().unwrap()]);
        out.assert_code(0);
        let known = listed(&env, &[]);
        assert_eq!(known.len(), 4, "{source:?}: {}", out.stderr);
        assert_eq!(known["I-00000"].0, ids["I-00000"]);
    }
    // Both at once, the deletions after: what was deleted is gone.
    env.run(&["inventory", "forget", "--yes"]).assert_code(0);
    env.run(&[
        "inventory",
        "import",
        results.to_str().unwrap(),
        deletions.to_str().unwrap(),
    ])
    .assert_code(0);
    assert_eq!(
        listed(&env, &[]).keys().collect::<Vec<_>>(),
        ["I-00000", "I-00001"]
    );
    // The export is what it knows, and can be imported again.
    let export = env.run(&["inventory", "export"]);
    export.assert_code(0);
    assert_eq!(export.lines().len(), 4);

    // A journal of another service is refused, and nothing is imported.
    let text = std::fs::read_to_string(&journal).unwrap();
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines[0]["service"] = "https://elsewhere.example".into();
    let other = env.write(
        "other.journal",
        &lines
            .iter()
            .map(|l| l.to_string() + "\n")
            .collect::<String>(),
    );
    env.run(&["inventory", "forget", "--yes"]).assert_code(0);
    let out = env.run(&["inventory", "import", other.to_str().unwrap()]);
    out.assert_code(2);
    assert!(
        out.stderr.contains("https://elsewhere.example"),
        "{}",
        out.stderr
    );
    assert!(listed(&env, &[]).is_empty());
}

#[test]
fn forget_asks_first_and_completion_offers_what_is_known() {
    let env = Env::new();
    let file = env.records("C", 2, "new.ndjson");
    let created = env.run(&["location", "apply", "-f", file.to_str().unwrap()]);
    created.assert_code(0);
    let ids = ids_by_store_id(&created);

    let complete = |words: &[&str]| {
        let mut args = vec!["--"];
        args.extend_from_slice(words);
        let out = env.cmd(&args).env("LOCADM_COMPLETE", "fish").run();
        out.assert_code(0);
        out.stdout
    };
    let offered = complete(&["locadm", "location", "get", "--store-id", "C-"]);
    assert_eq!(
        offered,
        "C-00000\tFiliale 0, Berlin\nC-00001\tFiliale 1, Berlin\n"
    );
    let offered = complete(&["locadm", "location", "delete", ""]);
    assert!(
        offered.contains(&format!("{}\tC-00001, Filiale 1, Berlin", ids["C-00001"])),
        "{offered}"
    );

    // Without a terminal, `--yes` is required.
    let out = env.run(&["inventory", "forget"]);
    out.assert_code(2);
    assert!(out.stderr.contains("--yes"), "{}", out.stderr);
    assert_eq!(listed(&env, &[]).len(), 2);
    env.run(&["inventory", "forget", "--store-id", "C-*1", "--yes"])
        .assert_code(0);
    assert_eq!(listed(&env, &[]).keys().collect::<Vec<_>>(), ["C-00000"]);
}

/// Issue 52, item 7: `--city` ignores case beyond ASCII too (SQLite's NOCASE folds ASCII
/// alone: `ŁÓDŹ` did not find `Łódź`).
#[test]
fn the_city_filter_ignores_case_beyond_ascii() {
    let env = Env::new();
    let file = env.records("Z", 2, "z.ndjson");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replacen("\"Berlin\"", "\"Łódź\"", 1);
    std::fs::write(&file, text).unwrap();
    env.run(&["location", "apply", "-f", file.to_str().unwrap()])
        .assert_code(0);
    for asked in ["Łódź", "ŁÓDŹ", "łódź"] {
        let found = listed(&env, &["--city", asked]);
        assert_eq!(found.keys().collect::<Vec<_>>(), ["Z-00000"], "{asked}");
    }
    assert_eq!(listed(&env, &["--city", "lodz"]).len(), 0);
}

/// Issue 52, item 3: what one machine knows moves to another whole. `inventory export`
/// imported on a second HOME gives the same inventory (names, cities, `deleted` and each
/// `lastSeen` carried: before, every name was dropped and the deleted came back live);
/// the tool's own `-o csv` teaches `007`, not its protection `="007"`; its `-o xlsx` is
/// read (before: "not valid UTF-8").
#[test]
fn export_and_import_carry_everything_to_a_second_machine() {
    let env = Env::new();
    let file = env.records("E", 3, "e.ndjson");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replacen("\"E-00000\"", "\"007\"", 1);
    std::fs::write(&file, text).unwrap();
    let created = env.run(&["location", "apply", "-f", file.to_str().unwrap()]);
    created.assert_code(0);
    let ids = ids_by_store_id(&created);
    env.run(&["location", "delete", &ids["E-00002"], "--yes"])
        .assert_code(0);
    let export = env.run(&["inventory", "export"]);
    export.assert_code(0);
    let exported = env.write("known.ndjson", &export.stdout);
    let csv = env.run(&["location", "get", &ids["007"], &ids["E-00001"], "-o", "csv"]);
    csv.assert_code(0);
    assert!(csv.stdout.contains(",\"=\"\"007\"\"\","), "{}", csv.stdout);
    let csv = env.write("stores.csv", &csv.stdout);
    let xlsx = env
        .cmd(&["location", "get", &ids["007"], "-o", "xlsx"])
        .output()
        .unwrap();
    assert!(xlsx.status.success());
    let xlsx_path = env.path("stores.xlsx");
    std::fs::write(&xlsx_path, &xlsx.stdout).unwrap();

    // A second machine: another data directory, the same service.
    let second = env.path("second");
    std::fs::create_dir_all(&second).unwrap();
    let on_second = |args: &[&str]| env.cmd(args).env("XDG_DATA_HOME", &second).run();
    on_second(&["inventory", "import", exported.to_str().unwrap()]).assert_code(0);
    let again = on_second(&["inventory", "export"]);
    again.assert_code(0);
    assert_eq!(again.stdout, export.stdout, "the same inventory");
    let deleted = on_second(&["location", "get", "--store-id", "E-00002"]);
    deleted.assert_code(5);

    for sheet in [&csv, &xlsx_path] {
        on_second(&["inventory", "forget", "--yes"]).assert_code(0);
        let out = on_second(&["inventory", "import", sheet.to_str().unwrap()]);
        out.assert_code(0);
        let got = on_second(&["location", "get", "--store-id", "007", "--jq", ".id"]);
        got.assert_code(0);
        assert_eq!(got.stdout.trim(), ids["007"], "{sheet:?}");
    }
}
