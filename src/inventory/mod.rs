//! The inventory: what locadm knows exists. The service cannot list its locations, and
//! every read, change and delete needs the id it gave once; so the tool keeps, for each
//! service (its base URL and profile, as a journal's binding names it), every location it
//! has created, read, changed or deleted: id, storeId, name, city, when last seen, and
//! whether it is gone.
//!
//! - One SQLite file in the data directory (`inventory.db`), in WAL mode with a busy
//!   timeout and `BEGIN IMMEDIATE` writes, so that concurrent runs each add what they
//!   learn and none is lost. It holds no secret: ids, storeIds, names, cities, times.
//! - What is newer wins: a fact carries the time it was learned (an import the file's
//!   time), and an older one never overwrites a newer one (an old export does not bring
//!   back a location deleted since).
//! - Single commands write their one fact ([`note`]); a bulk run appends its results'
//!   facts to a pending file of its own as it goes, and its [`Recorder`] takes the file
//!   in when the sending is over (`pending.rs`: a file left by a run that ended first is
//!   taken in by the next opening, before anything is matched against the inventory).

mod import;
mod pending;
mod recorder;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use rusqlite::{params, Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};

pub(crate) use self::import::{binding_of, for_each_fact, Taught};
pub(crate) use self::recorder::{Notes, Recorder};
use crate::output::{Human, Record};
use locadm_client::error::{Error, Result};

/// How long a write waits for another run's transaction before it gives up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The service an inventory's rows belong to: what a journal is bound to, and what the
/// pace a run learned is kept under (pace.json's `service` and `profile`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Service {
    /// The base URL as shown (never a password), or `local:PATH` for the `local`
    /// profile's database.
    #[serde(rename = "service")]
    pub url: String,
    pub profile: String,
}

impl Service {
    /// The service the inventory's rows of this run belong to, as a journal is bound to
    /// it: [`Context::service_identity`](crate::context::Context::service_identity) and
    /// the profile.
    pub(crate) fn of_run(context: &crate::context::Context<'_>) -> Result<Service> {
        Ok(Service {
            url: context.service_identity()?,
            profile: context.settings()?.profile.clone(),
        })
    }
}

/// The first line of a journal: what it was written for (the bulk engine writes it, an
/// import reads which service a journal's ids belong to).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Binding {
    /// `apply` or `delete`.
    #[serde(default)]
    pub command: String,
    /// The digest of the input (its keys are positions in that input).
    pub input: String,
    /// The base URL of the service, and the profile.
    #[serde(default)]
    pub service: Option<String>,
    #[serde(default)]
    pub profile: Option<String>,
}

/// One thing learned about a location.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fact {
    pub id: String,
    pub store_id: Option<String>,
    pub name: Option<String>,
    pub city: Option<String>,
    /// Answered 404, or deleted.
    pub gone: bool,
    /// A body of the location as sent or read: `storeId`, `storeName` and the city are
    /// taken from it where the fact does not carry them (on the writer's thread, off a
    /// bulk run's path).
    pub body: Option<Bytes>,
    /// When it was learned, in milliseconds since the epoch (now, unless set).
    pub at: Option<i64>,
    /// `body` is the location's read form as the export of this name printed it: kept
    /// as the base a file edited from that export is compared with
    /// ([`Inventory::base_of`]).
    pub export: Option<std::sync::Arc<str>>,
}

impl Fact {
    /// The location `id` exists, as `body` shows it.
    pub(crate) fn seen(id: impl ToString, body: Option<Bytes>) -> Fact {
        Fact {
            id: id.to_string(),
            body,
            ..Fact::default()
        }
    }

    /// The location `id` is gone (deleted, or answered 404).
    pub(crate) fn gone(id: impl ToString) -> Fact {
        Fact {
            id: id.to_string(),
            gone: true,
            ..Fact::default()
        }
    }

    /// Fills storeId, name and city from the body, where not given. (A body is one the
    /// run sent, checked, or the service's read form: these members are strings.)
    fn complete(&mut self) {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Address {
            city: Option<String>,
        }
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Head {
            store_id: Option<String>,
            store_name: Option<String>,
            city: Option<String>,
            structured_address: Option<Address>,
        }
        let Some(body) = self.body.take() else { return };
        let Ok(head) = serde_json::from_slice::<Head>(&body) else {
            return;
        };
        self.store_id = self.store_id.take().or(head.store_id);
        self.name = self.name.take().or(head.store_name);
        self.city = self
            .city
            .take()
            .or(head.structured_address.and_then(|a| a.city))
            .or(head.city);
    }
}

