//! The columns of a sheet, both ways: a row of cells becomes the JSON text of a body
//! ([`row_to_json`], which the CSV reader and the workbook reader call), and a location's
//! read form becomes a row of cells ([`location_cells`], which `-o csv` and `-o xlsx`
//! write). One set of column names for both: `id`, then every field of the catalogue
//! (`model::fields`) by its path, nested ones with dots (`structuredAddress.city`).
//!
//! So that a sheet written here reads back exactly, a cell is written as the reader takes
//! it: a number as written (`52.5219`), a boolean `true`/`false`, `tags` and `photoUrls`
//! comma-separated (as a JSON array when an item holds a comma or outer blanks, which
//! the comma form would lose), `translations` as its JSON text, and an unset field or
//! an empty list as an empty cell (in a merge, absent: the location keeps its value).
//!
//! Text a spreadsheet would take for something else (a post code `01067` for the number
//! 1067, `1-5` or `MAR-01` for a date, `$100` for a currency, `WAHR` for a boolean,
//! `+4930…` or `=…` for a formula, a long number for `1.23E+15`) or trim (outer blanks)
//! is written in CSV as the formula of a string, `="01067"` ([`protect`]): Excel,
//! LibreOffice and Gnumeric show the text and save it back as it was, and the reader takes
//! a whole cell of that form as the text inside ([`unprotect`]). A leading apostrophe
//! would not do: a spreadsheet opening a CSV keeps it as part of the text.

use std::borrow::Cow;

use locadm_client::error::{Error, Result};
use locadm_model::document::{self, RawMembers};
use locadm_model::fields::{self, Kind};
use locadm_model::json::Kind as JsonKind;
use locadm_model::reader::EXPORT_MEMBER;

/// Columns a record may have besides the location's fields.
pub(crate) const EXTRA_COLUMNS: [&str; 2] = ["id", EXPORT_MEMBER];

/// Every column of a location, in the order a sheet shows them: `id`, then the catalogue.
#[cfg(test)]
pub(crate) fn location_columns() -> impl Iterator<Item = &'static str> {
    std::iter::once("id").chain(fields::LOCATION.iter().map(|f| f.path))
}

/// Whether `name` is a column the reader takes.
pub(crate) fn is_location_column(name: &str) -> bool {
    fields::location_field(name).is_some() || EXTRA_COLUMNS.contains(&name)
}

/// A sheet's header row: a byte order mark before the first name is not part of it, nor
/// are empty cells at its end (a sheet's trailing cells); an empty name before them, or
/// no name at all, is a usage error. `what` names the input (`CSV`, `workbook`).
pub(crate) fn header_row(mut headers: Vec<String>, what: &str) -> Result<Vec<String>> {
    if let Some(first) = headers.first_mut() {
        // The mark as UTF-8, or as its bytes read as Windows-1252 (`ï»¿`: a program took
        // the UTF-8 file for Windows-1252 and saved it so; its text's garbling, `Ã`
        // pairs, is marked `suspect` in a plan).
        *first = first
            .trim_start_matches('\u{feff}')
            .trim_start_matches("\u{ef}\u{bb}\u{bf}")
            .to_owned();
    }
    while headers.last().is_some_and(String::is_empty) {
        headers.pop();
    }
    // An empty file has no header row at all: as with JSON input, that is a usage error
    // rather than a run over no records that ends in success.
    if headers.is_empty() {
        return Err(Error::usage(format!(
            "the input is empty: no {what} header row to read"
        )));
    }
    if let Some(at) = headers.iter().position(String::is_empty) {
        return Err(Error::usage(format!(
            "the {what} header row has an empty column name (column {})",
            at + 1
        )));
    }
    Ok(headers)
}

/// The header's columns: the field each names, or `None` for a column ignored on purpose
/// (`--ignore-column`). A column that names no field is an error, once, naming the
/// column.
pub(crate) fn header_columns<'h>(
    headers: &'h [String],
    ignore: &[String],
    what: &str,
) -> Result<Vec<Option<&'h str>>> {
    let mut unknown = Vec::new();
    let columns = headers
        .iter()
        .map(|name| {
            if ignore.iter().any(|i| i == name) {
                return None;
            }
            if !is_location_column(name) {
                unknown.push(name.as_str());
            }
            Some(name.as_str())
        })
        .collect();
    if let Some(first) = unknown.first() {
        let (names, suggestion) = unknown_names(&unknown, &EXTRA_COLUMNS);
        return Err(Error::usage(format!(
            "the {what} column {names} is not a location field{suggestion}"
        ))
        .with_hint(format!(
            "rename the column, or skip it with `--ignore-column {first}`"
        )));
    }
    Ok(columns)
}

