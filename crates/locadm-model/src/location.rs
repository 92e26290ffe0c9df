//! The location: its write form (create and update bodies), its read form, and the
//! validation of a write body against every rule of the spec.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::json::{check_object, Kind, RawObject};
use super::problem::{CheckResult, Checked, Problems, Rule};
use super::rules::{repeated_names, Rules, Seen};
use super::values::{Coordinate, Link, ProviderRef, ProviderSummary};

/// Which request a write body is for: the spec sends `photoUrls` as a comma-separated
/// string on create and as an array on update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOp {
    Create,
    Update,
}

/// The body of `POST /locations` and `PUT /locations/<id>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationBody {
    pub store_id: String,
    pub store_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplementary_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub structured_address: Option<StructuredAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub post_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country_code: Option<String>,
    pub latitude: Coordinate,
    pub longitude: Coordinate,
    pub location_provider: ProviderRef,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telephone_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo_urls: Option<PhotoUrls>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_disabled_access: Option<bool>,
    /// `Some(None)` is an explicit `null`, which the spec allows for `description`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "explicit_null"
    )]
    pub description: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Map<String, Value>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StructuredAddress {
    pub street: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub building_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_number: Option<String>,
    pub city: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    pub post_code: String,
    pub country_code: String,
}

/// Photo URLs, kept as a list; written as the spec writes them for each request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PhotoUrls {
    /// `"https://a/1.jpg,https://a/2.jpg"`, the create form.
    Joined(String),
    /// `["https://a/1.jpg", "https://a/2.jpg"]`, the update and read form.
    List(Vec<String>),
}

impl PhotoUrls {
    pub fn urls(&self) -> Vec<&str> {
        match self {
            PhotoUrls::Joined(s) if s.is_empty() => Vec::new(),
            PhotoUrls::Joined(s) => s.split(',').collect(),
            PhotoUrls::List(v) => v.iter().map(String::as_str).collect(),
        }
    }

    /// The form the spec shows for `op`.
    pub fn for_op(&self, op: WriteOp) -> PhotoUrls {
        match op {
            WriteOp::Create => PhotoUrls::Joined(self.urls().join(",")),
            WriteOp::Update => PhotoUrls::List(self.urls().into_iter().map(String::from).collect()),
        }
    }
}

/// Serde helper: `Option<Option<T>>` where the outer `None` is an absent property and
/// `Some(None)` an explicit `null`.
mod explicit_null {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(super) fn serialize<S: Serializer, T: Serialize>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        v.as_ref().expect("skipped when absent").serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}

impl LocationBody {
    /// The body as sent for `op`, with `photoUrls` in that request's form.
    pub fn for_op(&self, op: WriteOp) -> LocationBody {
        self.clone().into_op(op)
    }

    /// [`Self::for_op`] without the copy, for a body that is not needed otherwise.
    pub fn into_op(mut self, op: WriteOp) -> LocationBody {
        self.photo_urls = self.photo_urls.map(|p| p.for_op(op));
        self
    }

    /// Checks one write body given as JSON text against every rule of the spec.
    pub fn check_json(text: &str) -> CheckResult<LocationBody> {
        check_object(text, Self::check)
    }

    /// Checks one write body, already split into its members: a member name given twice,
    /// at any depth, and every rule of the spec.
    pub fn check(object: &RawObject<'_>) -> CheckResult<LocationBody> {
        let mut problems = Problems::default();
        repeated_names(&mut problems, "", object);
        Self::check_members(object, problems)
    }

