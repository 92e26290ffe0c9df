//! The bulk engine: every bulk verb is "tasks → maybe read the current state → request →
//! journal → report", and runs here. A verb (`location apply`, `get`, `delete`, `apply
//! --undo`) only makes its tasks (`preflight.rs`) and its [`Run`]; this module checks
//! what can be checked before anything is sent (permissions, what the service's read form
//! carries, the journal's binding and lock), then streams the spooled tasks to
//! `--concurrency` workers (`worker.rs`), each on an HTTP/1.1 connection of its own (or
//! sharing a few, as HTTP/2 streams where offered, when connections are scarce: see
//! `api/lanes.rs`), and prints one result per task (`report.rs`, by `writer.rs`) and
//! the summary.

mod checks;
mod earlier;
pub(crate) mod journal;
mod pace_memory;
pub(crate) mod preflight;
mod report;
mod run_state;
mod spool;
mod worker;
mod writer;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use self::checks::{check_permissions, check_read_form};
pub(crate) use self::earlier::Earlier;
use self::journal::{Binding, Journal};
use self::pace_memory::{Origin, PaceMemory};
pub(crate) use self::preflight::{Builder, Preflight, Updates};
pub(crate) use self::report::{Outcome, Printed, Report, Tally};
use self::run_state::watch_interrupts;
pub(crate) use self::run_state::RunState;
pub(crate) use self::spool::{body_text, IdFrom, Task};
pub(crate) use self::worker::unedited;
use self::worker::{Rules, Worker};
use crate::cli::Pace;
use crate::context::Context;
use crate::output::progress;
use locadm_client::api::Permission;
use locadm_client::error::{Error, Result};
use locadm_transport::pacer::Pacer;

/// What a task asks of the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Operation {
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
    pub(crate) fn service_name(self) -> &'static str {
        match self {
            Operation::Create => "create",
            Operation::Replace | Operation::Merge => "update",
            Operation::Get => "get",
            Operation::Delete => "delete",
        }
    }

    /// The permissions a task needs: to write, and to read first when it reads first.
    fn permissions(self, plan: bool) -> Vec<Permission> {
        use Permission::*;
        let reads = match self {
            Operation::Create => false,
            // A replacement is compared with the current state (unchanged: not sent).
            Operation::Replace | Operation::Merge | Operation::Get | Operation::Delete => true,
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
    /// The journal key: the task's place in its input, its storeId and its target (none
    /// for a record without `id`, matched by storeId or not: a journal written before
    /// locadm knew the location still skips what it did).
    pub(crate) fn key(&self) -> String {
        let target = match self.id {
            Some(id) if self.id_from != IdFrom::StoreIdMatch => id.to_string(),
            _ => String::new(),
        };
        format!(
            "{}|{}|{target}",
            self.position,
            self.store_id.as_deref().unwrap_or("")
        )
    }
}

/// How a bulk run goes.
pub(crate) struct Run {
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
    /// The input is a spreadsheet (CSV, a workbook): a merge's changes that look like a
    /// spreadsheet's damage are marked, and sent only with `--yes` or a yes.
    pub sheet: bool,
    /// Print a result a task on stdout (`location list --refresh` prints the list
    /// instead).
    pub print: bool,
    /// No create is sent that locadm's inventory could not remember (`apply` without
    /// `--create-new`).
    pub remember_creates: bool,
    /// A field changed in the file and on the service since the file's export takes the
    /// file's value (`--force`).
    pub force: bool,
}

impl Run {
    /// A run of `command` with the defaults of every bulk verb.
    pub(crate) fn new(command: &'static str, pace: Pace) -> Run {
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
            sheet: false,
            print: true,
            remember_creates: false,
            force: false,
        }
    }
}