/// A location the inventory knows.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Known {
    pub id: String,
    pub store_id: Option<String>,
    pub name: Option<String>,
    pub city: Option<String>,
    /// RFC 3339, UTC.
    pub last_seen: String,
    pub deleted: bool,
}

impl Known {
    /// `2026-11-26 19:43:44`: when it was last seen, for people (UTC).
    pub(crate) fn seen_utc(&self) -> String {
        self.last_seen.replace('T', " ").replace('Z', "")
    }
}

impl Record for Known {
    const HEADER: &'static [&'static str] = &["Id", "storeId", "Name", "City", "Last seen (UTC)"];

    fn id(&self) -> Option<&str> {
        Some(&self.id)
    }

    fn human(&self) -> Human {
        let gone = if self.deleted { " (deleted)" } else { "" };
        Human::Row(vec![
            self.id.clone(),
            self.store_id.clone().unwrap_or_default(),
            self.name.clone().unwrap_or_default(),
            self.city.clone().unwrap_or_default(),
            format!("{}{gone}", self.seen_utc()),
        ])
    }
}

/// Which known locations a listing shows.
#[derive(Debug, Clone, Default)]
pub(crate) struct Filter {
    /// A glob (`*`, `?`, `[…]`) over the storeId.
    pub store_id: Option<String>,
    /// The city, ignoring case (Unicode's lower case, not ASCII's alone).
    pub city: Option<String>,
    /// Those known to be gone too.
    pub deleted: bool,
}

/// The inventory's file: `inventory.db` in the OS data directory (XDG on Linux), beside
/// the `local` profile's database.
pub(crate) fn path() -> Result<PathBuf> {
    crate::local::data_dir().map(|dir| dir.join("inventory.db"))
}

pub(crate) struct Inventory {
    conn: Connection,
    path: PathBuf,
}

impl Inventory {
    /// Opens (or makes) the inventory of this user.
    pub(crate) fn open() -> Result<Inventory> {
        Inventory::open_at(&path()?)
    }

    pub(crate) fn open_at(path: &Path) -> Result<Inventory> {
        Inventory::open_with(path, false)
    }

