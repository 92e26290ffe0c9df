//! Arbitrary bytes as what a service or token endpoint answers: the read form, a link,
//! the error text of a 4xx body, a token response through the oauth2 crate's own types,
//! and a keyring entry. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use locadm::model::{Link, LocationRead};
use oauth2::basic::BasicTokenResponse;
use oauth2::TokenResponse;

fuzz_target!(|data: &[u8]| {
    if let Ok(read) = serde_json::from_slice::<LocationRead>(data) {
        let _ = read.links.iter().map(|l| l.id()).count();
        let _ = serde_json::to_vec(&read).expect("a read location serialises");
    }
    if let Ok(link) = serde_json::from_slice::<Link>(data) {
        let _ = link.id();
    }
    let _ = locadm::error_text_of(data);
    if let Ok(token) = serde_json::from_slice::<BasicTokenResponse>(data) {
        let _ = (token.access_token().secret().len(), token.expires_in(), token.scopes());
    }
    let _ = locadm::stored_entry_reads(data);
});
