//! Terminal prompts (dialoguer): the only place that asks a person anything. Prompts
//! happen only when stdin and stderr are terminals and `CI` is not set; otherwise the
//! caller fails and names the flag that replaces the prompt.

use std::io::IsTerminal;

use dialoguer::theme::ColorfulTheme;
use dialoguer::{Confirm, Input, Password, Select};
use secrecy::SecretString;

use crate::error::{Error, Result};

pub(crate) fn can_prompt() -> bool {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    !ci && std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

fn theme() -> ColorfulTheme {
    ColorfulTheme::default()
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

pub(crate) fn confirm(question: &str) -> Result<bool> {
    let _screen = OnScreen::begin();
    Confirm::with_theme(&theme())
        .with_prompt(super::sanitize(question))
        .default(false)
        .interact()
        .map_err(prompt_error)
}

/// Asks for one value with `initial` already typed (a rejected answer, or the value being
/// edited), returned as typed; the caller checks it and asks again with what was typed.
/// An empty answer is taken only when `optional`.
pub(crate) fn ask_with_text(label: &str, optional: bool, initial: &str) -> Result<String> {
    let _screen = OnScreen::begin();
    let label = if optional {
        format!("{label} (optional)")
    } else {
        label.to_owned()
    };
    Input::<String>::with_theme(&theme())
        .with_prompt(label)
        .with_initial_text(initial)
        .allow_empty(optional)
        .interact_text()
        .map_err(prompt_error)
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
