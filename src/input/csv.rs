//! CSV input for bulk runs: a header row of field names (nested fields with dots, such as
//! `structuredAddress.city`), one location a row. Each row becomes the JSON text of a body,
//! so that it is validated by exactly the rules of a JSON body.
//!
//! Spreadsheet exports are read as spreadsheets write them:
//! - the delimiter is told from the header row (`,`, `;` or tab, whichever it has most
//!   of), or given with `--delimiter`;
//! - empty header columns at the end of the row are ignored (a sheet's trailing cells);
//! - a column that is not a field is one error naming it, with the field it is nearest
//!   to, before any row is read; `--ignore-column NAME` skips such a column on purpose;
//! - cells, by the field's kind in the catalogue (`model::fields`): empty means absent;
//!   numbers go in as written (`52,1` only with `--decimal-comma`); booleans as `true`,
//!   `false`, `TRUE`, `FALSE`, `yes`, `no`, `1` or `0`; `tags` split on commas;
//!   `photoUrls` as written (the comma-separated form); a cell `="…"` is the text inside
//!   (what `-o csv` writes for text a spreadsheet would misread: `columns.rs`). A cell
//!   that is not what its field needs is passed on as a string, for validation to
//!   report by name.

use std::io::Read;
use std::ops::ControlFlow;

use super::Position;
use crate::columns::{header_columns, header_row, row_to_json};
use clap::Args;
use locadm_client::error::{Error, Result};

/// How a CSV input (or a workbook's sheet) is read: the command line's options of it
/// (`--delimiter`, `--decimal-comma`, `--ignore-column`, `--encoding`).
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "CSV and workbook input")]
pub struct CsvOptions {
    /// The delimiter [default: told from the header row: `,`, `;` or tab]
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,
    /// Numbers are written with a decimal comma (`52,52`)
    #[arg(long)]
    pub decimal_comma: bool,
    /// Skip this column (repeatable): a spreadsheet's notes, say
    #[arg(long = "ignore-column", value_name = "NAME")]
    pub ignore_columns: Vec<String>,
    /// The CSV's encoding (`windows-1252`, `iso-8859-15`, `utf-16le`, and so on) [default:
    /// UTF-8; a file that is not UTF-8 is read as Windows-1252, and said so]
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

/// An encoding by its WHATWG label (`latin1`, `cp1252`, `utf-8`, …).
fn parse_encoding(label: &str) -> Result<&'static encoding_rs::Encoding, String> {
    encoding_rs::Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| {
        format!("`{label}` is not an encoding's name (such as `utf-8`, `windows-1252`, `iso-8859-15`, `utf-16le`)")
    })
}

fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "\\t" | "tab" => Ok(b'\t'),
        _ if text.len() == 1 && text.is_ascii() => Ok(text.as_bytes()[0]),
        _ => Err(format!(
            "`{text}` is not one character (use `tab` for a tab)"
        )),
    }
}

/// What reading a CSV found besides its rows.
#[derive(Debug, Default)]
pub struct CsvRead {
    /// The encoding it was read in, when that was not UTF-8.
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Without `--decimal-comma`, the first number written with a decimal comma (`52,5`),
    /// which is read as the string it is: where, the field, the cell.
    pub comma_number: Option<(Position, &'static str, String)>,
}

/// Calls `each` with every row as JSON text, with its line number.
pub fn for_each_row(
    reader: impl Read,
    options: &CsvOptions,
    mut each: impl FnMut(Position, &str),
) -> Result<CsvRead> {
    try_for_each_row(reader, options, |position, text| {
        each(position, text);
        ControlFlow::Continue(())
    })
}

/// The fields of numbers a sheet may write with a decimal comma.
const NUMBERS: [&str; 2] = ["latitude", "longitude"];

/// A cell that is a number written with a decimal comma (`52,5`, `-0,25`).
fn decimal_comma_number(cell: &str) -> bool {
    let Some((whole, fraction)) = cell.trim().split_once(',') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole.strip_prefix('-').unwrap_or(whole)) && digits(fraction)
}