/// Names that are not columns, for a message: "`a`, `b`", and "; did you mean `c`?"
/// when a known name (the catalogue's, or one of `extra`) is near the first.
pub(crate) fn unknown_names(unknown: &[&str], extra: &[&'static str]) -> (String, String) {
    let near = unknown
        .first()
        .and_then(|first| fields::nearest(first, extra))
        .map(|near| format!("; did you mean `{near}`?"))
        .unwrap_or_default();
    let list = unknown
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    (list, near)
}

/// One cell of a sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    /// A JSON number as written (`52.52190000` stays so in CSV).
    Number(String),
    Bool(bool),
}

impl Cell {
    /// A JSON value as a cell: `null` empty, a list of strings comma-separated, an
    /// object or any other array as its JSON text.
    pub fn of_json(raw: &serde_json::value::RawValue) -> Cell {
        match JsonKind::of(raw) {
            JsonKind::Null => Cell::Empty,
            JsonKind::Bool => Cell::Bool(raw.get() == "true"),
            JsonKind::Number => Cell::Number(raw.get().to_owned()),
            JsonKind::String => {
                Cell::Text(serde_json::from_str(raw.get()).unwrap_or_else(|_| raw.get().into()))
            }
            // Comma-separated when that reads back to the same items, else as JSON.
            JsonKind::Array => match serde_json::from_str::<Vec<String>>(raw.get()) {
                Ok(items) if items.is_empty() => Cell::Empty,
                Ok(items) => Cell::Text(document::list_cell(&items)),
                Err(_) => Cell::Text(raw.get().to_owned()),
            },
            JsonKind::Object => Cell::Text(raw.get().to_owned()),
        }
    }

    /// The cell as text, as CSV and tables show it (unprotected).
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Cell::Empty => Cow::Borrowed(""),
            Cell::Text(text) | Cell::Number(text) => Cow::Borrowed(text),
            Cell::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
        }
    }
}

/// A location's read form (as the service sent it) as a row in [`location_columns`]:
/// its `id` and its write form, by the reader's set-aside rule (the service's copies and
/// `links` are not columns), so that the row read back is that location unchanged.
pub(crate) fn location_cells(read_form: &str) -> Vec<(Cow<'static, str>, Cell)> {
    let read = RawMembers::parse_text(read_form).unwrap_or_default();
    let id = read.get("id").map_or(Cell::Empty, Cell::of_json);
    // A read form whose copies disagree has no one write form: its members as they are.
    let body = locadm_model::reader::write_form(read.clone()).unwrap_or(read);
    let mut cells = vec![(Cow::Borrowed("id"), id)];
    for field in fields::LOCATION {
        let cell = body
            .get_path(field.path)
            .map_or(Cell::Empty, |raw| Cell::of_json(&raw));
        cells.push((Cow::Borrowed(field.path), cell));
    }
    cells
}

/// Month names and their abbreviations, which spreadsheets read before a day or year as
/// a date (`MAR-01`, `Sep 12`, `March 2026`).
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Text a spreadsheet would read as something else (a number, a date, a time, a
/// currency, a percent, a boolean, a formula) or trim (outer blanks) as the formula of
/// that string, `="01067"`; other text as it is. A UUID is left alone: no spreadsheet
/// reads it as anything but text.
pub(crate) fn protect(text: &str) -> Cow<'_, str> {
    let first = text.chars().next();
    let misread = match first {
        None => false,
        Some(c) if c.is_ascii_digit() => uuid::Uuid::try_parse(text).is_err(),
        Some(c) => {
            "+-=@.($€£¥".contains(c)
                || c.is_whitespace()
                || text.ends_with(char::is_whitespace)
                || document::boolean_word(text).is_some()
                || month_date(text)
                || unprotect(text) != text
        }
    };
    if misread {
        Cow::Owned(format!("=\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// `MAR-01`, `Sep 12`, `march/2026`, `Mar.1`: a month's name or its first three letters,
/// then a separator and digits (and whatever follows), as spreadsheets read a date.
fn month_date(text: &str) -> bool {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (name, rest) = text.split_at(letters);
    let name = name.to_ascii_lowercase();
    let a_month = letters >= 3
        && MONTHS
            .iter()
            .any(|month| *month == name || (letters == 3 && month.starts_with(&name)));
    let mut rest = rest.chars();
    let separated = matches!(rest.next(), Some('-' | '/' | ' ' | '.'));
    a_month && separated && rest.next().is_some_and(|c| c.is_ascii_digit())
}

/// The text of a cell written by [`protect`]: a whole cell `="…"` (quotes inside
/// doubled) is the text inside; any other cell is as it is.
pub(crate) fn unprotect(cell: &str) -> Cow<'_, str> {
    let Some(inner) = cell
        .strip_prefix("=\"")
        .and_then(|rest| rest.strip_suffix('"'))
    else {
        return Cow::Borrowed(cell);
    };
    // Every quote inside is doubled, or this is a formula of another kind.
    let mut chars = inner.chars();
    let mut text = String::with_capacity(inner.len());
    while let Some(c) = chars.next() {
        if c == '"' && chars.next() != Some('"') {
            return Cow::Borrowed(cell);
        }
        text.push(c);
    }
    Cow::Owned(text)
}

/// The JSON text of one row: each column's cell, by its field's kind; an empty cell is
/// absent. Nested columns (`structuredAddress.city`) are gathered into their object, in
/// the order of their first column. `None` columns are skipped (`--ignore-column`).
pub(crate) fn row_to_json<'c>(
    cells: impl IntoIterator<Item = (Option<&'c str>, &'c str)>,
    decimal_comma: bool,
) -> String {
    let mut members: Vec<(&str, Member)> = Vec::new();
    for (name, cell) in cells {
        let Some(name) = name else { continue };
        if cell.is_empty() {
            continue;
        }
        let value = cell_json(name, &unprotect(cell), decimal_comma);
        match name.split_once('.') {
            Some((outer, inner)) => match members.iter_mut().find(|(n, _)| *n == outer) {
                Some((_, Member::Object(fields))) => fields.push((inner, value)),
                _ => members.push((outer, Member::Object(vec![(inner, value)]))),
            },
            None => members.push((name, Member::Value(value))),
        }
    }
    let mut text = String::from("{");
    for (i, (name, member)) in members.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&json_string(name));
        text.push(':');
        match member {
            Member::Value(value) => text.push_str(value),
            Member::Object(fields) => {
                text.push('{');
                for (j, (inner, value)) in fields.iter().enumerate() {
                    if j > 0 {
                        text.push(',');
                    }
                    text.push_str(&json_string(inner));
                    text.push(':');
                    text.push_str(value);
                }
                text.push('}');
            }
        }
    }
    text.push('}');
    text
}

