//! The body of `location create` and `location update`: from `--file` or from the field
//! flags, always through the one reader (`model::reader::read`, as `validate` and `apply`
//! read a record).
//!
//! Field flags are turned into JSON text first and then checked like a file, so a flag
//! value breaks the same rule, with the same message, as the property in a file would.

use std::path::Path;

use crate::cli::LocationFields;
use crate::input;
use locadm_client::error::{Error, Result};
pub(crate) use locadm_model::document::{number_or_string, to_raw, RawMembers};
use locadm_model::reader::{self, Sent, Target};
use locadm_model::{Checked, LocationBody, Problems};

/// The structured-only flags, by their flag name, with their values.
fn structured_only(fields: &LocationFields) -> Vec<(&'static str, &'static str, &str)> {
    [
        ("--street", "street", &fields.street),
        ("--building-name", "buildingName", &fields.building_name),
        ("--house-number", "houseNumber", &fields.house_number),
        ("--district", "district", &fields.district),
        ("--province", "province", &fields.province),
    ]
    .into_iter()
    .filter_map(|(flag, name, value)| value.as_deref().map(|v| (flag, name, v)))
    .collect()
}

/// The JSON text of a location body made from field flags, for the checker.
///
/// `--street`, `--building-name`, `--house-number`, `--district` and `--province` make a
/// `structuredAddress`, which then also takes `--city`, `--post-code` and
/// `--country-code`; `--address` makes the legacy form with those three at the top level.
/// `--address` together with a structured-only flag is a usage error naming the flags.
pub(crate) fn from_fields(fields: &LocationFields) -> Result<String> {
    let structured = structured_only(fields);
    if fields.address.is_some() && !structured.is_empty() {
        let flags: Vec<&str> = structured.iter().map(|(flag, _, _)| *flag).collect();
        return Err(Error::usage(format!(
            "--address (the legacy address form) cannot be combined with {} (the structured form)",
            flags.join(", ")
        ))
        .with_hint(
            "use --street, --city, --post-code, --country-code for a structured address, \
             or --address, --city, --post-code, --country-code for the legacy one",
        ));
    }

    let mut body = RawMembers::default();
    let optional = |body: &mut RawMembers, name, value: &Option<String>| {
        if let Some(v) = value {
            body.string(name, v);
        }
    };
    optional(&mut body, "storeId", &fields.store_id);
    optional(&mut body, "storeName", &fields.store_name);
    optional(&mut body, "supplementaryName", &fields.supplementary_name);

    if structured.is_empty() {
        optional(&mut body, "address", &fields.address);
        optional(&mut body, "city", &fields.city);
        optional(&mut body, "postCode", &fields.post_code);
        optional(&mut body, "countryCode", &fields.country_code);
    } else {
        let mut address = RawMembers::default();
        for (_, name, value) in structured {
            address.string(name, value);
        }
        optional(&mut address, "city", &fields.city);
        optional(&mut address, "postCode", &fields.post_code);
        optional(&mut address, "countryCode", &fields.country_code);
        body.push("structuredAddress", address.to_raw());
    }

    if let Some(lat) = &fields.latitude {
        body.push("latitude", number_or_string(lat));
    }
    if let Some(lon) = &fields.longitude {
        body.push("longitude", number_or_string(lon));
    }
    if let Some(id) = &fields.provider_id {
        let mut provider = RawMembers::default();
        provider.string("id", id);
        body.push("locationProvider", provider.to_raw());
    }
    optional(&mut body, "telephoneNumber", &fields.telephone);
    optional(&mut body, "email", &fields.email);
    optional(&mut body, "logoUrl", &fields.logo_url);
    if !fields.photo_url.is_empty() {
        // As given, never trimmed: a blank is refused, as in a file.
        body.push("photoUrls", to_raw(&fields.photo_url));
    }
    if let Some(access) = fields.disabled_access {
        body.push("hasDisabledAccess", to_raw(&access));
    }
    optional(&mut body, "description", &fields.description);
    if !fields.tag.is_empty() {
        body.push("tags", to_raw(&fields.tag));
    }
    Ok(body.to_raw().get().to_owned())
}