/// [`for_each_row`] that stops reading as soon as `each` says `Break`.
pub fn try_for_each_row(
    reader: impl Read,
    options: &CsvOptions,
    mut each: impl FnMut(Position, &str) -> ControlFlow<()>,
) -> Result<CsvRead> {
    let mut columns = Vec::new();
    // The columns of NUMBERS, looked at (a cell or two a row, each only for a comma)
    // until a decimal comma is found.
    let mut numbers: Vec<(usize, &'static str)> = Vec::new();
    let mut comma_number = None;
    let sheet = Sheet {
        delimiter: options.delimiter,
        encoding: options.encoding,
    };
    let encoding = try_for_each_cells(reader, sheet, |position, cells| match position {
        None => {
            let headers = header_row(cells.iter().map(str::to_owned).collect(), "CSV")?;
            columns = header_columns(&headers, &options.ignore_columns, "CSV")?
                .into_iter()
                .map(|c| c.map(str::to_owned))
                .collect();
            if !options.decimal_comma {
                numbers = columns
                    .iter()
                    .enumerate()
                    .filter_map(|(i, c)| {
                        Some((i, *NUMBERS.iter().find(|n| Some(**n) == c.as_deref())?))
                    })
                    .collect();
            }
            Ok(ControlFlow::Continue(()))
        }
        Some(position) => {
            if comma_number.is_none() {
                comma_number = numbers.iter().find_map(|&(i, field)| {
                    let cell = cells.get(i).filter(|c| c.contains(','))?;
                    decimal_comma_number(cell).then(|| (position, field, cell.to_owned()))
                });
            }
            let text = row_to_json(
                columns.iter().map(Option::as_deref).zip(cells.iter()),
                options.decimal_comma,
            );
            Ok(each(position, &text))
        }
    })?;
    Ok(CsvRead {
        encoding,
        comma_number,
    })
}

/// Calls `each` with the header row (position `None`), then every row, as its cells'
/// text, with its line number, until it says `Break`: CSV as any sheet of the tool's
/// (`-o csv`) or a spreadsheet's is read, before any cell is taken as a field. The
/// delimiter is `delimiter`, or told from the header row.
pub(crate) fn try_for_each_cells(
    reader: impl Read,
    sheet: Sheet,
    mut each: impl FnMut(Option<Position>, &csv::StringRecord) -> Result<ControlFlow<()>>,
) -> Result<Option<&'static encoding_rs::Encoding>> {
    // The start of the input tells the encoding, and its header row the delimiter.
    let (head, rest) = start_of(reader)?;
    let encoding = sheet
        .encoding
        .or_else(|| (!is_utf8(&head)).then_some(encoding_rs::WINDOWS_1252))
        .filter(|e| *e != encoding_rs::UTF_8);
    let (head, reader): (Vec<u8>, Box<dyn Read>) = match encoding {
        None => (
            head.clone(),
            Box::new(std::io::Cursor::new(head).chain(rest)),
        ),
        // Decoded to UTF-8 as it is read; the delimiter is told from the decoded start.
        Some(encoding) => start_of(
            encoding_rs_io::DecodeReaderBytesBuilder::new()
                .encoding(Some(encoding))
                .build(std::io::Cursor::new(head).chain(rest)),
        )
        .map(|(head, rest)| {
            (
                head.clone(),
                Box::new(std::io::Cursor::new(head).chain(rest)) as Box<dyn Read>,
            )
        })?,
    };
    let delimiter = sheet.delimiter.unwrap_or_else(|| sniff_delimiter(&head));
    let mut csv = csv::ReaderBuilder::new()
        .flexible(true)
        .delimiter(delimiter)
        .trim(csv::Trim::Headers)
        .from_reader(reader);
    let headers = csv
        .headers()
        .map_err(|e| Error::usage("the CSV header row cannot be read").with_source(e))?
        .clone();
    if each(None, &headers)?.is_break() {
        return Ok(encoding);
    }
    let mut record = csv::StringRecord::new();
    let mut last_line = 1;
    loop {
        // The line the record starts on (a quoted cell may span lines). csv's positions
        // are one short for the first record after a CRLF header row, hence the floor.
        let line = (csv.position().line() as usize).max(last_line + 1);
        last_line = line;
        match csv.read_record(&mut record) {
            Ok(false) => return Ok(encoding),
            Ok(true) => {
                if each(Some(Position::Line(line)), &record)?.is_break() {
                    return Ok(encoding);
                }
            }
            // The record's own line (1-based, counted as the loop counts it, CRLF or
            // not), its column 1-based and named by the header.
            Err(e) => {
                let column = match e.kind() {
                    csv::ErrorKind::Utf8 { err, .. } => {
                        let at = err.field();
                        let name = headers.get(at).unwrap_or("?");
                        format!(", column {} (`{name}`)", at + 1)
                    }
                    _ => String::new(),
                };
                let utf8 = matches!(e.kind(), csv::ErrorKind::Utf8 { .. });
                let error =
                    Error::usage(format!("the CSV input is malformed at line {line}{column}"));
                return Err(if utf8 {
                    error.with_hint("the text there is not UTF-8: pass `--encoding LABEL` with the file's encoding (`windows-1252`, `iso-8859-15`, …)")
                } else {
                    error.with_source(e)
                });
            }
        }
    }
}

/// How a CSV's bytes are read: its delimiter and its encoding (told, or not: then UTF-8,
/// or Windows-1252 when its start is not UTF-8).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sheet {
    pub delimiter: Option<u8>,
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

