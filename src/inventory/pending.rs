//! What a bulk run learns, kept on disk until the run's sending is over: one file per
//! run in `inventory.pending/` beside the inventory, its first frame the service the facts
//! belong to, then one frame a fact (`crate::frames`, the record spool's framing). A fact is framed as it
//! came (its body as sent or read, copied): its storeId, name and city are read from the
//! body, and its row written, when the file is taken in ([`take_in`]) after the sending.
//! On two cores shared with the service, reading each body and writing each row while
//! sending cost a fast run over TLS a quarter of its rate (issue 55); a frame costs a
//! copy.
//!
//! A run holds an exclusive lock on its file for its whole length. A file left by a run
//! that ended without taking it in (a crash, a kill, an inventory that could not be
//! written then) has no holder: the next opening of the inventory takes it in first
//! ([`take_in_leftovers`]), so what a run created is remembered before anything is
//! matched against the inventory again. Every frame is checked: a last frame cut short
//! is a fact never finished (passed over); any other frame that does not decode makes the
//! file damaged, set aside with an error, as a damaged inventory is.

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use super::{Fact, Inventory, Service};
use crate::frames::Next;
use locadm_client::error::{Error, Result};

/// The facts taken into the inventory in one transaction.
const BATCH: usize = 4096;

/// One fact as framed.
#[derive(Debug, Serialize, Deserialize)]
struct Framed<'a> {
    id: Cow<'a, str>,
    store_id: Option<Cow<'a, str>>,
    name: Option<Cow<'a, str>>,
    city: Option<Cow<'a, str>>,
    gone: bool,
    at: i64,
    export: Option<Cow<'a, str>>,
    body: Option<Bytes>,
}

/// The directory of pending files: `inventory.pending/` beside `inventory.db`.
pub(super) fn directory(inventory: &Path) -> PathBuf {
    inventory.with_extension("pending")
}

/// Why a pending file was not taken in.
pub(super) enum NotTakenIn {
    /// A frame does not decode: what the file held is not known.
    Damaged(Error),
    /// The file could not be read, or the inventory not written: the file is kept.
    Failed(Error),
}

/// A run's pending file, open and locked.
pub(super) struct Pending {
    pub path: PathBuf,
    pub file: File,
}

impl Pending {
    /// Makes this run's file in `dir`, locked, with its service frame written.
    pub(super) fn create(dir: &Path, service: &Service) -> Result<Pending> {
        let cannot = |e: std::io::Error| {
            Error::other(format!(
                "cannot write what the run learns to `{}`: {e}",
                dir.display()
            ))
        };
        std::fs::create_dir_all(dir).map_err(cannot)?;
        let name = format!(
            "{}-{}.facts",
            std::process::id(),
            super::millis(std::time::SystemTime::now())
        );
        let path = dir.join(name);
        let mut file = OpenOptions::new()
            .create_new(true)
            .read(true)
            .append(true)
            .open(&path)
            .map_err(cannot)?;
        file.try_lock().map_err(|e| cannot(e.into()))?;
        crate::frames::write(&mut file, &mut Vec::new(), service).map_err(cannot)?;
        Ok(Pending { path, file })
    }
}

/// Writes `fact`'s frame to `out` (learned `now`, unless it says when), `scratch` reused.
pub(super) fn write_fact(
    out: &mut impl Write,
    scratch: &mut Vec<u8>,
    fact: &Fact,
    now: i64,
) -> std::io::Result<()> {
    crate::frames::write(
        out,
        scratch,
        &Framed {
            id: Cow::Borrowed(&fact.id),
            store_id: fact.store_id.as_deref().map(Cow::Borrowed),
            name: fact.name.as_deref().map(Cow::Borrowed),
            city: fact.city.as_deref().map(Cow::Borrowed),
            gone: fact.gone,
            at: fact.at.unwrap_or(now),
            export: fact.export.as_deref().map(Cow::Borrowed),
            body: fact.body.clone(),
        },
    )
}