    /// [`Self::check`] of members whose names were looked at for repeats already (by
    /// the reader, on the record the body was made of), after the `problems` found so far.
    pub(crate) fn check_members(
        object: &RawObject<'_>,
        mut problems: Problems,
    ) -> CheckResult<LocationBody> {
        let mut r = Rules {
            problems: &mut problems,
        };
        let mut b = Draft::default();
        let mut seen = Seen::default();

        for (name, raw) in &object.members {
            let name = name.as_ref();
            if !seen.first(name) {
                continue;
            }
            match name {
                "storeId" => b.store_id = r.non_empty(name, raw, 36).map(Into::into),
                "storeName" => b.store_name = r.non_empty(name, raw, 128).map(Into::into),
                "supplementaryName" => {
                    b.supplementary_name = r.string(name, raw, 128).map(Into::into)
                }
                "structuredAddress" => b.structured_address = Some(check_structured(&mut r, raw)),
                // The same rule as their structured twins (street, city, postCode): a
                // blank value is no address part in either form.
                "address" => b.address = Some(r.non_empty(name, raw, 256).map(Into::into)),
                "city" => b.city = Some(r.non_empty(name, raw, 64).map(Into::into)),
                "postCode" => b.post_code = Some(r.non_empty(name, raw, 16).map(Into::into)),
                "countryCode" => {
                    let code = r.string(name, raw, 3);
                    b.country_code = Some(code.filter(|c| r.country_code(name, c)).map(Into::into));
                }
                "latitude" => b.latitude = Some(r.coordinate(name, raw, 90.0)),
                "longitude" => b.longitude = Some(r.coordinate(name, raw, 180.0)),
                "locationProvider" => b.location_provider = Some(check_provider_ref(&mut r, raw)),
                "telephoneNumber" => b.telephone_number = r.string(name, raw, 16).map(Into::into),
                "email" => {
                    b.email = r
                        .string(name, raw, usize::MAX)
                        .filter(|e| r.email(name, e))
                        .map(Into::into)
                }
                "logoUrl" => {
                    b.logo_url = r
                        .string(name, raw, 128)
                        .filter(|u| r.url(name, u, false))
                        .map(Into::into)
                }
                "photoUrls" => b.photo_urls = check_photo_urls(&mut r, raw),
                "hasDisabledAccess" => b.has_disabled_access = r.boolean(name, raw),
                "description" => {
                    b.description = if Kind::of(raw) == Kind::Null {
                        Some(None)
                    } else {
                        r.string(name, raw, 512).map(|d| Some(d.into()))
                    }
                }
                "tags" => b.tags = r.string_array(name, raw, |_, _, _| true),
                "translations" => b.translations = check_translations(&mut r, raw),
                _ => r
                    .problems
                    .error(Rule::UnknownProperty, name, "unknown property"),
            }
        }

        for (name, present) in [
            ("storeId", seen.contains("storeId")),
            ("storeName", seen.contains("storeName")),
            ("latitude", b.latitude.is_some()),
            ("longitude", b.longitude.is_some()),
            ("locationProvider", b.location_provider.is_some()),
        ] {
            if !present {
                r.problems
                    .error(Rule::Required, name, "required property is missing");
            }
        }
        check_address_form(&mut r, &b);

        // A part given twice is left unread, its problem reported by `repeated_names`
        // (before this check, by the caller of this one).
        let body = match b.finish() {
            Some(body) if !problems.has_errors() => body,
            _ => return Err(problems),
        };
        Ok(Checked {
            body,
            warnings: problems,
        })
    }
}

/// The parts of a body as they are read; `Some(None)` marks a property that was present
/// but invalid, so that the address rules can still tell which form was meant.
#[derive(Default)]
struct Draft {
    store_id: Option<String>,
    store_name: Option<String>,
    supplementary_name: Option<String>,
    structured_address: Option<Option<StructuredAddress>>,
    address: Option<Option<String>>,
    city: Option<Option<String>>,
    post_code: Option<Option<String>>,
    country_code: Option<Option<String>>,
    latitude: Option<Option<Coordinate>>,
    longitude: Option<Option<Coordinate>>,
    location_provider: Option<Option<ProviderRef>>,
    telephone_number: Option<String>,
    email: Option<String>,
    logo_url: Option<String>,
    photo_urls: Option<PhotoUrls>,
    has_disabled_access: Option<bool>,
    description: Option<Option<String>>,
    tags: Option<Vec<String>>,
    translations: Option<Map<String, Value>>,
}

impl Draft {
    fn finish(self) -> Option<LocationBody> {
        Some(LocationBody {
            store_id: self.store_id?,
            store_name: self.store_name?,
            supplementary_name: self.supplementary_name,
            structured_address: self.structured_address.flatten(),
            address: self.address.flatten(),
            city: self.city.flatten(),
            post_code: self.post_code.flatten(),
            country_code: self.country_code.flatten(),
            latitude: self.latitude.flatten()?,
            longitude: self.longitude.flatten()?,
            location_provider: self.location_provider.flatten()?,
            telephone_number: self.telephone_number,
            email: self.email,
            logo_url: self.logo_url,
            photo_urls: self.photo_urls,
            has_disabled_access: self.has_disabled_access,
            description: self.description,
            tags: self.tags,
            translations: self.translations,
        })
    }
}

const LEGACY_FIELDS: [&str; 4] = ["address", "city", "postCode", "countryCode"];

