//! Every rule of the spec at its limit (accepted) and one over (rejected, with the
//! property named by its JSON path).

use serde_json::{json, Value};

use super::{Link, LocationBody, Problems, ProviderBody, Severity};

const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

/// A valid structured-form body.
fn structured() -> Value {
    json!({
        "storeId": "BER-001",
        "storeName": "Alexanderplatz",
        "structuredAddress": {
            "street": "Alexanderplatz",
            "city": "Berlin",
            "postCode": "10178",
            "countryCode": "DE"
        },
        "latitude": 52.5219,
        "longitude": 13.41321,
        "locationProvider": { "id": PROVIDER }
    })
}

/// A valid legacy-form body.
fn legacy() -> Value {
    json!({
        "storeId": "BER-002",
        "storeName": "Mitte",
        "address": "Alexanderplatz 1",
        "city": "Berlin",
        "postCode": "10178",
        "countryCode": "DE",
        "latitude": 52.5219,
        "longitude": 13.41321,
        "locationProvider": { "id": PROVIDER }
    })
}

fn provider() -> Value {
    json!({ "name": "Acme", "archivingPeriod": 7 })
}

/// Sets `path` (dotted) in `body` to `value`.
fn with(mut body: Value, path: &str, value: Value) -> Value {
    let mut target = &mut body;
    let mut parts = path.split('.').peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            target[part] = value;
            break;
        }
        target = &mut target[part];
    }
    body
}

fn without(mut body: Value, path: &str) -> Value {
    let (parent, leaf) = match path.rsplit_once('.') {
        Some((p, l)) => (Some(p), l),
        None => (None, path),
    };
    let mut target = &mut body;
    if let Some(parent) = parent {
        for part in parent.split('.') {
            target = &mut target[part];
        }
    }
    target.as_object_mut().unwrap().remove(leaf);
    body
}

#[track_caller]
fn accepts(body: &Value) {
    if let Err(problems) = LocationBody::check_json(&body.to_string()) {
        panic!("rejected: {problems}\nbody: {body}");
    }
}

#[track_caller]
fn rejects(body: &Value) -> Problems {
    match LocationBody::check_json(&body.to_string()) {
        Ok(_) => panic!("accepted: {body}"),
        Err(problems) => problems,
    }
}

/// Rejected with exactly one error, at `path`, whose message contains `fragment`.
#[track_caller]
fn rejects_at(body: &Value, path: &str, fragment: &str) {
    let problems = rejects(body);
    assert_one(&problems, path, fragment);
}

#[track_caller]
fn assert_one(problems: &Problems, path: &str, fragment: &str) {
    let errors: Vec<_> = problems.errors().collect();
    assert_eq!(errors.len(), 1, "one error expected, got: {problems}");
    assert_eq!(errors[0].property, path, "{problems}");
    assert!(
        errors[0].message.contains(fragment),
        "`{fragment}` not in `{}`",
        errors[0].message
    );
    if !path.is_empty() {
        assert!(errors[0].to_string().starts_with(&format!("{path}: ")));
    }
}

#[track_caller]
fn provider_accepts(body: &Value) -> ProviderBody {
    match ProviderBody::check_json(&body.to_string()) {
        Ok(checked) => checked.body,
        Err(problems) => panic!("rejected: {problems}\nbody: {body}"),
    }
}

#[track_caller]
fn provider_rejects_at(body: &Value, path: &str, fragment: &str) {
    match ProviderBody::check_json(&body.to_string()) {
        Ok(_) => panic!("accepted: {body}"),
        Err(problems) => assert_one(&problems, path, fragment),
    }
}

fn s(n: usize) -> Value {
    Value::String("x".repeat(n))
}

/// Each maximum length: at the limit accepted, one over rejected with
/// `N characters, at most M` under the property's path.
#[test]
fn every_max_length_at_the_limit_and_one_over() {
    let structured_cases = [
        ("storeId", 36),
        ("storeName", 128),
        ("supplementaryName", 128),
        ("structuredAddress.street", 256),
        ("structuredAddress.buildingName", 64),
        ("structuredAddress.houseNumber", 64),
        ("structuredAddress.city", 64),
        ("structuredAddress.district", 64),
        ("structuredAddress.province", 64),
        ("structuredAddress.postCode", 16),
        ("telephoneNumber", 16),
        ("description", 512),
    ];
    let legacy_cases = [("address", 256), ("city", 64), ("postCode", 16)];
    for (cases, base) in [
        (&structured_cases[..], structured as fn() -> Value),
        (&legacy_cases[..], legacy),
    ] {
        for &(path, max) in cases {
            accepts(&with(base(), path, s(max)));
            rejects_at(
                &with(base(), path, s(max + 1)),
                path,
                &format!("{} characters, at most {max}", max + 1),
            );
        }
    }
}