enum Member<'a> {
    Value(String),
    Object(Vec<(&'a str, String)>),
}

/// A cell as JSON text, by its field's kind (`document::text_as_json`); with
/// `--decimal-comma` (a sheet saved in a language that writes `52,5`) a number's comma is
/// its decimal point, and a boolean may be written in that language (`WAHR`, `FAUX`).
fn cell_json(field: &str, cell: &str, decimal_comma: bool) -> String {
    if decimal_comma && fields::kind_of(field) == Kind::Boolean {
        if let Some(value) = document::boolean_word(cell) {
            return value.to_string();
        }
    }
    if decimal_comma && fields::kind_of(field) == Kind::Number {
        let dotted = document::text_as_json(field, &cell.trim().replacen(',', ".", 1));
        // Not a number even so: the cell as it was written, for the rules to name.
        return if dotted.starts_with('"') {
            json_string(cell)
        } else {
            dotted
        };
    }
    document::text_as_json(field, cell)
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protected_text_reads_back_exactly() {
        for text in [
            "01067",
            "10178",
            "1-5",
            "+4930123",
            "=cmd",
            "TRUE",
            "1234567890123456789",
            "=\"x\"",
            "say \"hi\"",
            " lead",
            "trail ",
            "MAR-01",
            "Sep 12",
            "march/2026",
            "$100",
            "€5",
            "50%",
            "WAHR",
            "faux",
            "Berlin",
            "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11",
        ] {
            assert_eq!(unprotect(&protect(text)), text, "{text}");
        }
        assert_eq!(protect("01067"), "=\"01067\"");
        assert_eq!(protect("MAR-01"), "=\"MAR-01\"");
        assert_eq!(protect("Berlin"), "Berlin");
        // A word that begins as a month is not a date.
        assert_eq!(protect("Marktplatz 1"), "Marktplatz 1");
        assert_eq!(protect("Mayfair"), "Mayfair");
        assert_eq!(
            protect("0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11"),
            "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11"
        );
        // Another formula is not taken apart.
        assert_eq!(unprotect("=\"a\"&\"b\""), "=\"a\"&\"b\"");
    }

    #[test]
    fn a_read_form_becomes_the_row_the_reader_takes_back() {
        let read = r#"{"id":"0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11","storeId":"S","storeName":"N","structuredAddress":{"street":"M","city":"Berlin","postCode":"01067","countryCode":"DE"},"city":"Berlin","postCode":"01067","countryCode":"DE","address":"M, 01067 Berlin","latitude":52.52190000,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c","name":"Demo"},"tags":["a","b"],"hasDisabledAccess":true,"translations":{"de":{"storeName":"N"}},"links":[]}"#;
        let cells = location_cells(read);
        let names: Vec<_> = cells.iter().map(|(n, _)| n.as_ref()).collect();
        assert_eq!(names, location_columns().collect::<Vec<_>>());
        let text: Vec<String> = cells.iter().map(|(_, c)| c.text().into_owned()).collect();
        let json = row_to_json(
            names
                .iter()
                .copied()
                .map(Some)
                .zip(text.iter().map(String::as_str)),
            false,
        );
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["structuredAddress"]["postCode"], "01067");
        assert_eq!(v["tags"], serde_json::json!(["a", "b"]));
        assert_eq!(v["translations"]["de"]["storeName"], "N");
        assert!(json.contains("\"latitude\":52.52190000"), "{json}");
        assert!(
            v.get("city").is_none() && v.get("address").is_none(),
            "{json}"
        );
    }
}
