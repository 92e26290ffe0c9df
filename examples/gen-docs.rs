//! Regenerates `completions/` and `man/` from the clap definition:
//! `cargo run --example gen-docs`.
// A developer's tool that reports on its own streams (the lints we deny are restriction
// lints, and `disallowed_methods` names stdout and stderr).
#![allow(clippy::restriction, clippy::disallowed_methods)]

fn main() -> std::io::Result<()> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    locadm::generate_docs(root)?;
    println!(
        "wrote {} and {}",
        root.join("completions").display(),
        root.join("man").display()
    );
    Ok(())
}