#[test]
fn lengths_count_characters_not_bytes() {
    for unit in ["ü", "😀", "中"] {
        for (path, max) in [
            ("storeId", 36),
            ("storeName", 128),
            ("structuredAddress.city", 64),
            ("structuredAddress.postCode", 16),
            ("description", 512),
        ] {
            let at = Value::String(unit.repeat(max));
            assert!(at.as_str().unwrap().len() > max, "multi-byte");
            accepts(&with(structured(), path, at));
            rejects_at(
                &with(structured(), path, Value::String(unit.repeat(max + 1))),
                path,
                &format!("{} characters, at most {max}", max + 1),
            );
        }
    }
    // Mixed: 35 ASCII + one emoji is 36 characters.
    accepts(&with(
        structured(),
        "storeId",
        json!(format!("{}😀", "a".repeat(35))),
    ));
}

#[test]
fn structured_country_code_is_16_long_at_most_but_must_have_a_code_shape() {
    let p = "structuredAddress.countryCode";
    for code in ["DE", "DEU", "276", "de"] {
        accepts(&with(structured(), p, json!(code)));
    }
    // 16 characters fit the length but not the shape; 17 break the length.
    rejects_at(&with(structured(), p, s(16)), p, "not a country code");
    rejects_at(
        &with(structured(), p, s(17)),
        p,
        "17 characters, at most 16",
    );
    for bad in ["D", "DEUT", "D1", "27", "2760", "DE1", ""] {
        rejects_at(&with(structured(), p, json!(bad)), p, "not a country code");
    }
}

#[test]
fn legacy_country_code_is_3_long_at_most() {
    accepts(&with(legacy(), "countryCode", json!("DEU")));
    accepts(&with(legacy(), "countryCode", json!("276")));
    rejects_at(
        &with(legacy(), "countryCode", json!("DEUT")),
        "countryCode",
        "4 characters, at most 3",
    );
    rejects_at(
        &with(legacy(), "countryCode", json!("D1")),
        "countryCode",
        "not a country code",
    );
}

#[test]
fn an_unassigned_country_code_is_a_warning() {
    let checked = LocationBody::check_json(&with(legacy(), "countryCode", json!("XK")).to_string())
        .expect("a warning does not reject");
    let warnings: Vec<_> = checked.warnings.warnings().collect();
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].property, "countryCode");
    assert_eq!(warnings[0].severity, Severity::Warning);
}

#[test]
fn email_total_and_part_limits() {
    let local63 = "l".repeat(63);
    let domain63 = format!("{}.com", "d".repeat(59));
    assert_eq!(domain63.len(), 63);
    // 63 + 1 + 63 = 127: every limit at once.
    let at_limit = format!("{local63}@{domain63}");
    assert_eq!(at_limit.len(), 127);
    accepts(&with(structured(), "email", json!(at_limit)));
    accepts(&with(structured(), "email", json!("a@example.com")));

    rejects_at(
        &with(
            structured(),
            "email",
            json!(format!("{local63}l@example.com")),
        ),
        "email",
        "local part is 64 characters, at most 63",
    );
    rejects_at(
        &with(structured(), "email", json!(format!("a@d{domain63}"))),
        "email",
        "domain part is 64 characters, at most 63",
    );
    // 128 in all (parts within their own limits would need 64: the total is met first).
    rejects_at(
        &with(
            structured(),
            "email",
            json!(format!("{local63}@d{domain63}")),
        ),
        "email",
        "128 characters, at most 127",
    );
    for bad in ["no-at-sign", "a@", "@example.com", "a b@example.com"] {
        rejects_at(&with(structured(), "email", json!(bad)), "email", "");
    }
}

fn url_of_len(n: usize) -> String {
    let prefix = "https://example.com/";
    format!("{prefix}{}", "p".repeat(n - prefix.len()))
}

#[test]
fn logo_url_128_and_absolute() {
    accepts(&with(structured(), "logoUrl", json!(url_of_len(128))));
    rejects_at(
        &with(structured(), "logoUrl", json!(url_of_len(129))),
        "logoUrl",
        "129 characters, at most 128",
    );
    rejects_at(
        &with(structured(), "logoUrl", json!("/logo.png")),
        "logoUrl",
        "not an absolute URL",
    );
    rejects_at(
        &with(structured(), "logoUrl", json!("https://exa mple.com/")),
        "logoUrl",
        "a space at character 12 is not allowed",
    );
}

#[test]
fn photo_urls_512_in_the_joined_form_in_either_input_form() {
    // 4 URLs of 127 characters and 3 commas: 511; one of 128 makes 512.
    let urls = |last: usize| {
        vec![
            url_of_len(127),
            url_of_len(127),
            url_of_len(127),
            url_of_len(last),
        ]
    };
    let at = urls(128);
    let over = urls(129);
    assert_eq!(at.join(",").chars().count(), 512);
    accepts(&with(structured(), "photoUrls", json!(at)));
    accepts(&with(structured(), "photoUrls", json!(at.join(","))));
    for over in [json!(over), json!(over.join(","))] {
        rejects_at(
            &with(structured(), "photoUrls", over),
            "photoUrls",
            "513 characters as a comma-separated list, at most 512",
        );
    }
    // Each element must be an absolute URL; the message names the element.
    rejects_at(
        &with(
            structured(),
            "photoUrls",
            json!(["https://a.example/1.jpg", "2.jpg"]),
        ),
        "photoUrls[1]",
        "not an absolute URL",
    );
    rejects_at(
        &with(
            structured(),
            "photoUrls",
            json!("https://a.example/1.jpg,2.jpg"),
        ),
        "photoUrls[1]",
        "not an absolute URL",
    );
    rejects_at(
        &with(
            structured(),
            "photoUrls",
            json!(["https://a.example/1,2.jpg"]),
        ),
        "photoUrls[0]",
        "comma",
    );
    accepts(&with(structured(), "photoUrls", json!([])));
    accepts(&with(structured(), "photoUrls", json!("")));
    rejects_at(
        &with(structured(), "photoUrls", json!(5)),
        "photoUrls",
        "not a number",
    );
}

