//! `locadm inventory`: what locadm knows exists, taught, exported and forgotten.

use std::path::PathBuf;

use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum InventoryCommand {
    /// Teach locadm the locations a file names: exports, result files, journals
    ///
    /// Anything with an `id` and a `storeId` is taken: what `location get` exported
    /// (NDJSON, a JSON array, CSV, a workbook), what `inventory export` printed (names,
    /// `deleted` and `lastSeen` kept), the results `apply`, `get` and `delete` printed, a
    /// journal. A result that says `deleted` or `not-found` (or a 404) marks the location
    /// gone; one that did not succeed teaches nothing. A journal of another service
    /// refuses the whole import. What a record says is as old as its `lastSeen`, else as
    /// its file: it never overrides what locadm learned since.
    ///
    /// Example: locadm inventory import created.ndjson apply.journal
    Import {
        /// The files (`-`: standard input)
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
    },
    /// Print what locadm knows of this service, one JSON line a location
    ///
    /// Example: locadm inventory export > known.ndjson
    Export,
    /// Forget what locadm knows of this service (the locations themselves stay)
    ///
    /// Example: locadm inventory forget --store-id 'TEST-*' --yes
    Forget(ForgetArgs),
    /// Check the inventory file; set a damaged one aside and start a new one
    ///
    /// A damaged inventory (SQLite's integrity check fails) is set aside as
    /// `inventory.db.damaged` the moment it is found, and locadm starts no new one by
    /// itself: an empty inventory would let `apply` create every store the old one knew a
    /// second time. This command starts the new one (the damaged file is kept, with the
    /// time in its name); `inventory import` then teaches it your exports, results and
    /// journals.
    ///
    /// Example: locadm inventory repair && locadm inventory import created.ndjson
    Repair,
}

#[derive(Debug, Clone, Args)]
pub struct ForgetArgs {
    /// Only these locations (ids); none: every one known
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
    /// Only storeIds matching this glob (`*`, `?`, `[...]`)
    #[arg(long = "store-id", value_name = "GLOB")]
    pub store_id: Option<String>,
    /// Do not ask (required without a terminal)
    #[arg(long, short = 'y')]
    pub yes: bool,
}
