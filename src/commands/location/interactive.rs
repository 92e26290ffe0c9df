//! `location create --interactive`: asks for each field of the write form (the field
//! catalogue's order, the chosen address form), shows the body with its warnings, then
//! offers to create it, to edit a field, or to cancel.
//!
//! Answers are kept as typed: a rejected answer comes back for editing, and "edit a field"
//! starts from what was typed. The body is made from the answers and checked by the one
//! checker (`LocationBody::check_json`) every time it is shown.

use serde_json::value::RawValue;

use super::body::not_a_number;
use crate::error::Result;
use crate::model::document::RawMembers;
use crate::model::fields::{Field, Form, Kind, Required, LOCATION};
use crate::model::{Checked, LocationBody, Problems};
use crate::output::prompt;

/// One asked field and the text typed for it (empty: left out).
struct Answer {
    field: &'static Field,
    text: String,
}

/// What the person chose at the end: the checked body, or nothing.
pub(super) fn ask_for_body() -> Result<Option<Checked<LocationBody>>> {
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
        let checked = LocationBody::check_json(body_of(&answers).get());
        let choices: &[Next] = match &checked {
            Ok(checked) => {
                prompt::show(&shown(&checked.body, &checked.warnings));
                &[Next::Create, Next::Edit, Next::Cancel]
            }
            Err(problems) => {
                prompt::show(&format!(
                    "The location cannot be created yet:\n{}",
                    listed(problems.errors())
                ));
                &[Next::Edit, Next::Cancel]
            }
        };
        let labels: Vec<&str> = choices.iter().map(Next::label).collect();
        match (choices[prompt::choose("What now?", &labels)?], checked) {
            (Next::Create, Ok(checked)) => return Ok(Some(checked)),
            (Next::Edit, _) => edit_one(&mut answers)?,
            _ => return Ok(None),
        }
    }
}

/// What the person may do once every field was asked.
#[derive(Clone, Copy)]
enum Next {
    Create,
    Edit,
    Cancel,
}

impl Next {
    fn label(&self) -> &'static str {
        match self {
            Next::Create => "Create this location",
            Next::Edit => "Edit a field",
            Next::Cancel => "Cancel",
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
    // A form is asked for whole, so its address parts are required here.
    let optional = field.required == Required::No;
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

/// The answer as the JSON the field holds (as a CSV cell is read): a number as written,
/// yes/no as a boolean, a list split on commas. Photo URLs typed at the prompt are such a
/// list too, each trimmed as tags are (a file's comma-separated string is taken as it is
/// written, a blank after a comma refused).
fn value_of(field: &Field, text: &str) -> Box<RawValue> {
    if field.kind == Kind::Urls {
        let urls: Vec<&str> = text.split(',').map(str::trim).collect();
        return crate::model::document::to_raw(&urls);
    }
    RawValue::from_string(crate::model::document::text_as_json(field.path, text))
        .expect("text_as_json writes JSON")
}

/// The body the answers make (left-out fields are absent).
fn body_of(answers: &[Answer]) -> Box<RawValue> {
    let mut body = RawMembers::default();
    for answer in answers.iter().filter(|a| !a.text.trim().is_empty()) {
        body.insert_path(answer.field.path, value_of(answer.field, &answer.text));
    }
    body.to_raw()
}

/// What the rules say about this one answer, in a person's words for what a person types.
fn field_problem(field: &'static Field, text: &str) -> Option<String> {
    let value = value_of(field, text);
    let is_string = value.get().starts_with('"');
    if field.kind == Kind::Number && is_string {
        return Some(not_a_number(text));
    }
    if field.kind == Kind::Boolean && is_string {
        return Some("answer yes or no".to_owned());
    }
    let mut probe = RawMembers::default();
    probe.insert_path(field.path, value);
    let problems = LocationBody::check_json(probe.to_raw().get()).err()?;
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
    let body = serde_json::to_string_pretty(body).unwrap_or_default();
    if warnings.is_empty() {
        return body;
    }
    format!("{body}\n{}", listed(warnings.iter()))
}

/// One finding a line (`warning: ` before a warning, as `Problem` writes it).
fn listed<'a>(problems: impl Iterator<Item = &'a crate::model::Problem>) -> String {
    problems
        .map(|p| format!("  {p}"))
        .collect::<Vec<_>>()
        .join("\n")
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
        assert_eq!(value_of(tags, "a, b,c").get(), r#"["a","b","c"]"#);
        let access = location_field("hasDisabledAccess").unwrap();
        assert_eq!(value_of(access, "Yes").get(), "true");
        assert_eq!(field_problem(access, "maybe").unwrap(), "answer yes or no");
    }
}
