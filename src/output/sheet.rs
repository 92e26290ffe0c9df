//! Records as rows of a sheet: `-o csv`, `-o xlsx`, and a table with `--columns`. A location is a
//! row in the columns `location apply --file` reads (`input::columns`, the one writer
//! beside the one reader); a record of the tool's own (a result, a finding) is its
//! members flattened, nested ones with dots. The header is the first record's columns,
//! or `--columns` in its order.

use std::borrow::Cow;
use std::io::Write;

use serde::Serialize;

use super::table::PagedTable;

pub(crate) use crate::columns::Cell;
use crate::columns::{self, protect};
use locadm_client::error::{Error, Result};
use locadm_model::document::RawMembers;

/// A record as a row of a sheet: each column's name and cell.
pub(crate) type Sheet = Vec<(Cow<'static, str>, Cell)>;

/// The columns of the tool's own records that `--columns` may name besides a
/// location's: results (`apply`, `delete`, `--plan`), findings (`validate`), and what
/// `create` and `update` print.
const OWN_COLUMNS: &[&str] = &[
    "line",
    "index",
    "storeId",
    "operation",
    "outcome",
    "id",
    "status",
    "error",
    "plan",
    "changes",
    "body",
    "property",
    "severity",
    "message",
    "link",
];

/// `--columns`: every name a column some record has, or a usage error naming those
/// that are not (with the nearest, when one is near).
pub(crate) fn check_columns(names: &[String]) -> Result<()> {
    let unknown: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !columns::is_location_column(n) && !OWN_COLUMNS.contains(n))
        .collect();
    if names.is_empty() {
        return Err(Error::usage("`--columns` names no column"));
    }
    if unknown.is_empty() {
        return Ok(());
    }
    let (list, near) = columns::unknown_names(&unknown, OWN_COLUMNS);
    Err(Error::usage(format!("`--columns`: {list} is not a column{near}"))
        .with_hint("a location's columns are `id` and its fields by path (`structuredAddress.city`); `-o csv` without `--columns` shows them all"))
}

/// A record of the tool's own as a row: its members, objects flattened with dots.
pub(crate) fn flatten<T: Serialize + ?Sized>(value: &T) -> Vec<(Cow<'static, str>, Cell)> {
    let mut cells = Vec::new();
    if let Ok(raw) = serde_json::value::to_raw_value(value) {
        if let Ok(members) = RawMembers::parse(&raw) {
            flatten_into(&mut cells, "", members);
        }
    }
    cells
}

