//! `--only-failed`: what an earlier run did, read from its results or its journal, so
//! that a re-run sends again only what did not succeed.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use super::journal::{self, Binding, Recorded};
use super::{Operation, Task};
use crate::output::Messages;
use locadm_client::error::{Error, Result};

/// What an earlier run did (`--only-failed`): by storeId for creates, by id for the rest.
pub(crate) struct Earlier {
    creates: HashMap<String, (Recorded, Option<String>)>,
    others: HashMap<uuid::Uuid, Recorded>,
}

impl Earlier {
    /// Reads the results (`apply`'s NDJSON) or the journal of an earlier run: a journal
    /// is told by its first line, the binding.
    pub(crate) fn load(path: &Path, messages: Messages) -> Result<Earlier> {
        use std::io::BufRead;
        let mut earlier = Earlier {
            creates: HashMap::new(),
            others: HashMap::new(),
        };
        let mut lines = crate::input::open(path)?.lines();
        let first = lines
            .by_ref()
            .map_while(std::result::Result::ok)
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default();
        if serde_json::from_str::<Binding>(&first).is_ok() {
            for entry in journal::read(path, false, messages)?.entries {
                let store_id = entry.store_id.clone().or_else(|| {
                    let part = entry.key.split('|').nth(1).unwrap_or_default();
                    (!part.is_empty()).then(|| part.to_owned())
                });
                earlier.note(entry.outcome, store_id, entry.id, entry.key.ends_with('|'));
            }
            return Ok(earlier);
        }
        for line in std::iter::once(Ok(first)).chain(lines) {
            let line = line.map_err(|e| {
                Error::usage(format!("cannot read `{}`", path.display())).with_source(e)
            })?;
            let Ok(result) = serde_json::from_str::<Result_>(&line) else {
                continue;
            };
            let create = result.operation.as_deref() == Some("create");
            let recorded = match result.outcome.as_deref() {
                Some("created") => Recorded::Created,
                Some("updated") => Recorded::Updated,
                Some("unchanged") => Recorded::Unchanged,
                Some("deleted") => Recorded::Deleted,
                Some("skipped") if create => Recorded::Created,
                Some("skipped") => Recorded::Updated,
                Some("unknown") => Recorded::Unknown,
                Some("unconfirmed") => Recorded::Unconfirmed,
                _ => continue,
            };
            earlier.note(recorded, result.store_id, result.id, create);
        }
        Ok(earlier)
    }

    fn note(
        &mut self,
        recorded: Recorded,
        store_id: Option<String>,
        id: Option<String>,
        create: bool,
    ) {
        if create {
            if let Some(store_id) = store_id {
                // Once done, a later failure of the same storeId (a duplicate line) does
                // not make it undone.
                let previous = self.creates.get(&store_id).map(|(r, _)| *r);
                if !previous.is_some_and(Recorded::is_done) {
                    self.creates.insert(store_id, (recorded, id));
                }
            }
        } else if let Some(id) = id.and_then(|i| uuid::Uuid::parse_str(&i).ok()) {
            self.others.insert(id, recorded);
        }
    }

    /// What the earlier run did with this task's record, when it did something.
    pub(crate) fn of(&self, task: &Task) -> Option<(Recorded, Option<String>)> {
        match (task.operation, &task.store_id, task.id) {
            (Operation::Create, Some(store_id), _) => self.creates.get(store_id).cloned(),
            // A create of the input, matched to a known location by its storeId.
            (_, Some(store_id), _) if task.id_from == super::IdFrom::StoreIdMatch => {
                self.creates.get(store_id).cloned()
            }
            (_, _, Some(id)) => self.others.get(&id).map(|r| (*r, Some(id.to_string()))),
            _ => None,
        }
    }
}

/// A result line of an earlier run, as `--only-failed` reads it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Result_ {
    operation: Option<String>,
    outcome: Option<String>,
    store_id: Option<String>,
    id: Option<String>,
}
