//! The body of `provider update`: from `--file` or from `--name`, `--archiving-period`,
//! `--details` and `--endpoint`, always through `ProviderBody::check_json`.

use std::path::Path;

use crate::cli::ProviderArgs;
use crate::commands::location::body::{invalid, number_or_string, RawMembers};
use crate::input;
use locadm_client::error::{Error, Result};
use locadm_model::{Checked, ProviderBody};

/// True when none of the field flags is given.
pub(crate) fn is_empty(args: &ProviderArgs) -> bool {
    args.name.is_none()
        && args.archiving_period.is_none()
        && args.details.is_none()
        && args.endpoint.is_none()
}

/// The JSON text of a provider body made from the flags, for the checker.
///
/// `--archiving-period` goes in as a raw JSON number when it is one (so `1.5` is reported
/// as "not an integer"), otherwise as a string (reported as the wrong type); `--details`
/// is JSON text sent inside a string, as the spec asks; `--endpoint` becomes
/// `locationsSource.endpoint`.
pub(crate) fn from_fields(args: &ProviderArgs) -> Result<String> {
    let mut body = RawMembers::default();
    if let Some(name) = &args.name {
        body.string("name", name);
    }
    if let Some(details) = &args.details {
        body.string("details", details);
    }
    if let Some(endpoint) = &args.endpoint {
        let mut source = RawMembers::default();
        source.string("endpoint", endpoint);
        body.push("locationsSource", source.to_raw());
    }
    if let Some(period) = &args.archiving_period {
        body.push("archivingPeriod", number_or_string(period));
    }
    debug_assert!(body.is_empty() == is_empty(args));
    Ok(body.to_raw().get().to_owned())
}

/// The checked body of `provider update`: read from `file` (`-` is standard input) or
/// made from the flags. Every problem is listed in the error, one a line.
pub(crate) fn provider_from_input(
    file: Option<&Path>,
    args: &ProviderArgs,
) -> Result<Checked<ProviderBody>> {
    let text = match file {
        Some(path) => {
            if !is_empty(args) {
                return Err(Error::usage("--file cannot be combined with field flags"));
            }
            input::read_body(path)?
        }
        None => {
            if is_empty(args) {
                return Err(Error::usage(
                    "no provider body given: use --file PATH or --name and --archiving-period",
                ));
            }
            from_fields(args)?
        }
    };
    ProviderBody::check_json(&text).map_err(|problems| invalid(&problems))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args() -> ProviderArgs {
        ProviderArgs {
            file: None,
            name: Some("Acme \"Stores\"".into()),
            archiving_period: Some("7".into()),
            details: None,
            endpoint: None,
        }
    }

    #[test]
    fn flags_make_a_valid_body() {
        let full = ProviderArgs {
            details: Some(r#"{"contact": "ops@example.com"}"#.into()),
            endpoint: Some("https://feeds.example.com/locations.json".into()),
            ..args()
        };
        let text = from_fields(&full).unwrap();
        assert!(
            text.contains(r#""details":"{\"contact\": \"ops@example.com\"}""#),
            "{text}"
        );
        assert!(text.contains(r#""archivingPeriod":7"#), "{text}");
        let body = provider_from_input(None, &full).unwrap().body;
        assert_eq!(body.name, "Acme \"Stores\"");
        assert_eq!(body.archiving_period, 7);
        assert_eq!(
            body.locations_source.unwrap().endpoint.as_deref(),
            Some("https://feeds.example.com/locations.json")
        );
        assert_eq!(
            body.details.as_deref(),
            Some(r#"{"contact": "ops@example.com"}"#)
        );
    }

    #[test]
    fn bad_flag_values_reach_the_checker() {
        for (period, message) in [
            ("1.5", "archivingPeriod: 1.5 is not an integer"),
            (
                "seven",
                "archivingPeriod: must be an integer, not the string \"seven\"",
            ),
            ("31", "archivingPeriod: 31 is out of range 1 to 30"),
        ] {
            let a = ProviderArgs {
                archiving_period: Some(period.into()),
                ..args()
            };
            let e = provider_from_input(None, &a).unwrap_err();
            assert_eq!(e.kind(), &locadm_client::error::Kind::Invalid);
            assert!(e.to_string().contains(message), "{e}");
        }
        let a = ProviderArgs {
            details: Some("{not json".into()),
            endpoint: Some("ftp://x.example/".into()),
            ..args()
        };
        let msg = provider_from_input(None, &a).unwrap_err().to_string();
        assert!(
            msg.contains("\ndetails: does not hold well-formed JSON"),
            "{msg}"
        );
        assert!(
            msg.contains("\nlocationsSource.endpoint: must be an http or https URL"),
            "{msg}"
        );
    }

    #[test]
    fn missing_required_flags_are_named() {
        let a = ProviderArgs {
            name: None,
            ..args()
        };
        let msg = provider_from_input(None, &a).unwrap_err().to_string();
        assert!(msg.contains("name: required property is missing"), "{msg}");
        let e = provider_from_input(
            None,
            &ProviderArgs {
                name: None,
                archiving_period: None,
                ..args()
            },
        )
        .unwrap_err();
        assert_eq!(e.exit(), locadm_client::error::Exit::Usage);
    }
}
