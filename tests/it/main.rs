//! The end-to-end tests: one binary (as ripgrep's and uv's), each suite a module, all on
//! the one harness in `common/`. One link of the whole tool instead of one for each suite.

mod common;

mod api;
mod apply;
mod architecture;
mod auth;
mod bulk_edits;
mod commands;
mod connections;
mod context;
mod curl;
mod docs_topics;
mod edge_input;
mod edit;
mod emulator_cli;
#[cfg(feature = "emulator")]
mod emulator_tools;
mod generated_docs;
mod hostile;
mod hostile_workbooks;
mod inventory;
mod inventory_trust;
mod new_user;
mod oidc;
mod own_files;
mod pace;
mod pace_memory;
mod prompts;
mod readme;
mod round_trips;
mod smoke;
mod spreadsheet_programs;
mod transport;
mod validate_cli;
