//! What a bulk run learns, written to the inventory once its sending is over. The report
//! writer appends each result's facts to the run's pending file ([`super::pending`]) as
//! they come, a buffered frame each, on disk at least every [`HOLD`];
//! [`Recorder::finish`] takes the file into the inventory and removes it. Neither a body
//! is read nor an SQLite row written while the run sends (issue 55).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::pending::{self, NotTakenIn, Pending};
use super::{Fact, Inventory, Service};
use locadm_client::error::{Error, Result};

/// How long a fact may wait in the buffer: a crash loses at most this much of a run's
/// facts (and a slow run's are on disk as it goes).
const HOLD: Duration = Duration::from_secs(1);

pub(crate) struct Recorder {
    pending: PathBuf,
    /// The locked file (the lock is the run's while this lives).
    file: File,
    inventory: Inventory,
    failed: Option<Box<dyn FnOnce(Error) + Send>>,
}

impl Recorder {
    /// Opens the inventory (taking in what earlier runs left), proves it can be written
    /// (a read-only or full disk is known before anything is sent), and makes the run's
    /// pending file. The first failure to write a fact goes to `failed` (a run whose
    /// creates must be remembered stops there); the facts after it are not written.
    pub(crate) fn start(
        service: Service,
        failed: impl FnOnce(Error) + Send + 'static,
    ) -> Result<Recorder> {
        let path = super::path()?;
        let mut inventory = Inventory::open_at(&path)?;
        inventory.probe_write()?;
        let Pending {
            path: pending,
            file,
        } = Pending::create(&pending::directory(&path), &service)?;
        Ok(Recorder {
            pending,
            file,
            inventory,
            failed: Some(Box::new(failed)),
        })
    }

    /// The handle the report writer notes facts with (one a run).
    pub(crate) fn notes(&mut self) -> Result<Notes> {
        let file = self.file.try_clone().map_err(|e| {
            Error::other(format!("cannot write to `{}`: {e}", self.pending.display()))
        })?;
        Ok(Notes::new(file, self.pending.clone(), self.failed.take()))
    }

    /// Takes the run's facts into the inventory (every [`Notes`] dropped by now); how
    /// many rows were written. When they cannot be, the pending file is kept, and the
    /// next opening of the inventory takes it in.
    pub(crate) fn finish(mut self) -> Result<usize> {
        match pending::take_in(&mut self.inventory, &self.pending) {
            Ok(written) => {
                let _ = std::fs::remove_file(&self.pending);
                Ok(written)
            }
            Err(NotTakenIn::Failed(e) | NotTakenIn::Damaged(e)) => Err(e.with_hint(format!(
                "what the run learned is kept in `{}`, and is taken in when locadm next opens its inventory",
                self.pending.display()
            ))),
        }
    }
}

/// Appends facts to the run's pending file.
pub(crate) struct Notes {
    out: BufWriter<File>,
    /// The frame being written, kept from fact to fact.
    frame: Vec<u8>,
    path: PathBuf,
    flushed: Instant,
    /// When the facts noted now were learned, in milliseconds since the epoch: read
    /// once for all the reports taken at once ([`Notes::learned_now`]).
    now: i64,
    failed: Option<Box<dyn FnOnce(Error) + Send>>,
    /// A write failed: nothing more is written.
    stopped: bool,
}

impl Notes {
    /// Facts appended to `file`, the pending file at `path`; the first failure to write
    /// goes to `failed`.
    fn new(file: File, path: PathBuf, failed: Option<Box<dyn FnOnce(Error) + Send>>) -> Notes {
        Notes {
            out: BufWriter::with_capacity(1 << 16, file),
            frame: Vec::new(),
            path,
            flushed: Instant::now(),
            now: super::millis(std::time::SystemTime::now()),
            failed,
            stopped: false,
        }
    }

    /// Appends `fact` (learned now, unless it says when).
    pub(crate) fn note(&mut self, fact: &Fact) {
        if self.stopped {
            return;
        }
        if let Err(e) = pending::write_fact(&mut self.out, &mut self.frame, fact, self.now) {
            let e = self.cannot(&e);
            self.fail(e);
        }
    }

    /// The facts noted next were learned now: the report writer took their reports a
    /// moment ago (the clock is read once for a batch of them, not a fact).
    pub(crate) fn learned_now(&mut self) {
        self.now = super::millis(std::time::SystemTime::now());
    }

    /// The reports taken are noted: their facts go to disk when [`HOLD`] has passed.
    pub(crate) fn caught_up(&mut self) {
        if self.stopped || self.flushed.elapsed() < HOLD {
            return;
        }
        match self.out.flush() {
            Ok(()) => self.flushed = Instant::now(),
            Err(e) => {
                let e = self.cannot(&e);
                self.fail(e);
            }
        }
    }

    fn cannot(&self, e: &std::io::Error) -> Error {
        Error::other(format!(
            "cannot write what the run learns to `{}`: {e}",
            self.path.display()
        ))
    }

    fn fail(&mut self, e: Error) {
        self.stopped = true;
        if let Some(failed) = self.failed.take() {
            failed(e);
        }
    }
}

impl Drop for Notes {
    fn drop(&mut self) {
        if !self.stopped {
            if let Err(e) = self.out.flush() {
                let e = self.cannot(&e);
                self.fail(e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A batch taken after a pause is timed when it was taken: the location it saw is
    /// last seen then, not when the batch before it ended (across runs a newer fact wins
    /// over an older one, so a fact timed early could lose to one learned before it).
    #[test]
    fn a_batch_after_a_pause_is_timed_when_it_was_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inventory.db");
        let service = Service {
            url: "https://a.example".into(),
            profile: "default".into(),
        };
        let pending = Pending::create(&pending::directory(&path), &service).unwrap();
        let mut notes = Notes::new(
            pending.file.try_clone().unwrap(),
            pending.path.clone(),
            None,
        );
        let (first, second) = (
            "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11",
            "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c",
        );
        notes.learned_now();
        notes.note(&Fact::gone(first));
        notes.caught_up();
        // Seconds apart as the inventory shows them.
        std::thread::sleep(Duration::from_millis(1100));
        notes.learned_now();
        notes.note(&Fact::gone(second));
        notes.caught_up();
        drop(notes);
        let mut inventory = Inventory::open_at(&path).unwrap();
        let taken = pending::take_in(&mut inventory, &pending.path);
        assert!(matches!(taken, Ok(2)));
        let all = super::super::Filter {
            deleted: true,
            ..Default::default()
        };
        let seen = |id: &str| {
            let known = inventory.list(&service, &all).unwrap();
            known.into_iter().find(|k| k.id == id).unwrap().last_seen
        };
        assert!(
            seen(second) > seen(first),
            "{} {}",
            seen(first),
            seen(second)
        );
    }
}
