//! The location provider write form (`PUT /locationProviders/<id>`) and its validation.

use serde::{Deserialize, Serialize};

use super::json::{check_object, Kind, RawObject};
use super::problem::{CheckResult, Checked, Problems, Rule};
use super::rules::{repeated_names, Rules, Seen};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderBody {
    pub name: String,
    /// A string holding JSON text (RFC 4627), not a nested object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locations_source: Option<LocationsSource>,
    pub archiving_period: u8,
}

/// Where a remote provider's locations come from. The spec marks `endpoint` optional
/// ("when present, the provider is a remote location provider"): an empty
/// `locationsSource` is a provider that is not remote, and is sent as `{}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocationsSource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
}

impl ProviderBody {
    pub fn check_json(text: &str) -> CheckResult<ProviderBody> {
        check_object(text, Self::check)
    }

    pub fn check(object: &RawObject<'_>) -> CheckResult<ProviderBody> {
        let mut problems = Problems::default();
        repeated_names(&mut problems, "", object);
        let mut r = Rules {
            problems: &mut problems,
        };
        let (mut name, mut details, mut source, mut period) = (None, None, None, None);
        let mut seen = Seen::default();
        for (key, raw) in &object.members {
            let key = key.as_ref();
            if !seen.first(key) {
                continue;
            }
            match key {
                "name" => name = r.non_empty(key, raw, 128).map(String::from),
                "details" => details = check_details(&mut r, raw),
                "locationsSource" => source = check_source(&mut r, raw),
                "archivingPeriod" => period = r.integer_in(key, raw, 1..=30),
                _ => r
                    .problems
                    .error(Rule::UnknownProperty, key, "unknown property"),
            }
        }
        for required in ["name", "archivingPeriod"] {
            if !seen.contains(required) {
                r.problems
                    .error(Rule::Required, required, "required property is missing");
            }
        }
        if problems.has_errors() {
            return Err(problems);
        }
        Ok(Checked {
            body: ProviderBody {
                name: name.expect("checked"),
                details,
                locations_source: source,
                archiving_period: period.expect("checked") as u8,
            },
            warnings: problems,
        })
    }
}

/// `details` is a string whose content is a JSON text in the sense of RFC 4627: an
/// object or an array at the top level.
fn check_details(r: &mut Rules, raw: &serde_json::value::RawValue) -> Option<String> {
    const P: &str = "details";
    if Kind::of(raw) != Kind::String {
        r.problems.error(
            Rule::Type,
            P,
            format!(
                "must be a string holding JSON text, not {} (put the JSON inside a string)",
                Kind::of(raw).noun()
            ),
        );
        return None;
    }
    let text = r.string(P, raw, usize::MAX)?;
    // The JSON inside has the limits of a body's own (and gets the same message).
    if let Err(problem) = super::json::check_shape(&text) {
        let message = problem.message.trim_start_matches("the body ");
        r.problems
            .error(Rule::Format, P, format!("holds JSON that {message}"));
        return None;
    }
    match serde_json::from_str::<&serde_json::value::RawValue>(&text) {
        Ok(inner) if matches!(Kind::of(inner), Kind::Object | Kind::Array) => {
            Some(text.into_owned())
        }
        Ok(inner) => {
            r.problems.error(
                Rule::Type,
                P,
                format!(
                    "must hold a JSON object or array (RFC 4627), not {}",
                    Kind::of(inner).noun()
                ),
            );
            None
        }
        Err(e) => {
            r.problems.error(
                Rule::Syntax,
                P,
                format!("does not hold well-formed JSON: {e}"),
            );
            None
        }
    }
}

fn check_source(r: &mut Rules, raw: &serde_json::value::RawValue) -> Option<LocationsSource> {
    const P: &str = "locationsSource";
    let object = r.object(
        P,
        raw,
        "an object (with an `endpoint` for a remote provider)",
    )?;
    let mut endpoint = None;
    let mut ok = true;
    let mut seen = Seen::default();
    for (key, raw) in &object.members {
        const E: &str = "locationsSource.endpoint";
        if key != "endpoint" {
            r.problems.error(
                Rule::UnknownProperty,
                format!("{P}.{key}"),
                "unknown property",
            );
            ok = false;
        } else if seen.first("endpoint") {
            endpoint = r.string(E, raw, 256).filter(|u| r.url(E, u, true));
            ok &= endpoint.is_some();
        } else {
            ok = false;
        }
    }
    ok.then(|| LocationsSource {
        endpoint: endpoint.map(std::borrow::Cow::into_owned),
    })
}
