//! The journal of a bulk run: an append-only file with one JSON line per event, written
//! through (no user-space buffer) so that a crash loses nothing that was finished.
//!
//! - Its first line binds it to the command, the input (a digest) and the service (base
//!   URL and profile): used with other input or against another service it is refused
//!   before anything is sent.
//! - Before a create is sent a `started` line is written; when a task finishes, its
//!   outcome, with the id and, for a location changed or deleted, its before-image (the
//!   write form it had), so that `apply --undo` can put everything back.
//! - A run holds an advisory lock on `JOURNAL.lock` (which keeps the holder's PID) for
//!   its whole length: a second run on the same journal is refused at once.
//! - A last line cut short (a crash or power loss mid-write) is set aside into
//!   `JOURNAL.torn` before anything is appended, so the next entry starts on a line of
//!   its own. A cut `started` line means the create was never sent; a cut outcome leaves
//!   the `started` line before it, so the record is `unknown`, never sent twice.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

pub(crate) use crate::inventory::Binding;
use crate::output::Messages;
use locadm_client::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Recorded {
    Started,
    Created,
    Updated,
    Unchanged,
    Deleted,
    Failed,
    /// Sent without an answer: it may or may not have been carried out.
    Unknown,
    /// Answered 2xx without the new location's id: it may exist, under an id not known.
    Unconfirmed,
    /// Put back by `apply --undo`.
    Undone,
}

impl Recorded {
    /// Done: a re-run skips it.
    pub(crate) fn is_done(self) -> bool {
        matches!(
            self,
            Recorded::Created | Recorded::Updated | Recorded::Unchanged | Recorded::Deleted
        )
    }

    /// A create that may have been carried out: never sent again blindly.
    pub(crate) fn may_exist(self) -> bool {
        matches!(
            self,
            Recorded::Started | Recorded::Unknown | Recorded::Unconfirmed
        )
    }
}

/// One line of a journal after the header.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Entry {
    pub key: String,
    pub outcome: Recorded,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The location's write form before this run changed or deleted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<Box<RawValue>>,
}

pub(crate) struct Journal {
    path: PathBuf,
    /// The file, or `None` once a write failed: a line cut short by a full disk must be
    /// the last one, so nothing is appended after it (the next run sets it aside).
    file: Mutex<Option<File>>,
    /// What earlier runs recorded, by task key: the last word on each.
    previous: HashMap<String, Entry>,
    /// Held for the run: a second run on this journal is refused.
    _lock: Lock,
}

/// What a journal holds, read without taking it over (`--undo`, `--only-failed`).
pub(crate) struct Contents {
    pub binding: Option<Binding>,
    /// Every entry, in the order written.
    pub entries: Vec<Entry>,
}

impl Journal {
    /// Opens (or starts) the journal at `path` for `binding`, locked for this run.
    pub(crate) fn open(path: &Path, binding: &Binding, messages: Messages) -> Result<Journal> {
        let lock = lock(path)?;
        let contents = read(path, true, messages)?;
        if let Some(written) = &contents.binding {
            check_binding(path, written, binding)?;
        } else if !contents.entries.is_empty() {
            return Err(Error::usage(format!(
                "the journal `{}` does not say what it was written for",
                path.display()
            ))
            .with_hint("use a new journal with `--only-failed` naming this one, so that nothing done is sent again"));
        }
        if contents
            .entries
            .iter()
            .any(|e| e.outcome == Recorded::Undone)
        {
            let shown = path.display();
            return Err(Error::usage(format!(
                "the journal `{shown}` was reversed by `apply --undo`: with it every record it lists would be skipped as done, though the undo put it back"
            ))
            .with_hint(format!(
                "to apply the input again, give a new journal; to put back what the undo did, run `locadm location apply --undo {shown}.undo`"
            )));
        }
        let file = open_own(OpenOptions::new().create(true).append(true), path)
            .map_err(|e| journal_error(path, "write", e))?;
        if contents.binding.is_none() {
            let mut header =
                serde_json::to_vec(binding).map_err(|e| Error::other(e.to_string()))?;
            header.push(b'\n');
            (&file)
                .write_all(&header)
                .map_err(|e| journal_error(path, "write", e))?;
        }
        let mut previous = HashMap::new();
        for entry in contents.entries {
            previous.insert(entry.key.clone(), entry);
        }
        Ok(Journal {
            path: path.to_owned(),
            file: Mutex::new(Some(file)),
            previous,
            _lock: lock,
        })
    }

