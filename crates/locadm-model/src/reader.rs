//! The one reader of a location body given as text: `location create --file`, `update
//! --file`, `validate` and `apply` read every body through [`read`], so the same body read
//! for the same operation gets the same verdict and the same problems, in the same order.
//! A merge is completed by [`merge`], when the current state is known.
//!
//! # The read form as input (docs/service-contract.md: "set aside by a documented rule")
//!
//! What `location get` prints can be fed back as it is. Members a write body may not
//! carry are set aside, each after its type is checked, and no value is ever changed:
//! - `id` names the location: the target of a change (`apply`, `validate`), the location
//!   updated (`update ID --file`: it must be that id), never a create's (`create --file`
//!   refuses it: ids cannot be chosen);
//! - `links` (an array of link objects) is the service's;
//! - the provider (`locationProvider`, or `service`) is an object; its `name` (a string)
//!   is the service's; a bare id string is refused with the form to write;
//! - `null` of an optional member means "unset": left out of a full body; in a merge
//!   patch it removes the member. `null` of a required member is refused;
//! - beside a `structuredAddress`, the top-level `city`, `postCode` and `countryCode` are
//!   the service's copies: they must equal the structured ones of the result (in a merge,
//!   of the merged location) and are left out, as is the derived one-line `address`
//!   (a string).
//!
//! Every problem is reported, these among the others; a member name given twice is
//! refused at any depth.

use serde_json::value::RawValue;

use super::document::{self, same_value, RawMembers};
use super::fields::{self, SHARED_ADDRESS_PARTS};
use super::json::{self, Kind};
use super::location::LocationBody;
use super::problem::{Checked, Problems, Rule};
use super::rules::{repeated_names, wrong_type};

/// What a body is read for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// A new location: a complete body.
    Create,
    /// A location's complete new body.
    Replace,
    /// A JSON merge patch (RFC 7396) over a location's current state.
    Merge,
}

/// Who says what a body is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A record of `apply` or `validate`: a create without an `id`, with one the change
    /// given (a merge, or a replace with `--replace`).
    Record(Op),
    /// `location create --file`.
    Create,
    /// `location update ID --file`.
    Replace(uuid::Uuid),
}

/// A body read: what it is for, every problem, and what it sends when it has no error.
#[derive(Debug)]
pub struct Reading {
    pub op: Op,
    /// The location a change is for.
    pub id: Option<uuid::Uuid>,
    /// The record's `storeId` when it is a string, for reports.
    pub store_id: Option<String>,
    /// Errors and warnings, in the order of the body.
    pub problems: Problems,
    pub sent: Option<Sent>,
    /// The export the record was edited from, as a sheet of the tool's names it
    /// ([`EXPORT_MEMBER`]): set aside, never sent.
    pub export: Option<String>,
}

/// The member (a sheet's last column, or its hidden sheet's name) that names the export a
/// record of a sheet the tool wrote came from.
pub const EXPORT_MEMBER: &str = "locadm:export";

/// The hidden sheet of a workbook the tool wrote, which names its export (`B1`).
pub const EXPORT_SHEET: &str = "locadm";

/// What a body without errors sends.
// A `Reading` lives from its read to its use, on the stack: boxing the body would cost
// an allocation a record for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Sent {
    /// A complete body: a create, or a replace.
    Body(LocationBody),
    /// A merge patch, its members checked; [`merge`] checks what it makes.
    Patch(RawMembers),
}

