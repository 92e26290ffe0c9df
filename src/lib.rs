//! locadm: command-line administration for the Location Management Service.
//!
//! `cli` is the command-line definition; `commands` runs it; `context` holds one run's
//! settings, service and session; `bulk` is the engine of the bulk verbs and `inventory`
//! what locadm knows exists. Beneath them: `input` reads bodies, `output` is the one
//! printer, `settings` resolves flag > environment > profile > default. The service
//! itself (its API client, tokens and errors, which map to exit codes) is the
//! `locadm-client` crate; its bodies and their validation the `locadm-model` crate
//! (re-exported as `model`), shared with the emulator (`locadm-emulator`, behind the
//! `emulator` feature). ARCHITECTURE.md has the map.

// Every module is the crate's own: the library exports what the binary, the tests, the
// fuzz targets and the examples use (below), so the compiler finds what nothing uses.

mod bulk;
mod cli;
mod columns;
mod commands;
mod context;
mod docs;
mod frames;
mod input;
mod inventory;
mod local;
mod output;
mod secrets_in_memory;
mod settings;
mod signal;
mod topics;

pub use locadm_model as model;

// The binary (src/main.rs).
pub use cli::{hint_problems, parse, Cli, Command};
pub use commands::run;
pub use docs::{completion_command, generate as generate_docs, COMPLETE_VAR};
pub use locadm_client::{Error, Exit};
pub use output::{exit_after_signal, Printer};
pub use secrets_in_memory::forbid_core_dumps;

// The fuzz targets and the examples.
pub use input::{csv, for_each_input, DEFAULT_MAX_RECORD};
pub use locadm_client::api::{error_text_of, USER_AGENT};

/// For the fuzz targets: whether `bytes` read as a keyring entry of this tool (any input
/// must give an answer, never a panic).
pub fn stored_entry_reads(bytes: &[u8]) -> bool {
    locadm_client::auth::store::StoredEntry::from_bytes(bytes).is_ok()
}
