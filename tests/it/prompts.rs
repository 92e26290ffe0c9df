//! Issue 43, item 6: the prompts of a create and a delete at a pseudo-terminal, through
//! the real binary against the emulator. A create whose field flags leave out what a
//! location needs asks only for the rest; a text answer is edited with Ctrl-U, Ctrl-W
//! and the arrows; a refused answer is never marked `✔`; Ctrl-C at any step says nothing
//! was created (exit 130); a yes/no question takes yes/no (and y/n), not `true`.
#![cfg(unix)]

use expectrl::{Eof, Expect};

use crate::commands::{counter, get, DEMO_PROVIDER};
use crate::common::{self, Env};

const CTRL_C: &str = "\x03";
const CTRL_U: &str = "\x15";
const CTRL_W: &str = "\x17";
const LEFT: &str = "\x1b[D";
const DOWN: &str = "\x1b[B";
const BACKSPACE: &str = "\x7f";

/// `location create` with every field flag a location needs but those in `leave_out`.
fn create_args(leave_out: &[&str]) -> Vec<&'static str> {
    #[rustfmt::skip]
    let all = [
        ("--store-id", "PTY-6"), ("--store-name", "Given by flags"),
        ("--street", "Alexanderplatz"), ("--city", "Berlin"), ("--post-code", "10178"),
        ("--country-code", "DE"), ("--latitude", "52.5219"), ("--longitude", "13.41321"),
        ("--provider-id", DEMO_PROVIDER),
    ];
    let mut args = vec!["location", "create", "--create-new"];
    for (flag, value) in all.into_iter().filter(|(f, _)| !leave_out.contains(f)) {
        args.extend([flag, value]);
    }
    args
}

/// `locadm ARGS` at a terminal 100 columns wide (a pty starts with no size, where an
/// accepted answer is left as typed, not redrawn with `✔`): the size is read when an
/// answer is taken, well after it is set here.
fn terminal(env: &Env, args: &[&str]) -> expectrl::session::OsSession {
    let mut p = env.terminal(args);
    p.get_process_mut().set_window_size(100, 40).unwrap();
    p
}

/// What the terminal showed up to `text`, the text included.
fn shown_until(p: &mut expectrl::session::OsSession, text: &str) -> String {
    let found = p.expect(text).unwrap();
    String::from_utf8_lossy(found.before()).into_owned() + text
}

/// The id the create printed, once it has ended with 0.
fn created_id(p: &mut expectrl::session::OsSession) -> String {
    let found = p
        .expect(expectrl::Regex(
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
        ))
        .unwrap();
    let id = String::from_utf8(found.get(0).unwrap().to_vec()).unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(p), 0);
    id
}

/// Field flags that leave out the longitude and the provider: only those two are asked
/// (no optional field, no field a flag gave), a flag value that breaks its rule is asked
/// again with its text, and the location is made of the flags and the answers. Before:
/// `--latitude: `52,52` is not a number…`, `--longitude is required`, `--provider-id is
/// required`, exit 2. Fails when flags at a terminal are not completed (the error).
#[test]
fn flags_at_a_terminal_are_completed_by_asking_only_for_what_is_missing() {
    let env = Env::new();
    let mut args = create_args(&["--latitude", "--longitude", "--provider-id"]);
    args.extend(["--latitude", "52,52"]);
    let mut p = terminal(&env, &args);
    let before = shown_until(&mut p, "--latitude: `52,52` is not a number");
    assert!(before.contains("Given by flags: --store-id"), "{before}");
    // The flag's text comes back for editing.
    p.expect("? Latitude (-90 to 90, a dot for decimals) › 52,52")
        .unwrap();
    common::type_keys(&mut p, &[CTRL_U, "52.5219\r"]);
    let before = shown_until(&mut p, "? Longitude");
    for not_asked in ["Store id", "Supplementary name", "Street", "Country code"] {
        assert!(
            !before.contains(not_asked),
            "{not_asked} was asked: {before}"
        );
    }
    common::type_keys(&mut p, &["13.41321\r"]);
    p.expect("? Provider id").unwrap();
    common::type_keys(&mut p, &[DEMO_PROVIDER, "\r"]);
    let before = shown_until(&mut p, "What now?");
    for not_asked in ["Telephone", "Tags", "Description"] {
        assert!(
            !before.contains(not_asked),
            "{not_asked} was asked: {before}"
        );
    }
    assert!(
        before.contains("\"storeName\": \"Given by flags\""),
        "{before}"
    );
    common::type_keys(&mut p, &["\r"]);
    let read = get(&env, &created_id(&mut p));
    assert_eq!(read["storeName"], "Given by flags");
    assert_eq!(read["structuredAddress"]["city"], "Berlin");
    assert_eq!(read["latitude"], serde_json::json!(52.5219));
    assert_eq!(counter(&env, "creates"), 1);

    // Flags that make a whole body are sent as they are, with no question.
    let mut p = terminal(&env, &create_args(&[]));
    let shown = created_id(&mut p);
    assert_eq!(get(&env, &shown)["storeId"], "PTY-6");
    assert_eq!(counter(&env, "creates"), 2);
}

