//! `locadm location apply`: bulk creates and updates.
//!
//! Pre-flight reads the input once, checks every record and reports every problem;
//! nothing is sent if any record is invalid (unless `--skip-invalid`). It leaves the
//! records, bodies serialized, in a temporary spool (spool.rs), which the send pass
//! streams to `--concurrency` workers: one API client (one token), each worker on an
//! HTTP/1.1 connection of its own. One writer prints a result per record and keeps the
//! progress bar; the journal is written as each record finishes. Memory stays flat for
//! any input size.

mod journal;
mod spool;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sha2::Digest;
use tokio::sync::mpsc;

use self::journal::{Journal, Recorded};
use self::spool::{SpoolReader, SpoolWriter, Spooled};
use crate::api::{ApiClient, Route};
use crate::cli::{ApplyArgs, InputFormat};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Position};
use crate::model::json::RawObject;
use crate::model::{LocationBody, Problems};
use crate::output::{Human, Messages, Progress, Record, RecordSink};

/// What one record asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Operation {
    Create,
    Update,
}

/// The result line printed for each record.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    store_id: Option<String>,
    operation: Operation,
    outcome: Outcome,
    id: Option<String>,
    status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Outcome {
    Created,
    Updated,
    /// Done by an earlier run (journal).
    Skipped,
    Invalid,
    Failed,
    /// A create sent without an answer: it may or may not exist now.
    Unknown,
    /// `--dry-run`: would be sent.
    #[serde(rename = "dry-run")]
    DryRun,
}

/// A `--dry-run` line: the report and the body that would be sent (numbers as written).
#[derive(Serialize)]
struct DryRun {
    #[serde(flatten)]
    report: Report,
    body: Box<serde_json::value::RawValue>,
}

impl Record for DryRun {
    fn id(&self) -> Option<&str> {
        self.report.id()
    }

    fn human(&self) -> Human {
        Human::Line(format!(
            "{}: {:?} {}",
            self.report.position(),
            self.report.operation,
            self.body.get()
        ))
    }
}

impl Record for Report {
    const HEADER: &'static [&'static str] = &["Record", "storeId", "Outcome", "Id", "Error"];

    fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// At a terminal the table shows what did not succeed; the summary counts the rest.
    fn human(&self) -> Human {
        match self.outcome {
            Outcome::Failed | Outcome::Unknown | Outcome::Invalid => Human::Row(vec![
                self.position(),
                self.store_id.clone().unwrap_or_default(),
                format!("{:?}", self.outcome).to_lowercase(),
                self.id.clone().unwrap_or_default(),
                self.error.clone().unwrap_or_default(),
            ]),
            _ => Human::Hidden,
        }
    }
}

impl Report {
    fn position(&self) -> String {
        match (self.line, self.index) {
            (Some(line), _) => format!("line {line}"),
            (_, Some(index)) => format!("[{index}]"),
            _ => "body".to_owned(),
        }
    }
}

/// One record, read and checked.
struct Prepared {
    position: Position,
    operation: Operation,
    id: Option<uuid::Uuid>,
    store_id: Option<String>,
    checked: std::result::Result<LocationBody, Problems>,
}

impl Prepared {
    fn new(position: Position, text: &str) -> Prepared {
        let mut problems = Problems::default();
        let object = match serde_json::from_str::<RawObject>(text) {
            Ok(object) => object,
            Err(e) => {
                problems.error("", crate::model::json::not_an_object(text, &e));
                return Prepared {
                    position,
                    operation: Operation::Create,
                    id: None,
                    store_id: None,
                    checked: Err(problems),
                };
            }
        };
        // The `id` says which location to update; it is not part of the body sent.
        let (ids, members): (Vec<_>, Vec<_>) = object
            .members
            .into_iter()
            .partition(|(name, _)| name == "id");
        let body = RawObject { members };
        let store_id = body
            .members
            .iter()
            .find(|(name, _)| name == "storeId")
            .and_then(|(_, raw)| serde_json::from_str::<String>(raw.get()).ok());
        let id = object_id(&ids);
        let mut checked = LocationBody::check(&body).map(|c| c.body);
        if !ids.is_empty() && id.is_none() {
            let mut problems = checked.err().unwrap_or_default();
            problems.error("id", "must be a location id (a UUID string)");
            checked = Err(problems);
        }
        Prepared {
            position,
            operation: if ids.is_empty() {
                Operation::Create
            } else {
                Operation::Update
            },
            id,
            store_id,
            checked,
        }
    }

