//! `locadm location update ID (--file PATH|- | field flags)`
//!
//! With `--file`, the body is sent as given: a complete body (PRODUCT.md). With field
//! flags alone, the body starts from the location's current state (its read form) with
//! the flags laid over it. Fields that the read form does not carry cannot be kept that
//! way: they are named before anything is sent, and sending needs a confirmation (or
//! `--yes`), so that nothing is dropped silently.

use serde_json::value::RawValue;

use super::body::{self, number_or_string, to_raw, RawMembers};
use super::{parse_id, print_link, show_warnings};
use crate::cli::{LocationFields, WriteArgs};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::model::json::{Kind, RawObject};
use crate::model::LocationBody;
use crate::output::prompt;

/// Write-form properties that a read form may leave out. When the read form has the key
/// (even as `null`), the service carries it; when the key is missing, it may not.
const MAYBE_NOT_CARRIED: [&str; 5] = [
    "supplementaryName",
    "email",
    "tags",
    "translations",
    "structuredAddress",
];

/// `location update`'s arguments.
pub struct Args {
    pub id: String,
    pub write: WriteArgs,
    /// Send even when the read form cannot carry some fields.
    pub yes: bool,
}

pub async fn run(context: &Context<'_>, args: Args) -> Result<()> {
    let Args {
        id,
        write: args,
        yes,
    } = args;
    let id = parse_id(&id)?;
    if args.file.is_some() || !args.fields.any() {
        if args.file.is_none() {
            return Err(Error::usage("no update given: pass `--file PATH` with a complete body, or field flags to change"));
        }
        let checked = body::location_from_input(args.file.as_deref(), &args.fields)?;
        show_warnings(context.printer, &checked.warnings);
        let api = context.api().await?;
        let reply = api.update_location(&id, &checked.body).await?;
        return print_link(context, "updated", &reply);
    }

    let api = context.api().await?;
    let (_, current) = api.get_location(&id).await?;
    let current: RawObject = serde_json::from_slice(&current.body).map_err(|e| {
        Error::other(format!(
            "the location's read form is not a JSON object: {e}"
        ))
    })?;
    let (mut body, not_carried) = write_form_of(&current)?;
    overlay(&mut body, &args.fields)?;
    let text = body.to_raw();
    let checked = LocationBody::check_json(text.get()).map_err(|p| {
        Error::Invalid(format!(
            "the updated body is invalid; nothing was sent\n{p}"
        ))
    })?;
    show_warnings(context.printer, &checked.warnings);

    let not_carried: Vec<&str> = not_carried
        .into_iter()
        .filter(|f| !given_by_flags(f, &args.fields))
        .collect();
    if !not_carried.is_empty() {
        let names = not_carried
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ");
        context.printer.warning(&format!(
            "the service's read form does not carry {names}: the update cannot keep their current values, and the service may clear them"
        ));
        let go_on =
            yes || (context.printer.can_prompt() && prompt::confirm("Send the update anyway?")?);
        if !go_on {
            return Err(Error::usage("nothing was sent")
                .with_hint("send a complete body with `--file`, or pass `--yes` to accept"));
        }
    }
    let reply = api.update_location(&id, &checked.body).await?;
    print_link(context, "updated", &reply)
}

/// The write form of a read form: read-only members dropped, the provider reduced to its
/// id, the legacy fields that a structured location's read form derives dropped, and
/// `null`s of optional fields left out; every value as the service wrote it (numbers
/// too: `13.40` stays `13.40`). Returns the fields the read form does not carry.
fn write_form_of(read: &RawObject) -> Result<(RawMembers, Vec<&'static str>)> {
    let has = |name: &str| read.members.iter().any(|(n, _)| n == name);
    let structured = read
        .members
        .iter()
        .any(|(n, v)| n == "structuredAddress" && Kind::of(v) == Kind::Object);
    let mut body = RawMembers::default();
    for (name, raw) in &read.members {
        let name = name.as_ref();
        let legacy = matches!(name, "address" | "city" | "postCode" | "countryCode");
        let skip = matches!(name, "id" | "links")
            || (legacy && structured)
            || (Kind::of(raw) == Kind::Null && name != "description");
        if skip {
            continue;
        }
        if name == "locationProvider" || name == "service" {
            let provider = RawMembers::parse(raw)?;
            let mut reduced = RawMembers::default();
            reduced.push(
                "id",
                provider
                    .get("id")
                    .map_or_else(|| to_raw(&()), RawValue::to_owned),
            );
            body.insert("locationProvider", reduced.to_raw());
            continue;
        }
        body.push(name.to_owned(), (*raw).to_owned());
    }
    let not_carried = MAYBE_NOT_CARRIED.into_iter().filter(|f| !has(f)).collect();
    Ok((body, not_carried))
}

