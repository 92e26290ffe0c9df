//! `inventory import FILE…`: what files the tool wrote or read say exists. Anything with
//! an `id` and a `storeId` is taken: an export (`location get -o ndjson`, `-o json`, a
//! JSON array, `-o csv`, `-o xlsx`, a spreadsheet's save of one), what `inventory export`
//! printed (names, `deleted` and `lastSeen` carried), the results of `apply`, `get` or
//! `delete`, a journal. A result or journal line says what happened: `deleted`,
//! `not-found` or a 404 mark the location gone, a success marks it seen, and one that did
//! not succeed (`failed`, `unknown`, `started`…) teaches nothing. A fact is as old as its
//! record's `lastSeen`, else as its file (its modification time), so an old file never
//! overrides what is known since. Files are read a record at a time through the input
//! layer's readers (JSON, CSV cells unprotected, bounded workbooks): flat memory.

use std::io::{BufRead, Read};
use std::ops::ControlFlow;
use std::path::Path;

use serde_json::{Map, Value};

use super::Binding;
use super::Fact;
use crate::columns::header_row;
use locadm_client::error::{Error, Result};

/// What one file taught.
#[derive(Debug, Default)]
pub(crate) struct Taught {
    pub locations: usize,
    pub gone: usize,
    /// Records without a usable `id` and `storeId`, or that did not succeed, passed over.
    pub passed_over: usize,
}

/// A journal's binding (the service its ids belong to), from the first line of `path`;
/// `None` for any other file. Read before anything is imported, so that a journal of
/// another service refuses the whole import.
pub(crate) fn binding_of(path: &Path) -> Result<Option<Binding>> {
    if path == Path::new("-") {
        // Standard input is read once: its binding is checked as it comes (first).
        return Ok(None);
    }
    let mut first = String::new();
    // A line of a journal's header is short; a first line longer than this is none.
    let _ = crate::input::open(path)?
        .take(64 * 1024)
        .read_line(&mut first);
    Ok(
        serde_json::from_str::<Value>(first.trim_start_matches('\u{feff}'))
            .ok()
            .and_then(|value| binding(&value)),
    )
}

/// Reads `path` (`-`: standard input) a record at a time, in flat memory whatever its
/// size, and calls `each` with every fact it teaches (a journal's binding goes to
/// `bound` first). A fact is as old as the record's `lastSeen` (an inventory export),
/// else as its file (its modification time).
pub(crate) fn for_each_fact(
    path: &Path,
    bound: impl FnMut(&Binding) -> Result<()>,
    each: impl FnMut(Fact) -> Result<()>,
) -> Result<Taught> {
    let at = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .filter(|_| path != Path::new("-"))
        .map(super::millis);
    let mut reader = crate::input::open(path)?;
    let cannot = |e: Error| Error::usage(format!("cannot read `{}`: {e}", path.display()));
    let mut reading = Reading {
        at,
        bound,
        each,
        taught: Taught::default(),
        failure: None,
    };
    let start = reader
        .fill_buf()
        .map_err(|e| cannot(Error::other(e.to_string())))?;
    let start = start.strip_prefix("\u{feff}".as_bytes()).unwrap_or(start);
    let first = start.iter().find(|b| !b.is_ascii_whitespace()).copied();
    let zip = start.starts_with(b"PK\x03\x04");
    match first {
        None => {}
        Some(b'{' | b'[') => {
            let max = crate::input::DEFAULT_MAX_RECORD;
            crate::input::try_for_each_input(reader, max, |_, record| {
                let value = record.and_then(|text| {
                    serde_json::from_str::<Value>(text)
                        .map_err(|e| format!("a record is not JSON ({e})"))
                });
                match value {
                    Ok(value) => reading.take(&value),
                    Err(problem) => reading.fail(Error::usage(problem)),
                }
            })
            .map_err(cannot)?;
        }
        // A workbook (`-o xlsx`, a spreadsheet's `.xlsx` or `.ods`).
        Some(_) if zip => {
            let mut names: Option<Vec<String>> = None;
            let read = crate::input::workbook::for_each_text_row(reader, |_, cells| {
                let Some(names) = &names else {
                    names = Some(header_row(cells.to_vec(), "workbook")?);
                    return Ok(());
                };
                match reading.take(&row(names, cells.iter().map(String::as_str))) {
                    ControlFlow::Continue(()) => Ok(()),
                    // The reason is kept in `reading`.
                    ControlFlow::Break(()) => Err(Error::other("stopped")),
                }
            });
            if reading.failure.is_none() {
                read.map_err(cannot)?;
            }
        }
        // CSV (`-o csv`): its cells as the CSV reader takes them.
        Some(_) => {
            let mut names: Vec<String> = Vec::new();
            crate::input::csv::try_for_each_cells(reader, Default::default(), |position, cells| {
                if position.is_none() {
                    names = header_row(cells.iter().map(str::to_owned).collect(), "CSV")?;
                    return Ok(ControlFlow::Continue(()));
                }
                Ok(reading.take(&row(&names, cells.iter())))
            })
            .map_err(cannot)?;
        }
    }
    match reading.failure {
        Some(e) => Err(cannot(e)),
        None => Ok(reading.taught),
    }
}

