//! Length-framed postcard records in a file: each frame its length (4 bytes,
//! little-endian), then the value in postcard's serde format. The one framing of the
//! files a run writes and reads back itself: the record spool (`bulk/spool.rs`) and the
//! inventory's pending facts (`inventory/pending.rs`).

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};

/// Appends the frame of `value` to `out`, reusing `scratch` for its encoding. (A value
/// postcard cannot encode is an `InvalidData` error, as a failed write is an error.)
pub(crate) fn write(
    out: &mut impl Write,
    scratch: &mut Vec<u8>,
    value: &impl Serialize,
) -> io::Result<()> {
    scratch.clear();
    *scratch = postcard::to_extend(value, std::mem::take(scratch))
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let length = u32::try_from(scratch.len())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a frame over 4 GiB"))?;
    out.write_all(&length.to_le_bytes())?;
    out.write_all(scratch)
}

/// What reading the next frame found.
pub(crate) enum Next {
    /// A whole frame, in the buffer given.
    Frame,
    /// The end of the input.
    End,
    /// A last frame cut short: the input ends inside it.
    Cut,
}

/// Reads the next frame of `input` into `frame` (kept from frame to frame).
pub(crate) fn read(input: &mut impl Read, frame: &mut Vec<u8>) -> io::Result<Next> {
    let mut length = [0; 4];
    let mut got = 0;
    while got < 4 {
        match input.read(&mut length[got..])? {
            0 if got == 0 => return Ok(Next::End),
            0 => return Ok(Next::Cut),
            n => got += n,
        }
    }
    let length = u32::from_le_bytes(length) as usize;
    frame.clear();
    input.take(length as u64).read_to_end(frame)?;
    Ok(if frame.len() == length {
        Next::Frame
    } else {
        Next::Cut
    })
}

/// The value a frame holds.
pub(crate) fn decode<'a, T: Deserialize<'a>>(
    frame: &'a [u8],
) -> std::result::Result<T, postcard::Error> {
    postcard::from_bytes(frame)
}
