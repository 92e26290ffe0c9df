//! The tasks as pre-flight left them: checked, the `id` taken out, the body serialized
//! for its operation (or the problems that make it invalid), in input order, in a
//! temporary file. The send pass reads them back instead of parsing and checking the
//! input a second time, so memory stays flat and each record is validated once.
//!
//! One frame a task (`crate::frames`: its length, then the task in postcard's serde
//! format, compact and not self-describing: the spool is written and read by the same
//! process). The body stays the JSON text it will be sent as, kept as bytes (as sent). A
//! frame is read whole into a buffer kept from task to task and decoded from there.

use std::fs::File;
use std::io::{BufReader, BufWriter, Seek};

use bytes::Bytes;

use super::Operation;
use crate::input::Position;
use locadm_client::error::{Error, Result};

/// One task of a bulk run, ready to carry out or to report as invalid.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Task {
    pub position: Position,
    pub operation: Operation,
    pub id: Option<uuid::Uuid>,
    pub store_id: Option<String>,
    /// The JSON to send (a full body, or a merge patch), empty for a read or a delete, or
    /// why the record is invalid.
    pub body: std::result::Result<Bytes, String>,
    /// Where `id` came from: the input, or locadm's inventory by storeId (then it is
    /// trusted only once the service confirms that storeId).
    #[serde(default)]
    pub id_from: IdFrom,
    /// The export a sheet's record was edited from, as the sheet names it.
    #[serde(default)]
    pub export: Option<String>,
    /// A create's name and city, from its checked body: what the inventory lists of it
    /// once created, without reading the body again.
    #[serde(default)]
    pub shown: Option<Shown>,
}

/// What the inventory lists of a location besides its ids.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Shown {
    pub name: Option<String>,
    pub city: Option<String>,
}

/// Where a task's `id` came from. The inventory is locadm's memory, a hint: an id taken
/// from it is used only once the location read from the service still has the storeId it
/// was found under. Until then the entry may be stale (the location re-purposed under
/// another storeId by someone else, deleted, or a crafted import).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum IdFrom {
    /// The input gave it (or none: a create).
    #[default]
    Input,
    /// A record without `id` whose storeId the inventory knows: a create in the input,
    /// so its journal key and an earlier run's result are the create's. Confirmed, it
    /// changes that location; stale, the record is created as written.
    StoreIdMatch,
    /// A storeId the user named (`--store-id`, an `--ids-from` line without `id`).
    /// Confirmed, the task is carried out; stale, it fails naming both storeIds.
    StoreIdNamed,
}

impl IdFrom {
    /// The id came from the inventory, and the service must confirm it first.
    pub(crate) fn needs_confirming(self) -> bool {
        self != IdFrom::Input
    }
}

/// A spooled body as the JSON text pre-flight wrote: not text only if the spool, a
/// temporary file, was damaged on disk.
pub(crate) fn body_text(body: &[u8]) -> Result<&str> {
    std::str::from_utf8(body).map_err(|e| {
        Error::other("cannot read the record spool: a body is not UTF-8").with_source(e)
    })
}

pub(super) struct SpoolWriter {
    file: BufWriter<File>,
    /// The frame being written, kept from task to task.
    frame: Vec<u8>,
}

impl SpoolWriter {
    pub(super) fn new() -> Result<SpoolWriter> {
        // Unlinked at once: nothing is left behind, whatever ends the process.
        let file = tempfile::tempfile().map_err(|e| spool_error("create", e))?;
        Ok(SpoolWriter {
            file: BufWriter::with_capacity(1 << 16, file),
            frame: Vec::new(),
        })
    }

    pub(super) fn push(&mut self, record: &Task) -> Result<()> {
        crate::frames::write(&mut self.file, &mut self.frame, record)
            .map_err(|e| spool_error("write", e))
    }

