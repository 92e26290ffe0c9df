//! The report writer: a task of its own in a bulk run, taking each worker's report as it
//! comes to print it (through the printer's record sink), count it, note what it taught
//! the inventory, and keep the progress bar's message (and the `Retry-After` pauses in
//! it) up to date.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::report::{Outcome, Printed, Report, Tally};
use super::run_state::RunState;
use crate::inventory::Notes;
use crate::output::{Messages, Progress, Record, RecordSink};
use locadm_client::error::Error;
use locadm_transport::pacer::Pause;

/// Shows the run's `Retry-After` pauses as they start: in the progress bar while each
/// lasts (the report writer shows how many are in flight again once it is over), and as
/// a note when it is long ([`locadm_client::api::LONG_WAIT`]; shorter ones are in the summary's
/// total). Ends when the pacer does.
pub(super) async fn show_pauses(mut pauses: Pauses, progress: Progress, messages: Messages) {
    while pauses.changed().await.is_ok() {
        let Some(pause) = *pauses.borrow_and_update() else {
            continue;
        };
        let left = pause
            .until
            .saturating_duration_since(tokio::time::Instant::now());
        // A burst's answers each ask for the same wait from a moment later: one note
        // for the burst, not one for each few milliseconds they add.
        if pause.added >= locadm_client::api::LONG_WAIT {
            progress.note(
                messages,
                &format!(
                    "{}: no request of the run is sent until then",
                    locadm_client::api::asked_wait(pause.status, pause.asked)
                ),
            );
        }
        progress.message(format!(
            "paused {:.0} s (Retry-After)",
            left.as_secs_f64().ceil()
        ));
    }
}

/// The pauses a run's `Retry-After`s start ([`locadm_transport::pacer::Pacer::pauses`]).
pub(super) type Pauses = tokio::sync::watch::Receiver<Option<Pause>>;

/// What the progress bar's message is to the report writer: its own (how many are in
/// flight), or [`show_pauses`]'s while a pause lasts.
enum Shown {
    Writer,
    Paused,
    /// A pause was shown and is over: the writer's message is due again.
    PauseOver,
}

/// Told a pause's end only by the next report (an atomic load a report until a pause
/// starts, and a clock read a report while one is shown).
fn shown(pauses: &mut Pauses) -> Shown {
    if !pauses.has_changed().unwrap_or(false) {
        return Shown::Writer;
    }
    let lasts = pauses
        .borrow()
        .is_some_and(|pause| pause.until > tokio::time::Instant::now());
    if lasts {
        return Shown::Paused;
    }
    pauses.borrow_and_update();
    Shown::PauseOver
}

/// The most reports the writer takes from the channel at once.
const BATCH: usize = 64;

/// How long a result line may wait in the stdout buffer when no other comes.
const FLUSH_AFTER: Duration = Duration::from_millis(100);

/// The misses of a bulk read kept for its error (`-o json`'s `failed`): each is also said
/// on stderr as it comes, and an input can have millions.
pub(super) const ASIDES_KEPT: usize = 1000;

/// Where the report writer puts what it takes.
pub(super) struct Outputs {
    /// Stdout's record stream, when the run prints its results.
    pub sink: Option<RecordSink>,
    /// `--curl`, whose requests are on stdout: each result that printed none is said
    /// here instead.
    pub aside: Option<Messages>,
    pub progress: Progress,
    pub pauses: Pauses,
    pub state: Arc<RunState>,
    /// What the run teaches the inventory.
    pub notes: Option<Notes>,
}

/// The writer: one result per task on stdout, the progress bar, the tally. Returns the
/// tally and the error that made stdout unusable, if one did.
pub(super) async fn write_reports(
    mut reports: mpsc::Receiver<Box<Report>>,
    outputs: Outputs,
) -> (Tally, Option<Error>) {
    let mut writer = Writer {
        out: outputs,
        tally: Tally::default(),
        pending: false,
        output_error: None,
        shown_limit: 0,
    };
    // The reports waiting are taken at once: one wake-up and one release of the
    // channel's slots for all of them (in a fast run, most are waiting).
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        let received = if writer.pending {
            let next = reports.recv_many(&mut batch, BATCH);
            match tokio::time::timeout(FLUSH_AFTER, next).await {
                Ok(received) => received,
                Err(_) => {
                    writer.flush();
                    continue;
                }
            }
        } else {
            reports.recv_many(&mut batch, BATCH).await
        };
        if received == 0 {
            break;
        }
        writer.take_all(batch.drain(..));
    }
    writer.finish()
}

/// The report writer between two reports.
struct Writer {
    out: Outputs,
    tally: Tally,
    /// Lines reach stdout when the buffer fills, or when no report came for a moment (a
    /// reader of the pipe sees progress), never one write per record: some wait.
    pending: bool,
    /// What made stdout unusable: nothing more is printed.
    output_error: Option<Error>,
    /// The number in flight the progress bar shows.
    shown_limit: usize,
}

impl Writer {
    /// The reports taken from the channel at once, in order.
    fn take_all(&mut self, batch: impl Iterator<Item = Box<Report>>) {
        if let Some(notes) = &mut self.out.notes {
            notes.learned_now();
        }
        for report in batch {
            self.take(report);
        }
        if let Some(notes) = &mut self.out.notes {
            notes.caught_up();
        }
    }

    /// Counts, prints and notes one task's report.
    fn take(&mut self, mut report: Box<Report>) {
        self.tally.count(&report);
        let failed = report.outcome.failed();
        match &self.out.aside {
            Some(messages) if failed => self.out.progress.detail(*messages, &report.said()),
            Some(messages) if report.outcome != Outcome::Printed => {
                self.out.progress.note(*messages, &report.said());
            }
            _ => {}
        }
        let printed = Printed(&report);
        if self.tally.asides.len() < ASIDES_KEPT && printed.aside().is_some() {
            if let Ok(result) = serde_json::to_value(&printed) {
                self.tally.asides.push(result);
            }
        }
        if self.output_error.is_none() {
            let pushed = match &mut self.out.sink {
                Some(sink) => sink.push(&printed),
                None => Ok(()),
            };
            if let Err(e) = pushed {
                // Stdout is gone (a closed pipe): stop sending, but let the requests in
                // flight finish so that the journal records their outcome.
                self.output_error = Some(e);
                self.out.state.stop();
            }
            self.pending = true;
        }
        if let Some(notes) = &mut self.out.notes {
            report.note_facts(notes);
        }
        self.out.progress.inc();
        let limit = self.out.state.limit();
        let due = match shown(&mut self.out.pauses) {
            Shown::Writer => failed || limit != self.shown_limit,
            Shown::Paused => false,
            Shown::PauseOver => true,
        };
        if due {
            self.shown_limit = limit;
            let failed = match self.tally.failed {
                0 => String::new(),
                n => format!(", {n} failed"),
            };
            self.out
                .progress
                .message(format!("{limit} in flight{failed}"));
        }
    }

    /// Puts the lines waiting in the buffer on stdout.
    fn flush(&mut self) {
        if let Err(e) = self.out.sink.as_mut().map_or(Ok(()), RecordSink::flush) {
            self.output_error.get_or_insert(e.into());
            self.out.state.stop();
        }
        self.pending = false;
    }

    fn finish(mut self) -> (Tally, Option<Error>) {
        if self.output_error.is_none() {
            if let Err(e) = self.out.sink.map_or(Ok(()), RecordSink::finish) {
                self.output_error = Some(e);
            }
        }
        self.out.progress.finish();
        (self.tally, self.output_error)
    }
}
