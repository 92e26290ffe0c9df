//! Every runnable example of the README and of the guides in docs/ (their ```sh blocks,
//! except the ones that call cargo) is run by bash against the built-in `local` profile,
//! in a scratch directory, with a scrubbed environment; each must succeed.
#![cfg(feature = "emulator")]

use std::path::Path;
use std::process::Command;

fn sh_blocks(readme: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match (&mut current, line.trim_start()) {
            (None, "```sh") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn readme_examples_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The README and every guide under docs/, each in a scratch directory of its own (a
    // guide repeats the README's journal names, say).
    let mut documents = vec![root.join("README.md")];
    let mut guides: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    documents.extend(guides);
    let mut ran = 0;
    for document in &documents {
        let blocks: Vec<String> = sh_blocks(&std::fs::read_to_string(document).unwrap())
            .into_iter()
            .filter(|b| !b.contains("cargo "))
            .collect();
        ran += blocks.len();
        run_blocks(root, document, &blocks);
    }
    assert!(ran >= 8, "the README and the guides have runnable examples");
}

/// Runs `blocks` of `document` in order, in one scratch directory.
fn run_blocks(root: &Path, document: &Path, blocks: &[String]) {
    let scratch = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root.join("examples"), scratch.path().join("examples")).unwrap();
    let path = crate::common::path_with_locadm();

    for block in blocks {
        let mut command = Command::new("bash");
        command
            .args(["-euo", "pipefail", "-c", block])
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env("HOME", scratch.path())
            .env("XDG_CONFIG_HOME", scratch.path().join("config"))
            .env("XDG_DATA_HOME", scratch.path().join("data"))
            .env("LOCADM_LOCAL_DB", scratch.path().join("local.db"))
            .env("LOCADM_KEYRING", "none")
            .env("CI", "true")
            .env("NO_COLOR", "1");
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("LOCADM_")
                && key != "LOCADM_KEYRING"
                && key != "LOCADM_LOCAL_DB"
            {
                command.env_remove(&key);
            }
        }
        let out = command.output().unwrap();
        assert!(
            out.status.success(),
            "example of {} failed ({}):\n{block}\nstdout:\n{}\nstderr:\n{}",
            document.display(),
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
