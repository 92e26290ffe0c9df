//! CSV input for bulk runs: a header row of field names (nested fields with dots, such as
//! `structuredAddress.city`), one location a row. Each row becomes the JSON text of a body,
//! so that it is validated by exactly the rules of a JSON body.
//!
//! Cells: empty means absent; `latitude`, `longitude` and `archivingPeriod` go in as
//! numbers when they are numbers (as written), `hasDisabledAccess` as a boolean when it is
//! `true` or `false`, `tags` split on commas into a list, `photoUrls` as written (the
//! comma-separated form). Anything else is a string. A cell that is not what its field
//! needs is passed on as a string, for validation to report by name.

use std::io::Read;
use std::ops::ControlFlow;

use serde_json::value::RawValue;

use super::Position;
use crate::error::{Error, Result};

const NUMBER_FIELDS: [&str; 3] = ["latitude", "longitude", "archivingPeriod"];

/// Calls `each` with every row as JSON text, with its line number.
pub fn for_each_row(reader: impl Read, mut each: impl FnMut(Position, &str)) -> Result<()> {
    try_for_each_row(reader, |position, text| {
        each(position, text);
        ControlFlow::Continue(())
    })
}

/// [`for_each_row`] that stops reading as soon as `each` says `Break`.
pub fn try_for_each_row(
    reader: impl Read,
    mut each: impl FnMut(Position, &str) -> ControlFlow<()>,
) -> Result<()> {
    let mut csv = csv::ReaderBuilder::new()
        .flexible(false)
        .trim(csv::Trim::Headers)
        .from_reader(reader);
    let headers: Vec<String> = csv
        .headers()
        .map_err(|e| Error::usage(format!("the CSV header row cannot be read: {e}")))?
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').to_owned())
        .collect();
    // An empty file has no header row at all: as with JSON input, that is a usage error
    // rather than a run over no records that ends in success.
    if headers.is_empty() {
        return Err(Error::usage(
            "the input is empty: no CSV header row to read",
        ));
    }
    if headers.iter().any(String::is_empty) {
        return Err(Error::usage("the CSV header row has an empty column name"));
    }
    let mut record = csv::StringRecord::new();
    let mut last_line = 1;
    loop {
        // The line the record starts on (a quoted cell may span lines). csv's positions
        // are one short for the first record after a CRLF header row, hence the floor.
        let line = (csv.position().line() as usize).max(last_line + 1);
        last_line = line;
        match csv.read_record(&mut record) {
            Ok(false) => return Ok(()),
            Ok(true) => {
                let text = row_to_json(&headers, &record);
                if each(Position::Line(line), &text).is_break() {
                    return Ok(());
                }
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                return Err(Error::usage(format!(
                    "the CSV input is malformed at line {line}: {e}"
                )));
            }
        }
    }
}

/// The JSON text of one row. Nested columns (`structuredAddress.city`) are gathered into
/// their object, in the order of their first column.
fn row_to_json(headers: &[String], record: &csv::StringRecord) -> String {
    let mut members: Vec<(&str, Member)> = Vec::new();
    for (name, cell) in headers.iter().zip(record.iter()) {
        if cell.is_empty() {
            continue;
        }
        match name.split_once('.') {
            Some((outer, inner)) => {
                let value = cell_json(inner, cell);
                match members.iter_mut().find(|(n, _)| *n == outer) {
                    Some((_, Member::Object(fields))) => fields.push((inner, value)),
                    _ => members.push((outer, Member::Object(vec![(inner, value)]))),
                }
            }
            None => members.push((name, Member::Value(cell_json(name, cell)))),
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

/// A cell as JSON text: numbers as written, booleans, lists, or a string.
fn cell_json(field: &str, cell: &str) -> String {
    let is_number = serde_json::from_str::<&RawValue>(cell).is_ok_and(|raw| {
        raw.get()
            .starts_with(|c: char| c == '-' || c.is_ascii_digit())
    });
    match (field, cell) {
        _ if NUMBER_FIELDS.contains(&field) && is_number => cell.to_owned(),
        ("hasDisabledAccess", "true" | "false") => cell.to_owned(),
        ("tags", _) => {
            let tags: Vec<&str> = cell.split(',').map(str::trim).collect();
            serde_json::to_string(&tags).expect("strings serialize")
        }
        _ => json_string(cell),
    }
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_csv_is_a_usage_error() {
        let err = for_each_row(&b""[..], |_, _| panic!("no row expected")).unwrap_err();
        assert_eq!(err.exit() as i32, 2);
        assert!(err.to_string().contains("empty"), "{err}");
    }

    #[test]
    fn rows_become_bodies_with_numbers_as_written() {
        let input = "storeId,structuredAddress.city,latitude,tags,hasDisabledAccess,description\r\nS1,Berlin,52.10,\"a, b\",true,\r\n";
        let mut rows = Vec::new();
        for_each_row(input.as_bytes(), |p, t| rows.push((p, t.to_owned()))).unwrap();
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
        for_each_row(input.as_bytes(), |p, _| lines.push(p)).unwrap();
        assert_eq!(
            lines,
            [Position::Line(2), Position::Line(3), Position::Line(5)]
        );
    }
}
