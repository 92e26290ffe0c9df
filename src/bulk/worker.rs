//! One of `--concurrency` workers: takes tasks from the shared spool, one at a time, and
//! carries each out on a connection of its own: read the current state when the task
//! needs it, write, record the outcome in the journal, report.

use std::sync::Arc;

use bytes::Bytes;
use serde_json::value::RawValue;
use tokio::sync::mpsc;

use super::journal::{Entry, Journal, Recorded};
use super::report::{BaseUse, Outcome, Report, StoreIdMatch};
use super::spool::{body_text, IdFrom, SpoolReader, Task};
use super::{Earlier, Operation, RunState};
use locadm_client::api::{ApiClient, Route};
use locadm_client::error::{Error, Kind, Result};
use locadm_model::damage;
use locadm_model::document::{self, RawMembers};
use locadm_model::reader;
use locadm_model::{LocationBody, WriteOp};

/// What every worker of a run is told.
pub(super) struct Rules {
    pub plan: bool,
    pub retry_unknown: bool,
    pub retry_unconfirmed: bool,
    pub ignore_not_found: bool,
    /// `apply --undo`: a replace restores a before-image, a create re-creates.
    pub undo: bool,
    /// What an earlier run did, from `--only-failed`.
    pub earlier: Option<Earlier>,
    /// The input is a spreadsheet: changes that look like its damage are marked.
    pub sheet: bool,
    /// Such changes are sent (`--yes`, or a yes to the plan of them).
    pub send_suspect: bool,
    /// What each location was when it was last exported: a merge sends what its record
    /// changed against that, keeping what the service changed since (`apply`).
    pub bases: Option<crate::inventory::Bases>,
    /// A field changed both in the file and on the service since the export takes the
    /// file's value (`--force`); otherwise the record is a conflict, not sent.
    pub force: bool,
    /// This run is an export (a bulk `get` that prints): its name, for its sheets and
    /// the bases it keeps.
    pub export: Option<Arc<str>>,
}

pub(super) struct Worker {
    /// From 0: with `--concurrency auto` the worker sends only while the limit is above
    /// it (and opens its connection only then).
    pub index: usize,
    pub api: Arc<ApiClient>,
    pub route: Route,
    pub journal: Option<Arc<Journal>>,
    pub rules: Arc<Rules>,
    /// The run's shared state: a journal that cannot be written stops it.
    pub state: Arc<RunState>,
}

impl Worker {
    pub(super) async fn run(
        mut self,
        feed: Arc<std::sync::Mutex<SpoolReader>>,
        reports: mpsc::Sender<Box<Report>>,
    ) {
        let state = self.state.clone();
        while !state.stopped() {
            state.turn(self.index).await;
            if state.stopped() {
                break;
            }
            let next = feed.lock().unwrap_or_else(|p| p.into_inner()).next();
            let task = match next {
                Ok(Some(task)) => task,
                Ok(None) => {
                    state.input_done();
                    break;
                }
                Err(error) => {
                    state.fail(error);
                    break;
                }
            };
            let Some((report, error)) = self.perform(task).await else {
                // Not sent: its journal line could not be written (the run is stopped).
                break;
            };
            if let Some(error) = error.filter(|e| e.kind() == &Kind::Auth) {
                // No token is accepted even after renewing it (and each task would ask
                // the token endpoint again).
                state.fail(error);
            }
            if reports.send(report).await.is_err() {
                break;
            }
        }
    }

