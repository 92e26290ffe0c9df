//! Workbooks as input (`.xlsx`, `.xlsm`, `.xls`, `.ods`): the first sheet, read with
//! `calamine`, a header row of field names and one location a row, through the very
//! row → body path of CSV (`columns.rs`: the same column names, the same cells by kind).
//! An `.ods` goes through `ods.rs` first (Gnumeric's indented XML, which calamine refuses).
//!
//! A cell is taken as its text: a string as it is, a whole number without a decimal
//! point (`10178`, not `10178.0`), another number in the shortest form that is that
//! number (`52.5219`), a boolean `true`/`false`, a date as `2026-01-05` (a time after
//! it when it has one). So a post code a spreadsheet made a number comes in as `1067`,
//! and a value it made a date as a date, for the merge to mark as its damage.

use std::io::{Cursor, Read};

use calamine::{Data, Reader};

use super::columns::{header_columns, header_row, row_to_json};
use super::{CsvOptions, Position};
use crate::error::{Error, Result};

/// Calls `each` with every row of the first sheet as JSON text, with its row number
/// (the header is row 1).
pub(crate) fn for_each_row(
    mut reader: impl Read,
    options: &CsvOptions,
    mut each: impl FnMut(Position, &str),
) -> Result<()> {
    // A workbook is a zip file (or OLE): read whole, as its directory is at the end.
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| Error::usage("cannot read the workbook").with_source(e))?;
    if let Some(rewritten) = super::ods::without_layout_whitespace(&bytes) {
        bytes = rewritten;
    }
    let mut workbook = calamine::open_workbook_auto_from_rs(Cursor::new(bytes))
        .map_err(|e| Error::usage("the input is not a workbook calamine reads").with_source(e))?;
    let sheet = workbook
        .worksheet_range_at(0)
        .ok_or_else(|| Error::usage("the workbook has no sheet"))?
        .map_err(|e| Error::usage("the workbook's first sheet cannot be read").with_source(e))?;
    // Rows from the sheet's first row with a value: its number, 1-based.
    let first_row = sheet.start().map_or(0, |(row, _)| row as usize) + 1;
    let first_col = sheet.start().map_or(0, |(_, col)| col as usize);
    let mut rows = sheet.rows();
    let header = rows.next().unwrap_or_default();
    // A sheet that starts past column A: the header's cells keep their place.
    let names = std::iter::repeat_n(String::new(), first_col)
        .chain(header.iter().map(text))
        .collect::<Vec<_>>();
    let names = header_row(names[first_col..].to_vec(), "workbook")?;
    let columns = header_columns(&names, &options.ignore_columns, "workbook")?;
    let mut cells = Vec::with_capacity(columns.len());
    for (n, row) in rows.enumerate() {
        cells.clear();
        cells.extend(row.iter().map(text));
        if cells.iter().all(String::is_empty) {
            continue;
        }
        let json = row_to_json(
            columns
                .iter()
                .copied()
                .zip(cells.iter().map(String::as_str)),
            options.decimal_comma,
        );
        each(Position::Line(first_row + n + 1), &json);
    }
    Ok(())
}

/// A cell as the text the row → body path takes.
fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Int(i) => i.to_string(),
        // Rust writes the shortest text that reads back as this number, a whole one
        // without a decimal point, never with an exponent: `1067.0` comes in as `1067`,
        // `1.23456789012346E+15` as `1234567890123460`.
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(date) => {
            let (y, mo, d, h, mi, s, _) = date.to_ymd_hms_milli();
            if (h, mi, s) == (0, 0, 0) {
                format!("{y:04}-{mo:02}-{d:02}")
            } else {
                format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
            }
        }
        Data::Error(e) => format!("#{e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{ExcelDateTime, ExcelDateTimeType};

    /// A cell comes in as the text the row path takes: what a spreadsheet made of a
    /// value shows as such (a post code a number, `1-5` a date), for a merge to mark.
    #[test]
    fn cells_come_in_as_their_text() {
        assert_eq!(text(&Data::Float(1067.0)), "1067");
        assert_eq!(text(&Data::Float(52.5219)), "52.5219");
        assert_eq!(text(&Data::Float(1.23456789012346e15)), "1234567890123460");
        assert_eq!(text(&Data::Int(10178)), "10178");
        assert_eq!(text(&Data::Bool(true)), "true");
        assert_eq!(text(&Data::String("01067".into())), "01067");
        let date = ExcelDateTime::new(46027.0, ExcelDateTimeType::DateTime, false);
        assert_eq!(text(&Data::DateTime(date)), "2026-01-05");
        assert!(crate::model::damage::damage(
            &serde_json::value::RawValue::from_string("\"1-5\"".into()).unwrap(),
            &serde_json::value::RawValue::from_string(format!(
                "\"{}\"",
                text(&Data::DateTime(date))
            ))
            .unwrap(),
        )
        .is_some());
    }
}
