//! `inventory import FILE…`: what files the tool wrote or read say exists. Anything with
//! an `id` and a `storeId` is taken: an export (`location get -o ndjson`, `-o json`, a
//! JSON array, `-o csv`), the results of `apply`, `get` or `delete`, a journal. A result
//! or journal line says what happened: `deleted`, `not-found` or a 404 mark the location
//! gone, a success marks it seen, and one that did not succeed (`failed`, `unknown`,
//! `started`…) teaches nothing. A fact is as old as its file (its modification time), so
//! an old file never overrides what is known since.

use std::io::{BufRead, Read};
use std::path::Path;

use serde_json::Value;

use super::Fact;
use crate::bulk::journal::Binding;
use crate::error::{Error, Result};

/// What one file says.
pub(crate) struct Imported {
    pub facts: Vec<Fact>,
    /// A journal's binding: the service its ids belong to.
    pub binding: Option<Binding>,
    /// Records without a usable `id` and `storeId`, passed over.
    pub passed_over: usize,
}

/// Reads every record of `path` (`-`: standard input).
pub(crate) fn read_facts(path: &Path) -> Result<Imported> {
    let at = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .filter(|_| path != Path::new("-"))
        .map(super::millis);
    let mut reader = crate::input::open(path)?;
    let cannot =
        |e: &dyn std::fmt::Display| Error::usage(format!("cannot read `{}`: {e}", path.display()));
    let mut text = String::new();
    reader.read_to_string(&mut text).map_err(|e| cannot(&e))?;
    let text = text.trim_start_matches('\u{feff}');
    let mut imported = Imported {
        facts: Vec::new(),
        binding: None,
        passed_over: 0,
    };
    let first = text.trim_start().chars().next();
    if matches!(first, Some('{' | '[')) {
        for value in serde_json::Deserializer::from_str(text).into_iter::<Value>() {
            match value.map_err(|e| cannot(&e))? {
                Value::Array(items) => items.iter().for_each(|v| take(v, &mut imported)),
                other => take(&other, &mut imported),
            }
        }
    } else if first.is_some() {
        read_sheet(text.as_bytes(), &mut imported).map_err(|e| cannot(&e))?;
    }
    for fact in &mut imported.facts {
        fact.at = at;
    }
    Ok(imported)
}

/// One JSON record.
fn take(value: &Value, imported: &mut Imported) {
    let Some(object) = value.as_object() else {
        imported.passed_over += 1;
        return;
    };
    if object.contains_key("input") && !object.contains_key("outcome") {
        if let Ok(binding) = serde_json::from_value::<Binding>(value.clone()) {
            imported.binding = Some(binding);
            return;
        }
    }
    let text = |name: &str| object.get(name).and_then(Value::as_str).map(str::to_owned);
    let (Some(id), Some(store_id)) = (text("id"), text("storeId")) else {
        imported.passed_over += 1;
        return;
    };
    if uuid::Uuid::parse_str(&id).is_err() {
        imported.passed_over += 1;
        return;
    }
    let status = object.get("status").and_then(Value::as_u64);
    let creating = text("operation").as_deref() == Some("create");
    let gone = match text("outcome").as_deref() {
        _ if status == Some(404) && !creating => true,
        Some("deleted" | "not-found") => true,
        // An export: the location itself. A success: what it did.
        None
        | Some(
            "created" | "re-created" | "updated" | "restored" | "unchanged" | "read" | "skipped"
            | "planned",
        ) => false,
        // It did not succeed, or was about to be sent: it teaches nothing.
        Some(_) => {
            imported.passed_over += 1;
            return;
        }
    };
    let city = object
        .get("structuredAddress")
        .and_then(|a| a.get("city"))
        .and_then(Value::as_str)
        .or_else(|| object.get("city").and_then(Value::as_str))
        .map(str::to_owned);
    imported.facts.push(Fact {
        id,
        store_id: Some(store_id),
        name: text("storeName"),
        city,
        gone,
        ..Fact::default()
    });
}

/// A sheet (`-o csv`): its `id`, `storeId`, `storeName` and city columns; the
/// delimiter the one of `,`, `;` and tab the header row has most of.
fn read_sheet(bytes: &[u8], imported: &mut Imported) -> std::result::Result<(), csv::Error> {
    let header = bytes
        .lines()
        .next()
        .and_then(|l| l.ok())
        .unwrap_or_default();
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| header.bytes().filter(|b| b == d).count())
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(bytes);
    let names: Vec<String> = reader.headers()?.iter().map(str::to_owned).collect();
    for row in reader.records() {
        let row = row?;
        let mut object = serde_json::Map::new();
        for (name, cell) in names.iter().zip(row.iter()) {
            let name = match name.as_str() {
                "structuredAddress.city" => "city",
                other => other,
            };
            if !cell.is_empty() {
                object.insert(name.to_owned(), Value::String(cell.to_owned()));
            }
        }
        take(&Value::Object(object), imported);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
    const B: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    fn facts(text: &str) -> Imported {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, text).unwrap();
        read_facts(&path).unwrap()
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
