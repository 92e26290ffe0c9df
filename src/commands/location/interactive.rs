//! `location create --interactive`: asks for each field of the write form (the field
//! catalogue's order, the chosen address form), shows the body with its warnings, then
//! offers to create it, to edit a field, or to cancel.
//!
//! Answers are kept as typed: a rejected answer comes back for editing, and "edit a field"
//! starts from what was typed. The body is made from the answers and checked by the one
//! checker (`LocationBody::check_json`) every time it is shown.

use serde_json::{Map, Value};

use super::body::not_a_number;
use crate::error::Result;
use crate::model::fields::{Field, Form, Kind, LOCATION};
use crate::model::{Checked, LocationBody, Problems};
use crate::output::prompt;

/// One asked field and the text typed for it (empty: left out).
struct Answer {
    field: &'static Field,
    text: String,
}

/// What the person chose at the end: the checked body, or nothing.
pub fn ask_for_body() -> Result<Option<Checked<LocationBody>>> {
    let structured = prompt::choose(
        "Address form",
        &[
            "structured (street, city, post code, country)",
            "legacy (one address line)",
        ],
    )? == 0;
    let form = if structured {
        Form::Structured
    } else {
        Form::Legacy
    };
    prompt::show("Optional fields say so: press Enter to leave one out.");
    let mut answers = Vec::new();
    for field in LOCATION.iter().filter(|f| asked(f, form)) {
        let text = ask_field(field, "")?;
        answers.push(Answer { field, text });
    }
    loop {
        let checked = LocationBody::check_json(&body_of(&answers).to_string());
        let choices: &[&str] = match &checked {
            Ok(checked) => {
                prompt::show(&shown(&checked.body, &checked.warnings));
                &["Create this location", "Edit a field", "Cancel"]
            }
            Err(problems) => {
                prompt::show(&format!(
                    "The location cannot be created yet:\n{}",
                    problems_text(problems)
                ));
                &["Edit a field", "Cancel"]
            }
        };
        let choice = choices[prompt::choose("What now?", choices)?];
        match (choice, checked) {
            ("Create this location", Ok(checked)) => return Ok(Some(checked)),
            ("Edit a field", _) => edit_one(&mut answers)?,
            _ => return Ok(None),
        }
    }
}

/// The fields of the write form asked for `form`; `translations` (an object of objects)
/// is for `--file`.
fn asked(field: &Field, form: Form) -> bool {
    (field.form == Form::Any || field.form == form) && field.kind != Kind::Object
}

/// Asks for one field until the answer passes its own rules; the rejected text is offered
/// again for editing.
fn ask_field(field: &'static Field, initial: &str) -> Result<String> {
    let label = label(field);
    let optional = !field.required && !required_by_form(field);
    let mut text = initial.to_owned();
    loop {
        text = prompt::ask_with_text(&label, optional, &text)?;
        if text.trim().is_empty() && optional {
            return Ok(String::new());
        }
        match field_problem(field, &text) {
            None => return Ok(text),
            Some(problem) => prompt::show(&format!("  ✘ {problem}")),
        }
    }
}

/// Street, city, post code and country code are required by their address form.
fn required_by_form(field: &Field) -> bool {
    let parts = [
        "structuredAddress.street",
        "structuredAddress.city",
        "structuredAddress.postCode",
        "structuredAddress.countryCode",
        "address",
        "city",
        "postCode",
        "countryCode",
    ];
    parts.contains(&field.path)
}

/// Offers every asked field with its current answer; the chosen one is asked again.
fn edit_one(answers: &mut [Answer]) -> Result<()> {
    let items: Vec<String> = answers
        .iter()
        .map(|a| {
            let shown = if a.text.is_empty() { "—" } else { &a.text };
            format!("{}: {shown}", label(a.field))
        })
        .collect();
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    let index = prompt::choose("Which field?", &items)?;
    let answer = &mut answers[index];
    answer.text = ask_field(answer.field, &answer.text)?;
    Ok(())
}

/// The question for a field: its flag's words, and the rule a person needs to know.
fn label(field: &Field) -> String {
    let words = field.flag.trim_start_matches("--").replace('-', " ");
    let words = words.replace("url", "URL");
    let mut label: String = words
        .chars()
        .take(1)
        .flat_map(char::to_uppercase)
        .chain(words.chars().skip(1))
        .collect();
    let rule = match field.path {
        "structuredAddress.countryCode" | "countryCode" => " (DE, DEU or 276)",
        "latitude" => " (-90 to 90, a dot for decimals)",
        "longitude" => " (-180 to 180, a dot for decimals)",
        "locationProvider.id" => " (a UUID)",
        "photoUrls" => "s (comma-separated)",
        "tags" => "s (comma-separated)",
        "hasDisabledAccess" => " (yes or no)",
        "address" => " (one line)",
        _ => "",
    };
    label.push_str(rule);
    label
}

