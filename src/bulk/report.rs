//! What a bulk run says of each task: its report (the result line, or the location a
//! bulk `get` read), and the tally of them. [`super::writer`] prints them as they come.

use serde::Serialize;
use serde_json::value::RawValue;

use super::Operation;
use crate::input::Position;
use crate::inventory::{Fact, Notes};
use crate::output::sheet::{Cell, Sheet};
use crate::output::{Human, Record};
use locadm_model::document::Change;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Outcome {
    Created,
    Updated,
    /// `apply --undo`: a location changed by the undone run got its before-image back.
    Restored,
    /// `apply --undo`: a location deleted by the undone run was created again (under a
    /// new id: ids cannot be chosen).
    #[serde(rename = "re-created")]
    Recreated,
    /// A merge whose result equals the current state: nothing was sent.
    Unchanged,
    Deleted,
    /// Read (`location get`): the record printed is the location itself.
    Read,
    /// Done by an earlier run (journal, `--only-failed`).
    Skipped,
    /// Not there, and `--ignore-not-found` says that is fine.
    NotFound,
    Invalid,
    Failed,
    /// Sent without an answer: it may or may not have been carried out.
    Unknown,
    /// A create answered 2xx without the new location's id: it may exist.
    Unconfirmed,
    /// `--plan`: what would happen.
    Planned,
    /// Changed in the file and on the service since its export: not sent without
    /// `--force`.
    Conflict,
    /// `--curl`: its request printed on stdout, not sent.
    Printed,
}

impl Outcome {
    /// The outcomes that make a run end with exit 7.
    pub(crate) fn failed(self) -> bool {
        matches!(
            self,
            Outcome::Invalid
                | Outcome::Failed
                | Outcome::Unknown
                | Outcome::Unconfirmed
                | Outcome::Conflict
        )
    }

    /// Its name in a result line (`not-found`), as serde writes it.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Outcome::Created => "created",
            Outcome::Updated => "updated",
            Outcome::Restored => "restored",
            Outcome::Recreated => "re-created",
            Outcome::Unchanged => "unchanged",
            Outcome::Deleted => "deleted",
            Outcome::Read => "read",
            Outcome::Skipped => "skipped",
            Outcome::NotFound => "not-found",
            Outcome::Invalid => "invalid",
            Outcome::Failed => "failed",
            Outcome::Unknown => "unknown",
            Outcome::Unconfirmed => "unconfirmed",
            Outcome::Planned => "planned",
            Outcome::Conflict => "conflict",
            Outcome::Printed => "printed",
        }
    }
}

/// The result line of one task.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    pub store_id: Option<String>,
    pub operation: &'static str,
    pub outcome: Outcome,
    pub id: Option<String>,
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `--plan`: what the write would do (`create`, `change`, `unchanged`, `delete`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<&'static str>,
    /// `--plan`: the fields a write would change, before and after.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// `--dry-run`: the body that would be sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<Box<RawValue>>,
    /// `location get`: the location as the service sent it, printed instead of the report.
    #[serde(skip)]
    pub location: Option<Box<RawValue>>,
    /// The location as this task last saw it (sent or read), for the inventory.
    #[serde(skip)]
    pub seen: Option<bytes::Bytes>,
    /// A create's name and city (its checked body's), for the inventory instead of
    /// `seen`: nothing to read again.
    #[serde(skip)]
    pub shown: Option<super::spool::Shown>,
    /// A task whose id came from locadm's inventory by storeId: what the service said of
    /// that entry.
    #[serde(rename = "storeIdMatch", skip_serializing_if = "Option::is_none")]
    pub store_id_match: Option<StoreIdMatch>,
    /// Why a record was carried out otherwise than it was first taken (a stale match
    /// created as written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A stale inventory entry as the service showed it (another storeId, or gone), for
    /// the inventory. Boxed: rare, and a report is moved several times a record.
    #[serde(skip)]
    pub corrected: Option<Box<Fact>>,
    /// A merge: whether it was compared with the location as exported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<BaseUse>,
    /// Fields changed in the file and on the service since the export.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<locadm_model::document::Conflict>,
    /// An export's name (a bulk `get`): its sheets carry it, so that a sheet edited from
    /// it is compared with what it exported.
    #[serde(skip)]
    pub export: Option<std::sync::Arc<str>>,
}

