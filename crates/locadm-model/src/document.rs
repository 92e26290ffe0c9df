//! A location as a JSON document whose values stay as written: a JSON merge patch (RFC
//! 7396) laid over the current state, and the field-by-field difference a plan shows.
//! Numbers are never re-encoded (`13.40` stays `13.40`): members are raw JSON text
//! throughout. A body given as text is read by `reader`, which sets aside what a read
//! form carries beyond a write body.

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::{to_raw_value, RawValue};

use super::fields::SHARED_ADDRESS_PARTS;
use super::json::{Kind, RawObject};

/// A JSON object whose members keep the order they were added in and whose values are
/// raw JSON text (numbers stay as written).
#[derive(Debug, Default, Clone)]
pub struct RawMembers(Vec<(Cow<'static, str>, Box<RawValue>)>);

impl RawMembers {
    /// The members of a JSON object, values as they are written.
    pub fn parse(object: &RawValue) -> Result<RawMembers, String> {
        let object: RawObject =
            serde_json::from_str(object.get()).map_err(|e| format!("not a JSON object: {e}"))?;
        Ok(RawMembers::from_object(&object))
    }

    /// The members of the JSON object `text`.
    pub fn parse_text(text: &str) -> Result<RawMembers, String> {
        let object: RawObject =
            serde_json::from_str(text).map_err(|e| format!("not a JSON object: {e}"))?;
        Ok(RawMembers::from_object(&object))
    }

    pub fn from_object(object: &RawObject<'_>) -> RawMembers {
        RawMembers(
            object
                .members
                .iter()
                .map(|(name, value)| (Cow::Owned(name.clone().into_owned()), (*value).to_owned()))
                .collect(),
        )
    }

    pub fn push(&mut self, name: impl Into<Cow<'static, str>>, value: Box<RawValue>) {
        self.0.push((name.into(), value));
    }

    /// Sets `name`, in its place when it is there already.
    pub fn insert(&mut self, name: impl Into<Cow<'static, str>>, value: Box<RawValue>) {
        let name = name.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, old)) => *old = value,
            None => self.push(name, value),
        }
    }

    pub fn get(&self, name: &str) -> Option<&RawValue> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| &**v)
    }

    /// The member at a dotted `path` (`structuredAddress.city`).
    pub fn get_path(&self, path: &str) -> Option<Box<RawValue>> {
        match path.split_once('.') {
            None => self.get(path).map(RawValue::to_owned),
            Some((outer, inner)) => RawMembers::parse(self.get(outer)?).ok()?.get_path(inner),
        }
    }

    /// Sets the member at a dotted `path` (`structuredAddress.city`), making its object
    /// when there is none.
    pub fn insert_path(&mut self, path: &str, value: Box<RawValue>) {
        match path.split_once('.') {
            None => self.insert(path.to_owned(), value),
            Some((outer, inner)) => {
                let mut object = self.object(outer).unwrap_or_default();
                object.insert_path(inner, value);
                self.insert(outer.to_owned(), object.to_raw());
            }
        }
    }

    /// The object member `name`, when it is an object.
    pub fn object(&self, name: &str) -> Option<RawMembers> {
        self.get(name)
            .filter(|raw| Kind::of(raw) == Kind::Object)
            .and_then(|raw| RawMembers::parse(raw).ok())
    }

    pub fn remove(&mut self, name: &str) -> Option<Box<RawValue>> {
        let at = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(at).1)
    }

    pub fn string(&mut self, name: &'static str, value: &str) {
        self.push(name, to_raw(&value));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The members, moved out.
    pub fn into_members(self) -> impl Iterator<Item = (Cow<'static, str>, Box<RawValue>)> {
        self.0.into_iter()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(n, _)| n.as_ref())
    }

    pub fn to_raw(&self) -> Box<RawValue> {
        to_raw(self)
    }

    /// The members as the checkers take them, borrowed: no text is written or parsed
    /// again.
    pub fn as_object(&self) -> RawObject<'_> {
        RawObject {
            members: self
                .0
                .iter()
                .map(|(name, value)| (Cow::Borrowed(name.as_ref()), &**value))
                .collect(),
        }
    }
}

impl Serialize for RawMembers {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name.as_ref(), value)?;
        }
        map.end()
    }
}

pub fn to_raw<T: Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    to_raw_value(value).expect("strings, arrays and raw values always serialize")
}

