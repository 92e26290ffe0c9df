//! The one printer: every byte a command writes goes through here. Data goes to stdout,
//! messages (errors, warnings, hints, summaries) to stderr. It knows the output format,
//! whether each stream is a terminal, whether colour is allowed and whether a person may
//! be asked something; `Cargo.toml`'s clippy lints keep writes and `exit` out of every
//! other module.
//!
//! JSON has one path and one shape: every value a command prints as JSON, whether a
//! service body or a value of the tool's own, goes through [`Printer::json`] or
//! [`Printer::body`], which apply `--jq`, then print pretty at a terminal (`-o json`) and
//! one compact line otherwise. Streams of records (bulk results, validation findings) go
//! through [`records::RecordSink`], which prints each record as one alone is printed.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::disallowed_methods)]

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use serde::Serialize;

use locadm_client::error::{Error, Kind, Result};

mod answer;
pub(crate) mod editor;
pub(crate) mod jq;
pub(crate) mod json;
mod messages;
pub(crate) mod progress;
pub(crate) mod prompt;
pub(crate) mod records;
pub(crate) mod sheet;
mod table;

use json::{compact, write_jq_result};
pub(crate) use messages::{note_reading_terminal, Messages, Verbose};
pub(crate) use progress::Progress;
pub(crate) use records::{Human, Record, RecordSink};
use table::render_table;

/// `--color`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Table,
    Json,
    Ndjson,
    /// A header row, then a row a record, in the columns `--file` reads
    Csv,
    /// A workbook (Office Open XML) of one sheet, as `csv`; not to a terminal
    Xlsx,
}

impl OutputFormat {
    /// `csv` or `xlsx`: a sheet of rows.
    pub fn is_sheet(self) -> bool {
        matches!(self, OutputFormat::Csv | OutputFormat::Xlsx)
    }
}

pub struct Printer {
    pub format: OutputFormat,
    pub quiet: bool,
    messages: Messages,
    verbose: Verbose,
    /// `--jq EXPR`, compiled once, applied to JSON output.
    jq: Option<Arc<jq::Filter>>,
    /// `--columns`: the columns of `csv` and table output.
    columns: Option<Vec<String>>,
    stderr_is_terminal: bool,
    stdout_is_terminal: bool,
}

impl Printer {
    /// The printer for this process: `format` when given, else a table on a terminal
    /// and JSON in a pipe. A `--jq` filter that does not compile is a usage error.
    pub fn new(
        format: Option<OutputFormat>,
        quiet: bool,
        verbose: bool,
        jq: Option<&str>,
        color: ColorWhen,
        columns: Option<Vec<String>>,
    ) -> Result<Printer> {
        let stdout_is_terminal = io::stdout().is_terminal();
        let stderr_is_terminal = io::stderr().is_terminal();
        // The one colour switch of stderr: console's, which the messages, the prompts
        // (dialoguer, rustyline) and the progress bar (indicatif) all read.
        console::set_colors_enabled_stderr(colour_on(color));
        let explicit_format = matches!(format, Some(OutputFormat::Json | OutputFormat::Ndjson));
        // A jq filter only makes sense on JSON, so it turns a table into JSON.
        let format = match (format, jq) {
            (Some(OutputFormat::Table) | None, Some(_)) => OutputFormat::Json,
            (Some(format), _) => format,
            (None, None) if stdout_is_terminal => OutputFormat::Table,
            (None, None) => OutputFormat::Json,
        };
        if quiet && jq.is_some() {
            return Err(Error::usage(
                "`--jq` and `-q` both choose what is printed; give one of them",
            )
            .with_hint("`-q` prints ids; `--jq .id` does the same through a filter"));
        }
        if format == OutputFormat::Xlsx && stdout_is_terminal {
            return Err(
                Error::usage("`-o xlsx` writes a workbook, which a terminal cannot show")
                    .with_hint("send it to a file: `-o xlsx > stores.xlsx`"),
            );
        }
        if format.is_sheet() && jq.is_some() {
            return Err(Error::usage(format!(
                "`--jq` filters JSON, and `-o {}` is not JSON; give one of them",
                format_name(format)
            ))
            .with_hint("`--columns a,b,c` chooses the columns of a sheet"));
        }
        if let Some(columns) = &columns {
            if matches!(format, OutputFormat::Json | OutputFormat::Ndjson) {
                return Err(Error::usage(
                    "`--columns` chooses the columns of `csv`, `xlsx` and table output, not of JSON",
                )
                .with_hint("`--jq '{id, storeId}'` chooses the members of JSON"));
            }
            sheet::check_columns(columns)?;
        }
        let jq = jq.map(jq::Filter::new).transpose()?.map(Arc::new);
        // JSON on stderr is for a program reading it: a person at a terminal who asked
        // for JSON records reads lines (a screen of `{"note":…}` objects read badly).
        let json_stderr = explicit_format && !stderr_is_terminal;
        Ok(Printer {
            format,
            jq,
            columns,
            quiet,
            messages: Messages {
                quiet,
                discard: false,
                json: json_stderr,
            },
            verbose: if json_stderr {
                Verbose::new(verbose).as_json()
            } else {
                Verbose::new(verbose)
            },
            stderr_is_terminal,
            stdout_is_terminal,
        })
    }

