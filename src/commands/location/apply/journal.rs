//! The journal of a bulk run: an append-only file with one JSON line per event, written
//! through (no user-space buffer) so that a crash loses nothing that was finished.
//!
//! Before a create is sent, a `started` line is written; when a record finishes, its
//! outcome. On a re-run, records whose outcome was `created` or `updated` are skipped;
//! a create that `started` without an outcome, or ended `unknown`, may have been carried
//! out, so it is reported as `unknown` again and not sent unless `--retry-unknown`.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::output::Messages;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recorded {
    Started,
    Created,
    Updated,
    Failed,
    Unknown,
}

#[derive(Serialize, Deserialize)]
struct Entry<'a> {
    key: std::borrow::Cow<'a, str>,
    outcome: Recorded,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<std::borrow::Cow<'a, str>>,
}

/// The first line of a journal: which input it belongs to.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    input: String,
}

pub struct Journal {
    file: Mutex<File>,
    /// What earlier runs recorded, by record key: the last word on each.
    previous: HashMap<String, (Recorded, Option<String>)>,
}

impl Journal {
    /// Opens (or starts) the journal at `path` for the input whose digest is `input`.
    /// A journal written for other input is refused: its keys are positions in that
    /// input, and resuming with changed input could send a record twice.
    pub fn open(path: &Path, input: &str, messages: Messages) -> Result<Journal> {
        let mut previous = HashMap::new();
        let mut written_for: Option<String> = None;
        match File::open(path) {
            Ok(file) => {
                for (n, line) in BufReader::new(file).lines().enumerate() {
                    let line = line?;
                    if line.trim().is_empty() {
                        continue;
                    }
                    // A line cut short by a crash is the only kind that may not parse; it
                    // can only be the last one, and it recorded nothing finished.
                    if let Ok(header) = serde_json::from_str::<Header>(&line) {
                        written_for.get_or_insert(header.input);
                        continue;
                    }
                    match serde_json::from_str::<Entry>(&line) {
                        Ok(entry) => {
                            previous.insert(
                                entry.key.into_owned(),
                                (entry.outcome, entry.id.map(|i| i.into_owned())),
                            );
                        }
                        Err(_) => messages.warning(&format!(
                            "{} line {}: not a journal entry; ignored",
                            path.display(),
                            n + 1
                        )),
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(Error::usage(format!(
                    "cannot read the journal `{}`: {e}",
                    path.display()
                )))
            }
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| {
                Error::usage(format!(
                    "cannot write the journal `{}`: {e}",
                    path.display()
                ))
            })?;
        match written_for {
            Some(digest) if digest != input => {
                return Err(Error::usage(format!(
                    "the journal `{}` was written for other input: the records changed since",
                    path.display()
                ))
                .with_hint("resuming with changed input could send records twice; use the original input, or a new journal"));
            }
            Some(_) => {}
            None if previous.is_empty() => {
                let mut header = serde_json::to_vec(&Header {
                    input: input.to_owned(),
                })
                .map_err(|e| Error::other(e.to_string()))?;
                header.push(b'\n');
                (&file)
                    .write_all(&header)
                    .map_err(|e| Error::other(format!("cannot write the journal: {e}")))?;
            }
            None => {
                return Err(Error::usage(format!(
                    "the journal `{}` does not say which input it was written for",
                    path.display()
                ))
                .with_hint("use a new journal"));
            }
        }
        Ok(Journal {
            file: Mutex::new(file),
            previous,
        })
    }

    /// What an earlier run recorded for `key`.
    pub fn previous(&self, key: &str) -> Option<&(Recorded, Option<String>)> {
        self.previous.get(key)
    }

    pub fn record(&self, key: &str, outcome: Recorded, id: Option<&str>) -> Result<()> {
        let mut line = serde_json::to_vec(&Entry {
            key: key.into(),
            outcome,
            id: id.map(Into::into),
        })
        .map_err(|e| Error::other(e.to_string()))?;
        line.push(b'\n');
        // One write of one whole line, so concurrent writers never interleave.
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(&line)
            .map_err(|e| Error::other(format!("cannot write the journal: {e}")))
    }
}
