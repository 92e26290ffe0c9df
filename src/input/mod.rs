//! Reading request bodies from a file or standard input: one body, a JSON array of bodies,
//! or NDJSON. Streamed record by record, so memory stays flat for any input size.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::path::Path;

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, Result};

pub mod csv;
mod ids;

pub use self::csv::CsvOptions;
pub use ids::for_each_id;

/// A bulk input: a file or standard input, JSON (one body, an array, NDJSON) or CSV.
pub struct Source {
    pub path: std::path::PathBuf,
    pub format: crate::cli::InputFormat,
    pub csv: CsvOptions,
}

impl Source {
    /// `format` when given, else CSV for a `.csv` file and JSON for anything else.
    pub fn new(path: &Path, format: Option<crate::cli::InputFormat>, csv: CsvOptions) -> Source {
        use crate::cli::InputFormat;
        let format = format.unwrap_or_else(|| {
            let csv = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
            if csv {
                InputFormat::Csv
            } else {
                InputFormat::Json
            }
        });
        Source {
            path: path.to_owned(),
            format,
            csv,
        }
    }

    /// Calls `each` with every record as JSON text, read once, streamed, or with why a
    /// record cannot be read (a problem of that record: the others are still read).
    pub fn for_each(
        &self,
        mut each: impl FnMut(Position, std::result::Result<&str, String>),
    ) -> Result<()> {
        let reader = open(&self.path)?;
        match self.format {
            crate::cli::InputFormat::Json => for_each_input(reader, each),
            crate::cli::InputFormat::Csv => {
                self::csv::for_each_row(reader, &self.csv, |position, text| {
                    each(position, Ok(text))
                })
            }
        }
    }
}

/// Where a record stands in its input, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Position {
    /// The only body of the input.
    Whole,
    /// NDJSON: 1-based line number.
    Line(usize),
    /// JSON array: 0-based index.
    Index(usize),
}

impl Position {
    /// The NDJSON line number, for a result's `line`.
    pub fn line(self) -> Option<usize> {
        match self {
            Position::Line(n) => Some(n),
            _ => None,
        }
    }