    /// What an earlier run recorded last for `key`.
    pub(crate) fn previous(&self, key: &str) -> Option<&Entry> {
        self.previous.get(key)
    }

    /// Appends `entry`. After one failed write every later one fails too, without
    /// touching the file: the caller stops sending (a request is never sent without its
    /// line), and what the journal holds stays a true prefix of what was done.
    pub(crate) fn record(&self, entry: &Entry) -> Result<()> {
        let mut line = serde_json::to_vec(entry).map_err(|e| Error::other(e.to_string()))?;
        line.push(b'\n');
        // One write of one whole line, so concurrent writers never interleave.
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        let Some(open) = file.as_mut() else {
            return Err(Error::other(format!(
                "the journal `{}` could not be written earlier in this run",
                self.path.display()
            )));
        };
        open.write_all(&line).map_err(|e| {
            *file = None;
            Error::other(format!(
                "cannot write the journal `{}`",
                self.path.display()
            )).with_source(e)
            .with_hint("nothing more is sent; once the cause is mended (space freed, say), run the same command again with the same journal: what it records as done or possibly done is not sent again")
        })
    }
}

/// Marks the journal at `path` as reversed by `apply --undo` (a line of its own, written
/// before the undo sends anything), so that it is never used again for its input: every
/// record it lists as done would be skipped, though the undo put it back.
pub(crate) fn mark_undone(path: &Path) -> Result<()> {
    let _lock = lock(path)?;
    let marker = Entry {
        key: String::new(),
        outcome: Recorded::Undone,
        store_id: None,
        id: None,
        before: None,
    };
    let mut line = serde_json::to_vec(&marker).map_err(|e| Error::other(e.to_string()))?;
    line.push(b'\n');
    open_own(OpenOptions::new().append(true), path)
        .and_then(|mut file| file.write_all(&line))
        .map_err(|e| journal_error(path, "mark", e))
}

/// Refuses a journal written for other input or against another service.
fn check_binding(path: &Path, written: &Binding, now: &Binding) -> Result<()> {
    let shown = path.display();
    if written.service.is_some() && written.service != now.service
        || written.profile.is_some() && written.profile != now.profile
    {
        return Err(Error::usage(format!(
            "the journal `{shown}` was written against {} (profile `{}`), not {} (profile `{}`)",
            written.service.as_deref().unwrap_or("another service"),
            written.profile.as_deref().unwrap_or("?"),
            now.service.as_deref().unwrap_or("?"),
            now.profile.as_deref().unwrap_or("?"),
        ))
        .with_hint("its ids belong to that service: use it only there, and a new journal here"));
    }
    if !written.command.is_empty() && !now.command.is_empty() && written.command != now.command {
        return Err(Error::usage(format!(
            "the journal `{shown}` was written by `location {}`, not `location {}`",
            written.command, now.command
        )));
    }
    if written.input != now.input {
        return Err(Error::usage(format!(
            "the journal `{shown}` was written for other input: the records changed since"
        ))
        .with_hint(format!(
            "to send only what did not succeed, without sending anything twice: `--only-failed {shown} --journal NEW_JOURNAL`"
        )));
    }
    Ok(())
}