#[test]
fn required_fields() {
    for path in [
        "storeId",
        "storeName",
        "latitude",
        "longitude",
        "locationProvider",
    ] {
        rejects_at(
            &without(structured(), path),
            path,
            "required property is missing",
        );
    }
    rejects_at(
        &without(structured(), "locationProvider.id"),
        "locationProvider.id",
        "required property is missing",
    );
    for path in ["street", "city", "postCode", "countryCode"] {
        let path = format!("structuredAddress.{path}");
        rejects_at(
            &without(structured(), &path),
            &path,
            "required in the structured address form",
        );
    }
    for path in ["storeId", "storeName", "structuredAddress.street"] {
        rejects_at(
            &with(structured(), path, json!("  ")),
            path,
            "must not be empty",
        );
    }
}

/// The field catalogue's `required` (which the interactive form asks by) is what the
/// rules require: a body without any field the catalogue requires is rejected, and the
/// sample bodies carry nothing it calls optional.
#[test]
fn the_catalogue_requires_what_the_rules_require() {
    use crate::fields::{Form, Required, LOCATION};
    for field in LOCATION {
        let body = match field.form {
            Form::Legacy => legacy(),
            Form::Structured | Form::Any => structured(),
        };
        let present = field
            .path
            .split('.')
            .try_fold(&body, |value, part| value.get(part))
            .is_some();
        match field.required {
            Required::Always | Required::InItsForm => {
                rejects(&without(body, field.path));
            }
            Required::No => assert!(!present, "{} is in the sample body", field.path),
        }
    }
}

#[test]
fn unknown_properties_top_level_and_nested() {
    rejects_at(
        &with(structured(), "storeID", json!("x")),
        "storeID",
        "unknown property",
    );
    rejects_at(
        &with(structured(), "structuredAddress.streetName", json!("x")),
        "structuredAddress.streetName",
        "unknown property",
    );
    rejects_at(
        &with(structured(), "locationProvider.name", json!("x")),
        "locationProvider.name",
        "unknown property",
    );
    provider_rejects_at(
        &with(provider(), "id", json!(PROVIDER)),
        "id",
        "unknown property",
    );
    let nested = with(
        provider(),
        "locationsSource",
        json!({"endpoint": "https://a.example/", "method": "GET"}),
    );
    match ProviderBody::check_json(&nested.to_string()) {
        Ok(_) => panic!("accepted"),
        Err(p) => assert_one(&p, "locationsSource.method", "unknown property"),
    }
}

#[test]
fn duplicate_properties_are_rejected() {
    let text = structured()
        .to_string()
        .replacen('{', "{\"storeId\":\"A\",", 1);
    match LocationBody::check_json(&text) {
        Ok(_) => panic!("accepted"),
        Err(p) => assert_one(&p, "storeId", "appears more than once"),
    }
}

#[test]
fn both_address_forms_are_accepted_and_keep_their_fields() {
    let full = with(
        with(
            with(
                with(
                    structured(),
                    "structuredAddress.buildingName",
                    json!("Haus"),
                ),
                "structuredAddress.houseNumber",
                json!("1a"),
            ),
            "structuredAddress.district",
            json!("Mitte"),
        ),
        "structuredAddress.province",
        json!("Berlin"),
    );
    let checked = LocationBody::check_json(&full.to_string()).unwrap().body;
    let address = checked.structured_address.unwrap();
    assert_eq!(address.house_number.as_deref(), Some("1a"));
    assert_eq!(address.country_code, "DE");
    assert!(checked.address.is_none() && checked.city.is_none());

    let checked = LocationBody::check_json(&legacy().to_string())
        .unwrap()
        .body;
    assert!(checked.structured_address.is_none());
    assert_eq!(checked.address.as_deref(), Some("Alexanderplatz 1"));
    assert_eq!(checked.country_code.as_deref(), Some("DE"));
}

