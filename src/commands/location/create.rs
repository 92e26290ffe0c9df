//! `locadm location create (--file PATH|- | field flags | --interactive)`

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::{body, print_link, show_warnings};
use crate::cli::WriteArgs;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::model::{Checked, LocationBody};
use crate::output::prompt;

pub async fn run(context: &Context<'_>, args: WriteArgs) -> Result<()> {
    let no_input = args.file.is_none() && !args.fields.any();
    let checked = if args.interactive || (no_input && context.printer.can_prompt()) {
        if !context.printer.can_prompt() {
            return Err(Error::usage("`--interactive` needs a terminal")
                .with_hint("give `--file PATH` or field flags"));
        }
        let Some(checked) = ask_for_body()? else {
            return Err(Error::other("nothing was sent"));
        };
        checked
    } else if no_input {
        return Err(Error::usage("no location to create: give `--file PATH`, `--file -` for standard input, or field flags")
            .with_hint("at a terminal, `--interactive` asks for each field"));
    } else {
        body::location_from_input(args.file.as_deref(), &args.fields)?
    };
    show_warnings(context.printer, &checked.warnings);
    let api = context.api().await?;
    let reply = api.create_location(&checked.body).await?;
    print_link(context, "created", &reply)
}

/// One field the interactive create asks for.
struct Question {
    /// JSON path: `storeId` or `structuredAddress.city`.
    path: &'static str,
    label: &'static str,
    optional: bool,
    number: bool,
}

const fn q(path: &'static str, label: &'static str, optional: bool, number: bool) -> Question {
    Question {
        path,
        label,
        optional,
        number,
    }
}

const COMMON_HEAD: &[Question] = &[
    q("storeId", "Store id (storeId)", false, false),
    q("storeName", "Store name (storeName)", false, false),
];
const STRUCTURED: &[Question] = &[
    q("structuredAddress.street", "Street", false, false),
    q("structuredAddress.houseNumber", "House number", true, false),
    q("structuredAddress.city", "City", false, false),
    q("structuredAddress.postCode", "Post code", false, false),
    q(
        "structuredAddress.countryCode",
        "Country code (DE, DEU or 276)",
        false,
        false,
    ),
];
const LEGACY: &[Question] = &[
    q("address", "Address (one line)", false, false),
    q("city", "City", false, false),
    q("postCode", "Post code", false, false),
    q("countryCode", "Country code (DE, DEU or 276)", false, false),
];
const COMMON_TAIL: &[Question] = &[
    q(
        "latitude",
        "Latitude (-90 to 90, at most 8 decimals)",
        false,
        true,
    ),
    q(
        "longitude",
        "Longitude (-180 to 180, at most 8 decimals)",
        false,
        true,
    ),
    q(
        "locationProvider.id",
        "Location provider id (UUID)",
        false,
        false,
    ),
    q("telephoneNumber", "Telephone number", true, false),
    q("email", "E-mail", true, false),
    q("description", "Description", true, false),
];

/// Asks for each field, re-asking one until it is valid, then shows the body and asks to
/// send it. `None` when the person declines.
fn ask_for_body() -> Result<Option<Checked<LocationBody>>> {
    let structured = prompt::choose(
        "Address form",
        &[
            "structured (street, city, post code, country)",
            "legacy (one address line)",
        ],
    )? == 0;
    let address = if structured { STRUCTURED } else { LEGACY };
    let mut body = Map::new();
    for question in COMMON_HEAD.iter().chain(address).chain(COMMON_TAIL) {
        let answer = prompt::ask(question.label, question.optional, |text| {
            field_problems(question, text).map_or(Ok(()), Err)
        })?;
        if let Some(answer) = answer {
            insert(&mut body, question.path, json_value(question, &answer));
        }
    }
    let text = Value::Object(body).to_string();
    let checked = LocationBody::check_json(&text)
        .map_err(|p| Error::Invalid(format!("the body is invalid; nothing was sent\n{p}")))?;
    let pretty =
        serde_json::to_string_pretty(&checked.body).map_err(|e| Error::other(e.to_string()))?;
    prompt::show(&pretty);
    Ok(prompt::confirm("Create this location?")?.then_some(checked))
}

/// The problems that whole-body validation finds with this one field, as one message.
fn field_problems(question: &Question, text: &str) -> Option<String> {
    let mut probe = Map::new();
    insert(&mut probe, question.path, json_value(question, text));
    let problems = match LocationBody::check_json(&Value::Object(probe).to_string()) {
        Ok(_) => return None,
        Err(problems) => problems,
    };
    let messages: Vec<&str> = problems
        .errors()
        .filter(|p| p.property == question.path)
        .map(|p| p.message.as_str())
        .collect();
    (!messages.is_empty()).then(|| messages.join("; "))
}

/// A number field's answer goes in as the number written, when it is one.
fn json_value(question: &Question, text: &str) -> Value {
    if question.number {
        if let Ok(raw) = serde_json::from_str::<Box<RawValue>>(text.trim()) {
            if let Ok(Value::Number(n)) = serde_json::from_str::<Value>(raw.get()) {
                return Value::Number(n);
            }
        }
    }
    Value::String(text.to_owned())
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
