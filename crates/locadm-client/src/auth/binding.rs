//! A cached token is bound to the client secret that got it, so that only a caller who
//! holds that secret can use it: a keyed hash of the secret (HMAC-SHA256 under a random
//! salt) is stored beside the token, never the secret itself in a new place. A caller
//! with another secret, or none, gets no cached token and must fetch one (and fails when
//! its secret is wrong).

use ring::hmac;
use secrecy::{ExposeSecret, SecretString};

const SCHEME: &str = "hmac-sha256";

/// The binding of a new token to `secret`: `hmac-sha256:<salt>:<mac>`, hex.
pub(super) fn bind(secret: &SecretString) -> String {
    let salt = *uuid::Uuid::new_v4().as_bytes();
    let mac = hmac::sign(&key(&salt), secret.expose_secret().as_bytes());
    format!("{SCHEME}:{}:{}", hex::encode(salt), hex::encode(mac))
}

/// Whether `binding` was made from `secret` (compared in constant time).
pub(super) fn holds(binding: &str, secret: &SecretString) -> bool {
    let mut parts = binding.split(':');
    let (Some(SCHEME), Some(salt), Some(expected), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let (Ok(salt), Ok(expected)) = (hex::decode(salt), hex::decode(expected)) else {
        return false;
    };
    hmac::verify(&key(&salt), secret.expose_secret().as_bytes(), &expected).is_ok()
}

/// The HMAC-SHA256 key of a salt (ring: the TLS and JWT crate the tree already has).
fn key(salt: &[u8]) -> hmac::Key {
    hmac::Key::new(hmac::HMAC_SHA256, salt)
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

    /// A binding written by earlier builds (RustCrypto's HMAC) still holds: the same
    /// HMAC-SHA256 (this one computed by Python's `hmac`, salt of 16 zero bytes).
    #[test]
    fn a_binding_of_an_earlier_build_holds() {
        let binding = format!(
            "hmac-sha256:{}:5164c8a57760c9840f3bbe888f8f99759763e21c9d7438d90317b7baee1e1f28",
            "00".repeat(16)
        );
        assert!(holds(&binding, &SecretString::from("s3cret-value")));
    }
}