/// Text as a raw JSON number when it is one (kept exactly as typed, so `52.1` is sent as
/// `52.1`), otherwise as a JSON string, so that the checker reports the type.
pub fn number_or_string(text: &str) -> Box<RawValue> {
    let trimmed = text.trim();
    match serde_json::from_str::<Box<RawValue>>(trimmed) {
        Ok(raw) if Kind::of(&raw) == Kind::Number && raw.get() == trimmed => raw,
        _ => to_raw(text),
    }
}

/// Write-form members a read form may leave out. When the read form has the key (even as
/// `null`), the service carries it; when the key is missing, it may not.
pub const MAYBE_NOT_CARRIED: [&str; 5] = [
    "supplementaryName",
    "email",
    "tags",
    "translations",
    "structuredAddress",
];

/// The members of [`MAYBE_NOT_CARRIED`] that a read form lacks: a PUT made from it cannot
/// keep their current values.
pub fn not_carried(read: &RawMembers) -> Vec<&'static str> {
    MAYBE_NOT_CARRIED
        .into_iter()
        .filter(|name| read.get(name).is_none())
        .collect()
}

/// Two JSON values that mean the same (`52`, `52.0` and `5.2e1`; members in any order):
/// [`crate::meaning`]'s rule.
pub use crate::meaning::same as same_value;

/// The lists the service reads back as `[]` when a location has none (the read form's
/// `photoUrls` "may be empty"; the emulator, like the service, answers `tags` so too):
/// an empty one and none are the same location.
const EMPTY_IS_NONE: [&str; 2] = ["photoUrls", "tags"];

/// A value that stands for none: `null` (the service takes `null` of an optional member
/// as no value), and an empty list of [`EMPTY_IS_NONE`].
fn no_value(name: &str, value: &RawValue) -> bool {
    match Kind::of(value) {
        Kind::Null => true,
        Kind::Array => {
            EMPTY_IS_NONE.contains(&name)
                && crate::meaning::items(value).is_some_and(|items| items.is_empty())
        }
        _ => false,
    }
}

/// Lays a merge patch (RFC 7396: a member set to `null` is removed, an object merges into
/// an object) over the current write form. The address forms follow the flags' rule:
/// a patch's `structuredAddress` switches a legacy location to the structured form (its
/// legacy parts seed it), a patch's `address` switches a structured one to the legacy
/// form, and a top-level `city`, `postCode` or `countryCode` goes into whichever form the
/// location has, so that a CSV of just `id,city` works for both.
pub fn merge(current: &RawMembers, patch: &RawMembers) -> RawMembers {
    let mut result = current.clone();
    let mut patch = patch.clone();
    let current_structured = current.object("structuredAddress").is_some();
    let patch_structured = patch.object("structuredAddress").is_some();
    let patch_legacy = patch
        .get("address")
        .is_some_and(|a| Kind::of(a) != Kind::Null);
    let after_structured = if patch_structured {
        true
    } else if patch_legacy {
        false
    } else {
        current_structured
    };
    if after_structured && !current_structured {
        let mut seed = RawMembers::default();
        for part in SHARED_ADDRESS_PARTS {
            if let Some(v) = result.remove(part) {
                seed.push(part, v);
            }
        }
        result.remove("address");
        result.insert("structuredAddress", seed.to_raw());
    }
    if !after_structured && current_structured {
        if let Some(s) = result.object("structuredAddress") {
            for part in SHARED_ADDRESS_PARTS {
                if let Some(v) = s.get(part) {
                    result.insert(part, v.to_owned());
                }
            }
        }
        result.remove("structuredAddress");
    }
    if after_structured {
        let mut moved = patch.object("structuredAddress").unwrap_or_default();
        let mut any = false;
        for part in SHARED_ADDRESS_PARTS {
            if let Some(v) = patch.remove(part) {
                moved.insert(part, v);
                any = true;
            }
        }
        if any {
            patch.insert("structuredAddress", moved.to_raw());
        }
    }
    merge_members(&mut result, &patch);
    result
}

/// RFC 7396 on raw members.
fn merge_members(target: &mut RawMembers, patch: &RawMembers) {
    for (name, value) in &patch.0 {
        match Kind::of(value) {
            Kind::Null => {
                target.remove(name);
            }
            Kind::Object => {
                let mut inner = target.object(name).unwrap_or_default();
                let patch_inner = RawMembers::parse(value).unwrap_or_default();
                merge_members(&mut inner, &patch_inner);
                target.insert(name.clone(), inner.to_raw());
            }
            _ => target.insert(name.clone(), value.clone()),
        }
    }
}

