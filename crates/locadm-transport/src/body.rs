//! An answer's body as it is read: at most [`MAX_RESPONSE_BYTES`] each, and at most
//! [`MAX_HELD_BYTES`] for every answer the process has read (or is reading) and still
//! holds. A service (or whatever answers in its place) that sends long answers to every
//! request of a run would otherwise have the run hold a cap's worth for each request in
//! flight and each result queued: 112 MB at 16 in flight, and more with `--concurrency
//! auto`. Every reader of answers (the
//! dedicated connections, the HTTP/2 lanes, the CLI's shared client) reads through a
//! [`BodyBuffer`].

use std::sync::atomic::{AtomicUsize, Ordering};

use bytes::Bytes;

use crate::failure::Failure;

/// The largest response body read; a larger one is refused rather than buffered. Twice
/// the largest record the tool sends (`input::DEFAULT_MAX_RECORD`, 1 MiB): a read form
/// is that record and a few links. (It was 8 MiB: 16 answers at that size in flight
/// held 200 MB; benches/memory.sh.)
pub const MAX_RESPONSE_BYTES: usize = 2 << 20;

/// The most the answers a process has read and still holds may hold together: four at
/// the cap. A location's read form is a few KiB, so a run reaches this only when
/// answers are far larger than any location (an answer that would go past it fails as
/// one too large).
pub const MAX_HELD_BYTES: usize = 4 * MAX_RESPONSE_BYTES;

/// The first room a body of unknown length is given; it doubles from there.
const FIRST_ROOM: usize = 16 << 10;

/// What the answers being read hold now: the room their buffers have taken, not only
/// the bytes in it. Counted by the bytes, 16 answers of 2 MiB less 64 bytes, each given
/// its declared length at the first byte, held 32 MiB under a budget of 8, and the run
/// peaked at 68-78 MiB (benches/memory.sh).
static HELD: AtomicUsize = AtomicUsize::new(0);

/// The body of one answer being read, and its share of [`MAX_HELD_BYTES`]: the room its
/// buffer has, kept by the [`Bytes`] it is frozen into and given back when the last of
/// them is dropped (an answer read is held until the run has written its result: answers
/// queued for the report writer count too).
pub struct BodyBuffer {
    bytes: Vec<u8>,
    /// The length the answer declared, if it is within the cap: the room taken at once.
    expected: Option<usize>,
    held: usize,
}

/// A frozen body and its share, given back on drop ([`Bytes::from_owner`]).
struct Held {
    bytes: Vec<u8>,
    share: usize,
}

impl AsRef<[u8]> for Held {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        HELD.fetch_sub(self.share, Ordering::Relaxed);
    }
}

impl BodyBuffer {
    /// A buffer for a body of `expected` bytes, when its length is known (its room taken
    /// whole with the first bytes, never grown).
    pub fn new(expected: Option<u64>) -> BodyBuffer {
        BodyBuffer {
            bytes: Vec::new(),
            expected: expected
                .and_then(|n| usize::try_from(n).ok())
                .filter(|&n| n <= MAX_RESPONSE_BYTES),
            held: 0,
        }
    }

    /// Appends `chunk`, or refuses it: [`Failure::TooLarge`] past [`MAX_RESPONSE_BYTES`],
    /// [`Failure::Crowded`] when the answers being read would hold more than
    /// [`MAX_HELD_BYTES`] with the room it needs.
    pub fn extend(&mut self, chunk: &[u8]) -> Result<(), Failure> {
        let needed = self.bytes.len() + chunk.len();
        if needed > MAX_RESPONSE_BYTES {
            return Err(Failure::TooLarge);
        }
        if needed > self.held {
            let room = match self.expected {
                Some(expected) => expected.max(needed),
                None => needed
                    .max(self.held * 2)
                    .clamp(FIRST_ROOM, MAX_RESPONSE_BYTES),
            };
            let more = room - self.held;
            let held = HELD.fetch_add(more, Ordering::Relaxed) + more;
            self.held = room;
            if held > MAX_HELD_BYTES {
                return Err(Failure::Crowded);
            }
            self.bytes.reserve_exact(room - self.bytes.len());
        }
        self.bytes.extend_from_slice(chunk);
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The whole body, holding its share until every clone of it is dropped.
    pub fn freeze(mut self) -> Bytes {
        let held = Held {
            bytes: std::mem::take(&mut self.bytes),
            share: std::mem::take(&mut self.held),
        };
        Bytes::from_owner(held)
    }
}

impl Drop for BodyBuffer {
    fn drop(&mut self) {
        HELD.fetch_sub(self.held, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test: the budget is the process's, and tests run on threads of one process.
    #[test]
    fn answers_read_at_once_share_the_budget_and_give_it_back() {
        let chunk = vec![b'x'; MAX_RESPONSE_BYTES / 8];
        // An answer past the cap is refused.
        let mut body = BodyBuffer::new(None);
        for _ in 0..8 {
            body.extend(&chunk).unwrap();
        }
        assert!(matches!(body.extend(b"x"), Err(Failure::TooLarge)));
        drop(body);

        let mut full = Vec::new();
        // Four answers at the cap fill the budget.
        for _ in 0..4 {
            let mut body = BodyBuffer::new(None);
            for _ in 0..8 {
                body.extend(&chunk).unwrap();
            }
            full.push(body);
        }
        let mut fourth = BodyBuffer::new(None);
        assert!(matches!(fourth.extend(&chunk), Err(Failure::Crowded)));
        drop(fourth);
        // Read whole, an answer holds its share while it is kept.
        let read = full.pop().unwrap().freeze();
        let kept = read.slice(0..10);
        drop(read);
        assert_eq!(kept.len(), 10);
        assert!(matches!(
            BodyBuffer::new(None).extend(&chunk),
            Err(Failure::Crowded)
        ));
        drop(kept);
        let mut next = BodyBuffer::new(Some(10));
        next.extend(&chunk).unwrap();
        drop(full);
        drop(next);
        // Every share given back: three answers at the cap are read again.
        for _ in 0..3 {
            let mut body = BodyBuffer::new(None);
            for _ in 0..8 {
                body.extend(&chunk).unwrap();
            }
        }

        // The room an answer takes is counted, not only its bytes: four that declared a
        // length at the cap take it all with their first byte, and a fifth is refused.
        let mut declared: Vec<BodyBuffer> = (0..4)
            .map(|_| BodyBuffer::new(Some(MAX_RESPONSE_BYTES as u64)))
            .collect();
        for body in &mut declared {
            body.extend(b"x").unwrap();
        }
        let mut fifth = BodyBuffer::new(Some(MAX_RESPONSE_BYTES as u64));
        assert!(matches!(fifth.extend(b"x"), Err(Failure::Crowded)));
        drop(fifth);
        drop(declared);
        // Unknown lengths grow by doubling, within the cap.
        let mut grown = BodyBuffer::new(None);
        grown.extend(&[b'x'; 1000]).unwrap();
        assert_eq!(grown.held, FIRST_ROOM);
        grown.extend(&vec![b'x'; FIRST_ROOM]).unwrap();
        assert_eq!(grown.held, 2 * FIRST_ROOM);
        assert_eq!(grown.freeze().len(), 1000 + FIRST_ROOM);
    }
}
