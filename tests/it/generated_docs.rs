//! The committed completions and man pages match the clap definition, the bash script
//! parses, and every man page renders without warnings.
// The committed files are generated from the default build, which has the emulator.
#![cfg(feature = "emulator")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn committed(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn completions_and_man_pages_are_up_to_date() {
    let fresh = tempfile::tempdir().unwrap();
    locadm::generate_docs(fresh.path()).unwrap();
    for dir in ["completions", "man"] {
        let names = |d: &Path| {
            files(d)
                .iter()
                .map(|p| p.file_name().unwrap().to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(&fresh.path().join(dir)),
            names(&committed(dir)),
            "`{dir}/` is stale: run `cargo run --example gen-docs` and commit the result"
        );
        for path in files(&fresh.path().join(dir)) {
            let name = path.file_name().unwrap();
            let want = std::fs::read(&path).unwrap();
            let have = std::fs::read(committed(dir).join(name)).unwrap();
            assert!(
                want == have,
                "`{dir}/{}` is stale: run `cargo run --example gen-docs` and commit the result",
                name.to_string_lossy()
            );
        }
    }
}

#[test]
fn bash_accepts_the_bash_completion() {
    let status = Command::new("bash")
        .arg("-n")
        .arg(committed("completions").join("locadm.bash"))
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn every_man_page_renders_without_warnings() {
    let pages = files(&committed("man"));
    assert!(pages.len() > 10, "a page for locadm and each subcommand");
    for page in pages {
        let out = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(&page)
            .output()
            .expect("groff is installed (groff-base)");
        assert!(out.status.success(), "{}", page.display());
        assert!(
            out.stderr.is_empty(),
            "{}: {}",
            page.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_completions_command_prints_the_same_script() {
    let out = assert_cmd::Command::cargo_bin("locadm")
        .unwrap()
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        out.stdout,
        std::fs::read(committed("completions").join("locadm.bash")).unwrap()
    );
}

/// Every command's `--help`, nouns and verbs alike, carries an example.
#[test]
fn every_help_has_an_example() {
    use clap::CommandFactory;
    fn walk(command: &mut clap::Command, path: &str, missing: &mut Vec<String>) {
        let path = format!("{path} {}", command.get_name()).trim().to_owned();
        let help = command.render_long_help().to_string();
        if !help.contains("Example") {
            missing.push(path.clone());
        }
        for sub in command.get_subcommands_mut() {
            if sub.get_name() != "help" {
                walk(sub, &path, missing);
            }
        }
    }
    let mut missing = Vec::new();
    walk(&mut locadm::Cli::command(), "", &mut missing);
    assert!(missing.is_empty(), "no example in the help of: {missing:?}");
}
