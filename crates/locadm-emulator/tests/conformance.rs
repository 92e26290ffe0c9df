//! Conformance: every test vector, sent to the emulator, gets 400 exactly where the
//! local validation (`LocationBody::check_json`, `ProviderBody::check_json`) rejects it,
//! and success otherwise. The vectors cover each rule of the spec.

mod common;

use locadm_emulator::{EmulatorConfig, DEMO_PROVIDER_ID};
use locadm_model::{LocationBody, ProviderBody};
use serde_json::{json, Value};

use common::{client, demo_token, legacy_location, location, start};

/// `base` with `path` (dot-separated) set to `value`, or removed when `value` is `None`.
fn with(base: &Value, path: &str, value: Option<Value>) -> String {
    let mut body = base.clone();
    let mut target = &mut body;
    let parts: Vec<&str> = path.split('.').collect();
    for part in &parts[..parts.len() - 1] {
        target = &mut target[*part];
    }
    let last = parts[parts.len() - 1];
    match value {
        Some(v) => target[last] = v,
        None => {
            target.as_object_mut().unwrap().remove(last);
        }
    }
    body.to_string()
}

fn s(n: usize) -> Value {
    json!("x".repeat(n))
}

fn location_vectors() -> Vec<(String, String)> {
    let st = location("V-1");
    let lg = legacy_location("V-2");
    let mut v: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, text: String| v.push((name.to_string(), text));

    add("structured form", st.to_string());
    add("legacy form", lg.to_string());
    for required in [
        "storeId",
        "storeName",
        "latitude",
        "longitude",
        "locationProvider",
    ] {
        add(&format!("missing {required}"), with(&st, required, None));
    }
    add("storeId at 36", with(&st, "storeId", Some(s(36))));
    add("storeId at 37", with(&st, "storeId", Some(s(37))));
    add("storeId empty", with(&st, "storeId", Some(json!(""))));
    add("storeId a number", with(&st, "storeId", Some(json!(17))));
    add("storeName at 128", with(&st, "storeName", Some(s(128))));
    add("storeName at 129", with(&st, "storeName", Some(s(129))));
    add(
        "supplementaryName at 128",
        with(&st, "supplementaryName", Some(s(128))),
    );
    add(
        "supplementaryName at 129",
        with(&st, "supplementaryName", Some(s(129))),
    );

    // The structured form.
    for field in ["street", "city", "postCode", "countryCode"] {
        add(
            &format!("structured without {field}"),
            with(&st, &format!("structuredAddress.{field}"), None),
        );
    }
    for (field, max) in [
        ("street", 256),
        ("buildingName", 64),
        ("houseNumber", 64),
        ("city", 64),
        ("district", 64),
        ("province", 64),
        ("postCode", 16),
    ] {
        let path = format!("structuredAddress.{field}");
        add(&format!("{path} at {max}"), with(&st, &path, Some(s(max))));
        add(
            &format!("{path} at {}", max + 1),
            with(&st, &path, Some(s(max + 1))),
        );
    }
    for code in ["DE", "DEU", "276", "D", "DEUT", "27", "D1", "de", "XX"] {
        add(
            &format!("structured countryCode {code}"),
            with(&st, "structuredAddress.countryCode", Some(json!(code))),
        );
    }
    add(
        "structuredAddress unknown member",
        with(&st, "structuredAddress.floor", Some(json!("3"))),
    );
    add(
        "structuredAddress not an object",
        with(&st, "structuredAddress", Some(json!("Berlin"))),
    );

    // The legacy form.
    for field in ["address", "city", "postCode", "countryCode"] {
        add(&format!("legacy without {field}"), with(&lg, field, None));
    }
    for (field, max) in [("address", 256), ("city", 64), ("postCode", 16)] {
        add(&format!("{field} at {max}"), with(&lg, field, Some(s(max))));
        add(
            &format!("{field} at {}", max + 1),
            with(&lg, field, Some(s(max + 1))),
        );
    }
    for code in ["DE", "DEU", "276", "DEUT", "D", "1A"] {
        add(
            &format!("legacy countryCode {code}"),
            with(&lg, "countryCode", Some(json!(code))),
        );
    }
    add(
        "both address forms",
        with(
            &lg,
            "structuredAddress",
            Some(st["structuredAddress"].clone()),
        ),
    );
    let mut bare = lg.clone();
    for field in ["address", "city", "postCode", "countryCode"] {
        bare.as_object_mut().unwrap().remove(field);
    }
    add("no address", bare.to_string());

    // Coordinates.
    for (name, text) in [
        ("latitude -90", "-90"),
        ("latitude 90.00000000", "90.00000000"),
        ("latitude 90.1", "90.1"),
        ("latitude 8 decimals", "52.12345678"),
        ("latitude 9 decimals", "52.123456789"),
        ("latitude exponent", "5.2e1"),
    ] {
        add(name, st.to_string().replace("52.5219", text));
    }
    for (name, text) in [
        ("longitude 180", "180"),
        ("longitude -180.5", "-180.5"),
        ("longitude 123.12345678", "123.12345678"),
    ] {
        add(name, st.to_string().replace("13.41321", text));
    }
    add(
        "latitude a string",
        with(&st, "latitude", Some(json!("52.1"))),
    );
    add("longitude null", with(&st, "longitude", Some(Value::Null)));

    // The provider reference.
    add(
        "locationProvider.id not a UUID",
        with(&st, "locationProvider.id", Some(json!("demo"))),
    );
    add(
        "locationProvider not an object",
        with(&st, "locationProvider", Some(json!(DEMO_PROVIDER_ID))),
    );
    add(
        "locationProvider without id",
        with(&st, "locationProvider", Some(json!({}))),
    );
    add(
        "locationProvider extra member",
        with(&st, "locationProvider.name", Some(json!("Demo"))),
    );

    // Contact and display data.
    add(
        "telephoneNumber at 16",
        with(
            &st,
            "telephoneNumber",
            Some(json!("+".to_string() + &"1".repeat(15))),
        ),
    );
    add(
        "telephoneNumber at 17",
        with(&st, "telephoneNumber", Some(json!("1".repeat(17)))),
    );
    add(
        "email malformed",
        with(&st, "email", Some(json!("not-an-email"))),
    );
    add(
        "email local part 63",
        with(
            &st,
            "email",
            Some(json!(format!("{}@example.com", "a".repeat(63)))),
        ),
    );
    add(
        "email local part 64",
        with(
            &st,
            "email",
            Some(json!(format!("{}@example.com", "a".repeat(64)))),
        ),
    );
    add(
        "email domain part 64",
        with(
            &st,
            "email",
            Some(json!(format!("a@{}.com", "d".repeat(60)))),
        ),
    );
    add(
        "email over 127",
        with(
            &st,
            "email",
            Some(json!(format!(
                "{}@{}.{}.com",
                "a".repeat(60),
                "b".repeat(40),
                "c".repeat(30)
            ))),
        ),
    );
    add(
        "logoUrl valid",
        with(&st, "logoUrl", Some(json!("https://example.com/logo.png"))),
    );
    add(
        "logoUrl not a URL",
        with(&st, "logoUrl", Some(json!("logo.png"))),
    );
    add(
        "logoUrl at 129",
        with(
            &st,
            "logoUrl",
            Some(json!(format!("https://example.com/{}", "l".repeat(109)))),
        ),
    );
    add(
        "photoUrls array",
        with(&st, "photoUrls", Some(json!(["https://example.com/1.jpg"]))),
    );
    add(
        "photoUrls empty array",
        with(&st, "photoUrls", Some(json!([]))),
    );
    add(
        "photoUrls bad URL",
        with(&st, "photoUrls", Some(json!(["nope"]))),
    );
    add(
        "photoUrls joined over 512",
        with(
            &st,
            "photoUrls",
            Some(json!((0..30)
                .map(|i| format!("https://example.com/photo-{i}.jpg"))
                .collect::<Vec<_>>())),
        ),
    );
    add("photoUrls a number", with(&st, "photoUrls", Some(json!(3))));
    add(
        "photoUrls element with comma",
        with(
            &st,
            "photoUrls",
            Some(json!(["https://example.com/a,b.jpg"])),
        ),
    );
    add(
        "hasDisabledAccess a string",
        with(&st, "hasDisabledAccess", Some(json!("yes"))),
    );
    add("description at 512", with(&st, "description", Some(s(512))));
    add("description at 513", with(&st, "description", Some(s(513))));
    add(
        "description a number",
        with(&st, "description", Some(json!(5))),
    );
    add("tags empty", with(&st, "tags", Some(json!([]))));
    add("tags not an array", with(&st, "tags", Some(json!("a,b"))));
    add(
        "tags with a number",
        with(&st, "tags", Some(json!(["a", 1]))),
    );
    add(
        "translations object",
        with(
            &st,
            "translations",
            Some(json!({"de": {"storeName": "Sammelstelle"}})),
        ),
    );
    add(
        "translations not an object",
        with(&st, "translations", Some(json!(["de"]))),
    );
    add(
        "translations value not an object",
        with(&st, "translations", Some(json!({"de": "Sammelstelle"}))),
    );

    // The body as a whole.
    add("unknown property", with(&st, "colour", Some(json!("blue"))));
    let text = st.to_string();
    add(
        "duplicate property",
        format!("{{\"storeId\":\"DUP\",{}", &text[1..]),
    );
    add("an array", "[]".into());
    add("a string", "\"location\"".into());
    add("null", "null".into());
    add("malformed", "{\"storeId\": ".into());
    add("trailing garbage", format!("{text} x"));
    v
}

