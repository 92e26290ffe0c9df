//! Reading request bodies from a file or standard input: one body, a JSON array of bodies,
//! or NDJSON. Streamed record by record, so memory stays flat for any input size.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::path::Path;

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde_json::value::RawValue;

use locadm_client::error::{Error, Result};

pub mod csv;
pub(crate) mod fields;
mod ids;
mod ods;
pub(crate) mod workbook;

pub(crate) use self::csv::CsvOptions;

/// `--format` of a bulk input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// One JSON body a line, a JSON array, or one body (told from the content)
    Json,
    /// A header row of field names, one location a row
    Csv,
    /// The first sheet of a workbook (xlsx, xls, ods), as CSV
    Workbook,
}

pub(crate) use ids::{for_each_id, Named};

/// The largest record read by default (`--max-record-size`): a location with every field
/// at its limit is a few KiB; 1 MiB leaves room for large translations while a broken or
/// hostile line (a file of one 500 MB line) is read past in bounded memory.
pub const DEFAULT_MAX_RECORD: usize = 1 << 20;

/// A bulk input: a file or standard input, JSON (one body, an array, NDJSON) or CSV.
pub(crate) struct Source {
    pub path: std::path::PathBuf,
    pub format: InputFormat,
    pub csv: CsvOptions,
    /// The size limit of one record, in bytes: a longer one is a problem of that record.
    pub max_record: usize,
    /// The encoding a CSV was read in when it was not UTF-8 (told, or detected), once
    /// [`Source::for_each`] read it.
    decoded: std::cell::Cell<Option<&'static encoding_rs::Encoding>>,
    /// The first number of a sheet written with a decimal comma, read without
    /// `--decimal-comma` (a string the rules refuse): where, which field, the cell.
    comma_number: std::cell::RefCell<Option<(Position, &'static str, String)>>,
}

impl Source {
    /// `format` when given, else CSV for a `.csv` file, a workbook for `.xlsx`, `.xlsm`,
    /// `.xls` and `.ods`, and JSON for anything else.
    pub(crate) fn new(path: &Path, format: Option<InputFormat>, csv: CsvOptions) -> Source {
        let format = format.unwrap_or_else(|| {
            let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            match extension.to_ascii_lowercase().as_str() {
                "csv" => InputFormat::Csv,
                "xlsx" | "xlsm" | "xls" | "ods" => InputFormat::Workbook,
                _ => InputFormat::Json,
            }
        });
        Source {
            path: path.to_owned(),
            format,
            csv,
            max_record: DEFAULT_MAX_RECORD,
            decoded: std::cell::Cell::new(None),
            comma_number: std::cell::RefCell::new(None),
        }
    }

    /// What a CSV read by [`Source::for_each`] was decoded from, when it was not UTF-8:
    /// a sentence for a note (`None` for UTF-8, JSON and workbooks).
    pub(crate) fn decoded_note(&self) -> Option<String> {
        let encoding = self.decoded.get()?;
        let told = self.csv.encoding.is_some();
        Some(if told {
            format!(
                "`{}` was read as {} (`--encoding`)",
                self.path.display(),
                encoding.name()
            )
        } else {
            format!(
                "`{}` is not UTF-8: it was read as {} (a spreadsheet's plain CSV); pass `--encoding LABEL` if it is another",
                self.path.display(),
                encoding.name()
            )
        })
    }

    /// What to do when a sheet's numbers are written with a decimal comma, once
    /// [`Source::for_each`] met one without `--decimal-comma`: the flag that reads them,
    /// and the first such cell (issue 56: a thousand lines of "must be a number" named
    /// neither).
    pub(crate) fn decimal_comma_hint(&self) -> Option<String> {
        let (position, field, cell) = self.comma_number.borrow().clone()?;
        Some(format!(
            "{position}'s `{field}` is `{cell}`, a number written with a decimal comma: pass `--decimal-comma` to read the sheet's numbers so"
        ))
    }

    /// Whether the input is a spreadsheet's (CSV, a workbook), whose values a
    /// spreadsheet may have rewritten.
    pub(crate) fn is_sheet(&self) -> bool {
        self.format != InputFormat::Json
    }

    /// The same input with another record size limit.
    pub(crate) fn with_max_record(self, max_record: usize) -> Source {
        Source { max_record, ..self }
    }