/// Carries out the tasks pre-flight left, and reports each. Ends with exit 7 when some
/// failed.
pub(crate) async fn execute(
    context: &Context<'_>,
    mut run: Run,
    preflight: Preflight,
) -> Result<Tally> {
    let printer = context.printer;
    let Preflight {
        records,
        digest,
        operations,
        first_merge,
        mut spool,
        ..
    } = preflight;
    let earlier = run
        .earlier
        .as_deref()
        .map(|path| Earlier::load(path, printer.messages()))
        .transpose()?;
    let mut api = context.api().await?;
    api.max_attempts = run.attempts;
    // `--curl`: every write is printed (and a bulk `get`'s reads); the reads a write is
    // made from (a merge's current state, a delete's before-image) are sent, one task
    // at a time so that the lines come in the input's order. Results that are not a
    // printed line go to stderr, and nothing is kept: no inventory, no pace.
    let curl = api.prints_curl();
    if curl {
        if operations
            .keys()
            .any(|operation| *operation != Operation::Get)
        {
            api = api.sending_reads();
        }
        run.pace.concurrency = crate::cli::Concurrency::Fixed(1);
        run.print = false;
    }
    // Before any request: a journal of another service or other input is refused with
    // nothing sent.
    let service = crate::inventory::Service::of_run(context)?;
    let journal = match &run.journal {
        Some(path) => {
            let binding = Binding {
                command: run.command.to_owned(),
                input: digest.expect("the input of a journaled run is digested"),
                service: Some(service.url.clone()),
                profile: Some(service.profile.clone()),
            };
            Some(Arc::new(Journal::open(path, &binding, printer.messages())?))
        }
        None => None,
    };
    if !curl {
        check_permissions(context, &api, &run, &operations).await?;
    }
    let creates = operations.get(&Operation::Create).copied().unwrap_or(0);
    let bases = bases_of(context, &run, &operations)?;
    if let Some(id) = first_merge {
        // An export of that location is a read form of this service: nothing to read.
        let exported = bases
            .as_ref()
            .and_then(|bases| bases.of(&id, None).ok().flatten());
        let merges = operations[&Operation::Merge];
        check_read_form(context, &api, &run, id, exported, merges).await?;
    }
    // Where the pace starts: what the last run against this service learned, unless
    // told otherwise (issue 44).
    let memory = PaceMemory::open(service, &run.pace, printer.verbose(), printer.messages());
    let origin = memory.origin(&run.pace, std::time::SystemTime::now());
    memory.say_origin(origin);
    let max_connections = run
        .pace
        .max_connections
        .map(usize::from)
        .or(memory.connections(origin));
    let routes = api.bulk_routes(max_connections)?;
    let most = usize::from(crate::cli::MOST_IN_FLIGHT);
    let mut pacer = Pacer::new(run.pace.concurrency.fixed(), most, run.pace.rate);
    if let Origin::Remembered { start, .. } = origin {
        pacer = pacer.starting_from(start);
    }
    let pacer = Arc::new(pacer);
    let api = Arc::new(api.with_pacer(pacer.clone()));

    let mut rules = Rules {
        plan: run.plan,
        retry_unknown: run.retry_unknown,
        retry_unconfirmed: run.retry_unconfirmed,
        ignore_not_found: run.ignore_not_found,
        undo: run.command == "undo",
        earlier,
        sheet: run.sheet,
        send_suspect: run.yes,
        bases,
        force: run.force,
        // What a bulk `get` prints is an export: its read forms are kept as the bases of
        // what is edited from it, under its name.
        export: (run.command == "get" && run.print).then(export_name),
    };
    let merges = operations.get(&Operation::Merge).copied().unwrap_or(0);
    if run.sheet && !run.yes && !run.plan && merges > 0 {
        // Every merge is planned first: nothing is sent before the changes that look like
        // a spreadsheet's damage are known, and accepted.
        printer.note(&format!(
            "planning {} of the sheet first, for changes that look like a spreadsheet's damage (`--yes` sends without this)",
            crate::output::count(merges, "merge")
        ));
        let check = Workers {
            api: &api,
            routes: &routes,
            journal: &journal,
            state: Arc::new(RunState::new(pacer.clone())),
        };
        let plan = Rules {
            plan: true,
            ..rules
        };
        let suspect = check.suspect_changes(plan, spool).await?;
        pacer.reopen();
        spool = suspect.spool;
        rules = Rules {
            plan: false,
            send_suspect: confirm_suspect(context, &suspect.records)?,
            ..suspect.plan_rules
        };
    }
    let rules = Arc::new(rules);

    let state = Arc::new(RunState::new(pacer.clone()));
    let mut recorder = match curl {
        true => None,
        false => start_recorder(context, &run, creates, &state)?,
    };
    let notes = recorder
        .as_mut()
        .map(crate::inventory::Recorder::notes)
        .transpose()?;
    let signals = tokio::spawn(watch_interrupts(state.clone(), printer.messages()));
    let workers = Workers {
        api: &api,
        routes: &routes,
        journal: &journal,
        state: state.clone(),
    };
    let (mut workers, report_rx, _) = workers.spawn(&rules, spool);

    // The writer is a task of its own: polled by `block_on` on the main thread, every
    // report would wake that thread (a context switch per record).
    let started = Instant::now();
    let progress = printer.progress(records);
    let pauses = tokio::spawn(writer::show_pauses(
        pacer.pauses(),
        progress.clone(),
        printer.messages(),
    ));
    let sink = run.print.then(|| printer.records());
    let writer = tokio::spawn(writer::write_reports(
        report_rx,
        writer::Outputs {
            sink,
            aside: curl.then(|| printer.messages()),
            progress,
            pauses: pacer.pauses(),
            state: state.clone(),
            notes,
        },
    ));
    // Joined while the writer runs: a worker that panicked stops the run at once, as any
    // failure of the run does, instead of its records going unreported and the run
    // ending as if it had done them.
    let joining = async {
        while let Some(joined) = workers.join_next().await {
            if let Err(e) = joined {
                state.fail(Error::other("a worker of the run failed").with_source(e));
            }
        }
    };
    let (written, ()) = tokio::join!(writer, joining);
    let (mut tally, output_error) =
        written.map_err(|e| Error::other("the report writer failed").with_source(e))?;
    // The sending is over: the summary's rate is the sending's, and the inventory's
    // rows, written now, are said apart (`-v`).
    let elapsed = started.elapsed().as_secs_f64();
    signals.abort();
    pauses.abort();
    let taking_in = Instant::now();
    match recorder.map(crate::inventory::Recorder::finish) {
        Some(Err(e)) => printer.warning(&format!("the inventory was not updated: {e}")),
        Some(Ok(rows)) => printer.debug(&format!(
            "inventory: {} written in {:.2} s after the sending",
            crate::output::count(rows, "row"),
            taking_in.elapsed().as_secs_f64()
        )),
        None => {}
    }
    if rules.export.is_some() {
        // An export keeps every location's read form: the oldest exports go.
        let pruned = crate::inventory::Service::of_run(context).and_then(|service| {
            crate::inventory::Inventory::open()?.prune_bases(&service, KEPT_EXPORTS)
        });
        if let Err(e) = pruned {
            printer.warning(&format!("older exports were not forgotten: {e}"));
        }
    }
    if let Some(e) = output_error {
        return Err(Error::other(format!(
            "cannot write the report to stdout: {e}; the run was stopped"
        ))
        .with_hint(resume_hint(&run)));
    }

    let what = if run.plan { "plan: " } else { "" };
    printer.note(&format!(
        "{}{} record{}: {}{}{}{}{}, in {:.1} s ({}/s)",
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
        match tally.suspect {
            0 => String::new(),
            n => format!(
                " ({} with changes that look like a spreadsheet's damage, marked `suspect`)",
                crate::output::count(n, "record")
            ),
        },
        match (tally.with_base, tally.without_base) {
            (0, 0) => String::new(),
            (with, without) => format!(
                " ({with} compared with their export{}{})",
                match tally.get("conflict") {
                    0 => String::new(),
                    n => format!(", {n} in conflict"),
                },
                match without {
                    0 => String::new(),
                    n => format!(
                        "; {n} with no export known here, merged onto the current state"
                    ),
                }
            ),
        },
        match (tally.confirmed, tally.stale) {
            (0, 0) => String::new(),
            (confirmed, 0) => format!(" ({confirmed} matched by storeId, confirmed)"),
            (confirmed, stale) => format!(
                " ({confirmed} matched by storeId, confirmed; {stale} stale in locadm's inventory, corrected: `storeIdMatch` and `note` in the results)"
            ),
        },
        elapsed,
        per_second(tally.total as f64 / elapsed.max(1e-9))
    ));
    // How the run paced itself is for a run long enough to watch (as its bar is), or for
    // `-v`: a short one says what it did in its one summary line.
    let long_run = records >= progress::LONG_RUN_RECORDS || elapsed >= progress::LONG_RUN_SECONDS;
    let pace_line = |line: &str| {
        if long_run {
            printer.note(line);
        } else {
            printer.debug(line);
        }
    };
    pace_line(&pace_summary(&pacer, routes.shared_description(), records));
    let remembered = memory.remember(
        origin,
        pacer.learned(),
        routes.connections(),
        pacer.summary().changed,
    );
    if let Some(line) = remembered {
        pace_line(&line);
    }
    if run.plan {
        printer.note("plan: nothing was written");
    }
    if curl {
        printer.note(&format!(
            "`--curl`: {} printed on stdout, not sent",
            crate::output::count(tally.get("printed"), "request")
        ));
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
    if state.interrupted() {
        // Said here, as the run ends: an interrupted command's error itself is not
        // printed (a prompt's Ctrl-C says nothing), and its exit is the shell's 130.
        printer.detail(&format!("interrupted: {not_sent}"));
        printer.hint(&resume_hint(&run));
        return Err(Error::interrupted());
    }
    // Every record has a result, or the run says why not: a run that ends without one
    // for some records is never a success, whatever the cause.
    if unsent > 0 {
        return Err(
            Error::other(format!("the run ended early: {not_sent}")).with_hint(resume_hint(&run))
        );
    }
    if tally.failed > 0 {
        // A read's misses are warnings beside the locations it read (`Record::aside`).
        let reported = if run.command == "get" {
            "stderr (stdout holds the locations read)"
        } else {
            "stdout"
        };
        return Err(Error::bulk_failed(format!(
            "{} of {} record{} did not succeed ({}); each is reported on {}",
            tally.failed,
            tally.total,
            if tally.total == 1 { "" } else { "s" },
            ["failed", "unknown", "unconfirmed", "invalid", "conflict"]
                .iter()
                .filter(|name| tally.get(name) > 0)
                .map(|name| format!("{} {name}", tally.get(name)))
                .collect::<Vec<_>>()
                .join(", "),
            if curl { "stderr" } else { reported }
        ))
        .with_failed(std::mem::take(&mut tally.asides))
        .with_hint({
            // With `--curl`, stdout holds the requests: no results to send again from.
            let retry = match curl && matches!(run.command, "apply" | "undo") {
                true => "mend what each record above names, and run the same command again"
                    .to_owned(),
                false => retry_hint(&run),
            };
            match tally.get("conflict") {
                0 => retry,
                _ => format!(
                    "a conflict is a field changed in the file and on the service {}: mend the file, or pass `--force` to send the file's values; {retry}",
                    if run.command == "edit" {
                        "while the editor was open"
                    } else {
                        "since the export"
                    },
                ),
            }
        }));
    }
    if curl {
        // The verb has nothing more to do with what was only printed.
        return Err(Error::printed());
    }
    Ok(tally)
}

/// The writer of what the run learns to the inventory. A run whose creates must be
/// remembered (`Run::remember_creates`: `apply` without `--create-new`) sends none that
/// could not be: an inventory that cannot be opened and written stops it before anything
/// is sent, and one that fails later stops it there, as a journal does (a re-run would
/// create those locations again). For other runs it is a warning.
fn start_recorder(
    context: &Context<'_>,
    run: &Run,
    creates: usize,
    state: &Arc<RunState>,
) -> Result<Option<crate::inventory::Recorder>> {
    let messages = context.printer.messages();
    let must = run.remember_creates && creates > 0 && !run.plan;
    let stop = state.clone();
    let failed = move |e: Error| {
        if must {
            stop.fail(Error::other(format!(
                "{e}: no more creates are sent, as locadm could not remember them (a re-run would create them again)"
            )).with_hint(CREATE_NEW_HINT));
        } else {
            messages.warning(&format!("the inventory was not updated: {e}"));
        }
    };
    let started = crate::inventory::Service::of_run(context)
        .and_then(|service| crate::inventory::Recorder::start(service, failed));
    match started {
        Ok(recorder) => Ok(Some(recorder)),
        Err(e) if must => Err(Error::other(format!(
            "{e}; nothing was sent: {} could not be remembered, and a re-run would create them again",
            crate::output::count(creates, "create")
        ))
        .with_hint(CREATE_NEW_HINT)),
        Err(e) => {
            messages.warning(&format!("the inventory will not be updated: {e}"));
            Ok(None)
        }
    }
}

/// The exports whose bases are kept per service (a sheet of an older one is compared
/// with the current state, as a sheet from elsewhere is).
const KEPT_EXPORTS: usize = 20;

/// A new export's name: when it was made (UTC, to the second) and a random part, so
/// that two exports of one second are two.
pub(crate) fn export_name() -> Arc<str> {
    let now = humantime::format_rfc3339_seconds(std::time::SystemTime::now());
    Arc::from(format!("{now}/{:04x}", fastrand::u16(..)))
}

/// The export bases of an `apply` run's merges (none for other runs). An inventory
/// that cannot be opened sends no merge, as it sends no create: without its base, an
/// older sheet's record would put back what others changed since. `--force` merges
/// onto the current state alone, with a warning.
fn bases_of(
    context: &Context<'_>,
    run: &Run,
    operations: &std::collections::BTreeMap<Operation, usize>,
) -> Result<Option<crate::inventory::Bases>> {
    if !matches!(run.command, "apply" | "edit") || !operations.contains_key(&Operation::Merge) {
        return Ok(None);
    }
    match crate::inventory::Service::of_run(context).and_then(crate::inventory::Bases::open) {
        Ok(bases) => Ok(Some(bases)),
        Err(e) if run.force => {
            context.printer.warning(&format!(
                "merges are not compared with their export (what the service changed since cannot be told from what the file changed): {e}"
            ));
            Ok(None)
        }
        Err(e) => Err(Error::other(format!(
            "{e}; nothing was sent: without the exports the records were edited from, a change made on the service since would be put back"
        ))
        .with_hint("mend what the error names, or pass `--force` to merge onto the current state alone; `locadm inventory repair` sets a damaged inventory aside and starts a new one")),
    }
}

/// What to do when locadm's inventory cannot be read or written and creates are due.
pub(crate) const CREATE_NEW_HINT: &str = "mend what the error names (the disk, the file's permissions), or pass `--create-new` to create anyway; `locadm inventory repair` sets a damaged inventory aside and starts a new one";

/// The workers of a pass over the spool.
struct Workers<'a> {
    api: &'a Arc<locadm_client::api::ApiClient>,
    routes: &'a locadm_client::api::BulkRoutes,
    journal: &'a Option<Arc<Journal>>,
    state: Arc<RunState>,
}

