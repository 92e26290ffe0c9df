//! The stderr channels for people: [`Messages`] (warnings, hints, notes, the details of
//! an error) and [`Verbose`] (`--verbose`: HTTP exchanges, keyring and token decisions).
//! Small copyable handles, so that tasks and clients keep them without the printer.

use std::io::{self, IsTerminal, Write};

use super::sanitize;

/// Messages for people on stderr (warnings, notes, details of errors): a small copyable
/// handle, so that the tasks of a bulk run (signals, the journal, the report writer) can
/// keep it without borrowing the printer.
#[derive(Debug, Clone, Copy)]
pub struct Messages {
    pub(super) quiet: bool,
    pub(super) colour: bool,
    /// Nothing is written (unit tests of code that warns).
    pub(super) discard: bool,
}

impl Messages {
    /// A channel that writes nothing, for unit tests.
    pub fn discard() -> Messages {
        Messages {
            quiet: true,
            colour: false,
            discard: true,
        }
    }

    /// `prefix: text`, the prefix coloured at a terminal unless `NO_COLOR`.
    fn prefixed(self, prefix: &str, colour: &str, text: &str) {
        if self.discard {
            return;
        }
        let prefix = if self.colour {
            format!("\x1b[{colour}m{prefix}\x1b[0m")
        } else {
            prefix.to_owned()
        };
        let _ = writeln!(io::stderr().lock(), "{prefix}: {}", sanitize(text));
    }

    pub fn warning(self, text: &str) {
        self.prefixed("warning", "1;33", text);
    }

    pub fn hint(self, text: &str) {
        self.prefixed("hint", "1;36", text);
    }

    pub(super) fn error(self, text: &str) {
        self.prefixed("error", "1;31", text);
    }

    /// A line of detail on stderr that belongs to an error (a problem of a record), shown
    /// even with `--quiet`.
    pub fn detail(self, text: &str) {
        if !self.discard {
            let _ = writeln!(io::stderr().lock(), "{}", sanitize(text));
        }
    }

    /// A note for people on stderr (a summary, what was done); silent with `--quiet`.
    pub fn note(self, text: &str) {
        if !self.quiet {
            let _ = writeln!(io::stderr().lock(), "{}", sanitize(text));
        }
    }
}

/// Says that a command now waits for typed input, when standard input is the terminal
/// (`--file -` typed at a prompt): otherwise it looks hung. Nothing in a pipe.
pub fn note_reading_terminal(what: &str) {
    if io::stdin().is_terminal() && io::stderr().is_terminal() {
        let _ = writeln!(
            io::stderr().lock(),
            "reading {what} from standard input (Ctrl-D to end, Ctrl-C to cancel)"
        );
    }
}

/// The `--verbose` channel: HTTP exchanges, keyring and token decisions. A small copyable
/// handle, so that the API client and the auth session can keep it without borrowing the
/// printer. Never given a secret: callers redact first.
#[derive(Debug, Clone, Copy)]
pub struct Verbose(bool);

impl Verbose {
    pub fn new(on: bool) -> Verbose {
        Verbose(on)
    }

    pub fn on(self) -> bool {
        self.0
    }

    pub fn line(self, text: &str) {
        if self.0 {
            let _ = writeln!(io::stderr().lock(), "{}", sanitize(text));
        }
    }
}