/// Exactly one address form: `structuredAddress`, or all four legacy fields.
fn check_address_form(r: &mut Rules, b: &Draft) {
    let legacy_present: Vec<&str> = LEGACY_FIELDS
        .iter()
        .zip([
            b.address.is_some(),
            b.city.is_some(),
            b.post_code.is_some(),
            b.country_code.is_some(),
        ])
        .filter_map(|(name, present)| present.then_some(*name))
        .collect();
    let structured = b.structured_address.is_some();

    if structured && !legacy_present.is_empty() {
        r.problems.error(Rule::AddressForm,
            "structuredAddress",
            format!(
                "the structured and the legacy address forms are mutually exclusive; remove `structuredAddress` or the legacy {}",
                backticked(&legacy_present)
            ),
        );
    } else if !structured && legacy_present.is_empty() {
        r.problems.error(Rule::AddressForm,
            "",
            "an address is required: `structuredAddress` (street, city, postCode, countryCode) or all four legacy fields `address`, `city`, `postCode`, `countryCode`",
        );
    } else if !structured && legacy_present.len() < LEGACY_FIELDS.len() {
        let missing: Vec<&str> = LEGACY_FIELDS
            .iter()
            .copied()
            .filter(|f| !legacy_present.contains(f))
            .collect();
        r.problems.error(Rule::AddressForm,
            missing[0],
            format!(
                "the legacy address form needs all four of `address`, `city`, `postCode`, `countryCode`; missing {}",
                backticked(&missing)
            ),
        );
    }
}

fn backticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_structured(r: &mut Rules, raw: &serde_json::value::RawValue) -> Option<StructuredAddress> {
    const P: &str = "structuredAddress";
    let object = r.object(P, raw, "an object")?;
    let (mut street, mut building_name, mut house_number, mut city) = (None, None, None, None);
    let (mut district, mut province, mut post_code, mut country_code) = (None, None, None, None);
    let mut ok = true;
    let mut seen = Seen::default();
    for (name, raw) in &object.members {
        let name = name.as_ref();
        let path: Cow<str> = match name {
            "street" => "structuredAddress.street".into(),
            "buildingName" => "structuredAddress.buildingName".into(),
            "houseNumber" => "structuredAddress.houseNumber".into(),
            "city" => "structuredAddress.city".into(),
            "district" => "structuredAddress.district".into(),
            "province" => "structuredAddress.province".into(),
            "postCode" => "structuredAddress.postCode".into(),
            "countryCode" => "structuredAddress.countryCode".into(),
            _ => format!("{P}.{name}").into(),
        };
        let path = path.as_ref();
        if !seen.first(name) {
            ok = false;
            continue;
        }
        let value = match name {
            "street" => &mut street,
            "buildingName" => &mut building_name,
            "houseNumber" => &mut house_number,
            "city" => &mut city,
            "district" => &mut district,
            "province" => &mut province,
            "postCode" => &mut post_code,
            "countryCode" => &mut country_code,
            _ => {
                r.problems
                    .error(Rule::UnknownProperty, path, "unknown property");
                ok = false;
                continue;
            }
        };
        let max = match name {
            "street" => 256,
            "postCode" | "countryCode" => 16,
            _ => 64,
        };
        let checked = if matches!(name, "street" | "city" | "postCode") {
            r.non_empty(path, raw, max)
        } else {
            r.string(path, raw, max)
        };
        let checked = match checked {
            Some(code) if name == "countryCode" && !r.country_code(path, &code) => None,
            other => other,
        };
        match checked {
            Some(text) => *value = Some(text.into_owned()),
            None => ok = false,
        }
    }
    let missing: Vec<&str> = ["street", "city", "postCode", "countryCode"]
        .into_iter()
        .filter(|f| !seen.contains(f))
        .collect();
    for field in &missing {
        r.problems.error(
            Rule::AddressForm,
            format!("{P}.{field}"),
            "required in the structured address form",
        );
    }
    if !ok || !missing.is_empty() {
        return None;
    }
    Some(StructuredAddress {
        street: street?,
        building_name,
        house_number,
        city: city?,
        district,
        province,
        post_code: post_code?,
        country_code: country_code?,
    })
}

