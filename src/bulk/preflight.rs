//! Pre-flight: every record read once, checked and turned into a task (on every core,
//! results in input order), every problem reported, nothing sent. The tasks go to an
//! unlinked temporary spool that the send pass streams, so memory stays flat for any
//! input size and no record is parsed or checked twice.
//!
//! A record without `id` is a create: a full body. A record with `id` changes that
//! location: by default a JSON merge patch over its current state (only the members it
//! carries change; `null` removes one), with `--replace` a full body. A read form (what
//! `location get` prints) is taken by the set-aside rule of `model::reader`.

use super::spool::{IdFrom, Shown, SpoolReader, SpoolWriter, Task};
use super::Operation;
use crate::input::{Position, Source};
use crate::output::Messages;
use locadm_client::error::{Finding, Result};
use locadm_model::reader::{self, Op, Sent, Target};
use locadm_model::{Problems, Rule, Severity, WriteOp};

/// How records with an `id` are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Updates {
    /// A merge patch over the current state (the default).
    Merge,
    /// A complete body (`--replace`).
    Replace,
}

/// One record, checked: its task, and every problem (errors and warnings) found.
pub(crate) struct Prepared {
    pub task: Task,
    pub problems: Problems,
}

/// Checks one record and makes its task; with `strict`, a warning makes it invalid too
/// (as `validate --strict` counts it).
pub(crate) fn prepare(position: Position, text: &str, updates: Updates, strict: bool) -> Prepared {
    let mut checked = check(position, text, updates);
    if strict {
        checked.problems = std::mem::take(&mut checked.problems).warnings_as_errors();
    }
    checked.into_prepared()
}

/// One record, checked: what it asks of the service, every problem found, and what it
/// sends when it is valid, not yet written out (`location validate` never needs that,
/// and writing it out was a fifth of its time).
pub(crate) struct Checked {
    position: Position,
    operation: Operation,
    id: Option<uuid::Uuid>,
    store_id: Option<String>,
    /// The export the record was edited from, as its sheet names it.
    export: Option<String>,
    sent: Option<Sent>,
    pub problems: Problems,
}

/// Checks one record by the one reader (`model::reader`, as `location create --file` and
/// `update --file` do): its shape, its target, the set-aside rule and every rule of the
/// spec.
pub(crate) fn check(position: Position, text: &str, updates: Updates) -> Checked {
    let with_id = match updates {
        Updates::Merge => Op::Merge,
        Updates::Replace => Op::Replace,
    };
    let reading = reader::read(text, Target::Record(with_id));
    Checked {
        position,
        operation: match reading.op {
            Op::Create => Operation::Create,
            Op::Replace => Operation::Replace,
            Op::Merge => Operation::Merge,
        },
        id: reading.id,
        store_id: reading.store_id,
        export: reading.export,
        sent: reading.sent,
        problems: reading.problems,
    }
}

impl Checked {
    /// A create that sends nothing (yet): what a record is taken as until it shows more.
    fn new(position: Position, problems: Problems) -> Checked {
        Checked {
            position,
            operation: Operation::Create,
            id: None,
            store_id: None,
            export: None,
            sent: None,
            problems,
        }
    }

