//! Helpers to run the emulator in tests: in-process on `127.0.0.1:0` through the public
//! API, or as the real binary (`locadm emulator serve`) read from its first stdout line.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use locadm::emulator::{self, Banner, EmulatorConfig, Running};
use serde_json::{json, Value};

/// Starts an in-process emulator on a free port.
pub async fn start(config: EmulatorConfig) -> Running {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind 127.0.0.1:0");
    emulator::start(config, listener)
        .await
        .expect("the emulator starts")
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .unwrap()
}

/// A token for `id`/`secret` by HTTP Basic (optionally with a scope).
pub async fn token_for(token_url: &str, id: &str, secret: &str, scope: Option<&str>) -> String {
    let mut form = vec![("grant_type", "client_credentials")];
    if let Some(scope) = scope {
        form.push(("scope", scope));
    }
    let response = client()
        .post(token_url)
        .basic_auth(id, Some(secret))
        .form(&form)
        .send()
        .await
        .expect("token request");
    assert_eq!(response.status(), 200, "token endpoint refused {id}");
    let body: Value = response.json().await.unwrap();
    body["access_token"].as_str().unwrap().to_string()
}

/// A token of the demo client (every permission).
pub async fn demo_token(running: &Running) -> String {
    token_for(
        &running.token_url,
        &running.client_id,
        &running.client_secret,
        None,
    )
    .await
}

/// A valid create body in the structured form, for the demo provider.
pub fn location(store_id: &str) -> Value {
    json!({
        "storeId": store_id,
        "storeName": "Alexanderplatz Collection Point",
        "structuredAddress": {
            "street": "Alexanderplatz",
            "houseNumber": "1",
            "city": "Berlin",
            "postCode": "10178",
            "countryCode": "DE"
        },
        "latitude": 52.5219,
        "longitude": 13.41321,
        "locationProvider": { "id": emulator::DEMO_PROVIDER_ID },
        "email": "berlin@example.com",
        "photoUrls": "https://example.com/a.jpg,https://example.com/b.jpg",
        "hasDisabledAccess": true,
        "description": null,
        "tags": ["collection-point"]
    })
}

/// A valid create body in the legacy form, for the demo provider.
pub fn legacy_location(store_id: &str) -> Value {
    json!({
        "storeId": store_id,
        "storeName": "Hauptbahnhof",
        "address": "Europaplatz 1",
        "city": "Berlin",
        "postCode": "10557",
        "countryCode": "DEU",
        "latitude": 52.525,
        "longitude": 13.369,
        "locationProvider": { "id": emulator::DEMO_PROVIDER_ID },
        "telephoneNumber": "+49301234567",
        "logoUrl": "https://example.com/logo.png"
    })
}

/// A running `locadm emulator serve` process and its banner.
pub struct Served {
    pub child: Child,
    pub banner: Banner,
}

impl Served {
    /// Sends SIGTERM and waits: the emulator must exit cleanly (status 0).
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("run kill");
        assert!(sent.success());
        self.child.wait().expect("wait for the emulator")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // Only when a test failed before terminate(): do not leave the process behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Spawns `locadm emulator serve ARGS` and reads its first stdout line.
pub fn serve_binary(args: &[&str]) -> Served {
    serve_binary_on("127.0.0.1:0", args)
}

/// [`serve_binary`] on `addr`: a service restarted where it was (a journal is bound to its
/// base URL).
pub fn serve_binary_on(addr: &str, args: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_locadm"))
        .args(["emulator", "serve", "--addr", addr])
        .args(args)
        .env_remove("LOCADM_PROFILE")
        .env_remove("LOCADM_CONFIG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn locadm emulator serve");
    let stdout = child.stdout.take().unwrap();
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read the banner");
    let banner: Banner = serde_json::from_str(&line)
        .unwrap_or_else(|e| panic!("the first stdout line is the JSON banner ({e}): {line:?}"));
    Served { child, banner }
}