    /// Opens the inventory at `path`; a new one is made where none is, unless a damaged
    /// one was set aside there and `start_anew` is not given (`inventory repair`): an
    /// empty inventory in its place would create every store it knew a second time.
    fn open_with(path: &Path, start_anew: bool) -> Result<Inventory> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::other(format!("cannot create `{}`: {e}", dir.display())))?;
        }
        let set_aside = damaged_path(path);
        if !start_anew && set_aside.exists() && std::fs::symlink_metadata(path).is_err() {
            return Err(Error::other(format!(
                "locadm's inventory `{}` was set aside as damaged (`{}`), and no new one is started without you",
                path.display(),
                set_aside.display()
            ))
            .with_hint(REPAIR_HINT));
        }
        let failed = |e: rusqlite::Error| fail(path, "open", e);
        // Never through a symbolic link: in a shared directory it could point the
        // writes at another file.
        let flags = rusqlite::OpenFlags::default() | rusqlite::OpenFlags::SQLITE_OPEN_NOFOLLOW;
        let conn = Connection::open_with_flags(path, flags).map_err(failed)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
        // WAL: readers never wait for a writer, and writers of concurrent runs take
        // turns (the busy timeout). NORMAL: a commit is durable at the next checkpoint,
        // enough for a memory that any read or import can rebuild.
        set_wal(&conn).map_err(failed)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(failed)?;
        let made: bool = conn
            .query_row(
                "SELECT count(*) = 2 FROM sqlite_master WHERE name IN ('locations', 'bases')",
                [],
                |row| row.get(0),
            )
            .map_err(failed)?;
        if !made {
            make_schema(&conn).map_err(failed)?;
        }
        let mut inventory = Inventory {
            conn,
            path: path.to_owned(),
        };
        pending::take_in_pending(&mut inventory, &pending::directory(path), false)?;
        Ok(inventory)
    }

    /// Takes in what runs still sending have learned so far (their pending files, on
    /// disk at most a second behind): before `apply` tells a create from a change by
    /// storeId, so that a run going on beside it is not a run whose creates it cannot
    /// see (its rows are written only when its sending is over).
    pub(crate) fn take_in_running(&mut self) -> Result<()> {
        let dir = pending::directory(&self.path);
        pending::take_in_pending(self, &dir, true)
    }

    /// Writes `facts` in one transaction: the newer of what was known and what is
    /// learned wins, field by field where the fact carries one.
    pub(crate) fn record(&mut self, service: &Service, facts: Vec<Fact>) -> Result<usize> {
        let now = now_ms();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| fail(&self.path, "write", e))?;
        let written = (|| {
            let mut upsert = tx.prepare_cached(
                "INSERT INTO locations (service, profile, id, store_id, name, city, last_seen, deleted)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (service, profile, id) DO UPDATE SET
                    store_id  = CASE WHEN excluded.last_seen >= last_seen THEN coalesce(excluded.store_id, store_id) ELSE coalesce(store_id, excluded.store_id) END,
                    name      = CASE WHEN excluded.last_seen >= last_seen THEN coalesce(excluded.name, name) ELSE coalesce(name, excluded.name) END,
                    city      = CASE WHEN excluded.last_seen >= last_seen THEN coalesce(excluded.city, city) ELSE coalesce(city, excluded.city) END,
                    deleted   = CASE WHEN excluded.last_seen >= last_seen THEN excluded.deleted ELSE deleted END,
                    last_seen = max(excluded.last_seen, last_seen)",
            )?;
            let mut base = tx.prepare_cached(
                "INSERT OR REPLACE INTO bases (service, profile, export, id, body, exported_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            let mut written = 0;
            for mut fact in facts {
                if let (Some(export), Some(body)) = (&fact.export, &fact.body) {
                    base.execute(params![
                        service.url,
                        service.profile,
                        export.as_ref(),
                        fact.id,
                        String::from_utf8_lossy(body),
                        fact.at.unwrap_or(now),
                    ])?;
                }
                fact.complete();
                written += upsert.execute(params![
                    service.url,
                    service.profile,
                    fact.id,
                    fact.store_id,
                    fact.name,
                    fact.city,
                    fact.at.unwrap_or(now),
                    fact.gone,
                ])?;
            }
            Ok::<_, rusqlite::Error>(written)
        })();
        let written = written.map_err(|e| fail(&self.path, "write", e))?;
        tx.commit().map_err(|e| fail(&self.path, "write", e))?;
        Ok(written)
    }

    /// What location `id` was in the export named `export` (a sheet names its own), or
    /// when it was last exported (NDJSON is the read form, and names none): the base a
    /// file edited from that export is compared with.
    pub(crate) fn base_of(
        &self,
        service: &Service,
        id: &str,
        export: Option<&str>,
    ) -> Result<Option<String>> {
        let mut query = self
            .conn
            .prepare_cached(
                "SELECT body FROM bases WHERE service = ?1 AND profile = ?2 AND id = ?3
                   AND (?4 IS NULL OR export = ?4)
                 ORDER BY exported_at DESC LIMIT 1",
            )
            .map_err(|e| fail(&self.path, "read", e))?;
        let mut rows = query
            .query(params![service.url, service.profile, id, export])
            .map_err(|e| fail(&self.path, "read", e))?;
        rows.next()
            .and_then(|row| row.map(|row| row.get(0)).transpose())
            .map_err(|e| fail(&self.path, "read", e))
    }

    /// Forgets the bases of all but the `keep` latest exports of a service: what an
    /// export keeps grows with each one, and a sheet older than those is compared with
    /// the current state (its summary says so).
    pub(crate) fn prune_bases(&mut self, service: &Service, keep: usize) -> Result<usize> {
        self.conn
            .execute(
                "DELETE FROM bases WHERE service = ?1 AND profile = ?2 AND export NOT IN (
                    SELECT export FROM bases WHERE service = ?1 AND profile = ?2
                    GROUP BY export ORDER BY max(exported_at) DESC LIMIT ?3)",
                params![service.url, service.profile, keep as i64],
            )
            .map_err(|e| fail(&self.path, "write", e))
    }

    /// Writes a row and takes it back, in one transaction: whether facts can be written
    /// now (a read-only or full disk fails here, before a run sends anything).
    pub(crate) fn probe_write(&mut self) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| fail(&self.path, "write", e))?;
        tx.execute_batch(
            "INSERT INTO locations (service, profile, id, last_seen) VALUES ('', '', '', 0);
             DELETE FROM locations WHERE service = '' AND profile = '' AND id = '';",
        )
        .and_then(|()| tx.commit())
        .map_err(|e| fail(&self.path, "write", e))
    }

    /// SQLite's own check of the file (`quick_check`, or with `full` `integrity_check`):
    /// a damaged one is set aside with a message, as [`fail`] does. The quick check reads
    /// every page (25 ms at 100,000 locations, 0.23 s at a million): `apply` runs it
    /// before it trusts the inventory to tell a create from a change.
    pub(crate) fn check_damage(&self, full: bool) -> Result<()> {
        let pragma = if full {
            "PRAGMA integrity_check"
        } else {
            "PRAGMA quick_check"
        };
        let verdict: String = self
            .conn
            .query_row(pragma, [], |row| row.get(0))
            .map_err(|e| fail(&self.path, "check", e))?;
        if verdict == "ok" {
            return Ok(());
        }
        let damaged = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
            Some(verdict),
        );
        Err(fail(&self.path, "check", damaged))
    }

    /// The live locations known under `store_id`, newest first.
    pub(crate) fn ids_of(&self, service: &Service, store_id: &str) -> Result<Vec<String>> {
        let mut query = self
            .conn
            .prepare_cached(
                "SELECT id FROM locations
                 WHERE service = ?1 AND profile = ?2 AND store_id = ?3 AND deleted = 0
                 ORDER BY last_seen DESC",
            )
            .map_err(|e| fail(&self.path, "read", e))?;
        let ids = query
            .query_map(params![service.url, service.profile, store_id], |row| {
                row.get(0)
            })
            .and_then(|rows| rows.collect())
            .map_err(|e| fail(&self.path, "read", e))?;
        Ok(ids)
    }

    /// Every live location by storeId (for `apply`'s matching).
    pub(crate) fn by_store_id(&self, service: &Service) -> Result<HashMap<String, Vec<String>>> {
        let mut query = self
            .conn
            .prepare(
                "SELECT store_id, id FROM locations
                 WHERE service = ?1 AND profile = ?2 AND deleted = 0 AND store_id IS NOT NULL",
            )
            .map_err(|e| fail(&self.path, "read", e))?;
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        let rows = query
            .query_map(params![service.url, service.profile], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })
            .map_err(|e| fail(&self.path, "read", e))?;
        for row in rows {
            let (store_id, id) = row.map_err(|e| fail(&self.path, "read", e))?;
            map.entry(store_id).or_default().push(id);
        }
        Ok(map)
    }

    /// The known locations `filter` picks, by storeId then id.
    pub(crate) fn list(&self, service: &Service, filter: &Filter) -> Result<Vec<Known>> {
        let mut known = Vec::new();
        self.each_known(service, filter, |location| {
            known.push(location);
            Ok(())
        })?;
        Ok(known)
    }

    /// Calls `each` with every known location `filter` picks, by storeId then id, one
    /// row at a time (a listing of any size in the memory of one); how many there were.
    pub(crate) fn each_known(
        &self,
        service: &Service,
        filter: &Filter,
        mut each: impl FnMut(Known) -> Result<()>,
    ) -> Result<usize> {
        let mut query = self
            .conn
            .prepare(
                "SELECT id, store_id, name, city,
                        strftime('%Y-%m-%dT%H:%M:%SZ', last_seen / 1000, 'unixepoch'), deleted
                 FROM locations
                 WHERE service = ?1 AND profile = ?2
                   AND (?3 IS NULL OR store_id GLOB ?3)
                   AND (?4 OR deleted = 0)
                 ORDER BY store_id, id",
            )
            .map_err(|e| fail(&self.path, "read", e))?;
        // The city is compared here, not by SQLite's NOCASE, which folds ASCII alone
        // (`ŁÓDŹ` is `Łódź`).
        let city = filter.city.as_deref().map(str::to_lowercase);
        let mut rows = query
            .query(params![
                service.url,
                service.profile,
                filter.store_id,
                filter.deleted
            ])
            .map_err(|e| fail(&self.path, "read", e))?;
        let mut taken = 0;
        while let Some(row) = rows.next().map_err(|e| fail(&self.path, "read", e))? {
            let known = (|| {
                Ok::<_, rusqlite::Error>(Known {
                    id: row.get(0)?,
                    store_id: row.get(1)?,
                    name: row.get(2)?,
                    city: row.get(3)?,
                    last_seen: row.get(4)?,
                    deleted: row.get(5)?,
                })
            })()
            .map_err(|e| fail(&self.path, "read", e))?;
            let picked = city.as_ref().is_none_or(|city| {
                known
                    .city
                    .as_deref()
                    .is_some_and(|c| c.to_lowercase() == *city)
            });
            if picked {
                taken += 1;
                each(known)?;
            }
        }
        Ok(taken)
    }

    /// Forgets every location of a service, whatever the profile (`emulator reset`: its
    /// database emptied, none of them exists); how many. Only the emulator's reset needs it.
    #[cfg(feature = "emulator")]
    pub(crate) fn forget_service(&mut self, url: &str) -> Result<usize> {
        self.conn
            .execute("DELETE FROM locations WHERE service = ?1", params![url])
            .map_err(|e| fail(&self.path, "write", e))
    }

    /// Forgets these locations.
    pub(crate) fn forget(&mut self, service: &Service, ids: &[String]) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| fail(&self.path, "write", e))?;
        let forgotten = (|| {
            let mut delete = tx.prepare_cached(
                "DELETE FROM locations WHERE service = ?1 AND profile = ?2 AND id = ?3",
            )?;
            let mut n = 0;
            for id in ids {
                n += delete.execute(params![service.url, service.profile, id])?;
            }
            Ok(n)
        })()
        .map_err(|e| fail(&self.path, "write", e))?;
        tx.commit().map_err(|e| fail(&self.path, "write", e))?;
        Ok(forgotten)
    }
}

