//! Arbitrary bytes as a location write body: validation never panics, and an accepted
//! body, serialised and checked again, is accepted and equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use locadm::model::LocationBody;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(checked) = LocationBody::check_json(text) {
        let again = serde_json::to_string(&checked.body).expect("a checked body serialises");
        match LocationBody::check_json(&again) {
            Ok(second) => assert_eq!(second.body, checked.body, "round trip of {again}"),
            Err(problems) => panic!("accepted body refused after a round trip: {again}\n{problems}"),
        }
    }
});