    /// The record's task: what it sends written out as it is sent (on the core that
    /// checked it), or why it is invalid.
    pub(crate) fn into_prepared(self) -> Prepared {
        let Checked {
            position,
            operation,
            id,
            store_id,
            export,
            sent,
            problems,
        } = self;
        let valid = !problems.has_errors() && id.is_some() == (operation != Operation::Create);
        let mut shown = None;
        let body = match sent {
            Some(Sent::Body(body)) if valid => {
                if operation == Operation::Create {
                    shown = Some(Shown {
                        name: Some(body.store_name.clone()),
                        city: body
                            .structured_address
                            .as_ref()
                            .map(|address| address.city.clone())
                            .or_else(|| body.city.clone()),
                    });
                }
                let op = if operation == Operation::Create {
                    WriteOp::Create
                } else {
                    WriteOp::Update
                };
                let json =
                    serde_json::to_vec(&body.into_op(op)).expect("a checked body serializes");
                Ok(json.into())
            }
            Some(Sent::Patch(patch)) if valid => Ok(serde_json::to_vec(&patch)
                .expect("raw members serialize")
                .into()),
            _ => Err(problems
                .errors()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")),
        };
        Prepared {
            task: Task {
                position,
                operation,
                id,
                store_id,
                body,
                id_from: IdFrom::Input,
                export,
                shown,
            },
            problems,
        }
    }
}

/// A record the input reader could not read (not UTF-8 text): invalid, on its own.
pub(crate) fn unreadable_record(position: Position, reason: String) -> Prepared {
    let mut problems = Problems::default();
    problems.error(locadm_model::Rule::Format, "", reason);
    Checked::new(position, problems).into_prepared()
}

/// What pre-flight found, and the tasks it left for the send pass.
pub(crate) struct Preflight {
    pub records: usize,
    pub invalid: usize,
    /// `sha256:<hex>` over every record: a journal is only resumed with the input it was
    /// written for (its keys are positions in that input). Made only for a run that
    /// journals: hashing every record was an eighth of a create's instructions.
    pub digest: Option<String>,
    /// Tasks by operation, for the permissions check and the summary.
    pub operations: std::collections::BTreeMap<Operation, usize>,
    /// The first task that merges, to learn what the service's read form carries.
    pub first_merge: Option<uuid::Uuid>,
    /// Records without `id` matched to a known location by storeId.
    pub matched: usize,
    /// The first [`FINDINGS_KEPT`] problems of the invalid records, for the error a run
    /// that sends none of them ends with (`-o json`'s `problems`).
    pub findings: Vec<Finding>,
    pub spool: SpoolReader,
}

/// The problems of invalid records an error carries at most: each is also said on
/// stderr as it is found, and an input can have millions.
pub(crate) const FINDINGS_KEPT: usize = 1000;

/// Records checked together: parsing, checking and serializing a record is most of
/// pre-flight's work, and chunks of this size keep every core busy (4096 was no faster
/// and held 8 MiB more at the peak). A chunk also ends at this many bytes of input, so
/// that memory stays flat however large the records are.
const PREFLIGHT_CHUNK: usize = 1024;
const PREFLIGHT_CHUNK_BYTES: usize = 4 << 20;

/// Records without `id` whose storeId locadm knows (its inventory): each becomes a change
/// of that location (a merge, or with `--replace` a replacement) instead of a create.
pub(crate) struct Matching {
    /// Live ids by storeId.
    pub known: std::collections::HashMap<String, Vec<String>>,
    pub updates: Updates,
    /// The journal keys of records the run's journal says were carried out (or may have
    /// been): resumed, they are skipped as the creates they were, never matched to the
    /// locations they created.
    pub journaled: std::collections::HashSet<String>,
    /// The input is a sheet and `--yes` was not given: a create whose storeId is not
    /// known, but is one that is once the leading zeros a spreadsheet drops are put back
    /// (`1` for `0001`), is held as invalid, naming it.
    pub hold_dropped_zeros: bool,
}

/// Warnings said one a line, before the rest are counted (`location validate` lists them
/// all).
const WARNINGS_SAID: usize = 20;

/// Reads `source` once, checks every record into a task and reports each invalid one, and
/// what warnings the valid ones carry (`--strict` makes them errors).
pub(crate) fn records(
    source: &Source,
    updates: Updates,
    strict: bool,
    matching: Option<Matching>,
    journaled: bool,
    messages: Messages,
) -> Result<Preflight> {
    let mut warnings = 0usize;
    let mut builder = Builder::new()?;
    let mut chunk: Vec<(Position, std::result::Result<String, String>)> =
        Vec::with_capacity(PREFLIGHT_CHUNK);
    let mut chunk_bytes = 0;
    let mut check_chunk = |chunk: &mut Vec<(Position, std::result::Result<String, String>)>,
                           builder: &mut Builder| {
        use rayon::prelude::*;
        let prepared: Vec<Prepared> = chunk
            .par_drain(..)
            .map(|(position, record)| match record {
                Ok(text) => prepare(position, &text, updates, strict),
                Err(unreadable) => unreadable_record(position, unreadable),
            })
            .collect();
        for Prepared { mut task, problems } in prepared {
            for problem in problems.iter() {
                match problem.severity {
                    Severity::Error => {
                        messages.detail(&format!("{}: {problem}", task.position));
                        builder.found(Finding::of(problem, task.position.line()));
                    }
                    Severity::Warning => {
                        warnings += 1;
                        if warnings <= WARNINGS_SAID {
                            messages.warning(&format!(
                                "{}: {}: {}",
                                task.position, problem.property, problem.message
                            ));
                        }
                    }
                }
            }
            match matching.as_ref().map(|m| m.apply(&mut task)) {
                Some(Ok(true)) => builder.matched += 1,
                Some(Err(problem)) => {
                    messages.detail(&format!("{}: {problem}", task.position));
                    builder.found(Finding {
                        property: "storeId".to_owned(),
                        rule: Rule::Consistency,
                        message: problem,
                        line: task.position.line(),
                    });
                }
                _ => {}
            }
            builder.push(task);
        }
    };
    let mut digest = journaled.then(Digest::new);
    source.for_each(|position, record| {
        let text = record.as_ref().map_or("", |t| t);
        if let Some(digest) = &mut digest {
            digest.add(position, text);
        }
        chunk_bytes += text.len();
        chunk.push((position, record.map(str::to_owned)));
        if chunk.len() == PREFLIGHT_CHUNK || chunk_bytes >= PREFLIGHT_CHUNK_BYTES {
            check_chunk(&mut chunk, &mut builder);
            chunk_bytes = 0;
        }
    })?;
    check_chunk(&mut chunk, &mut builder);
    if let Some(note) = source.decoded_note() {
        messages.note(&note);
    }
    if warnings > WARNINGS_SAID {
        messages.warning(&format!(
            "{} more warnings (`locadm location validate` lists them all; `--strict` makes warnings errors)",
            warnings - WARNINGS_SAID
        ));
    }
    builder.finish(digest.map(Digest::finish))
}

/// What a journal binds a run's input by: `sha256:<hex>` over every record and its
/// position.
pub(crate) struct Digest(ring::digest::Context);

impl Digest {
    pub(crate) fn new() -> Digest {
        Digest(ring::digest::Context::new(&ring::digest::SHA256))
    }