/// The advisory lock of a run on its journal: `JOURNAL.lock`, holding the holder's PID.
/// The file is removed when the run ends (before the lock is let go), so no lock files
/// are left beside journals.
struct Lock {
    path: PathBuf,
    _held: File,
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held: a run that opened this file meanwhile finds, once it
        // has the lock, that the path names another file (or none), and opens it anew.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Takes the journal's lock, or names the run that holds it.
fn lock(path: &Path) -> Result<Lock> {
    let lock_path = sibling(path, "lock");
    loop {
        let mut file = open_own(
            OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false),
            &lock_path,
        )
        .map_err(|e| journal_error(&lock_path, "lock", e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(Error::usage(format!(
                    "the journal `{}` is in use by another run (PID {})",
                    path.display(),
                    if holder.is_empty() { "unknown" } else { holder }
                ))
                .with_hint(
                    "two runs on one journal could send records twice: wait for that run, or stop it",
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(journal_error(&lock_path, "lock", e))
            }
        }
        if !still_named(&lock_path, &file) {
            // The run that held it ended and removed the file between our open and our
            // lock: this lock is on a file nobody else can find.
            continue;
        }
        file.set_len(0)
            .and_then(|()| file.write_all(std::process::id().to_string().as_bytes()))
            .map_err(|e| journal_error(&lock_path, "lock", e))?;
        return Ok(Lock {
            path: lock_path,
            _held: file,
        });
    }
}

/// Whether `path` still names the file `file` has open.
#[cfg(unix)]
fn still_named(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(named), Ok(open)) => named.dev() == open.dev() && named.ino() == open.ino(),
        _ => false,
    }
}

/// Elsewhere an open file cannot be removed, so the path names it while it is open.
#[cfg(not(unix))]
fn still_named(_path: &Path, _file: &File) -> bool {
    true
}

/// Reads a journal; a missing file is an empty one. With `repair`, a last line cut short
/// is moved to `JOURNAL.torn` and cut from the journal (the caller holds the lock).
pub(crate) fn read(path: &Path, repair: bool, messages: Messages) -> Result<Contents> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut file) => {
            file.read_to_end(&mut bytes)
                .map_err(|e| journal_error(path, "read", e))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(journal_error(path, "read", e)),
    }
    let whole = bytes
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |at| at + 1);
    if whole < bytes.len() {
        let torn = &bytes[whole..];
        if repair {
            set_aside(path, torn, whole)?;
            messages.warning(&format!(
                "{}: the last line was cut short ({} bytes, a crash mid-write); it is set aside in {}",
                path.display(),
                torn.len(),
                sibling(path, "torn").display()
            ));
        }
        bytes.truncate(whole);
    }
    let mut contents = Contents {
        binding: None,
        entries: Vec::new(),
    };
    for (n, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if contents.binding.is_none() && contents.entries.is_empty() {
            if let Ok(binding) = serde_json::from_slice::<Binding>(line) {
                contents.binding = Some(binding);
                continue;
            }
        }
        match serde_json::from_slice::<Entry>(line) {
            Ok(entry) => contents.entries.push(entry),
            Err(_) => messages.warning(&format!(
                "{} line {}: not a journal entry; ignored",
                path.display(),
                n + 1
            )),
        }
    }
    Ok(contents)
}

/// Appends the torn bytes to `JOURNAL.torn` (never lost), then cuts them from the journal.
fn set_aside(path: &Path, torn: &[u8], keep: usize) -> Result<()> {
    let torn_path = sibling(path, "torn");
    let mut kept = open_own(OpenOptions::new().create(true).append(true), &torn_path)
        .map_err(|e| journal_error(&torn_path, "write", e))?;
    kept.write_all(torn)
        .and_then(|()| kept.write_all(b"\n"))
        .and_then(|()| kept.sync_all())
        .map_err(|e| journal_error(&torn_path, "write", e))?;
    let journal = open_own(OpenOptions::new().write(true), path)
        .map_err(|e| journal_error(path, "repair", e))?;
    journal
        .set_len(keep as u64)
        .and_then(|()| journal.sync_all())
        .map_err(|e| journal_error(path, "repair", e))
}