    /// A printer for when the command line could not be turned into one: plain text, so
    /// that the error that stopped it can still be reported.
    pub fn fallback() -> Printer {
        console::set_colors_enabled_stderr(false);
        Printer {
            format: OutputFormat::Json,
            quiet: false,
            messages: Messages {
                quiet: false,
                discard: false,
                json: false,
            },
            verbose: Verbose::new(false),
            jq: None,
            columns: None,
            stderr_is_terminal: io::stderr().is_terminal(),
            stdout_is_terminal: io::stdout().is_terminal(),
        }
    }

    pub fn stdout_is_terminal(&self) -> bool {
        self.stdout_is_terminal
    }

    pub fn stderr_is_terminal(&self) -> bool {
        self.stderr_is_terminal
    }

    /// The `--verbose` channel.
    pub fn verbose(&self) -> Verbose {
        self.verbose
    }

    /// Whether a person may be asked: stdin and stderr are terminals and `CI` is unset.
    /// Otherwise a command fails and names the flag that replaces the question.
    pub fn can_prompt(&self) -> bool {
        prompt::can_prompt()
    }

    /// Writes one line of data to stdout.
    pub fn line(&self, text: &str) -> io::Result<()> {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")
    }

    /// A manual page, through `man` where it is installed, at a terminal or in a pipe;
    /// else `plain` (the same text, without roff) to stdout.
    pub(crate) fn manual(&self, page: &[u8], plain: &str) -> Result<()> {
        // `man` shows the page: at a terminal through its pager, in a pipe as plain text
        // (it formats without a pager or escapes when stdout is no terminal). Only where
        // `man` is missing or fails is the page's text clap's long help instead.
        let file = tempfile::Builder::new()
            .suffix(".1")
            .tempfile()
            .and_then(|mut file| file.write_all(page).map(|()| file))
            .map_err(|e| Error::other("cannot write the manual page").with_source(e))?;
        match std::process::Command::new("man")
            .arg("-l")
            .arg(file.path())
            .status()
        {
            Ok(status) if status.success() => Ok(()),
            _ => Ok(self.line(plain.trim_end())?),
        }
    }

    /// Generated text (completion scripts) straight to stdout.
    pub fn raw(&self, write: impl FnOnce(&mut dyn Write)) -> io::Result<()> {
        let mut out = io::stdout().lock();
        write(&mut out);
        out.flush()
    }

    /// Prints a value of the tool's own as JSON: through `--jq` when given, else pretty
    /// (`-o json` at a terminal) or as one line.
    pub fn json<T: Serialize + ?Sized>(&self, value: &T) -> Result<()> {
        let text = serde_json::to_vec(value).map_err(|e| Error::other(e.to_string()))?;
        if self.jq.is_some() || self.pretty_json() || self.format.is_sheet() {
            return self.body(&text);
        }
        // serde writes one compact line already: no second pass through jaq's writer.
        Ok(self.line(&String::from_utf8_lossy(&text))?)
    }

    /// Whether JSON is printed pretty: `-o json` at a terminal. Elsewhere every JSON
    /// value is one line, for one record or many.
    fn pretty_json(&self) -> bool {
        self.format == OutputFormat::Json && self.stdout_is_terminal
    }

    /// True when data should be rendered as a table for people.
    pub fn wants_table(&self) -> bool {
        self.format == OutputFormat::Table && !self.quiet
    }

    /// True when records are printed as rows of a sheet: `-o csv`, or `--columns`
    /// at a table; a command printing one record then pushes it through
    /// [`Printer::records`], so that one record and many come out alike.
    pub fn wants_rows(&self) -> bool {
        !self.quiet
            && (self.format.is_sheet()
                || (self.format == OutputFormat::Table && self.columns.is_some()))
    }