#[test]
fn address_mixes_and_partial_forms_name_the_fields() {
    // A mix: the legacy fields present are named.
    let mix = with(
        with(structured(), "city", json!("Berlin")),
        "address",
        json!("x"),
    );
    let p = rejects(&mix);
    assert_one(&p, "structuredAddress", "mutually exclusive");
    let msg = &p.errors().next().unwrap().message;
    assert!(msg.contains("`address`") && msg.contains("`city`"), "{msg}");
    assert!(!msg.contains("`postCode`"), "{msg}");

    // A partial legacy form: the missing fields are named.
    let partial = without(without(legacy(), "postCode"), "countryCode");
    let p = rejects(&partial);
    assert_one(&p, "postCode", "missing `postCode`, `countryCode`");

    let only_city = without(
        without(without(legacy(), "address"), "postCode"),
        "countryCode",
    );
    let p = rejects(&only_city);
    assert_one(
        &p,
        "address",
        "missing `address`, `postCode`, `countryCode`",
    );

    // No address at all.
    let none = without(structured(), "structuredAddress");
    let p = rejects(&none);
    assert_one(&p, "", "an address is required");

    // An invalid legacy field still counts as present for the form.
    let p = rejects(&with(legacy(), "city", s(65)));
    assert_one(&p, "city", "65 characters, at most 64");
}

#[test]
fn coordinates_format_11_8_and_ranges() {
    for (path, limit) in [("latitude", 90), ("longitude", 180)] {
        for ok in [
            json!(limit),
            json!(-limit),
            json!(0),
            json!(-0.0),
            json!(1.12345678),
        ] {
            accepts(&with(structured(), path, ok));
        }
        // Set the raw text of the number so that it is seen as written.
        let body_with = |text: &str| -> String {
            let mut v = structured();
            v.as_object_mut().unwrap().remove(path);
            let s = v.to_string();
            format!("{},\"{path}\":{text}}}", &s[..s.len() - 1])
        };
        let check = |text: &str| LocationBody::check_json(&body_with(text));
        assert!(check("12.12345678").is_ok());
        assert!(check(&format!("{limit}.00000000")).is_ok());
        let p = check("12.123456789").unwrap_err();
        assert_one(&p, path, "9 decimals, at most 8 (format 11,8)");
        // Trailing zeros count: the number is sent as written.
        let p = check("1.000000000").unwrap_err();
        assert_one(&p, path, "9 decimals, at most 8");
        let p = check("1000").unwrap_err();
        assert_one(&p, path, "4 integer digits, at most 3");
        let p = check(&format!("{limit}.00000001")).unwrap_err();
        assert_one(&p, path, "out of range");
        let p = check(&format!("-{limit}.1")).unwrap_err();
        assert_one(&p, path, &format!("out of range -{limit} to {limit}"));
        // A string, even one holding a number, is an error.
        let p = check("\"52.1\"").unwrap_err();
        assert_one(&p, path, "must be a number, not the string \"52.1\"");
        let p = check("null").unwrap_err();
        assert_one(&p, path, "must be a number, not null");
        let p = check("true").unwrap_err();
        assert_one(&p, path, "not a boolean");
    }
    // Latitude's range is not longitude's.
    accepts(&with(structured(), "longitude", json!(179.5)));
    rejects_at(
        &with(structured(), "latitude", json!(90.5)),
        "latitude",
        "out of range",
    );
}

#[test]
fn coordinates_are_sent_as_written() {
    let text = r#"{"storeId":"A","storeName":"B","structuredAddress":{"street":"S","city":"C","postCode":"1","countryCode":"DE"},"latitude":52.1,"longitude":-0.10000000,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}"#;
    let checked = LocationBody::check_json(text).unwrap().body;
    assert_eq!(checked.latitude.as_str(), "52.1");
    let sent = serde_json::to_string(&checked).unwrap();
    assert!(sent.contains("\"latitude\":52.1,"), "{sent}");
    assert!(sent.contains("\"longitude\":-0.10000000,"), "{sent}");
    assert!(!sent.contains("52.100000000000001"), "{sent}");
    // Exponent forms are counted as their value.
    let e = text.replace("52.1", "5.21e1");
    assert!(LocationBody::check_json(&e).is_ok());
    let e = text.replace("52.1", "5.2e2");
    assert_one(
        &LocationBody::check_json(&e).unwrap_err(),
        "latitude",
        "out of range",
    );
}

#[test]
fn provider_id_must_be_a_uuid() {
    accepts(&with(
        structured(),
        "locationProvider.id",
        json!(PROVIDER.to_uppercase()),
    ));
    rejects_at(
        &with(
            structured(),
            "locationProvider.id",
            json!("8f2c6e2a-3b1d-4c5e-9f7a"),
        ),
        "locationProvider.id",
        "is not a UUID",
    );
    rejects_at(
        &with(structured(), "locationProvider.id", json!(42)),
        "locationProvider.id",
        "must be a string, not a number",
    );
    rejects_at(
        &with(structured(), "locationProvider", json!(PROVIDER)),
        "locationProvider",
        "must be an object",
    );
}

