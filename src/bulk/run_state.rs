//! What the workers of a run share while it runs: its pace, whether to stop sending,
//! and why (an interrupt, or a failure every task would meet).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::output::Messages;
use locadm_client::error::Error;
use locadm_transport::pacer::Pacer;

/// What the tasks of a run share: whether to stop sending, and why.
pub(crate) struct RunState {
    /// The run's pace: its workers wait their turn on it.
    pacer: Arc<Pacer>,
    stop: AtomicBool,
    /// Ctrl-C or SIGTERM.
    interrupted: AtomicBool,
    /// A run-wide failure (the service refuses every token, the spool cannot be read):
    /// every other task would fail the same way, so the run stops on it.
    failure: std::sync::Mutex<Option<Error>>,
}

impl RunState {
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The run was stopped by Ctrl-C or SIGTERM.
    pub(super) fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }

    pub(super) fn new(pacer: Arc<Pacer>) -> RunState {
        RunState {
            pacer,
            stop: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            failure: std::sync::Mutex::new(None),
        }
    }

    /// Nothing new is sent: the waits before a send end at once (`Pacer::stop`).
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.pacer.stop();
    }

    /// The input is done: the workers still waiting for their turn have nothing to do.
    pub(super) fn input_done(&self) {
        self.pacer.close();
    }

    /// How many workers a pass starts.
    pub(super) fn workers(&self) -> usize {
        self.pacer.workers()
    }

    /// Requests in flight allowed now (for the progress bar).
    pub(crate) fn limit(&self) -> usize {
        self.pacer.limit()
    }

    /// Waits until worker `index` may take a task.
    pub(super) async fn turn(&self, index: usize) {
        self.pacer.turn(index).await;
    }

    pub(super) fn fail(&self, error: Error) {
        self.stop();
        let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        failure.get_or_insert(error);
    }

    pub(super) fn take_failure(&self) -> Option<Error> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

/// Stops the run on the first Ctrl-C or SIGTERM; ends the process on the second.
pub(super) async fn watch_interrupts(state: Arc<RunState>, messages: Messages) {
    let mut signals = crate::signal::Interrupts::new();
    if !signals.next().await {
        return;
    }
    state.interrupted.store(true, Ordering::SeqCst);
    state.stop();
    messages.detail("interrupted: no more records are sent; waiting for the requests in flight (Ctrl-C again to quit at once)");
    // Installing the handler took away the default action of SIGINT: a second Ctrl-C
    // must still end the process. Creates in flight stay `started` in the journal, so a
    // re-run reports them as unknown rather than sending them twice.
    if signals.next().await {
        crate::output::exit_interrupted();
    }
}