fn provider_vectors() -> Vec<(String, String)> {
    let base = json!({"name": "Demo Provider", "archivingPeriod": 7});
    let mut v: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, text: String| v.push((name.to_string(), text));
    add("minimal", base.to_string());
    add("missing name", with(&base, "name", None));
    add(
        "missing archivingPeriod",
        with(&base, "archivingPeriod", None),
    );
    add("name empty", with(&base, "name", Some(json!(""))));
    add("name at 128", with(&base, "name", Some(s(128))));
    add("name at 129", with(&base, "name", Some(s(129))));
    for (name, value) in [
        ("archivingPeriod 1", json!(1)),
        ("archivingPeriod 30", json!(30)),
        ("archivingPeriod 0", json!(0)),
        ("archivingPeriod 31", json!(31)),
        ("archivingPeriod -1", json!(-1)),
        ("archivingPeriod 1.5", json!(1.5)),
        ("archivingPeriod a string", json!("7")),
    ] {
        add(name, with(&base, "archivingPeriod", Some(value)));
    }
    for (name, value) in [
        ("details object text", json!("{\"region\":\"EU\"}")),
        ("details array text", json!("[1,2]")),
        ("details malformed text", json!("{region")),
        ("details scalar text", json!("1")),
        ("details a nested object", json!({"region": "EU"})),
    ] {
        add(name, with(&base, "details", Some(value)));
    }
    add(
        "endpoint valid",
        with(
            &base,
            "locationsSource",
            Some(json!({"endpoint": "http://127.0.0.1:9/locations"})),
        ),
    );
    add(
        "endpoint not a URL",
        with(
            &base,
            "locationsSource",
            Some(json!({"endpoint": "somewhere"})),
        ),
    );
    add(
        "endpoint at 257",
        with(
            &base,
            "locationsSource",
            Some(json!({"endpoint": format!("http://127.0.0.1:9/{}", "e".repeat(237))})),
        ),
    );
    add(
        "locationsSource without endpoint",
        with(&base, "locationsSource", Some(json!({}))),
    );
    add(
        "locationsSource extra member",
        with(
            &base,
            "locationsSource",
            Some(json!({"endpoint": "http://127.0.0.1:9/", "auth": "x"})),
        ),
    );
    add(
        "locationsSource a string",
        with(&base, "locationsSource", Some(json!("http://127.0.0.1:9/"))),
    );
    add(
        "unknown property",
        with(&base, "archived", Some(json!(true))),
    );
    add(
        "duplicate property",
        "{\"name\":\"A\",\"name\":\"B\",\"archivingPeriod\":3}".into(),
    );
    add("an array", "[]".into());
    add("malformed", "{".into());
    v
}