/// How a merge used the export its record was edited from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum BaseUse {
    /// Compared with it: only what the file changed is sent.
    Merged,
    /// Compared with it, and some fields conflict.
    Conflicts,
    /// No export of that location is known here: merged onto the current state as it is.
    Unknown,
}

/// What the service said of a location locadm's inventory knew under a storeId.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum StoreIdMatch {
    /// The location read has that storeId.
    Confirmed,
    /// It has another, or is gone: the entry was corrected.
    Stale,
}

impl Report {
    pub(crate) fn new(position: Position, operation: Operation, outcome: Outcome) -> Report {
        Report {
            line: position.line(),
            index: position.index(),
            store_id: None,
            operation: operation.service_name(),
            outcome,
            id: None,
            status: None,
            error: None,
            plan: None,
            changes: Vec::new(),
            body: None,
            location: None,
            seen: None,
            shown: None,
            store_id_match: None,
            note: None,
            corrected: None,
            base: None,
            conflicts: Vec::new(),
            export: None,
        }
    }

    /// Notes what the task taught about its locations, for the inventory: a stale entry
    /// as the service showed it, and its own location's fact. Taken from the report once
    /// it is printed: its strings move into the facts (the report is left without them),
    /// and a record on the sending's path copies none.
    pub(crate) fn note_facts(&mut self, notes: &mut Notes) {
        // An export's read form is the base of what is edited from it.
        let export = match (self.outcome, self.export.take()) {
            (Outcome::Read, Some(export)) => self.id.clone().map(|id| (id, export)),
            _ => None,
        };
        let corrected = self.corrected.take().map(|fact| *fact);
        let own = self.own_fact(corrected.is_some());
        for mut fact in corrected.into_iter().chain(own) {
            if let Some((id, export)) = &export {
                if fact.id == *id {
                    fact.export = Some(export.clone());
                }
            }
            notes.note(&fact);
        }
    }

    /// What the task taught about its own location: gone (deleted, or a 404 on reading
    /// or writing it), or seen as sent or read; a create that got no id, a task that read
    /// nothing, or one that found its inventory entry stale, teaches nothing of it.
    fn own_fact(&mut self, stale: bool) -> Option<Fact> {
        if stale && self.operation != "create" {
            return None;
        }
        let id = self.id.take()?;
        let gone = matches!(self.outcome, Outcome::Deleted | Outcome::NotFound)
            || (self.status == Some(404) && self.operation != "create");
        if gone {
            return Some(Fact {
                id,
                gone: true,
                ..Fact::default()
            });
        }
        let (name, city, body) = match self.shown.take() {
            Some(shown) => (shown.name, shown.city, None),
            None => (None, None, Some(self.seen.take()?)),
        };
        Some(Fact {
            id,
            store_id: self.store_id.take(),
            name,
            city,
            body,
            ..Fact::default()
        })
    }

    /// The result as one line of stderr, where `--curl` says the results that printed
    /// no request (stdout holds the requests): `line 3 (storeId S-1): unchanged`.
    pub(super) fn said(&self) -> String {
        let named: Vec<String> = [
            self.store_id.as_ref().map(|s| format!("storeId {s}")),
            self.id.clone(),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut line = self.position();
        if !named.is_empty() {
            line.push_str(&format!(" ({})", named.join(", ")));
        }
        line.push_str(&format!(": {}", self.outcome.as_str()));
        if let Some(error) = self.error.as_ref().or(self.note.as_ref()) {
            line.push_str(&format!(": {error}"));
        }
        line
    }

    pub(super) fn position(&self) -> String {
        match (self.line, self.index) {
            (Some(line), _) => format!("line {line}"),
            (_, Some(index)) => format!("[{index}]"),
            _ => "body".to_owned(),
        }
    }
}

impl Record for Report {
    const HEADER: &'static [&'static str] = &["Record", "storeId", "Outcome", "Id", "Detail"];

    fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// At a terminal the table shows what did not succeed and, in a plan, what would
    /// change; the summary counts the rest.
    fn human(&self) -> Human {
        let mut detail: Vec<String> = Vec::new();
        if self.store_id_match == Some(StoreIdMatch::Confirmed) && self.plan.is_some() {
            detail.push("matched by storeId, confirmed".into());
        }
        detail.extend(self.conflicts.iter().map(ToString::to_string));
        if !self.changes.is_empty() {
            detail.extend(self.changes.iter().map(ToString::to_string));
        } else if self.conflicts.is_empty() || self.outcome != Outcome::Planned {
            detail.extend(self.error.clone().or(self.note.clone()));
        }
        let detail = detail.join("\n");
        let shown = self.outcome.failed()
            || (self.outcome == Outcome::Planned && self.plan != Some("unchanged"));
        if !shown {
            return Human::Hidden;
        }
        Human::Row(vec![
            self.position(),
            self.store_id.clone().unwrap_or_default(),
            self.plan.unwrap_or(self.outcome.as_str()).to_owned(),
            self.id.clone().unwrap_or_default(),
            detail,
        ])
    }

    /// A row of the sheet: the result's members (`changes` one per line, as the table
    /// shows them).
    fn sheet(&self) -> Sheet {
        let text = |t: Option<&str>| t.map_or(Cell::Empty, |t| Cell::Text(t.to_owned()));
        let number = |n: Option<String>| n.map_or(Cell::Empty, Cell::Number);
        let mut row = Vec::new();
        if self.index.is_none() {
            row.push(("line".into(), number(self.line.map(|l| l.to_string()))));
        } else {
            row.push(("index".into(), number(self.index.map(|i| i.to_string()))));
        }
        row.extend([
            ("storeId".into(), text(self.store_id.as_deref())),
            ("operation".into(), text(Some(self.operation))),
            ("outcome".into(), text(Some(self.outcome.as_str()))),
            ("id".into(), text(self.id.as_deref())),
            ("status".into(), number(self.status.map(|s| s.to_string()))),
            ("error".into(), text(self.error.as_deref())),
        ]);
        if self.plan.is_some() {
            let changes: Vec<String> = self.changes.iter().map(ToString::to_string).collect();
            row.push(("plan".into(), text(self.plan)));
            row.push(("changes".into(), Cell::Text(changes.join("\n"))));
        }
        row
    }
}

/// What goes to stdout for a task: the report, or for an export the location itself.
pub(crate) struct Printed<'a>(pub &'a Report);

impl Serialize for Printed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0.location {
            Some(location) => location.serialize(s),
            None => self.0.serialize(s),
        }
    }
}

impl Record for Printed<'_> {
    const HEADER: &'static [&'static str] = Report::HEADER;

    fn id(&self) -> Option<&str> {
        self.0.id()
    }

    /// A location read shows as a row of the locations read (as `location list` shows
    /// those it knows); one a bulk `get` could not read, as a warning beside them.
    fn human(&self) -> Human {
        match &self.0.location {
            Some(location) => {
                let LocationRow {
                    store_id,
                    store_name,
                    city,
                    structured_address,
                } = serde_json::from_str(location.get()).unwrap_or_default();
                Human::Row(vec![
                    self.0.id.clone().unwrap_or_default(),
                    store_id.unwrap_or_default(),
                    store_name.unwrap_or_default(),
                    structured_address
                        .and_then(|address| address.city)
                        .or(city)
                        .unwrap_or_default(),
                ])
            }
            None => self.0.human(),
        }
    }

    fn header(&self) -> &'static [&'static str] {
        match (&self.0.location, self.0.operation) {
            (Some(_), _) | (None, "get") => LOCATION_HEADER,
            _ => Report::HEADER,
        }
    }

    /// An exported location is the row `apply --file` reads back; a location that could
    /// not be read is no row of that sheet, but a warning (the run still ends with exit 7).
    fn sheet(&self) -> Sheet {
        match &self.0.location {
            Some(location) => {
                let mut row = crate::columns::location_cells(location.get());
                if let Some(export) = &self.0.export {
                    row.push((
                        std::borrow::Cow::Borrowed(locadm_model::reader::EXPORT_MEMBER),
                        Cell::Text(export.to_string()),
                    ));
                }
                row
            }
            None => self.0.sheet(),
        }
    }

    /// A location a bulk `get` could not read is no record of what it prints, in any
    /// output: a warning beside them (the run still ends with exit 7).
    fn aside(&self) -> Option<String> {
        (self.0.location.is_none() && self.0.operation == "get").then(|| self.not_read())
    }
}

