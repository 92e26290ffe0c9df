//! The rules of ARCHITECTURE.md that a test can keep, read from the sources themselves:
//! imports run down the layers of the command line and never back up, no crate's modules
//! import each other in a circle, and the few things that have one place stay there.
//!
//! `cargo test --test it architecture -- --nocapture` prints the layers as they stand,
//! each module with the modules it imports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The command line's modules from the top down, as ARCHITECTURE.md's "Layers" lists
/// them: a module may import only those on a lower line. Modules on one line may not
/// import each other.
const CLI_LAYERS: &[&[&str]] = &[
    &["commands"],
    &["docs"],
    &["bulk"],
    &["inventory"],
    &["context"],
    &["cli"],
    &["input", "topics"],
    &["local"],
    &["settings", "output"],
    &["columns", "signal", "secrets_in_memory", "frames"],
];

/// The workspace's crates, their sources and whether the layers above apply.
const CRATES: &[(&str, &str)] = &[
    ("locadm", "src"),
    ("locadm-client", "crates/locadm-client/src"),
    ("locadm-model", "crates/locadm-model/src"),
    ("locadm-transport", "crates/locadm-transport/src"),
    ("locadm-emulator", "crates/locadm-emulator/src"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The top-level module a file of `src` belongs to (`bulk` for `src/bulk/worker.rs`);
/// none for the crate root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_owned())
}

/// The code of a file without its tests (a `#[cfg(test)]` module, to the end of the
/// file as this project writes them, or a file of tests) and without comments.
fn code_of(file: &Path) -> String {
    let name = file.file_name().unwrap().to_str().unwrap();
    if name == "tests.rs" {
        return String::new();
    }
    let text = std::fs::read_to_string(file).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .map(|line| match line.trim_start().starts_with("//") {
            true => "",
            false => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Module → the modules it imports (`crate::name`, and `use crate::{name, ...}`), each
/// with the first place it does.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn graph_of(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(src, f)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let Some(from) = module_of(src, file) else {
            continue;
        };
        let imports = graph.entry(from.clone()).or_default();
        // In a file at the top of the sources (`name.rs`, or a folder's `mod.rs`), `super::`
        // is the crate root too.
        let relative = file.strip_prefix(src).unwrap();
        let at_top = relative.components().count() == 1 || relative.ends_with("mod.rs");
        let roots: &[&str] = if at_top && relative.components().count() <= 2 {
            &["crate::", "super::"]
        } else {
            &["crate::"]
        };
        for (number, line) in code_of(file).lines().enumerate() {
            let mut named = Vec::new();
            let found = roots
                .iter()
                .flat_map(|root| line.match_indices(root).map(move |(at, _)| at + root.len()));
            for start in found {
                let rest = &line[start..];
                if let Some(group) = rest.strip_prefix('{') {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    named.extend(group.split(',').map(|part| part.trim().to_owned()));
                } else {
                    named.push(rest.to_owned());
                }
            }
            for name in named {
                let module: String = name
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if module != from && modules.contains(&module) {
                    let place = format!(
                        "{}:{}",
                        file.strip_prefix(root()).unwrap().display(),
                        number + 1
                    );
                    imports.entry(module).or_insert(place);
                }
            }
        }
    }
    graph
}

/// A circle of modules, when there is one.
fn circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            return Some(path[at..].to_vec());
        }
        if !done.insert(module.to_owned()) {
            return None;
        }
        path.push(module.to_owned());
        for next in graph.get(module).into_iter().flat_map(BTreeMap::keys) {
            if let Some(found) = visit(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(graph, module, &mut Vec::new(), &mut done))
}

