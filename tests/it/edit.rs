//! `locadm location edit` (issue 57, item 1) through the real binary against the
//! emulator. The editor is a shell script the test writes (`VISUAL`): it edits the file
//! as a person would, and may change the location on the service while it is "open".
#![cfg(unix)]

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use common::{Env, Run, RunToEnd, BIN};
use serde_json::Value;

/// An executable editor script in the test's directory running `body` (`$1`: the file).
fn editor(env: &Env, name: &str, body: &str) -> PathBuf {
    let path = env.write(name, &format!("#!/bin/sh\nset -e\n{body}\n"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `locadm location edit ARGS` with `VISUAL` set to `editor`; no terminal.
fn edit(env: &Env, editor: &std::path::Path, args: &[&str]) -> Run {
    env.cmd(&[&["location", "edit"][..], args].concat())
        .env("VISUAL", editor)
        .run()
}

/// An emulator holding one location (`examples/location.json`), and its id.
fn with_location() -> (Env, String) {
    let env = Env::new();
    let id = env.create_example(&[]);
    (env, id)
}

/// The location as the service keeps it.
fn stored(env: &Env, id: &str) -> Value {
    let out = env.run(&["location", "get", id, "-o", "json"]);
    out.assert_code(0);
    out.json()
}

fn updates(env: &Env) -> u64 {
    env.emulator().counters()["updates"].as_u64().unwrap()
}

/// The path a message names after `prefix` in backticks.
fn named_path(stderr: &str, prefix: &str) -> PathBuf {
    let start = stderr
        .find(prefix)
        .unwrap_or_else(|| panic!("no `{prefix}` in: {stderr}"))
        + prefix.len();
    let rest = &stderr[start..];
    PathBuf::from(&rest[..rest.find('`').unwrap()])
}

const RENAME: &str =
    r#"sed -i 's/"storeName": "Alexanderplatz Collection Point"/"storeName": "Renamed"/' "$1""#;

#[test]
fn an_edit_sends_the_changed_field_and_undo_puts_it_back() {
    let (env, id) = with_location();
    let before = stored(&env, &id);
    let sent_before = updates(&env);

    let out = edit(&env, &editor(&env, "rename.sh", RENAME), &[&id]);
    out.assert_code(0);
    assert_eq!(updates(&env), sent_before + 1, "one PUT: {}", out.stderr);
    let after = stored(&env, &id);
    assert_eq!(after["storeName"], "Renamed");
    let mut expected = before.clone();
    expected["storeName"] = "Renamed".into();
    assert_eq!(after, expected, "only storeName changed");
    let result: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(result["outcome"], "updated", "{}", out.stdout);
    assert!(out.stderr.contains("1 record: 1 updated"), "{}", out.stderr);
    // The file the editor had is gone once the change is sent.
    let edits = env.path("data/locadm/edits");
    assert_eq!(std::fs::read_dir(&edits).unwrap().count(), 0);

    // The journal kept in the data directory puts it back.
    let journal = named_path(&out.stderr, "journal: `");
    assert!(journal.starts_with(env.path("data/locadm/journals")));
    let undo = env.run(&["location", "apply", "--undo", journal.to_str().unwrap()]);
    undo.assert_code(0);
    assert_eq!(stored(&env, &id), before);
}

#[test]
fn an_unchanged_save_sends_nothing() {
    let (env, id) = with_location();
    let sent_before = updates(&env);
    let out = edit(&env, &editor(&env, "look.sh", "true"), &[&id]);
    out.assert_code(0);
    assert!(out.stderr.contains("no changes"), "{}", out.stderr);
    assert_eq!(out.stdout, "");
    // The same by meaning: a number with a trailing zero, members reformatted.
    let same = r#"sed -i 's/"latitude": 52.5219/"latitude": 52.52190/' "$1"; tr -d '\n' < "$1" > "$1.flat"; mv "$1.flat" "$1""#;
    let out = edit(&env, &editor(&env, "same.sh", same), &[&id]);
    out.assert_code(0);
    assert!(out.stderr.contains("no changes"), "{}", out.stderr);
    assert_eq!(updates(&env), sent_before, "no PUT");
}

#[test]
fn an_invalid_edit_without_a_terminal_exits_2_and_keeps_the_text() {
    let (env, id) = with_location();
    let before = stored(&env, &id);
    let sent_before = updates(&env);
    let script = r#"sed -i 's/"latitude": 52.5219/"latitude": "north"/' "$1""#;
    let out = edit(&env, &editor(&env, "bad.sh", script), &[&id]);
    out.assert_code(2);
    assert!(out.stderr.contains("latitude"), "{}", out.stderr);
    let kept = named_path(&out.stderr, "it is kept in `");
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(text.contains(r#""latitude": "north""#), "{text}");
    assert_eq!(updates(&env), sent_before, "nothing sent");
    assert_eq!(stored(&env, &id), before);
}

#[test]
fn a_field_changed_on_the_service_while_the_editor_was_open_is_a_conflict() {
    let (env, id) = with_location();
    // The "editor" renames the location on the service first, then in the file.
    let script = format!(
        "{BIN} location update {id} --store-name 'Changed meanwhile' -y >/dev/null\n{}",
        RENAME
    );
    let out = edit(&env, &editor(&env, "race.sh", &script), &[&id]);
    out.assert_code(7);
    let result: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(result["outcome"], "conflict", "{}", out.stdout);
    assert_eq!(stored(&env, &id)["storeName"], "Changed meanwhile");
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    // The edit is kept; with `--force`, `apply` sends the file's value.
    let kept = named_path(&out.stderr, "the edited text is kept in `");
    let forced = env.run(&[
        "location",
        "apply",
        "--file",
        kept.to_str().unwrap(),
        "--force",
    ]);
    forced.assert_code(0);
    assert_eq!(stored(&env, &id)["storeName"], "Renamed");
}

/// At a terminal, a save with problems comes back with them at the top of the file as
/// `#` lines; mended, it is sent (those lines are not part of the text read).
#[test]
fn at_a_terminal_the_problems_go_back_into_the_file_until_mended() {
    use expectrl::{Eof, Expect};
    let (env, id) = with_location();
    let round_two = env.path("round-two.json");
    let script = format!(
        r#"if grep -q '^#' "$1"; then
  cp "$1" {round_two:?}
  sed -i 's/"latitude": "north"/"latitude": 52.6/' "$1"
else
  sed -i 's/"latitude": 52.5219/"latitude": "north"/' "$1"
fi"#
    );
    let script = editor(&env, "twice.sh", &script);
    let env = env.var("VISUAL", script.to_str().unwrap());
    let mut p = env.terminal(&["location", "edit", &id]);
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    let shown = std::fs::read_to_string(&round_two).unwrap();
    assert!(
        shown.starts_with("# locadm: this text was not sent"),
        "{shown}"
    );
    assert!(shown.contains("\n# body: latitude: "), "{shown}");
    assert_eq!(stored(&env, &id)["latitude"], 52.6);
}

/// At a terminal, saving the text with its problems left as they were gives up: exit 2,
/// nothing sent.
#[test]
fn at_a_terminal_problems_left_as_they_were_give_up() {
    use expectrl::{Eof, Expect};
    let (env, id) = with_location();
    let sent_before = updates(&env);
    let script = r#"grep -q '^#' "$1" || sed -i 's/"latitude": 52.5219/"latitude": "north"/' "$1""#;
    let script = editor(&env, "stubborn.sh", script);
    let env = env.var("VISUAL", script.to_str().unwrap());
    let mut p = env.terminal(&["location", "edit", &id]);
    p.expect("the edited text still has 1 problem; nothing was sent")
        .unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 2);
    assert_eq!(updates(&env), sent_before);
}

/// `--store-id` (repeatable) and several ids open one file, a JSON array of every
/// location; only the one changed is sent.
#[test]
fn several_locations_open_in_one_array_and_only_the_changed_one_is_sent() {
    let env = Env::new();
    let records = env.records("ED", 2, "two.ndjson");
    env.run(&["location", "apply", "-f", records.to_str().unwrap()])
        .assert_code(0);
    let sent_before = updates(&env);
    let opened = env.path("opened.json");
    let script = format!(
        r#"cp "$1" {opened:?}
sed -i 's/"storeName": "Filiale 1"/"storeName": "Filiale Eins"/' "$1""#
    );
    let script = editor(&env, "second.sh", &script);
    let out = edit(
        &env,
        &script,
        &["--store-id", "ED-00000", "--store-id", "ED-00001"],
    );
    out.assert_code(0);
    let opened: Value = serde_json::from_str(&std::fs::read_to_string(opened).unwrap()).unwrap();
    let opened = opened.as_array().expect("a JSON array");
    assert_eq!(opened.len(), 2);
    assert_eq!(updates(&env), sent_before + 1, "{}", out.stderr);
    let result: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(result["storeId"], "ED-00001");
    assert_eq!(result["outcome"], "updated");
    let first = opened[0]["id"].as_str().unwrap();
    let second = opened[1]["id"].as_str().unwrap();
    assert_eq!(stored(&env, first)["storeName"], "Filiale 0");
    assert_eq!(stored(&env, second)["storeName"], "Filiale Eins");
}