    /// Prints a body from the service (or a value of the tool's own): through `--jq`
    /// when given, else pretty at a terminal or as one line, members and numbers as
    /// written.
    pub fn body(&self, body: &[u8]) -> Result<()> {
        if self.jq.is_some() {
            return self.filtered(body);
        }
        if self.format.is_sheet() {
            // One record as a sheet of one row.
            let value: Box<serde_json::value::RawValue> = serde_json::from_slice(body)
                .map_err(|e| Error::other("cannot print a body that is not JSON").with_source(e))?;
            let mut sink = self.records();
            // A list (`config profiles`) is a row an element.
            match serde_json::from_str::<Vec<Box<serde_json::value::RawValue>>>(value.get()) {
                Ok(elements) => {
                    for element in elements {
                        sink.push(&records::Value(element))?;
                    }
                }
                Err(_) => sink.push(&records::Value(value))?,
            }
            return sink.finish();
        }
        if self.pretty_json() {
            self.line(&json::pretty(body))?;
        } else {
            self.line(&compact(body))?;
        }
        Ok(())
    }

    /// Runs `--jq` on `json` and prints each result: strings raw (as jq's `-r` and gh's
    /// `--jq` do), other values pretty or as one line by the output format.
    fn filtered(&self, json: &[u8]) -> Result<()> {
        let filter = self.jq.as_deref().expect("callers check for a filter");
        let mut out = io::stdout().lock();
        for result in filter.run(json)? {
            write_jq_result(
                &mut out,
                &result,
                self.pretty_json(),
                self.stdout_is_terminal,
            )?;
        }
        Ok(())
    }

    /// A stream of records (bulk results, findings, exported locations) printed as they
    /// come: each record as one alone is printed (`records.rs`), an id each with `-q`, or
    /// table rows at the end.
    pub fn records(&self) -> RecordSink {
        RecordSink::new(
            self.format,
            self.quiet,
            self.jq.clone(),
            self.columns.clone(),
            self.messages,
        )
    }

    /// A vertical field/value table fitted to the terminal width; server text is made
    /// safe for the terminal first.
    pub fn field_table(&self, rows: &[(&str, String)]) -> io::Result<()> {
        self.line(&table::field_table(rows, self.stdout_is_terminal))
    }

    /// A table with a header row, fitted to the terminal width; cells are made safe for
    /// the terminal first.
    pub fn table(&self, header: &[&str], rows: &[Vec<String>]) -> io::Result<()> {
        self.line(&render_table(header, rows, self.stdout_is_terminal))
    }

    /// The stderr channel for people, as a handle that outlives a borrow of the printer.
    /// Where the API client says what it does: its trace on the `--verbose` channel,
    /// its notes with the other messages.
    pub(crate) fn observer(&self) -> std::sync::Arc<dyn locadm_client::Observer> {
        std::sync::Arc::new(messages::ClientLines {
            verbose: self.verbose,
            messages: self.messages,
        })
    }

    /// Where the API client prints with `--curl`: a command line a line on stdout.
    pub(crate) fn curl_out(&self) -> std::sync::Arc<dyn locadm_client::api::CurlOut> {
        std::sync::Arc::new(CurlLines)
    }

    pub fn messages(&self) -> Messages {
        self.messages
    }

    pub fn warning(&self, text: &str) {
        self.messages.warning(text);
    }

    pub fn hint(&self, text: &str) {
        self.messages.hint(text);
    }

    /// A line of detail on stderr that belongs to an error (a problem of a record), shown
    /// even with `--quiet`.
    pub fn detail(&self, text: &str) {
        self.messages.detail(text);
    }

    /// A note for people on stderr (a summary, what was done); silent with `--quiet`.
    pub fn note(&self, text: &str) {
        self.messages.note(text);
    }

    /// The HTTP exchange and other diagnostics, only with `--verbose`.
    pub fn debug(&self, text: &str) {
        self.verbose.line(text);
    }

    /// A progress bar on stderr for `total` items, drawn only at a terminal and without
    /// `--quiet`.
    pub fn progress(&self, total: usize) -> progress::Progress {
        progress::Progress::new(total, self.stderr_is_terminal && !self.quiet)
    }

