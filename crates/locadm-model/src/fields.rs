//! The one catalogue of a location's write-form fields: path, flag, kind, limit, whether
//! it is required and which address form it belongs to. Merges, plan diffs, CSV cells and
//! the "did you mean" of an unknown column all read it, so a field is described once.
//! The rules that check a value live in `location.rs`; the limits here are for messages.

/// What a field holds, as far as reading it from text (a CSV cell, a flag) is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    /// A JSON number, kept as written.
    Number,
    Boolean,
    /// A list of strings (`tags`); a cell is split on commas.
    List,
    /// URLs: an array, or the comma-separated string of the create form.
    Urls,
    /// An object taken as a whole (`translations`).
    Object,
}

/// The address form a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Not an address field.
    Any,
    /// Inside `structuredAddress`.
    Structured,
    /// The legacy one-line form (`address`, and the top-level `city`, `postCode`,
    /// `countryCode`).
    Legacy,
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// JSON path: `storeId`, `structuredAddress.city`, `locationProvider.id`.
    pub path: &'static str,
    /// The `location create`/`update` flag that sets it.
    pub flag: &'static str,
    pub kind: Kind,
    /// At most this many characters, when limited.
    pub max: Option<usize>,
    pub required: Required,
    pub form: Form,
}

/// Whether a write body must carry a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Required {
    /// In every write body.
    Always,
    /// In a body that uses the field's address form: street, city, post code and country
    /// code of `structuredAddress`, or all four legacy fields.
    InItsForm,
    No,
}

const fn f(
    path: &'static str,
    flag: &'static str,
    kind: Kind,
    max: Option<usize>,
    required: Required,
    form: Form,
) -> Field {
    Field {
        path,
        flag,
        kind,
        max,
        required,
        form,
    }
}

use Form::{Any, Legacy, Structured};
use Kind::{Boolean, List, Number, Object, Text, Urls};
use Required::{Always, InItsForm, No};

/// Every field of the location write form, in the spec's order.
pub const LOCATION: &[Field] = &[
    f("storeId", "--store-id", Text, Some(36), Always, Any),
    f("storeName", "--store-name", Text, Some(128), Always, Any),
    f(
        "supplementaryName",
        "--supplementary-name",
        Text,
        Some(128),
        No,
        Any,
    ),
    f(
        "structuredAddress.street",
        "--street",
        Text,
        Some(256),
        InItsForm,
        Structured,
    ),
    f(
        "structuredAddress.buildingName",
        "--building-name",
        Text,
        Some(64),
        No,
        Structured,
    ),
    f(
        "structuredAddress.houseNumber",
        "--house-number",
        Text,
        Some(64),
        No,
        Structured,
    ),
    f(
        "structuredAddress.city",
        "--city",
        Text,
        Some(64),
        InItsForm,
        Structured,
    ),
    f(
        "structuredAddress.district",
        "--district",
        Text,
        Some(64),
        No,
        Structured,
    ),
    f(
        "structuredAddress.province",
        "--province",
        Text,
        Some(64),
        No,
        Structured,
    ),
    f(
        "structuredAddress.postCode",
        "--post-code",
        Text,
        Some(16),
        InItsForm,
        Structured,
    ),
    f(
        "structuredAddress.countryCode",
        "--country-code",
        Text,
        Some(16),
        InItsForm,
        Structured,
    ),
    f("address", "--address", Text, Some(256), InItsForm, Legacy),
    f("city", "--city", Text, Some(64), InItsForm, Legacy),
    f("postCode", "--post-code", Text, Some(16), InItsForm, Legacy),
    f(
        "countryCode",
        "--country-code",
        Text,
        Some(3),
        InItsForm,
        Legacy,
    ),
    f("latitude", "--latitude", Number, None, Always, Any),
    f("longitude", "--longitude", Number, None, Always, Any),
    f(
        "locationProvider.id",
        "--provider-id",
        Text,
        None,
        Always,
        Any,
    ),
    f("telephoneNumber", "--telephone", Text, Some(16), No, Any),
    f("email", "--email", Text, Some(127), No, Any),
    f("logoUrl", "--logo-url", Text, Some(128), No, Any),
    f("photoUrls", "--photo-url", Urls, Some(512), No, Any),
    f(
        "hasDisabledAccess",
        "--disabled-access",
        Boolean,
        None,
        No,
        Any,
    ),
    f("description", "--description", Text, Some(512), No, Any),
    f("tags", "--tag", List, None, No, Any),
    f("translations", "", Object, None, No, Any),
];

/// The legacy address parts that have a structured twin of the same name.
pub const SHARED_ADDRESS_PARTS: [&str; 3] = ["city", "postCode", "countryCode"];

/// The field at `path`, if the write form has one.
pub fn location_field(path: &str) -> Option<&'static Field> {
    LOCATION.iter().find(|f| f.path == path)
}

/// Whether `name` is a member of the location write form (`structuredAddress` for its
/// parts, `locationProvider` for its `id`).
pub fn is_member(name: &str) -> bool {
    LOCATION.iter().any(|f| top(f.path) == name)
}

/// Whether every write body must carry the member `name`.
pub fn is_required_member(name: &str) -> bool {
    LOCATION
        .iter()
        .any(|f| f.required == Required::Always && top(f.path) == name)
}

fn top(path: &str) -> &str {
    path.split_once('.').map_or(path, |(outer, _)| outer)
}

/// The kind of the field at `path`; [`Kind::Text`] for names the catalogue does not know
/// (validation reports those by name).
pub fn kind_of(path: &str) -> Kind {
    location_field(path).map_or(Kind::Text, |f| f.kind)
}

/// The known path nearest to `name` (for "did you mean"), when one is near enough:
/// a case-insensitive match, or an edit distance of at most a third of the name.
pub fn nearest(name: &str, extra: &[&'static str]) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let candidates = LOCATION.iter().map(|f| f.path).chain(extra.iter().copied());
    let mut best: Option<(usize, &'static str)> = None;
    for candidate in candidates {
        let leaf = candidate.rsplit('.').next().unwrap_or(candidate);
        let distance = strsim::levenshtein(&lower, &candidate.to_ascii_lowercase())
            .min(strsim::levenshtein(&lower, &leaf.to_ascii_lowercase()));
        // On a tie the shorter path wins: `city` rather than `structuredAddress.city`.
        if best.is_none_or(|(d, b)| distance < d || (distance == d && candidate.len() < b.len())) {
            best = Some((distance, candidate));
        }
    }
    best.filter(|(d, _)| *d <= (name.chars().count() / 3).max(1))
        .map(|(_, path)| path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_is_unique_and_the_limits_match_the_spec() {
        let mut paths: Vec<_> = LOCATION.iter().map(|f| f.path).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), LOCATION.len());
        assert_eq!(location_field("countryCode").unwrap().max, Some(3));
        assert_eq!(
            location_field("structuredAddress.countryCode").unwrap().max,
            Some(16)
        );
        assert_eq!(location_field("email").unwrap().max, Some(127));
    }

    #[test]
    fn nearest_names_a_near_field_only() {
        assert_eq!(nearest("storeid", &[]), Some("storeId"));
        assert_eq!(nearest("Citty", &[]), Some("city"));
        assert_eq!(nearest("lattitude", &[]), Some("latitude"));
        assert_eq!(nearest("Notes", &[]), None);
        assert_eq!(nearest("identifier", &["id"]), None);
    }
}
