//! The emulator over real HTTP: every endpoint, status, error body and header, the OAuth
//! token endpoint, 401/403 per permission, CORS, faults, persistence across a restart,
//! limits. (`locadm emulator serve` itself is tested with the CLI: tests/it/emulator_cli.rs.)

mod common;

use std::time::{Duration, Instant};

use base64::Engine;
use locadm_emulator::{
    ClientSpec, EmulatorConfig, Faults, ProviderSpec, ReadForm, DEMO_PROVIDER_ID, PERMISSIONS,
};
use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use common::{
    client, counters, create, create_id, demo_token, get_json, header, legacy_location, location,
    start, token_for, READ_TABLE_STRINGS,
};

// ---------------------------------------------------------------- token endpoint

#[tokio::test]
async fn token_by_basic_auth_grants_every_permission_of_the_client() {
    let emu = start(EmulatorConfig::default()).await;
    let response = client()
        .post(&emu.token_url)
        .basic_auth("locadm-demo", Some("locadm-demo-secret"))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 3600);
    assert_eq!(body["scope"], PERMISSIONS.join(" "));
    assert!(body["access_token"].as_str().unwrap().len() >= 40);
    emu.shutdown().await;
}

#[tokio::test]
async fn token_by_form_body_and_requested_scope_subset() {
    let emu = start(EmulatorConfig::default()).await;
    let response = client()
        .post(&emu.token_url)
        .form(&[
            ("grant_type", "client_credentials"),
            ("client_id", "locadm-demo"),
            ("client_secret", "locadm-demo-secret"),
            ("scope", "can-read-locations can-create-locations"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["scope"], "can-read-locations can-create-locations");
    // The granted scope is enforced: no update permission.
    let token = body["access_token"].as_str().unwrap();
    let response = client()
        .put(format!("{}/locations/{}", emu.base_url, Uuid::new_v4()))
        .bearer_auth(token)
        .json(&location("S"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    emu.shutdown().await;
}

#[tokio::test]
async fn basic_credentials_are_form_urldecoded_as_the_oauth2_crate_sends_them() {
    let mut config = EmulatorConfig::default();
    config.clients.push(ClientSpec {
        id: "odd client".into(),
        secret: "p@ss:w/rd+%".into(),
        permissions: vec!["can-read-locations".into()],
    });
    let emu = start(config).await;
    let encoded =
        base64::engine::general_purpose::STANDARD.encode("odd+client:p%40ss%3Aw%2Frd%2B%25");
    let response = client()
        .post(&emu.token_url)
        .header("Authorization", format!("Basic {encoded}"))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["scope"], "can-read-locations");
    emu.shutdown().await;
}

async fn token_error(request: reqwest::RequestBuilder) -> (StatusCode, String, Value) {
    let response = request.send().await.unwrap();
    let status = response.status();
    let challenge = header(&response, "www-authenticate").to_string();
    (status, challenge, response.json().await.unwrap())
}

#[tokio::test]
async fn token_errors_follow_rfc_6749() {
    let emu = start(EmulatorConfig::default()).await;
    let url = emu.token_url.clone();
    let c = client();

    // Wrong secret: invalid_client, 401 with a Basic challenge.
    let (status, challenge, body) = token_error(
        c.post(&url)
            .basic_auth("locadm-demo", Some("wrong"))
            .form(&[("grant_type", "client_credentials")]),
    )
    .await;
    assert_eq!(status, 401);
    assert!(challenge.starts_with("Basic"), "{challenge}");
    assert_eq!(body["error"], "invalid_client");

    // The other refusals, each (what, the request, its status and `error`).
    let demo = || {
        c.post(&url)
            .basic_auth("locadm-demo", Some("locadm-demo-secret"))
    };
    let cases = [
        (
            "an unknown client by form body",
            c.post(&url).form(&[
                ("grant_type", "client_credentials"),
                ("client_id", "nobody"),
                ("client_secret", "x"),
            ]),
            401,
            "invalid_client",
        ),
        (
            "no client authentication at all",
            c.post(&url).form(&[("grant_type", "client_credentials")]),
            401,
            "invalid_client",
        ),
        (
            "two authentication methods",
            demo().form(&[
                ("grant_type", "client_credentials"),
                ("client_id", "locadm-demo"),
                ("client_secret", "locadm-demo-secret"),
            ]),
            400,
            "invalid_request",
        ),
        (
            "another grant type",
            demo().form(&[("grant_type", "password")]),
            400,
            "unsupported_grant_type",
        ),
        (
            "no grant type",
            demo().form(&[("scope", "can-read-locations")]),
            400,
            "invalid_request",
        ),
        (
            "a scope beyond the client's permissions",
            demo().form(&[("grant_type", "client_credentials"), ("scope", "can-fly")]),
            400,
            "invalid_scope",
        ),
        (
            "not a form",
            demo().json(&json!({"grant_type": "client_credentials"})),
            400,
            "invalid_request",
        ),
    ];
    for (what, request, expected_status, expected_error) in cases {
        let (status, _, body) = token_error(request).await;
        assert_eq!(
            (status.as_u16(), body["error"].as_str()),
            (expected_status, Some(expected_error)),
            "{what}"
        );
        if expected_error == "invalid_scope" {
            let description = body["error_description"].as_str().unwrap();
            assert!(description.contains("can-fly"), "{what}: {description}");
        }
    }
    emu.shutdown().await;
}

// ---------------------------------------------------------------- bearer check

#[tokio::test]
async fn missing_unknown_expired_and_revoked_tokens_get_401_with_bearer_challenge() {
    let mut config = EmulatorConfig::default();
    config.clients.push(ClientSpec {
        id: "short".into(),
        secret: "lived".into(),
        permissions: PERMISSIONS.iter().map(|p| p.to_string()).collect(),
    });
    let emu = start(config).await;
    let url = format!("{}/locations/{}", emu.base_url, Uuid::new_v4());

    let response = client().get(&url).send().await.unwrap();
    assert_eq!(response.status(), 401);
    assert!(header(&response, "www-authenticate").starts_with("Bearer"));
    let body: Value = response.json().await.unwrap();
    assert!(body["error"].is_string());

    let response = client()
        .get(&url)
        .bearer_auth("made-up")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    assert!(header(&response, "www-authenticate").contains("invalid_token"));

    let response = client()
        .get(&url)
        .header("Authorization", "Basic Zm9vOmJhcg==")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);

    // Revoked: the token worked, then stops working.
    let token = demo_token(&emu).await;
    let response = client().get(&url).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let revoked: Value = client()
        .post(format!("{}/revoke-tokens", emu.admin_url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(revoked["revoked"].as_u64().unwrap() >= 1);
    let response = client().get(&url).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), 401);
    assert!(header(&response, "www-authenticate").starts_with("Bearer"));
    emu.shutdown().await;

    // Expired: a lifetime of 0 s expires at once.
    let emu = start(EmulatorConfig {
        token_lifetime: Duration::ZERO,
        ..EmulatorConfig::default()
    })
    .await;
    let token = demo_token(&emu).await;
    let url = format!("{}/locations/{}", emu.base_url, Uuid::new_v4());
    let response = client().get(&url).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), 401);
    assert!(header(&response, "www-authenticate").contains("expired"));
    emu.shutdown().await;
}