/// The checked body of `location create` (`Target::Create`) or `update`
/// (`Target::Replace`): read from `file` (`-` is standard input) or made from the field
/// flags. Every problem is listed in the error, one a line.
pub(crate) fn location_from_input(
    file: Option<&Path>,
    target: Target,
    fields: &LocationFields,
) -> Result<Checked<LocationBody>> {
    match file {
        Some(path) => {
            if fields.any() {
                return Err(Error::usage("--file cannot be combined with field flags"));
            }
            let text = input::read_body(path)?;
            read(&text, target).map_err(|problems| invalid(&problems))
        }
        None => {
            if !fields.any() {
                return Err(
                    Error::usage("no location given: use --file PATH or field flags")
                        .with_hint("see `locadm location create --help` for the field flags"),
                );
            }
            let text = from_fields(fields)?;
            read(&text, target).map_err(|problems| invalid_flags(&problems, fields))
        }
    }
}

/// A complete body by the one reader: the body with its warnings, or every problem.
fn read(text: &str, target: Target) -> std::result::Result<Checked<LocationBody>, Problems> {
    let reading = reader::read(text, target);
    match reading.sent {
        Some(Sent::Body(body)) => Ok(Checked {
            body,
            warnings: reading.problems,
        }),
        _ => Err(reading.problems),
    }
}

/// `Error::Invalid` for a body made from field flags, each problem in the flags' terms
/// (`--latitude is required`): the person typed flags, not JSON.
fn invalid_flags(problems: &locadm_model::Problems, fields: &LocationFields) -> Error {
    let lines: Vec<String> = problems
        .errors()
        .map(|problem| in_flag_terms(problem, fields))
        .collect();
    invalid_with("location", problems, &lines.join("\n"))
}

/// One finding about flag input, named by the flag that set (or would set) the property.
fn in_flag_terms(problem: &locadm_model::Problem, fields: &LocationFields) -> String {
    let message = &problem.message;
    // No address flags at all, or some legacy ones: the choice is between two flags.
    if message.starts_with("an address is required")
        || (message.starts_with("the legacy address form needs") && fields.address.is_none())
    {
        return "an address is required: --street (the structured form) or --address (the \
                legacy form), each with --city, --post-code and --country-code"
            .to_owned();
    }
    let Some(flag) = flag_of(&problem.property) else {
        return format!("{}: {}", problem.property, flags_for_names(message));
    };
    if message == "required property is missing" {
        return format!("{flag} is required");
    }
    if message.starts_with("must be a number") {
        let given = match flag {
            "--latitude" => fields.latitude.as_deref(),
            "--longitude" => fields.longitude.as_deref(),
            _ => None,
        };
        if let Some(given) = given {
            return format!("{flag}: {}", not_a_number(given));
        }
    }
    format!("{flag}: {}", flags_for_names(message))
}

/// "`52,53` is not a number", with the fix when it is a decimal comma (as a person
/// in much of Europe types it).
pub(crate) fn not_a_number(given: &str) -> String {
    let given = given.trim();
    match decimal_with_a_dot(given) {
        Some(fixed) => format!("`{given}` is not a number; use a dot for decimals: {fixed}"),
        None => format!("`{given}` is not a number"),
    }
}

/// `52,53` written as a number (`52.53`), when the text is a number with a decimal comma.
fn decimal_with_a_dot(text: &str) -> Option<String> {
    let text = text.trim();
    let (whole, fraction) = text.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole_digits = whole.strip_prefix('-').unwrap_or(whole);
    (digits(whole_digits) && digits(fraction)).then(|| format!("{whole}.{fraction}"))
}

/// The flag that sets the property at `path` (`photoUrls[2]` is `--photo-url`).
fn flag_of(path: &str) -> Option<&'static str> {
    let path = path.split('[').next().unwrap_or(path);
    match path {
        "locationProvider" => Some("--provider-id"),
        "structuredAddress" => Some("--street"),
        _ => locadm_model::fields::location_field(path)
            .map(|f| f.flag)
            .filter(|flag| !flag.is_empty()),
    }
}

/// A message with each `property` named in backticks given by its flag instead.
fn flags_for_names(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut parts = message.split('`');
    out.push_str(parts.next().unwrap_or_default());
    let mut inside = true;
    for part in parts {
        let named = inside
            .then(|| {
                flag_of(part).or_else(|| {
                    locadm_model::fields::location_field(&format!("structuredAddress.{part}"))
                        .map(|f| f.flag)
                })
            })
            .flatten();
        match named {
            Some(flag) => out.push_str(flag),
            None if inside => {
                out.push('`');
                out.push_str(part);
                out.push('`');
            }
            None => out.push_str(part),
        }
        inside = !inside;
    }
    out
}

/// `Error::Invalid` listing every problem of a body, one a line.
pub(crate) fn invalid(problems: &locadm_model::Problems) -> Error {
    invalid_with("body", problems, &problems.to_string())
}

