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
    /// Nothing is written (unit tests of code that warns).
    pub(super) discard: bool,
    /// `-o json` or `-o ndjson`: every line on stderr is a JSON object (`{"warning":
    /// {"message": …}}`), so that a script reading stderr reads JSON alone.
    pub(super) json: bool,
}

impl Messages {
    /// A channel that writes nothing, for unit tests.
    pub fn discard() -> Messages {
        Messages {
            quiet: true,
            discard: true,
            json: false,
        }
    }

    /// One line on stderr: `text` (made safe for the terminal), or in JSON mode the
    /// object `{level: {"message": text}}`.
    fn write(self, level: &str, text: &str) {
        let mut err = io::stderr().lock();
        let _ = if self.json {
            writeln!(err, "{}", serde_json::json!({ level: { "message": text } }))
        } else {
            writeln!(err, "{}", sanitize(text))
        };
    }

    /// `prefix: text`, the prefix bold in `colour` when stderr is coloured (the one
    /// switch, console's, which the printer set: `colour_on`).
    fn prefixed(self, prefix: &str, colour: console::Color, text: &str) {
        if self.discard {
            return;
        }
        if self.json {
            return self.write(prefix, text);
        }
        let prefix = console::style(prefix).for_stderr().bold().fg(colour);
        let _ = writeln!(io::stderr().lock(), "{prefix}: {}", sanitize(text));
    }

    pub fn warning(self, text: &str) {
        self.prefixed("warning", console::Color::Yellow, text);
    }

    pub fn hint(self, text: &str) {
        self.prefixed("hint", console::Color::Cyan, text);
    }

    pub(super) fn error(self, text: &str) {
        self.prefixed("error", console::Color::Red, text);
    }

    /// A line of detail on stderr that belongs to an error (a problem of a record), shown
    /// even with `--quiet`.
    pub fn detail(self, text: &str) {
        if !self.discard {
            self.write("detail", text);
        }
    }

    /// A request the emulator served (`emulator serve --log-requests`): its line, or in
    /// JSON mode `{"request": {"method", "path", "status", "ms"}}`. Shown even with
    /// `--quiet`: it was asked for.
    #[cfg(feature = "emulator")]
    pub fn request(self, line: &locadm_emulator::request_log::RequestLine) {
        if self.discard {
            return;
        }
        let mut err = io::stderr().lock();
        let _ = if self.json {
            let ms = (line.elapsed.as_secs_f64() * 10_000.0).round() / 10.0;
            let object = serde_json::json!({ "request": {
                "method": line.method, "path": line.path, "status": line.status, "ms": ms,
            }});
            writeln!(err, "{object}")
        } else {
            writeln!(err, "{}", sanitize(&line.to_string()))
        };
    }

    /// A note for people on stderr (a summary, what was done); silent with `--quiet`.
    pub fn note(self, text: &str) {
        if !self.quiet {
            self.write("note", text);
        }
    }

    /// Whether stderr carries JSON objects only (`-o json`, `-o ndjson`).
    pub(super) fn json(self) -> bool {
        self.json
    }
}

/// Says that a command now waits for typed input, when standard input is the terminal
/// (`--file -` typed at a prompt): otherwise it looks hung. Nothing in a pipe.
pub(crate) fn note_reading_terminal(what: &str) {
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
pub struct Verbose {
    on: bool,
    /// Written as JSON objects (`{"verbose": {"message": …}}`), as every other line on
    /// stderr is with `-o json` or `-o ndjson`.
    json: bool,
}

impl Verbose {
    pub fn new(on: bool) -> Verbose {
        Verbose { on, json: false }
    }

    pub(super) fn as_json(self) -> Verbose {
        Verbose { json: true, ..self }
    }

    pub fn on(self) -> bool {
        self.on
    }

    pub fn line(self, text: &str) {
        if self.on {
            let messages = Messages {
                quiet: false,
                discard: false,
                json: self.json,
            };
            messages.write("verbose", text);
        }
    }
}

/// The API client's trace and notes ([`locadm_client::Observer`]): the trace on the
/// `--verbose` channel, notes with the other messages for people.
pub(super) struct ClientLines {
    pub(super) verbose: Verbose,
    pub(super) messages: Messages,
}

impl locadm_client::Observer for ClientLines {
    fn tracing(&self) -> bool {
        self.verbose.on()
    }

    fn trace(&self, text: &str) {
        self.verbose.line(text);
    }

    fn note(&self, text: &str) {
        self.messages.note(text);
    }
}
