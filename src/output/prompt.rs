//! Terminal prompts: the only place that asks a person anything. Prompts happen only
//! when stdin and stderr are terminals and `CI` is not set; otherwise the caller fails
//! and names the flag that replaces the prompt.
//!
//! A text answer or a yes/no is a line edited as in a shell (rustyline: Ctrl-U, Ctrl-W,
//! Ctrl-A/E/K, Alt-B/F, Home/End, the arrows); the caller's check runs on Enter, and a
//! refused answer stays on its line for editing with the reason under it, so only an
//! accepted answer is redrawn as answered. A choice and a secret are dialoguer's. Every
//! prompt has one look, dialoguer's theme: the line prompts draw their question, their
//! answer and a refusal with it too. Ctrl-C at any of them is [`Error::interrupted`].

use std::fmt;

use dialoguer::theme::{ColorfulTheme, Theme};
use dialoguer::{Password, Select};
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Editor, Helper};
use secrecy::SecretString;

use locadm_client::error::{Error, Result};

pub(crate) use locadm_client::auth::can_prompt;

/// The one look of every prompt (its colours follow the one switch of stderr's).
fn theme() -> ColorfulTheme {
    ColorfulTheme::default()
}

/// A part of a prompt as the theme draws it.
fn themed(draw: impl FnOnce(&ColorfulTheme, &mut dyn fmt::Write) -> fmt::Result) -> String {
    let mut text = String::new();
    let _ = draw(&theme(), &mut text);
    text
}

/// Ctrl-C at a prompt is read as a key (the terminal is in raw mode), and ends the
/// command quietly with 130; any other failure is named.
fn prompt_error(e: dialoguer::Error) -> Error {
    let dialoguer::Error::IO(io) = &e;
    if io.kind() == std::io::ErrorKind::Interrupted {
        let _ = console::Term::stderr().write_line("");
        return Error::interrupted();
    }
    Error::other("the prompt failed").with_source(e)
}

/// The terminal's modes before a prompt changed them (raw mode for a key, echo off for a
/// secret), for an interrupt to put back.
#[cfg(unix)]
static BEFORE_PROMPT: std::sync::Mutex<Option<rustix::termios::Termios>> =
    std::sync::Mutex::new(None);

/// Held while a prompt is on screen. A select hides the cursor and a secret turns echo
/// off: the cursor is shown again however the prompt ends (an answer, an error, Ctrl-C
/// read as a key), and a signal meanwhile ends the process through `restore_terminal`.
struct OnScreen;

impl OnScreen {
    fn begin() -> OnScreen {
        crate::signal::exit_on_interrupt(super::exit_after_signal);
        #[cfg(unix)]
        if let Ok(modes) = rustix::termios::tcgetattr(std::io::stdin()) {
            *BEFORE_PROMPT.lock().unwrap_or_else(|p| p.into_inner()) = Some(modes);
        }
        OnScreen
    }
}

impl Drop for OnScreen {
    fn drop(&mut self) {
        #[cfg(unix)]
        BEFORE_PROMPT
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        let _ = console::Term::stderr().show_cursor();
    }
}

/// What a command says if an interrupt ends it while its prompts are on screen. Inside a
/// prompt Ctrl-C is read as a key (raw mode) and the command says what it left; typed
/// between two prompts, before the next one puts the terminal in raw mode, it is a
/// SIGINT, and the process ended on it without a word (1 run in 5 of the prompts test
/// that types it as a prompt appears).
static SAID_ON_INTERRUPT: std::sync::Mutex<Option<(super::Messages, &'static str)>> =
    std::sync::Mutex::new(None);

/// Held while an interrupt ending the process should say `note` (through `messages`).
#[must_use = "the note is said only while this is held"]
pub(crate) struct SayOnInterrupt;

/// Has an interrupt that ends the process say `note` until the guard is dropped: from
/// now, not only once the first prompt is on screen (the signal's exit is installed
/// here as a prompt installs it).
pub(crate) fn say_on_interrupt(messages: super::Messages, note: &'static str) -> SayOnInterrupt {
    crate::signal::exit_on_interrupt(super::exit_after_signal);
    *SAID_ON_INTERRUPT.lock().unwrap_or_else(|p| p.into_inner()) = Some((messages, note));
    SayOnInterrupt
}

impl Drop for SayOnInterrupt {
    fn drop(&mut self) {
        SAID_ON_INTERRUPT
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
    }
}

/// Says what [`say_on_interrupt`] was given, if it is still held: as the process ends on
/// a signal.
pub(super) fn say_interrupted() {
    let said = SAID_ON_INTERRUPT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take();
    if let Some((messages, note)) = said {
        messages.note(note);
    }
}

/// Puts the terminal back as it was before the prompt on screen, if any, and shows the
/// cursor: the last thing before the process ends on a signal.
pub(super) fn restore_terminal() {
    #[cfg(unix)]
    if let Some(modes) = BEFORE_PROMPT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    {
        let _ = rustix::termios::tcsetattr(
            std::io::stdin(),
            rustix::termios::OptionalActions::Now,
            &modes,
        );
    }
    let _ = console::Term::stderr().show_cursor();
}

/// The words a yes/no question takes, case aside: `yes` and `no`, and `y` and `n`.
/// Nothing else (`true`, `1`) is an answer.
pub(crate) fn yes_no(text: &str) -> Option<bool> {
    match text.trim().to_lowercase().as_str() {
        "yes" | "y" => Some(true),
        "no" | "n" => Some(false),
        _ => None,
    }
}

/// What a yes/no question says to an answer it does not take.
pub(crate) const YES_NO_RULE: &str = "answer `yes` or `no` (or `y`, `n`)";

/// A yes/no question: a word and Enter (the words [`yes_no`] takes); Enter alone is no.
pub(crate) fn confirm(question: &str) -> Result<bool> {
    let question = format!("{} [yes/no, y/n; Enter: no]", super::sanitize(question));
    let answer = ask_line(&question, "", &|text| {
        (!text.trim().is_empty() && yes_no(text).is_none()).then(|| YES_NO_RULE.to_owned())
    })?;
    Ok(yes_no(&answer).unwrap_or(false))
}

/// Asks for one value with `initial` already typed (the value being edited), returned as
/// typed. An empty answer is taken only when `optional`.
pub(crate) fn ask_with_text(label: &str, optional: bool, initial: &str) -> Result<String> {
    ask_checked(label, optional, initial, &|_| None)
}

/// [`ask_with_text`], with `check` saying why an answer is refused: a refused answer
/// stays on its line for editing, the reason under it, until one is taken. An empty
/// optional answer is taken without the check.
pub(crate) fn ask_checked(
    label: &str,
    optional: bool,
    initial: &str,
    check: &dyn Fn(&str) -> Option<String>,
) -> Result<String> {
    let label = if optional {
        format!("{label} (optional)")
    } else {
        label.to_owned()
    };
    ask_line(&label, initial, &|text| {
        if text.trim().is_empty() {
            (!optional).then(|| "an answer is needed".to_owned())
        } else {
            check(text)
        }
    })
}

/// The check of an answer, run by rustyline when Enter is pressed (no completion, hint
/// or highlighting).
struct Checked<'c> {
    check: &'c dyn Fn(&str) -> Option<String>,
}

