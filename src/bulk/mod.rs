//! The bulk engine: every bulk verb is "tasks → maybe read the current state → request →
//! journal → report", and runs here. A verb (`location apply`, `get`, `delete`, `apply
//! --undo`) only makes its tasks (`preflight.rs`) and its [`Run`]; this module checks
//! what can be checked before anything is sent (permissions, what the service's read form
//! carries, the journal's binding and lock), then streams the spooled tasks to
//! `--concurrency` workers (`worker.rs`), each on an HTTP/1.1 connection of its own (or
//! sharing a few, as HTTP/2 streams where offered, when connections are scarce: see
//! `api/lanes.rs`), and prints one result per task and the summary (`report.rs`).

pub mod journal;
pub mod preflight;
mod report;
mod spool;
mod worker;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use self::journal::{Binding, Journal, Recorded};
pub use self::preflight::{Builder, Preflight, Updates};
pub use self::report::{Outcome, Report, Tally};
pub use self::spool::Task;
use self::worker::{Rules, Worker};
use crate::api::pacer::Pacer;
use crate::api::Permission;
use crate::cli::Pace;

/// The most requests `--concurrency auto` ever has in flight (as the most a fixed number
/// may be).
const AUTO_CEILING: usize = 256;
use crate::cli::OutputFormat;
use crate::context::Context;
use crate::error::{Error, Kind, Result};
use crate::model::document::{self, RawMembers};
use crate::output::{prompt, Messages};

/// What a task asks of the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Create,
    /// A complete body in place of the current one (`--replace`, undo).
    Replace,
    /// A merge patch over the current state.
    Merge,
    Get,
    Delete,
}

impl Operation {
    /// The operation as the service knows it, for the report's `operation`.
    pub fn service_name(self) -> &'static str {
        match self {
            Operation::Create => "create",
            Operation::Replace | Operation::Merge => "update",
            Operation::Get => "get",
            Operation::Delete => "delete",
        }
    }

    /// The permissions a task needs: to write, and to read first when it reads first.
    fn permissions(self, plan: bool, journal: bool) -> Vec<Permission> {
        use Permission::*;
        let reads = match self {
            Operation::Create => false,
            Operation::Replace => plan || journal,
            Operation::Merge | Operation::Get | Operation::Delete => true,
        };
        let write = match self {
            _ if plan => None,
            Operation::Create => Some(CreateLocations),
            Operation::Replace | Operation::Merge => Some(UpdateLocations),
            Operation::Delete => Some(DeleteLocations),
            Operation::Get => None,
        };
        reads
            .then_some(ReadLocations)
            .into_iter()
            .chain(write)
            .collect()
    }
}

impl Task {
    /// The journal key: the task's place in its input, its storeId and its target.
    pub fn key(&self) -> String {
        format!(
            "{}|{}|{}",
            self.position,
            self.store_id.as_deref().unwrap_or(""),
            self.id.map(|i| i.to_string()).unwrap_or_default()
        )
    }
}

/// How a bulk run goes.
pub struct Run {
    /// `apply`, `get`, `delete`: named in the journal's binding.
    pub command: &'static str,
    /// `--concurrency`, `--rate`, `--max-connections`.
    pub pace: Pace,
    pub attempts: u32,
    /// Read the current state, print the changes, write nothing.
    pub plan: bool,
    pub journal: Option<PathBuf>,
    pub retry_unknown: bool,
    pub retry_unconfirmed: bool,
    pub ignore_not_found: bool,
    /// Send even when the service's read form cannot carry some fields.
    pub yes: bool,
    /// `--only-failed`: results or a journal of an earlier run.
    pub earlier: Option<PathBuf>,
    /// The format of the results in a pipe when none is chosen.
    pub in_pipe: OutputFormat,
}

impl Run {
    /// A run of `command` with the defaults of every bulk verb.
    pub fn new(command: &'static str, pace: Pace) -> Run {
        Run {
            command,
            pace,
            attempts: 5,
            plan: false,
            journal: None,
            retry_unknown: false,
            retry_unconfirmed: false,
            ignore_not_found: false,
            yes: false,
            earlier: None,
            in_pipe: OutputFormat::Ndjson,
        }
    }
}

