//! `locadm location edit ID…|--store-id S`: kubectl edit's loop. The locations are read,
//! their read form written to a file kept in locadm's data directory and opened in the
//! person's editor (`output::editor`); what is saved is checked by the one reader, as
//! `location apply` checks a record; problems go back into the file (at a terminal) or
//! end the command (without one), nothing sent. What changed goes through the bulk
//! engine as `apply`'s merges do, journaled, with the read as each location's export
//! base: a field changed on the service while the editor was open, and in the file too,
//! is a conflict.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{parse_id, NamedLocation};
use crate::bulk::{self, preflight, Builder, Operation, Run, Task, Updates};
use crate::cli::{Concurrency, EditArgs, Pace};
use crate::context::Context;
use crate::inventory::{self, Fact};
use crate::output::Printer;
use locadm_client::error::{Error, Finding, Result};
use locadm_model::document::RawMembers;
use locadm_model::reader;

/// One location as it was read: the base the edit is compared with.
struct Read {
    id: uuid::Uuid,
    text: String,
}

pub(super) async fn run(context: &Context<'_>, args: EditArgs) -> Result<()> {
    let printer = context.printer;
    let named = named(context, &args)?;
    let api = context.api().await?;
    let mut read = Vec::with_capacity(named.len());
    for location in &named {
        let (_, reply) = location.read(context, &api).await?;
        let text = String::from_utf8(reply.body.to_vec()).map_err(|_| {
            Error::other(format!(
                "the read form of location {} is not UTF-8",
                location.id
            ))
        })?;
        read.push(Read {
            id: location.id,
            text,
        });
    }
    let export = keep_bases(context, &read)?;
    let original = file_text(&read);
    let path = new_file(&original)?;
    let Some(edited) = edit_until_valid(printer, &path, &original, &read).await? else {
        printer.note("no changes: nothing was sent");
        remove(printer, &path);
        return Ok(());
    };
    let mut builder = Builder::new()?;
    for mut task in edited.tasks {
        task.export = Some(export.to_string());
        builder.push(task);
    }
    let preflight = builder.finish(Some(edited.digest))?;
    let journal = match args.journal {
        Some(journal) => journal,
        None => new_journal()?,
    };
    let run = Run {
        journal: Some(journal.clone()),
        force: args.force,
        yes: args.yes,
        ..Run::new("edit", PACE)
    };
    match bulk::execute(context, run, preflight).await {
        Ok(_) => {
            printer.note(&format!(
                "journal: `{}` (`locadm location apply --undo {}` puts the change back)",
                journal.display(),
                journal.display()
            ));
            remove(printer, &path);
            Ok(())
        }
        Err(e) => {
            printer.note(&format!(
                "the edited text is kept in `{}`: `locadm location apply --file {}` sends it (`--force` for the file's values where they conflict)",
                path.display(),
                path.display()
            ));
            Err(e)
        }
    }
}

/// One location after another, as `location get` without `--ids-from` paces them.
const PACE: Pace = Pace {
    concurrency: Concurrency::Auto,
    rate: None,
    max_connections: None,
    fresh_pace: false,
};

/// The locations named: ids, and storeIds by locadm's inventory; each once.
fn named(context: &Context<'_>, args: &EditArgs) -> Result<Vec<NamedLocation>> {
    let mut named: Vec<NamedLocation> = Vec::new();
    for id in &args.ids {
        named.push(NamedLocation::by_id(parse_id(id)?));
    }
    for store_id in &args.store_ids {
        named.push(NamedLocation {
            id: inventory::resolve(context, store_id)?,
            store_id: Some(store_id.clone()),
        });
    }
    let mut seen = std::collections::HashSet::new();
    named.retain(|location| seen.insert(location.id));
    Ok(named)
}

/// Keeps what was read as the export the edit is compared with (as `location get -o csv`
/// keeps a location's): without it, a change made on the service while the editor was
/// open would be put back. The export's name.
fn keep_bases(context: &Context<'_>, read: &[Read]) -> Result<Arc<str>> {
    let export = bulk::export_name();
    let facts = read
        .iter()
        .map(|location| Fact {
            export: Some(export.clone()),
            ..Fact::seen(location.id, Some(location.text.clone().into()))
        })
        .collect();
    inventory::Service::of_run(context)
        .and_then(|service| inventory::Inventory::open()?.record(&service, facts))
        .map_err(|e| {
            Error::other(format!(
                "{e}; nothing was opened: without the location as read, a change made on the service while the editor is open could not be told from yours"
            ))
            .with_hint("`locadm inventory repair` sets a damaged inventory aside and starts a new one")
        })?;
    Ok(export)
}