fn shown(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(module, imports)| {
            let names: Vec<&str> = imports.keys().map(String::as_str).collect();
            format!("  {module} -> {}", names.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// No crate's modules import each other in a circle.
#[test]
fn no_crate_has_a_circle_of_modules() {
    for (name, src) in CRATES {
        let graph = graph_of(&root().join(src));
        println!("{name}:\n{}", shown(&graph));
        if let Some(circle) = circle(&graph) {
            let places: Vec<String> = circle
                .iter()
                .zip(circle.iter().cycle().skip(1))
                .map(|(a, b)| format!("{a} -> {b} ({})", graph[a][b]))
                .collect();
            panic!("{name}: a circle of modules: {}", places.join(", "));
        }
    }
}

/// The command line's imports run down its layers, never up or sideways.
#[test]
fn the_command_line_imports_only_down_its_layers() {
    let graph = graph_of(&root().join("src"));
    let layer_of = |module: &str| {
        CLI_LAYERS
            .iter()
            .position(|layer| layer.contains(&module))
            .unwrap_or_else(|| {
                panic!("src/{module} is on no layer of CLI_LAYERS (ARCHITECTURE.md, Layers)")
            })
    };
    let mut wrong = Vec::new();
    for (module, imports) in &graph {
        for (imported, place) in imports {
            if layer_of(imported) <= layer_of(module) {
                wrong.push(format!("{module} -> {imported} at {place}"));
            }
        }
    }
    for (floor, layer) in CLI_LAYERS.iter().enumerate() {
        println!("{}: {}", CLI_LAYERS.len() - floor, layer.join(", "));
    }
    assert!(
        wrong.is_empty(),
        "imports that do not run down the layers:\n  {}",
        wrong.join("\n  ")
    );
}

/// Lines of the command line's code (tests left out) that hold `needle`, outside `allowed`.
fn found_outside(needle: &str, allowed: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root()).unwrap().display().to_string();
        if allowed.iter().any(|a| relative.starts_with(a)) {
            continue;
        }
        for (number, line) in code_of(&file).lines().enumerate() {
            if line.contains(needle) {
                found.push(format!("{relative}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    found
}

/// Settings are resolved, and sessions made, only by the run's `Context`.
#[test]
fn only_the_context_resolves_settings_and_makes_a_session() {
    for needle in ["Settings::resolve(", "Session::new("] {
        let found = found_outside(needle, &["src/context.rs", "src/settings/"]);
        assert!(
            found.is_empty(),
            "{needle} outside the context:\n{}",
            found.join("\n")
        );
    }
}

/// No `LOCADM_*` variable is read outside `src/settings/`.
#[test]
fn only_settings_read_the_environment() {
    for needle in ["EnvVars::get(", "std::env::var(", "std::env::var_os("] {
        let found = found_outside(needle, &["src/settings/"]);
        let ours: Vec<&String> = found
            .iter()
            .filter(|l| l.contains("LOCADM") || l.contains("EnvVars"))
            .collect();
        assert!(ours.is_empty(), "{needle} outside settings:\n{ours:?}");
    }
}

/// Every path of this repository that a comment or a document names exists: a file that
/// moves takes the words that name it along.
#[test]
fn the_paths_the_sources_and_documents_name_exist() {
    let named = regex::Regex::new(
        r"(?:^|[^\w./-])((?:src|crates|tests|docs|benches|examples|fuzz|\.ci)/[\w./-]*\w)",
    )
    .unwrap();
    // What a run makes, and a placeholder (fuzz/run.sh's `fuzz/corpus/TARGET`).
    let made = |path: &str| {
        path.starts_with("fuzz/artifacts")
            || path.starts_with("fuzz/target")
            || path
                .split('/')
                .any(|part| part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase()))
    };
    let mut files = Vec::new();
    sources_and_documents(&root(), &mut files);
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let relative = file.strip_prefix(root()).unwrap();
        // Where a path may be written from: the repository, the file's folder, its crate.
        let mut bases = vec![root(), file.parent().unwrap().to_owned()];
        if let Some(crate_dir) = relative.to_str().and_then(|r| r.strip_prefix("crates/")) {
            let name = crate_dir.split('/').next().unwrap();
            bases.push(root().join("crates").join(name));
        }
        for (number, line) in text.lines().enumerate() {
            for found in named.captures_iter(line) {
                let path = found[1].trim_end_matches('.');
                if made(path) || bases.iter().any(|base| base.join(path).exists()) {
                    continue;
                }
                missing.push(format!("{}:{}: {path}", relative.display(), number + 1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The repository's Rust, shell, Python and JavaScript sources, manifests and documents,
/// without what is generated or installed.
fn sources_and_documents(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap();
        if path.is_dir() {
            if !matches!(
                name,
                "target" | ".git" | "node_modules" | "man" | "completions" | "corpus"
            ) {
                sources_and_documents(&path, found);
            }
        } else if name == "run"
            || [".rs", ".sh", ".md", ".toml", ".py", ".mjs"]
                .iter()
                .any(|e| name.ends_with(e))
        {
            found.push(path);
        }
    }
}
