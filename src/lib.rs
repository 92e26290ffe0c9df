//! locadm: command-line administration for the Location Management Service.
//!
//! `cli` is the command-line definition; `commands` runs it; `model` (the
//! `locadm-model` crate) holds the service's bodies and their validation, shared with the
//! emulator (the `locadm-emulator` crate, behind the `emulator` feature); `input` reads bodies;
//! `output` is the one printer; `error` maps failures to exit codes; `topics` is what
//! `--help` cannot say, and `docs` makes completions and man pages.

// Every module is the crate's own: the library exports what the binary, the tests, the
// fuzz targets and the examples use (below), so the compiler finds what nothing uses.
#![warn(unreachable_pub)]

mod bulk;
mod cli;
mod commands;
mod context;
mod docs;
mod input;
mod inventory;
mod local;
mod output;
mod secrets_in_memory;
mod settings;
mod signal;
mod topics;

pub use locadm_model as model;
// The service as a library (crates/locadm-client): the API client and the errors every
// layer returns, under the names the modules here use.
use locadm_client::{api, auth, env_vars, error};

// The binary (src/main.rs).
pub use cli::{parse, Cli, Command};
pub use commands::run;
pub use docs::{completion_command, generate as generate_docs, COMPLETE_VAR};
pub use error::{Error, Exit};
pub use output::{exit_after_signal, Printer};
pub use secrets_in_memory::forbid_core_dumps;

// The fuzz targets and the examples.
pub use api::{error_text_of, USER_AGENT};
pub use input::{csv, for_each_input, DEFAULT_MAX_RECORD};

/// For the fuzz targets: whether `bytes` read as a keyring entry of this tool (any input
/// must give an answer, never a panic).
pub fn stored_entry_reads(bytes: &[u8]) -> bool {
    auth::store::StoredEntry::from_bytes(bytes).is_ok()
}