    /// Carries out one task, or reports why it is not (with the error, when there is one).
    /// `None` when it was not sent because its journal line could not be written: it gets
    /// no result (the run counts it among those not sent, and a re-run sends it).
    ///
    /// The report is boxed from the start: it is moved from here to the report writer,
    /// and is large (most of its members are for a plan, a merge or an export).
    async fn perform(&mut self, mut task: Task) -> Option<(Box<Report>, Option<Error>)> {
        let mut report = Box::new(Report::new(task.position, task.operation, Outcome::Failed));
        report.store_id = task.store_id.clone();
        report.id = task.id.map(|i| i.to_string());
        // A create's name and city, for the inventory once it is created: moved, not
        // copied. (A record matched by storeId takes them only if its match turns out
        // stale and it is created as written, below.)
        if task.operation == Operation::Create {
            report.shown = task.shown.take();
        }
        let body = match std::mem::replace(&mut task.body, Ok(Bytes::new())) {
            Ok(body) => body,
            Err(problems) => {
                report.outcome = Outcome::Invalid;
                report.error = Some(problems);
                return Some((report, None));
            }
        };
        if let Some(done) = self.done_earlier(&task, &mut report) {
            return Some((done, None));
        }
        // A record matched by storeId is, as written, a create: kept for when the match
        // turns out stale.
        let as_written = (task.id_from == IdFrom::StoreIdMatch).then(|| body.clone());
        let mut result = if self.rules.plan {
            self.plan(&task, body, &mut report).await
        } else {
            self.carry_out(&task, body, &mut report).await
        };
        if let (Err(stale), Some(body)) = (&result, as_written) {
            if report.store_id_match == Some(StoreIdMatch::Stale) {
                report.note = Some(format!("{stale}; the record is created as written"));
                task.operation = Operation::Create;
                task.id = None;
                report.operation = Operation::Create.service_name();
                report.id = None;
                report.status = None;
                report.seen = None;
                report.shown = task.shown.take();
                result = if self.rules.plan {
                    self.plan(&task, body, &mut report).await
                } else {
                    self.carry_out(&task, body, &mut report).await
                };
            }
        }
        match result {
            Ok(Step::Done) => Some((report, None)),
            Ok(Step::Withheld) => None,
            Err(e) if e.kind() == &Kind::Interrupted => {
                // Stopped while it waited its turn (a paced slot, a `Retry-After`, a
                // backoff): not sent, and no result. The journal says so, so that a
                // resume sends it (its `started` line alone would make a create look
                // as if it may exist).
                self.record(&task, &report, Some(Recorded::Failed));
                None
            }
            Err(e) if e.kind() == &Kind::Printed => {
                // `--curl`: its write was printed, not sent (no journal in such a run).
                report.outcome = Outcome::Printed;
                Some((report, None))
            }
            Err(e) => {
                let status = e.status();
                if status == Some(404) && self.rules.ignore_not_found {
                    report.outcome = Outcome::NotFound;
                    report.status = status;
                    return Some((report, None));
                }
                let (outcome, note) = match (e.kind(), task.operation, status) {
                    (Kind::OutcomeUnknown, _, _) => (Outcome::Unknown, ""),
                    (Kind::Unconfirmed, _, _) => (Outcome::Unconfirmed, ""),
                    // A gateway's 502 or 504 may hide a create that went through (which
                    // is why the client does not retry it): it must not be sent again
                    // blindly by a re-run either, as a `failed` one would be.
                    (_, Operation::Create, Some(502 | 504)) => (
                        Outcome::Unknown,
                        "; a gateway error: the create may or may not have been carried out",
                    ),
                    (Kind::Invalid, _, _) => (Outcome::Invalid, ""),
                    _ => (Outcome::Failed, ""),
                };
                report.outcome = outcome;
                if report.corrected.is_none() {
                    report.status = status;
                }
                report.error = Some(format!("{}{note}", e.full_text()));
                self.record(&task, &report, None);
                Some((report, Some(e)))
            }
        }
    }