/// Puts the file in WAL mode (kept in the file: once is enough). SQLite answers a
/// switch it cannot make now (another run opening the new file too) at once, without
/// waiting as the busy timeout waits for a lock: it is tried again until that timeout.
fn set_wal(conn: &Connection) -> rusqlite::Result<()> {
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |row| row.get(0))?;
    if mode.eq_ignore_ascii_case("wal") {
        return Ok(());
    }
    let deadline = std::time::Instant::now() + BUSY_TIMEOUT;
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(e)
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            done => return done,
        }
    }
}

/// The tables and the index, made once: in a transaction that takes the write lock first
/// (and waits its turn), as two runs starting together on a new file both make it; a
/// read that had to become a write would be refused at once instead.
fn make_schema(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "BEGIN IMMEDIATE;
            CREATE TABLE IF NOT EXISTS locations (
                service   TEXT NOT NULL,
                profile   TEXT NOT NULL,
                id        TEXT NOT NULL,
                store_id  TEXT,
                name      TEXT,
                city      TEXT,
                last_seen INTEGER NOT NULL,
                deleted   INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (service, profile, id)
            ) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS locations_by_store_id
                ON locations (service, profile, store_id);
            CREATE TABLE IF NOT EXISTS bases (
                service     TEXT NOT NULL,
                profile     TEXT NOT NULL,
                export      TEXT NOT NULL,
                id          TEXT NOT NULL,
                body        TEXT NOT NULL,
                exported_at INTEGER NOT NULL,
                PRIMARY KEY (service, profile, id, export)
            ) WITHOUT ROWID;
            COMMIT;",
    )
}