/// The text the editor opens: the read form as `location get -o json` prints it at a
/// terminal; several, a JSON array of them.
fn file_text(read: &[Read]) -> String {
    let json = match read {
        [one] => one.text.clone(),
        several => format!(
            "[{}]",
            several
                .iter()
                .map(|r| r.text.as_str())
                .collect::<Vec<_>>()
                .join(",")
        ),
    };
    crate::output::json::pretty(json.as_bytes()) + "\n"
}

/// A new file in locadm's data directory (`edits/`) holding `text`, kept until the edit
/// is done.
fn new_file(text: &str) -> Result<PathBuf> {
    let dir = crate::local::data_dir()?.join("edits");
    let cannot = |e: std::io::Error| {
        Error::other(format!("cannot write a file in `{}`", dir.display())).with_source(e)
    };
    std::fs::create_dir_all(&dir).map_err(cannot)?;
    let file = tempfile::Builder::new()
        .prefix("location-")
        .suffix(".json")
        .tempfile_in(&dir)
        .map_err(cannot)?;
    std::fs::write(file.path(), text).map_err(cannot)?;
    let (_, path) = file.keep().map_err(|e| cannot(e.error))?;
    Ok(path)
}

/// A new journal in locadm's data directory (`journals/`).
fn new_journal() -> Result<PathBuf> {
    let dir = crate::local::data_dir()?.join("journals");
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::other(format!("cannot create `{}`", dir.display())).with_source(e))?;
    let stamp = humantime::format_rfc3339_seconds(std::time::SystemTime::now())
        .to_string()
        .replace(':', "");
    Ok(dir.join(format!("edit-{stamp}-{:04x}.journal", fastrand::u16(..))))
}

fn remove(printer: &Printer, path: &Path) {
    if let Err(e) = std::fs::remove_file(path) {
        printer.warning(&format!("cannot remove `{}`: {e}", path.display()));
    }
}

/// What a valid edit sends: the merge of every location the text changed.
struct Edited {
    tasks: Vec<Task>,
    digest: String,
}

/// Opens the editor until the text saved is valid: its merges (`None` when nothing
/// changed). With problems, at a terminal they are written at the top of the file and
/// the editor opens again, until the problems are left as they were (nothing is sent);
/// without one, the command ends naming them and the file.
async fn edit_until_valid(
    printer: &Printer,
    path: &Path,
    original: &str,
    read: &[Read],
) -> Result<Option<Edited>> {
    let kept = |e: Error| {
        e.with_detail(&format!(
            "nothing was sent; the text is kept in `{}`",
            path.display()
        ))
    };
    let mut shown_with_problems: Option<String> = None;
    loop {
        let editing = path.to_owned();
        tokio::task::spawn_blocking(move || crate::output::editor::edit(&editing))
            .await
            .map_err(|e| Error::other("the editor could not be waited for").with_source(e))?
            .map_err(kept)?;
        let saved = std::fs::read_to_string(path).map_err(|e| {
            kept(Error::other(format!("cannot read `{}`", path.display())).with_source(e))
        })?;
        let text = without_comments(&saved);
        if text.trim() == original.trim() {
            return Ok(None);
        }
        let checked = check(text, read)?;
        if checked.problems.is_empty() {
            for warning in &checked.warnings {
                printer.warning(warning);
            }
            let edited = checked.edited;
            return Ok((!edited.tasks.is_empty()).then_some(edited));
        }
        let count = crate::output::count(checked.problems.len(), "problem");
        if !printer.can_prompt() {
            for problem in &checked.problems {
                printer.detail(problem);
            }
            return Err(Error::invalid(format!(
                "the edited text has {count}; nothing was sent; it is kept in `{}`",
                path.display()
            ))
            .with_findings(checked.findings)
            .with_hint(format!(
                "mend it, then send it with `locadm location apply --file {}`",
                path.display()
            )));
        }
        if shown_with_problems.as_deref() == Some(text) {
            return Err(Error::invalid(format!(
                "the edited text still has {count}; nothing was sent; it is kept in `{}`",
                path.display()
            ))
            .with_findings(checked.findings));
        }
        let mut again = String::from(
            "# locadm: this text was not sent. Mend what is named below and save, or save it\n\
             # unchanged to give up. These lines are removed before it is read again.\n",
        );
        for problem in &checked.problems {
            again.push_str(&format!("# {problem}\n"));
        }
        again.push_str(text);
        std::fs::write(path, again).map_err(|e| {
            kept(Error::other(format!("cannot write `{}`", path.display())).with_source(e))
        })?;
        shown_with_problems = Some(text.to_owned());
    }
}

