//! Transport security, end to end with the real binary: plain http to a host that is not
//! loopback is refused before any connection is made unless the profile allows it, and TLS
//! with a CA the system does not know fails clearly until the profile's `ca_cert` names it.
//!
//! Nothing here leaves the machine: the non-loopback address is 192.0.2.1 (TEST-NET-1),
//! and where the refusal is lifted, `HTTP_PROXY` points at a proxy on 127.0.0.1 that takes
//! the request instead.

use crate::common;

use common::RunToEnd;

use std::path::PathBuf;
use std::sync::Arc;

use assert_cmd::Command;
use common::raw_server::{response, RawServer};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::rustls;

const TOKEN: &str = "transport-test-token-0815";
const ID: &str = "0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6b";
const READ: &str = r#"{"id":"0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6b","storeId":"TLS-001","storeName":"Over TLS","structuredAddress":{"street":"S","city":"Berlin","postCode":"10178","countryCode":"DE"},"latitude":52.1,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c","name":"Demo"},"links":[]}"#;

/// The binary with no service, in a scrubbed environment with HOME in `home`.
fn locadm(home: &TempDir) -> Command {
    common::offline_command(home.path())
}

fn config(home: &TempDir, profile: &str, lines: &str) -> PathBuf {
    let path = home.path().join("config.toml");
    std::fs::write(&path, format!("[profiles.{profile}]\n{lines}\n")).unwrap();
    path
}

/// The `lab` profile (plain http to a host that is not loopback, `allow_http = true`)
/// with every proxy variable pointing at `proxy`.
fn lab_behind(home: &TempDir, proxy: &RawServer) -> Command {
    let file = config(
        home,
        "lab",
        "base_url = \"http://192.0.2.1\"\nallow_http = true",
    );
    let mut cmd = locadm(home);
    cmd.env("LOCADM_TOKEN", TOKEN);
    for name in ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "ALL_PROXY"] {
        cmd.env(name, proxy.url());
    }
    cmd.arg("--config").arg(&file).args(["--profile", "lab"]);
    cmd
}

/// A proxy on loopback that answers every request with 404: where a request would have
/// gone out, it lands here instead.
fn proxy() -> RawServer {
    RawServer::answering(response(
        "404 Not Found",
        "application/json",
        br#"{"error":"not found"}"#,
    ))
}

#[test]
fn plain_http_to_a_remote_base_url_is_refused_before_connecting() {
    let home = TempDir::new().unwrap();
    let proxy = proxy();
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .env("HTTP_PROXY", proxy.url())
        .env("http_proxy", proxy.url())
        .args(["--base-url", "http://192.0.2.1", "location", "get", ID])
        .run();
    let stderr = &out.stderr;
    out.assert_code(2);
    assert!(stderr.contains("plain http"), "{stderr}");
    assert!(
        stderr.contains("allow_http"),
        "the hint names the switch: {stderr}"
    );
    assert!(!stderr.contains(TOKEN));
    assert_eq!(proxy.connections(), 0, "a connection was attempted");
}

#[test]
fn plain_http_to_a_remote_token_url_is_refused_before_connecting() {
    let home = TempDir::new().unwrap();
    let proxy = proxy();
    let out = locadm(&home)
        .env("LOCADM_CLIENT_ID", "ops-admin")
        .env("LOCADM_CLIENT_SECRET", "Transport-Secret-4711")
        .env("LOCADM_TOKEN_URL", "http://192.0.2.1/oauth/token")
        .env("HTTP_PROXY", proxy.url())
        .env("http_proxy", proxy.url())
        .args(["--base-url", "https://192.0.2.1", "auth", "token"])
        .run();
    let stderr = &out.stderr;
    out.assert_code(2);
    assert!(stderr.contains("token_url"), "{stderr}");
    assert!(!stderr.contains("Transport-Secret-4711"));
    assert_eq!(proxy.connections(), 0, "a connection was attempted");
}

#[test]
fn allow_http_in_the_profile_lifts_the_refusal() {
    let home = TempDir::new().unwrap();
    let proxy = proxy();
    let out = lab_behind(&home, &proxy)
        .args(["--timeout", "1", "location", "get", ID])
        .run();
    let stderr = &out.stderr;
    // The request was attempted (192.0.2.1 is a documentation address that nothing
    // answers: a network failure, not the refusal, exit 2)...
    out.assert_code(6);
    assert!(stderr.contains("192.0.2.1"), "{stderr}");
    // ...and not through the proxy: a proxy over plain http would read the token
    // (issue 15, item 7), so plain http always goes direct.
    assert_eq!(proxy.connections(), 0, "{:?}", proxy.requests());
}

/// A CA and a server certificate for 127.0.0.1 and localhost signed by it, as PEM.
struct Pki {
    ca_pem: String,
    cert_der: Vec<u8>,
    key_der: Vec<u8>,
}