/// A file being read: what it taught so far, and why it stopped, if it did.
struct Reading<B, E> {
    /// The file's time, for records without a `lastSeen`.
    at: Option<i64>,
    bound: B,
    each: E,
    taught: Taught,
    failure: Option<Error>,
}

impl<B, E> Reading<B, E>
where
    B: FnMut(&Binding) -> Result<()>,
    E: FnMut(Fact) -> Result<()>,
{
    fn take(&mut self, value: &Value) -> ControlFlow<()> {
        let result = match (binding(value), fact(value)) {
            (Some(binding), _) => (self.bound)(&binding),
            (None, Some(mut fact)) => {
                fact.at = fact.at.or(self.at);
                self.taught.locations += 1;
                self.taught.gone += usize::from(fact.gone);
                (self.each)(fact)
            }
            (None, None) => {
                self.taught.passed_over += 1;
                Ok(())
            }
        };
        match result {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => self.fail(e),
        }
    }

    fn fail(&mut self, e: Error) -> ControlFlow<()> {
        self.failure = Some(e);
        ControlFlow::Break(())
    }
}

/// A journal's header line.
fn binding(value: &Value) -> Option<Binding> {
    let object = value.as_object()?;
    if !object.contains_key("input") || object.contains_key("outcome") {
        return None;
    }
    serde_json::from_value::<Binding>(value.clone()).ok()
}

/// A sheet's row as the JSON record it stands for: each cell under its column's name,
/// unprotected as the CSV reader does (`="007"` is `007`), empty cells left out.
fn row<'c>(names: &[String], cells: impl Iterator<Item = &'c str>) -> Value {
    let mut object = Map::new();
    for (name, cell) in names.iter().zip(cells) {
        let name = match name.as_str() {
            "structuredAddress.city" => "city",
            other => other,
        };
        let cell = crate::columns::unprotect(cell);
        if !cell.is_empty() {
            object.insert(name.to_owned(), Value::String(cell.into_owned()));
        }
    }
    Value::Object(object)
}