fn flatten_into(cells: &mut Vec<(Cow<'static, str>, Cell)>, prefix: &str, members: RawMembers) {
    for (name, raw) in members.into_members() {
        let path = format!("{prefix}{name}");
        match RawMembers::parse(&raw) {
            Ok(inner) if !inner.is_empty() => flatten_into(cells, &format!("{path}."), inner),
            _ => cells.push((Cow::Owned(path), Cell::of_json(&raw))),
        }
    }
}

/// Writes rows as CSV (RFC 4180: CRLF, quoted where needed) after a UTF-8 byte order
/// mark, which spreadsheets need to read the text as UTF-8 (the reader skips it).
pub(crate) struct CsvOut {
    chosen: Option<Vec<String>>,
    header: Option<Vec<String>>,
}

impl CsvOut {
    pub(crate) fn new(chosen: Option<Vec<String>>) -> CsvOut {
        CsvOut {
            chosen,
            header: None,
        }
    }

    /// Writes the header before the first row.
    pub(crate) fn push(
        &mut self,
        row: &[(Cow<'static, str>, Cell)],
        out: &mut impl Write,
    ) -> Result<()> {
        if self.header.is_none() {
            out.write_all("\u{feff}".as_bytes())?;
        }
        // A writer a row, on the sink's buffer: the row is quoted by the csv crate.
        let mut csv = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .buffer_capacity(4096)
            .from_writer(&mut *out);
        if self.header.is_none() {
            let header = header_of(self.chosen.as_deref(), row);
            csv.write_record(&header).map_err(csv_error)?;
            self.header = Some(header);
        }
        let header = self.header.as_ref().expect("set above");
        let cells = header.iter().map(|name| match cell_named(row, name) {
            Some(Cell::Text(text)) => protect(text).into_owned(),
            Some(cell) => cell.text().into_owned(),
            None => String::new(),
        });
        csv.write_record(cells).map_err(csv_error)?;
        csv.flush()?;
        Ok(())
    }
}

/// Writes rows as a workbook of one sheet (`rust_xlsxwriter`), to stdout when the
/// stream ends (a workbook is one zip file). Text is text (its column formatted as text,
/// so that a value typed in later stays text too), coordinates numbers with their 8
/// decimals shown, booleans booleans.
pub(crate) struct XlsxOut {
    chosen: Option<Vec<String>>,
    header: Option<Vec<String>>,
    /// The export the rows are of: written to a hidden sheet, not a column.
    export: Option<String>,
    workbook: rust_xlsxwriter::Workbook,
    row: u32,
    /// The formats of text columns and of coordinates, made once.
    text: rust_xlsxwriter::Format,
    coordinate: rust_xlsxwriter::Format,
}

impl XlsxOut {
    pub(crate) fn new(chosen: Option<Vec<String>>) -> XlsxOut {
        use rust_xlsxwriter::Format;
        let mut workbook = rust_xlsxwriter::Workbook::new();
        // Rows are written in order, each once: the sheet keeps none of them in memory.
        if workbook.add_worksheet_with_constant_memory().is_err() {
            workbook.add_worksheet();
        }
        XlsxOut {
            chosen,
            header: None,
            export: None,
            workbook,
            row: 0,
            text: Format::new().set_num_format("@"),
            coordinate: Format::new().set_num_format("0.00000000"),
        }
    }

    pub(crate) fn push(&mut self, row: &[(Cow<'static, str>, Cell)]) -> Result<()> {
        let (text, coordinate) = (&self.text, &self.coordinate);
        let sheet = self.workbook.worksheet_from_index(0).map_err(xlsx_error)?;
        let export = locadm_model::reader::EXPORT_MEMBER;
        if let (None, Some(Cell::Text(name))) = (&self.export, cell_named(row, export)) {
            self.export = Some(name.clone());
        }
        if self.header.is_none() {
            let mut header = header_of(self.chosen.as_deref(), row);
            header.retain(|name| name != export);
            for (col, name) in header.iter().enumerate() {
                let col = column_number(col)?;
                sheet.write_string(0, col, name).map_err(xlsx_error)?;
                if columns::is_location_column(name)
                    && locadm_model::fields::kind_of(name) == locadm_model::fields::Kind::Text
                {
                    sheet.set_column_format(col, text).map_err(xlsx_error)?;
                }
            }
            sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
            self.header = Some(header);
        }
        self.row += 1;
        let at = self.row;
        for (col, name) in self.header.as_ref().expect("set above").iter().enumerate() {
            let col = column_number(col)?;
            match cell_named(row, name) {
                None | Some(Cell::Empty) => None,
                Some(Cell::Text(t)) => Some(sheet.write_string_with_format(at, col, t, text)),
                Some(Cell::Bool(b)) => Some(sheet.write_boolean(at, col, *b)),
                Some(Cell::Number(n)) => match n.parse::<f64>() {
                    Ok(n)
                        if locadm_model::fields::kind_of(name)
                            == locadm_model::fields::Kind::Number =>
                    {
                        Some(sheet.write_number_with_format(at, col, n, coordinate))
                    }
                    Ok(n) => Some(sheet.write_number(at, col, n)),
                    Err(_) => Some(sheet.write_string(at, col, n)),
                },
            }
            .transpose()
            .map_err(xlsx_error)?;
        }
        Ok(())
    }

    /// The workbook, written whole; the export's name on a hidden sheet of its own
    /// (`locadm`: `A1` says what `B1` is), which the reader reads back.
    pub(crate) fn finish(&mut self, out: &mut impl Write) -> Result<()> {
        if let Some(export) = &self.export {
            let names = self.workbook.add_worksheet();
            names
                .set_name(locadm_model::reader::EXPORT_SHEET)
                .and_then(|sheet| sheet.write_string(0, 0, locadm_model::reader::EXPORT_MEMBER))
                .and_then(|sheet| sheet.write_string(0, 1, export))
                .map_err(xlsx_error)?;
            names.set_hidden(true);
        }
        let bytes = self.workbook.save_to_buffer().map_err(xlsx_error)?;
        out.write_all(&bytes)?;
        Ok(())
    }
}

fn column_number(col: usize) -> Result<u16> {
    u16::try_from(col).map_err(|_| Error::usage("a workbook has at most 16,384 columns"))
}

fn xlsx_error(e: rust_xlsxwriter::XlsxError) -> Error {
    Error::other("cannot write the workbook").with_source(e)
}

/// Rows of a table in `--columns`, shown at the end.
pub(crate) struct TableOut {
    chosen: Vec<String>,
    table: PagedTable,
}

impl TableOut {
    pub(crate) fn new(chosen: Vec<String>, stdout_is_terminal: bool) -> TableOut {
        TableOut {
            table: PagedTable::new(chosen.clone(), stdout_is_terminal),
            chosen,
        }
    }

    pub(crate) fn push(
        &mut self,
        row: &[(Cow<'static, str>, Cell)],
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let cells = self
            .chosen
            .iter()
            .map(|name| {
                cell_named(row, name)
                    .filter(|cell| !matches!(cell, Cell::Empty))
                    .or_else(|| in_either_form(row, name))
                    .map_or_else(String::new, |c| c.text().into_owned())
            })
            .collect();
        self.table.push(cells, out)
    }

    pub(crate) fn finish(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        self.table.finish(out)
    }
}

/// The columns of a sheet: `--columns` (exactly: `locadm:export` among them names the
/// export), else the first row's (an export's name last, which the reader sets aside and
/// compares the sheet with that export).
pub(crate) fn header_of(
    chosen: Option<&[String]>,
    row: &[(Cow<'static, str>, Cell)],
) -> Vec<String> {
    match chosen {
        Some(chosen) => chosen.to_vec(),
        None => row.iter().map(|(name, _)| name.to_string()).collect(),
    }
}

/// `city`, `postCode` and `countryCode` in a table are the location's in either address
/// form: a structured address's row has them under `structuredAddress.` only. (Only a
/// table for people: in a sheet a column is the field `apply --file` reads back.)
fn in_either_form<'r>(row: &'r [(Cow<'static, str>, Cell)], name: &str) -> Option<&'r Cell> {
    matches!(name, "city" | "postCode" | "countryCode")
        .then(|| cell_named(row, &format!("structuredAddress.{name}")))
        .flatten()
}

pub(crate) fn cell_named<'r>(row: &'r [(Cow<'static, str>, Cell)], name: &str) -> Option<&'r Cell> {
    row.iter().find(|(n, _)| n == name).map(|(_, cell)| cell)
}

fn csv_error(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => Error::from(e),
        other => Error::other(format!("cannot write CSV: {other:?}")),
    }
}
