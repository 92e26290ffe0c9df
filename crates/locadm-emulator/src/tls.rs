//! The emulator over TLS (`--tls-cert`/`--tls-key`, or `--tls-self-signed`): rustls with
//! the ring provider (the client's own stack), offering HTTP/2 and HTTP/1.1 by ALPN, or
//! HTTP/1.1 only with `--no-http2`. TLS 1.3 sessions are resumable (tickets), so a test
//! can see whether a client resumes or pays a full handshake on every new connection.
//!
//! A self-signed certificate is made at start for `localhost`, `127.0.0.1` and `::1`;
//! the banner carries the certificate (public) for the client's `ca_cert`. Its private
//! key exists only in this process's memory: it is never written anywhere.

use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// What the accept loop needs to serve TLS.
pub struct Tls {
    pub acceptor: tokio_rustls::TlsAcceptor,
    /// The server's certificate in PEM: what a client adds to its trust (`ca_cert`).
    pub certificate_pem: String,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls").finish_non_exhaustive()
    }
}

/// The application protocol a TLS client and the emulator agreed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Http1,
    Http2,
}

impl Tls {
    /// From a PEM certificate chain and a PEM private key.
    pub fn from_files(cert: &Path, key: &Path, http2: bool) -> Result<Tls, String> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))
        };
        let certificate_pem = String::from_utf8(read(cert)?)
            .map_err(|_| format!("`{}` is not a PEM file", cert.display()))?;
        let chain: Vec<CertificateDer<'static>> =
            CertificateDer::pem_slice_iter(certificate_pem.as_bytes())
                .collect::<Result<_, _>>()
                .map_err(|e| format!("`{}` (--tls-cert): {e}", cert.display()))?;
        if chain.is_empty() {
            return Err(format!(
                "`{}` (--tls-cert) holds no certificate",
                cert.display()
            ));
        }
        let key = PrivateKeyDer::from_pem_slice(&read(key)?)
            .map_err(|e| format!("`{}` (--tls-key): {e}", key.display()))?;
        Tls::new(chain, key, certificate_pem, http2)
    }

    /// A certificate made now for the loopback names; its key is kept in memory only.
    pub fn self_signed(http2: bool) -> Result<Tls, String> {
        let names = ["localhost", "127.0.0.1", "::1"].map(String::from).to_vec();
        let made = rcgen::generate_simple_self_signed(names)
            .map_err(|e| format!("cannot make a self-signed certificate: {e}"))?;
        let key = PrivateKeyDer::try_from(made.signing_key.serialize_der())
            .map_err(|e| format!("cannot use the self-signed key: {e}"))?;
        let pem = made.cert.pem();
        Tls::new(vec![made.cert.der().clone()], key, pem, http2)
    }

    fn new(
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
        certificate_pem: String,
        http2: bool,
    ) -> Result<Tls, String> {
        let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| format!("the certificate and key cannot be served: {e}"))?;
        // Room for every client connection's session (the default holds 256), so a
        // client that reconnects can resume.
        config.session_storage = rustls::server::ServerSessionMemoryCache::new(16 * 1024);
        config.alpn_protocols = if http2 {
            vec![b"h2".to_vec(), b"http/1.1".to_vec()]
        } else {
            vec![b"http/1.1".to_vec()]
        };
        Ok(Tls {
            acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(config)),
            certificate_pem,
        })
    }
}

/// The protocol agreed on a TLS connection, and whether its handshake resumed a session.
pub fn agreed(connection: &rustls::ServerConnection) -> (Protocol, bool) {
    let protocol = match connection.alpn_protocol() {
        Some(b"h2") => Protocol::Http2,
        _ => Protocol::Http1,
    };
    let resumed = connection.handshake_kind() == Some(rustls::HandshakeKind::Resumed);
    (protocol, resumed)
}