    /// The record as the send pass needs it (the body serialized for its operation), and
    /// its problems when it is invalid.
    fn into_spooled(self) -> (Spooled, Option<Problems>) {
        let (body, problems) = match self.checked {
            Ok(body) => {
                let op = match self.operation {
                    Operation::Create => crate::model::WriteOp::Create,
                    Operation::Update => crate::model::WriteOp::Update,
                };
                let json = serde_json::to_string(&body.into_op(op));
                (Ok(json.expect("a checked body serializes")), None)
            }
            Err(problems) => (
                Err(problems.to_string().replace('\n', "; ")),
                Some(problems),
            ),
        };
        let spooled = Spooled {
            position: self.position,
            operation: self.operation,
            id: self.id,
            store_id: self.store_id,
            body,
        };
        (spooled, problems)
    }
}

impl Spooled {
    /// The journal key: the record's place in its input, its storeId and its target.
    fn key(&self) -> String {
        format!(
            "{}|{}|{}",
            self.position,
            self.store_id.as_deref().unwrap_or(""),
            self.id.map(|i| i.to_string()).unwrap_or_default()
        )
    }

    fn report(&self, outcome: Outcome) -> Report {
        Report {
            line: match self.position {
                Position::Line(n) => Some(n),
                _ => None,
            },
            index: match self.position {
                Position::Index(i) => Some(i),
                _ => None,
            },
            store_id: self.store_id.clone(),
            operation: self.operation,
            outcome,
            id: self.id.map(|i| i.to_string()),
            status: None,
            error: None,
        }
    }
}

fn object_id(
    ids: &[(std::borrow::Cow<'_, str>, &serde_json::value::RawValue)],
) -> Option<uuid::Uuid> {
    let (_, raw) = ids.first()?;
    let text: String = serde_json::from_str(raw.get()).ok()?;
    uuid::Uuid::parse_str(&text).ok()
}

/// The input: a file or standard input, read once (by pre-flight).
struct Source<'a> {
    path: &'a Path,
    format: InputFormat,
}

impl Source<'_> {
    fn new(args: &ApplyArgs) -> Source<'_> {
        let format = args.format.unwrap_or_else(|| {
            let csv = args
                .file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
            if csv {
                InputFormat::Csv
            } else {
                InputFormat::Json
            }
        });
        Source {
            path: &args.file,
            format,
        }
    }

    fn for_each(&self, each: impl FnMut(Position, &str)) -> Result<()> {
        let reader = input::open(self.path)?;
        match self.format {
            InputFormat::Json => input::for_each_record(reader, each),
            InputFormat::Csv => input::csv::for_each_row(reader, each),
        }
    }
}

#[derive(Default)]
struct Tally {
    created: usize,
    updated: usize,
    skipped: usize,
    invalid: usize,
    failed: usize,
    unknown: usize,
}

impl Tally {
    fn count(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Created => self.created += 1,
            Outcome::Updated => self.updated += 1,
            Outcome::Skipped => self.skipped += 1,
            Outcome::Invalid => self.invalid += 1,
            Outcome::Failed => self.failed += 1,
            Outcome::Unknown => self.unknown += 1,
            Outcome::DryRun => {}
        }
    }

    fn total(&self) -> usize {
        self.created + self.updated + self.skipped + self.invalid + self.failed + self.unknown
    }
}