/// The spool the workers of a pass take their tasks from.
type Feed = Arc<std::sync::Mutex<spool::SpoolReader>>;

/// What the plan of a sheet's merges found.
struct Suspect {
    /// `line 3 (storeId S-1): structuredAddress.postCode "01067" → "1067"`, a record a
    /// line.
    records: Vec<String>,
    /// The spool, from its start again.
    spool: spool::SpoolReader,
    /// The rules the plan ran by, given back.
    plan_rules: Rules,
}

impl Workers<'_> {
    /// `--concurrency` workers taking the tasks of `spool` in turn, and their reports.
    fn spawn(
        &self,
        rules: &Arc<Rules>,
        spool: spool::SpoolReader,
    ) -> (tokio::task::JoinSet<()>, mpsc::Receiver<Box<Report>>, Feed) {
        let concurrency = self.state.workers();
        let (report_tx, report_rx) = mpsc::channel::<Box<Report>>(concurrency * 4);
        // The workers take tasks from the spool in turn. It is read right here, on the
        // runtime's thread: the file was just written and is in the page cache, and a
        // reader thread handing tasks over cost two context switches per batch.
        let feed = Arc::new(std::sync::Mutex::new(spool));
        let mut workers = tokio::task::JoinSet::new();
        for index in 0..concurrency {
            let worker = Worker {
                index,
                api: self.api.clone(),
                route: self.routes.route(),
                journal: self.journal.clone(),
                rules: rules.clone(),
                state: self.state.clone(),
            };
            workers.spawn(worker.run(feed.clone(), report_tx.clone()));
        }
        (workers, report_rx, feed)
    }

    /// Plans every task (reads, writes nothing) and names the records whose changes look
    /// like a spreadsheet's damage; the spool is read from its start again after.
    async fn suspect_changes(self, plan: Rules, spool: spool::SpoolReader) -> Result<Suspect> {
        let rules = Arc::new(plan);
        let (mut workers, mut reports, feed) = self.spawn(&rules, spool);
        let mut records = Vec::new();
        while let Some(report) = reports.recv().await {
            let suspect: Vec<String> = report
                .changes
                .iter()
                .filter(|c| c.suspect.is_some())
                .map(|c| format!("{}: {}", report.position(), c))
                .collect();
            if !suspect.is_empty() {
                let store = report.store_id.as_deref().unwrap_or("?");
                records.extend(
                    suspect
                        .into_iter()
                        .map(|s| format!("{s} (storeId {store})")),
                );
            }
        }
        while workers.join_next().await.is_some() {}
        if let Some(error) = self.state.take_failure() {
            return Err(error);
        }
        // The workers are done with the feed and the rules: both come back whole.
        drop(workers);
        let plan_rules = Arc::into_inner(rules).expect("the workers are gone");
        let mut spool = Arc::into_inner(feed)
            .expect("the workers are gone")
            .into_inner()
            .unwrap_or_else(|p| p.into_inner());
        spool.rewind()?;
        Ok(Suspect {
            records,
            spool,
            plan_rules,
        })
    }
}