/// `the WHAT is invalid (N problems); nothing was sent:` and the problems, one a line.
fn invalid_with(what: &str, problems: &locadm_model::Problems, listed: &str) -> Error {
    let n = crate::output::count(problems.errors().count(), "problem");
    Error::invalid(format!(
        "the {what} is invalid ({n}); nothing was sent:\n{listed}"
    ))
    .with_problems(problems, None)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    fn base() -> LocationFields {
        LocationFields {
            store_id: Some("BER-001".into()),
            store_name: Some("Alexanderplatz".into()),
            city: Some("Berlin".into()),
            post_code: Some("10178".into()),
            country_code: Some("DE".into()),
            latitude: Some("52.1".into()),
            longitude: Some("-13.40000000".into()),
            provider_id: Some(PROVIDER.into()),
            ..LocationFields::default()
        }
    }

    fn structured() -> LocationFields {
        LocationFields {
            street: Some("Alexanderplatz".into()),
            house_number: Some("1".into()),
            ..base()
        }
    }

    fn legacy() -> LocationFields {
        LocationFields {
            address: Some("Alexanderplatz 1".into()),
            ..base()
        }
    }

    #[test]
    fn structured_flags_make_a_structured_address() {
        let text = from_fields(&structured()).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["structuredAddress"]["street"], "Alexanderplatz");
        assert_eq!(value["structuredAddress"]["houseNumber"], "1");
        assert_eq!(value["structuredAddress"]["city"], "Berlin");
        assert_eq!(value["structuredAddress"]["countryCode"], "DE");
        assert!(value.get("city").is_none());
        let checked = location_from_input(None, Target::Create, &structured())
            .unwrap()
            .body;
        assert_eq!(checked.structured_address.unwrap().post_code, "10178");
    }

    #[test]
    fn address_makes_the_legacy_form() {
        let checked = location_from_input(None, Target::Create, &legacy())
            .unwrap()
            .body;
        assert!(checked.structured_address.is_none());
        assert_eq!(checked.address.as_deref(), Some("Alexanderplatz 1"));
        assert_eq!(checked.city.as_deref(), Some("Berlin"));
        assert_eq!(checked.country_code.as_deref(), Some("DE"));
    }

    #[test]
    fn a_mix_of_forms_names_the_flags() {
        let mix = LocationFields {
            street: Some("S".into()),
            district: Some("Mitte".into()),
            ..legacy()
        };
        let e = from_fields(&mix).unwrap_err();
        assert_eq!(e.exit(), locadm_client::error::Exit::Usage);
        let msg = e.to_string();
        for flag in ["--address", "--street", "--district"] {
            assert!(msg.contains(flag), "{msg}");
        }
        assert!(!msg.contains("--province"), "{msg}");
    }

    #[test]
    fn coordinates_are_inserted_as_written() {
        let text = from_fields(&structured()).unwrap();
        assert!(text.contains("\"latitude\":52.1,"), "{text}");
        assert!(text.contains("\"longitude\":-13.40000000,"), "{text}");
        let checked = location_from_input(None, Target::Create, &structured())
            .unwrap()
            .body;
        let sent = serde_json::to_string(&checked).unwrap();
        assert!(sent.contains("\"latitude\":52.1,"), "{sent}");
    }

    #[test]
    fn a_coordinate_that_is_not_a_number_is_named_by_its_flag() {
        for bad in ["north", "NaN", "0x10", "+5", "1."] {
            let fields = LocationFields {
                latitude: Some(bad.into()),
                ..structured()
            };
            let e = location_from_input(None, Target::Create, &fields).unwrap_err();
            assert_eq!(e.kind(), &locadm_client::error::Kind::Invalid);
            let msg = e.to_string();
            assert!(
                msg.contains(&format!("--latitude: `{bad}` is not a number\n"))
                    || msg.ends_with(&format!("--latitude: `{bad}` is not a number")),
                "{bad}: {msg}"
            );
        }
        // A decimal comma, as a person types it: the fix is named.
        let fields = LocationFields {
            latitude: Some("52,1".into()),
            ..structured()
        };
        let msg = location_from_input(None, Target::Create, &fields)
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("--latitude: `52,1` is not a number; use a dot for decimals: 52.1"),
            "{msg}"
        );
        // A number with too many decimals reaches the format rule.
        let fields = LocationFields {
            latitude: Some("52.123456789".into()),
            ..structured()
        };
        let msg = location_from_input(None, Target::Create, &fields)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("--latitude: 9 decimals"), "{msg}");
    }

    #[test]
    fn every_problem_is_listed_one_a_line() {
        let fields = LocationFields {
            store_id: Some("x".repeat(37)),
            latitude: Some("north".into()),
            email: Some("nope".into()),
            ..structured()
        };
        let msg = location_from_input(None, Target::Create, &fields)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("3 problems"), "{msg}");
        assert!(
            msg.contains("\n--store-id: 37 characters, at most 36"),
            "{msg}"
        );
        assert!(msg.contains("\n--latitude: "), "{msg}");
        assert!(msg.contains("\n--email: "), "{msg}");
    }

    #[test]
    fn photo_urls_tags_access_and_description() {
        let fields = LocationFields {
            photo_url: vec![
                "https://a.example/1.jpg".into(),
                "https://a.example/2.jpg".into(),
            ],
            tag: vec!["a".into(), "b".into()],
            disabled_access: Some(true),
            description: Some("Upstairs".into()),
            logo_url: Some("https://a.example/logo.png".into()),
            telephone: Some("+49 30 1234".into()),
            email: Some("a@example.com".into()),
            supplementary_name: Some("Mitte".into()),
            ..structured()
        };
        let body = location_from_input(None, Target::Create, &fields)
            .unwrap()
            .body;
        assert_eq!(
            body.photo_urls.unwrap().urls(),
            ["https://a.example/1.jpg", "https://a.example/2.jpg"]
        );
        assert_eq!(body.tags.unwrap(), ["a", "b"]);
        assert_eq!(body.has_disabled_access, Some(true));
        assert_eq!(body.description, Some(Some("Upstairs".into())));
        assert_eq!(body.telephone_number.as_deref(), Some("+49 30 1234"));
        assert_eq!(body.supplementary_name.as_deref(), Some("Mitte"));
    }

    /// A photo URL is never repaired, from a flag as from a file: a blank is refused.
    #[test]
    fn a_photo_url_flag_is_not_trimmed() {
        let fields = LocationFields {
            photo_url: vec![" https://a.example/1.jpg".into()],
            ..structured()
        };
        let msg = location_from_input(None, Target::Create, &fields)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("\n--photo-url: "), "{msg}");
    }

    #[test]
    fn no_flags_and_no_file_is_a_usage_error() {
        let e = location_from_input(None, Target::Create, &LocationFields::default()).unwrap_err();
        assert_eq!(e.exit(), locadm_client::error::Exit::Usage);
    }

    #[test]
    fn a_file_is_read_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("body.json");
        let text = from_fields(&legacy()).unwrap();
        std::fs::write(&path, format!("\u{feff}{text}\r\n")).unwrap();
        let body = location_from_input(Some(&path), Target::Create, &LocationFields::default())
            .unwrap()
            .body;
        assert_eq!(body.latitude.as_str(), "52.1");
        let e = location_from_input(
            Some(&dir.path().join("missing.json")),
            Target::Create,
            &LocationFields::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("missing.json"), "{e}");
        let e = location_from_input(Some(&path), Target::Create, &legacy()).unwrap_err();
        assert_eq!(e.exit(), locadm_client::error::Exit::Usage);
    }

    // ---- property tests: any body built from valid flag values validates, and survives
    // a JSON round trip unchanged.

    /// A coordinate as a person would type it: up to 3 integer digits within the range and
    /// up to 8 decimals (trailing zeros included).
    fn coordinate(limit: u32) -> impl Strategy<Value = String> {
        (any::<bool>(), 0..limit, "[0-9]{0,8}", any::<bool>()).prop_map(
            move |(negative, int, frac, at_limit)| {
                let sign = if negative { "-" } else { "" };
                if at_limit {
                    format!("{sign}{limit}")
                } else if frac.is_empty() {
                    format!("{sign}{int}")
                } else {
                    format!("{sign}{int}.{frac}")
                }
            },
        )
    }

    /// Non-blank text of 1..=max characters, with multi-byte characters in it.
    fn text(max: usize) -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                4 => proptest::char::range('a', 'z'),
                1 => Just('ü'),
                1 => Just('😀'),
                1 => Just(' '),
                1 => Just('"'),
                1 => Just('\\'),
            ],
            0..max,
        )
        .prop_map(|chars| format!("X{}", chars.into_iter().collect::<String>()))
    }

    fn opt<T: std::fmt::Debug + Clone>(
        s: impl Strategy<Value = T>,
    ) -> impl Strategy<Value = Option<T>> {
        proptest::option::of(s)
    }

    fn country() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["DE", "de", "DEU", "276", "FR", "USA", "036", "GB"])
            .prop_map(String::from)
    }

    fn url() -> impl Strategy<Value = String> {
        "[a-z0-9]{1,30}".prop_map(|p| format!("https://img.example.com/{p}.jpg"))
    }

    prop_compose! {
        fn address_fields()(
            structured in any::<bool>(),
            street in text(256),
            building_name in opt(text(64)),
            house_number in opt("[0-9]{1,4}[a-z]?"),
            district in opt(text(64)),
            province in opt(text(64)),
            address in text(256),
            city in text(64),
            post_code in "[0-9A-Z][0-9A-Z -]{0,15}",
            country_code in country(),
        ) -> LocationFields {
            let mut f = LocationFields {
                city: Some(city),
                post_code: Some(post_code),
                country_code: Some(country_code),
                ..LocationFields::default()
            };
            if structured {
                f.street = Some(street);
                f.building_name = building_name;
                f.house_number = house_number;
                f.district = district;
                f.province = province;
            } else {
                f.address = Some(address);
            }
            f
        }
    }

    prop_compose! {
        fn contact_fields()(
            telephone in opt("\\+[0-9 ]{1,15}"),
            email in opt("[a-z][a-z0-9]{0,30}(\\.[a-z0-9]{1,10})?@[a-z]{1,30}\\.(com|de|org)"),
            logo_url in opt(url()),
            photo_url in proptest::collection::vec(url(), 0..5),
            disabled_access in opt(any::<bool>()),
            description in opt(text(512)),
            tag in proptest::collection::vec(text(20), 0..4),
        ) -> LocationFields {
            LocationFields {
                telephone,
                email,
                logo_url,
                photo_url,
                disabled_access,
                description,
                tag,
                ..LocationFields::default()
            }
        }
    }

    prop_compose! {
        fn valid_fields()(
            store_id in "[A-Za-z0-9_-]{1,36}",
            store_name in text(128),
            supplementary_name in opt(text(128)),
            latitude in coordinate(90),
            longitude in coordinate(180),
            provider_id in any::<u128>().prop_map(|n| uuid::Uuid::from_u128(n).to_string()),
            address in address_fields(),
            contact in contact_fields(),
        ) -> LocationFields {
            LocationFields {
                store_id: Some(store_id),
                store_name: Some(store_name),
                supplementary_name,
                latitude: Some(latitude),
                longitude: Some(longitude),
                provider_id: Some(provider_id),
                street: address.street,
                building_name: address.building_name,
                house_number: address.house_number,
                district: address.district,
                province: address.province,
                address: address.address,
                city: address.city,
                post_code: address.post_code,
                country_code: address.country_code,
                ..contact
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn valid_flags_validate_and_survive_a_round_trip(fields in valid_fields()) {
            let checked = match location_from_input(None, Target::Create, &fields) {
                Ok(checked) => checked,
                Err(e) => return Err(TestCaseError::fail(format!("{e}\n{fields:?}"))),
            };
            prop_assert!(checked.warnings.is_empty(), "{}", checked.warnings);
            // Coordinates are sent exactly as typed.
            prop_assert_eq!(checked.body.latitude.as_str(), fields.latitude.as_deref().unwrap());
            prop_assert_eq!(checked.body.longitude.as_str(), fields.longitude.as_deref().unwrap());

            let sent = serde_json::to_string(&checked.body).unwrap();
            let again = LocationBody::check_json(&sent)
                .map_err(|p| TestCaseError::fail(format!("{p}\n{sent}")))?;
            prop_assert_eq!(&again.body, &checked.body);
            prop_assert_eq!(serde_json::to_string(&again.body).unwrap(), sent.clone());

            // Both request forms of photoUrls check to the same body.
            for op in [locadm_model::WriteOp::Create, locadm_model::WriteOp::Update] {
                let form = serde_json::to_string(&checked.body.for_op(op)).unwrap();
                let back = LocationBody::check_json(&form)
                    .map_err(|p| TestCaseError::fail(format!("{p}\n{form}")))?;
                prop_assert_eq!(&back.body, &checked.body);
            }
        }

        #[test]
        fn a_mix_of_forms_is_always_refused(fields in valid_fields(), street in text(10)) {
            let mut fields = fields;
            fields.address = Some("Somewhere 1".into());
            fields.street = Some(street);
            let refused = from_fields(&fields).is_err_and(|e| e.kind() == &locadm_client::error::Kind::Usage);
            prop_assert!(refused);
        }
    }
}