pub async fn run(context: &Context<'_>, args: ApplyArgs) -> Result<()> {
    let args = &args;
    let printer = context.printer;
    let source = Source::new(args);

    let Preflight {
        records,
        invalid,
        digest,
        spool,
    } = preflight(&source, printer, args.journal.is_some())?;
    if invalid > 0 && !args.skip_invalid {
        return Err(Error::usage(format!(
            "{invalid} of {records} records are invalid; nothing was sent"
        ))
        .with_hint("fix them, or pass `--skip-invalid` to send the valid ones"));
    }
    if args.dry_run {
        return dry_run(spool, printer);
    }

    let journal = args
        .journal
        .as_deref()
        .map(|path| {
            Journal::open(
                path,
                digest.as_deref().unwrap_or_default(),
                printer.messages(),
            )
        })
        .transpose()?
        .map(Arc::new);
    let mut api = context.api().await?;
    api.max_attempts = args.attempts;
    let routes = api.bulk_routes(context.service_settings().await?)?;
    let api = Arc::new(api);

    let state = Arc::new(RunState::default());
    let signals = tokio::spawn(watch_interrupts(state.clone(), printer.messages()));

    let concurrency = usize::from(args.concurrency);
    let (report_tx, report_rx) = mpsc::channel::<Report>(concurrency * 4);
    // The workers take records from the spool in turn. It is read right here, on the
    // runtime's thread: the file was just written and is in the page cache, and a reader
    // thread handing records over cost two context switches per batch.
    let feed = Arc::new(std::sync::Mutex::new(spool));
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..concurrency {
        let worker = Worker {
            api: api.clone(),
            route: routes.route(),
            journal: journal.clone(),
            retry_unknown: args.retry_unknown,
        };
        workers.spawn(worker.run(feed.clone(), state.clone(), report_tx.clone()));
    }
    drop(report_tx);

    // The writer is a task of its own: polled by `block_on` on the main thread, every
    // report would wake that thread (a context switch per record). With `--skip-invalid`
    // the invalid records are reported too, so the bar counts every record.
    let started = Instant::now();
    let progress = printer.progress(records);
    let sink = printer.records(crate::cli::OutputFormat::Ndjson);
    let writer = tokio::spawn(write_reports(report_rx, sink, progress, state.clone()));
    let (tally, output_error) = writer
        .await
        .map_err(|e| Error::other(format!("the report writer failed: {e}")))?;
    while workers.join_next().await.is_some() {}
    signals.abort();
    if let Some(e) = output_error {
        return Err(Error::other(format!(
            "cannot write the report to stdout: {e}; the run was stopped"
        ))
        .with_hint(resume_hint(args)));
    }

    let elapsed = started.elapsed().as_secs_f64();
    printer.note(&format!(
        "{} records: {} created, {} updated, {} skipped (journal), {} invalid, {} failed, {} unknown, in {:.1} s ({:.0}/s)",
        tally.total(),
        tally.created,
        tally.updated,
        tally.skipped,
        tally.invalid,
        tally.failed,
        tally.unknown,
        elapsed,
        (tally.total() as f64 / elapsed.max(1e-9))
    ));
    if let Some(error) = state.take_failure() {
        printer.detail(&format!(
            "the run was stopped: {} of {records} records were not sent",
            records - tally.total()
        ));
        return Err(error);
    }
    if state.interrupted.load(Ordering::SeqCst) {
        return Err(Error::other(format!(
            "interrupted: {} of {records} records were not sent",
            records - tally.total()
        ))
        .with_hint(resume_hint(args)));
    }
    if tally.failed + tally.unknown + tally.invalid > 0 {
        return Err(Error::BulkFailed(format!(
            "{} of {} records did not succeed ({} failed, {} unknown, {} invalid); each is reported on stdout",
            tally.failed + tally.unknown + tally.invalid,
            tally.total(),
            tally.failed,
            tally.unknown,
            tally.invalid
        )));
    }
    Ok(())
}

/// What the tasks of a run share: whether to stop sending, and why.
#[derive(Default)]
struct RunState {
    stop: AtomicBool,
    /// Ctrl-C or SIGTERM.
    interrupted: AtomicBool,
    /// A run-wide failure (the service refuses every token, the spool cannot be read):
    /// every other record would fail the same way, so the run stops on it.
    failure: std::sync::Mutex<Option<Error>>,
}

impl RunState {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn fail(&self, error: Error) {
        self.stop();
        let mut failure = self.failure.lock().unwrap_or_else(|p| p.into_inner());
        failure.get_or_insert(error);
    }

