//! The bare-parse reference of the validation benchmark: reads an NDJSON file line by
//! line, as `locadm location validate` does, and parses each line into a
//! `serde_json::Value`, doing nothing else.
//!
//!     cargo run --release --example parse_value -- records.ndjson
// A developer's tool that reports on its own streams (the lints we deny are restriction
// lints, and `disallowed_methods` names stdout and stderr).
#![allow(clippy::restriction, clippy::disallowed_methods)]

use std::fs::File;
use std::io::{BufRead, BufReader};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: parse_value FILE");
    let mut reader = BufReader::with_capacity(1 << 16, File::open(path)?);
    let mut line = String::new();
    let (mut records, mut objects) = (0u64, 0u64);
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            break;
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        records += 1;
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
            objects += value.is_object() as u64;
        }
    }
    eprintln!("{records} records, {objects} objects");
    Ok(())
}