    /// The JSON array index, for a result's `index`.
    pub fn index(self) -> Option<usize> {
        match self {
            Position::Index(i) => Some(i),
            _ => None,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Whole => f.write_str("body"),
            Position::Line(n) => write!(f, "line {n}"),
            Position::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// The largest single (non-NDJSON, non-array) body read into memory.
const MAX_SINGLE_BODY: u64 = 64 << 20;

/// Opens `path` for reading; `-` is standard input.
pub fn open(path: &Path) -> Result<Box<dyn BufRead>> {
    if path == Path::new("-") {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    match File::open(path) {
        Ok(file) => Ok(Box::new(BufReader::with_capacity(1 << 16, file))),
        Err(e) => Err(Error::usage(format!(
            "cannot read `{}`: {e}",
            path.display()
        ))),
    }
}

/// Reads a whole single body (for create, update and provider update).
pub fn read_body(path: &Path) -> Result<String> {
    let mut text = String::new();
    open(path)?
        .take(MAX_SINGLE_BODY + 1)
        .read_to_string(&mut text)
        .map_err(|e| Error::usage(format!("cannot read `{}`: {e}", path.display())))?;
    if text.len() as u64 > MAX_SINGLE_BODY {
        return Err(Error::usage(format!(
            "`{}` is larger than {} MiB; one body is expected",
            path.display(),
            MAX_SINGLE_BODY >> 20
        )));
    }
    Ok(strip_bom(&text).to_owned())
}

fn strip_bom(s: &str) -> &str {
    s.strip_prefix('\u{feff}').unwrap_or(s)
}

/// Calls `each` with every record of the input, in order, with its position.
///
/// The format is told from the start: `[` is a JSON array; a first line that is a whole
/// JSON value (or looks like a one-line object) is NDJSON; anything else is one body. A
/// record that is not valid JSON is passed on as it is, for the caller to report; an
/// array whose syntax breaks is an error of the whole input. An NDJSON line that is not
/// UTF-8 text is left out here (see [`for_each_input`], which reports it).
pub fn for_each_record(reader: impl BufRead, mut each: impl FnMut(Position, &str)) -> Result<()> {
    try_for_each_record(reader, |position, text| {
        each(position, text);
        ControlFlow::Continue(())
    })
}

/// [`for_each_record`] that stops reading as soon as `each` says `Break` (a bulk run
/// that is interrupted must not read the rest of a large input first).
pub fn try_for_each_record(
    reader: impl BufRead,
    mut each: impl FnMut(Position, &str) -> ControlFlow<()>,
) -> Result<()> {
    try_for_each_input(reader, |position, record| match record {
        Ok(text) => each(position, text),
        Err(_) => ControlFlow::Continue(()),
    })
}

/// Every record as [`for_each_record`] reads it, or why one cannot be read (an NDJSON
/// line that is not UTF-8 text): a problem of that record alone, and every other record
/// is still read.
pub fn for_each_input(
    reader: impl BufRead,
    mut each: impl FnMut(Position, std::result::Result<&str, String>),
) -> Result<()> {
    try_for_each_input(reader, |position, record| {
        each(position, record);
        ControlFlow::Continue(())
    })
}

fn try_for_each_input(
    mut reader: impl BufRead,
    mut each: impl FnMut(Position, std::result::Result<&str, String>) -> ControlFlow<()>,
) -> Result<()> {
    skip_bom(&mut reader)?;
    let first = loop {
        let buf = reader.fill_buf()?;
        match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(at) => {
                let byte = buf[at];
                break Some(byte);
            }
            None if buf.is_empty() => break None,
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    };
    match first {
        None => Err(Error::usage("the input is empty: no body to read")),
        Some(b'[') => each_array_element(reader, |position, text| each(position, Ok(text))),
        Some(_) => {
            let mut line = Vec::new();
            let mut number = 0;
            // Leading blank lines were consumed above only up to a buffer's worth; count
            // lines from what is left.
            loop {
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                number += 1;
                if !line.trim_ascii().is_empty() {
                    break;
                }
            }
            let first_is_ndjson = match std::str::from_utf8(&line) {
                Ok(text) => is_ndjson_line(text.trim()),
                // Not text: a line of its own, reported as such.
                Err(_) => true,
            };
            if !first_is_ndjson {
                // One body over several lines.
                let mut text =
                    String::from_utf8(std::mem::take(&mut line)).expect("checked just above");
                reader.take(MAX_SINGLE_BODY).read_to_string(&mut text)?;
                let _ = each(Position::Whole, Ok(text.trim()));
                return Ok(());
            }
            loop {
                let record = std::str::from_utf8(&line).map(str::trim).map_err(|e| {
                    format!(
                        "not UTF-8 text (an invalid byte at offset {} of the line)",
                        e.valid_up_to()
                    )
                });
                let blank = record.as_ref().is_ok_and(|t| t.is_empty());
                if !blank && each(Position::Line(number), record).is_break() {
                    return Ok(());
                }
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                number += 1;
            }
        }
    }
}

fn skip_bom(reader: &mut impl BufRead) -> io::Result<()> {
    let buf = reader.fill_buf()?;
    if buf.starts_with(b"\xEF\xBB\xBF") {
        reader.consume(3);
    }
    Ok(())
}

/// A line is taken as NDJSON when it is a whole JSON value, or when it opens and closes an
/// object on one line (a malformed record among others, to be reported by its line).
fn is_ndjson_line(line: &str) -> bool {
    (line.starts_with('{') && line.ends_with('}'))
        || serde_json::from_str::<serde::de::IgnoredAny>(line).is_ok()
}

fn each_array_element(
    reader: impl BufRead,
    mut each: impl FnMut(Position, &str) -> ControlFlow<()>,
) -> Result<()> {
    struct Elements<'f, F>(&'f mut F, &'f mut bool);
    impl<'de, F: FnMut(Position, &str) -> ControlFlow<()>> Visitor<'de> for Elements<'_, F> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a JSON array of bodies")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            let mut index = 0;
            while let Some(raw) = seq.next_element::<Box<RawValue>>()? {
                if (self.0)(Position::Index(index), raw.get()).is_break() {
                    *self.1 = true;
                    // serde_json then reports the rest as an error, which is ignored.
                    return Ok(());
                }
                index += 1;
            }
            Ok(())
        }
    }
    let mut stopped = false;
    let mut de = serde_json::Deserializer::from_reader(reader);
    let result = de
        .deserialize_seq(Elements(&mut each, &mut stopped))
        .and_then(|()| de.end());
    match result {
        Err(_) if stopped => Ok(()),
        result => {
            result.map_err(|e| Error::usage(format!("the input is not a valid JSON array: {e}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &str) -> Result<Vec<(Position, String)>> {
        let mut out = Vec::new();
        for_each_record(input.as_bytes(), |p, t| out.push((p, t.to_owned())))?;
        Ok(out)
    }

    #[test]
    fn formats_are_told_apart() {
        let ndjson = records("{\"a\":1}\r\n\n{\"b\":2}\n").unwrap();
        assert_eq!(ndjson[0], (Position::Line(1), "{\"a\":1}".into()));
        assert_eq!(ndjson[1], (Position::Line(3), "{\"b\":2}".into()));

        let array = records("\u{feff} [ {\"a\":1}, {\"b\":2} ]").unwrap();
        assert_eq!(array[1], (Position::Index(1), "{\"b\":2}".into()));

        let single = records("{\n  \"a\": 1\n}\n").unwrap();
        assert_eq!(single, vec![(Position::Whole, "{\n  \"a\": 1\n}".into())]);
    }

    #[test]
    fn reading_stops_when_told() {
        for input in [
            "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n",
            "[{\"a\":1},{\"a\":2},{\"a\":3}]",
        ] {
            let mut seen = 0;
            try_for_each_record(input.as_bytes(), |_, _| {
                seen += 1;
                if seen == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
            assert_eq!(seen, 2, "{input}");
        }
    }

    #[test]
    fn a_broken_ndjson_line_is_a_record_and_an_empty_input_an_error() {
        let r = records("{\"a\":1}\n{\"b\":}\n").unwrap();
        assert_eq!(r[1].0, Position::Line(2));
        assert!(records("  \n").is_err());
        assert!(records("[{\"a\":1},").is_err());
    }
}