/// The first 64 KiB of `reader`, and the reader after them.
fn start_of<R: Read>(mut reader: R) -> Result<(Vec<u8>, R)> {
    let mut head = Vec::with_capacity(8192);
    (&mut reader)
        .take(64 * 1024)
        .read_to_end(&mut head)
        .map_err(|e| Error::usage("cannot read the CSV input").with_source(e))?;
    Ok((head, reader))
}

/// Whether `head`, the start of an input, is UTF-8 (a character cut at its end aside).
fn is_utf8(head: &[u8]) -> bool {
    match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none(),
    }
}

/// `,`, `;` or tab: the one the header row (its first line) has most of, `,` on a tie.
fn sniff_delimiter(head: &[u8]) -> u8 {
    let first = head.split(|b| *b == b'\n').next().unwrap_or_default();
    [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| (first.iter().filter(|b| *b == d).count(), *d == b','))
        .unwrap_or(b',')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_csv_is_a_usage_error() {
        let err = for_each_row(&b""[..], &CsvOptions::default(), |_, _| {
            panic!("no row expected")
        })
        .unwrap_err();
        assert_eq!(err.exit() as i32, 2);
        assert!(err.to_string().contains("empty"), "{err}");
    }

    #[test]
    fn rows_become_bodies_with_numbers_as_written() {
        let input = "storeId,structuredAddress.city,latitude,tags,hasDisabledAccess,description\r\nS1,Berlin,52.10,\"a, b\",true,\r\n";
        let mut rows = Vec::new();
        for_each_row(input.as_bytes(), &CsvOptions::default(), |p, t| {
            rows.push((p, t.to_owned()))
        })
        .unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].0, Position::Line(2));
        let text = &rows[0].1;
        assert!(text.contains("\"latitude\":52.10"), "{text}");
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["structuredAddress"]["city"], "Berlin");
        assert_eq!(v["tags"], serde_json::json!(["a", "b"]));
        assert_eq!(v["hasDisabledAccess"], true);
        assert!(v.get("description").is_none());
    }

    #[test]
    fn line_numbers_count_the_header_and_multi_line_cells() {
        let input = "storeId,storeName\r\nA,x\nB,\"two\nlines\"\nC,y\n";
        let mut lines = Vec::new();
        for_each_row(input.as_bytes(), &CsvOptions::default(), |p, _| {
            lines.push(p)
        })
        .unwrap();
        assert_eq!(
            lines,
            [Position::Line(2), Position::Line(3), Position::Line(5)]
        );
    }

    #[test]
    fn spreadsheet_exports_are_read_as_sheets_write_them() {
        let input =
            "id;city;hasDisabledAccess;latitude;;\nx;Potsdam;TRUE;52,5;;\ny;Berlin;no;1.5;;\n";
        let options = CsvOptions {
            decimal_comma: true,
            ..CsvOptions::default()
        };
        let mut rows = Vec::new();
        for_each_row(input.as_bytes(), &options, |_, t| rows.push(t.to_owned())).unwrap();
        assert_eq!(
            rows,
            [
                r#"{"id":"x","city":"Potsdam","hasDisabledAccess":true,"latitude":52.5}"#,
                r#"{"id":"y","city":"Berlin","hasDisabledAccess":false,"latitude":1.5}"#
            ]
        );
        // Without `--decimal-comma` a decimal comma is a string, for validation to name.
        let mut rows = Vec::new();
        for_each_row(input.as_bytes(), &CsvOptions::default(), |_, t| {
            rows.push(t.to_owned())
        })
        .unwrap();
        assert!(rows[0].contains(r#""latitude":"52,5""#), "{}", rows[0]);
    }

    #[test]
    fn an_unknown_column_is_one_error_with_a_suggestion() {
        let input = "storeId,Notes,citty\nS,hello,Berlin\n";
        let err = for_each_row(input.as_bytes(), &CsvOptions::default(), |_, _| {
            panic!("no row is read")
        })
        .unwrap_err();
        assert!(err.to_string().contains("`Notes`, `citty`"), "{err}");
        let ignored = CsvOptions {
            ignore_columns: vec!["Notes".into(), "citty".into()],
            ..CsvOptions::default()
        };
        let mut rows = Vec::new();
        for_each_row(input.as_bytes(), &ignored, |_, t| rows.push(t.to_owned())).unwrap();
        assert_eq!(rows, [r#"{"storeId":"S"}"#]);
        let err =
            for_each_row("storeid\nS\n".as_bytes(), &CsvOptions::default(), |_, _| {}).unwrap_err();
        assert!(err.to_string().contains("did you mean `storeId`"), "{err}");
    }
}
