//! Location ids from a file or standard input (`--ids-from`): one id a line, or JSON
//! lines with an `id` member, so that what `apply` printed, a journal, or what `get`
//! exported can be given as they are. Blank lines and JSON lines without an id (a
//! journal's header, a create that never got one) are passed over. (The caller takes an
//! id given twice once.)

use std::io::BufRead;
use std::path::Path;

use super::Position;
use locadm_client::error::{Error, Result};

/// How a line names a location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    Id(uuid::Uuid),
    /// A JSON line with a `storeId` and no `id` that is no result or journal line (those
    /// name a location by its id, or a create that got none): found in the inventory.
    StoreId(String),
}

/// Calls `each` with every id, or with the reason a line holds none that can be used.
pub(crate) fn for_each_id(
    path: &Path,
    mut each: impl FnMut(Position, std::result::Result<Named, String>),
) -> Result<()> {
    let reader = super::open(path)?;
    for (n, line) in reader.lines().enumerate() {
        let position = Position::Line(n + 1);
        let line = line.map_err(|e| {
            Error::usage(format!("cannot read the ids ({position})")).with_source(e)
        })?;
        let text = line.trim().trim_start_matches('\u{feff}');
        if text.is_empty() {
            continue;
        }
        let id = if text.starts_with('{') {
            match serde_json::from_str::<serde_json::Value>(text) {
                Ok(value) => match (value.get("id"), value.get("storeId")) {
                    (None | Some(serde_json::Value::Null), Some(serde_json::Value::String(s)))
                        if value.get("outcome").is_none() && value.get("key").is_none() =>
                    {
                        Ok(Named::StoreId(s.clone()))
                    }
                    (None | Some(serde_json::Value::Null), _) => continue,
                    (Some(serde_json::Value::String(id)), _) => parse(id).map(Named::Id),
                    (Some(other), _) => Err(format!("`id` is {other}, not a location id")),
                },
                Err(e) => Err(format!("not an id and not a JSON line with one ({e})")),
            }
        } else {
            parse(text.trim_matches('"')).map(Named::Id)
        };
        each(position, id);
    }
    Ok(())
}

fn parse(text: &str) -> std::result::Result<uuid::Uuid, String> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| format!("`{text}` is not a location id (a UUID is expected)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_plain_and_from_json_lines() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ids");
        let a = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
        let b = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";
        std::fs::write(
            &path,
            format!(
                "{a}\n\n{{\"command\":\"apply\",\"input\":\"x\"}}\n{{\"line\":1,\"id\":\"{b}\",\"outcome\":\"created\"}}\n{{\"key\":\"k\",\"outcome\":\"started\",\"storeId\":\"S-0\"}}\n{a}\nnot-an-id\n{{\"storeId\":\"S-1\"}}\n{{\"storeId\":\"S-2\",\"outcome\":\"failed\"}}\n"
            ),
        )
        .unwrap();
        let mut got = Vec::new();
        let id = |s: &str| Ok(Named::Id(uuid::Uuid::parse_str(s).unwrap()));
        for_each_id(&path, |p, named| got.push((p, named))).unwrap();
        assert_eq!(got.len(), 5, "{got:?}");
        assert_eq!(got[0].1, id(a));
        assert_eq!(got[1].1, id(b));
        assert_eq!(got[2].1, id(a));
        assert_eq!(got[3].0, Position::Line(7));
        assert!(got[3].1.is_err());
        // A plain record names a location by its storeId; a result line never does.
        assert_eq!(got[4].1, Ok(Named::StoreId("S-1".into())));
    }
}