#[test]
fn description_may_be_null_nothing_else_may() {
    let checked =
        LocationBody::check_json(&with(structured(), "description", Value::Null).to_string())
            .unwrap()
            .body;
    assert_eq!(checked.description, Some(None));
    let sent = serde_json::to_string(&checked).unwrap();
    assert!(sent.contains("\"description\":null"), "{sent}");

    for path in [
        "storeId",
        "storeName",
        "supplementaryName",
        "structuredAddress",
        "structuredAddress.street",
        "structuredAddress.buildingName",
        "structuredAddress.countryCode",
        "locationProvider",
        "locationProvider.id",
        "telephoneNumber",
        "email",
        "logoUrl",
        "photoUrls",
        "hasDisabledAccess",
        "tags",
        "translations",
    ] {
        rejects_at(&with(structured(), path, Value::Null), path, "not null");
    }
    for path in ["address", "city", "postCode", "countryCode"] {
        rejects_at(&with(legacy(), path, Value::Null), path, "not null");
    }
    provider_rejects_at(&with(provider(), "name", Value::Null), "name", "null");
    provider_rejects_at(&with(provider(), "details", Value::Null), "details", "null");
    provider_rejects_at(
        &with(provider(), "archivingPeriod", Value::Null),
        "archivingPeriod",
        "null",
    );
}

#[test]
fn other_types() {
    accepts(&with(structured(), "hasDisabledAccess", json!(false)));
    rejects_at(
        &with(structured(), "hasDisabledAccess", json!("true")),
        "hasDisabledAccess",
        "must be a boolean",
    );
    accepts(&with(structured(), "tags", json!(["a", "ü😀"])));
    rejects_at(
        &with(structured(), "tags", json!("a")),
        "tags",
        "array of strings",
    );
    rejects_at(
        &with(structured(), "tags", json!(["a", 1])),
        "tags[1]",
        "must be a string",
    );
    accepts(&with(
        structured(),
        "translations",
        json!({"de": {"storeName": "x"}}),
    ));
    rejects_at(
        &with(structured(), "translations", json!({"de": "x"})),
        "translations.de",
        "a translation object",
    );
    rejects_at(
        &with(structured(), "storeName", json!(12)),
        "storeName",
        "must be a string, not a number",
    );
}

#[test]
fn all_problems_of_a_body_are_reported_at_once() {
    let body = with(
        with(
            with(
                with(
                    with(structured(), "storeId", s(37)),
                    "latitude",
                    json!("52.1"),
                ),
                "colour",
                json!("red"),
            ),
            "structuredAddress.postCode",
            s(17),
        ),
        "email",
        json!("not-an-email"),
    );
    let problems = rejects(&body);
    let paths: Vec<&str> = problems.errors().map(|p| p.property.as_str()).collect();
    assert_eq!(problems.errors().count(), 5, "{problems}");
    for path in [
        "storeId",
        "latitude",
        "colour",
        "structuredAddress.postCode",
        "email",
    ] {
        assert!(paths.contains(&path), "{path} not in {paths:?}");
    }
    // Displayed one a line.
    assert_eq!(problems.to_string().lines().count(), 5);

    let provider = json!({"name": s(129), "archivingPeriod": 31, "details": {}, "x": 1,
        "locationsSource": {"endpoint": "ftp://a.example/"}});
    let problems = ProviderBody::check_json(&provider.to_string()).unwrap_err();
    assert_eq!(problems.errors().count(), 5, "{problems}");
}

#[test]
fn text_that_is_not_an_object() {
    assert_one(
        &LocationBody::check_json("[1]").unwrap_err(),
        "",
        "must be a JSON object, not an array",
    );
    assert_one(
        &LocationBody::check_json("{\"a\":").unwrap_err(),
        "",
        "not valid JSON",
    );
    assert_one(
        &ProviderBody::check_json("7").unwrap_err(),
        "",
        "not a number",
    );
}

// ---- provider ----

#[test]
fn provider_name_128() {
    provider_accepts(&with(provider(), "name", s(128)));
    provider_accepts(&with(provider(), "name", json!("ü".repeat(128))));
    provider_rejects_at(
        &with(provider(), "name", s(129)),
        "name",
        "129 characters, at most 128",
    );
    provider_rejects_at(
        &with(provider(), "name", json!("")),
        "name",
        "must not be empty",
    );
    provider_rejects_at(
        &without(provider(), "name"),
        "name",
        "required property is missing",
    );
}

