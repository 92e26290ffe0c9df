//! The one printer: every byte a command writes goes through here. Data goes to stdout,
//! messages (errors, warnings, hints, summaries) to stderr. It knows the output format,
//! whether each stream is a terminal, and whether colour is allowed.

use std::io::{self, IsTerminal, Write};

use comfy_table::{presets, Cell, ContentArrangement, Table};
use serde::Serialize;

use crate::cli::OutputFormat;
use crate::error::{Error, Result};

pub mod jq;

pub struct Printer {
    pub format: OutputFormat,
    pub quiet: bool,
    pub verbose: bool,
    /// `--jq EXPR`, applied to JSON output.
    pub jq: Option<String>,
    /// `-o` was given (or `LOCADM_OUTPUT`): errors then also go to stderr as JSON.
    explicit_format: bool,
    stdout: io::Stdout,
    stderr_is_terminal: bool,
    stdout_is_terminal: bool,
    colour: bool,
}

impl Printer {
    /// The printer for this process: `format` when given, else a table on a terminal
    /// and JSON in a pipe.
    pub fn new(
        format: Option<OutputFormat>,
        quiet: bool,
        verbose: bool,
        jq: Option<String>,
    ) -> Printer {
        let stdout_is_terminal = io::stdout().is_terminal();
        let stderr_is_terminal = io::stderr().is_terminal();
        let colour =
            stderr_is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let explicit_format = matches!(format, Some(OutputFormat::Json | OutputFormat::Ndjson));
        // A jq filter only makes sense on JSON, so it turns a table into JSON.
        let format = match (format, &jq) {
            (Some(OutputFormat::Table) | None, Some(_)) => OutputFormat::Json,
            (Some(format), _) => format,
            (None, None) if stdout_is_terminal => OutputFormat::Table,
            (None, None) => OutputFormat::Json,
        };
        Printer {
            explicit_format,
            format,
            jq,
            quiet,
            verbose,
            stdout: io::stdout(),
            stderr_is_terminal,
            stdout_is_terminal,
            colour,
        }
    }

    pub fn stdout_is_terminal(&self) -> bool {
        self.stdout_is_terminal
    }

    pub fn stderr_is_terminal(&self) -> bool {
        self.stderr_is_terminal
    }

    /// Writes one line of data to stdout.
    pub fn line(&self, text: &str) -> io::Result<()> {
        let mut out = self.stdout.lock();
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")
    }

    /// Writes a serializable value as JSON (pretty) or one NDJSON line.
    pub fn json<T: Serialize + ?Sized>(&self, value: &T) -> io::Result<()> {
        let text = if self.format == OutputFormat::Ndjson {
            serde_json::to_string(value)
        } else {
            serde_json::to_string_pretty(value)
        }
        .map_err(io::Error::other)?;
        self.line(&text)
    }

    /// True when data should be rendered as a table for people.
    pub fn wants_table(&self) -> bool {
        self.format == OutputFormat::Table && !self.quiet
    }

    /// Prints a body from the service as it came (`json`), as one line (`ndjson`), or
    /// through the `--jq` filter, whose string results are printed raw.
    pub fn body(&self, body: &[u8]) -> Result<()> {
        if let Some(code) = &self.jq {
            for result in jq::run(code, body)? {
                match serde_json::from_str::<String>(&result) {
                    Ok(text) => self.line(&text)?,
                    Err(_) if self.format == OutputFormat::Ndjson => self.line(&result)?,
                    Err(_) => {
                        let value: serde_json::Value = serde_json::from_str(&result)
                            .map_err(|e| Error::other(e.to_string()))?;
                        self.json(&value)?
                    }
                }
            }
            return Ok(());
        }
        match self.format {
            OutputFormat::Ndjson => {
                let mut compact = Vec::with_capacity(body.len());
                let mut de = serde_json::Deserializer::from_slice(body);
                let mut ser = serde_json::Serializer::new(&mut compact);
                match serde_transcode::transcode(&mut de, &mut ser) {
                    Ok(()) => self.line(&String::from_utf8_lossy(&compact))?,
                    Err(_) => self.line(&String::from_utf8_lossy(body))?,
                }
            }
            _ => {
                let text = String::from_utf8_lossy(body);
                self.line(text.trim_end())?
            }
        }
        Ok(())
    }