/// Lays the field flags over the current body. `--city`, `--post-code` and
/// `--country-code` go into the form the location has; `--street` and the other
/// structured flags switch it to the structured form; `--address` to the legacy form.
fn overlay(body: &mut RawMembers, f: &LocationFields) -> Result<()> {
    let structured_flags = [
        &f.street,
        &f.building_name,
        &f.house_number,
        &f.district,
        &f.province,
    ];
    let to_structured = structured_flags.iter().any(|v| v.is_some());
    if to_structured && f.address.is_some() {
        return Err(Error::usage("`--address` (legacy form) cannot be combined with `--street`, `--building-name`, `--house-number`, `--district` or `--province` (structured form)"));
    }
    let set = |body: &mut RawMembers, name: &'static str, value: &Option<String>| {
        if let Some(v) = value {
            body.insert(name, to_raw(v));
        }
    };
    set(body, "storeId", &f.store_id);
    set(body, "storeName", &f.store_name);
    set(body, "supplementaryName", &f.supplementary_name);
    set(body, "telephoneNumber", &f.telephone);
    set(body, "email", &f.email);
    set(body, "logoUrl", &f.logo_url);
    set(body, "description", &f.description);
    for (name, value) in [("latitude", &f.latitude), ("longitude", &f.longitude)] {
        if let Some(v) = value {
            body.insert(name, number_or_string(v));
        }
    }
    if let Some(id) = &f.provider_id {
        let mut provider = RawMembers::default();
        provider.string("id", id);
        body.insert("locationProvider", provider.to_raw());
    }
    if !f.photo_url.is_empty() {
        body.insert("photoUrls", to_raw(&f.photo_url));
    }
    if !f.tag.is_empty() {
        body.insert("tags", to_raw(&f.tag));
    }
    if let Some(b) = f.disabled_access {
        body.insert("hasDisabledAccess", to_raw(&b));
    }

    const LEGACY_PARTS: [&str; 3] = ["city", "postCode", "countryCode"];
    let current_structured = match body.get("structuredAddress") {
        Some(raw) if Kind::of(raw) == Kind::Object => Some(RawMembers::parse(raw)?),
        _ => None,
    };
    if f.address.is_some() {
        if let Some(s) = &current_structured {
            // Switching to the legacy form: the structured parts seed the legacy fields.
            body.remove("structuredAddress");
            for key in LEGACY_PARTS {
                if let Some(v) = s.get(key) {
                    body.insert(key, v.to_owned());
                }
            }
        }
    }
    if to_structured || (current_structured.is_some() && f.address.is_none()) {
        body.remove("structuredAddress");
        let mut s = match current_structured {
            Some(s) => s,
            None => {
                // Switching to the structured form: the legacy parts seed it.
                let mut s = RawMembers::default();
                for key in LEGACY_PARTS {
                    if let Some(v) = body.remove(key) {
                        s.push(key, v);
                    }
                }
                body.remove("address");
                s
            }
        };
        set(&mut s, "street", &f.street);
        set(&mut s, "buildingName", &f.building_name);
        set(&mut s, "houseNumber", &f.house_number);
        set(&mut s, "district", &f.district);
        set(&mut s, "province", &f.province);
        set(&mut s, "city", &f.city);
        set(&mut s, "postCode", &f.post_code);
        set(&mut s, "countryCode", &f.country_code);
        body.insert("structuredAddress", s.to_raw());
    } else {
        set(body, "address", &f.address);
        set(body, "city", &f.city);
        set(body, "postCode", &f.post_code);
        set(body, "countryCode", &f.country_code);
    }
    Ok(())
}

fn given_by_flags(field: &str, f: &LocationFields) -> bool {
    match field {
        "supplementaryName" => f.supplementary_name.is_some(),
        "email" => f.email.is_some(),
        "tags" => !f.tag.is_empty(),
        "structuredAddress" => f.street.is_some(),
        _ => false,
    }
}