#[tokio::test]
async fn each_operation_needs_its_own_permission() {
    let mut config = EmulatorConfig::default();
    for p in PERMISSIONS {
        config.clients.push(ClientSpec {
            id: format!("only-{p}"),
            secret: "s".into(),
            permissions: vec![p.to_string()],
        });
    }
    let emu = start(config).await;
    let admin = demo_token(&emu).await;
    let id = create_id(&emu.base_url, &admin, &location("P-1")).await;
    let base = emu.base_url.clone();
    let provider_body = json!({"name": "Demo Provider", "archivingPeriod": 7});

    // (permission, request builder)
    type Build = Box<dyn Fn(&reqwest::Client, &str) -> reqwest::RequestBuilder>;
    let operations: Vec<(&str, Build)> = vec![
        ("can-create-locations", {
            let base = base.clone();
            Box::new(move |c, t| {
                c.post(format!("{base}/locations"))
                    .bearer_auth(t)
                    .json(&location("P-2"))
            })
        }),
        ("can-read-locations", {
            let (base, id) = (base.clone(), id.clone());
            Box::new(move |c, t| c.get(format!("{base}/locations/{id}")).bearer_auth(t))
        }),
        ("can-update-locations", {
            let (base, id) = (base.clone(), id.clone());
            Box::new(move |c, t| {
                c.put(format!("{base}/locations/{id}"))
                    .bearer_auth(t)
                    .json(&location("P-1"))
            })
        }),
        ("can-update-location-providers", {
            let (base, body) = (base.clone(), provider_body.clone());
            Box::new(move |c, t| {
                c.put(format!("{base}/locationProviders/{DEMO_PROVIDER_ID}"))
                    .bearer_auth(t)
                    .json(&body)
            })
        }),
        ("can-delete-locations", {
            let (base, id) = (base.clone(), id.clone());
            Box::new(move |c, t| c.delete(format!("{base}/locations/{id}")).bearer_auth(t))
        }),
    ];
    let c = client();
    for (permission, build) in &operations {
        for other in PERMISSIONS.iter().filter(|p| *p != permission) {
            let token = token_for(&emu.token_url, &format!("only-{other}"), "s", None).await;
            let response = build(&c, &token).send().await.unwrap();
            assert_eq!(response.status(), 403, "{permission} with a {other} token");
            assert!(header(&response, "www-authenticate").contains("insufficient_scope"));
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["permission"], *permission);
            assert!(body["error"].as_str().unwrap().contains(permission));
        }
        let token = token_for(&emu.token_url, &format!("only-{permission}"), "s", None).await;
        let response = build(&c, &token).send().await.unwrap();
        assert!(
            response.status().is_success(),
            "{permission}: {}",
            response.status()
        );
    }
    emu.shutdown().await;
}

// ---------------------------------------------------------------- locations