    /// Reports the error a command ended with: one sentence, then a hint. With `-o json`
    /// or `-o ndjson` it is one JSON object instead (stderr carries JSON alone then).
    pub fn error(&self, error: &Error) {
        if matches!(
            error.kind(),
            Kind::ClosedPipe | Kind::Interrupted | Kind::Printed
        ) {
            return;
        }
        let message = error.to_string();
        if self.messages.json() {
            let property = match error.kind() {
                Kind::Rejected { property, .. } => property.clone(),
                _ => None,
            };
            let object = serde_json::json!({
                "error": {
                    "code": error.code(),
                    "exit": error.exit() as u8,
                    "status": error.status(),
                    "message": message,
                    "property": property,
                    "problems": error.problems(),
                    "failed": error.failed(),
                    "causes": error.causes(),
                    "hint": error.hint(),
                }
            });
            let _ = writeln!(io::stderr().lock(), "{object}");
            return;
        }
        if !message.is_empty() {
            self.messages.error(&message);
        }
        for cause in error.causes() {
            self.messages.detail(&format!("  caused by: {cause}"));
        }
        if let Some(hint) = error.hint() {
            self.hint(hint);
        }
    }
}

/// `--curl`'s command lines, on stdout as they are printed (a bulk run's lines are
/// there before its summary).
struct CurlLines;

impl locadm_client::api::CurlOut for CurlLines {
    fn command(&self, line: &str) -> io::Result<()> {
        let mut out = io::stdout().lock();
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")?;
        out.flush()
    }
}

/// Whether the messages on stderr are coloured: `--color always` or `never`, else
/// anstream's reading of the terminal and of `NO_COLOR`, `CLICOLOR` and `CLICOLOR_FORCE`,
/// with `FORCE_COLOR` (force-color.org: set and not empty) beside `CLICOLOR_FORCE`.
fn colour_on(when: ColorWhen) -> bool {
    use anstream::ColorChoice;
    let forced = std::env::var_os("FORCE_COLOR").is_some_and(|v| !v.is_empty())
        && !anstyle_query::no_color();
    let choice = match when {
        ColorWhen::Always => ColorChoice::Always,
        ColorWhen::Never => ColorChoice::Never,
        ColorWhen::Auto if forced => ColorChoice::Always,
        ColorWhen::Auto => ColorChoice::Auto,
    };
    anstream::AutoStream::new(io::stderr(), choice).current_choice() != ColorChoice::Never
}

/// The name of a format as `-o` takes it.
fn format_name(format: OutputFormat) -> String {
    use clap::ValueEnum;
    format
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned())
}

/// `1 record`, `2 records`: a count with its noun in the right number.
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Ends the process after a second Ctrl-C (the first one asked a run to stop): the
/// terminal is put back first (a prompt or a progress bar may have hidden the cursor),
/// then the exit status is the shell's 128 + SIGINT.
pub(crate) fn exit_interrupted() -> ! {
    exit_after_signal(130)
}

/// Ends the process on a signal that nothing else handles, with the terminal as it was
/// before any prompt on screen, the cursor shown and the shell's prompt on a new line.
#[allow(clippy::exit)]
pub fn exit_after_signal(code: i32) -> ! {
    prompt::restore_terminal();
    if io::stderr().is_terminal() {
        let _ = writeln!(io::stderr());
    }
    prompt::say_interrupted();
    std::process::exit(code)
}

// Defined with the model, whose problems quote text from outside too.
pub(crate) use locadm_model::text::sanitize;

#[cfg(test)]
mod tests {
    use super::sanitize;
    use locadm_model::text::sanitize_line;

    #[test]
    fn escape_sequences_are_neutralised() {
        let hostile = "Shop\x1b]0;pwned\x07\x1b[2J";
        let shown = sanitize(hostile);
        assert!(!shown.contains('\x1b'));
        assert!(!shown.contains('\x07'));
        assert!(shown.starts_with("Shop"));
        assert_eq!(sanitize("Zürich 🏪\nline two"), "Zürich 🏪\nline two");
        assert_eq!(sanitize("a\x1b[2Jb"), "a\\u001b[2Jb");
        assert_eq!(sanitize("\u{9b}31m"), "\\u009b31m");
        assert_eq!(sanitize("evil\u{202e}gnp.exe"), "evil\\u202egnp.exe");
        assert_eq!(sanitize("\r\x07\x7f"), "\\u000d\\u0007\\u007f");
        assert_eq!(sanitize_line("a\nerror: b"), "a\\u000aerror: b");
    }
}