/// What to do about an inventory that was damaged.
const REPAIR_HINT: &str = "`locadm inventory repair` starts a new one (the damaged file is kept); then `locadm inventory import FILE…` teaches it what your exports, results and journals know, before records without `id` are applied again";

/// An inventory error, naming the file. A database SQLite finds damaged (not a
/// database, or corrupt) is set aside beside it, with a message, never recreated
/// silently.
fn fail(path: &Path, what: &str, e: rusqlite::Error) -> Error {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    let damaged = matches!(e.sqlite_error_code(), Some(DatabaseCorrupt | NotADatabase));
    if !damaged {
        return Error::other(format!(
            "cannot {what} locadm's inventory `{}`: {e}",
            path.display()
        ));
    }
    let aside = damaged_path(path);
    let moved = std::fs::rename(path, &aside).map(|()| {
        for suffix in ["-wal", "-shm"] {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            let _ = std::fs::remove_file(PathBuf::from(name));
        }
    });
    let what_now = match moved {
        Ok(()) => format!("it was set aside as `{}`", aside.display()),
        Err(io) => format!("it could not be set aside as `{}`: {io}", aside.display()),
    };
    Error::other(format!(
        "locadm's inventory `{}` is damaged ({e}): {what_now}",
        path.display()
    ))
    .with_hint(REPAIR_HINT)
}

