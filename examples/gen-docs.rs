//! Regenerates `completions/` and `man/` from the clap definition:
//! `cargo run --example gen-docs`.
#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::disallowed_methods,
    clippy::exit
)] // a developer's tool that reports on its own streams

fn main() -> std::io::Result<()> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    locadm::docs::generate(root)?;
    println!(
        "wrote {} and {}",
        root.join("completions").display(),
        root.join("man").display()
    );
    Ok(())
}