#[tokio::test]
async fn create_then_read_returns_the_read_form_with_cors_and_exact_coordinates() {
    let emu = start(EmulatorConfig {
        read_prefix: Some("/api/v1".into()),
        ..EmulatorConfig::default()
    })
    .await;
    let token = demo_token(&emu).await;
    // Written with trailing zeros: must come back exactly so.
    let text = serde_json::to_string(&location("BER-1"))
        .unwrap()
        .replace("52.5219", "52.52190000")
        .replace("13.41321", "13.41321000");
    let response = client()
        .post(format!("{}/locations", emu.base_url))
        .bearer_auth(&token)
        .header("Content-Type", "application/json")
        .body(text)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let location_header = header(&response, "location").to_string();
    let link: Value = response.json().await.unwrap();
    assert_eq!(link["href"], location_header);
    assert_eq!(link["rel"], "self");
    let href = link["href"].as_str().unwrap().to_string();
    assert!(href.starts_with("/locations/"));
    let id = href.trim_start_matches("/locations/").to_string();
    Uuid::parse_str(&id).unwrap();
    assert_eq!(link.as_object().unwrap().len(), 2);

    let response = client()
        .get(format!("{}{href}", emu.base_url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "access-control-allow-origin"), "*");
    assert_eq!(
        header(&response, "access-control-allow-methods"),
        "GET,PUT,POST,DELETE"
    );
    assert_eq!(
        header(&response, "access-control-allow-headers"),
        "X-Requested-With,Content-Type"
    );
    let text = response.text().await.unwrap();
    assert!(text.contains("\"latitude\":52.52190000"), "{text}");
    assert!(text.contains("\"longitude\":13.41321000"), "{text}");
    let read: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(read["id"], id);
    assert_eq!(read["storeId"], "BER-1");
    assert_eq!(read["storeName"], "Alexanderplatz Collection Point");
    assert_eq!(read["address"], "Alexanderplatz 1");
    assert_eq!(read["city"], "Berlin");
    assert_eq!(read["postCode"], "10178");
    assert_eq!(read["countryCode"], "DE");
    assert_eq!(
        read.get("telephoneNumber"),
        None,
        "unset: left out, never null"
    );
    assert_eq!(read["description"], Value::Null);
    assert_eq!(read["hasDisabledAccess"], true);
    assert_eq!(read["logoUrl"], Value::Null);
    assert_eq!(
        read["photoUrls"],
        json!(["https://example.com/a.jpg", "https://example.com/b.jpg"])
    );
    assert_eq!(
        read["locationProvider"],
        json!({"id": DEMO_PROVIDER_ID, "name": "Demo Provider"})
    );
    assert_eq!(
        read["links"],
        json!([
            {"rel": "self", "href": format!("/locations/{id}")},
            {"rel": "details", "href": format!("/locations/{id}/details")}
        ])
    );
    // Beyond the spec's table, returned because the location has them.
    assert_eq!(read["structuredAddress"]["street"], "Alexanderplatz");
    assert_eq!(read["email"], "berlin@example.com");
    assert_eq!(read["tags"], json!(["collection-point"]));
    // The model's read type parses it.
    let typed: locadm_model::LocationRead = serde_json::from_str(&text).unwrap();
    assert_eq!(typed.latitude.as_str(), "52.52190000");

    // Under the configured path prefix, with CORS as well.
    let response = client()
        .get(format!("{}/api/v1/locations/{id}", emu.base_url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "access-control-allow-origin"), "*");
    let prefixed: Value = response.json().await.unwrap();
    assert_eq!(prefixed, read);
    // Under another prefix: 404, as a wrong `read_prefix` would get from a service.
    for wrong in ["/api/v2", "/v1", "/api/v1/extra"] {
        let response = client()
            .get(format!("{}{wrong}/locations/{id}", emu.base_url))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404, "{wrong}");
    }
    emu.shutdown().await;
}

#[tokio::test]
async fn spec_read_form_and_legacy_locations() {
    let emu = start(EmulatorConfig {
        read_form: ReadForm::Spec,
        ..EmulatorConfig::default()
    })
    .await;
    let token = demo_token(&emu).await;
    let id = create_id(&emu.base_url, &token, &location("S-1")).await;
    let read: Value = get_json(format!("{}/locations/{id}", emu.base_url), &token).await;
    let keys: Vec<&str> = read
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = READ_TABLE_STRINGS.to_vec();
    expected.extend([
        "latitude",
        "longitude",
        // `telephoneNumber` is a string in the read table: left out while unset.
        "description",
        "hasDisabledAccess",
        "logoUrl",
        "photoUrls",
        "locationProvider",
        "links",
    ]);
    let mut got = keys.clone();
    got.sort_unstable();
    expected.sort_unstable();
    assert_eq!(got, expected);
    assert_eq!(read["address"], "Alexanderplatz 1");

    let id = create_id(&emu.base_url, &token, &legacy_location("L-1")).await;
    let read: Value = get_json(format!("{}/locations/{id}", emu.base_url), &token).await;
    assert_eq!(read["address"], "Europaplatz 1");
    assert_eq!(read["countryCode"], "DEU");
    assert_eq!(read["telephoneNumber"], "+49301234567");
    assert_eq!(read["logoUrl"], "https://example.com/logo.png");
    assert_eq!(read["hasDisabledAccess"], false);
    assert_eq!(read["photoUrls"], json!([]));
    emu.shutdown().await;
}