    /// The report of a task an earlier run finished (or may have carried out), from the
    /// journal or `--only-failed`.
    fn done_earlier(&self, task: &Task, report: &mut Report) -> Option<Box<Report>> {
        let journal = self.journal.as_ref().and_then(|j| j.previous(&task.key()));
        let earlier = self.rules.earlier.as_ref().and_then(|e| e.of(task));
        // Whether what was recorded is a create: a record matched by storeId was sent
        // as one when its match was stale (its `started` line has no before-image).
        let (recorded, id, created) = match (journal, earlier) {
            (Some(entry), _) => (
                entry.outcome,
                entry.id.clone(),
                task.operation == Operation::Create || entry.before.is_none(),
            ),
            (None, Some((recorded, id))) => (recorded, id, true),
            (None, None) => return None,
        };
        let mut done = Box::new(Report::new(task.position, task.operation, Outcome::Skipped));
        done.store_id = report.store_id.clone();
        done.id = id.or_else(|| report.id.clone());
        if recorded.is_done() {
            return Some(done);
        }
        let created = task.operation == Operation::Create
            || (task.id_from == IdFrom::StoreIdMatch && created);
        if created && recorded.may_exist() {
            let (outcome, retry, flag) = if recorded == Recorded::Unconfirmed {
                (
                    Outcome::Unconfirmed,
                    self.rules.retry_unconfirmed,
                    "--retry-unconfirmed",
                )
            } else {
                (
                    Outcome::Unknown,
                    self.rules.retry_unknown,
                    "--retry-unknown",
                )
            };
            if !retry {
                done.outcome = outcome;
                done.error = Some(format!(
                    "an earlier run sent this create without learning the new location's id; check whether it exists, then re-run with `{flag}` to send it again"
                ));
                return Some(done);
            }
        }
        None
    }

    /// `--plan`: reads what a write would change, writes nothing.
    async fn plan(&mut self, task: &Task, body: Bytes, report: &mut Report) -> Result<Step> {
        report.outcome = Outcome::Planned;
        let base = self.base(task)?;
        match task.operation {
            Operation::Create => {
                report.plan = Some("create");
                report.body = RawValue::from_string(body_text(&body)?.to_owned()).ok();
            }
            Operation::Merge if unedited(base.as_ref(), &body)? => {
                report.plan = Some("unchanged");
                report.base = Some(BaseUse::Merged);
            }
            Operation::Replace | Operation::Merge => {
                let current = self.current(task, report).await?;
                let after = self.target(task, &current, &body, report, base.as_ref())?;
                report.changes = document::diff(&current, &after.0);
                if self.rules.sheet {
                    damage::mark(&mut report.changes);
                }
                report.plan = Some(
                    match (report.changes.is_empty(), report.conflicts.is_empty()) {
                        (_, false) if !self.rules.force => "conflict",
                        (true, _) => "unchanged",
                        (false, _) => "change",
                    },
                );
            }
            Operation::Delete => {
                self.current(task, report).await?;
                report.plan = Some("delete");
            }
            Operation::Get => {
                self.current(task, report).await?;
                report.plan = Some("read");
            }
        }
        Ok(Step::Done)
    }

