//! Generated documentation: shell completions and man pages, both from the clap
//! definition, so they never drift from it. Committed under `completions/` and `man/`;
//! regenerate with `cargo run --example gen-docs`, and a test fails when they are stale.

use std::io;
use std::path::Path;

use clap::{CommandFactory, ValueEnum};
use clap_complete::Shell;

use crate::cli::Cli;

/// Writes every completion script into `root/completions` and every man page (one for
/// `locadm` and one for each subcommand) into `root/man`.
pub fn generate(root: &Path) -> io::Result<()> {
    let completions = root.join("completions");
    let man = root.join("man");
    std::fs::create_dir_all(&completions)?;
    std::fs::create_dir_all(&man)?;
    let mut command = Cli::command();
    for &shell in Shell::value_variants() {
        clap_complete::generate_to(shell, &mut command, "locadm", &completions)?;
    }
    clap_mangen::generate_to(Cli::command(), &man)?;
    Ok(())
}
