//! The progress bar of a bulk run, on stderr, drawn only at a terminal without `--quiet`,
//! and only for a run long enough to watch ([`LONG_RUN_RECORDS`], [`LONG_RUN_SECONDS`]):
//! three records flashed a bar and its "6 in flight" before their one summary line.

use std::time::Duration;

/// A run of this many records (or one that lasts [`LONG_RUN_SECONDS`]) is long enough
/// to show how it goes: a bar, and the lines of its pace without `-v`.
pub(crate) const LONG_RUN_RECORDS: usize = 100;
pub(crate) const LONG_RUN_SECONDS: f64 = 2.0;

/// Cheap to clone: the clones draw the same bar.
#[derive(Clone)]
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    pub(super) fn new(total: usize, drawn: bool) -> Progress {
        if !drawn {
            return Progress(None);
        }
        // A short run's bar is drawn only once the run has lasted long enough.
        let target = if total >= LONG_RUN_RECORDS {
            indicatif::ProgressDrawTarget::stderr()
        } else {
            indicatif::ProgressDrawTarget::hidden()
        };
        let bar = indicatif::ProgressBar::with_draw_target(Some(total as u64), target);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {rate} ETA {eta} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                // indicatif's own `{per_sec}` shows four decimals of records a second.
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, out: &mut dyn std::fmt::Write| {
                        let _ = write!(out, "{:.0}/s", state.per_sec());
                    },
                ),
        );
        Progress(Some(bar))
    }

    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            if bar.is_hidden() && bar.elapsed() >= Duration::from_secs_f64(LONG_RUN_SECONDS) {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.inc(1);
        }
    }

    pub fn message(&self, text: String) {
        if let Some(bar) = &self.0 {
            bar.set_message(text);
        }
    }

    /// A note for people on stderr while the run goes on: above the bar when it is drawn
    /// (written past it, the line would be torn by the next redraw), else as any note
    /// (silent with `--quiet`).
    pub fn note(&self, messages: super::Messages, text: &str) {
        match &self.0 {
            Some(bar) if !bar.is_hidden() => bar.println(super::sanitize(text)),
            _ => messages.note(text),
        }
    }

    /// A line of detail that belongs to a failure (shown even with `--quiet`), placed
    /// as [`Progress::note`] places a note.
    pub fn detail(&self, messages: super::Messages, text: &str) {
        match &self.0 {
            Some(bar) => bar.println(super::sanitize(text)),
            None => messages.detail(text),
        }
    }

    /// Removes the bar (the summary line takes its place).
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