/// Reads the body `text` for `target`: its shape, repeated names, the target, the
/// set-aside rule and every rule of the spec, every problem reported.
pub fn read(text: &str, target: Target) -> Reading {
    let mut reading = Reading {
        op: match target {
            Target::Record(_) | Target::Create => Op::Create,
            Target::Replace(_) => Op::Replace,
        },
        id: None,
        store_id: None,
        problems: Problems::default(),
        sent: None,
        export: None,
    };
    let object = match json::parse_body(text) {
        Ok(object) => object,
        Err(problem) => {
            reading
                .problems
                .error(problem.rule, problem.property, problem.message);
            return reading;
        }
    };
    // Set-aside members included: a name given twice is one problem wherever it is.
    repeated_names(&mut reading.problems, "", &object);
    let record = RawMembers::from_object(&object);
    reading.store_id = record
        .get("storeId")
        .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok());
    reading.take_id(record.get("id"), target);
    reading.export = record
        .get(EXPORT_MEMBER)
        .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok());
    // The provider given as `service` is checked as `locationProvider`, and its problems
    // named as it was given.
    let as_service = record.get("service").is_some() && record.get("locationProvider").is_none();
    let (body, deferred) = set_aside(record, reading.op, &mut reading.problems);
    let result = LocationBody::check_members(&body.as_object(), Problems::default())
        .map_err(|found| found.renamed("locationProvider", as_service, "service"));
    match (reading.op, result) {
        (Op::Create | Op::Replace, Ok(valid)) => {
            reading.problems.extend(valid.warnings);
            if !reading.problems.has_errors() {
                reading.sent = Some(Sent::Body(valid.body));
            }
        }
        (Op::Create | Op::Replace, Err(found)) => reading.problems.extend(found),
        (Op::Merge, result) => {
            let found = match result {
                Ok(valid) => valid.warnings,
                Err(found) => found,
            };
            reading.problems.extend(patch_problems(&body, found));
            if !reading.problems.has_errors() {
                let mut patch = body;
                for (name, copy) in deferred {
                    patch.push(name, copy);
                }
                reading.sent = Some(Sent::Patch(patch));
            }
        }
    }
    reading
}

impl Reading {
    /// The `id` member by the target's rule, and the operation it makes.
    fn take_id(&mut self, id: Option<&RawValue>, target: Target) {
        // `"id": null` is no id, as `null` of any optional member is no value.
        let Some(raw) = id.filter(|raw| Kind::of(raw) != Kind::Null) else {
            if let Target::Replace(target) = target {
                self.id = Some(target);
            }
            return;
        };
        let given = serde_json::from_str::<String>(raw.get())
            .ok()
            .and_then(|t| uuid::Uuid::parse_str(&t).ok());
        match target {
            Target::Create => self.problems.error(Rule::Consistency,
                "id",
                "names an existing location, and a create cannot choose the id; to change that location, use `location update ID --file` or `location apply`",
            ),
            Target::Record(op) => {
                self.op = op;
                self.id = given;
            }
            Target::Replace(target) => {
                self.id = Some(target);
                if let Some(given) = given.filter(|g| *g != target) {
                    self.problems.error(Rule::Consistency,
                        "id",
                        format!("names location `{given}`, not `{target}`, the one updated"),
                    );
                }
            }
        }
        if given.is_none() && target != Target::Create {
            self.problems
                .error(Rule::Format, "id", "must be a location id (a UUID string)");
        }
    }
}

/// The write form of the service's read form of a location (its current state), by the
/// set-aside rule; a copy that disagrees is a problem.
pub fn write_form(read: RawMembers) -> Result<RawMembers, Problems> {
    let mut problems = Problems::default();
    let (body, _) = set_aside(read, Op::Replace, &mut problems);
    if problems.has_errors() {
        return Err(problems);
    }
    Ok(body)
}

