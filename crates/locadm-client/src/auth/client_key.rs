//! `private_key_jwt`: the client proves itself with a short-lived JWT signed by its own
//! private key (RFC 7523 §2.2, OpenID Connect Core §9), so CI holds a key the provider
//! knows the public half of, instead of a shared secret.
//!
//! The key is PEM (RSA, EC P-256/P-384 or Ed25519), from `LOCADM_CLIENT_KEY` (the PEM
//! text) or a file (`LOCADM_CLIENT_KEY_FILE`, profile key `client_key_file`); never from
//! the command line. Signing is `jsonwebtoken` on ring ([`ring_signing`]: the crate's
//! own backends are aws-lc-rs and RustCrypto; ring is the crypto of the TLS stack).

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;

use crate::error::{Error, Result};

/// `client_assertion_type` of a JWT client assertion (RFC 7523 §2.2).
pub(super) const ASSERTION_TYPE: &str = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/// How long an assertion is valid: long enough for one request, short enough that a
/// captured one is worthless (providers commonly refuse more than 5 minutes).
const ASSERTION_LIFETIME_SECS: u64 = 120;

/// A client's private key, ready to sign assertions. `Debug` never shows the key.
pub struct ClientKey {
    /// The PEM text: the binding of a cached token is made from it.
    pem: SecretString,
    key: EncodingKey,
    algorithm: Algorithm,
    key_id: Option<String>,
}

impl std::fmt::Debug for ClientKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientKey")
            .field("algorithm", &self.algorithm)
            .field("key_id", &self.key_id)
            .finish_non_exhaustive()
    }
}

#[derive(Serialize)]
struct Assertion<'a> {
    iss: &'a str,
    sub: &'a str,
    aud: &'a str,
    jti: String,
    iat: u64,
    exp: u64,
}

impl ClientKey {
    /// Reads the key from a PEM file; errors name the file, never its content.
    pub fn from_file(path: &Path, key_id: Option<String>) -> Result<ClientKey> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::auth(format!("cannot read the client key `{}`", path.display()))
                .with_source(e)
                .with_hint(
                    "`client_key_file` (or LOCADM_CLIENT_KEY_FILE) must name a PEM private key",
                )
        })?;
        ClientKey::from_pem(SecretString::from(text), key_id)
            .map_err(|e| e.context(&format!("the client key `{}`", path.display())))
    }

    /// Parses a PEM private key and picks the signing algorithm from its type (and, for
    /// EC, its curve, by a trial signature).
    pub fn from_pem(pem: SecretString, key_id: Option<String>) -> Result<ClientKey> {
        ring_signing::install();
        let bytes = pem.expose_secret().as_bytes();
        let candidates: Vec<(EncodingKey, Algorithm)> =
            if let Ok(key) = EncodingKey::from_rsa_pem(bytes) {
                vec![(key, Algorithm::RS256)]
            } else if let Ok(key) = EncodingKey::from_ec_pem(bytes) {
                vec![(key.clone(), Algorithm::ES256), (key, Algorithm::ES384)]
            } else if let Ok(key) = EncodingKey::from_ed_pem(bytes) {
                vec![(key, Algorithm::EdDSA)]
            } else {
                vec![]
            };
        for (key, algorithm) in candidates {
            if jsonwebtoken::encode(&Header::new(algorithm), &"probe", &key).is_ok() {
                return Ok(ClientKey {
                    pem,
                    key,
                    algorithm,
                    key_id,
                });
            }
        }
        Err(Error::auth(
            "the client key is not a PEM private key of a kind that can sign (RSA of 2048 bits or more, EC P-256 or P-384 in PKCS#8, or Ed25519)",
        )
        .with_hint("convert it with `openssl pkcs8 -topk8 -nocrypt -in KEY -out key.pem`"))
    }

    /// What a token got with this key is bound to.
    pub fn binding_material(&self) -> &SecretString {
        &self.pem
    }

    /// A fresh assertion for one request to `audience` (the token endpoint's URL, which
    /// every provider accepts; RFC 7523 §3): issuer and subject are the client id, with a
    /// unique `jti` so that it cannot be replayed.
    pub fn assertion(&self, client_id: &str, audience: &str) -> Result<SecretString> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let claims = Assertion {
            iss: client_id,
            sub: client_id,
            aud: audience,
            jti: uuid::Uuid::new_v4().to_string(),
            iat: now,
            exp: now + ASSERTION_LIFETIME_SECS,
        };
        let mut header = Header::new(self.algorithm);
        header.kid = self.key_id.clone();
        jsonwebtoken::encode(&header, &claims, &self.key)
            .map(SecretString::from)
            .map_err(|e| Error::auth("cannot sign the client assertion").with_source(e))
    }
}