    fn take_failure(&self) -> Option<Error> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

/// Stops the run on the first Ctrl-C or SIGTERM; ends the process on the second.
async fn watch_interrupts(state: Arc<RunState>, messages: Messages) {
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

/// One of `--concurrency` senders: records from the shared spool, one at a time, on a
/// route (connection) of its own.
struct Worker {
    api: Arc<ApiClient>,
    route: Route,
    journal: Option<Arc<Journal>>,
    retry_unknown: bool,
}

impl Worker {
    async fn run(
        mut self,
        feed: Arc<std::sync::Mutex<SpoolReader>>,
        state: Arc<RunState>,
        reports: mpsc::Sender<Report>,
    ) {
        while !state.stopped() {
            let next = feed.lock().unwrap_or_else(|p| p.into_inner()).next();
            let record = match next {
                Ok(Some(record)) => record,
                Ok(None) => break,
                Err(error) => {
                    state.fail(error);
                    break;
                }
            };
            let journal = self.journal.as_deref();
            let (report, error) = process(
                record,
                &self.api,
                &mut self.route,
                journal,
                self.retry_unknown,
            )
            .await;
            if let Some(error @ Error::Auth { .. }) = error {
                // No token is accepted even after renewing it (and each record would ask
                // the token endpoint again).
                state.fail(error);
            }
            if reports.send(report).await.is_err() {
                break;
            }
        }
    }
}

/// The writer: one result per record on stdout (through the printer's record sink),
/// the progress bar, the tally. Returns the tally and the error that made stdout
/// unusable, if one did.
async fn write_reports(
    mut reports: mpsc::Receiver<Report>,
    mut sink: RecordSink,
    progress: Progress,
    state: Arc<RunState>,
) -> (Tally, Option<Error>) {
    let mut tally = Tally::default();
    // Lines reach stdout when the buffer fills, or when no report came for a moment (a
    // reader of the pipe sees progress), never one write per record.
    let mut pending = false;
    let mut output_error: Option<Error> = None;
    loop {
        let next = if pending {
            match tokio::time::timeout(FLUSH_AFTER, reports.recv()).await {
                Ok(next) => next,
                Err(_) => {
                    if let Err(e) = sink.flush() {
                        output_error.get_or_insert(e.into());
                        state.stop();
                    }
                    pending = false;
                    continue;
                }
            }
        } else {
            reports.recv().await
        };
        let Some(report) = next else { break };
        tally.count(report.outcome);
        if output_error.is_none() {
            if let Err(e) = sink.push(&report) {
                // Stdout is gone (a closed pipe): stop sending, but let the requests in
                // flight finish so that the journal records their outcome.
                output_error = Some(e);
                state.stop();
            }
            pending = true;
        }
        progress.inc();
        if matches!(report.outcome, Outcome::Failed | Outcome::Unknown) {
            progress.message(format!("{} failed", tally.failed + tally.unknown));
        }
    }
    if output_error.is_none() {
        if let Err(e) = sink.finish() {
            output_error = Some(e);
        }
    }
    progress.finish();
    (tally, output_error)
}

/// What pre-flight found, and the records it left for the send pass.
struct Preflight {
    records: usize,
    invalid: usize,
    /// `sha256:<hex>` over every record, when a journal needs it: a journal is only
    /// resumed with the input it was written for (its keys are positions in that input).
    digest: Option<String>,
    spool: SpoolReader,
}

/// Records checked together: parsing, checking and serializing a record is most of
/// pre-flight's work, and chunks of this size keep every core busy (4096 was no faster
/// and held 8 MiB more at the peak). A chunk also ends at this many bytes of input, so
/// that memory stays flat however large the records are.
const PREFLIGHT_CHUNK: usize = 1024;
const PREFLIGHT_CHUNK_BYTES: usize = 4 << 20;

/// Pre-flight: every record read once, checked and serialized (on every core, results in
/// input order), every problem reported, nothing sent.
fn preflight(
    source: &Source,
    printer: &crate::output::Printer,
    with_digest: bool,
) -> Result<Preflight> {
    use rayon::prelude::*;

    let (mut records, mut invalid) = (0usize, 0usize);
    let mut digest = with_digest.then(sha2::Sha256::new);
    let mut spool = SpoolWriter::new()?;
    let mut chunk: Vec<(Position, String)> = Vec::with_capacity(PREFLIGHT_CHUNK);
    let mut chunk_bytes = 0;
    let mut spooled = Ok(());
    let mut check_chunk = |chunk: &mut Vec<(Position, String)>| {
        let checked: Vec<(Spooled, Option<Problems>)> = chunk
            .par_drain(..)
            .map(|(position, text)| Prepared::new(position, &text).into_spooled())
            .collect();
        for (record, problems) in checked {
            if let Some(problems) = problems {
                invalid += 1;
                for problem in problems.errors() {
                    printer.detail(&format!("{}: {problem}", record.position));
                }
            }
            if spooled.is_ok() {
                spooled = spool.push(&record);
            }
        }
    };
    source.for_each(|position, text| {
        records += 1;
        if let Some(digest) = &mut digest {
            digest.update(position.to_string().as_bytes());
            digest.update([0]);
            digest.update(text.as_bytes());
            digest.update([0]);
        }
        chunk.push((position, text.to_owned()));
        chunk_bytes += text.len();
        if chunk.len() == PREFLIGHT_CHUNK || chunk_bytes >= PREFLIGHT_CHUNK_BYTES {
            check_chunk(&mut chunk);
            chunk_bytes = 0;
        }
    })?;
    check_chunk(&mut chunk);
    spooled?;
    Ok(Preflight {
        records,
        invalid,
        digest: digest.map(|d| format!("sha256:{:x}", d.finalize())),
        spool: spool.into_reader()?,
    })
}

/// How long a report line may wait in the stdout buffer when no other comes.
const FLUSH_AFTER: Duration = Duration::from_millis(100);

fn resume_hint(args: &ApplyArgs) -> String {
    match &args.journal {
        Some(path) => format!("re-run with `--journal {}` to resume", path.display()),
        None => "use `--journal FILE` to make a run resumable".to_owned(),
    }
}

/// Sends one record, or reports why it is not sent (with the error, when there is one).
async fn process(
    mut record: Spooled,
    api: &ApiClient,
    route: &mut Route,
    journal: Option<&Journal>,
    retry_unknown: bool,
) -> (Report, Option<Error>) {
    // The body's text is moved out (it becomes the request); the rest of the record
    // stays for the report.
    let body = match &mut record.body {
        Ok(body) => bytes::Bytes::from(std::mem::take(body)),
        Err(problems) => {
            let problems = std::mem::take(problems);
            let mut report = record.report(Outcome::Invalid);
            report.error = Some(problems);
            return (report, None);
        }
    };
    let key = journal.map(|_| record.key());
    if let Some((journal, key)) = journal.zip(key.as_deref()) {
        match journal.previous(key) {
            Some((Recorded::Created | Recorded::Updated, id)) => {
                let mut report = record.report(Outcome::Skipped);
                report.id = id.clone().or(report.id);
                return (report, None);
            }
            Some((Recorded::Started | Recorded::Unknown, _))
                if record.operation == Operation::Create && !retry_unknown =>
            {
                let mut report = record.report(Outcome::Unknown);
                report.error = Some(
                    "an earlier run sent this create without getting an answer; check whether it exists, then re-run with `--retry-unknown` to send it again".into(),
                );
                return (report, None);
            }
            _ => {}
        }
    }

    let result = match (record.operation, record.id) {
        (Operation::Create, _) => {
            if let Some((journal, key)) = journal.zip(key.as_deref()) {
                if let Err(e) = journal.record(key, Recorded::Started, None) {
                    let mut report = record.report(Outcome::Failed);
                    report.error = Some(e.to_string());
                    return (report, None);
                }
            }
            api.create_location_json(route, body).await
        }
        (Operation::Update, Some(id)) => api.update_location_json(route, &id, body).await,
        (Operation::Update, None) => unreachable!("an update without a valid id is invalid"),
    };

    let mut error = None;
    let mut report = match result {
        Ok(reply) => {
            let outcome = match record.operation {
                Operation::Create => Outcome::Created,
                Operation::Update => Outcome::Updated,
            };
            let mut report = record.report(outcome);
            report.status = Some(reply.status.as_u16());
            if let Ok(link) = ApiClient::link_of(&reply) {
                report.id = link.id().map(String::from).or(report.id);
            }
            report
        }
        Err(e) => {
            let status = e.status();
            let (outcome, note) = match (&e, record.operation, status) {
                (Error::OutcomeUnknown { .. }, _, _) => (Outcome::Unknown, ""),
                // A gateway's 502 or 504 may hide a create that went through (which is
                // why the client does not retry it): it must not be sent again blindly
                // by a re-run either, as a `failed` one would be.
                (_, Operation::Create, Some(502 | 504)) => (
                    Outcome::Unknown,
                    "; a gateway error: the create may or may not have been carried out",
                ),
                _ => (Outcome::Failed, ""),
            };
            let mut report = record.report(outcome);
            report.status = status;
            report.error = Some(format!("{e}{note}"));
            error = Some(e);
            report
        }
    };
    if let Some((journal, key)) = journal.zip(key.as_deref()) {
        let recorded = match report.outcome {
            Outcome::Created => Recorded::Created,
            Outcome::Updated => Recorded::Updated,
            Outcome::Unknown => Recorded::Unknown,
            _ => Recorded::Failed,
        };
        if let Err(e) = journal.record(key, recorded, report.id.as_deref()) {
            report.error.get_or_insert_with(|| e.to_string());
        }
    }
    (report, error)
}

/// `--dry-run`: what would be sent, one line per record.
fn dry_run(mut spool: SpoolReader, printer: &crate::output::Printer) -> Result<()> {
    let mut sink = printer.records(crate::cli::OutputFormat::Ndjson);
    while let Some(record) = spool.next()? {
        let Ok(body) = &record.body else { continue };
        let body = serde_json::value::RawValue::from_string(body.clone())
            .map_err(|e| Error::other(format!("a spooled body is not JSON: {e}")))?;
        sink.push(&DryRun {
            report: record.report(Outcome::DryRun),
            body,
        })?;
    }
    sink.finish()?;
    printer.note("dry run: nothing was sent");
    Ok(())
}
