//! A stream of records on stdout: bulk results, validation findings, exported locations.
//! Records are printed as they come, so memory stays flat however many there are:
//!
//! - JSON (`-o json`, `-o ndjson`): one compact line a record, or at a terminal with
//!   `-o json` each record pretty, as one record alone is printed (the output-shape rule:
//!   the same for one record or many); `--jq` runs on each record (as jq on a stream of
//!   values).
//! - `-q`: the record's id, one a line (records without an id print nothing).
//! - table: the rows a record kind chooses to show (failures, say), as one table at the
//!   end; with `--columns`, those columns of every record.
//! - `-o csv`: a header row, then a row a record as it comes (`sheet.rs`): a location in
//!   the columns `apply --file` reads, a record of the tool's own flattened.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;

use serde::Serialize;

use super::jq;
use super::sheet::{flatten, CsvOut, Sheet, TableOut, XlsxOut};
use super::table::PagedTable;
use super::Messages;
use super::OutputFormat;
use locadm_client::error::{Error, Result};

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
    /// The header of the table this record's row belongs to: [`Record::HEADER`], unless
    /// a kind of record shows as rows of another table (a bulk `get`'s locations). The
    /// first row's decides.
    fn header(&self) -> &'static [&'static str] {
        Self::HEADER
    }
    /// The record as a row of a sheet (`-o csv`, a table with `--columns`): by default
    /// its members, flattened.
    fn sheet(&self) -> Sheet {
        flatten(self)
    }
    /// Not a record of the stream, whatever the output: what to say of it on stderr
    /// instead (a location a bulk `get` could not read, beside those it read: stdout
    /// holds locations only, in a table, a sheet, JSON or ids).
    fn aside(&self) -> Option<String> {
        None
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
    /// Records printed so far.
    count: usize,
    /// The table of the records pushed, drawn a page at a time (its header from their
    /// kind).
    table: Option<PagedTable>,
    finished: bool,
    stdout_is_terminal: bool,
    /// `-o csv`.
    csv: Option<CsvOut>,
    /// `-o xlsx`: written when the stream ends.
    xlsx: Option<XlsxOut>,
    /// A table in `--columns`.
    columns: Option<TableOut>,
    messages: Messages,
}

impl RecordSink {
    pub(super) fn new(
        format: OutputFormat,
        quiet: bool,
        jq: Option<Arc<jq::Filter>>,
        columns: Option<Vec<String>>,
        messages: Messages,
    ) -> RecordSink {
        let table = format == OutputFormat::Table && jq.is_none() && !quiet;
        RecordSink {
            csv: (format == OutputFormat::Csv).then(|| CsvOut::new(columns.clone())),
            xlsx: (format == OutputFormat::Xlsx).then(|| XlsxOut::new(columns.clone())),
            columns: columns.filter(|_| table).map(|chosen| {
                TableOut::new(chosen, std::io::IsTerminal::is_terminal(&io::stdout()))
            }),
            messages,
            format,
            quiet,
            jq,
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            count: 0,
            table: None,
            finished: false,
            stdout_is_terminal: std::io::IsTerminal::is_terminal(&io::stdout()),
        }
    }

    /// Prints one record (it may wait in a buffer: see [`RecordSink::flush`]).
    pub fn push<R: Record>(&mut self, record: &R) -> Result<()> {
        if let Some(text) = record.aside() {
            self.messages.warning(&text);
            return Ok(());
        }
        if self.quiet && self.jq.is_none() {
            if let Some(id) = record.id() {
                writeln!(self.out, "{}", super::sanitize(id))?;
            }
            return Ok(());
        }
        if self.csv.is_some() || self.xlsx.is_some() || self.columns.is_some() {
            let row = record.sheet();
            if let Some(csv) = &mut self.csv {
                csv.push(&row, &mut self.out)?;
            } else if let Some(xlsx) = &mut self.xlsx {
                xlsx.push(&row)?;
            } else if let Some(table) = &mut self.columns {
                table.push(&row, &mut self.out)?;
            }
            self.count += 1;
            return Ok(());
        }
        match (self.format, &self.jq) {
            (OutputFormat::Table, None) => match record.human() {
                Human::Line(line) => writeln!(self.out, "{}", super::sanitize(&line))?,
                Human::Row(row) => {
                    let terminal = self.stdout_is_terminal;
                    self.table
                        .get_or_insert_with(|| {
                            let header = record.header().iter().map(|&n| n.to_owned()).collect();
                            PagedTable::new(header, terminal)
                        })
                        .push(row, &mut self.out)?;
                }
                Human::Hidden => {}
            },
            (_, Some(filter)) => {
                let (text, filter) = (to_json(record)?, Arc::clone(filter));
                self.write_filtered(&filter, &text)?;
            }
            (_, None) if self.pretty() => {
                let text = to_json(record)?;
                writeln!(self.out, "{}", super::json::pretty(&text))?;
            }
            (_, None) => {
                self.write_json(record)?;
                self.out.write_all(b"\n")?;
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

    /// Ends the stream: prints the table, if it is one.
    pub fn finish(mut self) -> Result<()> {
        self.finished = true;
        self.close()
    }

    fn close(&mut self) -> Result<()> {
        if let Some(xlsx) = &mut self.xlsx {
            xlsx.finish(&mut self.out)?;
        } else if let Some(table) = &mut self.columns {
            table.finish(&mut self.out)?;
        } else if let Some(table) = &mut self.table {
            table.finish(&mut self.out)?;
        }
        Ok(self.out.flush()?)
    }

    /// Pretty JSON: `-o json` at a terminal.
    fn pretty(&self) -> bool {
        self.format == OutputFormat::Json && self.stdout_is_terminal
    }
}

impl RecordSink {
    /// The record as JSON, by serde, on one line.
    fn write_json<R: Record>(&mut self, record: &R) -> Result<()> {
        serde_json::to_writer(&mut self.out, record).map_err(json_error)
    }

    /// Runs `--jq` on `json` and writes its results.
    fn write_filtered(&mut self, filter: &jq::Filter, json: &[u8]) -> Result<()> {
        let (pretty, terminal) = (self.pretty(), self.stdout_is_terminal);
        for result in filter.run(json)? {
            super::json::write_jq_result(&mut self.out, &result, pretty, terminal)?;
        }
        Ok(())
    }
}

/// A JSON value of the tool's own or a service's body, as one record.
pub(crate) struct Value(pub Box<serde_json::value::RawValue>);

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl Record for Value {
    fn human(&self) -> Human {
        Human::Line(self.0.get().to_owned())
    }
}

/// A stream dropped before `finish` (an error stopped the command) still prints what it
/// holds: the rows of a table.
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
        Error::other("cannot encode a record as JSON").with_source(e)
    }
}
