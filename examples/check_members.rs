//! Benchmark of issue 14, item 8: checking a body takes time linear in its number of
//! members. For each N it times, side by side in one run, the tool's check and the bare
//! parse of the same text into a `serde_json::Value` (the reference), and prints the time
//! per member of each and their ratio. Linear means the per-member time stays flat as N
//! grows ten- and a hundredfold; a quadratic check would grow with N.
//!
//! Bodies above the member limit (1,000) are refused by the shape check before any
//! member is looked at, so the member-by-member check is timed on the object alone
//! (`LocationBody::check` on the split members), which is what the emulator and the tool
//! would do without the limit.
//!
//!     cargo run --release --example check_members
#![allow(clippy::print_stdout)] // a developer's tool that prints its table

use std::hint::black_box;
use std::time::{Duration, Instant};

use locadm::model::json::{check_shape, RawObject};
use locadm::model::LocationBody;

/// The best of `runs` timings of `f`: the least disturbed by a noisy machine.
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn main() {
    let base = r#""storeId":"S-1","storeName":"x","latitude":52.1,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"},"structuredAddress":{"street":"Main","city":"Berlin","postCode":"10117","countryCode":"DE"}"#;
    println!("members    bytes  check ns/member  shape ns/member  parse ns/member  check/parse");
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let members: String = (0..n).map(|i| format!("\"x{i}\":1,")).collect();
        let text = format!("{{{members}{base}}}");
        let runs = if n >= 1_000_000 { 3 } else { 7 };
        let check = best(runs, || {
            let object: RawObject = serde_json::from_str(&text).expect("valid JSON");
            let problems = LocationBody::check(&object).expect_err("unknown members");
            black_box(problems);
        });
        let shape = best(runs, || {
            black_box(check_shape(black_box(&text)).is_err());
        });
        let parse = best(runs, || {
            black_box(serde_json::from_str::<serde_json::Value>(&text).expect("valid JSON"));
        });
        let per = |d: Duration| d.as_nanos() as f64 / n as f64;
        println!(
            "{n:>8} {:>8}  {:>15.1}  {:>15.1}  {:>15.1}  {:>10.2}",
            text.len(),
            per(check),
            per(shape),
            per(parse),
            check.as_secs_f64() / parse.as_secs_f64()
        );
    }
}
