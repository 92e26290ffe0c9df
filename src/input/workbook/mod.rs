//! Workbooks as input (`.xlsx`, `.xlsm`, `.ods`): the first sheet, read with `calamine`,
//! a header row of field names and one location a row, through the very row → body path
//! of CSV (`columns.rs`: the same column names, the same cells by kind). An `.ods` goes
//! through `ods.rs` first (Gnumeric's indented XML, which calamine refuses).
//!
//! A cell is taken as its text: a string as it is, a whole number without a decimal
//! point (`10178`, not `10178.0`), another number in the shortest form that is that
//! number (`52.5219`), a boolean `true`/`false`, a date as `2026-01-05` (a time after
//! it when it has one). So a post code a spreadsheet made a number comes in as `1067`,
//! and a value it made a date as a date, for the merge to mark as its damage.
//!
//! A workbook is a zip of XML a few kilobytes can make gigabytes of, and a sheet's one
//! far cell (`XFD1048576`) a reader that holds the sheet's whole area makes billions of
//! cells. So memory is bounded before it grows ([`limits`]): every part is inflated once
//! and counted before anything is parsed; an `.xlsx` sheet is streamed a cell at a time
//! (its area never held); an `.ods` sheet, which calamine holds whole, is measured first.
//! `.xls` and `.xlsb`, whose readers hold every sheet whole as they open, are refused.

mod limits;

use std::io::{Cursor, Read};

use calamine::{Data, Reader};

use super::{CsvOptions, Position};
use crate::columns::{header_columns, header_row, row_to_json};
use locadm_client::error::{Error, Result};
use locadm_model::reader::{EXPORT_MEMBER, EXPORT_SHEET};

/// Calls `each` with every row of the first sheet as JSON text, with its row number
/// (the header is row 1).
pub(crate) fn for_each_row(
    reader: impl Read,
    options: &CsvOptions,
    mut each: impl FnMut(Position, &str),
) -> Result<()> {
    let mut columns: Option<Vec<Option<String>>> = None;
    for_each_text_row(reader, |row, cells| {
        let Some(columns) = &columns else {
            let names = header_row(cells.to_vec(), "workbook")?;
            columns = Some(
                header_columns(&names, &options.ignore_columns, "workbook")?
                    .into_iter()
                    .map(|c| c.map(str::to_owned))
                    .collect(),
            );
            return Ok(());
        };
        let json = row_to_json(
            columns
                .iter()
                .map(Option::as_deref)
                .zip(cells.iter().map(String::as_str)),
            options.decimal_comma,
        );
        each(Position::Line(row), &json);
        Ok(())
    })
}

/// Calls `each` with every row of the first sheet that has a value, as its cells' text
/// from the sheet's first column with a value, with its 1-based row number: the header
/// row first. Memory stays within [`limits`] whatever the file holds.
pub(crate) fn for_each_text_row(
    reader: impl Read,
    mut each: impl FnMut(usize, &[String]) -> Result<()>,
) -> Result<()> {
    // A workbook is a zip file: read whole, as its directory is at the end.
    let mut bytes = Vec::new();
    reader
        .take(limits::MOST_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::usage("cannot read the workbook").with_source(e))?;
    let kind = limits::check(&bytes)?;
    if let Some(rewritten) = super::ods::without_layout_whitespace(&bytes) {
        bytes = rewritten;
    }
    let mut rows = Rows::default();
    match kind {
        limits::Kind::Xlsx => {
            let mut workbook = calamine::Xlsx::new(Cursor::new(bytes)).map_err(not_a_workbook)?;
            let names = workbook.sheet_names();
            let first = names
                .first()
                .cloned()
                .ok_or_else(|| Error::usage("the workbook has no sheet"))?;
            // A workbook the tool wrote names its export on a hidden sheet: a column of
            // every row, for the reader to set aside and compare the row with.
            if names.iter().any(|n| n == EXPORT_SHEET) {
                rows.export = workbook
                    .worksheet_range(EXPORT_SHEET)
                    .ok()
                    .filter(|range| {
                        range.get_value((0, 0)).map(text).as_deref() == Some(EXPORT_MEMBER)
                    })
                    .and_then(|range| range.get_value((0, 1)).map(text));
            }
            let mut cells = workbook
                .worksheet_cells_reader(&first)
                .map_err(unreadable_sheet)?;
            while let Some(cell) = cells
                .next_cell_with_formula_metadata()
                .map_err(unreadable_sheet)?
            {
                let (row, column) = cell.pos;
                let value = Data::from(cell.value);
                // A formula whose value no program computed (openpyxl and pandas write
                // them so) would read as empty: the edit in it would vanish.
                if cell.formula.is_some() && value == Data::Empty {
                    return Err(Error::usage(format!(
                        "the workbook's cell {} holds a formula without a saved value",
                        cell_name(row, column)
                    ))
                    .with_hint("open and save the workbook in a spreadsheet program (which computes it), or write the value instead of the formula"));
                }
                rows.cell(row, column, &value, &mut each)?;
            }
        }
        limits::Kind::Ods => {
            let mut workbook =
                calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(not_a_workbook)?;
            let sheet = workbook
                .worksheet_range_at(0)
                .ok_or_else(|| Error::usage("the workbook has no sheet"))?
                .map_err(unreadable_sheet)?;
            for (row, column, value) in sheet.cells() {
                let (first_row, first_column) = sheet.start().unwrap_or_default();
                let at = (first_row + row as u32, first_column + column as u32);
                rows.cell(at.0, at.1, value, &mut each)?;
            }
        }
    }
    rows.finish(&mut each)
}

