//! The command line held to the tables it is made from: every settings key's flag and
//! variable are clap's, and every variable clap reads is named in `EnvVars` and
//! documented in `locadm help environment`.

use clap::CommandFactory;

use super::{hints, Cli};
use crate::settings::keys;
use crate::topics;
use locadm_client::env_vars::EnvVars;

/// Each key's flag and variable are clap's: the global option of that flag reads
/// that variable, and its id is the key's name (which `config show` takes its origin
/// by).
#[test]
fn each_keys_flag_and_variable_are_claps() {
    let command = Cli::command();
    for key in keys::KEYS.iter().filter(|k| k.flag.is_some()) {
        let flag = key.flag.unwrap().trim_start_matches("--");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(flag))
            .unwrap_or_else(|| panic!("no global --{flag}"));
        let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
        assert_eq!(env.as_deref(), key.env, "--{flag}");
        let id = if key.name == "config_file" {
            "config"
        } else {
            key.name
        };
        assert_eq!(arg.get_id().as_str(), id, "--{flag}");
    }
}

/// Every variable clap reads is one of ours, and every one of ours is documented in
/// `locadm help environment`.
#[test]
fn every_variable_is_named_here_and_documented() {
    fn walk(command: &clap::Command, found: &mut Vec<String>) {
        for arg in command.get_arguments() {
            if let Some(env) = arg.get_env() {
                found.push(env.to_string_lossy().into_owned());
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, found);
        }
    }
    let mut from_clap = Vec::new();
    walk(&Cli::command(), &mut from_clap);
    assert!(!from_clap.is_empty());
    for name in &from_clap {
        assert!(
            EnvVars::ALL.contains(&name.as_str()),
            "{name} is not in EnvVars"
        );
    }
    let documented = topics::find("environment").unwrap().plain();
    for name in EnvVars::ALL {
        assert!(
            documented.contains(name),
            "{name} is not in `help environment`"
        );
    }
}

/// Every `locadm …` command the sources' messages show in backticks (hints above all,
/// after `with_options` has named a profile and a base URL in them) parses as this command line: a
/// placeholder (`FILE`, `ID`) and a value formatted in (`{shown}`) given a value of their
/// kind. Comments are not read: they name commands of other shapes in passing.
#[test]
fn every_command_a_message_shows_parses() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    let mut dirs = vec![root.join("src"), root.join("crates")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|name| name != "tests.rs")
            {
                sources.push(path);
            }
        }
    }
    let formatted = |text: &str| {
        let mut out = String::new();
        let mut inside = false;
        for c in text.chars() {
            match c {
                '{' => {
                    inside = true;
                    out.push('x');
                }
                '}' => inside = false,
                _ if !inside => out.push(c),
                _ => {}
            }
        }
        out
    };
    let mut shown = 0;
    let mut problems = Vec::new();
    for path in &sources {
        let text = std::fs::read_to_string(path).unwrap();
        // A file's tests are not messages (they show commands that must fail).
        let messages = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (number, line) in messages.lines().enumerate() {
            if line.trim_start().starts_with("//") || line.trim_start().starts_with("#[") {
                continue;
            }
            for quoted in line.split('`').skip(1).step_by(2) {
                let quoted = formatted(quoted);
                let Some(words) = hints::shown_command(&quoted) else {
                    continue;
                };
                shown += 1;
                let with_profile = locadm_client::error::with_options(
                    &format!("`{quoted}`"),
                    &[
                        ("--profile", "staging"),
                        ("--base-url", "http://127.0.0.1:8080"),
                    ],
                );
                let words_on_profile =
                    hints::shown_command(with_profile.trim_matches('`')).unwrap();
                for words in [words, words_on_profile] {
                    if let Some(reason) = hints::command_problem(&words) {
                        problems.push(format!(
                            "{}:{}: `{}`: {reason}",
                            path.strip_prefix(root).unwrap().display(),
                            number + 1,
                            words.join(" ")
                        ));
                    }
                }
            }
        }
    }
    assert!(
        shown > 30,
        "only {shown} commands found: is the scan reading the sources?"
    );
    assert!(
        problems.is_empty(),
        "commands that do not run:\n{}",
        problems.join("\n")
    );
}

/// A flag a hint shows alone is checked against the command that failed: `apply` takes
/// `--only-failed`, `get` does not; a global option is every command's.
#[test]
fn a_flag_a_hint_shows_is_one_of_the_command_that_failed() {
    let ran = |line: &str| -> Vec<std::ffi::OsString> {
        line.split_whitespace().map(Into::into).collect()
    };
    let hint = "save stdout to a file: `--only-failed FILE` sends again only what did not succeed";
    assert!(hints::hint_problems(hint, &ran("locadm location apply --file x.ndjson")).is_empty());
    let problems = hints::hint_problems(hint, &ran("locadm -o json location get --ids-from x"));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("`--only-failed`"), "{problems:?}");
    assert!(hints::hint_problems("pass `--jq '.id'`", &ran("locadm location get x")).is_empty());
    let problems = hints::hint_problems(
        "run `locadm location list --store-id GLOB Berlin`",
        &ran("locadm location search Berlin"),
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
}
