//! `location create --interactive`, and a create at a terminal whose field flags leave
//! out what a location needs: asks for each field of the write form (the field
//! catalogue's order, the chosen address form), shows the body with its warnings, then
//! offers to create it, to edit a field, or to cancel.
//!
//! Answers are kept as typed: a rejected answer stays on its prompt for editing, and
//! "edit a field" starts from what was typed. What the flags gave is taken as given (a
//! value that breaks its field's rule is asked again, with the flag's text). The body is
//! made from the answers and checked by the one checker (`LocationBody::check_json`)
//! every time it is shown.

use serde_json::value::RawValue;

use super::body::{from_fields, not_a_number};
use crate::cli::LocationFields;
use crate::columns::Cell;
use crate::output::prompt;
use locadm_client::error::Result;
use locadm_model::document::RawMembers;
use locadm_model::fields::{Field, Form, Kind, Required, LOCATION};
use locadm_model::{Checked, LocationBody, Problems};

/// One asked field and the text typed for it (empty: left out).
struct Answer {
    field: &'static Field,
    text: String,
}

/// What the field flags gave: the text of each field by its flag (`--city` is the city
/// of either address form), and the address form the flags chose, if they chose one.
pub(super) struct Given {
    form: Option<Form>,
    texts: Vec<(&'static str, String)>,
}

impl Given {
    /// The flags as the body they make (the one reading of flags, `body::from_fields`):
    /// a mix of the two address forms is the same usage error as without a terminal.
    pub(super) fn from_flags(fields: &LocationFields) -> Result<Given> {
        let body = RawMembers::parse_text(&from_fields(fields)?).unwrap_or_default();
        let form = if body.get("structuredAddress").is_some() {
            Some(Form::Structured)
        } else if body.get("address").is_some() {
            Some(Form::Legacy)
        } else {
            None
        };
        let texts = LOCATION
            .iter()
            .filter_map(|field| Some((field.flag, text_of(field, &body.get_path(field.path)?))))
            .collect();
        Ok(Given { form, texts })
    }

    /// What the flags gave for `field`.
    fn text(&self, field: &Field) -> Option<&str> {
        self.texts
            .iter()
            .find(|(flag, _)| *flag == field.flag)
            .map(|(_, text)| text.as_str())
    }

    /// Whether a field every location needs (in the flags' address form) is not given.
    pub(super) fn lacks_a_required_field(&self) -> bool {
        let Some(form) = self.form else {
            return true;
        };
        LOCATION
            .iter()
            .filter(|f| asked(f, form) && f.required != Required::No)
            .any(|f| self.text(f).is_none())
    }
}

/// A value the flags gave, as a person would type it at the prompt.
fn text_of(field: &Field, value: &RawValue) -> String {
    match (field.kind, value.get()) {
        (Kind::Boolean, "true") => "yes".to_owned(),
        (Kind::Boolean, "false") => "no".to_owned(),
        _ => Cell::of_json(value).text().into_owned(),
    }
}

/// What the person chose at the end: the checked body, or nothing. Fields `given` by the
/// flags are not asked; of the others, `every` asks the optional ones too (what
/// `--interactive` asks for), else only those a location needs.
pub(super) fn ask_for_body(given: &Given, every: bool) -> Result<Option<Checked<LocationBody>>> {
    let form = match given.form {
        Some(form) => form,
        None => ask_form()?,
    };
    let fields = LOCATION.iter().filter(|f| asked(f, form));
    if given.texts.is_empty() {
        prompt::show("Optional fields say so: press Enter to leave one out.");
    } else {
        let flags: Vec<&str> = given.texts.iter().map(|(flag, _)| *flag).collect();
        let rest = if every {
            "every other field"
        } else {
            "the fields a location still needs (\"Edit a field\" at the end adds an optional one)"
        };
        prompt::show(&format!(
            "Given by flags: {}; asking for {rest}",
            flags.join(", ")
        ));
    }
    let mut answers = Vec::new();
    for field in fields {
        let text = match given.text(field) {
            Some(text) => match field_problem(field, text) {
                None => text.to_owned(),
                Some(problem) => {
                    prompt::show(&format!("{}: {problem}", field.flag));
                    ask_field(field, text)?
                }
            },
            None if every || field.required != Required::No => ask_field(field, "")?,
            None => String::new(),
        };
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

/// Asks which address form the location has.
fn ask_form() -> Result<Form> {
    let structured = prompt::choose(
        "Address form",
        &[
            "structured (street, city, post code, country)",
            "legacy (one address line)",
        ],
    )? == 0;
    Ok(if structured {
        Form::Structured
    } else {
        Form::Legacy
    })
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

/// Asks for one field until the answer passes its own rules: a rejected answer stays on
/// the prompt for editing, the reason under it.
fn ask_field(field: &'static Field, initial: &str) -> Result<String> {
    // A form is asked for whole, so its address parts are required here.
    let optional = field.required == Required::No;
    let text = prompt::ask_checked(&label(field), optional, initial, &|text| {
        field_problem(field, text)
    })?;
    Ok(if text.trim().is_empty() {
        String::new()
    } else {
        text
    })
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
        "hasDisabledAccess" => " (yes or no, or y, n)",
        "address" => " (one line)",
        _ => "",
    };
    label.push_str(rule);
    label
}

/// The answer as the JSON the field holds (as a CSV cell is read): a number as written,
/// a list split on commas; yes/no as a boolean by the yes/no questions' own words
/// (`prompt::yes_no`: `true` is not an answer to a question). Photo URLs typed at the prompt are such a
/// list too, each trimmed as tags are (a file's comma-separated string is taken as it is
/// written, a blank after a comma refused).
fn value_of(field: &Field, text: &str) -> Box<RawValue> {
    if field.kind == Kind::Boolean {
        return match prompt::yes_no(text) {
            Some(yes) => locadm_model::document::to_raw(&yes),
            None => locadm_model::document::to_raw(text),
        };
    }
    if field.kind == Kind::Urls {
        let urls: Vec<&str> = text.split(',').map(str::trim).collect();
        return locadm_model::document::to_raw(&urls);
    }
    RawValue::from_string(locadm_model::document::text_as_json(field.path, text))
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
        return Some(prompt::YES_NO_RULE.to_owned());
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
fn listed<'a>(problems: impl Iterator<Item = &'a locadm_model::Problem>) -> String {
    problems
        .map(|p| format!("  {p}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use locadm_model::fields::location_field;

    #[test]
    fn labels_use_the_flag_s_words_and_the_rule() {
        assert_eq!(label(location_field("storeId").unwrap()), "Store id");
        assert_eq!(
            label(location_field("photoUrls").unwrap()),
            "Photo URLs (comma-separated)"
        );
        assert_eq!(
            label(location_field("hasDisabledAccess").unwrap()),
            "Disabled access (yes or no, or y, n)"
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
        assert_eq!(value_of(access, "n").get(), "false");
        for refused in ["maybe", "true", "1"] {
            assert_eq!(
                field_problem(access, refused).unwrap(),
                "answer `yes` or `no` (or `y`, `n`)"
            );
        }
    }
}