/// Where a damaged inventory is set aside: `inventory.db.damaged`.
fn damaged_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".damaged");
    PathBuf::from(name)
}

/// `inventory repair`: checks the inventory with SQLite's own integrity check; a
/// damaged one is set aside. Then a new one is started where none is, the damaged file
/// kept under a name of its own (`inventory.db.damaged-SECONDS`). Says what it did.
pub(crate) fn repair(path: &Path) -> Result<String> {
    let mut said = Vec::new();
    if std::fs::symlink_metadata(path).is_ok() {
        match Inventory::open_at(path).and_then(|inventory| inventory.check_damage(true)) {
            Ok(()) => {
                return Ok(format!(
                    "locadm's inventory `{}` passed SQLite's integrity check: nothing to repair",
                    path.display()
                ))
            }
            // Damaged: set aside by `check_damage`; or not openable at all.
            Err(e) => said.push(e.to_string()),
        }
    }
    let aside = damaged_path(path);
    if aside.exists() {
        let kept = PathBuf::from(format!("{}-{}", aside.display(), now_ms() / 1000));
        std::fs::rename(&aside, &kept)
            .map_err(|e| Error::other(format!("cannot rename `{}`: {e}", aside.display())))?;
        said.push(format!(
            "the damaged inventory is kept as `{}`",
            kept.display()
        ));
    }
    if std::fs::symlink_metadata(path).is_ok() {
        // Not damaged, but not openable either (a directory or a link in its place,
        // permissions): that is for the user to mend.
        return Err(Error::other(said.join("; ")).with_hint(format!(
            "move `{}` away, then run `locadm inventory repair` again",
            path.display()
        )));
    }
    Inventory::open_with(path, true)?;
    said.push(format!(
        "a new inventory was started at `{}`; it knows nothing yet",
        path.display()
    ));
    Ok(said.join("; "))
}

fn now_ms() -> i64 {
    millis(SystemTime::now())
}

pub(crate) fn millis(time: SystemTime) -> i64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The export bases a run's workers compare their records with: the inventory, opened
/// once for the run, a lookup at a time.
pub(crate) struct Bases {
    inventory: std::sync::Mutex<Inventory>,
    service: Service,
}

impl Bases {
    pub(crate) fn open(service: Service) -> Result<Bases> {
        Ok(Bases {
            inventory: std::sync::Mutex::new(Inventory::open()?),
            service,
        })
    }

    /// What location `id` was in the export named `export` (else when it was last
    /// exported), as its read form; `None` when it never was (the record is then merged
    /// as before, and the summary says so). An inventory that cannot say is an error: a
    /// record of an older sheet merged without its base would put back what others
    /// changed since.
    pub(crate) fn of(&self, id: &uuid::Uuid, export: Option<&str>) -> Result<Option<String>> {
        let inventory = self.inventory.lock().unwrap_or_else(|p| p.into_inner());
        inventory.base_of(&self.service, &id.to_string(), export)
    }
}

/// Writes what a single command learned. The command's work is done by now: an
/// inventory that cannot be written is a warning, never its failure.
pub(crate) fn note(context: &crate::context::Context<'_>, facts: Vec<Fact>) {
    let written =
        Service::of_run(context).and_then(|service| Inventory::open()?.record(&service, facts));
    if let Err(e) = written {
        context
            .printer
            .warning(&format!("the inventory was not updated: {e}"));
    }
}

/// A 404 for location `id` teaches that it is gone.
pub(crate) fn gone_if_404(context: &crate::context::Context<'_>, id: &uuid::Uuid, error: &Error) {
    if error.status() == Some(404) {
        note(context, vec![Fact::gone(id)]);
    }
}