fn pki() -> Pki {
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "locadm test CA");
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let params =
        rcgen::CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let issuer = rcgen::Issuer::from_params(&ca_params, &ca_key);
    let cert = params.signed_by(&key, &issuer).unwrap();
    Pki {
        ca_pem: ca.pem(),
        cert_der: cert.der().to_vec(),
        key_der: key.serialize_der(),
    }
}

/// An HTTPS server on 127.0.0.1 answering a POST with a created link (as the service's
/// create does) and every other request with `READ`.
struct TlsServer {
    url: String,
    /// The connections accepted so far (each a TLS handshake begun).
    accepted: Arc<std::sync::atomic::AtomicUsize>,
    _runtime: tokio::runtime::Runtime,
}

fn tls_server(pki: &Pki) -> TlsServer {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![pki.cert_der.clone().into()],
            rustls::pki_types::PrivateKeyDer::Pkcs8(pki.key_der.clone().into()),
        )
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = accepted.clone();
    runtime.spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                continue;
            };
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                // A failed handshake (the client does not trust us) just ends here.
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let mut buf = vec![0u8; 8192];
                let mut seen = Vec::new();
                while !seen.windows(4).any(|w| w == b"\r\n\r\n") {
                    match tls.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => seen.extend_from_slice(&buf[..n]),
                    }
                }
                let answer = if seen.starts_with(b"POST ") {
                    response(
                        "201 Created",
                        "application/json",
                        br#"{"rel":"self","href":"/locations/0b6f3a0e-1d2c-4e5f-8a9b-1c2d3e4f5a6b"}"#,
                    )
                } else {
                    response("200 OK", "application/json", READ.as_bytes())
                };
                let _ = tls.write_all(&answer).await;
                let _ = tls.shutdown().await;
            });
        }
    });
    TlsServer {
        url: format!("https://127.0.0.1:{}", addr.port()),
        accepted,
        _runtime: runtime,
    }
}

/// A profile `tls` for `server` whose `ca_cert` is the test CA.
fn trusting_profile(home: &TempDir, pki: &Pki, server: &TlsServer) -> PathBuf {
    let ca = home.path().join("ca.pem");
    std::fs::write(&ca, &pki.ca_pem).unwrap();
    config(
        home,
        "tls",
        &format!(
            "base_url = \"{}\"\nca_cert = \"{}\"",
            server.url,
            ca.display()
        ),
    )
}

#[test]
fn tls_with_an_unknown_ca_fails_clearly_and_the_profiles_ca_cert_makes_it_work() {
    let home = TempDir::new().unwrap();
    let pki = pki();
    let server = tls_server(&pki);

    // The system does not know this CA.
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .args([
            "--base-url",
            &server.url,
            "--timeout",
            "5",
            "location",
            "get",
            ID,
        ])
        .run();
    let stderr = &out.stderr;
    out.assert_code(6);
    assert!(stderr.contains("certificate"), "{stderr}");
    assert!(
        stderr.contains("ca_cert"),
        "the hint names the setting: {stderr}"
    );
    assert!(!stderr.contains("panicked"));

    // The profile's CA certificate makes it trusted.
    let file = trusting_profile(&home, &pki, &server);
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .arg("--config")
        .arg(&file)
        .args(["--profile", "tls", "-o", "json", "location", "get", ID])
        .run();
    out.assert_code(0);
    assert!(out.stdout.contains("TLS-001"));
}

/// Three create records for `location apply`.
fn apply_input(home: &TempDir) -> PathBuf {
    let path = home.path().join("records.ndjson");
    let records: Vec<String> = (1..=3)
        .map(|n| {
            format!(
                r#"{{"storeId":"TLS-{n:03}","storeName":"Over TLS","structuredAddress":{{"street":"S","city":"Berlin","postCode":"10178","countryCode":"DE"}},"latitude":52.1,"longitude":13.4,"locationProvider":{{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}}}"#
            )
        })
        .collect();
    std::fs::write(&path, records.join("\n") + "\n").unwrap();
    path
}