#[tokio::test]
async fn update_delete_and_details() {
    let emu = start(EmulatorConfig {
        read_prefix: Some("/v2".into()),
        ..EmulatorConfig::default()
    })
    .await;
    let token = demo_token(&emu).await;
    let base = emu.base_url.clone();
    let id = create_id(&base, &token, &location("U-1")).await;
    let c = client();

    let mut changed = legacy_location("U-1");
    changed["storeName"] = json!("Renamed");
    changed["photoUrls"] = json!(["https://example.com/c.jpg"]);
    changed["description"] = json!("Now with a description");
    let response = c
        .put(format!("{base}/locations/{id}"))
        .bearer_auth(&token)
        .json(&changed)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let link: Value = response.json().await.unwrap();
    assert_eq!(
        link,
        json!({"rel": "self", "href": format!("/locations/{id}")})
    );
    let read: Value = c
        .get(format!("{base}/locations/{id}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(read["storeName"], "Renamed");
    assert_eq!(read["description"], "Now with a description");
    assert_eq!(read["photoUrls"], json!(["https://example.com/c.jpg"]));
    // The full read form names the fields it carries, null when unset.
    assert_eq!(
        read.get("structuredAddress"),
        Some(&serde_json::Value::Null)
    );

    // Invalid update: 400 naming the property.
    let mut invalid = changed.clone();
    invalid["storeName"] = json!("x".repeat(129));
    let response = c
        .put(format!("{base}/locations/{id}"))
        .bearer_auth(&token)
        .json(&invalid)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().contains("storeName"));

    // Unknown location: 404; not a UUID: 400.
    let response = c
        .put(format!("{base}/locations/{}", Uuid::new_v4()))
        .bearer_auth(&token)
        .json(&changed)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    let response = c
        .put(format!("{base}/locations/not-a-uuid"))
        .bearer_auth(&token)
        .json(&changed)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("not-a-uuid"));

    // Details.
    let response = c
        .get(format!("{base}/locations/{id}/details"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "access-control-allow-origin"), "*");
    let details: Value = response.json().await.unwrap();
    assert_eq!(details["id"], id);
    assert_eq!(details["storeId"], "U-1");
    assert_eq!(details["source"], "api");
    assert_eq!(details["locationProvider"]["name"], "Demo Provider");
    assert!(details["createdAt"].as_i64().unwrap() > 0);
    let response = c
        .get(format!("{base}/v2/locations/{id}/details"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    // Delete: 204, then 404 on every operation.
    let response = c
        .delete(format!("{base}/locations/{id}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    assert!(response.bytes().await.unwrap().is_empty());
    for response in [
        c.delete(format!("{base}/locations/{id}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
        c.get(format!("{base}/locations/{id}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
        c.get(format!("{base}/locations/{id}/details"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    ] {
        assert_eq!(response.status(), 404);
    }
    let response = c
        .delete(format!("{base}/locations/123"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    emu.shutdown().await;
}

#[tokio::test]
async fn client_errors_are_clear_4xx_answers() {
    let emu = start(EmulatorConfig {
        body_limit: 4096,
        ..EmulatorConfig::default()
    })
    .await;
    let token = demo_token(&emu).await;
    let url = format!("{}/locations", emu.base_url);
    let c = client();

    let send = |body: String, content_type: &'static str| {
        c.post(&url)
            .bearer_auth(&token)
            .header("Content-Type", content_type)
            .body(body)
            .send()
    };
    // Malformed JSON.
    let response = send("{\"storeId\":".into(), "application/json")
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    // Not an object.
    let response = send("[1,2]".into(), "application/json").await.unwrap();
    assert_eq!(response.status(), 400);
    // Wrong content type.
    let body = location("E-1").to_string();
    let response = send(body.clone(), "text/plain").await.unwrap();
    assert_eq!(response.status(), 415);
    assert!(response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("application/json"));
    // Charset parameter is fine.
    let response = send(body, "application/json; charset=utf-8").await.unwrap();
    assert_eq!(response.status(), 201);
    // Oversized body.
    let mut big = location("E-2");
    big["description"] = json!("x".repeat(10_000));
    let response = send(big.to_string(), "application/json").await.unwrap();
    assert_eq!(response.status(), 413);
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    // Unknown property, named.
    let mut unknown = location("E-3");
    unknown["colour"] = json!("blue");
    let response = send(unknown.to_string(), "application/json").await.unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("colour"));
    // Every problem in one message.
    let mut two = location("E-4");
    two["storeName"] = json!("");
    two["email"] = json!("not-an-email");
    let response = send(two.to_string(), "application/json").await.unwrap();
    let message = response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("storeName") && message.contains("email"),
        "{message}"
    );
    // A provider that does not exist.
    let mut orphan = location("E-5");
    orphan["locationProvider"]["id"] = json!(Uuid::new_v4());
    let response = send(orphan.to_string(), "application/json").await.unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("locationProvider.id"));
    // Invalid UTF-8.
    let response = c
        .post(&url)
        .bearer_auth(&token)
        .header("Content-Type", "application/json")
        .body(vec![b'{', 0xff, b'}'])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    // A method the resource does not have: JSON 405 with `Allow`.
    let response = c
        .patch(format!("{}/locations/{}", emu.base_url, Uuid::new_v4()))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    assert!(
        header(&response, "allow").contains("PUT"),
        "{:?}",
        response.headers()
    );
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    // No such endpoint: JSON 404.
    let response = c
        .get(format!("{}/nothing/here", emu.base_url))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    emu.shutdown().await;
}

#[tokio::test]
async fn cors_preflight_needs_no_token() {
    let emu = start(EmulatorConfig {
        read_prefix: Some("/prefix".into()),
        ..EmulatorConfig::default()
    })
    .await;
    for path in [
        format!("/locations/{}", Uuid::new_v4()),
        format!("/prefix/locations/{}", Uuid::new_v4()),
    ] {
        let response = client()
            .request(reqwest::Method::OPTIONS, format!("{}{path}", emu.base_url))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 204, "{path}");
        assert_eq!(header(&response, "access-control-allow-origin"), "*");
        assert_eq!(
            header(&response, "access-control-allow-methods"),
            "GET,PUT,POST,DELETE"
        );
    }
    emu.shutdown().await;
}

// ---------------------------------------------------------------- providers

#[tokio::test]
async fn provider_update_answers_the_link_quirk_and_validates() {
    let extra = Uuid::new_v4();
    let mut config = EmulatorConfig::default();
    config.providers.push(ProviderSpec {
        id: extra,
        name: "Extra".into(),
    });
    let emu = start(config).await;
    let token = demo_token(&emu).await;
    let c = client();
    let url = |id: &str| format!("{}/locationProviders/{id}", emu.base_url);

    let response = c
        .put(url(&extra.to_string()))
        .bearer_auth(&token)
        .json(&json!({"name": "Extra, renamed", "archivingPeriod": 30, "details": "{\"region\":\"EU\"}"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let link: Value = response.json().await.unwrap();
    assert_eq!(
        link,
        json!({"rel": "self", "href": format!("/locations/{extra}")})
    );

    // The new name shows in reads of its locations.
    let mut body = location("X-1");
    body["locationProvider"]["id"] = json!(extra);
    let id = create_id(&emu.base_url, &token, &body).await;
    let read: Value = c
        .get(format!("{}/locations/{id}", emu.base_url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(read["locationProvider"]["name"], "Extra, renamed");
    let details: Value = c
        .get(format!("{}/locations/{id}/details", emu.base_url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        details["locationProvider"]["details"],
        json!({"region": "EU"})
    );
    assert_eq!(details["locationProvider"]["archivingPeriod"], 30);

    let response = c
        .put(url(&Uuid::new_v4().to_string()))
        .bearer_auth(&token)
        .json(&json!({"name": "Nobody", "archivingPeriod": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);

    let response = c
        .put(url(&extra.to_string()))
        .bearer_auth(&token)
        .json(&json!({"name": "Extra", "archivingPeriod": 31}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert!(response.json::<Value>().await.unwrap()["error"]
        .as_str()
        .unwrap()
        .contains("archivingPeriod"));

    let response = c
        .put(url("provider-1"))
        .bearer_auth(&token)
        .json(&json!({"name": "Extra", "archivingPeriod": 3}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    emu.shutdown().await;
}

#[tokio::test]
async fn remote_provider_locations_are_fetched_validated_and_upserted_by_store_id() {
    // The provider's endpoint: a small server answering a JSON array.
    let feed = json!([
        // New, without locationProvider: taken as the provider's own.
        {
            "storeId": "R-1", "storeName": "Remote one",
            "address": "Main St 1", "city": "Springfield", "postCode": "12345", "countryCode": "US",
            "latitude": 40.1, "longitude": -75.2
        },
        // Same storeId as a location created through the API: replaced.
        {
            "storeId": "R-2", "storeName": "Remote two, from the feed",
            "address": "Main St 2", "city": "Springfield", "postCode": "12345", "countryCode": "US",
            "latitude": 40.2, "longitude": -75.3,
            "locationProvider": {"id": DEMO_PROVIDER_ID}
        },
        // Invalid: no storeName.
        {
            "storeId": "R-3",
            "address": "Main St 3", "city": "Springfield", "postCode": "12345", "countryCode": "US",
            "latitude": 40.3, "longitude": -75.4
        },
        // Another provider: rejected.
        {
            "storeId": "R-4", "storeName": "Elsewhere",
            "address": "Main St 4", "city": "Springfield", "postCode": "12345", "countryCode": "US",
            "latitude": 40.4, "longitude": -75.5,
            "locationProvider": {"id": Uuid::new_v4()}
        }
    ]);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let feed_url = format!("http://{}/feed.json", listener.local_addr().unwrap());
    let app = axum::Router::new().route(
        "/feed.json",
        axum::routing::get(move || {
            let feed = feed.clone();
            async move { axum::Json(feed) }
        }),
    );
    let feed_server = tokio::spawn(async move { axum::serve(listener, app).await });

    let emu = start(EmulatorConfig::default()).await;
    let token = demo_token(&emu).await;
    let mut existing = legacy_location("R-2");
    existing["storeName"] = json!("Remote two, created by hand");
    let existing_id = create_id(&emu.base_url, &token, &existing).await;

    let response = client()
        .put(format!("{}/locationProviders/{DEMO_PROVIDER_ID}", emu.base_url))
        .bearer_auth(&token)
        .json(&json!({"name": "Demo Provider", "archivingPeriod": 5, "locationsSource": {"endpoint": feed_url}}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    // The fetch runs in the background: wait for it.
    let deadline = Instant::now() + Duration::from_secs(10);
    let counts = loop {
        let counts = counters(&emu.admin_url).await;
        let remote = &counts["remote"];
        if remote["upserts"].as_u64().unwrap() + remote["rejected"].as_u64().unwrap() >= 4 {
            break counts;
        }
        assert!(
            Instant::now() < deadline,
            "the remote fetch did not finish: {counts}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(counts["remote"]["fetches"], 1);
    assert_eq!(counts["remote"]["upserts"], 2);
    assert_eq!(counts["remote"]["rejected"], 2);
    assert_eq!(counts["locations_by_store_id"]["R-1"], 1);
    assert_eq!(counts["locations_by_store_id"]["R-2"], 1);
    assert!(counts["locations_by_store_id"].get("R-3").is_none());
    assert!(counts["locations_by_store_id"].get("R-4").is_none());

    let read: Value = get_json(format!("{}/locations/{existing_id}", emu.base_url), &token).await;
    assert_eq!(read["storeName"], "Remote two, from the feed");
    emu.shutdown().await;
    feed_server.abort();
}

#[tokio::test]
async fn remote_fetch_failure_is_counted_not_fatal() {
    let emu = start(EmulatorConfig::default()).await;
    let token = demo_token(&emu).await;
    // Nothing listens there.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let response = client()
        .put(format!("{}/locationProviders/{DEMO_PROVIDER_ID}", emu.base_url))
        .bearer_auth(&token)
        .json(&json!({"name": "Demo Provider", "archivingPeriod": 5, "locationsSource": {"endpoint": format!("http://{closed}/x")}}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let counts = counters(&emu.admin_url).await;
        if counts["remote"]["failures"] == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "{counts}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    emu.shutdown().await;
}

// ---------------------------------------------------------------- counters, concurrency

#[tokio::test]
async fn counters_and_concurrent_creates() {
    let emu = start(EmulatorConfig::default()).await;
    let token = demo_token(&emu).await;
    let mut tasks = Vec::new();
    for i in 0..32 {
        let (base, token) = (emu.base_url.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            create(&base, &token, &location(&format!("C-{}", i % 4)))
                .await
                .status()
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::CREATED);
    }
    let counts = counters(&emu.admin_url).await;
    assert_eq!(counts["requests"], 32);
    assert_eq!(counts["creates"], 32);
    assert_eq!(counts["tokens_issued"], 1);
    for i in 0..4 {
        assert_eq!(counts["locations_by_store_id"][format!("C-{i}")], 8);
    }
    emu.shutdown().await;
}

// ---------------------------------------------------------------- faults

fn faults(f: impl FnOnce(&mut Faults)) -> EmulatorConfig {
    let mut config = EmulatorConfig::default();
    f(&mut config.faults);
    config
}

async fn read_status(
    emu: &locadm_emulator::Running,
    token: &str,
) -> Result<reqwest::Response, reqwest::Error> {
    client()
        .get(format!("{}/locations/{}", emu.base_url, Uuid::nil()))
        .bearer_auth(token)
        .send()
        .await
}

#[tokio::test]
async fn fault_fail_answers_500_but_not_on_token_or_admin() {
    let emu = start(faults(|f| f.fail_rate = 1.0)).await;
    let token = demo_token(&emu).await; // the token endpoint is not faulted
    let response = read_status(&emu, &token).await.unwrap();
    assert_eq!(response.status(), 500);
    assert!(response.json::<Value>().await.unwrap()["error"].is_string());
    let counts = counters(&emu.admin_url).await;
    assert_eq!(counts["faults"]["failed"], 1);
    emu.shutdown().await;

    let emu = start(faults(|f| {
        f.fail_rate = 1.0;
        f.token_endpoint = true;
    }))
    .await;
    let response = client()
        .post(&emu.token_url)
        .basic_auth("locadm-demo", Some("locadm-demo-secret"))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 500);
    emu.shutdown().await;
}

#[tokio::test]
async fn fault_throttle_answers_429_with_retry_after() {
    let emu = start(faults(|f| f.throttle_rate = 1.0)).await;
    let token = demo_token(&emu).await;
    let response = read_status(&emu, &token).await.unwrap();
    assert_eq!(response.status(), 429);
    assert_eq!(header(&response, "retry-after"), "1");
    emu.shutdown().await;
}

#[tokio::test]
async fn fault_drop_closes_the_connection_without_an_answer() {
    let emu = start(faults(|f| f.drop_rate = 1.0)).await;
    let token = demo_token(&emu).await;
    let started = Instant::now();
    let error = read_status(&emu, &token).await.expect_err("no answer");
    assert!(!error.is_timeout(), "closed, not timed out: {error}");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(error.status().is_none());
    let counts = counters(&emu.admin_url).await;
    assert_eq!(counts["faults"]["dropped"], 1);
    // The server keeps serving.
    let error = read_status(&emu, &token).await.expect_err("no answer");
    assert!(error.status().is_none());
    emu.shutdown().await;
}

#[tokio::test]
async fn fault_latency_delays_api_requests() {
    let emu = start(faults(|f| f.latency = Duration::from_millis(300))).await;
    let token = demo_token(&emu).await;
    let started = Instant::now();
    let response = read_status(&emu, &token).await.unwrap();
    assert_eq!(response.status(), 404);
    assert!(started.elapsed() >= Duration::from_millis(300));
    emu.shutdown().await;
}

#[tokio::test]
async fn faults_are_deterministic_under_a_seed() {
    async fn run(seed: u64) -> Vec<u16> {
        let emu = start(faults(|f| {
            f.fail_rate = 0.3;
            f.throttle_rate = 0.3;
            f.seed = seed;
        }))
        .await;
        let token = demo_token(&emu).await;
        let mut statuses = Vec::new();
        for _ in 0..30 {
            statuses.push(read_status(&emu, &token).await.unwrap().status().as_u16());
        }
        emu.shutdown().await;
        statuses
    }
    let first = run(42).await;
    assert_eq!(first, run(42).await);
    assert!(
        first.contains(&500) && first.contains(&429) && first.contains(&404),
        "{first:?}"
    );
}

// ---------------------------------------------------------------- limits (issue 17)

fn limited(limits: locadm_emulator::limits::Limits, latency: Duration) -> EmulatorConfig {
    EmulatorConfig {
        limits,
        faults: Faults {
            latency,
            ..Default::default()
        },
        ..EmulatorConfig::default()
    }
}

/// Beyond `--capacity` in flight: 503 (or 429, by option) with `Retry-After: 1`; the
/// counters say how many were in flight at most and how many were refused.
#[tokio::test]
async fn capacity_refuses_what_is_beyond_it() {
    use locadm_emulator::limits::Limits;
    for status in [503, 429] {
        let limits = Limits {
            capacity: Some(2),
            over_capacity: status,
            ..Limits::default()
        };
        let emu = start(limited(limits, Duration::from_millis(400))).await;
        let token = demo_token(&emu).await;
        let url = format!("{}/locations/{}", emu.base_url, Uuid::new_v4());
        let answers = futures_join(6, || {
            let request = client().get(&url).bearer_auth(&token).send();
            async move {
                let response = request.await.unwrap();
                let retry = response
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().to_owned());
                (response.status().as_u16(), retry)
            }
        })
        .await;
        let served = answers.iter().filter(|(s, _)| *s == 404).count();
        let refused: Vec<_> = answers.iter().filter(|(s, _)| *s == status).collect();
        assert_eq!(served, 2, "{answers:?}");
        assert_eq!(refused.len(), 4, "{answers:?}");
        assert!(refused.iter().all(|(_, r)| r.as_deref() == Some("1")));
        let c = counters(&emu.admin_url).await;
        assert_eq!(c["limits"]["peak_in_flight"], 2, "{c}");
        assert_eq!(c["limits"]["refused_capacity"], 4, "{c}");
        emu.shutdown().await;
    }
}

/// Beyond `--rate-limit` a second: 429 with the whole seconds until one is allowed.
#[tokio::test]
async fn the_rate_limit_answers_429_with_retry_after() {
    use locadm_emulator::limits::Limits;
    let limits = Limits {
        rate_limit: Some(5.0),
        ..Limits::default()
    };
    let emu = start(limited(limits, Duration::ZERO)).await;
    let token = demo_token(&emu).await;
    let url = format!("{}/locations/{}", emu.base_url, Uuid::new_v4());
    let mut statuses = Vec::new();
    for _ in 0..12 {
        let response = client().get(&url).bearer_auth(&token).send().await.unwrap();
        if response.status() == 429 {
            assert_eq!(header(&response, "retry-after"), "1");
        }
        statuses.push(response.status().as_u16());
    }
    let allowed = statuses.iter().filter(|s| **s == 404).count();
    // Five at once, and perhaps one more refilled while the twelve were sent.
    assert!((5..=6).contains(&allowed), "{statuses:?}");
    assert_eq!(statuses[..5], [404; 5], "{statuses:?}");
    let c = counters(&emu.admin_url).await;
    assert_eq!(c["limits"]["refused_rate"], 12 - allowed as u64, "{c}");
    emu.shutdown().await;
}

/// A connection without a request for `--idle-timeout` is closed; at the cap, a new one
/// takes the place of the one idle the longest (the default cap), and is closed at once
/// when every open one has a request in flight, or always beyond `--max-connections`.
#[tokio::test]
async fn idle_connections_are_closed_and_open_ones_capped() {
    use locadm_emulator::limits::Limits;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let limits = Limits {
        idle_timeout: Duration::from_millis(300),
        max_connections: 2,
        close_idle_when_full: true,
        ..Limits::default()
    };
    let emu = start(limited(limits.clone(), Duration::ZERO)).await;
    let request = format!(
        "GET /locations/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        Uuid::new_v4()
    );
    // Served, then left idle: closed by the server after the timeout.
    let mut idle = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    idle.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = vec![0u8; 4096];
    let n = idle.read(&mut buffer).await.unwrap();
    assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 401"));
    let started = Instant::now();
    let n = tokio::time::timeout(Duration::from_secs(5), idle.read(&mut buffer))
        .await
        .expect("closed within the timeout")
        .unwrap_or(0);
    assert_eq!(n, 0, "closed, not answered");
    assert!(started.elapsed() >= Duration::from_millis(250));

    // Two open and idle: a third takes the place of the first and is answered.
    let mut first = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let _second = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let mut third = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    third.write_all(request.as_bytes()).await.unwrap();
    let n = tokio::time::timeout(Duration::from_secs(5), third.read(&mut buffer))
        .await
        .expect("answered")
        .unwrap();
    assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 401"));
    let n = tokio::time::timeout(Duration::from_secs(5), first.read(&mut buffer))
        .await
        .expect("the first, idle the longest, closed at once")
        .unwrap_or(0);
    assert_eq!(n, 0, "closed without an answer");
    // The idle ones go after their timeout; then the counters can be read.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let c = counters(&emu.admin_url).await;
    assert_eq!(c["connections"]["evicted"], 1, "{c}");
    assert_eq!(c["connections"]["refused"], 0, "{c}");
    emu.shutdown().await;

    // `--max-connections 2`, a service's hard limit: two open and idle, a third is
    // closed at once.
    let hard = Limits {
        close_idle_when_full: false,
        ..limits.clone()
    };
    let emu = start(limited(hard, Duration::ZERO)).await;
    let _first = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    let _second = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    refused_at_once(emu.addr, &request, Duration::from_secs(5)).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let c = counters(&emu.admin_url).await;
    assert_eq!(c["connections"]["refused"], 1, "{c}");
    assert_eq!(c["connections"]["evicted"], 0, "{c}");
    emu.shutdown().await;

    // At the default cap, two with a request in flight (a latency of 1 s): a third is
    // closed at once.
    let emu = start(limited(limits, Duration::from_secs(1))).await;
    let mut busy = Vec::new();
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(emu.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        busy.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Before the busy ones are answered.
    refused_at_once(emu.addr, &request, Duration::from_millis(800)).await;
    for stream in &mut busy {
        let n = stream.read(&mut buffer).await.unwrap();
        assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 401"));
    }
    drop(busy);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let c = counters(&emu.admin_url).await;
    assert_eq!(c["connections"]["refused"], 1, "{c}");
    assert_eq!(c["connections"]["evicted"], 0, "{c}");
    emu.shutdown().await;
}

/// A new connection sending `request` is closed within `within`, without an answer.
async fn refused_at_once(addr: std::net::SocketAddr, request: &str, within: Duration) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = stream.write_all(request.as_bytes()).await;
    let mut buffer = [0u8; 256];
    let n = tokio::time::timeout(within, stream.read(&mut buffer))
        .await
        .expect("closed at once")
        .unwrap_or(0);
    assert_eq!(n, 0, "closed without an answer");
}

/// Runs `n` futures made by `make` at once and returns their outputs.
async fn futures_join<F, Fut, T>(n: usize, make: F) -> Vec<T>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let tasks: Vec<_> = (0..n).map(|_| tokio::spawn(make())).collect();
    let mut out = Vec::new();
    for task in tasks {
        out.push(task.await.unwrap());
    }
    out
}

// ---------------------------------------------------------------- read forms, providers

/// Issue 14, item 12: the read form carries exactly the types of the spec's read table,
/// in both read forms, for a bare location and a full one: a `string` field is a string
/// or left out (never `null`); only `description` and `logoUrl` may be `null`.
#[tokio::test]
async fn the_read_form_has_the_types_of_the_read_table() {
    for read_form in [ReadForm::Full, ReadForm::Spec] {
        let emu = start(EmulatorConfig {
            read_form,
            ..EmulatorConfig::default()
        })
        .await;
        let token = demo_token(&emu).await;
        let mut full = location("FULL-1");
        full["telephoneNumber"] = json!("+49301234567");
        full["description"] = json!("Open late");
        full["logoUrl"] = json!("https://example.com/logo.png");
        for body in [location("BARE-1"), legacy_location("BARE-2"), full] {
            let id = create_id(&emu.base_url, &token, &body).await;
            let read: Value = get_json(format!("{}/locations/{id}", emu.base_url), &token).await;
            let is = |field: &str, types: &[&str]| {
                let kind = match &read.get(field) {
                    None => "absent",
                    Some(Value::Null) => "null",
                    Some(Value::String(_)) => "string",
                    Some(Value::Number(_)) => "number",
                    Some(Value::Bool(_)) => "boolean",
                    Some(Value::Array(_)) => "array",
                    Some(Value::Object(_)) => "object",
                };
                assert!(
                    types.contains(&kind),
                    "{read_form:?} {field} is {kind}: {read}"
                );
            };
            for field in READ_TABLE_STRINGS {
                is(field, &["string"]);
            }
            is("latitude", &["number"]);
            is("longitude", &["number"]);
            is("telephoneNumber", &["string", "absent"]);
            is("description", &["string", "null"]);
            is("logoUrl", &["string", "null"]);
            is("hasDisabledAccess", &["boolean"]);
            is("photoUrls", &["array"]);
            is("links", &["array"]);
        }
        emu.shutdown().await;
    }
}

/// Issue 14, item 13: `"locationsSource": {}` is a provider that is not remote: 200, and
/// nothing is fetched.
#[tokio::test]
async fn an_empty_locations_source_is_a_provider_that_is_not_remote() {
    let emu = start(EmulatorConfig::default()).await;
    let token = demo_token(&emu).await;
    let response = client()
        .put(format!(
            "{}/locationProviders/{DEMO_PROVIDER_ID}",
            emu.base_url
        ))
        .bearer_auth(&token)
        .json(&json!({"name": "Demo Provider", "archivingPeriod": 5, "locationsSource": {}}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );
    let id = create_id(&emu.base_url, &token, &location("LOCAL-1")).await;
    let details: Value = get_json(format!("{}/locations/{id}/details", emu.base_url), &token).await;
    assert_eq!(
        details["locationProvider"]["archivingPeriod"], 5,
        "{details}"
    );
    assert_eq!(
        details["locationProvider"]["endpoint"],
        Value::Null,
        "{details}"
    );
    // A remote provider's fetch starts at once; give one a moment, and see none started.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let counts = counters(&emu.admin_url).await;
    assert_eq!(counts["remote"]["fetches"], 0, "{counts}");
    emu.shutdown().await;
}
