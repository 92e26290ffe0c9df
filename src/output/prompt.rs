//! Terminal prompts (dialoguer): the only place that asks a person anything. Prompts
//! happen only when stdin and stderr are terminals and `CI` is not set; otherwise the
//! caller fails and names the flag that replaces the prompt.

use std::io::IsTerminal;

use dialoguer::theme::ColorfulTheme;
use dialoguer::{Confirm, Input, Password, Select};
use secrecy::SecretString;

use crate::error::{Error, Result};

pub fn can_prompt() -> bool {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    !ci && std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

fn theme() -> ColorfulTheme {
    ColorfulTheme::default()
}

fn prompt_error(e: dialoguer::Error) -> Error {
    Error::other(format!("the prompt failed: {e}"))
}

pub fn confirm(question: &str) -> Result<bool> {
    Confirm::with_theme(&theme())
        .with_prompt(super::sanitize(question))
        .default(false)
        .interact()
        .map_err(prompt_error)
}

/// Asks for one value, re-asking until `check` accepts it. An empty answer is `None`
/// when `optional`.
pub fn ask(
    label: &str,
    optional: bool,
    check: impl Fn(&str) -> std::result::Result<(), String>,
) -> Result<Option<String>> {
    let answer: String = Input::with_theme(&theme())
        .with_prompt(if optional {
            format!("{label} (optional)")
        } else {
            label.to_owned()
        })
        .allow_empty(optional)
        .validate_with(|input: &String| -> std::result::Result<(), String> {
            if input.is_empty() {
                return Ok(());
            }
            check(input)
        })
        .interact_text()
        .map_err(prompt_error)?;
    Ok(Some(answer).filter(|a| !a.is_empty()))
}

/// Asks for a required value, re-asking until `check` accepts it.
pub fn ask_required(
    label: &str,
    check: impl Fn(&str) -> std::result::Result<(), String>,
) -> Result<String> {
    let answer = ask(label, false, check)?;
    Ok(answer.unwrap_or_default().trim().to_owned())
}

/// Asks for a secret; what is typed is not shown.
pub fn ask_secret(label: &str) -> Result<SecretString> {
    Password::with_theme(&theme())
        .with_prompt(label)
        .interact()
        .map(SecretString::from)
        .map_err(prompt_error)
}

/// Asks to choose one of `items`; returns its index.
pub fn choose(label: &str, items: &[&str]) -> Result<usize> {
    Select::with_theme(&theme())
        .with_prompt(label)
        .items(items)
        .default(0)
        .interact()
        .map_err(prompt_error)
}

/// Shows text to the person being asked (a body before "Create this location?").
pub fn show(text: &str) {
    eprintln!("{}", super::sanitize(text));
}