fn check_provider_ref(r: &mut Rules, raw: &serde_json::value::RawValue) -> Option<ProviderRef> {
    const P: &str = "locationProvider";
    if Kind::of(raw) == Kind::String {
        // The read form's provider is an object too: a bare id is refused in every
        // command, with the form to write.
        r.problems.error(
            Rule::Type,
            P,
            format!(
                "must be an object with an `id`, not a string; write `{{\"id\": {}}}`",
                // A UUID, quoted, is 38 characters: anything longer is not one.
                if raw.get().len() <= 38 {
                    raw.get()
                } else {
                    "\"…\""
                }
            ),
        );
        return None;
    }
    let object = r.object(P, raw, "an object with an `id`")?;
    let mut id = None;
    let mut ok = true;
    let mut id_seen = false;
    for (name, raw) in &object.members {
        match name.as_ref() {
            "id" if id_seen => ok = false,
            "id" => {
                id_seen = true;
                id = r.uuid("locationProvider.id", raw);
                ok &= id.is_some();
            }
            other => {
                r.problems.error(
                    Rule::UnknownProperty,
                    format!("{P}.{other}"),
                    "unknown property",
                );
                ok = false;
            }
        }
    }
    if object.members.iter().all(|(n, _)| n != "id") {
        r.problems.error(
            Rule::Required,
            "locationProvider.id",
            "required property is missing",
        );
        return None;
    }
    id.filter(|_| ok).map(|id| ProviderRef { id })
}

/// `photoUrls`: a comma-separated string or an array of URLs. The 512-character limit
/// applies to the comma-separated form, whichever form was given.
fn check_photo_urls(r: &mut Rules, raw: &serde_json::value::RawValue) -> Option<PhotoUrls> {
    const P: &str = "photoUrls";
    let urls: Vec<String> = match Kind::of(raw) {
        Kind::String => {
            let joined = r.string(P, raw, usize::MAX)?;
            if joined.is_empty() {
                Vec::new()
            } else {
                // Split, never trimmed: a blank after a comma is refused, as in an array.
                joined.split(',').map(str::to_owned).collect()
            }
        }
        Kind::Array => r.string_array(P, raw, |r, path, url| {
            if url.contains(',') {
                r.problems.error(
                    Rule::Format,
                    path,
                    "must not contain a comma (the create form joins the URLs with commas)",
                );
                return false;
            }
            true
        })?,
        _ => {
            r.wrong_type(P, "a comma-separated string or an array of URLs", raw);
            return None;
        }
    };
    let mut ok = true;
    let mut path = String::new();
    for (i, url) in urls.iter().enumerate() {
        ok &= r.url(super::rules::indexed(&mut path, P, i), url, false);
    }
    let joined_len: usize =
        urls.iter().map(|u| u.chars().count()).sum::<usize>() + urls.len().saturating_sub(1);
    if joined_len > 512 {
        r.problems.error(
            Rule::MaxLength,
            P,
            format!("{joined_len} characters as a comma-separated list, at most 512"),
        );
        ok = false;
    }
    ok.then_some(PhotoUrls::List(urls))
}

/// `translations`: an object whose values are translation objects. The spec does not
/// show the translation structure, so each is kept as the object it is.
fn check_translations(
    r: &mut Rules,
    raw: &serde_json::value::RawValue,
) -> Option<Map<String, Value>> {
    const P: &str = "translations";
    let object = r.object(P, raw, "an object mapping a language to a translation")?;
    let mut map = Map::new();
    let mut ok = true;
    let mut seen = Seen::default();
    for (language, value) in &object.members {
        if !seen.first(language) {
            ok = false;
            continue;
        }
        if Kind::of(value) != Kind::Object {
            r.wrong_type(&format!("{P}.{language}"), "a translation object", value);
            ok = false;
            continue;
        }
        match serde_json::from_str::<Value>(value.get()) {
            Ok(parsed) => {
                map.insert(language.to_string(), parsed);
            }
            Err(e) => {
                let e = super::json::NotUnicode::from(e);
                r.problems
                    .error(Rule::Format, format!("{P}.{language}"), e.to_string());
                ok = false;
            }
        }
    }
    ok.then_some(map)
}

/// The read form of a location, as `GET` returns it. Tolerant: fields beyond the spec's
/// table are kept when the service returns them, and the provider may come under
/// `locationProvider` or `service`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationRead {
    pub id: uuid::Uuid,
    pub store_id: String,
    pub store_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplementary_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured_address: Option<StructuredAddress>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub city: Option<String>,
    #[serde(default)]
    pub post_code: Option<String>,
    #[serde(default)]
    pub country_code: Option<String>,
    pub latitude: Coordinate,
    pub longitude: Coordinate,
    /// The read table types it as a string (not "string or null", as `description`
    /// and `logoUrl` are): left out when unset, never `null`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub telephone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub has_disabled_access: Option<bool>,
    #[serde(default)]
    pub logo_url: Option<String>,
    #[serde(default)]
    pub photo_urls: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translations: Option<Map<String, Value>>,
    #[serde(alias = "service")]
    pub location_provider: ProviderSummary,
    #[serde(default)]
    pub links: Vec<Link>,
}