    pub(crate) fn add(&mut self, position: Position, text: &str) {
        self.0.update(position.to_string().as_bytes());
        self.0.update(&[0]);
        self.0.update(text.as_bytes());
        self.0.update(&[0]);
    }

    pub(crate) fn finish(self) -> String {
        format!("sha256:{}", hex::encode(self.0.finish()))
    }
}

/// The records of a text held in memory (one body, a JSON array, NDJSON: as a file's
/// are told apart), each checked as [`records`] checks a file's, in order; and the
/// digest of the whole.
pub(crate) fn check_text(text: &str, updates: Updates) -> Result<(Vec<Prepared>, String)> {
    let mut digest = Digest::new();
    let mut prepared = Vec::new();
    crate::input::for_each_input(
        text.as_bytes(),
        crate::input::DEFAULT_MAX_RECORD,
        |position, record| {
            digest.add(position, record.as_ref().map_or("", |t| t));
            prepared.push(match record {
                Ok(text) => prepare(position, text, updates, false),
                Err(unreadable) => unreadable_record(position, unreadable),
            });
        },
    )?;
    Ok((prepared, digest.finish()))
}

/// Tasks made by the caller (ids to read or delete, a journal to undo), spooled as
/// records are.
pub(crate) struct Builder {
    spool: SpoolWriter,
    spooled: Result<()>,
    records: usize,
    invalid: usize,
    operations: std::collections::BTreeMap<Operation, usize>,
    first_merge: Option<uuid::Uuid>,
    matched: usize,
    findings: Vec<Finding>,
}

impl Builder {
    pub(crate) fn new() -> Result<Builder> {
        Ok(Builder {
            spool: SpoolWriter::new()?,
            spooled: Ok(()),
            records: 0,
            invalid: 0,
            operations: Default::default(),
            first_merge: None,
            matched: 0,
            findings: Vec::new(),
        })
    }

