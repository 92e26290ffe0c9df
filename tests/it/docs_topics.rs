//! What `--help` cannot say, through the real binary: the help topics (`locadm help
//! environment`, `exit-codes`, ...), the same text in `locadm(1)`, and the shells'
//! completion of `--profile` with the profiles of the config file.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{Env, RunToEnd};

/// Every `LOCADM_*` name in the source: each is a variable the tool reads.
fn variables_in_the_source() -> BTreeSet<String> {
    fn walk(dir: &Path, found: &mut BTreeSet<String>, pattern: &regex::Regex) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found, pattern);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                found.extend(pattern.find_iter(&source).map(|m| m.as_str().to_owned()));
            }
        }
    }
    let pattern = regex::Regex::new(r"\bLOCADM_[A-Z][A-Z_]*[A-Z]\b").unwrap();
    let mut found = BTreeSet::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
        &pattern,
    );
    found
}

fn topic(name: &str) -> String {
    let out = Env::offline().run(&["help", name]);
    out.assert_code(0);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    out.stdout
}

#[test]
fn help_environment_names_every_variable_the_code_reads() {
    let help = topic("environment");
    let variables = variables_in_the_source();
    assert!(
        variables.contains("LOCADM_CLIENT_SECRET") && variables.len() > 10,
        "{variables:?}"
    );
    // Each as an entry of its own: the name alone on its line.
    let entries: BTreeSet<&str> = help.lines().map(str::trim).collect();
    let missing: Vec<&String> = variables
        .iter()
        .filter(|v| !entries.contains(v.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "not in `help environment`: {missing:?}\n{help}"
    );
    for other in ["CI", "NO_COLOR", "NO_PROXY", "BROWSER", "TMPDIR"] {
        assert!(entries.contains(other), "{other} missing:\n{help}");
    }
    assert!(help.contains("HTTPS_PROXY"), "{help}");
}

#[test]
fn help_exit_codes_lists_each_code_with_its_meaning() {
    let help = topic("exit-codes");
    for (code, meaning) in [
        ("0", "Success"),
        ("1", "Any other failure"),
        ("2", "usage error"),
        ("3", "Authentication"),
        ("4", "Permission denied (403)"),
        ("5", "Not found (404)"),
        ("6", "Server or network failure"),
        ("7", "bulk run"),
        ("130", "Interrupted"),
    ] {
        let row = help
            .lines()
            .find(|l| l.split_whitespace().next() == Some(code))
            .unwrap_or_else(|| panic!("no row for {code}:\n{help}"));
        assert!(row.contains(meaning), "{code}: {row}");
    }
}

#[test]
fn help_csv_and_journal_are_topics_too() {
    let csv = topic("csv");
    for rule in [
        "--delimiter",
        "--decimal-comma",
        "--ignore-column",
        "structuredAddress.city",
    ] {
        assert!(csv.contains(rule), "{rule}:\n{csv}");
    }
    let journal = topic("journal");
    for rule in [
        "JOURNAL.lock",
        "JOURNAL.torn",
        "JOURNAL.undo",
        "--retry-unknown",
        "--only-failed",
    ] {
        assert!(journal.contains(rule), "{rule}:\n{journal}");
    }
    assert!(topic("files").contains("config.toml"));
}

#[test]
fn the_topics_are_listed_and_clap_keeps_its_own_help() {
    let env = Env::offline();
    let out = env.run(&["--help"]);
    out.assert_code(0);
    let help = out.stdout;
    for name in ["environment", "files", "exit-codes", "csv", "journal"] {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(name)),
            "`{name}` not listed in --help:\n{help}"
        );
    }
    // `help` alone is clap's (the same list), `help COMMAND` a command's help.
    let out = env.run(&["help"]);
    out.assert_code(0);
    assert!(out.stdout.contains("Usage: locadm"));
    assert!(out.stdout.contains("exit-codes"));
    let out = env.run(&["help", "location"]);
    out.assert_code(0);
    assert!(out.stdout.contains("Usage: locadm location"));
    let out = env.run(&["help", "no-such-topic"]);
    out.assert_code(2);
}

