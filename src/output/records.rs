//! A stream of records on stdout: bulk results, validation findings, exported locations.
//! Records are printed as they come, so memory stays flat however many there are:
//!
//! - `-o ndjson`: one compact line a record; `--jq` runs on each record (as `jq -c` on a
//!   stream of values).
//! - `-o json`: one JSON array, one record a line; `--jq` runs on the whole array, which
//!   is then held until the end (the filter needs it whole). The array is closed even when
//!   the run stops early, so stdout is always one JSON document (`[]` when empty).
//! - `-q`: the record's id, one a line (records without an id print nothing).
//! - table: the rows a record kind chooses to show (failures, say), as one table at the end.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;

use serde::Serialize;

use super::jq;
use crate::cli::OutputFormat;
use crate::error::{Error, Result};

/// What a stream of records needs to know of each record.
pub trait Record: Serialize {
    /// The header of the table of [`Human::Row`]s.
    const HEADER: &'static [&'static str] = &[];
    /// The id printed with `-q`.
    fn id(&self) -> Option<&str> {
        None
    }
    /// How the record shows in table output, for people.
    fn human(&self) -> Human;
    /// Writes the JSON `serde_json` writes for the record, where the record knows a
    /// quicker way for its common form (`Ok(false)`: not this one, serde writes it). A
    /// bulk run writes a result for every record, and serde's way was 5% of the send
    /// phase's instructions.
    fn write_json(&self, _out: &mut impl Write) -> io::Result<bool> {
        Ok(false)
    }
}

/// A record in table output.
pub enum Human {
    /// A line of its own, printed at once (made safe for the terminal).
    Line(String),
    /// A row of the table printed at the end.
    Row(Vec<String>),
    /// Not shown (it is counted in the summary on stderr).
    Hidden,
}

pub struct RecordSink {
    format: OutputFormat,
    quiet: bool,
    jq: Option<Arc<jq::Filter>>,
    out: BufWriter<io::Stdout>,
    /// A record's JSON as its own writer makes it, kept from record to record.
    line: Vec<u8>,
    /// Records printed so far.
    count: usize,
    /// `-o json` with `--jq`: the array, held for the filter.
    held: Vec<u8>,
    rows: Vec<Vec<String>>,
    finished: bool,
    stdout_is_terminal: bool,
    /// The header of the table, from the kind of the records pushed.
    header: &'static [&'static str],
}

impl RecordSink {
    pub(super) fn new(
        format: OutputFormat,
        quiet: bool,
        jq: Option<Arc<jq::Filter>>,
    ) -> RecordSink {
        RecordSink {
            format,
            quiet,
            jq,
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            line: Vec::new(),
            count: 0,
            held: Vec::new(),
            rows: Vec::new(),
            finished: false,
            stdout_is_terminal: std::io::IsTerminal::is_terminal(&io::stdout()),
            header: &[],
        }
    }

    /// Prints one record (it may wait in a buffer: see [`RecordSink::flush`]).
    pub fn push<R: Record>(&mut self, record: &R) -> Result<()> {
        if self.quiet && self.jq.is_none() {
            if let Some(id) = record.id() {
                writeln!(self.out, "{}", super::sanitize(id))?;
            }
            return Ok(());
        }
        match (self.format, &self.jq) {
            (OutputFormat::Table, None) => match record.human() {
                Human::Line(line) => writeln!(self.out, "{}", super::sanitize(&line))?,
                Human::Row(row) => {
                    self.header = R::HEADER;
                    self.rows.push(row);
                }
                Human::Hidden => {}
            },
            (OutputFormat::Ndjson, Some(filter)) => {
                let (text, filter) = (to_json(record)?, Arc::clone(filter));
                self.write_filtered(&filter, &text)?;
            }
            (_, Some(_)) => {
                self.held
                    .extend_from_slice(if self.count == 0 { b"[" } else { b"," });
                serde_json::to_writer(&mut self.held, record).map_err(json_error)?;
            }
            (OutputFormat::Ndjson, None) => {
                self.write_json(record)?;
                self.out.write_all(b"\n")?;
            }
            (_, None) => {
                self.out
                    .write_all(if self.count == 0 { b"[\n  " } else { b",\n  " })?;
                self.write_json(record)?;
            }
        }
        self.count += 1;
        Ok(())
    }

    /// Hands what is buffered to stdout (a reader of the pipe sees progress).
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    pub fn count(&self) -> usize {
        self.count
    }

    /// Ends the stream: closes the JSON array, runs a held `--jq`, prints the table.
    pub fn finish(mut self) -> Result<()> {
        self.finished = true;
        self.close()
    }

    fn close(&mut self) -> Result<()> {
        if self.quiet && self.jq.is_none() {
            return Ok(self.out.flush()?);
        }
        match (self.format, &self.jq) {
            (OutputFormat::Table, None) => {
                if !self.rows.is_empty() {
                    let table = super::table::render_table(
                        self.header,
                        &self.rows,
                        self.stdout_is_terminal,
                    );
                    writeln!(self.out, "{table}")?;
                }
            }
            (OutputFormat::Ndjson, _) => {}
            (_, Some(filter)) => {
                if self.count == 0 {
                    self.held.push(b'[');
                }
                self.held.push(b']');
                let filter = filter.clone();
                let held = std::mem::take(&mut self.held);
                self.write_filtered(&filter, &held)?;
            }
            (_, None) => {
                self.out
                    .write_all(if self.count == 0 { b"[]\n" } else { b"\n]\n" })?;
            }
        }
        Ok(self.out.flush()?)
    }
}

impl RecordSink {
    /// The record as JSON: made in `line` (a record's own writer writes many small
    /// pieces, each a call into the `BufWriter`), then written at once.
    fn write_json<R: Record>(&mut self, record: &R) -> Result<()> {
        self.line.clear();
        if record.write_json(&mut self.line)? {
            self.out.write_all(&self.line)?;
        } else {
            serde_json::to_writer(&mut self.out, record).map_err(json_error)?;
        }
        Ok(())
    }

    /// Runs `--jq` on `json` and writes its results.
    fn write_filtered(&mut self, filter: &jq::Filter, json: &[u8]) -> Result<()> {
        for result in filter.run(json)? {
            super::json::write_jq_result(
                &mut self.out,
                &result,
                self.format,
                self.stdout_is_terminal,
            )?;
        }
        Ok(())
    }
}

/// A stream dropped before `finish` (an error stopped the command) still leaves one JSON
/// document on stdout: the array is closed over what was printed.
impl Drop for RecordSink {
    fn drop(&mut self) {
        if !self.finished {
            self.finished = true;
            let _ = self.close();
        }
    }
}

fn to_json<R: Serialize>(record: &R) -> Result<Vec<u8>> {
    serde_json::to_vec(record).map_err(json_error)
}

fn json_error(e: serde_json::Error) -> Error {
    if e.is_io() {
        Error::from(io::Error::from(e))
    } else {
        Error::other(format!("cannot encode a record as JSON: {e}"))
    }
}
