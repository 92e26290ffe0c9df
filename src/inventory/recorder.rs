//! What a bulk run learns, written to the inventory by a thread of its own: the report
//! writer hands each result's fact over (a channel send), and the thread writes what has
//! come in since its last write in one transaction. A fast run is written in a few large
//! transactions, and no worker or the report writer ever waits for SQLite.

use std::sync::mpsc;
use std::thread::JoinHandle;

use super::{Fact, Inventory, Service};
use crate::error::{Error, Result};

/// The most facts written in one transaction (a slow stream writes each at once).
const BATCH: usize = 4096;

pub(crate) struct Recorder {
    facts: mpsc::Sender<Fact>,
    thread: JoinHandle<Result<usize>>,
}

impl Recorder {
    /// Opens the inventory here (so that a failure is known before the run) and starts
    /// the writer.
    pub(crate) fn start(service: Service) -> Result<Recorder> {
        let mut inventory = Inventory::open()?;
        let (facts, received) = mpsc::channel::<Fact>();
        let thread = std::thread::Builder::new()
            .name("inventory".into())
            .spawn(move || {
                let mut written = 0;
                let mut failure = None;
                while let Ok(first) = received.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match received.try_recv() {
                            Ok(fact) => batch.push(fact),
                            Err(_) => break,
                        }
                    }
                    // After a failure the rest is drained unwritten: the run goes on.
                    if failure.is_none() {
                        match inventory.record(&service, batch) {
                            Ok(n) => written += n,
                            Err(e) => failure = Some(e),
                        }
                    }
                }
                failure.map_or(Ok(written), Err)
            })
            .map_err(|e| Error::other(format!("cannot start the inventory's writer: {e}")))?;
        Ok(Recorder { facts, thread })
    }

    /// A handle to hand facts over with (the report writer's).
    pub(crate) fn notes(&self) -> Notes {
        Notes(self.facts.clone())
    }

    /// Waits until everything noted is written (every [`Notes`] dropped); how many rows
    /// were.
    pub(crate) fn finish(self) -> Result<usize> {
        drop(self.facts);
        self.thread
            .join()
            .map_err(|_| Error::other("the inventory's writer failed"))?
    }
}

/// Hands facts over to a [`Recorder`]'s thread.
pub(crate) struct Notes(mpsc::Sender<Fact>);

impl Notes {
    pub(crate) fn note(&self, fact: Fact) {
        // The thread ends only once every handle is dropped and the recorder finished.
        let _ = self.0.send(fact);
    }
}
