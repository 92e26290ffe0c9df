//! The tasks as pre-flight left them: checked, the `id` taken out, the body serialized
//! for its operation (or the problems that make it invalid), in input order, in a
//! temporary file. The send pass reads them back instead of parsing and checking the
//! input a second time, so memory stays flat and each record is validated once.
//!
//! One frame a task: its length (4 bytes, little-endian), then the task in the layout of
//! [`encode`] and [`decode`], beside each other below. The body stays the JSON text it
//! will be sent as, kept as bytes (as sent): read back as a string, it was checked as
//! UTF-8 a second time, 660 instructions a record. A frame is read whole into a buffer
//! kept from task to task and decoded from there. The layout is this file's own (the
//! spool is written and read by the same process): through MessagePack (rmp-serde) a
//! task cost the send pass 1,570 instructions to read back, 4% of a bulk create's
//! record over TLS (callgrind), where reading the fields in place costs half of that.

use std::fs::File;
use std::io::{BufReader, BufWriter, Seek};

use bytes::Bytes;

use super::Operation;
use crate::error::{Error, Result};
use crate::input::Position;

/// One task of a bulk run, ready to carry out or to report as invalid.
#[derive(Debug, Clone)]
pub struct Task {
    pub position: Position,
    pub operation: Operation,
    pub id: Option<uuid::Uuid>,
    pub store_id: Option<String>,
    /// The JSON to send (a full body, or a merge patch), empty for a read or a delete, or
    /// why the record is invalid.
    pub body: std::result::Result<Bytes, String>,
}

/// A spooled body as the JSON text pre-flight wrote: not text only if the spool, a
/// temporary file, was damaged on disk.
pub fn body_text(body: &[u8]) -> Result<&str> {
    std::str::from_utf8(body).map_err(|e| {
        Error::other(format!(
            "cannot read the record spool: a body is not UTF-8: {e}"
        ))
    })
}

pub struct SpoolWriter {
    file: BufWriter<File>,
    /// The frame being written, kept from task to task.
    frame: Vec<u8>,
}

impl SpoolWriter {
    pub fn new() -> Result<SpoolWriter> {
        // Unlinked at once: nothing is left behind, whatever ends the process.
        let file = tempfile::tempfile().map_err(|e| spool_error("create", e))?;
        Ok(SpoolWriter {
            file: BufWriter::with_capacity(1 << 16, file),
            frame: Vec::new(),
        })
    }

    pub fn push(&mut self, record: &Task) -> Result<()> {
        use std::io::Write;
        self.frame.clear();
        encode(record, &mut self.frame)?;
        let length = length_of(&self.frame)?;
        self.file
            .write_all(&length.to_le_bytes())
            .and_then(|()| self.file.write_all(&self.frame))
            .map_err(|e| spool_error("write", e))
    }