#[test]
fn provider_endpoint_256_and_http() {
    let p = "locationsSource.endpoint";
    let body = |url: String| with(provider(), "locationsSource", json!({ "endpoint": url }));
    let got = provider_accepts(&body(url_of_len(256)));
    assert_eq!(
        got.locations_source.unwrap().endpoint.map(|e| e.len()),
        Some(256)
    );
    provider_accepts(&body("http://a.example/x".into()));
    provider_rejects_at(&body(url_of_len(257)), p, "257 characters, at most 256");
    provider_rejects_at(&body("ftp://a.example/x".into()), p, "http or https");
    provider_rejects_at(&body("a.example/x".into()), p, "not an absolute URL");
    // Issue 14, item 13: `endpoint` is optional; an empty `locationsSource` is a provider
    // that is not remote, sent as it was given.
    let got = provider_accepts(&with(provider(), "locationsSource", json!({})));
    assert_eq!(got.locations_source.as_ref().unwrap().endpoint, None);
    assert!(serde_json::to_string(&got)
        .unwrap()
        .contains(r#""locationsSource":{}"#));
    let twice = r#"{"name":"Acme","archivingPeriod":7,"locationsSource":{"endpoint":"https://a.example/","endpoint":"https://b.example/"}}"#;
    let problems = ProviderBody::check_json(twice).unwrap_err();
    assert_eq!(
        problems.to_string(),
        "locationsSource.endpoint: appears more than once"
    );
    provider_rejects_at(
        &with(provider(), "locationsSource", json!("https://a.example/")),
        "locationsSource",
        "must be an object",
    );
}

#[test]
fn provider_details_is_a_string_holding_json() {
    for ok in [r#"{"a":1}"#, "[]", r#" {"nested": {"b": [1, 2]}} "#] {
        let got = provider_accepts(&with(provider(), "details", json!(ok)));
        assert_eq!(got.details.as_deref(), Some(ok));
    }
    provider_rejects_at(
        &with(provider(), "details", json!({"a": 1})),
        "details",
        "must be a string",
    );
    provider_rejects_at(
        &with(provider(), "details", json!("{\"a\":")),
        "details",
        "does not hold well-formed JSON",
    );
    // RFC 4627: a JSON text is an object or an array.
    provider_rejects_at(
        &with(provider(), "details", json!("7")),
        "details",
        "RFC 4627",
    );
}

#[test]
fn provider_archiving_period_1_to_30() {
    for ok in [1, 30] {
        assert_eq!(
            provider_accepts(&with(provider(), "archivingPeriod", json!(ok))).archiving_period,
            ok as u8
        );
    }
    let a = "archivingPeriod";
    provider_rejects_at(
        &with(provider(), a, json!(0)),
        a,
        "0 is out of range 1 to 30",
    );
    provider_rejects_at(
        &with(provider(), a, json!(31)),
        a,
        "31 is out of range 1 to 30",
    );
    provider_rejects_at(&with(provider(), a, json!(-1)), a, "out of range");
    provider_rejects_at(&with(provider(), a, json!(1.5)), a, "1.5 is not an integer");
    // Integers beyond 64 bits, as written: out of range, not "not an integer".
    for big in [
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551616",
        "123456789012345678901234567890",
    ] {
        let text = format!(r#"{{"name":"Acme","archivingPeriod":{big}}}"#);
        let problems = ProviderBody::check_json(&text).unwrap_err();
        let found = problems.iter().find(|p| p.property == a).unwrap();
        assert_eq!(
            found.message,
            format!("{big} is out of range 1 to 30"),
            "{big}"
        );
    }
    provider_rejects_at(&with(provider(), a, json!(7.0)), a, "is not an integer");
    provider_rejects_at(
        &with(provider(), a, json!("7")),
        a,
        "must be an integer, not the string \"7\"",
    );
    provider_rejects_at(&without(provider(), a), a, "required property is missing");
    // Huge numbers do not overflow into the range.
    let text = r#"{"name":"A","archivingPeriod":18446744073709551623}"#;
    assert_one(&ProviderBody::check_json(text).unwrap_err(), a, "");
}

#[test]
fn a_nested_duplicate_is_named_as_such_once() {
    let id = format!(r#"{{"id":"x","id":"{PROVIDER}"}}"#);
    let text = structured()
        .to_string()
        .replace(&format!(r#"{{"id":"{PROVIDER}"}}"#), &id);
    let problems = LocationBody::check_json(&text).unwrap_err();
    let messages: Vec<String> = problems.errors().map(|p| p.to_string()).collect();
    assert_eq!(
        messages,
        [
            // Repeated names first: they are found before any value is read.
            "locationProvider.id: appears more than once",
            "locationProvider.id: `x` is not a UUID"
        ]
    );
    let text = r#"{"name":"A","archivingPeriod":1,"locationsSource":{"endpoint":"https://a.example/","endpoint":"https://b.example/"}}"#;
    assert_one(
        &ProviderBody::check_json(text).unwrap_err(),
        "locationsSource.endpoint",
        "appears more than once",
    );
}

/// JSON's grammar allows a lone surrogate escape (`"\ud800"`), which no Rust string can
/// hold: wherever one appears it is a problem of its property, never a panic (found by
/// the fuzzer in `photoUrls`).
#[test]
fn a_lone_surrogate_is_a_problem_of_its_property() {
    let lone = r#""a\ud800b""#;
    let cases = [
        ("storeName", "storeName"),
        ("photoUrls", "photoUrls"),
        ("structuredAddress.city", "structuredAddress.city"),
        ("tags", "tags[0]"),
        ("translations", "translations.de"),
    ];
    for (field, path) in cases {
        let placeholder = "\"PLACEHOLDER\"";
        let value = match field {
            "tags" => json!([placeholder]),
            "translations" => json!({ "de": { "storeName": placeholder } }),
            _ => json!(placeholder),
        };
        let text = with(structured(), field, value)
            .to_string()
            .replace(&json!(placeholder).to_string(), lone);
        assert!(text.contains(r"\ud800"), "{text}");
        let problems = LocationBody::check_json(&text).unwrap_err();
        assert_one(&problems, path, "not Unicode text");
    }
    // In a member name of a nested object.
    let text = structured()
        .to_string()
        .replace(r#""street":"#, r#""st\udc00reet":"#);
    assert_one(
        &LocationBody::check_json(&text).unwrap_err(),
        "structuredAddress",
        "member name that holds an escape that is not Unicode text",
    );
    let text = r#"{"name":"A","archivingPeriod":1,"locationsSource":{"end\ud800point":"https://a.example/"}}"#;
    assert_one(
        &ProviderBody::check_json(text).unwrap_err(),
        "locationsSource",
        "not Unicode text",
    );
}

/// Issue 14, item 9: a blank address part is refused in both forms alike.
#[test]
fn blank_address_parts_are_refused_in_both_forms() {
    for blank in ["", " ", "\t"] {
        for field in ["address", "city", "postCode"] {
            let body = with(legacy(), field, json!(blank));
            let problems = LocationBody::check_json(&body.to_string()).unwrap_err();
            assert!(
                problems
                    .iter()
                    .any(|p| p.property == field && p.message == "must not be empty"),
                "{field} {blank:?}: {problems}"
            );
        }
    }
}

/// Issue 14, item 2: a mailbox with a display name is not an e-mail address.
#[test]
fn a_display_name_is_not_an_email_address() {
    for mailbox in [
        "Pickup <pickup@example.com>",
        "<pickup@example.com>",
        "\"Pick Up\" <pickup@example.com>",
    ] {
        let body = with(legacy(), "email", json!(mailbox));
        let problems = LocationBody::check_json(&body.to_string()).unwrap_err();
        assert!(
            problems.iter().any(|p| p.property == "email"),
            "{mailbox}: {problems}"
        );
    }
    let ok = with(legacy(), "email", json!("pickup@example.com"));
    LocationBody::check_json(&ok.to_string()).unwrap();
}

/// Issue 14, item 3: a coordinate whose exponent is beyond 64 bits is counted as written.
#[test]
fn huge_negative_exponents_are_too_many_decimals() {
    // Each was read as its mantissa alone (a valid 12, 1 or 5.5) before.
    for number in [
        "12e-99999999999999999999",
        "1e-9223372036854775809",
        "5.5e-184467440737095516160",
    ] {
        let text = legacy().to_string().replacen(
            "\"latitude\":52.5219",
            &format!("\"latitude\":{number}"),
            1,
        );
        assert!(text.contains(number), "{text}");
        let problems = LocationBody::check_json(&text).unwrap_err();
        // Issue 56: named with the number, never a count saturated at 2^63 - 1.
        let said = format!("`{number}` has more than a million decimals once its exponent is applied, at most 8 (format 11,8)");
        assert!(
            problems
                .iter()
                .any(|p| p.property == "latitude" && p.message == said),
            "{number}: {problems}"
        );
        assert!(
            !problems.to_string().contains("9223372036854775807"),
            "{problems}"
        );
    }
    // A count that is small enough is the count, with the number it comes from.
    let text = legacy()
        .to_string()
        .replacen("\"latitude\":52.5219", "\"latitude\":1.5e-9", 1);
    let problems = LocationBody::check_json(&text).unwrap_err();
    assert!(
        problems.iter().any(|p| p.message
            == "`1.5e-9` has 10 decimals once its exponent is applied, at most 8 (format 11,8)"),
        "{problems}"
    );
}

/// `depth` levels of nesting inside a translation (the body itself is level 1).
fn nested_translation(depth: usize) -> String {
    let base = serde_json::to_string(&structured()).unwrap();
    let inner = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
    base.replacen('{', &format!("{{\"translations\":{{\"de\":{inner}}},"), 1)
}

/// Issue 14, item 4: a body nested beyond the documented limit is refused by that limit,
/// named by the member it is in, whatever the depth (not "an escape that is not Unicode").
#[test]
fn nesting_beyond_the_limit_is_refused_by_the_limit() {
    use super::json::MAX_DEPTH;
    // Level 1 the body, 2 `translations`, then `depth` levels from `de`'s value on.
    assert!(LocationBody::check_json(&nested_translation(MAX_DEPTH - 2)).is_ok());
    for depth in [MAX_DEPTH - 1, MAX_DEPTH + 10, 127, 128, 129, 5000] {
        let problems = LocationBody::check_json(&nested_translation(depth)).unwrap_err();
        assert_eq!(
            problems.to_string(),
            format!("translations: is nested deeper than {MAX_DEPTH} levels (the limit of a body)"),
            "depth {depth}"
        );
    }
    let deep_details = format!("{}{}", "[".repeat(40), "]".repeat(40));
    let problems = ProviderBody::check_json(
        &serde_json::to_string(&with(provider(), "details", json!(deep_details))).unwrap(),
    )
    .unwrap_err();
    assert!(problems.to_string().starts_with("details: "), "{problems}");
    assert!(
        problems.to_string().contains("nested deeper than 32"),
        "{problems}"
    );
}

/// Issue 14, item 8: an object of more members than the limit is one problem naming the
/// member and the limit, in the body or any object in it.
#[test]
fn objects_beyond_the_member_limit_are_refused_by_the_limit() {
    use super::json::MAX_MEMBERS;
    let base = serde_json::to_string(&structured()).unwrap();
    let members = |n: usize, value: &str| -> String {
        (0..n)
            .map(|i| format!("\"m{i}\":{value}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let top = base.replacen('{', &format!("{{{},", members(MAX_MEMBERS, "1")), 1);
    let problems = LocationBody::check_json(&top).unwrap_err();
    assert_eq!(
        problems.to_string(),
        format!(
            "the body has {} members, at most {MAX_MEMBERS} in one object",
            MAX_MEMBERS + structured().as_object().unwrap().len()
        )
    );
    for (n, expected) in [
        (
            MAX_MEMBERS + 1,
            format!(
                "translations: has {} members, at most {MAX_MEMBERS} in one object",
                MAX_MEMBERS + 1
            ),
        ),
        (
            100_000,
            format!("translations: has 100000 members, at most {MAX_MEMBERS} in one object"),
        ),
    ] {
        let body = base.replacen(
            '{',
            &format!("{{\"translations\":{{{}}},", members(n, "{}")),
            1,
        );
        assert_eq!(
            LocationBody::check_json(&body).unwrap_err().to_string(),
            expected
        );
    }
    let inner = base.replacen(
        '{',
        &format!("{{\"translations\":{{\"de\":{{{}}}}},", members(2000, "1")),
        1,
    );
    assert_eq!(
        LocationBody::check_json(&inner).unwrap_err().to_string(),
        format!(
            "translations: holds an object of 2000 members, at most {MAX_MEMBERS} in one object"
        )
    );
    // At the limit, checked member by member as before.
    let at = base.replacen(
        '{',
        &format!("{{\"translations\":{{{}}},", members(MAX_MEMBERS, "{}")),
        1,
    );
    assert!(LocationBody::check_json(&at).is_ok());
}

/// A language given twice in `translations` was silently one of the two; now refused.
#[test]
fn a_translation_given_twice_is_refused() {
    let base = serde_json::to_string(&structured()).unwrap();
    let body = base.replacen(
        '{',
        r#"{"translations":{"de":{"storeName":"a"},"fr":{},"de":{"storeName":"b"}},"#,
        1,
    );
    assert_eq!(
        LocationBody::check_json(&body).unwrap_err().to_string(),
        "translations.de: appears more than once"
    );
}

/// Strings holding braces, colons and escaped quotes do not count as structure.
#[test]
fn the_shape_check_reads_strings_as_text() {
    use super::json::check_shape;
    let tricky = format!(
        r#"{{"a":"{}","b":"\"{{:\\","c":[{}]}}"#,
        "{".repeat(100) + &":".repeat(2000),
        "\"]\",".repeat(50) + "1"
    );
    assert_eq!(check_shape(&tricky), Ok(()));
}

#[test]
fn id_in_reads_a_link_as_link_does() {
    let id = "6f1c7e1a-0b7e-4d3c-9a51-2f7b8c9d0e1f";
    let cases: [(String, bool); 11] = [
        (
            format!(r#"{{"rel":"self","href":"/locations/{id}"}}"#),
            true,
        ),
        // Escaped slashes are read too (the strings are then copied, not borrowed).
        (
            format!(r#"{{"rel":"self","href":"\/locations\/{id}\/"}}"#),
            true,
        ),
        (
            format!(r#"{{"href":"/locations/{id}","rel":"self","extra":1}}"#),
            true,
        ),
        (format!(r#"{{"href":"/locations/{id}"}}"#), false),
        (format!(r#"{{"rel":1,"href":"/locations/{id}"}}"#), false),
        (
            r#"{"rel":"self","href":"/locations/not-an-id"}"#.to_owned(),
            false,
        ),
        (format!(r#"{{"rel":"self","href":"/locations/{id}""#), false),
        (format!(r#"["self","/locations/{id}"]"#), true),
        // The compact form read by hand, with an absolute href; and a text that starts
        // and ends as that form but holds more (a quote in what would be the href).
        (
            format!(r#"{{"rel":"self","href":"https://example.com/v1/locations/{id}"}}"#),
            true,
        ),
        (
            format!(r#"{{"rel":"self","href":"/locations/{id}","x":"1"}}"#),
            true,
        ),
        // A control character in a string: serde refuses the text, and so does id_in.
        (
            format!("{{\"rel\":\"self\",\"href\":\"/loc\u{1}/{id}\"}}"),
            false,
        ),
    ];
    for (json, has_id) in cases {
        let by_link = serde_json::from_str::<Link>(&json)
            .ok()
            .and_then(|link| link.id());
        assert_eq!(Link::id_in(json.as_bytes()), by_link, "{json}");
        assert_eq!(by_link.is_some(), has_id, "{json}");
        if has_id {
            assert_eq!(by_link.unwrap().to_string(), id);
        }
    }
    // A byte that is not UTF-8 in the href: serde refuses the text, and so does id_in.
    let mut not_utf8 = format!(r#"{{"rel":"self","href":"/loc/{id}"}}"#).into_bytes();
    let at = not_utf8.windows(5).position(|w| w == b"/loc/").unwrap() + 2;
    not_utf8[at] = 0xff;
    assert!(serde_json::from_slice::<Link>(&not_utf8).is_err());
    assert_eq!(Link::id_in(&not_utf8), None);
}