/// The set-aside rule of the module documentation: the members a write body may carry,
/// and the legacy copies a merge compares with its result (kept out of the patch's
/// check); the problems of the members set aside go to `problems`.
///
/// The record is taken, not borrowed: its members move into the body (pre-flight makes
/// one body a record, and copying every member twice was a tenth of its time).
fn set_aside(
    record: RawMembers,
    op: Op,
    problems: &mut Problems,
) -> (RawMembers, Vec<(&'static str, Box<RawValue>)>) {
    // The structured parts, read only for a record that also has a top-level copy to
    // compare with them (most have none: parsing them for every record was a tenth of
    // reading one, callgrind of `examples/read_loop.rs`).
    let has_copy = std::iter::once("address")
        .chain(SHARED_ADDRESS_PARTS)
        .any(|name| record.get(name).is_some());
    let structured = has_copy
        .then(|| record.object("structuredAddress"))
        .flatten();
    let both_providers =
        record.get("service").is_some() && record.get("locationProvider").is_some();
    let mut body = RawMembers::default();
    let mut deferred = Vec::new();
    for (name, raw) in record.into_members() {
        let null = Kind::of(&raw) == Kind::Null;
        let required = fields::is_required_member(&name) || name == "service";
        if null && required && op == Op::Merge {
            problems.error(
                Rule::Required,
                name.as_ref(),
                "is required, and `null` in a merge would remove it",
            );
            continue;
        }
        match name.as_ref() {
            "id" | EXPORT_MEMBER => continue,
            "links" => {
                if !null {
                    links(problems, &raw);
                }
                continue;
            }
            "service" if both_providers => {
                problems.error(
                    Rule::Duplicate,
                    "service",
                    "names the provider a second time, beside `locationProvider`; keep one",
                );
                continue;
            }
            "locationProvider" | "service" => {
                body.push("locationProvider", provider(problems, &name, raw));
                continue;
            }
            _ => {}
        }
        if let Some(twins) = &structured {
            if name == "address" {
                string_or_null(problems, "address", &raw);
                continue;
            }
            if let Some(part) = SHARED_ADDRESS_PARTS.into_iter().find(|p| *p == name) {
                if string_or_null(problems, part, &raw) {
                    match twins.get(part) {
                        // A merge's result has the current state's: compared by `merge`.
                        None if op == Op::Merge && !null => deferred.push((part, raw)),
                        twin => compare_copy(problems, part, &raw, twin),
                    }
                }
                continue;
            }
        }
        // `description` may be `null` in a write body; a required member's `null` is left
        // for the checker to refuse, an unknown member's to name.
        let unset = null && name != "description" && !required;
        if unset && op != Op::Merge && fields::is_member(&name) {
            continue;
        }
        body.push(name, raw);
    }
    (body, deferred)
}

/// `links`: an array of link objects, set aside.
fn links(problems: &mut Problems, raw: &RawValue) {
    if Kind::of(raw) != Kind::Array {
        wrong_type(problems, "links", "an array of link objects", raw);
        return;
    }
    let mut path = String::new();
    for (i, link) in json::raw_array(raw).into_iter().enumerate() {
        if Kind::of(link) != Kind::Object {
            let path = super::rules::indexed(&mut path, "links", i);
            wrong_type(problems, path, "a link object", link);
        }
    }
}

/// The provider without the `name` the service adds (a string), as `locationProvider`;
/// anything else as it is, for the checker.
fn provider(problems: &mut Problems, given_as: &str, raw: Box<RawValue>) -> Box<RawValue> {
    if Kind::of(&raw) != Kind::Object {
        return raw;
    }
    let Ok(mut members) = RawMembers::parse(&raw) else {
        return raw;
    };
    // Every `name`: one given twice is a problem of its own (`repeated_names`), not
    // also an unknown member of the provider.
    let mut removed = false;
    while let Some(name) = members.remove("name") {
        if !removed {
            string_or_null(problems, &format!("{given_as}.name"), &name);
        }
        removed = true;
    }
    if removed {
        members.to_raw()
    } else {
        raw
    }
}

/// Whether a set-aside member is a string (or `null`); a problem otherwise.
fn string_or_null(problems: &mut Problems, property: &str, raw: &RawValue) -> bool {
    let ok = matches!(Kind::of(raw), Kind::String | Kind::Null);
    if !ok {
        wrong_type(problems, property, "a string", raw);
    }
    ok
}

/// A legacy copy beside a `structuredAddress` against its structured twin in the result
/// (`None` or `null`: unset there). `null` is no copy, and agrees.
fn compare_copy(problems: &mut Problems, part: &str, copy: &RawValue, twin: Option<&RawValue>) {
    let twin = twin.filter(|t| Kind::of(t) != Kind::Null);
    if Kind::of(copy) == Kind::Null || twin.is_some_and(|t| same_value(t, copy)) {
        return;
    }
    problems.error(Rule::Consistency,
        part,
        format!(
            "the legacy `{part}` {} disagrees with `structuredAddress.{part}` {}: edit one address form and drop the other",
            copy.get(),
            twin.map_or("(unset)", RawValue::get)
        ),
    );
}

/// Of the problems a whole-body check finds in a patch, those of the members it carries:
/// what it leaves out comes from the current state, and a known member's `null` removes
/// it.
fn patch_problems(patch: &RawMembers, found: Problems) -> Problems {
    let mut kept = Problems::default();
    for problem in found.iter() {
        let top = problem
            .property
            .split(['.', '['])
            .next()
            .unwrap_or_default();
        let removal = patch
            .get(top)
            .is_some_and(|v| Kind::of(v) == Kind::Null && fields::is_member(top));
        let carried = patch.get(top).is_some() && !removal;
        if carried && !problem.is_about_absence() {
            kept.push(problem.clone());
        }
    }
    kept
}

/// What a merge patch (a [`read`] one) makes of a location's current write form: the
/// patch laid over it ([`document::merge`]), the legacy copies the patch carries beside
/// its `structuredAddress` compared with the merged location, and the merged body
/// checked whole; every problem at once.
pub fn merge(
    current: &RawMembers,
    patch: &RawMembers,
) -> Result<(RawMembers, Checked<LocationBody>), Problems> {
    let mut patch = patch.clone();
    let mut copies = Vec::new();
    if patch.object("structuredAddress").is_some() {
        for part in SHARED_ADDRESS_PARTS {
            if let Some(copy) = patch.remove(part) {
                copies.push((part, copy));
            }
        }
    }
    let merged = document::merge(current, &patch);
    let mut problems = Problems::default();
    let twins = merged.object("structuredAddress");
    for (part, copy) in &copies {
        compare_copy(
            &mut problems,
            part,
            copy,
            twins.as_ref().and_then(|t| t.get(part)),
        );
    }
    match LocationBody::check(&merged.as_object()) {
        Ok(checked) if !problems.has_errors() => Ok((merged, checked)),
        Ok(checked) => {
            problems.extend(checked.warnings);
            Err(problems)
        }
        Err(found) => {
            problems.extend(found);
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

    fn body(extra: &str) -> String {
        format!(
            r#"{{"storeId":"S","storeName":"N","latitude":1.5,"longitude":2,"locationProvider":{{"id":"{PROVIDER}","name":"Demo"}},"structuredAddress":{{"street":"Main","city":"Berlin","postCode":"1","countryCode":"DE"}}{extra}}}"#
        )
    }

    fn errors(reading: &Reading) -> Vec<String> {
        reading.problems.errors().map(ToString::to_string).collect()
    }

    fn members(text: &str) -> RawMembers {
        RawMembers::parse_text(text).unwrap()
    }

    #[test]
    fn the_read_form_is_set_aside_by_the_rule() {
        let text = body(
            r#","id":"0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11","links":[{"rel":"self","href":"/x"}],"telephoneNumber":null,"email":null,"description":null,"address":"Main 1","city":"Berlin","postCode":"1","countryCode":"DE""#,
        );
        let reading = read(&text, Target::Record(Op::Replace));
        assert_eq!(errors(&reading), Vec::<String>::new());
        let Some(Sent::Body(sent)) = reading.sent else {
            panic!("a body")
        };
        assert_eq!(
            serde_json::to_string(&sent).unwrap(),
            format!(
                r#"{{"storeId":"S","storeName":"N","structuredAddress":{{"street":"Main","city":"Berlin","postCode":"1","countryCode":"DE"}},"latitude":1.5,"longitude":2,"locationProvider":{{"id":"{PROVIDER}"}},"description":null}}"#
            )
        );
    }

    /// Issue 40: a copy that disagrees is one problem among the others, never a stop.
    #[test]
    fn a_copy_that_disagrees_hides_no_other_problem() {
        let text = body(r#","city":"Hamburg","email":"nope","tags":[1]"#).replace(
            r#""storeId":"S""#,
            &format!(r#""storeId":"{}""#, "x".repeat(37)),
        );
        let reading = read(&text, Target::Create);
        let found = errors(&reading);
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(found[0].starts_with(
            r#"city: the legacy `city` "Hamburg" disagrees with `structuredAddress.city` "Berlin""#
        ));
        assert!(found
            .iter()
            .any(|p| p.starts_with("storeId: 37 characters")));
        assert!(found.iter().any(|p| p.starts_with("email: ")));
        assert!(found.iter().any(|p| p.starts_with("tags[0]: ")));
    }

    #[test]
    fn set_aside_members_are_checked_for_their_type() {
        let text =
            body(r#","links":"self","address":5"#).replace(r#""name":"Demo""#, r#""name":7"#);
        let found = errors(&read(&text, Target::Create));
        assert_eq!(
            found,
            [
                "locationProvider.name: must be a string, not a number",
                "links: must be an array of link objects, not the string \"self\"",
                "address: must be a string, not a number",
            ]
        );
        // The provider's members other than `id` and `name` are unknown, as in a write body.
        let text = body("").replace(r#""name":"Demo""#, r#""name":"Demo","colour":"red""#);
        assert_eq!(
            errors(&read(&text, Target::Create)),
            ["locationProvider.colour: unknown property"]
        );
    }

    #[test]
    fn a_bare_provider_id_is_refused_with_the_form_to_write() {
        let text = body("").replace(
            &format!(r#"{{"id":"{PROVIDER}","name":"Demo"}}"#),
            &format!(r#""{PROVIDER}""#),
        );
        for target in [Target::Create, Target::Record(Op::Merge)] {
            assert_eq!(
                errors(&read(&text, target)),
                [format!(
                    r#"locationProvider: must be an object with an `id`, not a string; write `{{"id": "{PROVIDER}"}}`"#
                )]
            );
        }
    }

    #[test]
    fn a_repeated_name_is_refused_at_every_depth() {
        let text = body(
            r#","translations":{"de":{"name":"a","name":"b"}},"links":[{"rel":"self","rel":"x"}]"#,
        )
        .replace(
            &format!(r#""id":"{PROVIDER}""#),
            &format!(r#""id":"{PROVIDER}","id":"{PROVIDER}""#),
        );
        for target in [Target::Create, Target::Record(Op::Merge)] {
            assert_eq!(
                errors(&read(&text, target)),
                [
                    "locationProvider.id: appears more than once",
                    "translations.de.name: appears more than once",
                    "links[0].rel: appears more than once",
                ]
            );
        }
    }

    #[test]
    fn the_provider_under_both_names_is_an_error_not_a_choice() {
        let text = body(&format!(r#","service":{{"id":"{PROVIDER}","name":"A"}}"#));
        assert_eq!(
            errors(&read(&text, Target::Create)),
            ["service: names the provider a second time, beside `locationProvider`; keep one"]
        );
        let text = body("").replace("locationProvider", "service");
        assert_eq!(errors(&read(&text, Target::Create)), Vec::<String>::new());
    }

    /// Issue 56, item 6: small defects of the messages, each as a user met it.
    #[test]
    fn a_problem_is_said_once_by_the_name_it_was_given_and_on_one_line() {
        // A provider's repeated `name` is one problem, not also an unknown property.
        let text = body("").replace(r#""name":"Demo""#, r#""name":"Demo","name":"Demo 2""#);
        assert_eq!(
            errors(&read(&text, Target::Create)),
            ["locationProvider.name: appears more than once"]
        );
        // A provider given as `service` is named so.
        let text = body("")
            .replace("locationProvider", "service")
            .replace(PROVIDER, "nope");
        assert_eq!(
            errors(&read(&text, Target::Create)),
            ["service.id: `nope` is not a UUID"]
        );
        // A line feed in a value quoted by a message is escaped where people read it; a
        // letter beyond ASCII is not; programs get the value as it is.
        let text = body("").replace(PROVIDER, "ab\\ncd Łódź");
        let reading = read(&text, Target::Create);
        assert_eq!(
            errors(&reading),
            ["locationProvider.id: `ab\\u000acd Łódź` is not a UUID"]
        );
        assert_eq!(
            reading.problems.errors().next().unwrap().message,
            "`ab\ncd Łódź` is not a UUID"
        );
        // `null` of `id` and `links` is no value, as of any optional member.
        for target in [Target::Create, Target::Record(Op::Merge)] {
            let reading = read(&body(r#","id":null,"links":null"#), target);
            assert_eq!(errors(&reading), Vec::<String>::new(), "{target:?}");
        }
    }

    #[test]
    fn the_id_follows_the_target() {
        let id = "0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11";
        let text = body(&format!(r#","id":"{id}""#));
        assert!(
            errors(&read(&text, Target::Create))[0].starts_with("id: names an existing location")
        );
        let reading = read(&text, Target::Record(Op::Merge));
        assert_eq!((reading.op, reading.id), (Op::Merge, id.parse().ok()));
        assert!(errors(&read(&text, Target::Replace(id.parse().unwrap()))).is_empty());
        let other = uuid::Uuid::nil();
        assert_eq!(
            errors(&read(&text, Target::Replace(other))),
            [format!(
                "id: names location `{id}`, not `{other}`, the one updated"
            )]
        );
    }

    /// Issue 40: a merge's copies are compared with the merged location, not the row.
    #[test]
    fn a_merge_compares_its_copies_with_the_merged_location() {
        let current = members(
            r#"{"storeId":"S","storeName":"N","latitude":1,"longitude":2,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"},"structuredAddress":{"street":"Main","city":"Berlin","postCode":"10178","countryCode":"DE"}}"#,
        );
        let row = r#"{"id":"0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11","postCode":"10178","countryCode":"DE","structuredAddress":{"street":"Side","city":"Berlin"}}"#;
        let reading = read(row, Target::Record(Op::Merge));
        assert_eq!(errors(&reading), Vec::<String>::new());
        let Some(Sent::Patch(patch)) = reading.sent else {
            panic!("a patch")
        };
        let (merged, _) = merge(&current, &patch).unwrap();
        assert_eq!(
            merged.get_path("structuredAddress.street").unwrap().get(),
            r#""Side""#
        );
        // Against another post code, the copy disagrees with the merged location.
        let elsewhere = members(&current.to_raw().get().replace("10178", "14467"));
        let problems = merge(&elsewhere, &patch).unwrap_err();
        assert_eq!(
            problems.to_string(),
            r#"postCode: the legacy `postCode` "10178" disagrees with `structuredAddress.postCode` "14467": edit one address form and drop the other"#
        );
        // A twin the row carries is compared at once.
        let row = row.replace(r#""city":"Berlin""#, r#""city":"Berlin","postCode":"1""#);
        assert_eq!(errors(&read(&row, Target::Record(Op::Merge))).len(), 1);
    }

    #[test]
    fn null_means_unset_for_an_optional_member_only() {
        let text = body(r#","email":null,"tags":null"#);
        assert!(errors(&read(&text, Target::Create)).is_empty());
        let text = body("").replace(r#""storeName":"N""#, r#""storeName":null"#);
        assert_eq!(
            errors(&read(&text, Target::Create)),
            ["storeName: must be a string, not null"]
        );
        let patch =
            r#"{"id":"0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11","storeName":null,"email":null}"#;
        assert_eq!(
            errors(&read(patch, Target::Record(Op::Merge))),
            ["storeName: is required, and `null` in a merge would remove it"]
        );
        let patch = patch.replace("storeName", "locationProvider");
        assert_eq!(
            errors(&read(&patch, Target::Record(Op::Merge))),
            ["locationProvider: is required, and `null` in a merge would remove it"]
        );
    }

    #[test]
    fn photo_urls_are_never_trimmed() {
        let text = body(r#","photoUrls":"https://a.example/1.jpg, https://a.example/2.jpg""#);
        let as_string = errors(&read(&text, Target::Create));
        let text = body(r#","photoUrls":["https://a.example/1.jpg"," https://a.example/2.jpg"]"#);
        let as_array = errors(&read(&text, Target::Create));
        assert_eq!(as_string, as_array);
        assert_eq!(as_string.len(), 1);
        assert!(as_string[0].starts_with("photoUrls[1]: "), "{as_string:?}");
    }
}