/// Takes the pending file at `path` into `inventory` (its service's rows), in
/// transactions of [`BATCH`] facts; how many rows were written. The file is left as it
/// is: the caller removes it once this succeeded.
pub(super) fn take_in(
    inventory: &mut Inventory,
    path: &Path,
) -> std::result::Result<usize, NotTakenIn> {
    let file = File::open(path).map_err(|e| {
        NotTakenIn::Failed(Error::other(format!(
            "cannot read `{}`: {e}",
            path.display()
        )))
    })?;
    let damaged = |frame: usize, why: String| {
        NotTakenIn::Damaged(Error::other(format!(
            "`{}`, which holds what a run of locadm learned, is damaged at fact {frame} ({why})",
            path.display()
        )))
    };
    let unreadable = |e: std::io::Error| {
        NotTakenIn::Failed(Error::other(format!(
            "cannot read `{}`: {e}",
            path.display()
        )))
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut frame = Vec::new();
    // A last frame cut short is a fact its process never finished writing: passed over.
    if !matches!(
        crate::frames::read(&mut reader, &mut frame).map_err(unreadable)?,
        Next::Frame
    ) {
        return Ok(0);
    }
    let service: Service = crate::frames::decode(&frame).map_err(|e| damaged(0, e.to_string()))?;
    let mut written = 0;
    let mut batch = Vec::with_capacity(BATCH);
    let mut number = 0;
    while let Next::Frame = crate::frames::read(&mut reader, &mut frame).map_err(unreadable)? {
        number += 1;
        let read: Framed<'_> =
            crate::frames::decode(&frame).map_err(|e| damaged(number, e.to_string()))?;
        batch.push(Fact {
            id: read.id.into_owned(),
            store_id: read.store_id.map(Cow::into_owned),
            name: read.name.map(Cow::into_owned),
            city: read.city.map(Cow::into_owned),
            gone: read.gone,
            body: read.body,
            at: Some(read.at),
            export: read.export.map(|name| std::sync::Arc::from(name.as_ref())),
        });
        if batch.len() >= BATCH {
            written += inventory
                .record(&service, std::mem::take(&mut batch))
                .map_err(NotTakenIn::Failed)?;
        }
    }
    if !batch.is_empty() {
        written += inventory
            .record(&service, batch)
            .map_err(NotTakenIn::Failed)?;
    }
    Ok(written)
}

/// Takes in every pending file in `dir` that no run holds (a run that ended without
/// taking its own in), and removes it. A damaged one is set aside (`NAME.damaged`) and
/// is this opening's error: what it held is not known, and a create matched against an
/// inventory without it could make a store twice. With `running`, what the files of
/// runs still going hold so far is taken in as well (and the files left to them).
pub(super) fn take_in_pending(inventory: &mut Inventory, dir: &Path, running: bool) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "facts") {
            continue;
        }
        let Ok(file) = OpenOptions::new().read(true).write(true).open(&path) else {
            continue;
        };
        // Held: its run is still going, and takes it in itself when it ends; what it
        // has learned so far is taken in now too when asked (the rows are the same
        // either time: the newer fact wins, and it is the same fact).
        if file.try_lock().is_err() {
            if running {
                match take_in(inventory, &path) {
                    Ok(_) => {}
                    Err(NotTakenIn::Failed(e) | NotTakenIn::Damaged(e)) => return Err(e),
                }
            }
            continue;
        }
        match take_in(inventory, &path) {
            Ok(_) => {
                let _ = std::fs::remove_file(&path);
            }
            // Kept for the next opening.
            Err(NotTakenIn::Failed(e)) => return Err(e),
            Err(NotTakenIn::Damaged(e)) => {
                let mut aside = path.clone().into_os_string();
                aside.push(".damaged");
                let _ = std::fs::rename(&path, &aside);
                return Err(e.with_hint(format!(
                    "it was set aside as `{}`; `locadm inventory import FILE` of the run's results or journal teaches the inventory what it held",
                    PathBuf::from(aside).display()
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
    const B: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    fn service() -> Service {
        Service {
            url: "https://a.example".into(),
            profile: "default".into(),
        }
    }

    /// A run's pending file in `dir`'s inventory, with a fact of A (seen, from its body)
    /// and of B (gone) written, still locked.
    fn a_run(inventory: &Path) -> Pending {
        let mut pending = Pending::create(&directory(inventory), &service()).unwrap();
        let body = br#"{"storeId":"S-1","storeName":"One","structuredAddress":{"city":"Dresden"}}"#;
        let mut frames = Vec::new();
        for fact in [Fact::seen(A, Some(Bytes::from_static(body))), Fact::gone(B)] {
            write_fact(&mut frames, &mut Vec::new(), &fact, 1_000).unwrap();
        }
        pending.file.write_all(&frames).unwrap();
        pending
    }

    fn known(inventory: &Inventory) -> Vec<(String, Option<String>, Option<String>, bool)> {
        let all = super::super::Filter {
            deleted: true,
            ..Default::default()
        };
        let mut known: Vec<_> = inventory
            .list(&service(), &all)
            .unwrap()
            .into_iter()
            .map(|k| (k.id, k.store_id, k.city, k.deleted))
            .collect();
        known.sort();
        known
    }

    #[test]
    fn a_file_its_run_left_is_taken_in_at_the_next_opening_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inventory.db");
        let pending = a_run(&path);
        let file = pending.path.clone();
        // The run ends without taking it in (its lock goes with the process).
        drop(pending);
        let inventory = Inventory::open_at(&path).unwrap();
        assert_eq!(
            known(&inventory),
            vec![
                (A.into(), Some("S-1".into()), Some("Dresden".into()), false),
                (B.into(), None, None, true),
            ]
        );
        assert!(!file.exists());
    }

    #[test]
    fn what_a_running_run_learned_so_far_is_taken_in_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inventory.db");
        let pending = a_run(&path);
        let mut inventory = Inventory::open_at(&path).unwrap();
        assert_eq!(known(&inventory), vec![]);
        inventory.take_in_running().unwrap();
        assert_eq!(known(&inventory).len(), 2);
        assert!(pending.path.exists(), "left to its run");
    }

    #[test]
    fn a_file_a_running_run_holds_is_left_to_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inventory.db");
        let pending = a_run(&path);
        let inventory = Inventory::open_at(&path).unwrap();
        assert_eq!(known(&inventory), vec![]);
        assert!(pending.path.exists());
        // The run takes it in itself.
        let mut inventory = inventory;
        assert!(matches!(take_in(&mut inventory, &pending.path), Ok(2)));
        assert_eq!(known(&inventory).len(), 2);
    }

    #[test]
    fn a_last_frame_cut_short_is_passed_over_and_a_damaged_file_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inventory.db");
        let mut pending = a_run(&path);
        let mut cut = Vec::new();
        write_fact(&mut cut, &mut Vec::new(), &Fact::gone(A), 2_000).unwrap();
        pending.file.write_all(&cut[..cut.len() - 3]).unwrap();
        drop(pending);
        let inventory = Inventory::open_at(&path).unwrap();
        let known = known(&inventory);
        assert_eq!(known.len(), 2, "the whole frames are taken");
        assert!(!known[0].3, "the cut fact is not: A is not gone");

        let mut pending = a_run(&path);
        // A whole frame that is no fact (a length, then bytes postcard cannot read).
        pending
            .file
            .write_all(&[3, 0, 0, 0, 0xff, 0xff, 0xff])
            .unwrap();
        let file = pending.path.clone();
        drop(pending);
        let error = Inventory::open_at(&path)
            .err()
            .expect("a damaged file is an error");
        assert!(
            error.to_string().contains("is damaged at fact 3"),
            "{error}"
        );
        assert!(!file.exists());
        let mut aside = file.into_os_string();
        aside.push(".damaged");
        assert!(PathBuf::from(aside).exists());
        // Set aside, it no longer stops the inventory from opening.
        assert!(Inventory::open_at(&path).is_ok());
    }
}