#[tokio::test]
async fn the_emulator_rejects_exactly_what_local_validation_rejects() {
    let emu = start(EmulatorConfig::default()).await;
    let token = demo_token(&emu).await;
    let c = client();
    // A location to send the update vectors to.
    let created = c
        .post(format!("{}/locations", emu.base_url))
        .bearer_auth(&token)
        .json(&location("TARGET"))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let href = created.json::<Value>().await.unwrap()["href"]
        .as_str()
        .unwrap()
        .to_string();

    let mut mismatches = Vec::new();
    let (mut valid, mut invalid) = (0, 0);
    for (name, text) in location_vectors() {
        let rejected = LocationBody::check_json(&text).is_err();
        if rejected {
            invalid += 1;
        } else {
            valid += 1;
        }
        for (method, url, ok) in [
            (
                reqwest::Method::POST,
                format!("{}/locations", emu.base_url),
                201,
            ),
            (reqwest::Method::PUT, format!("{}{href}", emu.base_url), 200),
        ] {
            let response = c
                .request(method.clone(), &url)
                .bearer_auth(&token)
                .header("Content-Type", "application/json")
                .body(text.clone())
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            let expected = if rejected { 400 } else { ok };
            if status != expected {
                mismatches.push(format!(
                    "location {method} `{name}`: {status}, expected {expected}"
                ));
            } else if rejected {
                let body: Value = response.json().await.unwrap();
                if !body["error"].is_string() {
                    mismatches.push(format!("location {method} `{name}`: no `error` message"));
                }
            }
        }
    }
    assert!(
        valid >= 20 && invalid >= 50,
        "valid {valid}, invalid {invalid}"
    );

    let (mut valid, mut invalid) = (0, 0);
    for (name, text) in provider_vectors() {
        let rejected = ProviderBody::check_json(&text).is_err();
        if rejected {
            invalid += 1;
        } else {
            valid += 1;
        }
        let response = c
            .put(format!(
                "{}/locationProviders/{DEMO_PROVIDER_ID}",
                emu.base_url
            ))
            .bearer_auth(&token)
            .header("Content-Type", "application/json")
            .body(text.clone())
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let expected = if rejected { 400 } else { 200 };
        if status != expected {
            mismatches.push(format!("provider `{name}`: {status}, expected {expected}"));
        }
    }
    assert!(
        valid >= 5 && invalid >= 15,
        "valid {valid}, invalid {invalid}"
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    emu.shutdown().await;
}