/// What one record says of its location, when it names one (an `id` and a `storeId`)
/// and says something: an export (the location itself, or what `inventory export`
/// printed), a result or a journal line. `deleted`, `not-found` or a 404 mark it gone; a
/// success marks it seen; one that did not succeed (`failed`, `unknown`, `started`…)
/// teaches nothing.
fn fact(value: &Value) -> Option<Fact> {
    let object = value.as_object()?;
    let text = |name: &str| object.get(name).and_then(Value::as_str).map(str::to_owned);
    let (id, store_id) = (text("id")?, text("storeId")?);
    uuid::Uuid::parse_str(&id).ok()?;
    let status = object.get("status").and_then(|s| {
        s.as_u64()
            .or_else(|| s.as_str().and_then(|s| s.parse().ok()))
    });
    let creating = text("operation").as_deref() == Some("create");
    // `inventory export`'s `deleted`, as JSON or as a sheet's cell.
    let deleted = match object.get("deleted") {
        Some(Value::Bool(deleted)) => *deleted,
        Some(Value::String(deleted)) => deleted.eq_ignore_ascii_case("true"),
        _ => false,
    };
    let gone = match text("outcome").as_deref() {
        _ if deleted => true,
        _ if status == Some(404) && !creating => true,
        Some("deleted" | "not-found") => true,
        // An export: the location itself. A success: what it did.
        None
        | Some(
            "created" | "re-created" | "updated" | "restored" | "unchanged" | "read" | "skipped"
            | "planned",
        ) => false,
        // It did not succeed, or was about to be sent: it teaches nothing.
        Some(_) => return None,
    };
    let city = object
        .get("structuredAddress")
        .and_then(|a| a.get("city"))
        .and_then(Value::as_str)
        .or_else(|| object.get("city").and_then(Value::as_str))
        .map(str::to_owned);
    let at = text("lastSeen")
        .and_then(|seen| humantime::parse_rfc3339_weak(&seen).ok())
        .map(super::millis);
    Some(Fact {
        id,
        store_id: Some(store_id),
        // A location's `storeName`; what `inventory export` printed calls it `name`.
        name: text("storeName").or_else(|| text("name")),
        city,
        gone,
        at,
        ..Fact::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
    const B: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    /// What `text`, as a file, teaches: its facts, its binding, what it passed over.
    struct Imported {
        facts: Vec<Fact>,
        binding: Option<Binding>,
        passed_over: usize,
    }

    fn facts(text: &str) -> Imported {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, text).unwrap();
        let (mut facts, mut binding) = (Vec::new(), None);
        let taught = for_each_fact(
            &path,
            |b| {
                binding = Some(b.clone());
                Ok(())
            },
            |fact| {
                facts.push(fact);
                Ok(())
            },
        )
        .unwrap();
        Imported {
            facts,
            binding,
            passed_over: taught.passed_over,
        }
    }

    #[test]
    fn results_journals_exports_and_sheets_say_what_exists() {
        let results = facts(&format!(
            "{{\"line\":1,\"storeId\":\"S-1\",\"operation\":\"create\",\"outcome\":\"created\",\"id\":\"{A}\",\"status\":201}}\n\
             {{\"line\":2,\"storeId\":\"S-2\",\"operation\":\"update\",\"outcome\":\"failed\",\"id\":\"{B}\",\"status\":404}}\n\
             {{\"line\":3,\"storeId\":\"S-3\",\"operation\":\"update\",\"outcome\":\"failed\",\"id\":\"{B}\",\"status\":500}}\n"
        ));
        let seen: Vec<(&str, bool)> = results
            .facts
            .iter()
            .map(|f| (f.store_id.as_deref().unwrap(), f.gone))
            .collect();
        assert_eq!(seen, [("S-1", false), ("S-2", true)]);
        assert_eq!(results.passed_over, 1);

        let journal = facts(&format!(
            "{{\"command\":\"apply\",\"input\":\"sha256:x\",\"service\":\"http://127.0.0.1:1\",\"profile\":\"default\"}}\n\
             {{\"key\":\"1|S-1|\",\"outcome\":\"started\",\"storeId\":\"S-1\"}}\n\
             {{\"key\":\"1|S-1|\",\"outcome\":\"created\",\"storeId\":\"S-1\",\"id\":\"{A}\"}}\n"
        ));
        assert_eq!(journal.facts.len(), 1);
        assert_eq!(
            journal.binding.unwrap().service.as_deref(),
            Some("http://127.0.0.1:1")
        );

        let export = facts(&format!(
            "[{{\"id\":\"{A}\",\"storeId\":\"S-1\",\"storeName\":\"One\",\"structuredAddress\":{{\"city\":\"Dresden\"}}}}]"
        ));
        assert_eq!(export.facts[0].city.as_deref(), Some("Dresden"));
        assert_eq!(export.facts[0].name.as_deref(), Some("One"));

        let sheet = facts(&format!(
            "id;storeId;storeName;structuredAddress.city\n{A};S-1;One;Dresden\n;S-9;No id;Berlin\n"
        ));
        assert_eq!(sheet.facts.len(), 1);
        assert_eq!(sheet.facts[0].city.as_deref(), Some("Dresden"));
        assert_eq!(sheet.passed_over, 1);
    }
}
