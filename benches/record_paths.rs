//! What a record costs on each path it can take, in instructions (callgrind, through
//! gungraun): the guard `.ci/run` runs with `benches/guard.sh`, against the baselines
//! committed in `benches/guard/`. Each path is one run of the `locadm` binary over
//! `GUARD_RECORDS` records, so what one record costs is most of what is counted.
//!
//! It needs what `benches/guard.sh` prepares: the inputs in `LOCADM_GUARD_DIR` (the
//! working directory of every run), and the environment that points `locadm` at the
//! static nginx it starts (`LOCADM_BASE_URL`, `LOCADM_TOKEN_URL`, the client, `HOME`).
//! Run it through that script, not alone.

// gungraun's harness ends its process itself (`main!`), as a harness does.
#![allow(clippy::exit, clippy::disallowed_methods)]

use gungraun::{
    binary_benchmark, binary_benchmark_group, main, BinaryBenchmarkConfig, Callgrind, EventKind,
};

/// The directory of the inputs, and every run's working directory.
fn guard_dir() -> String {
    std::env::var("LOCADM_GUARD_DIR")
        .expect("LOCADM_GUARD_DIR is set by benches/guard.sh: run the guard through it")
}

/// `locadm ARGS` in the guard's directory, its output thrown away (the report of every
/// record is still written: it is part of the path).
fn locadm(args: &[&str]) -> gungraun::Command {
    gungraun::Command::new(env!("CARGO_BIN_EXE_locadm"))
        .current_dir(guard_dir())
        .args(args)
        .stdout(gungraun::Stdio::Null)
        .stderr(gungraun::Stdio::Null)
        .build()
}

#[binary_benchmark]
// Read and check a body: the one reader, every rule.
#[bench::check_a_body(&["location", "validate", "--file", "records.ndjson", "-o", "ndjson"])]
// A CSV row, and an xlsx row (calamine, streamed): the cells turned into a body, checked.
#[bench::csv_row(&["location", "validate", "--file", "records.csv", "-o", "ndjson"])]
#[bench::xlsx_row(&["location", "validate", "--file", "records.xlsx", "-o", "ndjson"])]
// A create through the bulk engine against the local server: spool, pace, request,
// journal-free report, and the inventory's fact.
#[bench::create(&["location", "apply", "--file", "records.ndjson", "--concurrency", "16", "-o", "ndjson"])]
// A merge: GET the location, merge the patch, check it, PUT it.
#[bench::merge(&["location", "apply", "--file", "merges.ndjson", "--concurrency", "16", "-o", "ndjson"])]
// An export line: a location read through the bulk engine, written as a CSV row.
#[bench::export_line(&["location", "get", "--ids-from", "ids.txt", "--concurrency", "16", "-o", "csv"])]
// The inventory's write of a fact (a result line taught).
#[bench::inventory_fact(&["inventory", "import", "results.ndjson"])]
fn record_path(args: &[&str]) -> gungraun::Command {
    locadm(args)
}

binary_benchmark_group!(name = paths, benchmarks = record_path);

main!(
    config = BinaryBenchmarkConfig::default()
        // The environment guard.sh made: the server, the client, a HOME of its own.
        .env_clear(false)
        // Instructions are the figure; the cache simulation only slows the runs.
        .tool(
            Callgrind::with_args(["--cache-sim=no", "--dump-line=no"])
                .soft_limits([(EventKind::Ir, 3.0)]),
        );
    binary_benchmark_groups = paths
);