    /// Calls `each` with every record as JSON text, read once, streamed, or with why a
    /// record cannot be read (a problem of that record: the others are still read).
    pub(crate) fn for_each(
        &self,
        mut each: impl FnMut(Position, std::result::Result<&str, String>),
    ) -> Result<()> {
        let reader = open(&self.path)?;
        let max = self.max_record;
        match self.format {
            InputFormat::Json => for_each_input(reader, max, each),
            InputFormat::Csv | InputFormat::Workbook => {
                // A row is read whole by the sheet's reader; its body is held to the
                // same limit as any other record.
                let row = |position, text: &str| {
                    let record = match text.len() {
                        len if len > max => Err(too_large(len as u64, max)),
                        _ => Ok(text),
                    };
                    each(position, record)
                };
                if self.format == InputFormat::Csv {
                    let read = self::csv::for_each_row(reader, &self.csv, row)?;
                    self.decoded.set(read.encoding);
                    *self.comma_number.borrow_mut() = read.comma_number;
                    Ok(())
                } else {
                    self::workbook::for_each_row(reader, &self.csv, row)
                }
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

    /// The position its `Display` wrote (`line 3`, `[2]`, `body`), as a journal's keys
    /// keep it.
    pub fn parse(text: &str) -> Option<Position> {
        if text == "body" {
            return Some(Position::Whole);
        }
        if let Some(n) = text.strip_prefix("line ") {
            return n.parse().ok().map(Position::Line);
        }
        let index = text.strip_prefix('[')?.strip_suffix(']')?;
        index.parse().ok().map(Position::Index)
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
pub(crate) fn open(path: &Path) -> Result<Box<dyn BufRead>> {
    if path == Path::new("-") {
        crate::output::note_reading_terminal("the input");
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    match File::open(path) {
        Ok(file) => Ok(Box::new(BufReader::with_capacity(1 << 16, file))),
        Err(e) => Err(Error::usage(format!("cannot read `{}`", path.display())).with_source(e)),
    }
}

/// Reads a whole single body (for create, update and provider update).
pub(crate) fn read_body(path: &Path) -> Result<String> {
    let bytes = read_bytes(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| Error::usage(format!("cannot read `{}`", path.display())).with_source(e))?;
    Ok(strip_bom(&text).to_owned())
}

/// Reads a whole single body as the bytes it is (`locadm api --input`: sent as it is).
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?
        .take(MAX_SINGLE_BODY + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::usage(format!("cannot read `{}`", path.display())).with_source(e))?;
    if bytes.len() as u64 > MAX_SINGLE_BODY {
        return Err(Error::usage(format!(
            "`{}` is larger than {} MiB; one body is expected",
            path.display(),
            MAX_SINGLE_BODY >> 20
        )));
    }
    Ok(bytes)
}

fn strip_bom(s: &str) -> &str {
    s.strip_prefix('\u{feff}').unwrap_or(s)
}

/// Calls `each` with every record of the input, in order, with its position, or with why
/// one cannot be read (an NDJSON line that is not UTF-8 text, a record longer than
/// `max_record` bytes): a problem of that record alone, and every other record is still
/// read.
///
/// The format is told from the start: `[` is a JSON array; a first line that is a whole
/// JSON value (or looks like a one-line object) is NDJSON; anything else is one body. A
/// record that is not valid JSON is passed on as it is, for the caller to report; an
/// array whose syntax breaks is an error of the whole input. Memory stays within
/// `max_record` and a read buffer whatever the input holds: a longer line is read past,
/// not kept.
pub fn for_each_input(
    reader: impl BufRead,
    max_record: usize,
    mut each: impl FnMut(Position, std::result::Result<&str, String>),
) -> Result<()> {
    try_for_each_input(reader, max_record, |position, record| {
        each(position, record);
        ControlFlow::Continue(())
    })
}

/// The problem of a record of `len` bytes over the limit.
fn too_large(len: u64, max: usize) -> String {
    format!(
        "the record is {} long, more than the limit of {} (`--max-record-size`)",
        human_size(len),
        human_size(max as u64)
    )
}

/// `1 MiB`, `500.0 MiB`, `1234 bytes`.
fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1 << 10;
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    match bytes {
        b if b >= GIB && b % GIB == 0 => format!("{} GiB", b / GIB),
        b if b >= GIB => format!("{:.1} GiB", b as f64 / GIB as f64),
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= MIB => format!("{:.1} MiB", b as f64 / MIB as f64),
        b if b >= KIB && b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}

/// How one bounded line read ended.
enum LineRead {
    /// Nothing left to read.
    End,
    /// A line (its `\n` included) is in the buffer.
    Line,
    /// A line longer than the limit was read past; it had this many bytes. The buffer
    /// holds only its start.
    TooLong(u64),
}

/// Reads one line into `line` (cleared first), keeping at most `max` bytes of it (plus
/// its line end): the rest of a longer line is consumed and counted, never stored.
fn read_line_bounded(
    reader: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<LineRead> {
    line.clear();
    // Bytes of the line without its line end (`\n` or `\r\n`).
    let mut content: u64 = 0;
    let mut read_any = false;
    // Whether the bytes read so far end with `\r` (it may end one buffer, its `\n`
    // starting the next).
    let mut ends_with_cr = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let newline = memchr::memchr(b'\n', buf);
        let take = newline.map_or(buf.len(), |at| at + 1);
        content += newline.unwrap_or(buf.len()) as u64;
        if let Some(at) = newline {
            let cr = if at == 0 {
                ends_with_cr
            } else {
                buf[at - 1] == b'\r'
            };
            content -= u64::from(cr);
        }
        ends_with_cr = buf[..take].last() == Some(&b'\r');
        if content <= max as u64 + 1 {
            line.extend_from_slice(&buf[..take]);
        }
        reader.consume(take);
        if newline.is_some() {
            break;
        }
    }
    let body = line.trim_ascii_end().len() as u64;
    Ok(match content {
        _ if !read_any => LineRead::End,
        // Trailing blanks (a `\r`) do not make a line too long.
        c if c > max as u64 + 1 || body > max as u64 => LineRead::TooLong(c),
        _ => LineRead::Line,
    })
}

/// [`for_each_input`] that stops reading as soon as `each` says `Break`.
pub(crate) fn try_for_each_input(
    mut reader: impl BufRead,
    max_record: usize,
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
        Some(b'[') => each_array_element(reader, max_record, each),
        Some(_) => {
            let mut line = Vec::new();
            let mut number = 0;
            // Leading blank lines were consumed above only up to a buffer's worth; count
            // lines from what is left.
            let first = loop {
                let read = read_line_bounded(&mut reader, &mut line, max_record)?;
                if matches!(read, LineRead::End) {
                    return Ok(());
                }
                number += 1;
                if !line.trim_ascii().is_empty() || matches!(read, LineRead::TooLong(_)) {
                    break read;
                }
            };
            let first_is_ndjson = match (&first, std::str::from_utf8(&line)) {
                // A first line over the limit: NDJSON or one body, it is too long.
                (LineRead::TooLong(_), _) => true,
                (_, Ok(text)) => is_ndjson_line(text.trim()),
                // Not text: a line of its own, reported as such.
                (_, Err(_)) => true,
            };
            if !first_is_ndjson {
                // One body over several lines, held to the same limit.
                // Bytes first: a cut at the limit may split a character, which is the
                // limit's problem, not the text's.
                let mut bytes = std::mem::take(&mut line);
                let room = (max_record + 1).saturating_sub(bytes.len()) as u64;
                (&mut reader).take(room).read_to_end(&mut bytes)?;
                if bytes.trim_ascii().len() > max_record {
                    let rest = io::copy(&mut reader, &mut io::sink())?;
                    let len = bytes.trim_ascii_end().len() as u64 + rest;
                    let _ = each(Position::Whole, Err(too_large(len, max_record)));
                } else {
                    let text = String::from_utf8(bytes)
                        .map_err(|e| Error::usage("the input is not UTF-8 text").with_source(e))?;
                    let _ = each(Position::Whole, Ok(text.trim()));
                }
                return Ok(());
            }
            let mut read = first;
            loop {
                let record = match read {
                    LineRead::TooLong(len) => Err(too_large(len, max_record)),
                    _ => std::str::from_utf8(&line).map(str::trim).map_err(|e| {
                        format!(
                            "not UTF-8 text (an invalid byte at offset {} of the line)",
                            e.valid_up_to()
                        )
                    }),
                };
                let blank = record.as_ref().is_ok_and(|t| t.is_empty());
                if !blank && each(Position::Line(number), record).is_break() {
                    return Ok(());
                }
                read = read_line_bounded(&mut reader, &mut line, max_record)?;
                if matches!(read, LineRead::End) {
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

/// The elements of a JSON array, each as its text, or the problem of one over `max`
/// bytes (an element is parsed whole before its size is known: the limit keeps it out of
/// the run, while only NDJSON is read past in bounded memory).
fn each_array_element(
    reader: impl BufRead,
    max: usize,
    mut each: impl FnMut(Position, std::result::Result<&str, String>) -> ControlFlow<()>,
) -> Result<()> {
    let mut each = |position, text: &str| match text.len() {
        len if len > max => each(position, Err(too_large(len as u64, max))),
        _ => each(position, Ok(text)),
    };
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
            result.map_err(|e| Error::usage("the input is not a valid JSON array").with_source(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &str) -> Result<Vec<(Position, String)>> {
        let mut out = Vec::new();
        for_each_input(input.as_bytes(), DEFAULT_MAX_RECORD, |p, t| {
            out.push((p, t.expect("a readable record").to_owned()))
        })?;
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

    /// A body over several lines cut at the limit inside a character is too long, not
    /// "not UTF-8".
    #[test]
    fn a_cut_inside_a_character_is_the_limit_s_problem() {
        let body = format!("{{\n\"a\": \"{}\"\n}}\n", "ä".repeat(40));
        // 8 bytes before the text, then 2 a character: 29 bytes end inside the 11th.
        let mut seen = Vec::new();
        for_each_input(body.as_bytes(), 28, |p, r| {
            seen.push((p, r.map(str::to_owned)))
        })
        .unwrap();
        assert_eq!(seen.len(), 1);
        let problem = seen[0].1.as_ref().unwrap_err();
        assert!(problem.contains("more than the limit"), "{problem}");
    }

    #[test]
    fn reading_stops_when_told() {
        for input in [
            "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n",
            "[{\"a\":1},{\"a\":2},{\"a\":3}]",
        ] {
            let mut seen = 0;
            try_for_each_input(input.as_bytes(), DEFAULT_MAX_RECORD, |_, _| {
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

    fn inputs(input: &[u8], max: usize) -> Vec<(Position, std::result::Result<String, String>)> {
        let mut out = Vec::new();
        for_each_input(input, max, |p, r| out.push((p, r.map(str::to_owned)))).unwrap();
        out
    }

    /// Issue 14, item 11: a record over the limit is a problem of that record, in every
    /// form of input; the records around it are read as they are.
    #[test]
    fn a_record_over_the_limit_is_a_problem_of_that_record() {
        let long = format!("{{\"a\":\"{}\"}}", "x".repeat(100));
        let ndjson = format!("{{\"a\":1}}\n{long}\r\n{{\"b\":2}}\n{long}");
        let got = inputs(ndjson.as_bytes(), 50);
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[0], (Position::Line(1), Ok("{\"a\":1}".into())));
        assert_eq!(got[2], (Position::Line(3), Ok("{\"b\":2}".into())));
        for (at, line) in [(1, 2), (3, 4)] {
            assert_eq!(got[at].0, Position::Line(line));
            let err = got[at].1.as_ref().unwrap_err();
            assert!(
                err.contains("the record is 108 bytes long, more than the limit of 50 bytes"),
                "{err}"
            );
        }
        // Exactly at the limit passes, with or without a CR before the LF.
        let at_limit = format!("{{\"a\":\"{}\"}}", "x".repeat(42));
        assert_eq!(at_limit.len(), 50);
        for end in ["\n", "\r\n", ""] {
            let got = inputs(format!("{{}}\n{at_limit}{end}").as_bytes(), 50);
            assert_eq!(got[1].1.as_deref(), Ok(at_limit.as_str()), "{end:?}");
        }
        // The first line over the limit, and one body over several lines.
        let got = inputs(format!("{long}\n{{}}\n").as_bytes(), 50);
        assert!(got[0].1.is_err() && got[1].1.is_ok(), "{got:?}");
        let body = format!("{{\n  \"a\": \"{}\"\n}}\n", "x".repeat(100));
        let got = inputs(body.as_bytes(), 50);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, Position::Whole);
        assert!(
            got[0]
                .1
                .as_ref()
                .unwrap_err()
                .contains("more than the limit"),
            "{got:?}"
        );
        // A JSON array element.
        let got = inputs(format!("[{{}},{long},{{}}]").as_bytes(), 50);
        assert_eq!(got.len(), 3);
        assert!(
            got[0].1.is_ok() && got[1].1.is_err() && got[2].1.is_ok(),
            "{got:?}"
        );
    }

    #[test]
    fn sizes_are_shown_in_their_unit() {
        assert_eq!(human_size(1 << 20), "1 MiB");
        assert_eq!(human_size(500 << 20), "500 MiB");
        assert_eq!(human_size((1 << 20) + 1), "1.0 MiB");
        assert_eq!(human_size(512 << 10), "512 KiB");
        assert_eq!(human_size(108), "108 bytes");
    }

    #[test]
    fn a_broken_ndjson_line_is_a_record_and_an_empty_input_an_error() {
        let r = records("{\"a\":1}\n{\"b\":}\n").unwrap();
        assert_eq!(r[1].0, Position::Line(2));
        assert!(records("  \n").is_err());
        assert!(records("[{\"a\":1},").is_err());
    }
}
