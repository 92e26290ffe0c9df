//! The person's text editor, started as git and gh start it: `VISUAL`, else `EDITOR`,
//! else the system's own (`vi`, `notepad` on Windows); the command split into words as a
//! shell would (`shell_words`), the file's path its last word. The caller waits for it
//! to exit; anything but a success is an error, and the caller sends nothing.
//!
//! The editor has the terminal: standard input and standard error are locadm's, and so
//! is standard output when it is a terminal; otherwise the editor's output goes to
//! standard error, so that nothing but data ever reaches a pipe.
#![allow(clippy::disallowed_methods)]

use std::io::IsTerminal;
use std::path::Path;
use std::process::{Command, Stdio};

use locadm_client::error::{Error, Result};

/// The editor when neither `VISUAL` nor `EDITOR` names one.
#[cfg(windows)]
const SYSTEM_EDITOR: &str = "notepad";
#[cfg(not(windows))]
const SYSTEM_EDITOR: &str = "vi";

/// The editor command's words: the first of `visual` and `editor` that is set and not
/// blank, else the system's editor.
pub(crate) fn words(visual: Option<&str>, editor: Option<&str>) -> Result<Vec<String>> {
    let (name, command) = match (visual, editor) {
        (Some(v), _) if !v.trim().is_empty() => ("VISUAL", v),
        (_, Some(e)) if !e.trim().is_empty() => ("EDITOR", e),
        _ => return Ok(vec![SYSTEM_EDITOR.to_owned()]),
    };
    shell_words::split(command).map_err(|e| {
        Error::usage(format!("`{name}` cannot be split into words: {e}")).with_hint(format!(
            "set `{name}` to a command a shell would run, quoting as it does"
        ))
    })
}

/// The editor of this environment.
fn editor_words() -> Result<Vec<String>> {
    let var = |name| std::env::var(name).ok();
    words(var("VISUAL").as_deref(), var("EDITOR").as_deref())
}

/// Opens `path` in the editor and waits for it to exit; an error when it cannot be
/// started or exits with a failure.
pub(crate) fn edit(path: &Path) -> Result<()> {
    let words = editor_words()?;
    let (program, args) = words.split_first().expect("`words` gives one at least");
    let mut command = Command::new(program);
    command.args(args).arg(path);
    if !std::io::stdout().is_terminal() {
        command.stdout(Stdio::from(std::io::stderr()));
    }
    let shown = shell_words::join(&words);
    let status = command.status().map_err(|e| {
        Error::other(format!("cannot start the editor `{shown}`"))
            .with_source(e)
            .with_hint("set `VISUAL` or `EDITOR` to an editor this system has")
    })?;
    if status.success() {
        return Ok(());
    }
    Err(Error::other(format!(
        "the editor `{shown}` exited with {}",
        match status.code() {
            Some(code) => format!("status {code}"),
            None => "a signal".to_owned(),
        }
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visual_before_editor_and_split_as_a_shell_would() {
        assert_eq!(
            words_of(Some("code --wait"), Some("vim")),
            ["code", "--wait"]
        );
        assert_eq!(
            words_of(None, Some("sh -c 'sed -i s/a/b/ \"$1\"' sh")),
            ["sh", "-c", "sed -i s/a/b/ \"$1\"", "sh"]
        );
        assert_eq!(words_of(Some("  "), Some("nano")), ["nano"]);
        assert_eq!(words_of(None, None), [SYSTEM_EDITOR]);
        assert!(words(Some("vim 'unclosed"), None).is_err());
    }

    fn words_of(visual: Option<&str>, editor: Option<&str>) -> Vec<String> {
        words(visual, editor).unwrap()
    }
}