    /// The spool, from its first record.
    pub fn into_reader(self) -> Result<SpoolReader> {
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

pub struct SpoolReader {
    file: BufReader<File>,
    /// The frame being read, kept from task to task.
    frame: Vec<u8>,
}

impl SpoolReader {
    /// The next record; `None` after the last.
    pub fn next(&mut self) -> Result<Option<Task>> {
        use std::io::{BufRead, Read};
        let at_end = self
            .file
            .fill_buf()
            .map_err(|e| spool_error("read", e))?
            .is_empty();
        if at_end {
            return Ok(None);
        }
        let mut length = [0; 4];
        self.file
            .read_exact(&mut length)
            .map_err(|e| spool_error("read", e))?;
        self.frame.resize(u32::from_le_bytes(length) as usize, 0);
        self.file
            .read_exact(&mut self.frame)
            .map_err(|e| spool_error("read", e))?;
        decode(&self.frame).map(Some)
    }
}

/// A task's frame: its position (a tag: 0 the whole input, 1 a line, 2 an index; then 8
/// bytes), its operation (a tag, [`operation_tag`]), its id (0, or 1 and 16 bytes), its
/// storeId (0, or 1 and a text), its body (1 and the bytes to send, or 0 and the
/// problems as a text); a text or bytes are a length (4 bytes) and as many bytes.
/// Numbers are little-endian.
fn encode(task: &Task, frame: &mut Vec<u8>) -> Result<()> {
    let (tag, at) = match task.position {
        Position::Whole => (0, 0),
        Position::Line(n) => (1, n),
        Position::Index(i) => (2, i),
    };
    frame.push(tag);
    frame.extend_from_slice(&(at as u64).to_le_bytes());
    frame.push(operation_tag(task.operation));
    match task.id {
        Some(id) => {
            frame.push(1);
            frame.extend_from_slice(id.as_bytes());
        }
        None => frame.push(0),
    }
    match &task.store_id {
        Some(store_id) => {
            frame.push(1);
            put_bytes(frame, store_id.as_bytes())?;
        }
        None => frame.push(0),
    }
    match &task.body {
        Ok(body) => {
            frame.push(1);
            put_bytes(frame, body)
        }
        Err(problems) => {
            frame.push(0);
            put_bytes(frame, problems.as_bytes())
        }
    }
}

fn put_bytes(frame: &mut Vec<u8>, bytes: &[u8]) -> Result<()> {
    frame.extend_from_slice(&length_of(bytes)?.to_le_bytes());
    frame.extend_from_slice(bytes);
    Ok(())
}

/// A length as the spool writes it (4 bytes).
fn length_of(bytes: &[u8]) -> Result<u32> {
    u32::try_from(bytes.len())
        .map_err(|_| Error::other("a record is too large for the record spool (4 GiB)"))
}

/// The task of a frame [`encode`] wrote.
fn decode(frame: &[u8]) -> Result<Task> {
    let mut frame = Reader(frame);
    let tag = frame.byte()?;
    let at = usize::try_from(u64::from_le_bytes(frame.array()?)).map_err(|_| damaged())?;
    let position = match tag {
        0 if at == 0 => Position::Whole,
        1 => Position::Line(at),
        2 => Position::Index(at),
        _ => return Err(damaged()),
    };
    let operation = *OPERATIONS
        .get(usize::from(frame.byte()?))
        .ok_or_else(damaged)?;
    let id = match frame.flag()? {
        true => Some(uuid::Uuid::from_bytes(frame.array()?)),
        false => None,
    };
    let store_id = match frame.flag()? {
        true => Some(frame.text()?),
        false => None,
    };
    let body = match frame.flag()? {
        true => Ok(Bytes::copy_from_slice(frame.bytes()?)),
        false => Err(frame.text()?),
    };
    if !frame.0.is_empty() {
        return Err(damaged());
    }
    Ok(Task {
        position,
        operation,
        id,
        store_id,
        body,
    })
}

/// The operations by the byte each is spooled as ([`operation_tag`]: its place here).
const OPERATIONS: [Operation; 5] = [
    Operation::Create,
    Operation::Replace,
    Operation::Merge,
    Operation::Get,
    Operation::Delete,
];

/// Exhaustive, so that a new operation is given a byte where it is written; the tests
/// read each back through [`OPERATIONS`].
fn operation_tag(operation: Operation) -> u8 {
    match operation {
        Operation::Create => 0,
        Operation::Replace => 1,
        Operation::Merge => 2,
        Operation::Get => 3,
        Operation::Delete => 4,
    }
}

/// What is left of a frame being decoded.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.0.len() < n {
            return Err(damaged());
        }
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }

    fn flag(&mut self) -> Result<bool> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(damaged()),
        }
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        Ok(self.take(N)?.try_into().expect("N bytes taken"))
    }

    fn bytes(&mut self) -> Result<&'a [u8]> {
        let length = u32::from_le_bytes(self.array()?) as usize;
        self.take(length)
    }

    fn text(&mut self) -> Result<String> {
        let text = std::str::from_utf8(self.bytes()?).map_err(|_| damaged())?;
        Ok(text.to_owned())
    }
}

/// A frame that is not one [`encode`] wrote: the temporary file was damaged on disk.
fn damaged() -> Error {
    Error::other("cannot read the record spool: a record in it is damaged")
}

fn spool_error(what: &str, e: std::io::Error) -> Error {
    Error::other(format!(
        "cannot {what} the record spool (a temporary file): {e}"
    ))
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
            },
            Task {
                position: Position::Index(7),
                operation: Operation::Replace,
                id: Some(uuid::Uuid::from_u128(42)),
                store_id: None,
                body: Err("storeId: required".into()),
            },
        ];
        // Every operation and position, an empty body, and text that is not ASCII.
        for (n, operation) in OPERATIONS.into_iter().enumerate() {
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

    #[test]
    fn every_operation_is_read_back_as_itself() {
        for (place, operation) in OPERATIONS.into_iter().enumerate() {
            assert_eq!(
                usize::from(operation_tag(operation)),
                place,
                "{operation:?}"
            );
        }
    }

    /// What a frame's layout rules out is an error, not a task: a frame cut short, a
    /// byte too many, a tag or flag that is none, text that is not UTF-8. (A byte
    /// changed within a text or a number is not seen: the spool has no checksum.)
    #[test]
    fn a_malformed_frame_is_an_error() {
        for task in tasks() {
            let mut frame = Vec::new();
            encode(&task, &mut frame).unwrap();
            // Cut short anywhere, or with a byte too many.
            for end in 0..frame.len() {
                let error = decode(&frame[..end]).unwrap_err();
                assert!(error.to_string().contains("damaged"), "{error}");
            }
            frame.push(0);
            assert!(decode(&frame).is_err());
        }
        // The first task: position (byte 0, then 8), operation (9), no id (10), a
        // storeId (11: flag, 12: length, 16: "S-1"), the body's flag (19).
        let mut frame = Vec::new();
        encode(&tasks()[0], &mut frame).unwrap();
        let bad = [
            (0, 3),                      // a position that is none
            (9, OPERATIONS.len() as u8), // an operation that is none
            (10, 2),                     // a flag that is neither 0 nor 1
            (19, 2),
            (16, 0xff), // a storeId that is not UTF-8
        ];
        for (at, byte) in bad {
            let mut bad = frame.clone();
            bad[at] = byte;
            assert!(decode(&bad).is_err(), "byte {at} = {byte}");
        }
        // The whole input's position is written as 0, and read only so.
        let mut whole = Vec::new();
        encode(&tasks()[2], &mut whole).unwrap();
        assert!(matches!(decode(&whole).unwrap().position, Position::Whole));
        whole[1] = 1;
        assert!(decode(&whole).is_err());
    }
}