/// A text answer is edited as in a shell: Ctrl-U clears what is before the cursor,
/// Ctrl-W the word before it, the left arrow moves back. Before (dialoguer's Input):
/// Ctrl-U and Ctrl-W did nothing, and the name would be `Wrong nameHamburg Hbf NordSud`.
#[test]
fn a_text_answer_is_edited_with_ctrl_u_ctrl_w_and_the_arrows() {
    let env = Env::new();
    let mut p = terminal(&env, &create_args(&["--store-name"]));
    p.expect("? Store name").unwrap();
    common::type_keys(&mut p, &["Wrong name", CTRL_U]);
    common::type_keys(&mut p, &["Hamburg Hbf Nord", CTRL_W]);
    common::type_keys(&mut p, &["Sd", LEFT, "u", "\r"]);
    p.expect("✔ Store name · Hamburg Hbf Sud").unwrap();
    p.expect("What now?").unwrap();
    common::type_keys(&mut p, &["\r"]);
    let read = get(&env, &created_id(&mut p));
    assert_eq!(read["storeName"], "Hamburg Hbf Sud");
}

/// A refused answer stays on its line with the reason under it, and is not marked `✔`;
/// the answer taken after editing is. Before: `✔ Latitude (…) · 52,52`, then the reason.
#[test]
fn a_refused_answer_is_never_marked_as_taken() {
    let env = Env::new();
    let mut p = terminal(&env, &create_args(&["--latitude"]));
    p.expect("? Latitude").unwrap();
    common::type_keys(&mut p, &["52,52\r"]);
    let before = shown_until(
        &mut p,
        "✘ `52,52` is not a number; use a dot for decimals: 52.52",
    );
    assert!(
        !before.contains('✔'),
        "a refused answer was marked: {before}"
    );
    // Two backspaces leave `52,`: the answer is still on the line, as typed.
    common::type_keys(&mut p, &[BACKSPACE, BACKSPACE, BACKSPACE, ".52\r"]);
    let before = shown_until(&mut p, "What now?");
    assert!(
        before.contains("✔ Latitude (-90 to 90, a dot for decimals) · 52.52"),
        "{before}"
    );
    assert!(!before.contains("· 52,52"), "{before}");
    common::type_keys(&mut p, &["\r"]);
    let read = get(&env, &created_id(&mut p));
    assert_eq!(read["latitude"], serde_json::json!(52.52));
}

/// Ctrl-C at a text answer, at "What now?" and at "Which field?" (edit a field): each
/// says nothing was created and exits 130. Before: exit 130 without a word.
#[test]
fn ctrl_c_at_any_step_of_a_create_says_nothing_was_created() {
    let env = Env::new();
    let steps: [&[&str]; 3] = [&[], &[], &[DOWN, "\r"]];
    let waits = ["? Latitude", "What now?", "Which field?"];
    for (i, (keys, wait)) in steps.iter().zip(waits).enumerate() {
        let mut p = terminal(&env, &create_args(&["--latitude"]));
        if i > 0 {
            p.expect("? Latitude").unwrap();
            common::type_keys(&mut p, &["52.5\r"]);
        }
        if !keys.is_empty() {
            p.expect("What now?").unwrap();
            common::type_keys(&mut p, keys);
        }
        p.expect(wait).unwrap();
        common::type_keys(&mut p, &[CTRL_C]);
        p.expect("Interrupted: nothing was created").unwrap();
        p.expect(Eof).unwrap();
        assert_eq!(common::terminal_exit_code(&p), 130, "Ctrl-C at {wait}");
    }
    assert_eq!(counter(&env, "creates"), 0);
}

/// Yes/no takes the words it names. The disabled-access field (asked by
/// `--interactive`, which asks every field the flags did not give) refuses `true`; the
/// delete question says which words it takes, refuses `true`, and takes `no` and `y`.
/// Before: `true` was taken as yes, and the delete answered on one key (`y` or `n`).
#[test]
fn yes_no_questions_take_yes_and_no_and_say_so() {
    let env = Env::new();
    let mut args = create_args(&[]);
    args.push("--interactive");
    let mut p = terminal(&env, &args);
    for optional in [
        "Supplementary name",
        "Building name",
        "House number",
        "District",
        "Province",
        "Telephone",
        "Email",
        "Logo URL",
        "Photo URLs",
    ] {
        p.expect(format!("? {optional}").as_str()).unwrap();
        common::type_keys(&mut p, &["\r"]);
    }
    p.expect("? Disabled access (yes or no, or y, n) (optional)")
        .unwrap();
    common::type_keys(&mut p, &["true\r"]);
    p.expect("✘ answer `yes` or `no` (or `y`, `n`)").unwrap();
    common::type_keys(&mut p, &[CTRL_U, "y\r"]);
    p.expect("✔ Disabled access (yes or no, or y, n) (optional) · y")
        .unwrap();
    for optional in ["Description", "Tags"] {
        p.expect(format!("? {optional}").as_str()).unwrap();
        common::type_keys(&mut p, &["\r"]);
    }
    p.expect("What now?").unwrap();
    common::type_keys(&mut p, &["\r"]);
    let id = created_id(&mut p);
    assert_eq!(get(&env, &id)["hasDisabledAccess"], serde_json::json!(true));

    let mut p = terminal(&env, &["location", "delete", &id]);
    p.expect("(storeId PTY-6, Given by flags, Berlin)? [yes/no, y/n; Enter: no] ›")
        .unwrap();
    common::type_keys(&mut p, &["true\r"]);
    p.expect("✘ answer `yes` or `no` (or `y`, `n`)").unwrap();
    common::type_keys(&mut p, &[CTRL_U, "no\r"]);
    p.expect("nothing was deleted").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    assert_eq!(counter(&env, "deletes"), 0);

    let mut p = terminal(&env, &["location", "delete", &id]);
    p.expect("[yes/no, y/n; Enter: no] ›").unwrap();
    common::type_keys(&mut p, &["y\r"]);
    p.expect(Eof).unwrap();
    assert_eq!(common::terminal_exit_code(&p), 0);
    assert_eq!(counter(&env, "deletes"), 1);
}