/// `jsonwebtoken`'s signing on ring, given to it as its process-wide `CryptoProvider` (the
/// crate has no ring backend since version 10). Only the algorithms a client key can
/// have (RS256, ES256, ES384, EdDSA), parsed as the crate's ring backend of version 9
/// did; this tool never verifies a JWT, so it offers no verifier.
pub(super) mod ring_signing {
    use jsonwebtoken::crypto::{CryptoProvider, JwtSigner, JwtVerifier, KeyUtils};
    use jsonwebtoken::errors::{ErrorKind, Result};
    use jsonwebtoken::signature::{Error, Signer};
    use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
    use ring::rand::SystemRandom;
    use ring::signature::{self as sig, EcdsaKeyPair, Ed25519KeyPair, RsaKeyPair};

    static PROVIDER: CryptoProvider = CryptoProvider {
        signer_factory: signer,
        verifier_factory: verifier,
        key_utils: KeyUtils::new_unimplemented(),
    };

    /// Makes ring the crate's provider; an earlier call's (the same) stands.
    pub(in crate::auth) fn install() {
        let _ = PROVIDER.install_default();
    }

    enum KeyPair {
        Rsa(RsaKeyPair),
        Ecdsa(EcdsaKeyPair),
        Ed25519(Ed25519KeyPair),
    }

    struct RingSigner {
        algorithm: Algorithm,
        key: KeyPair,
    }

    fn signer(algorithm: &Algorithm, key: &EncodingKey) -> Result<Box<dyn JwtSigner>> {
        let der = key.as_bytes();
        let ecdsa = |alg| {
            EcdsaKeyPair::from_pkcs8(alg, der, &SystemRandom::new())
                .map(KeyPair::Ecdsa)
                .map_err(|_| ErrorKind::InvalidEcdsaKey)
        };
        let key = match algorithm {
            Algorithm::RS256 => RsaKeyPair::from_der(der)
                .map(KeyPair::Rsa)
                .map_err(|e| ErrorKind::InvalidRsaKey(e.to_string()))?,
            Algorithm::ES256 => ecdsa(&sig::ECDSA_P256_SHA256_FIXED_SIGNING)?,
            Algorithm::ES384 => ecdsa(&sig::ECDSA_P384_SHA384_FIXED_SIGNING)?,
            Algorithm::EdDSA => Ed25519KeyPair::from_pkcs8_maybe_unchecked(der)
                .map(KeyPair::Ed25519)
                .map_err(|_| ErrorKind::InvalidEddsaKey)?,
            _ => return Err(ErrorKind::InvalidAlgorithm.into()),
        };
        Ok(Box::new(RingSigner {
            algorithm: *algorithm,
            key,
        }))
    }

    /// Verifies the provider's signatures (an ID token, `id_token.rs`): RSA (PKCS#1 and
    /// PSS), ECDSA P-256 and P-384, Ed25519; HMAC never (the key would be a shared secret).
    fn verifier(algorithm: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>> {
        use jsonwebtoken::AlgorithmFamily;
        let family = match algorithm {
            Algorithm::RS256
            | Algorithm::RS384
            | Algorithm::RS512
            | Algorithm::PS256
            | Algorithm::PS384
            | Algorithm::PS512 => AlgorithmFamily::Rsa,
            Algorithm::ES256 | Algorithm::ES384 => AlgorithmFamily::Ec,
            Algorithm::EdDSA => AlgorithmFamily::Ed,
            _ => return Err(ErrorKind::InvalidAlgorithm.into()),
        };
        if key.family() != family {
            return Err(ErrorKind::InvalidKeyFormat.into());
        }
        Ok(Box::new(RingVerifier {
            algorithm: *algorithm,
            key: key.clone(),
        }))
    }

    struct RingVerifier {
        algorithm: Algorithm,
        key: DecodingKey,
    }

    impl RingVerifier {
        fn rsa(&self) -> &'static sig::RsaParameters {
            match self.algorithm {
                Algorithm::RS384 => &sig::RSA_PKCS1_2048_8192_SHA384,
                Algorithm::RS512 => &sig::RSA_PKCS1_2048_8192_SHA512,
                Algorithm::PS256 => &sig::RSA_PSS_2048_8192_SHA256,
                Algorithm::PS384 => &sig::RSA_PSS_2048_8192_SHA384,
                Algorithm::PS512 => &sig::RSA_PSS_2048_8192_SHA512,
                _ => &sig::RSA_PKCS1_2048_8192_SHA256,
            }
        }
    }

