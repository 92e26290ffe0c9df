//! Instructions a record of the one reader, for callgrind:
//!     cargo build --release -p locadm-model --example read_loop
//!     valgrind --tool=callgrind target/release/examples/read_loop 20000
use locadm_model::reader::{read, Op, Target};
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20000);
    let text = r#"{"storeId":"BER-001","storeName":"Alexanderplatz Collection Point","structuredAddress":{"street":"Alexanderplatz","houseNumber":"1","city":"Berlin","postCode":"10178","countryCode":"DE"},"latitude":52.5219,"longitude":13.41321,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"},"email":"berlin@example.com","photoUrls":["https://example.com/photos/ber-001.jpg"],"hasDisabledAccess":true,"description":null,"tags":["collection-point"]}"#;
    let mut sent = 0;
    for _ in 0..n {
        let reading = read(std::hint::black_box(text), Target::Record(Op::Create));
        sent += usize::from(reading.sent.is_some());
    }
    assert_eq!(sent, n);
}