/// The rows of a sheet, gathered from its cells in order (a row at a time), with the
/// columns the header row spans.
#[derive(Default)]
struct Rows {
    /// The row being gathered (0-based), and its cells from the first column.
    row: Option<u32>,
    cells: Vec<String>,
    /// The header's first and last column with a value, once it is read.
    header: Option<(u32, u32)>,
    /// The export a workbook the tool wrote names: a last column of every row.
    export: Option<String>,
}

impl Rows {
    fn cell(
        &mut self,
        row: u32,
        column: u32,
        value: &Data,
        each: &mut impl FnMut(usize, &[String]) -> Result<()>,
    ) -> Result<()> {
        let text = text(value);
        if text.is_empty() {
            return Ok(());
        }
        if self.row != Some(row) {
            self.finish(each)?;
            self.row = Some(row);
        }
        let (first, last) = match self.header {
            Some(span) => span,
            // The header row: its columns are those with a value, however far out.
            None => (0, limits::MOST_COLUMNS - 1),
        };
        if column < first || column > last {
            return Err(Error::usage(format!(
                "the workbook's cell {} holds a value outside the header row's columns ({} to {})",
                cell_name(row, column),
                column_name(first),
                column_name(last)
            ))
            .with_hint("give every column a name in the header row, or clear the cell"));
        }
        let at = (column - first) as usize;
        if self.cells.len() <= at {
            self.cells.resize(at + 1, String::new());
        }
        self.cells[at] = text;
        Ok(())
    }

    /// Hands the row gathered so far to `each` (the first: the header, whose span it
    /// sets).
    fn finish(&mut self, each: &mut impl FnMut(usize, &[String]) -> Result<()>) -> Result<()> {
        let Some(row) = self.row.take() else {
            return Ok(());
        };
        match self.header {
            // The header's cells keep their place from its first column with a value.
            None => {
                let first = self.cells.iter().position(|c| !c.is_empty()).unwrap_or(0);
                let last = self.cells.len().saturating_sub(1);
                self.cells.drain(..first);
                self.header = Some((first as u32, last as u32));
                if self.export.is_some() {
                    self.cells.push(EXPORT_MEMBER.to_owned());
                }
            }
            Some((first, last)) => {
                self.cells
                    .resize((last - first + 1) as usize, String::new());
                if let Some(export) = &self.export {
                    self.cells.push(export.clone());
                }
            }
        }
        let result = each(row as usize + 1, &self.cells);
        self.cells.clear();
        result
    }
}

/// `XFD1048576`: a cell as spreadsheets name it (0-based row and column).
fn cell_name(row: u32, column: u32) -> String {
    format!("{}{}", column_name(column), u64::from(row) + 1)
}

/// `A`, `Z`, `AA`, `XFD`: a column as spreadsheets name it (0-based).
fn column_name(column: u32) -> String {
    let mut n = u64::from(column) + 1;
    let mut name = Vec::new();
    while n > 0 {
        let digit = ((n - 1) % 26) as u8;
        name.push(b'A' + digit);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

fn not_a_workbook(e: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::usage("the input is not a workbook calamine reads").with_source(e)
}

fn unreadable_sheet(e: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::usage("the workbook's first sheet cannot be read").with_source(e)
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
        assert!(locadm_model::damage::damage(
            &serde_json::value::RawValue::from_string("\"1-5\"".into()).unwrap(),
            &serde_json::value::RawValue::from_string(format!(
                "\"{}\"",
                text(&Data::DateTime(date))
            ))
            .unwrap(),
        )
        .is_some());
    }

    #[test]
    fn cells_are_named_as_spreadsheets_name_them() {
        assert_eq!(cell_name(0, 0), "A1");
        assert_eq!(cell_name(9, 25), "Z10");
        assert_eq!(cell_name(0, 26), "AA1");
        assert_eq!(cell_name(1_048_575, 16_383), "XFD1048576");
    }
}
