//! locadm: command-line administration for the Location Management Service.
//!
//! `cli` is the command-line definition; `commands` runs it; `model` (the
//! `locadm-model` crate) holds the service's bodies and their validation, shared with the
//! emulator (the `locadm-emulator` crate, behind the `emulator` feature); `input` reads bodies;
//! `output` is the one printer; `error` maps failures to exit codes; `topics` is what
//! `--help` cannot say, and `docs` makes completions and man pages.

pub mod api;
pub mod auth;
pub mod bulk;
pub mod cli;
pub mod commands;
pub mod context;
pub mod docs;
pub mod env_vars;
pub mod error;
pub mod input;
pub mod local;
pub mod output;
pub mod secrets_in_memory;
pub mod settings;
pub mod signal;
pub mod topics;

pub use locadm_model as model;