/// The id known under `store_id`, or why there is none: not known (exit 5, naming how
/// to teach it), or known under several ids.
pub(crate) fn resolve(context: &crate::context::Context<'_>, store_id: &str) -> Result<uuid::Uuid> {
    let ids = Lookup::new(context).ids(store_id)?;
    one_id(store_id, &ids)
}

/// The ids of storeIds, for one command: the inventory is opened on first use.
pub(crate) struct Lookup<'a, 'p> {
    context: &'a crate::context::Context<'p>,
    open: Option<(Inventory, Service)>,
}

impl<'a, 'p> Lookup<'a, 'p> {
    pub(crate) fn new(context: &'a crate::context::Context<'p>) -> Lookup<'a, 'p> {
        Lookup {
            context,
            open: None,
        }
    }

    /// The live locations known under `store_id`, newest first.
    pub(crate) fn ids(&mut self, store_id: &str) -> Result<Vec<String>> {
        if self.open.is_none() {
            self.open = Some((Inventory::open()?, Service::of_run(self.context)?));
        }
        let (inventory, service) = self.open.as_ref().expect("opened just above");
        inventory.ids_of(service, store_id)
    }
}

/// An inventory entry (`id` under `store_id`) the service contradicts.
pub(crate) struct Stale {
    /// The location as the service showed it: another storeId, none, or gone.
    pub corrected: Fact,
    /// `storeId S is not location X any more: …`, naming both.
    pub message: String,
}

/// Checks the entry `id` under `store_id` against the location read from the service
/// (`read`: its storeId and body; `None`: answered 404). `None` when the service
/// confirms it. The inventory is locadm's memory, a hint: an id taken from it is used
/// only once confirmed (a location re-purposed under another storeId, one deleted, or a
/// crafted import would otherwise be overwritten or deleted).
pub(crate) fn stale_entry(
    store_id: &str,
    id: uuid::Uuid,
    read: Option<(Option<String>, Bytes)>,
) -> Option<Stale> {
    let (corrected, now) = match read {
        Some((now, _)) if now.as_deref() == Some(store_id) => return None,
        Some((now, body)) => (
            Fact {
                store_id: now.clone(),
                ..Fact::seen(id, Some(body))
            },
            match now {
                Some(other) => format!("has storeId `{other}` now"),
                None => "has no storeId now".to_owned(),
            },
        ),
        None => (Fact::gone(id), "is gone".to_owned()),
    };
    Some(Stale {
        corrected,
        message: format!(
            "storeId `{store_id}` is not location {id} any more: locadm's inventory knew it there, but that location {now} (the inventory is corrected)"
        ),
    })
}

/// For a single command that named a location by `--store-id`: goes on only when the
/// location read still has that storeId; otherwise the inventory learns what was read
/// and the command stops, naming both (exit 5), before anything is sent.
pub(crate) fn confirm(
    context: &crate::context::Context<'_>,
    store_id: &str,
    id: uuid::Uuid,
    read: Option<(Option<String>, Bytes)>,
) -> Result<()> {
    let Some(stale) = stale_entry(store_id, id, read) else {
        return Ok(());
    };
    note(context, vec![stale.corrected]);
    Err(Error::not_found(format!("{}; nothing was sent", stale.message)).with_hint(
        "the service cannot be searched by storeId: give the location's id, or teach locadm where the storeId is now with `locadm inventory import FILE`",
    ))
}

/// The one id of `ids` a storeId names.
pub(crate) fn one_id(store_id: &str, ids: &[String]) -> Result<uuid::Uuid> {
    match ids {
        [] => Err(unknown(&[store_id])),
        [id] => uuid::Uuid::parse_str(id)
            .map_err(|_| Error::other(format!("the inventory holds `{id}`, not a location id"))),
        several => Err(Error::usage(format!(
            "storeId `{store_id}` is known under {} locations: {}",
            several.len(),
            several.join(", ")
        ))
        .with_hint("give the id instead; `locadm location list --store-id STOREID --refresh` reads them again and marks the gone ones deleted")),
    }
}