/// One field that a write would change.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Change {
    pub field: String,
    /// The value before, as JSON text; `None` when unset.
    pub before: Option<Box<RawValue>>,
    /// The value after, as JSON text; `None` when the write clears it.
    pub after: Option<Box<RawValue>>,
    /// Why the change looks like a spreadsheet's damage rather than a person's edit
    /// (`damage::mark`), when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspect: Option<&'static str>,
}

impl Change {
    /// The change takes a value away (to none: unset, `null`, an empty list).
    pub fn clears(&self) -> bool {
        let name = self.field.rsplit('.').next().unwrap_or(&self.field);
        let none = |v: &Option<Box<RawValue>>| v.as_deref().is_none_or(|v| no_value(name, v));
        none(&self.after) && !none(&self.before)
    }
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown =
            |v: &Option<Box<RawValue>>| v.as_ref().map_or("(unset)", |v| v.get()).to_owned();
        write!(
            f,
            "{}: {} → {}",
            self.field,
            shown(&self.before),
            shown(&self.after)
        )?;
        match self.suspect {
            Some(why) => write!(f, " (suspect: {why})"),
            None => Ok(()),
        }
    }
}

/// The fields that differ between two write forms, in the order of `after` then the
/// fields only `before` has; nested objects (`structuredAddress`, `locationProvider`) by
/// their members, `translations` as a whole. Compared by meaning ([`crate::meaning`]),
/// and none is none however it is spelled: unset, `null`, or an empty list the service
/// reads as none ([`EMPTY_IS_NONE`]).
pub fn diff(before: &RawMembers, after: &RawMembers) -> Vec<Change> {
    let mut changes = Vec::new();
    diff_into(&mut changes, "", before, after);
    changes
}

fn diff_into(changes: &mut Vec<Change>, prefix: &str, before: &RawMembers, after: &RawMembers) {
    let mut names: Vec<&str> = after.names().collect();
    names.extend(before.names().filter(|n| after.get(n).is_none()));
    for name in names {
        let path = format!("{prefix}{name}");
        let (b, a) = (before.get(name), after.get(name));
        let nested = prefix.is_empty() && matches!(name, "structuredAddress" | "locationProvider");
        let none = |v: Option<&RawValue>| v.is_none_or(|v| no_value(name, v));
        match (b, a) {
            (Some(b), Some(a)) if same_value(b, a) => {}
            _ if none(b) && none(a) => {}
            (Some(b), Some(a))
                if nested && Kind::of(b) == Kind::Object && Kind::of(a) == Kind::Object =>
            {
                let (b, a) = (RawMembers::parse(b), RawMembers::parse(a));
                if let (Ok(b), Ok(a)) = (b, a) {
                    diff_into(changes, &format!("{path}."), &b, &a);
                }
            }
            _ => changes.push(Change {
                field: path,
                before: b.map(RawValue::to_owned),
                after: a.map(RawValue::to_owned),
                suspect: None,
            }),
        }
    }
}

/// A field a file and the service both changed since the file's export, to different
/// values: which one stands cannot be told.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Conflict {
    pub field: String,
    /// At the export (`None`: unset).
    pub base: Option<Box<RawValue>>,
    /// In the file.
    pub file: Option<Box<RawValue>>,
    /// On the service now.
    pub service: Option<Box<RawValue>>,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown =
            |v: &Option<Box<RawValue>>| v.as_ref().map_or("(unset)", |v| v.get()).to_owned();
        write!(
            f,
            "{}: exported {}, the file says {}, the service has {} since (conflict)",
            self.field,
            shown(&self.base),
            shown(&self.file),
            shown(&self.service)
        )
    }
}