impl Printed<'_> {
    /// `[1]: location ID was not read: …`
    fn not_read(&self) -> String {
        format!(
            "{}: location {} was not read: {}",
            self.0.position(),
            self.0.id.as_deref().unwrap_or("?"),
            self.0.error.as_deref().unwrap_or(self.0.outcome.as_str())
        )
    }
}

/// The columns of the table of locations a bulk `get` read (those of `location list`
/// but the time it was seen).
const LOCATION_HEADER: &[&str] = &["Id", "storeId", "Name", "City"];

/// What a row of [`LOCATION_HEADER`] shows of a read form (either address form).
#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct LocationRow {
    store_id: Option<String>,
    store_name: Option<String>,
    city: Option<String>,
    structured_address: Option<RowAddress>,
}

#[derive(serde::Deserialize)]
struct RowAddress {
    city: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub(crate) struct Tally {
    pub counts: std::collections::BTreeMap<&'static str, usize>,
    pub total: usize,
    pub failed: usize,
    /// The first [`super::writer::ASIDES_KEPT`] results printed as warnings, not
    /// records (a bulk read's misses), for the run's error.
    pub asides: Vec<serde_json::Value>,
    /// `--plan`: fields the writes would clear.
    pub cleared: usize,
    /// Records with a change that looks like a spreadsheet's damage.
    pub suspect: usize,
    /// Tasks whose inventory entry the service confirmed, and found stale.
    pub confirmed: usize,
    pub stale: usize,
    /// Merges compared with their export, and those with no export known.
    pub with_base: usize,
    pub without_base: usize,
}

impl Tally {
    pub(crate) fn count(&mut self, report: &Report) {
        self.total += 1;
        let name = match (report.outcome, report.plan) {
            (Outcome::Planned, Some(plan)) => plan,
            (outcome, _) => outcome_key(outcome),
        };
        *self.counts.entry(name).or_default() += 1;
        if report.outcome.failed() {
            self.failed += 1;
        }
        self.cleared += report.changes.iter().filter(|c| c.clears()).count();
        self.suspect += usize::from(report.changes.iter().any(|c| c.suspect.is_some()));
        match report.store_id_match {
            Some(StoreIdMatch::Confirmed) => self.confirmed += 1,
            Some(StoreIdMatch::Stale) => self.stale += 1,
            None => {}
        }
        match report.base {
            Some(BaseUse::Merged | BaseUse::Conflicts) => self.with_base += 1,
            Some(BaseUse::Unknown) => self.without_base += 1,
            None => {}
        }
    }

    pub(crate) fn get(&self, name: &str) -> usize {
        self.counts.get(name).copied().unwrap_or(0)
    }

    /// `12 created, 3 unchanged, 1 failed`: the outcomes that occurred.
    pub(crate) fn describe(&self) -> String {
        let parts: Vec<String> = self
            .counts
            .iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        if parts.is_empty() {
            "nothing".to_owned()
        } else {
            parts.join(", ")
        }
    }
}

fn outcome_key(outcome: Outcome) -> &'static str {
    // The summary's words for what a result line names with a hyphen.
    match outcome {
        Outcome::NotFound => "not found",
        Outcome::Recreated => "recreated",
        other => other.as_str(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTCOMES: [Outcome; 16] = [
        Outcome::Created,
        Outcome::Updated,
        Outcome::Restored,
        Outcome::Recreated,
        Outcome::Unchanged,
        Outcome::Deleted,
        Outcome::Read,
        Outcome::Skipped,
        Outcome::NotFound,
        Outcome::Invalid,
        Outcome::Failed,
        Outcome::Unknown,
        Outcome::Unconfirmed,
        Outcome::Planned,
        Outcome::Conflict,
        Outcome::Printed,
    ];

    #[test]
    fn an_outcome_is_named_as_serde_names_it() {
        for outcome in OUTCOMES {
            assert_eq!(
                serde_json::to_string(&outcome).unwrap(),
                format!("\"{}\"", outcome.as_str())
            );
            // The summary's words have no hyphen (`outcome_key` names those it knows).
            assert!(!outcome_key(outcome).contains('-'), "{outcome:?}");
        }
    }
}