/// `text` without the comment lines (`#` or `//`) and blank lines at its top: the
/// problems written there in an earlier round.
fn without_comments(text: &str) -> &str {
    let mut rest = text;
    loop {
        let line_end = rest.find('\n').map_or(rest.len(), |at| at + 1);
        let line = rest[..line_end].trim();
        if line.is_empty() && line_end == 0 {
            return rest;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            rest = &rest[line_end..];
        } else {
            return rest;
        }
    }
}

/// The saved text checked.
struct Checked {
    /// `[1]: latitude: must be a number`, a problem a line.
    problems: Vec<String>,
    findings: Vec<Finding>,
    warnings: Vec<String>,
    edited: Edited,
}

/// Checks the saved text by the one reader, as `location apply` checks its records
/// (`preflight::check_text`): every record must be one of the locations opened, once,
/// by its `id`. The records that change nothing against what was read are left out.
fn check(text: &str, read: &[Read]) -> Result<Checked> {
    let (prepared, digest) = preflight::check_text(text, Updates::Merge)?;
    let mut checked = Checked {
        problems: Vec::new(),
        findings: Vec::new(),
        warnings: Vec::new(),
        edited: Edited {
            tasks: Vec::new(),
            digest,
        },
    };
    let mut seen = std::collections::HashSet::new();
    for preflight::Prepared { task, problems } in prepared {
        let position = task.position;
        let mut problem = |property: &str, message: String| {
            checked
                .problems
                .push(format!("{position}: {property}: {message}"));
            checked.findings.push(Finding {
                property: property.to_owned(),
                rule: locadm_model::Rule::Consistency,
                message,
                line: position.line(),
            });
        };
        match (task.operation, task.id) {
            (Operation::Merge, Some(id)) if !read.iter().any(|r| r.id == id) => problem(
                "id",
                format!("`{id}` is not a location opened for editing (an id cannot be changed)"),
            ),
            (Operation::Merge, Some(id)) if !seen.insert(id) => {
                problem("id", format!("location {id} is in the text twice"))
            }
            (Operation::Create, _) if !problems.has_errors() => problem(
                "id",
                "the location's `id` is missing: it names the location the record changes"
                    .to_owned(),
            ),
            _ => {}
        }
        for found in problems.iter() {
            if found.severity == locadm_model::Severity::Error {
                checked.problems.push(format!("{position}: {found}"));
                checked.findings.push(Finding::of(found, position.line()));
            } else {
                checked.warnings.push(format!("{position}: {found}"));
            }
        }
        if checked.problems.is_empty() && !unedited(&task, read)? {
            checked.edited.tasks.push(task);
        }
    }
    Ok(checked)
}

/// Whether a valid record changes nothing against the location as read (by meaning:
/// numbers by value, `null` as absent).
fn unedited(task: &Task, read: &[Read]) -> Result<bool> {
    let (Some(id), Ok(body)) = (task.id, &task.body) else {
        return Ok(false);
    };
    let Some(location) = read.iter().find(|r| r.id == id) else {
        return Ok(false);
    };
    let base = RawMembers::parse_text(&location.text)
        .map_err(|e| Error::other(format!("the read form of location {id} is {e}")))
        .and_then(|members| {
            reader::write_form(members).map_err(|p| {
                Error::other(format!(
                    "the read form of location {id} cannot be made a write form: {}",
                    p.to_string().replace('\n', "; ")
                ))
            })
        })?;
    bulk::unedited(Some(&base), body)
}

#[cfg(test)]
mod tests {
    use super::without_comments;

    #[test]
    fn the_problems_written_at_the_top_are_not_part_of_the_text() {
        let text = "# locadm: not sent\n// also\n\n  # indented\n{\n  \"a\": \"#1\"\n}\n";
        assert_eq!(without_comments(text), "{\n  \"a\": \"#1\"\n}\n");
        assert_eq!(without_comments("{}"), "{}");
        assert_eq!(without_comments("# only\n"), "");
    }
}