/// `JOURNAL.suffix`, beside the journal.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

/// Opens one of a journal's files for writing (the journal, `.lock`, `.torn`, `.undo`)
/// never through a symbolic link, and only when it is a regular file with no other name:
/// in a shared directory (`/tmp`), another user could otherwise point a run's writes
/// at a file of their choosing, which the run (as root, say) would truncate or append to.
fn open_own(options: &mut OpenOptions, path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
        let no_follow = rustix::fs::OFlags::NOFOLLOW.bits();
        options.custom_flags(i32::try_from(no_follow).expect("an open flag fits an int"));
        let file = options.open(path).map_err(|e| {
            if e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) {
                std::io::Error::other("it is a symbolic link, which locadm does not follow")
            } else {
                e
            }
        })?;
        let metadata = file.metadata()?;
        if !metadata.is_file() || metadata.nlink() > 1 {
            return Err(std::io::Error::other(
                "it is not a regular file of its own (a hard link to another file?)",
            ));
        }
        Ok(file)
    }
    #[cfg(not(unix))]
    options.open(path)
}

fn journal_error(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::usage(format!("cannot {what} the journal `{}`", path.display())).with_source(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(input: &str, service: &str) -> Binding {
        Binding {
            command: "apply".into(),
            input: input.into(),
            service: Some(service.into()),
            profile: Some("default".into()),
        }
    }

    fn quiet() -> Messages {
        Messages::discard()
    }

    fn entry(key: &str, outcome: Recorded) -> Entry {
        Entry {
            key: key.into(),
            outcome,
            store_id: None,
            id: None,
            before: None,
        }
    }

    #[test]
    fn a_journal_is_bound_to_its_input_and_service_and_locked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.journal");
        let here = binding("sha256:a", "http://127.0.0.1:1/");
        {
            let journal = Journal::open(&path, &here, quiet()).unwrap();
            journal.record(&entry("k1", Recorded::Created)).unwrap();
            let second = Journal::open(&path, &here, quiet()).err().unwrap();
            assert!(
                second
                    .to_string()
                    .contains(&format!("PID {}", std::process::id())),
                "{second}"
            );
        }
        let journal = Journal::open(&path, &here, quiet()).unwrap();
        assert_eq!(journal.previous("k1").unwrap().outcome, Recorded::Created);
        drop(journal);
        let other = Journal::open(
            &path,
            &binding("sha256:a", "https://prod.example/"),
            quiet(),
        )
        .err()
        .unwrap();
        assert!(other.to_string().contains("was written against"), "{other}");
        let changed = Journal::open(&path, &binding("sha256:b", "http://127.0.0.1:1/"), quiet())
            .err()
            .unwrap();
        assert!(
            changed.hint().unwrap().contains("--only-failed"),
            "{changed:?}"
        );
    }

    #[test]
    fn a_torn_last_line_is_set_aside_at_every_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j");
        let here = binding("sha256:a", "s");
        {
            let journal = Journal::open(&path, &here, quiet()).unwrap();
            journal.record(&entry("k1", Recorded::Started)).unwrap();
            journal.record(&entry("k1", Recorded::Created)).unwrap();
        }
        let full = std::fs::read(&path).unwrap();
        let last_start = full[..full.len() - 1]
            .iter()
            .rposition(|b| *b == b'\n')
            .unwrap()
            + 1;
        for cut in last_start + 1..full.len() - 1 {
            std::fs::write(&path, &full[..cut]).unwrap();
            let journal = Journal::open(&path, &here, quiet()).unwrap();
            assert_eq!(
                journal.previous("k1").unwrap().outcome,
                Recorded::Started,
                "cut at {cut}"
            );
            journal.record(&entry("k2", Recorded::Created)).unwrap();
            drop(journal);
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.ends_with("\"outcome\":\"created\"}\n"), "{text}");
            assert_eq!(text.lines().count(), 3, "{text}");
        }
    }
}
