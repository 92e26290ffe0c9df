//! Hints are commands that run (issue 56): every command a message shows in backticks
//! (`locadm …`) is one this command line accepts, and every flag it shows alone
//! (`--yes`, `--only-failed FILE`) is one the command that failed takes. Pasted, a hint
//! that named `--only-failed` after a failed `location get` (only `apply` has it) was a
//! second error.
//!
//! Checked twice: over every such command in the sources' messages (`tests.rs`), and over
//! the hint of every error a debug build reports (`main.rs`), which the integration
//! tests make by the hundred, each with the command line it failed on.

use std::ffi::OsString;

use clap::CommandFactory;

use super::{subcommand_path, try_parse_from, Cli};

/// What in `hint` does not run as printed after the command line `ran` (the program's
/// arguments, its name first): each command or flag named, with clap's reason. Empty
/// when every one runs.
pub fn hint_problems(hint: &str, ran: &[OsString]) -> Vec<String> {
    let mut problems = Vec::new();
    for shown in hint.split('`').skip(1).step_by(2) {
        if let Some(command) = shown_command(shown) {
            if let Some(reason) = command_problem(&command) {
                problems.push(format!("`{shown}`: {reason}"));
            }
        } else if shown.starts_with('-') {
            for flag in flags_unknown_to(ran, shown) {
                problems.push(format!(
                    "`{shown}`: `{flag}` is not an option of the command that failed"
                ));
            }
        }
    }
    problems
}

/// The `locadm …` command a backticked text runs (after a pipe, as in `printf … |
/// locadm login …`), as words with every placeholder (`FILE`, `ID`, `URL`) given a value
/// of its kind; `None` when it runs no locadm command.
pub(super) fn shown_command(shown: &str) -> Option<Vec<String>> {
    let command = shown
        .split('|')
        .map(str::trim_start)
        .find(|part| part.starts_with("locadm "))?;
    let words = shell_words::split(command)
        .unwrap_or_else(|_| command.split_whitespace().map(str::to_owned).collect());
    Some(
        words
            .iter()
            .map(|word| word.trim_end_matches('…'))
            .filter(|word| !word.is_empty())
            .map(placeholder_value)
            .collect(),
    )
}

/// A value for a placeholder of a hint (an upper-case word, as `--journal FILE`), of the
/// kind its name says; any other word as it is.
fn placeholder_value(word: &str) -> String {
    let placeholder = word.chars().any(|c| c.is_ascii_uppercase())
        && word.chars().all(|c| c.is_ascii_uppercase() || c == '_');
    if !placeholder {
        return word.to_owned();
    }
    let value = match word {
        "ID" => "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11",
        "URL" => "https://service.example",
        "SHELL" => "bash",
        "TOPIC" => "settings",
        "KEY" => "base_url",
        "N" => "1",
        _ if word.ends_with("JOURNAL") || word.ends_with("FILE") || word.ends_with("PATH") => {
            "file.ndjson"
        }
        _ => "value",
    };
    value.to_owned()
}

/// Why clap refuses `words` as a command line, if it does (asking for help is running).
pub(super) fn command_problem(words: &[String]) -> Option<String> {
    let args: Vec<OsString> = words.iter().map(OsString::from).collect();
    // `locadm help TOPIC` is answered before clap parses (`help_topic`).
    if let [_, help, topic] = words {
        if help == "help" && crate::topics::find(topic).is_some() {
            return None;
        }
    }
    match try_parse_from(&args) {
        Ok(_) => None,
        Err(error) => match error.kind() {
            clap::error::ErrorKind::DisplayHelp
            | clap::error::ErrorKind::DisplayVersion
            | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => None,
            _ => Some(
                error
                    .render()
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_owned(),
            ),
        },
    }
}

/// The flags of `shown` (`--only-failed FILE --journal NEW`) that the command `ran` ended
/// in (its last subcommand, with the global options) does not take.
fn flags_unknown_to(ran: &[OsString], shown: &str) -> Vec<String> {
    let mut command = Cli::command();
    command.build();
    let args: Vec<String> = ran
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let mut leaf = &command;
    for (name, _) in subcommand_path(&command, &args) {
        match leaf.find_subcommand(&name) {
            Some(sub) => leaf = sub,
            None => break,
        }
    }
    shown
        .split_whitespace()
        .filter(|word| word.starts_with('-') && *word != "-" && *word != "--")
        .filter(|word| {
            let takes = |arg: &clap::Arg| match word.strip_prefix("--") {
                Some(long) => {
                    let long = long.split('=').next().unwrap_or_default();
                    arg.get_long() == Some(long)
                        || arg.get_all_aliases().is_some_and(|a| a.contains(&long))
                }
                None => word[1..]
                    .chars()
                    .next()
                    .is_some_and(|short| arg.get_short() == Some(short)),
            };
            let builtin = matches!(*word, "--help" | "-h" | "--version" | "-V");
            !builtin && !leaf.get_arguments().any(takes)
        })
        .map(str::to_owned)
        .collect()
}