    async fn carry_out(&mut self, task: &Task, body: Bytes, report: &mut Report) -> Result<Step> {
        let base = self.base(task)?;
        let id = task.id;
        match task.operation {
            Operation::Create => {
                if !self.record(task, report, Some(Recorded::Started)) {
                    return Ok(Step::Withheld);
                }
                // What the inventory lists of it: its name and city, taken from the checked
                // body at pre-flight; else (a body not checked here) the body, read later.
                let sent = report.shown.is_none().then(|| body.clone());
                let reply = self.api.create_location_json(&mut self.route, body).await?;
                report.status = Some(reply.status.as_u16());
                match ApiClient::created_id(&reply).map(|id| id.to_string()) {
                    Some(new_id) => {
                        report.outcome = if self.rules.undo {
                            Outcome::Recreated
                        } else {
                            Outcome::Created
                        };
                        report.id = Some(new_id);
                        report.seen = sent;
                    }
                    None => {
                        report.outcome = Outcome::Unconfirmed;
                        report.error = Some(format!(
                            "the service answered {} without a link to the new location's id: it may exist, under an id not known",
                            reply.status
                        ));
                    }
                }
                self.record(task, report, None);
            }
            // A record that changes nothing against the export it was edited from sends
            // nothing, and needs not read the location to know it.
            Operation::Merge if unedited(base.as_ref(), &body)? => {
                report.outcome = Outcome::Unchanged;
                report.base = Some(BaseUse::Merged);
                self.record(task, report, None);
            }
            Operation::Replace | Operation::Merge => {
                let id = id.expect("an update has an id");
                // The current state is read first: to merge onto, to compare with (a
                // replacement that changes nothing is not sent, as a merge is not), and
                // for the journal's before-image (`--undo` puts it back).
                let current = self.current(task, report).await?;
                let target = self.target(task, &current, &body, report, base.as_ref())?;
                if !report.conflicts.is_empty() && !self.rules.force {
                    report.outcome = Outcome::Conflict;
                    report.error = Some(format!(
                        "not sent: changed in the file and on the service since the export ({}); pass `--force` to send the file's values",
                        report
                            .conflicts
                            .iter()
                            .map(|c| c.field.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                    self.record(task, report, None);
                    return Ok(Step::Done);
                }
                {
                    let mut changes = document::diff(&current, &target.0);
                    if changes.is_empty() {
                        report.outcome = Outcome::Unchanged;
                        self.record(task, report, None);
                        return Ok(Step::Done);
                    }
                    // A change that looks like a spreadsheet's damage and was not in the
                    // plan the person accepted (the location changed since) is held.
                    if self.rules.sheet && !self.rules.send_suspect && damage::mark(&mut changes) {
                        report.changes = changes;
                        report.error = Some("not sent: a change looks like a spreadsheet's damage (marked `suspect`); mend the sheet, or pass `--yes`".into());
                        self.record(task, report, None);
                        return Ok(Step::Done);
                    }
                }
                // The before-image goes to the journal before the write: an undo can put
                // back whatever this run may have changed.
                let before = Some(current.to_raw());
                if !self.record_with(task, report, Some(Recorded::Started), before) {
                    return Ok(Step::Withheld);
                }
                let sent = target.1.clone();
                let reply = self
                    .api
                    .update_location_json(&mut self.route, &id, target.1)
                    .await?;
                report.seen = Some(sent);
                report.status = Some(reply.status.as_u16());
                report.outcome = if self.rules.undo {
                    Outcome::Restored
                } else {
                    Outcome::Updated
                };
                self.record(task, report, None);
            }
            Operation::Delete => {
                let id = id.expect("a delete has an id");
                let current = self.current(task, report).await?;
                if !self.record_with(
                    task,
                    report,
                    Some(Recorded::Started),
                    Some(current.to_raw()),
                ) {
                    return Ok(Step::Withheld);
                }
                let reply = self.api.delete_location_on(&mut self.route, &id).await?;
                report.status = Some(reply.status.as_u16());
                report.outcome = Outcome::Deleted;
                self.record(task, report, None);
            }
            Operation::Get => {
                let id = id.expect("a read has an id");
                let reply = self.api.read_location(&mut self.route, &id).await?;
                // Checked in place: copied only once it is a location.
                let text = std::str::from_utf8(&reply.body)
                    .map_err(|_| Error::other("the location's read form is not UTF-8"))?;
                // Only the storeId is needed of it (the location is printed as it came);
                // one that is not a string is left out, as `fill_from_read` does.
                #[derive(serde::Deserialize)]
                struct Head<'a> {
                    #[serde(rename = "storeId", borrow)]
                    store_id: Option<&'a RawValue>,
                }
                // Said without serde's text, which quotes what it met (an answer's whole
                // body, when that is one long string).
                let head: Head = serde_json::from_str(text).map_err(|e| {
                    Error::other(format!(
                        "the location's read form is not a JSON object (at line {} column {})",
                        e.line(),
                        e.column()
                    ))
                })?;
                let store_id = head
                    .store_id
                    .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok());
                if task.id_from.needs_confirming() {
                    confirm(task, report, Some((store_id.clone(), reply.body.clone())))?;
                }
                report.store_id = store_id;
                report.status = Some(reply.status.as_u16());
                report.outcome = Outcome::Read;
                report.export = self.rules.export.clone();
                report.seen = Some(reply.body.clone());
                report.location = RawValue::from_string(text.to_owned()).ok();
            }
        }
        Ok(Step::Done)
    }

    /// The location's current write form (by the set-aside rule); its storeId and what
    /// was read go to the report.
    async fn current(&mut self, task: &Task, report: &mut Report) -> Result<RawMembers> {
        let id = task.id.expect("a task that reads has an id");
        let reply = match self.api.read_location(&mut self.route, &id).await {
            Err(e) if task.id_from.needs_confirming() && e.status() == Some(404) => {
                return Err(confirm(task, report, None).expect_err("gone is stale"));
            }
            reply => reply?,
        };
        let read = RawMembers::parse_text(&String::from_utf8_lossy(&reply.body))
            .map_err(|e| Error::other(format!("the read form of location {id} is {e}")))?;
        if task.id_from.needs_confirming() {
            let store_id = store_id_of(&read);
            confirm(task, report, Some((store_id, reply.body.clone())))?;
        }
        fill_from_read(report, &read);
        report.seen = Some(reply.body);
        let current = reader::write_form(read.clone()).map_err(|p| {
            Error::other(format!(
                "the read form of location {id} cannot be made a write form: {}",
                p.to_string().replace('\n', "; ")
            ))
        })?;
        Ok(current)
    }

    /// What the location becomes: the record's body (replace) or the merge of its patch
    /// over the current state, checked, and its text as sent.
    fn target(
        &self,
        task: &Task,
        current: &RawMembers,
        body: &[u8],
        report: &mut Report,
        base: Option<&RawMembers>,
    ) -> Result<(RawMembers, Bytes)> {
        let record = RawMembers::parse_text(body_text(body)?).map_err(Error::other)?;
        let checked = if task.operation == Operation::Merge {
            match base {
                // Edited from an export: what the record changed against it, over what
                // the location is now.
                Some(base) => {
                    let (mut patch, conflicts) = document::three_way(base, &record, current);
                    if self.rules.force {
                        for conflict in &conflicts {
                            let value = conflict
                                .file
                                .clone()
                                .unwrap_or_else(|| document::to_raw(&serde_json::Value::Null));
                            patch.insert_path(&conflict.field, value);
                        }
                    }
                    report.base = Some(if conflicts.is_empty() {
                        BaseUse::Merged
                    } else {
                        BaseUse::Conflicts
                    });
                    report.conflicts = conflicts;
                    reader::merge(current, &patch)
                }
                None => {
                    report.base = Some(BaseUse::Unknown);
                    reader::merge(current, &record)
                }
            }
        } else {
            LocationBody::check(&record.as_object()).map(|checked| (record, checked))
        };
        let (mut after, checked) = checked.map_err(|p| {
            Error::invalid(format!(
                "the merged body is invalid, nothing was sent: {}",
                p.to_string().replace('\n', "; ")
            ))
            .with_problems(&p, None)
        })?;
        let sent = serde_json::to_string(&checked.body.into_op(WriteOp::Update))
            .map_err(|e| Error::other(e.to_string()))?;
        // Compared in the form sent, where it differs from the record's: `photoUrls` as a
        // comma-separated string is sent (and read back) as an array. Otherwise the
        // merged members are that form already (numbers as written), and are not parsed
        // again: this is the hot path of a merge.
        let photos_as_text = after
            .get("photoUrls")
            .is_some_and(|p| locadm_model::json::Kind::of(p) == locadm_model::json::Kind::String);
        if photos_as_text {
            after = RawMembers::parse_text(&sent).map_err(Error::other)?;
        }
        Ok((after, sent.into()))
    }

    /// The write form of what a merge's location was when it was exported (the export
    /// its record names, else the last), once a task; `None` for other tasks, and when
    /// no export of it is known. One that cannot be read fails the task, nothing sent.
    fn base(&self, task: &Task) -> Result<Option<RawMembers>> {
        let (Operation::Merge, Some(bases), Some(id)) =
            (task.operation, &self.rules.bases, task.id)
        else {
            return Ok(None);
        };
        let Some(text) = bases.of(&id, task.export.as_deref())? else {
            return Ok(None);
        };
        let unreadable = |why: String| {
            Error::other(format!(
                "the export base of location {id} in locadm's inventory is not a read form ({why}); nothing was sent"
            ))
            .with_hint(format!("export the location again (`locadm location get {id} -o ndjson`), or edit a new export"))
        };
        let read = RawMembers::parse_text(&text).map_err(unreadable)?;
        reader::write_form(read)
            .map(Some)
            .map_err(|p| unreadable(p.to_string().replace('\n', "; ")))
    }

    fn record(&self, task: &Task, report: &Report, outcome: Option<Recorded>) -> bool {
        self.record_with(task, report, outcome, None)
    }

    /// Writes the task's outcome (or `outcome`) to the journal, with the before-image.
    /// False when the journal could not be written: the run is stopped (nothing more is
    /// sent), and a request whose `started` line this was must not be sent.
    fn record_with(
        &self,
        task: &Task,
        report: &Report,
        outcome: Option<Recorded>,
        before: Option<Box<RawValue>>,
    ) -> bool {
        let Some(journal) = &self.journal else {
            return true;
        };
        let recorded = outcome.unwrap_or(match report.outcome {
            Outcome::Created | Outcome::Recreated => Recorded::Created,
            Outcome::Updated | Outcome::Restored => Recorded::Updated,
            Outcome::Unchanged => Recorded::Unchanged,
            Outcome::Deleted => Recorded::Deleted,
            Outcome::Unknown => Recorded::Unknown,
            Outcome::Unconfirmed => Recorded::Unconfirmed,
            _ => Recorded::Failed,
        });
        let entry = Entry {
            key: task.key(),
            outcome: recorded,
            store_id: report.store_id.clone(),
            id: report.id.clone(),
            before,
        };
        match journal.record(&entry) {
            Ok(()) => true,
            Err(e) => {
                // Every later request would go unrecorded, and a resume would send it
                // again: the run stops here, finishing only what is in flight.
                self.state.fail(e);
                false
            }
        }
    }
}

/// Whether a merge's record changes nothing against `base`, the export it was edited
/// from (false when no export of it is known).
pub(crate) fn unedited(base: Option<&RawMembers>, body: &[u8]) -> Result<bool> {
    let Some(base) = base else {
        return Ok(false);
    };
    let record = RawMembers::parse_text(body_text(body)?).map_err(Error::other)?;
    Ok(document::diff(base, &document::merge(base, &record)).is_empty())
}

/// How far a task went.
enum Step {
    Done,
    /// Its `started` line could not be written to the journal, so it was not sent.
    Withheld,
}

/// The storeId of a location read, for reports and confirmations.
fn fill_from_read(report: &mut Report, read: &RawMembers) {
    if report.store_id.is_none() {
        report.store_id = store_id_of(read);
    }
}

fn store_id_of(read: &RawMembers) -> Option<String> {
    read.get("storeId")
        .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok())
}

/// A task whose id came from locadm's inventory goes on only when the location read
/// (`read`: its storeId and read form; `None`: answered 404) still has the storeId it
/// was found under. Otherwise the entry is stale: what was read is kept for the
/// inventory (`report.corrected`), and the error names both; nothing is sent to it.
fn confirm(task: &Task, report: &mut Report, read: Option<(Option<String>, Bytes)>) -> Result<()> {
    let id = task.id.expect("a task that reads has an id");
    let known = task.store_id.as_deref().unwrap_or_default();
    let gone = read.is_none();
    let Some(stale) = crate::inventory::stale_entry(known, id, read) else {
        report.store_id_match = Some(StoreIdMatch::Confirmed);
        return Ok(());
    };
    report.status = Some(if gone { 404 } else { 200 });
    report.store_id_match = Some(StoreIdMatch::Stale);
    report.corrected = Some(Box::new(stale.corrected));
    Err(Error::not_found(if task.id_from == IdFrom::StoreIdNamed {
        format!("{}; nothing was sent", stale.message)
    } else {
        stale.message
    }))
}
