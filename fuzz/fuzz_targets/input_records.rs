//! Arbitrary bytes through the bulk readers (NDJSON / JSON array / single body, and CSV):
//! never a panic, every record handed on is a slice of the input's text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use locadm::{csv, for_each_input, DEFAULT_MAX_RECORD};

fuzz_target!(|data: &[u8]| {
    let mut n = 0usize;
    let _ = for_each_input(data, DEFAULT_MAX_RECORD, |_, record| {
        n += record.map_or(0, str::len);
    });
    let _ = csv::for_each_row(data, &csv::CsvOptions::default(), |_, json| {
        // A row becomes JSON text of an object, which the validator must then take.
        let _ = locadm::model::LocationBody::check_json(json);
        n += json.len();
    });
    std::hint::black_box(n);
});