    /// A problem of an invalid record, kept for the run's error while there is room.
    fn found(&mut self, finding: Finding) {
        if self.findings.len() < FINDINGS_KEPT {
            self.findings.push(finding);
        }
    }

    pub(crate) fn push(&mut self, task: Task) {
        self.records += 1;
        if task.body.is_err() {
            self.invalid += 1;
        } else {
            *self.operations.entry(task.operation).or_default() += 1;
            if task.operation == Operation::Merge && self.first_merge.is_none() {
                self.first_merge = task.id;
            }
        }
        if self.spooled.is_ok() {
            self.spooled = self.spool.push(&task);
        }
    }

    pub(crate) fn finish(self, digest: Option<String>) -> Result<Preflight> {
        self.spooled?;
        Ok(Preflight {
            records: self.records,
            invalid: self.invalid,
            digest,
            operations: self.operations,
            first_merge: self.first_merge,
            matched: self.matched,
            findings: self.findings,
            spool: self.spool.into_reader()?,
        })
    }
}

impl Matching {
    /// Makes a valid create whose storeId is known a change of that location; true when
    /// it did. A storeId known under several locations makes the record invalid (the
    /// problem is returned): which one it means cannot be told.
    fn apply(&self, task: &mut Task) -> std::result::Result<bool, String> {
        let (Operation::Create, Ok(_), Some(store_id)) =
            (task.operation, &task.body, &task.store_id)
        else {
            return Ok(false);
        };
        let Some(ids) = self.known.get(store_id) else {
            if let Some(padded) = self.padded(store_id) {
                let problem = format!(
                    "storeId `{store_id}` is not known to locadm, but `{padded}` is: did you mean `{padded}`? A spreadsheet drops the leading zeros of a number (mend the sheet, or pass `--yes` to create `{store_id}` as a new location)"
                );
                task.body = Err(problem.clone());
                return Err(problem);
            }
            return Ok(false);
        };
        if self.journaled.contains(&task.key()) {
            return Ok(false);
        }
        let id = match crate::inventory::one_id(store_id, ids) {
            Ok(id) => id,
            Err(e) => {
                let problem = format!(
                    "{e}: give the record the `id` of the one it means, or pass `--create-new`"
                );
                task.body = Err(problem.clone());
                return Err(problem);
            }
        };
        if self.updates == Updates::Merge {
            // A create's `null` is "no value"; in a merge patch it would remove the
            // member: it keeps the current value instead, so a file applied again is
            // unchanged, and nothing the location has is dropped.
            let Ok(patch) = task.body.as_deref().map(without_nulls) else {
                return Ok(false);
            };
            task.body = Ok(patch);
            task.operation = Operation::Merge;
        } else {
            task.operation = Operation::Replace;
        }
        task.id = Some(id);
        task.id_from = IdFrom::StoreIdMatch;
        Ok(true)
    }
}

impl Matching {
    /// The known storeId `store_id` would be with the leading zeros a spreadsheet drops
    /// put back (up to eight), when it is all digits and one such is known.
    fn padded(&self, store_id: &str) -> Option<String> {
        if !self.hold_dropped_zeros
            || store_id.is_empty()
            || !store_id.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        (1..=8)
            .map(|zeros| format!("{}{store_id}", "0".repeat(zeros)))
            .find(|padded| self.known.contains_key(padded))
    }
}

/// A create body as a merge patch: its top-level `null` members left out.
fn without_nulls(body: &[u8]) -> bytes::Bytes {
    let Some(members) = super::body_text(body)
        .ok()
        .and_then(|text| locadm_model::document::RawMembers::parse_text(text).ok())
    else {
        return bytes::Bytes::copy_from_slice(body);
    };
    let mut patch = locadm_model::document::RawMembers::default();
    for (name, value) in members.into_members() {
        if value.get() != "null" {
            patch.push(name, value);
        }
    }
    serde_json::to_vec(&patch)
        .map(bytes::Bytes::from)
        .unwrap_or_else(|_| bytes::Bytes::copy_from_slice(body))
}
