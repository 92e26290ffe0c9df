//! What a bulk run learns, written to the inventory by a thread of its own: the report
//! writer gathers the results' facts and hands them over a batch at a time (one channel
//! send, one wake-up of the thread, for [`BATCH`] results: a send a result cost a fast
//! run a third of its rate on two cores), and the thread writes each batch in one
//! transaction. No worker or the report writer ever waits for SQLite.

use std::sync::mpsc;
use std::thread::JoinHandle;

use super::{Fact, Inventory, Service};
use locadm_client::error::{Error, Result};

/// The facts handed over at once, and written in one transaction.
const BATCH: usize = 1024;

/// How long a fact may wait for its batch to fill: a slow run's are written as it goes
/// (what a concurrent run or a crash sees), at most this much behind.
const HOLD: std::time::Duration = std::time::Duration::from_secs(1);

pub(crate) struct Recorder {
    facts: mpsc::Sender<Vec<Fact>>,
    thread: JoinHandle<usize>,
}

impl Recorder {
    /// Opens the inventory here (so that a failure is known before the run) and starts
    /// the writer. Its first failure to write goes to `failed` (a run whose creates must
    /// be remembered stops there); the facts after it are drained unwritten.
    pub(crate) fn start(
        service: Service,
        failed: impl FnOnce(Error) + Send + 'static,
    ) -> Result<Recorder> {
        let mut inventory = Inventory::open()?;
        // A write now, before the run: a read-only or full disk is known before
        // anything is sent.
        inventory.probe_write()?;
        let (facts, received) = mpsc::channel::<Vec<Fact>>();
        let thread = std::thread::Builder::new()
            .name("inventory".into())
            .spawn(move || {
                let mut written = 0;
                let mut failed = Some(failed);
                while let Ok(batch) = received.recv() {
                    // After a failure the rest is drained unwritten.
                    if failed.is_some() {
                        match inventory.record(&service, batch) {
                            Ok(n) => written += n,
                            Err(e) => failed.take().map_or((), |failed| failed(e)),
                        }
                    }
                }
                written
            })
            .map_err(|e| Error::other(format!("cannot start the inventory's writer: {e}")))?;
        Ok(Recorder { facts, thread })
    }

    /// A handle to hand facts over with (the report writer's).
    pub(crate) fn notes(&self) -> Notes {
        Notes {
            facts: self.facts.clone(),
            batch: Vec::with_capacity(BATCH),
            since: std::time::Instant::now(),
        }
    }

    /// Waits until everything noted is written (every [`Notes`] dropped); how many rows
    /// were.
    pub(crate) fn finish(self) -> Result<usize> {
        drop(self.facts);
        self.thread
            .join()
            .map_err(|_| Error::other("the inventory's writer failed"))
    }
}

/// Hands facts over to a [`Recorder`]'s thread, [`BATCH`] at a time (or what came in
/// [`HOLD`]); the rest when dropped.
pub(crate) struct Notes {
    facts: mpsc::Sender<Vec<Fact>>,
    batch: Vec<Fact>,
    /// When the batch's first fact came.
    since: std::time::Instant,
}

impl Notes {
    pub(crate) fn note(&mut self, fact: Fact) {
        if self.batch.is_empty() {
            self.since = std::time::Instant::now();
        }
        self.batch.push(fact);
        if self.batch.len() >= BATCH || self.since.elapsed() >= HOLD {
            self.hand_over();
        }
    }

    fn hand_over(&mut self) {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        // The thread ends only once every handle is dropped and the recorder finished.
        let _ = self.facts.send(batch);
    }
}

impl Drop for Notes {
    fn drop(&mut self) {
        if !self.batch.is_empty() {
            self.hand_over();
        }
    }
}