/// A three-way merge (a file edited from an export, as `git merge` and `kubectl apply`
/// take a change): what the file changed against `base`, the location as it was
/// exported, is the patch laid over `current`; a field the file left as exported keeps
/// its current value, changed on the service since or not (an older sheet reverts no
/// colleague's edit). A field both changed, to different values, is a conflict, left out
/// of the patch. Compared by meaning, as [`diff`] compares.
pub fn three_way(
    base: &RawMembers,
    record: &RawMembers,
    current: &RawMembers,
) -> (RawMembers, Vec<Conflict>) {
    let intended = merge(base, record);
    let mut patch = RawMembers::default();
    let mut conflicts = Vec::new();
    let null = || to_raw(&serde_json::Value::Null);
    for change in diff(base, &intended) {
        let now = current.get_path(&change.field);
        let name = change.field.rsplit('.').next().unwrap_or(&change.field);
        let same = |a: Option<&RawValue>, b: Option<&RawValue>| match (a, b) {
            (Some(a), Some(b)) if same_value(a, b) => true,
            (a, b) => a.is_none_or(|a| no_value(name, a)) && b.is_none_or(|b| no_value(name, b)),
        };
        let untouched = same(now.as_deref(), change.before.as_deref());
        let agreed = same(now.as_deref(), change.after.as_deref());
        if untouched || agreed {
            patch.insert_path(&change.field, change.after.unwrap_or_else(null));
        } else {
            conflicts.push(Conflict {
                field: change.field,
                base: change.before,
                file: change.after,
                service: now,
            });
        }
    }
    (patch, conflicts)
}

/// A boolean as spreadsheets write it in the languages they are saved in (English,
/// German, French, Italian, Spanish, Portuguese, Dutch): the one list the readers,
/// `-o csv`'s protection and the damage check use.
pub const BOOLEAN_WORDS: [(&str, bool); 14] = [
    ("true", true),
    ("false", false),
    ("wahr", true),
    ("falsch", false),
    ("vrai", true),
    ("faux", false),
    ("vero", true),
    ("falso", false),
    ("verdadero", true),
    ("verdadeiro", true),
    ("waar", true),
    ("onwaar", false),
    ("yes", true),
    ("no", false),
];

/// The boolean `word` is in one of [`BOOLEAN_WORDS`]' languages, whatever its case.
pub fn boolean_word(word: &str) -> Option<bool> {
    let word = word.trim();
    BOOLEAN_WORDS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
        .map(|(_, value)| *value)
}

/// Text typed for the field at `path` (a CSV cell, an answer at a prompt) as JSON, by the
/// field's kind: a number as written, a boolean (`true`/`yes`/`1`, `false`/`no`/`0`), a
/// list split on commas, an object (`translations`) as its JSON text, anything else a
/// string. Text that is not of the field's kind stays a string, for the rules to name.
pub fn text_as_json(path: &str, text: &str) -> String {
    let raw = match super::fields::kind_of(path) {
        super::fields::Kind::Number => number_or_string(text),
        super::fields::Kind::Boolean => match text.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => to_raw(&true),
            "false" | "no" | "0" => to_raw(&false),
            _ => to_raw(text),
        },
        // Its items comma-separated; or the list as JSON text (`["a,b"," lead"]`), which
        // `-o csv` writes when the items hold a comma or outer blanks.
        super::fields::Kind::List => match list_as_json(text) {
            Some(items) => to_raw(&items),
            None => to_raw(&split_list(text)),
        },
        // `translations` written as its JSON text (`-o csv` writes it so).
        super::fields::Kind::Object => match serde_json::from_str::<Box<RawValue>>(text.trim()) {
            Ok(raw) if Kind::of(&raw) == Kind::Object => raw,
            _ => to_raw(text),
        },
        super::fields::Kind::Text | super::fields::Kind::Urls => to_raw(text),
    };
    // The text of the box, without a copy.
    String::from(Box::<str>::from(raw))
}

/// A list cell's items, comma-separated, blanks around each dropped.
pub fn split_list(text: &str) -> Vec<&str> {
    text.split(',').map(str::trim).collect()
}