/// Carries out the tasks pre-flight left, and reports each. Ends with exit 7 when some
/// failed.
pub async fn execute(context: &Context<'_>, run: Run, preflight: Preflight) -> Result<Tally> {
    let printer = context.printer;
    let Preflight {
        records,
        digest,
        operations,
        first_merge,
        spool,
        ..
    } = preflight;
    let earlier = run
        .earlier
        .as_deref()
        .map(|path| Earlier::load(path, printer.messages()))
        .transpose()?;
    let mut api = context.api().await?;
    api.max_attempts = run.attempts;
    check_permissions(context, &api, &run, &operations).await?;
    if let Some(id) = first_merge {
        check_read_form(context, &api, &run, id, operations[&Operation::Merge]).await?;
    }
    let journal = match &run.journal {
        Some(path) => {
            let binding = Binding {
                command: run.command.to_owned(),
                input: digest,
                service: Some(context.service_identity().await?),
                profile: Some(context.service_settings().await?.profile.clone()),
            };
            Some(Arc::new(Journal::open(path, &binding, printer.messages())?))
        }
        None => None,
    };
    let max_connections = run.pace.max_connections.map(usize::from);
    let routes = api.bulk_routes(context.service_settings().await?, max_connections)?;
    let pacer = Arc::new(Pacer::new(
        run.pace.concurrency.fixed(),
        AUTO_CEILING,
        run.pace.rate,
    ));
    let api = Arc::new(api.with_pacer(pacer.clone()));

    let state = Arc::new(RunState::new(pacer.clone()));
    let signals = tokio::spawn(watch_interrupts(state.clone(), printer.messages()));
    let rules = Arc::new(Rules {
        plan: run.plan,
        retry_unknown: run.retry_unknown,
        retry_unconfirmed: run.retry_unconfirmed,
        ignore_not_found: run.ignore_not_found,
        earlier,
        messages: printer.messages(),
    });

    let concurrency = pacer.workers();
    let (report_tx, report_rx) = mpsc::channel::<Report>(concurrency * 4);
    // The workers take tasks from the spool in turn. It is read right here, on the
    // runtime's thread: the file was just written and is in the page cache, and a reader
    // thread handing tasks over cost two context switches per batch.
    let feed = Arc::new(std::sync::Mutex::new(spool));
    let mut workers = tokio::task::JoinSet::new();
    for index in 0..concurrency {
        let worker = Worker {
            index,
            api: api.clone(),
            route: routes.route(),
            journal: journal.clone(),
            rules: rules.clone(),
        };
        workers.spawn(worker.run(feed.clone(), state.clone(), report_tx.clone()));
    }
    drop(report_tx);

    // The writer is a task of its own: polled by `block_on` on the main thread, every
    // report would wake that thread (a context switch per record).
    let started = Instant::now();
    let progress = printer.progress(records);
    let sink = printer.records(run.in_pipe);
    let writer = tokio::spawn(report::write_reports(
        report_rx,
        sink,
        progress,
        state.clone(),
    ));
    let (tally, output_error) = writer
        .await
        .map_err(|e| Error::other(format!("the report writer failed: {e}")))?;
    while workers.join_next().await.is_some() {}
    signals.abort();
    if let Some(e) = output_error {
        return Err(Error::other(format!(
            "cannot write the report to stdout: {e}; the run was stopped"
        ))
        .with_hint(resume_hint(&run)));
    }

    let elapsed = started.elapsed().as_secs_f64();
    let what = if run.plan { "plan: " } else { "" };
    printer.note(&format!(
        "{}{} record{}: {}{}, in {:.1} s ({:.0}/s)",
        what,
        tally.total,
        if tally.total == 1 { "" } else { "s" },
        tally.describe(),
        if run.plan && tally.cleared > 0 {
            format!(
                " ({} field{} cleared)",
                tally.cleared,
                if tally.cleared == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        },
        elapsed,
        (tally.total as f64 / elapsed.max(1e-9))
    ));
    printer.note(&pace_summary(&pacer, routes.shared_description()));
    if run.plan {
        printer.note("plan: nothing was written");
    }
    // `3 of 10 records were not sent`
    let unsent = records - tally.total;
    let not_sent = format!(
        "{unsent} of {} {} not sent",
        crate::output::count(records, "record"),
        if unsent == 1 { "was" } else { "were" }
    );
    if let Some(error) = state.take_failure() {
        printer.detail(&format!("the run was stopped: {not_sent}"));
        return Err(error);
    }
    if state.interrupted.load(Ordering::SeqCst) {
        return Err(Error::other(format!("interrupted: {not_sent}")).with_hint(resume_hint(&run)));
    }
    if tally.failed > 0 {
        return Err(Error::bulk_failed(format!(
            "{} of {} record{} did not succeed ({}); each is reported on stdout",
            tally.failed,
            tally.total,
            if tally.total == 1 { "" } else { "s" },
            ["failed", "unknown", "unconfirmed", "invalid"]
                .iter()
                .filter(|name| tally.get(name) > 0)
                .map(|name| format!("{} {name}", tally.get(name)))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .with_hint(retry_hint(&run)));
    }
    Ok(tally)
}

/// Stops before anything is sent when the token's scope lacks a permission that some
/// tasks need (when the scope is known: a token from the environment does not say).
async fn check_permissions(
    context: &Context<'_>,
    api: &crate::api::ApiClient,
    run: &Run,
    operations: &BTreeMap<Operation, usize>,
) -> Result<()> {
    api.token().await?;
    let Some(scope) = context.session().await?.granted_scope() else {
        return Ok(());
    };
    let mut needed: BTreeMap<Permission, usize> = BTreeMap::new();
    for (operation, count) in operations {
        for permission in operation.permissions(run.plan, run.journal.is_some()) {
            *needed.entry(permission).or_default() += count;
        }
    }
    let missing: Vec<(Permission, usize)> = needed
        .into_iter()
        .filter(|(p, _)| !scope.iter().any(|g| g == p.name()))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let named = missing
        .iter()
        .map(|(p, n)| {
            format!(
                "`{}` (needed by {n} record{})",
                p.name(),
                if *n == 1 { "" } else { "s" }
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    Err(
        Error::permission(format!("the token's scope lacks {named}; nothing was sent")).with_hint(
            format!(
                "the token grants: {}; ask for the permission, or log in with a client that has it",
                if scope.is_empty() {
                    "nothing".to_owned()
                } else {
                    scope.join(" ")
                }
            ),
        ),
    )
}

/// A merge keeps what the record leaves out only when the service's read form carries it.
/// The read form of the first location to merge shows which members it does not carry:
/// they are named before anything is sent, and the run needs `--yes` (or a yes at a
/// terminal), as `location update` by flags does.
async fn check_read_form(
    context: &Context<'_>,
    api: &crate::api::ApiClient,
    run: &Run,
    id: uuid::Uuid,
    merges: usize,
) -> Result<()> {
    let reply = match api.read_location(&mut crate::api::Route::Shared, &id).await {
        Ok(reply) => reply,
        // That record will report its own failure; another may show the read form.
        Err(e) if e.kind() == &Kind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let read = RawMembers::parse_text(&String::from_utf8_lossy(&reply.body))
        .map_err(|e| Error::other(format!("the read form of location {id} is {e}")))?;
    let missing = document::not_carried(&read);
    if missing.is_empty() {
        return Ok(());
    }
    let names = missing
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let printer = context.printer;
    printer.warning(&format!(
        "the service's read form does not carry {names}: {merges} merge{} cannot keep their current values, and the service may clear them",
        if merges == 1 { "" } else { "s" }
    ));
    if run.plan || run.yes {
        return Ok(());
    }
    if printer.can_prompt() && prompt::confirm("Send the updates anyway?")? {
        return Ok(());
    }
    Err(Error::usage("nothing was sent").with_hint(
        "give those fields in every record, use `--replace` with complete bodies, or pass `--yes` to accept",
    ))
}

/// What an earlier run did (`--only-failed`): by storeId for creates, by id for the rest.
pub struct Earlier {
    creates: HashMap<String, (Recorded, Option<String>)>,
    others: HashMap<uuid::Uuid, Recorded>,
}

impl Earlier {
    /// Reads the results (`apply`'s NDJSON) or the journal of an earlier run: a journal
    /// is told by its first line, the binding.
    pub fn load(path: &Path, messages: Messages) -> Result<Earlier> {
        use std::io::BufRead;
        let mut earlier = Earlier {
            creates: HashMap::new(),
            others: HashMap::new(),
        };
        let mut lines = crate::input::open(path)?.lines();
        let first = lines
            .by_ref()
            .map_while(std::result::Result::ok)
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default();
        if serde_json::from_str::<Binding>(&first).is_ok() {
            for entry in journal::read(path, false, messages)?.entries {
                let store_id = entry.store_id.clone().or_else(|| {
                    let part = entry.key.split('|').nth(1).unwrap_or_default();
                    (!part.is_empty()).then(|| part.to_owned())
                });
                earlier.note(entry.outcome, store_id, entry.id, entry.key.ends_with('|'));
            }
            return Ok(earlier);
        }
        for line in std::iter::once(Ok(first)).chain(lines) {
            let line =
                line.map_err(|e| Error::usage(format!("cannot read `{}`: {e}", path.display())))?;
            let Ok(result) = serde_json::from_str::<Result_>(&line) else {
                continue;
            };
            let create = result.operation.as_deref() == Some("create");
            let recorded = match result.outcome.as_deref() {
                Some("created") => Recorded::Created,
                Some("updated") => Recorded::Updated,
                Some("unchanged") => Recorded::Unchanged,
                Some("deleted") => Recorded::Deleted,
                Some("skipped") if create => Recorded::Created,
                Some("skipped") => Recorded::Updated,
                Some("unknown") => Recorded::Unknown,
                Some("unconfirmed") => Recorded::Unconfirmed,
                _ => continue,
            };
            earlier.note(recorded, result.store_id, result.id, create);
        }
        Ok(earlier)
    }

    fn note(
        &mut self,
        recorded: Recorded,
        store_id: Option<String>,
        id: Option<String>,
        create: bool,
    ) {
        if create {
            if let Some(store_id) = store_id {
                // Once done, a later failure of the same storeId (a duplicate line) does
                // not make it undone.
                let previous = self.creates.get(&store_id).map(|(r, _)| *r);
                if !previous.is_some_and(Recorded::is_done) {
                    self.creates.insert(store_id, (recorded, id));
                }
            }
        } else if let Some(id) = id.and_then(|i| uuid::Uuid::parse_str(&i).ok()) {
            self.others.insert(id, recorded);
        }
    }

    /// What the earlier run did with this task's record, when it did something.
    pub fn of(&self, task: &Task) -> Option<(Recorded, Option<String>)> {
        match (task.operation, &task.store_id, task.id) {
            (Operation::Create, Some(store_id), _) => self.creates.get(store_id).cloned(),
            (_, _, Some(id)) => self.others.get(&id).map(|r| (*r, Some(id.to_string()))),
            _ => None,
        }
    }
}

/// A result line of an earlier run, as `--only-failed` reads it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Result_ {
    operation: Option<String>,
    outcome: Option<String>,
    store_id: Option<String>,
    id: Option<String>,
}

/// What the tasks of a run share: whether to stop sending, and why.
pub struct RunState {
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
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    fn new(pacer: Arc<Pacer>) -> RunState {
        RunState {
            pacer,
            stop: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            failure: std::sync::Mutex::new(None),
        }
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.pacer.close();
    }

    /// The input is done: the workers still waiting for their turn have nothing to do.
    fn input_done(&self) {
        self.pacer.close();
    }

    /// Requests in flight allowed now (for the progress bar).
    pub(crate) fn limit(&self) -> usize {
        self.pacer.limit()
    }

    /// Waits until worker `index` may take a task.
    async fn turn(&self, index: usize) {
        self.pacer.turn(index).await;
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

/// `concurrency auto: at most 48 in flight over 2 connections (HTTP/2); 3 answers said
/// to slow down (429 or 503); the service admits about 1000 requests a second`.
fn pace_summary(pacer: &Pacer, connections: Option<String>) -> String {
    let connections = connections.map(|c| format!(" {c}")).unwrap_or_default();
    let summary = pacer.summary();
    let refused = match summary.refused {
        0 => String::new(),
        n => format!(
            "; {} said to slow down (429 or 503)",
            crate::output::count(n as usize, "answer")
        ),
    };
    // What the 429s taught: the figure to give `--rate` next time to meet none.
    let rate = summary
        .learned_rate
        .map(|rate| format!("; the service admits about {rate:.0} requests a second"))
        .unwrap_or_default();
    let peak = summary.peak;
    if pacer.is_auto() {
        format!("concurrency auto: at most {peak} in flight{connections}{refused}{rate}")
    } else {
        format!("concurrency {peak}{connections}{refused}{rate}")
    }
}

/// How to send again what did not succeed, and nothing that did.
fn retry_hint(run: &Run) -> String {
    match &run.journal {
        Some(path) => format!(
            "`--only-failed {} --journal NEW_JOURNAL` sends again only what did not succeed",
            path.display()
        ),
        None => "save stdout to a file: `--only-failed FILE` sends again only what did not succeed"
            .to_owned(),
    }
}

fn resume_hint(run: &Run) -> String {
    match &run.journal {
        Some(path) => format!("re-run with `--journal {}` to resume", path.display()),
        None => "use `--journal FILE` to make a run resumable".to_owned(),
    }
}