/// `location apply` gives each worker a connection of its own, not the shared client's:
/// the same trust (the profile's `ca_cert`) and a new connection whenever the server closes
/// one (this server closes after every answer).
#[test]
fn apply_over_tls_trusts_the_profiles_ca_cert_and_reconnects() {
    let home = TempDir::new().unwrap();
    let pki = pki();
    let server = tls_server(&pki);
    let input = apply_input(&home);

    // An untrusted certificate will not change on a retry: each record fails at its first
    // handshake (five attempts would be up to fifteen). Counted at the server, not timed.
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .args([
            "--base-url",
            &server.url,
            "--timeout",
            "5",
            "location",
            "apply",
            "--attempts",
            "5",
        ])
        .arg("-f")
        .arg(&input)
        .run();
    out.assert_code(7);
    let handshakes = server.accepted.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(handshakes, 3, "one handshake a record, none tried again");
    let stdout = out.stdout;
    assert_eq!(
        stdout.matches(r#""outcome":"failed""#).count(),
        3,
        "{stdout}"
    );
    assert!(stdout.contains("certificate"), "{stdout}");

    let file = trusting_profile(&home, &pki, &server);
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .arg("--config")
        .arg(&file)
        .args([
            "--profile",
            "tls",
            "location",
            "apply",
            "--concurrency",
            "1",
            "-f",
        ])
        .arg(&input)
        .run();
    out.assert_code(0);
    let stdout = out.stdout;
    assert_eq!(
        stdout.matches(r#""outcome":"created""#).count(),
        3,
        "{stdout}"
    );
}

/// With a proxy configured for an https service, `location apply` sends through it (the
/// shared client, by the proxy policy), as every other command does: a tunnel (CONNECT)
/// to the service, which the proxy here refuses, so each record fails without the
/// token ever being readable by the proxy.
#[test]
fn apply_goes_through_a_configured_proxy() {
    let home = TempDir::new().unwrap();
    let proxy = RawServer::answering(response("403 Forbidden", "text/plain", b"no tunnels"));
    let input = apply_input(&home);
    let mut cmd = locadm(&home);
    let out = cmd
        .env("LOCADM_TOKEN", TOKEN)
        .env("HTTPS_PROXY", proxy.url())
        .args([
            "--base-url",
            "https://192.0.2.1",
            "--timeout",
            "5",
            "location",
            "apply",
            "-f",
        ])
        .arg(&input)
        .run();
    let stderr = &out.stderr;
    // Every record failed (exit 7), each after a tunnel the proxy refused.
    out.assert_code(7);
    assert!(
        stderr.contains("3 of 3 records did not succeed"),
        "{stderr}"
    );
    let requests = proxy.requests();
    assert!(
        requests.len() >= 3,
        "one CONNECT per record at least: {requests:?}"
    );
    for request in &requests {
        assert!(request.starts_with("CONNECT 192.0.2.1:443 "), "{request}");
        assert!(!request.contains(TOKEN), "{request}");
    }
}

#[test]
fn a_ca_cert_that_is_not_pem_is_a_usage_error() {
    let home = TempDir::new().unwrap();
    let ca = home.path().join("ca.pem");
    std::fs::write(&ca, "not a certificate").unwrap();
    let file = config(
        &home,
        "tls",
        &format!(
            "base_url = \"https://127.0.0.1:9\"\nca_cert = \"{}\"",
            ca.display()
        ),
    );
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .arg("--config")
        .arg(&file)
        .args(["--profile", "tls", "location", "get", ID])
        .run();
    let stderr = &out.stderr;
    out.assert_code(2);
    assert!(stderr.contains("ca.pem"), "{stderr}");
}

/// Issue 41, item 3: the machine's trust as curl and OpenSSL read it. A CA given only by
/// `SSL_CERT_FILE` (no profile, no `ca_cert`) is trusted by the single request (the
/// shared client) and by a bulk run's own connections; without it the certificate
/// error's hint names the three ways to trust a CA. Fails with the trust store back to
/// the Mozilla roots alone.
#[test]
fn a_ca_given_by_ssl_cert_file_is_trusted_on_both_routes() {
    let home = TempDir::new().unwrap();
    let pki = pki();
    let server = tls_server(&pki);
    let ca = home.path().join("ca.pem");
    std::fs::write(&ca, &pki.ca_pem).unwrap();
    let get = || {
        let mut cmd = locadm(&home);
        cmd.env("LOCADM_TOKEN", TOKEN)
            .args(["--base-url", &server.url, "--timeout", "5"])
            .args(["-o", "json", "location", "get", ID]);
        cmd
    };
    let out = get().run();
    out.assert_code(6);
    for way in ["system's trust store", "SSL_CERT_FILE", "ca_cert"] {
        assert!(out.stderr.contains(way), "{way}: {}", out.stderr);
    }

    let out = get().env("SSL_CERT_FILE", &ca).run();
    out.assert_code(0);
    assert!(out.stdout.contains("TLS-001"), "{}", out.stdout);

    // `--create-new`: the read above taught locadm the storeId of the records.
    let input = apply_input(&home);
    let out = locadm(&home)
        .env("LOCADM_TOKEN", TOKEN)
        .env("SSL_CERT_FILE", &ca)
        .args([
            "--base-url",
            &server.url,
            "location",
            "apply",
            "--create-new",
            "-f",
        ])
        .arg(&input)
        .run();
    out.assert_code(0);
    assert_eq!(
        out.stdout.matches(r#""outcome":"created""#).count(),
        3,
        "{}",
        out.stdout
    );
}
