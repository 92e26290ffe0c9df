//! What the emulator's HTTP suites share, and the CLI's end-to-end suites with them
//! (`tests/it/common/mod.rs` includes this file): an emulator on the test's runtime, a
//! client for it, tokens, and valid bodies in both address forms.

#![allow(dead_code)] // each suite that includes this uses a part of it

use locadm_emulator::{self as emulator, EmulatorConfig, Running};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Makes ring the process's crypto provider, before a test builds a reqwest client: reqwest
/// is built without one of its own (the workspace's Cargo.toml), as the tool's client and
/// the emulator's use ring. An earlier one (the same) stands.
pub(crate) fn ring_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Starts an in-process emulator on a free port, on the calling test's runtime.
pub(crate) async fn start(config: EmulatorConfig) -> Running {
    let listener = emulator::listen(([127, 0, 0, 1], 0).into(), emulator::LISTEN_BACKLOG)
        .expect("listen on 127.0.0.1:0");
    emulator::start(config, listener)
        .await
        .expect("the emulator starts")
}

pub(crate) fn client() -> reqwest::Client {
    ring_provider();
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        // Plain HTTP to the emulator: no trust to load (reqwest's TLS set-up would read the
        // machine's store, tens of milliseconds a client).
        .tls_certs_only([])
        .build()
        .unwrap()
}

/// A token for `id`/`secret` by HTTP Basic (optionally with a scope).
pub(crate) async fn token_for(
    token_url: &str,
    id: &str,
    secret: &str,
    scope: Option<&str>,
) -> String {
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
pub(crate) async fn demo_token(running: &Running) -> String {
    token_for(
        &running.token_url,
        &running.client_id,
        &running.client_secret,
        None,
    )
    .await
}

/// A valid create body in the structured form, for the demo provider.
pub(crate) fn location(store_id: &str) -> Value {
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
pub(crate) fn legacy_location(store_id: &str) -> Value {
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

pub(crate) fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

pub(crate) async fn create(base: &str, token: &str, body: &Value) -> reqwest::Response {
    client()
        .post(format!("{base}/locations"))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap()
}

pub(crate) async fn create_id(base: &str, token: &str, body: &Value) -> String {
    let response = create(base, token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let link: Value = response.json().await.unwrap();
    link["href"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string()
}

/// The body of the answer to `request`, as JSON.
pub(crate) async fn json_of(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// `GET url` with a bearer token, its body as JSON.
pub(crate) async fn get_json(url: impl reqwest::IntoUrl, token: &str) -> Value {
    json_of(client().get(url).bearer_auth(token)).await
}

pub(crate) async fn counters(admin_url: &str) -> Value {
    json_of(client().get(format!("{admin_url}/counters"))).await
}

/// The fields the spec's read table types as a string that every location has.
pub(crate) const READ_TABLE_STRINGS: [&str; 7] = [
    "id",
    "storeId",
    "storeName",
    "address",
    "city",
    "postCode",
    "countryCode",
];