/// Whether the changes that look like a spreadsheet's damage are sent: none found, a yes
/// at a terminal; otherwise nothing is sent (exit 2), naming each.
fn confirm_suspect(context: &Context<'_>, records: &[String]) -> Result<bool> {
    if records.is_empty() {
        return Ok(false);
    }
    let printer = context.printer;
    printer.warning(&format!(
        "{} of the sheet look{} like a spreadsheet's damage rather than an edit:",
        crate::output::count(records.len(), "change"),
        if records.len() == 1 { "s" } else { "" }
    ));
    for record in records {
        printer.detail(&format!("  {record}"));
    }
    if printer.can_prompt() && crate::output::prompt::confirm("Send these changes as they are?")? {
        return Ok(true);
    }
    Err(Error::usage("nothing was sent").with_hint(
        "mend the sheet (format such columns as text, or write the values again), or pass `--yes` to send them as they are",
    ))
}

/// `concurrency auto: at most 48 in flight over 2 connections (HTTP/2); 3 answers said
/// to slow down (429 or 503), pausing the run 1.0 s in all; the service admits about 1000
/// requests a second`.
fn pace_summary(pacer: &Pacer, connections: Option<String>, records: usize) -> String {
    let connections = connections.map(|c| format!(" {c}")).unwrap_or_default();
    let summary = pacer.summary();
    // How long their `Retry-After`s held the whole run: why a run took longer than its
    // rate says.
    let paused = if summary.paused.is_zero() {
        String::new()
    } else {
        format!(
            ", pausing the run {:.1} s in all",
            summary.paused.as_secs_f64()
        )
    };
    let refused = match summary.refused {
        0 => String::new(),
        n => format!(
            "; {} said to slow down (429 or 503){paused}",
            crate::output::count(n as usize, "answer")
        ),
    };
    // What the 429s taught: the figure to give `--rate` next time to meet none.
    let rate = summary
        .learned_rate
        .map(|rate| {
            format!(
                "; the service admits about {} requests a second",
                per_second(rate)
            )
        })
        .unwrap_or_default();
    // A run never has more records in flight than it has records.
    let peak = summary.peak.min(records.max(1));
    if pacer.is_auto() {
        format!("concurrency auto: at most {peak} in flight{connections}{refused}{rate}")
    } else if summary.peak > peak {
        format!(
            "concurrency {} (at most {peak} in flight){connections}{refused}{rate}",
            summary.peak
        )
    } else {
        format!("concurrency {peak}{connections}{refused}{rate}")
    }
}

