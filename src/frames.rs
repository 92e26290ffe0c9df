//! Length-framed postcard records in a file: each frame its length (4 bytes,
//! little-endian), then the value in postcard's serde format. The one framing of the
//! files a run writes and reads back itself: the record spool (`bulk/spool.rs`) and the
//! inventory's pending facts (`inventory/pending.rs`).

use std::io::{self, BufRead, Read, Write};

use serde::{Deserialize, Serialize};

/// Appends the frame of `value` to `out`, reusing `scratch` for its encoding. (A value
/// postcard cannot encode is an `InvalidData` error, as a failed write is an error.)
pub(crate) fn write(
    out: &mut impl Write,
    scratch: &mut Vec<u8>,
    value: &impl Serialize,
) -> io::Result<()> {
    scratch.clear();
    // Through `Write` for `Vec`: a string or a body is one `extend_from_slice` (postcard's
    // `Extend` flavor takes it through an iterator).
    postcard::to_io(value, &mut *scratch)
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
pub(crate) fn read(input: &mut impl BufRead, frame: &mut Vec<u8>) -> io::Result<Next> {
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
    // Most frames are whole in the reader's buffer: one copy, no reading loop. (A
    // length is not trusted to size anything: a damaged one reads to the end.)
    let buffered = input.fill_buf()?;
    if buffered.len() >= length {
        frame.extend_from_slice(&buffered[..length]);
        input.consume(length);
        return Ok(Next::Frame);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// Frames come back whole whether the reader's buffer holds them or not, and the
    /// last one cut short is told apart from the end.
    #[test]
    fn frames_read_back_across_the_buffer_and_a_cut_is_seen() {
        let values: Vec<Vec<u8>> = vec![vec![], vec![7; 10], vec![1; 100], vec![2; 5000]];
        let mut file = Vec::new();
        for value in &values {
            write(&mut file, &mut Vec::new(), value).unwrap();
        }
        // A buffer smaller than the largest frame and than the first few together.
        for capacity in [16, 64, 1 << 16] {
            let mut input = BufReader::with_capacity(capacity, file.as_slice());
            let mut frame = Vec::new();
            for value in &values {
                assert!(matches!(read(&mut input, &mut frame).unwrap(), Next::Frame));
                assert_eq!(&decode::<Vec<u8>>(&frame).unwrap(), value);
            }
            assert!(matches!(read(&mut input, &mut frame).unwrap(), Next::End));
        }
        // The last frame alone: its length (4 bytes), then 5,002 bytes.
        let last = &file[file.len() - 5006..];
        for end in [1, 3, 5, 64, last.len() - 1] {
            let mut input = BufReader::with_capacity(64, &last[..end]);
            let mut frame = Vec::new();
            assert!(
                matches!(read(&mut input, &mut frame).unwrap(), Next::Cut),
                "{end}"
            );
        }
    }
}