impl Completer for Checked<'_> {
    type Candidate = String;
}

impl Hinter for Checked<'_> {
    type Hint = String;
}

impl Highlighter for Checked<'_> {}

impl Helper for Checked<'_> {}

impl Validator for Checked<'_> {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(match (self.check)(ctx.input()) {
            None => ValidationResult::Valid(None),
            Some(reason) => ValidationResult::Invalid(Some(format!(
                "\n{}",
                themed(|theme, f| theme.format_error(f, &reason))
            ))),
        })
    }
}

/// One line asked at the terminal (not on stdout, which may be a file): the question as
/// the theme asks (`? question › `), edited until `check` takes it, then redrawn as the
/// theme shows an answer (`✔ question · answer`).
fn ask_line(
    question: &str,
    initial: &str,
    check: &dyn Fn(&str) -> Option<String>,
) -> Result<String> {
    let _screen = OnScreen::begin();
    let colour = console::colors_enabled_stderr();
    let config = rustyline::Config::builder()
        .behavior(rustyline::config::Behavior::PreferTerm)
        .auto_add_history(false)
        .color_mode(if colour {
            rustyline::ColorMode::Enabled
        } else {
            rustyline::ColorMode::Disabled
        })
        .build();
    let line_error = |e: rustyline::error::ReadlineError| match e {
        // Ctrl-C, and Ctrl-D on an empty line: the person stops.
        rustyline::error::ReadlineError::Interrupted | rustyline::error::ReadlineError::Eof => {
            Error::interrupted()
        }
        other => Error::other(format!("the prompt failed: {other}")),
    };
    let mut editor: Editor<Checked<'_>, rustyline::history::DefaultHistory> =
        Editor::with_config(config).map_err(line_error)?;
    editor.set_helper(Some(Checked { check }));
    let asked = themed(|theme, f| theme.format_input_prompt(f, question, None));
    let answer = editor
        .readline_with_initial(&asked, (initial, ""))
        .map_err(line_error)?;
    answered(&asked, question, &answer);
    Ok(answer)
}

/// Draws an accepted answer over its question: the rows the question and the answer
/// took (rustyline left the cursor on the row after them) become the theme's one line of
/// an answered question.
fn answered(asked: &str, question: &str, answer: &str) {
    let term = console::Term::stderr();
    let Some((_, columns)) = term.size_checked() else {
        return;
    };
    let width = console::measure_text_width(asked) + console::measure_text_width(answer);
    let rows = width / usize::from(columns.max(1)) + 1;
    let _ = term.move_cursor_up(rows);
    let _ = term.clear_to_end_of_screen();
    let _ = term.write_line(&themed(|theme, f| {
        theme.format_input_prompt_selection(f, question, answer)
    }));
}

/// Asks for a secret; what is typed is not shown.
pub(crate) fn ask_secret(label: &str) -> Result<SecretString> {
    let _screen = OnScreen::begin();
    Password::with_theme(&theme())
        .with_prompt(label)
        .interact()
        .map(SecretString::from)
        .map_err(prompt_error)
}

/// Asks to choose one of `items`; returns its index.
pub(crate) fn choose(label: &str, items: &[&str]) -> Result<usize> {
    let _screen = OnScreen::begin();
    Select::with_theme(&theme())
        .with_prompt(label)
        .items(items)
        .default(0)
        .interact()
        .map_err(prompt_error)
}

/// Shows text to the person being asked (a body before "Create this location?").
pub(crate) fn show(text: &str) {
    eprintln!("{}", super::sanitize(text));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_no_takes_the_words_it_names_and_nothing_else() {
        for (text, answer) in [("yes", true), ("Y", true), (" no ", false), ("N", false)] {
            assert_eq!(yes_no(text), Some(answer), "{text}");
        }
        for text in ["true", "false", "1", "0", "ja", ""] {
            assert_eq!(yes_no(text), None, "{text}");
        }
    }
}