    /// A vertical field/value table fitted to the terminal width; server text is made
    /// safe for the terminal first.
    pub fn field_table(&self, rows: &[(&str, String)]) -> io::Result<()> {
        let mut table = Table::new();
        table
            .load_preset(presets::UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic);
        if !self.stdout_is_terminal {
            table.force_no_tty();
        }
        for (field, value) in rows {
            table.add_row(vec![Cell::new(field), Cell::new(sanitize(value))]);
        }
        self.line(&table.to_string())
    }

    /// A table with a header row, fitted to the terminal width; cells are made safe for
    /// the terminal first.
    pub fn table(&self, header: &[&str], rows: &[Vec<String>]) -> io::Result<()> {
        let mut table = Table::new();
        table
            .load_preset(presets::UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_header(header.iter().map(Cell::new));
        if !self.stdout_is_terminal {
            table.force_no_tty();
        }
        for row in rows {
            table.add_row(row.iter().map(|c| Cell::new(sanitize(c))));
        }
        self.line(&table.to_string())
    }

    /// A message on stderr: `prefix: text`.
    fn message(&self, prefix: &str, colour: &str, text: &str) {
        let prefix = if self.colour {
            format!("\x1b[{colour}m{prefix}\x1b[0m")
        } else {
            prefix.to_owned()
        };
        let _ = writeln!(io::stderr().lock(), "{prefix}: {text}");
    }

    pub fn warning(&self, text: &str) {
        self.message("warning", "1;33", text);
    }

    pub fn hint(&self, text: &str) {
        self.message("hint", "1;36", text);
    }

    /// A line of detail on stderr that belongs to an error (a problem of a record), shown
    /// even with `--quiet`.
    pub fn detail(&self, text: &str) {
        let _ = writeln!(io::stderr().lock(), "{text}");
    }

    /// A note for people on stderr (a summary, what was done); silent with `--quiet`.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            let _ = writeln!(io::stderr().lock(), "{text}");
        }
    }

    /// The HTTP exchange and other diagnostics, only with `--verbose`.
    pub fn debug(&self, text: &str) {
        if self.verbose {
            let _ = writeln!(io::stderr().lock(), "{text}");
        }
    }

    /// The `--verbose` diagnostics as a sink that outlives a borrow of the printer (the
    /// auth session logs its keyring and token decisions through it).
    pub fn debug_sink(&self) -> std::sync::Arc<dyn Fn(&str) + Send + Sync> {
        let verbose = self.verbose;
        std::sync::Arc::new(move |text: &str| {
            if verbose {
                let _ = writeln!(io::stderr().lock(), "{text}");
            }
        })
    }

    /// Reports the error a command ended with: one sentence, then a hint. With `-o json`
    /// it is also written to stderr as one JSON object, for scripts.
    pub fn error(&self, error: &Error) {
        let message = error.to_string();
        if !message.is_empty() {
            self.message("error", "1;31", &message);
        }
        if let Some(hint) = error.hint() {
            self.hint(hint);
        }
        if self.explicit_format {
            let status = error.status();
            let property = match error {
                Error::Rejected { property, .. } => property.clone(),
                _ => None,
            };
            let object = serde_json::json!({
                "error": {
                    "code": error.code(),
                    "exit": error.exit() as u8,
                    "status": status,
                    "message": message,
                    "property": property,
                }
            });
            let _ = writeln!(io::stderr().lock(), "{object}");
        }
    }
}

/// Neutralises control characters and terminal escape sequences in text that came from a
/// server or a file, so that it cannot move the cursor, change colours or set the title.
pub fn sanitize(text: &str) -> String {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.to_owned();
    }
    text.chars()
        .map(|c| match c {
            '\n' => "\n".to_owned(),
            '\t' => "    ".to_owned(),
            c if c.is_control() => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn escape_sequences_are_neutralised() {
        let hostile = "Shop\x1b]0;pwned\x07\x1b[2J";
        let shown = sanitize(hostile);
        assert!(!shown.contains('\x1b'));
        assert!(!shown.contains('\x07'));
        assert!(shown.starts_with("Shop"));
        assert_eq!(sanitize("Zürich 🏪"), "Zürich 🏪");
    }
}