    /// The spool, from its first record.
    pub(super) fn into_reader(self) -> Result<SpoolReader> {
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| spool_error("write", e.into_error()))?;
        file.rewind().map_err(|e| spool_error("read", e))?;
        Ok(SpoolReader {
            file: BufReader::with_capacity(1 << 16, file),
            frame: Vec::new(),
        })
    }
}

pub(crate) struct SpoolReader {
    file: BufReader<File>,
    /// The frame being read, kept from task to task.
    frame: Vec<u8>,
}

impl SpoolReader {
    /// Back to the first record, for a second pass.
    pub(crate) fn rewind(&mut self) -> Result<()> {
        use std::io::Seek;
        self.file.rewind().map_err(|e| spool_error("read", e))
    }

    /// The next record; `None` after the last.
    pub(crate) fn next(&mut self) -> Result<Option<Task>> {
        match crate::frames::read(&mut self.file, &mut self.frame)
            .map_err(|e| spool_error("read", e))?
        {
            crate::frames::Next::End => Ok(None),
            crate::frames::Next::Cut => Err(damaged()),
            crate::frames::Next::Frame => crate::frames::decode(&self.frame)
                .map(Some)
                .map_err(|_| damaged()),
        }
    }
}

/// A frame that does not decode: the temporary file was damaged on disk.
fn damaged() -> Error {
    Error::other("cannot read the record spool: a record in it is damaged")
}

fn spool_error(what: &str, e: std::io::Error) -> Error {
    Error::other(format!("cannot {what} the record spool (a temporary file)"))
        .with_source(e)
        .with_hint("check the space in the temporary directory (TMPDIR)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tasks() -> Vec<Task> {
        let mut tasks = vec![
            Task {
                position: Position::Line(1),
                operation: Operation::Create,
                id: None,
                store_id: Some("S-1".into()),
                body: Ok(Bytes::from_static(br#"{"storeId":"S-1","latitude":52.10}"#)),
                id_from: IdFrom::Input,
                export: None,
                shown: None,
            },
            Task {
                position: Position::Index(7),
                operation: Operation::Replace,
                id: Some(uuid::Uuid::from_u128(42)),
                store_id: None,
                body: Err("storeId: required".into()),
                id_from: IdFrom::Input,
                export: None,
                shown: None,
            },
        ];
        // Every operation and position, an empty body, and text that is not ASCII.
        let operations = [
            Operation::Create,
            Operation::Replace,
            Operation::Merge,
            Operation::Get,
            Operation::Delete,
        ];
        for (n, operation) in operations.into_iter().enumerate() {
            tasks.push(Task {
                position: [
                    Position::Whole,
                    Position::Line(usize::MAX),
                    Position::Index(0),
                ][n % 3],
                operation,
                id: Some(uuid::Uuid::from_u128(u128::MAX - n as u128)),
                store_id: Some(format!("Straße-{n}")),
                body: Ok(Bytes::new()),
                id_from: IdFrom::Input,
                export: Some(format!("2026-11-28T22:30:00Z/{n:04x}")),
                shown: None,
            });
        }
        tasks
    }

    #[test]
    fn records_come_back_in_order_and_unchanged() {
        let records = tasks();
        let mut writer = SpoolWriter::new().unwrap();
        for record in &records {
            writer.push(record).unwrap();
        }
        let mut reader = writer.into_reader().unwrap();
        for expected in &records {
            let got = reader.next().unwrap().expect("a record");
            assert_eq!(format!("{got:?}"), format!("{expected:?}"));
        }
        assert!(reader.next().unwrap().is_none());
        assert!(reader.next().unwrap().is_none());
    }

    /// A frame cut short is an error, not a task (the spool has no checksum: a byte
    /// changed within a text or a number is not seen).
    #[test]
    fn a_frame_cut_short_is_an_error() {
        for task in tasks() {
            let frame = postcard::to_stdvec(&task).unwrap();
            for end in 0..frame.len() {
                assert!(postcard::from_bytes::<Task>(&frame[..end]).is_err());
            }
        }
    }
}