/// The error for storeIds the inventory does not know: exit 5 (not found), with how to
/// teach it.
pub(crate) fn unknown(store_ids: &[&str]) -> Error {
    let named = store_ids
        .iter()
        .take(5)
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let more = store_ids.len().saturating_sub(5);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    Error::not_found(format!(
        "{} {named}{more} {} not known to locadm's inventory of this service; nothing was sent",
        if store_ids.len() == 1 { "storeId" } else { "storeIds" },
        if store_ids.len() == 1 { "is" } else { "are" },
    ))
    .with_hint("the service cannot be searched by storeId: teach locadm the ids with `locadm inventory import FILE` (an export, a result file or a journal), or read them with `locadm location get ID…`; `locadm location list --refresh` reads what it knows again")
}

/// For shell completion: the live locations known on the service of `context` (a
/// `--profile` on the line being completed is not parsed yet). Nothing when anything is
/// missing: completion never fails.
pub(crate) fn completion_candidates(context: &crate::context::Context<'_>) -> Vec<Known> {
    let known = || -> Result<Vec<Known>> {
        let path = path()?;
        if !path.exists() {
            return Ok(Vec::new());
        }
        Inventory::open_at(&path)?.list(&Service::of_run(context)?, &Filter::default())
    };
    known().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
    const B: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    fn at(fact: Fact, ms: i64) -> Fact {
        Fact {
            at: Some(ms),
            ..fact
        }
    }

    #[test]
    fn the_newer_fact_wins_and_gone_locations_are_not_looked_up() {
        let dir = tempfile::tempdir().unwrap();
        let mut inventory = Inventory::open_at(&dir.path().join("i.db")).unwrap();
        let mode: String = inventory
            .conn
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let service = Service {
            url: "https://a.example".into(),
            profile: "default".into(),
        };
        let body = br#"{"storeId":"S-1","storeName":"One","structuredAddress":{"city":"Dresden"}}"#;
        inventory
            .record(
                &service,
                vec![
                    at(Fact::seen(A, Some(Bytes::from_static(body))), 2_000),
                    at(Fact::gone(B), 2_000),
                ],
            )
            .unwrap();
        // An older file says A is gone and B exists: what is known since stands.
        let old = |fact: Fact| Fact {
            store_id: Some("S-2".into()),
            ..at(fact, 1_000)
        };
        inventory
            .record(&service, vec![old(Fact::gone(A)), old(Fact::seen(B, None))])
            .unwrap();
        let all = Filter {
            deleted: true,
            ..Filter::default()
        };
        let known = inventory.list(&service, &all).unwrap();
        let a = known.iter().find(|k| k.id == A).unwrap();
        assert_eq!(
            (
                a.store_id.as_deref(),
                a.name.as_deref(),
                a.city.as_deref(),
                a.deleted
            ),
            (Some("S-1"), Some("One"), Some("Dresden"), false)
        );
        assert!(known.iter().find(|k| k.id == B).unwrap().deleted);
        assert_eq!(a.last_seen, "1970-01-01T00:00:02Z");
        assert_eq!(inventory.ids_of(&service, "S-1").unwrap(), [A]);
        assert!(
            inventory.ids_of(&service, "S-2").unwrap().is_empty(),
            "gone"
        );
        // Another service, or another profile, knows nothing of it.
        let other = Service {
            profile: "staging".into(),
            ..service.clone()
        };
        assert!(inventory.list(&other, &all).unwrap().is_empty());
        // A newer gone wins.
        inventory
            .record(&service, vec![at(Fact::gone(A), 3_000)])
            .unwrap();
        assert!(inventory.by_store_id(&service).unwrap().is_empty());
        assert_eq!(
            inventory.forget(&service, &[A.into(), B.into()]).unwrap(),
            2
        );
    }

    /// Two writers of one file (as two runs are), a transaction a fact each, all the
    /// time: none is refused, nothing is lost. (With no busy timeout, some are refused.)
    #[test]
    fn concurrent_writers_take_turns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("i.db");
        let service = Service {
            url: "https://a.example".into(),
            profile: "default".into(),
        };
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let (path, service) = (path.clone(), service.clone());
                std::thread::spawn(move || {
                    let mut inventory = Inventory::open_at(&path).unwrap();
                    for i in 0..300 {
                        let id = format!("{w}-{i}");
                        inventory.record(&service, vec![Fact::gone(id)]).unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let all = Filter {
            deleted: true,
            ..Filter::default()
        };
        let inventory = Inventory::open_at(&path).unwrap();
        assert_eq!(inventory.list(&service, &all).unwrap().len(), 600);
    }
}