#[test]
fn the_man_page_has_the_topics_as_sections() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/locadm.1"))
        .unwrap();
    for heading in [
        ".SH ENVIRONMENT",
        ".SH FILES",
        ".SH \"EXIT STATUS\"",
        ".SH \"CSV INPUT\"",
        ".SH JOURNAL",
    ] {
        assert!(
            page.contains(heading),
            "{heading} missing from man/locadm.1"
        );
    }
    // The same text as the topic: every variable is an entry of the page too.
    for variable in variables_in_the_source() {
        assert!(
            page.contains(&format!("\\fB{variable}\\fR")),
            "{variable} missing from man/locadm.1"
        );
    }
    assert!(page.contains("\\fB130\\fR"));
}

/// A config file with the profiles `staging` and `prod`, and a file in the working
/// directory that a completion of file names would offer.
fn env_with_profiles() -> Env {
    let env = Env::offline();
    std::fs::create_dir_all(env.path("config/locadm")).unwrap();
    env.write(
        "config/locadm/config.toml",
        "[profiles.staging]\nbase_url = \"https://staging.example\"\n\n[profiles.prod]\nbase_url = \"https://prod.example\"\n",
    );
    env.write("profile-notes.txt", "");
    env
}

/// What the engine answers bash for the word at `index` of `words` (as bash's script
/// passes them: after `--`, the command line from `locadm` on).
fn complete_bash(env: &Env, words: &[&str], index: usize) -> Vec<String> {
    let mut args = vec!["--"];
    args.extend_from_slice(words);
    let out = env
        .cmd(&args)
        .env("LOCADM_COMPLETE", "bash")
        .env("_CLAP_COMPLETE_INDEX", index.to_string())
        .env("_CLAP_IFS", "\n")
        .run();
    out.assert_code(0);
    out.stdout.lines().map(str::to_owned).collect()
}

#[test]
fn profile_completion_offers_the_profiles_of_the_config_file() {
    let env = env_with_profiles();
    assert_eq!(
        complete_bash(&env, &["locadm", "--profile", ""], 2),
        ["prod", "staging", "local"],
        "the profiles and the built-in one, no file names"
    );
    // After a subcommand (the option is global), and with a prefix typed.
    assert_eq!(
        complete_bash(&env, &["locadm", "location", "get", "--profile", "st"], 4),
        ["staging"]
    );
    // LOCADM_CONFIG names another file: its profiles.
    let other = env.write("other.toml", "[profiles.ci]\n");
    let mut command = env.cmd(&["--", "locadm", "--profile", ""]);
    let out = command
        .env("LOCADM_CONFIG", &other)
        .env("LOCADM_COMPLETE", "fish")
        .run();
    out.assert_code(0);
    assert_eq!(out.stdout, "ci\nlocal\tthe built-in emulator\n");
}

#[test]
fn fish_shows_each_profiles_base_url() {
    let env = env_with_profiles();
    let out = env
        .cmd(&["--", "locadm", "--profile", ""])
        .env("LOCADM_COMPLETE", "fish")
        .run();
    out.assert_code(0);
    assert_eq!(
        out.stdout,
        "prod\thttps://prod.example\nstaging\thttps://staging.example\nlocal\tthe built-in emulator\n"
    );
}

/// The committed bash script, sourced in a real bash with `locadm` on PATH, as a
/// person's shell does it: TAB after `--profile` gives the profiles.
#[test]
fn the_bash_script_completes_profiles_through_the_binary() {
    let env = env_with_profiles();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions/locadm.bash");
    let out = env
        .bash()
        .args(["--norc", "--noprofile", "-c"])
        .arg(
            r#"source "$1"
               COMP_WORDS=(locadm --profile "")
               COMP_CWORD=2
               COMP_TYPE=9
               _clap_complete_locadm locadm "" --profile
               printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg("bash")
        .arg(&script)
        .run();
    out.assert_code(0);
    assert_eq!(out.stdout, "prod\nstaging\nlocal\n");
}
