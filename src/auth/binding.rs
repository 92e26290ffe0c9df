//! A cached token is bound to the client secret that got it, so that only a caller who
//! holds that secret can use it: a keyed hash of the secret (HMAC-SHA256 under a random
//! salt) is stored beside the token, never the secret itself in a new place. A caller
//! with another secret, or none, gets no cached token and must fetch one (and fails when
//! its secret is wrong).

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

const SCHEME: &str = "hmac-sha256";

/// The binding of a new token to `secret`: `hmac-sha256:<salt>:<mac>`, hex.
pub fn bind(secret: &SecretString) -> String {
    let salt = *uuid::Uuid::new_v4().as_bytes();
    let mac = mac(&salt, secret).finalize().into_bytes();
    format!("{SCHEME}:{}:{}", hex(&salt), hex(&mac))
}

/// Whether `binding` was made from `secret` (compared in constant time).
pub fn holds(binding: &str, secret: &SecretString) -> bool {
    let mut parts = binding.split(':');
    let (Some(SCHEME), Some(salt), Some(expected), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let (Some(salt), Some(expected)) = (unhex(salt), unhex(expected)) else {
        return false;
    };
    mac(&salt, secret).verify_slice(&expected).is_ok()
}

fn mac(salt: &[u8], secret: &SecretString) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(salt).expect("HMAC takes a key of any length");
    mac.update(secret.expose_secret().as_bytes());
    mac
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_secret_that_made_a_binding_holds_it() {
        let secret = SecretString::from("s3cret-value");
        let binding = bind(&secret);
        assert!(holds(&binding, &secret));
        assert!(!holds(&binding, &SecretString::from("s3cret-valuE")));
        assert!(!holds(&binding, &SecretString::from("")));
        assert!(!binding.contains("s3cret"));
        // Salted: the same secret binds differently each time.
        assert_ne!(binding, bind(&secret));
        for broken in [
            "",
            "hmac-sha256",
            "hmac-sha256:zz:00",
            "md5:00:00",
            &binding[..binding.len() - 1],
        ] {
            assert!(!holds(broken, &secret), "{broken}");
        }
    }
}