/// A list cell written as a JSON array of strings (`["a,b"," lead"]`): its items.
pub fn list_as_json(text: &str) -> Option<Vec<String>> {
    let text = text.trim();
    if !text.starts_with('[') {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// A list of strings as a sheet's cell writes it: comma-separated when that reads back
/// to the same items ([`split_list`]), else as its JSON text; an empty list as an empty
/// cell (none, which an empty list is).
pub fn list_cell(items: &[String]) -> String {
    if items.is_empty() {
        return String::new();
    }
    let joined = items.join(",");
    let reads_back =
        !joined.is_empty() && split_list(&joined) == items && list_as_json(&joined).is_none();
    if reads_back {
        joined
    } else {
        serde_json::to_string(items).expect("strings serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_three_way_merge_keeps_the_services_changes_and_names_conflicts() {
        let base = members(
            r#"{"storeName":"Old","telephoneNumber":"1","structuredAddress":{"city":"Berlin","street":"M"},"latitude":52}"#,
        );
        // Since the export, the service changed the telephone and the city.
        let current = members(
            r#"{"storeName":"Old","telephoneNumber":"2","structuredAddress":{"city":"Potsdam","street":"M"},"latitude":52}"#,
        );
        // The file changed the name (alone), and the city (as the service did not).
        let file = members(
            r#"{"storeName":"New","telephoneNumber":"1","structuredAddress":{"city":"Dresden","street":"M"},"latitude":52.0}"#,
        );
        let (patch, conflicts) = three_way(&base, &file, &current);
        assert_eq!(text(&patch), r#"{"storeName":"New"}"#);
        let named: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
        assert_eq!(
            named,
            [
                r#"structuredAddress.city: exported "Berlin", the file says "Dresden", the service has "Potsdam" since (conflict)"#
            ]
        );
        // Both made the same change: no conflict.
        let file = members(r#"{"telephoneNumber":"2"}"#);
        let (patch, conflicts) = three_way(&base, &file, &current);
        assert!(conflicts.is_empty());
        assert_eq!(text(&patch), r#"{"telephoneNumber":"2"}"#);
    }

    #[test]
    fn a_list_cell_reads_back_to_its_items() {
        for items in [
            vec!["a", "b"],
            vec!["a,b", "c"],
            vec![" lead", "trail "],
            vec!["[x]"],
            vec![""],
        ] {
            let items: Vec<String> = items.into_iter().map(str::to_owned).collect();
            let cell = list_cell(&items);
            let back = text_as_json("tags", &cell);
            assert_eq!(
                serde_json::from_str::<Vec<String>>(&back).unwrap(),
                items,
                "{cell}"
            );
        }
        assert_eq!(list_cell(&["a".into(), "b".into()]), "a,b");
    }

    fn members(text: &str) -> RawMembers {
        RawMembers::parse(&serde_json::from_str::<Box<RawValue>>(text).unwrap()).unwrap()
    }

    fn text(m: &RawMembers) -> String {
        m.to_raw().get().to_owned()
    }

    #[test]
    fn merge_follows_rfc_7396_and_keeps_numbers_as_written() {
        let current = members(r#"{"storeId":"S","latitude":13.40,"email":"a@b.c","tags":["x"]}"#);
        let patch = members(r#"{"email":null,"tags":["y"],"storeName":"N"}"#);
        assert_eq!(
            text(&merge(&current, &patch)),
            r#"{"storeId":"S","latitude":13.40,"tags":["y"],"storeName":"N"}"#
        );
    }

    #[test]
    fn a_top_level_city_goes_into_the_form_the_location_has() {
        let structured = members(
            r#"{"structuredAddress":{"street":"Main","city":"Berlin","postCode":"1","countryCode":"DE"}}"#,
        );
        let merged = merge(&structured, &members(r#"{"city":"Potsdam"}"#));
        assert_eq!(
            text(&merged),
            r#"{"structuredAddress":{"street":"Main","city":"Potsdam","postCode":"1","countryCode":"DE"}}"#
        );
        let legacy =
            members(r#"{"address":"Main 1","city":"Berlin","postCode":"1","countryCode":"DE"}"#);
        let merged = merge(&legacy, &members(r#"{"city":"Potsdam"}"#));
        assert_eq!(
            text(&merged),
            r#"{"address":"Main 1","city":"Potsdam","postCode":"1","countryCode":"DE"}"#
        );
        // Switching forms: the parts seed the new form.
        let merged = merge(
            &legacy,
            &members(r#"{"structuredAddress":{"street":"Main"}}"#),
        );
        assert_eq!(
            text(&merged),
            r#"{"structuredAddress":{"city":"Berlin","postCode":"1","countryCode":"DE","street":"Main"}}"#
        );
    }

    #[test]
    fn diff_names_each_changed_field() {
        let before = members(
            r#"{"storeId":"S","latitude":1.50,"structuredAddress":{"city":"Berlin","street":"M"},"email":"a@b.c"}"#,
        );
        let after = members(
            r#"{"storeId":"S","latitude":1.5,"structuredAddress":{"city":"Potsdam","street":"M"}}"#,
        );
        let shown: Vec<String> = diff(&before, &after)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            shown,
            [
                r#"structuredAddress.city: "Berlin" → "Potsdam""#,
                r#"email: "a@b.c" → (unset)"#
            ]
        );
    }
}