/// The answer as the JSON the field holds: a number as written, yes/no as a boolean, a
/// list split on commas. Text that is not of the field's kind stays a string, for the
/// rules to name.
fn value_of(field: &Field, text: &str) -> Value {
    match field.kind {
        Kind::Number => serde_json::from_str::<serde_json::Number>(text.trim())
            .map_or_else(|_| Value::String(text.to_owned()), Value::Number),
        Kind::Boolean => match text.trim().to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" => Value::Bool(true),
            "no" | "n" | "false" => Value::Bool(false),
            _ => Value::String(text.to_owned()),
        },
        Kind::List | Kind::Urls => Value::Array(
            text.split(',')
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .map(|part| Value::String(part.to_owned()))
                .collect(),
        ),
        Kind::Text | Kind::Object => Value::String(text.to_owned()),
    }
}

/// The body the answers make (left-out fields are absent).
fn body_of(answers: &[Answer]) -> Value {
    let mut body = Map::new();
    for answer in answers.iter().filter(|a| !a.text.trim().is_empty()) {
        insert(
            &mut body,
            answer.field.path,
            value_of(answer.field, &answer.text),
        );
    }
    Value::Object(body)
}

/// What the rules say about this one answer, in a person's words for what a person types.
fn field_problem(field: &Field, text: &str) -> Option<String> {
    let value = value_of(field, text);
    if field.kind == Kind::Number && !value.is_number() {
        return Some(not_a_number(text));
    }
    if field.kind == Kind::Boolean && !value.is_boolean() {
        return Some("answer yes or no".to_owned());
    }
    let mut probe = Map::new();
    insert(&mut probe, field.path, value);
    let problems = LocationBody::check_json(&Value::Object(probe).to_string()).err()?;
    let messages: Vec<&str> = problems
        .errors()
        .filter(|p| {
            p.property == field.path
                || p.property.starts_with(&format!("{}[", field.path))
                || p.property.starts_with(&format!("{}.", field.path))
        })
        .map(|p| p.message.as_str())
        .collect();
    (!messages.is_empty()).then(|| messages.join("; "))
}

/// The body as it would be sent, and under it the warnings it carries.
fn shown(body: &LocationBody, warnings: &Problems) -> String {
    let mut text = serde_json::to_string_pretty(body).unwrap_or_default();
    for warning in warnings.iter() {
        text.push_str(&format!(
            "\nwarning: {}: {}",
            warning.property, warning.message
        ));
    }
    text
}

fn problems_text(problems: &Problems) -> String {
    problems
        .errors()
        .map(|p| format!("  ✘ {p}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn insert(body: &mut Map<String, Value>, path: &str, value: Value) {
    match path.split_once('.') {
        Some((outer, inner)) => {
            let entry = body
                .entry(outer)
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(object) = entry {
                object.insert(inner.to_owned(), value);
            }
        }
        None => {
            body.insert(path.to_owned(), value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fields::location_field;

    #[test]
    fn labels_use_the_flag_s_words_and_the_rule() {
        assert_eq!(label(location_field("storeId").unwrap()), "Store id");
        assert_eq!(
            label(location_field("photoUrls").unwrap()),
            "Photo URLs (comma-separated)"
        );
        assert_eq!(
            label(location_field("hasDisabledAccess").unwrap()),
            "Disabled access (yes or no)"
        );
    }

    #[test]
    fn a_decimal_comma_gets_a_person_s_message() {
        let latitude = location_field("latitude").unwrap();
        assert_eq!(
            field_problem(latitude, "52,53").unwrap(),
            "`52,53` is not a number; use a dot for decimals: 52.53"
        );
        assert_eq!(
            field_problem(latitude, "north").unwrap(),
            "`north` is not a number"
        );
        assert_eq!(field_problem(latitude, "52.53"), None);
    }

    #[test]
    fn lists_and_yes_no_become_json_of_their_kind() {
        let tags = location_field("tags").unwrap();
        assert_eq!(
            value_of(tags, "a, b,,c"),
            serde_json::json!(["a", "b", "c"])
        );
        let access = location_field("hasDisabledAccess").unwrap();
        assert_eq!(value_of(access, "Yes"), Value::Bool(true));
        assert_eq!(field_problem(access, "maybe").unwrap(), "answer yes or no");
    }
}