    impl jsonwebtoken::signature::Verifier<Vec<u8>> for RingVerifier {
        fn verify(&self, message: &[u8], signature: &Vec<u8>) -> std::result::Result<(), Error> {
            use jsonwebtoken::DecodingKeyKind;
            let checked = match (self.key.kind(), self.algorithm) {
                (DecodingKeyKind::RsaModulusExponent { n, e }, _) => {
                    sig::RsaPublicKeyComponents { n, e }.verify(self.rsa(), message, signature)
                }
                (DecodingKeyKind::SecretOrDer(bytes), algorithm) => {
                    let with: &'static dyn sig::VerificationAlgorithm = match algorithm {
                        Algorithm::ES256 => &sig::ECDSA_P256_SHA256_FIXED,
                        Algorithm::ES384 => &sig::ECDSA_P384_SHA384_FIXED,
                        Algorithm::EdDSA => &sig::ED25519,
                        _ => self.rsa(),
                    };
                    sig::UnparsedPublicKey::new(with, bytes).verify(message, signature)
                }
            };
            checked.map_err(|_| Error::new())
        }
    }

    impl JwtVerifier for RingVerifier {
        fn algorithm(&self) -> Algorithm {
            self.algorithm
        }
    }

    impl Signer<Vec<u8>> for RingSigner {
        fn try_sign(&self, message: &[u8]) -> std::result::Result<Vec<u8>, Error> {
            match &self.key {
                KeyPair::Rsa(pair) => {
                    let mut signature = vec![0; pair.public().modulus_len()];
                    pair.sign(
                        &sig::RSA_PKCS1_SHA256,
                        &SystemRandom::new(),
                        message,
                        &mut signature,
                    )
                    .map_err(|_| Error::new())?;
                    Ok(signature)
                }
                KeyPair::Ecdsa(pair) => Ok(pair
                    .sign(&SystemRandom::new(), message)
                    .map_err(|_| Error::new())?
                    .as_ref()
                    .to_vec()),
                KeyPair::Ed25519(pair) => Ok(pair.sign(message).as_ref().to_vec()),
            }
        }
    }

    impl JwtSigner for RingSigner {
        fn algorithm(&self) -> Algorithm {
            self.algorithm
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pem_of(key: &rcgen::KeyPair) -> SecretString {
        SecretString::from(key.serialize_pem())
    }

    #[test]
    fn the_algorithm_follows_the_key() {
        for (alg, expected) in [
            (&rcgen::PKCS_ECDSA_P256_SHA256, Algorithm::ES256),
            (&rcgen::PKCS_ECDSA_P384_SHA384, Algorithm::ES384),
            (&rcgen::PKCS_ED25519, Algorithm::EdDSA),
        ] {
            let pair = rcgen::KeyPair::generate_for(alg).unwrap();
            let key = ClientKey::from_pem(pem_of(&pair), Some("k1".into())).unwrap();
            assert_eq!(key.algorithm, expected);
            let jwt = key
                .assertion("cc-jwt", "https://idp.example/token")
                .unwrap();
            let header = jsonwebtoken::decode_header(jwt.expose_secret()).unwrap();
            assert_eq!(header.alg, expected);
            assert_eq!(header.kid.as_deref(), Some("k1"));
        }
    }

    #[test]
    fn not_a_key_is_refused_without_showing_it() {
        let err =
            ClientKey::from_pem(SecretString::from("-----BEGIN NONSENSE-----"), None).unwrap_err();
        assert_eq!(err.exit(), crate::error::Exit::Auth);
        assert!(!err.to_string().contains("NONSENSE"), "{err}");
        let key = ClientKey::from_pem(
            pem_of(&rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap()),
            None,
        )
        .unwrap();
        assert!(!format!("{key:?}").contains("PRIVATE"));
    }
}