/// A rate for people: whole numbers, but a tenth below 10 (a throttled run's `0.4`, not
/// `0`).
fn per_second(rate: f64) -> String {
    if rate < 10.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.0}")
    }
}

/// How to send again what did not succeed, and nothing that did: `--only-failed` is
/// `apply`'s; a read is repeated as it is, and a delete of what is gone already is
/// passed over with `--ignore-not-found`.
fn retry_hint(run: &Run) -> String {
    match (run.command, &run.journal) {
        ("get", _) => "a read changes nothing: run the same command again once the cause is mended".to_owned(),
        ("edit", _) => "run the same command again: the editor opens on the locations as they are now".to_owned(),
        ("delete", _) if !run.ignore_not_found => "run the same command again with `--ignore-not-found`: what was deleted already is passed over".to_owned(),
        ("delete", _) => "run the same command again: what was deleted already is passed over".to_owned(),
        (_, Some(path)) => format!(
            "`--only-failed {} --journal NEW_JOURNAL` sends again only what did not succeed",
            path.display()
        ),
        (_, None) => {
            "save stdout to a file: `--only-failed FILE` sends again only what did not succeed"
                .to_owned()
        }
    }
}

/// How to go on from where a run stopped: its journal (`apply`'s and `delete`'s); a read
/// has none, and is run again.
fn resume_hint(run: &Run) -> String {
    match (run.command, &run.journal) {
        ("get", _) => "a read changes nothing: run the same command again".to_owned(),
        ("edit", Some(path)) => format!(
            "what was sent is in the journal: `locadm location apply --undo {}` puts it back",
            path.display()
        ),
        (_, Some(path)) => format!("re-run with `--journal {}` to resume", path.display()),
        (_, None) => "use `--journal FILE` to make a run resumable".to_owned(),
    }
}
