//! The small values bodies are made of: a coordinate as it was written, a reference to a
//! provider and its summary, and a read form's link (with the id it names).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::json;

/// A latitude or longitude, kept as the number was written so that it is sent unchanged
/// (`52.1` stays `52.1`, never `52.100000000000001`).
#[derive(Clone)]
pub struct Coordinate(Box<RawValue>);

impl Coordinate {
    pub fn from_raw(raw: &RawValue) -> Coordinate {
        Coordinate(raw.to_owned())
    }

    /// The number as written.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    pub fn as_f64(&self) -> f64 {
        self.0.get().parse().unwrap_or(f64::NAN)
    }
}

impl PartialEq for Coordinate {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl fmt::Debug for Coordinate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Coordinate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Coordinate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Coordinate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        if json::Kind::of(&raw) != json::Kind::Number {
            return Err(serde::de::Error::custom("a coordinate must be a number"));
        }
        Ok(Coordinate(raw))
    }
}

/// `locationProvider` in a write body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderRef {
    pub id: uuid::Uuid,
}

/// `locationProvider` in the read form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderSummary {
    pub id: uuid::Uuid,
    #[serde(default)]
    pub name: Option<String>,
}

/// A link object: `{"rel": "self", "href": "/locations/<id>"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub rel: String,
    pub href: String,
}

impl Link {
    /// The last path segment of `href` as a UUID: the id of the linked location (or, for
    /// the provider update quirk, of the provider).
    /// `None` when that segment is not a UUID: what a service answers is never taken for
    /// an id (nor printed as one) unless it is one.
    pub fn id(&self) -> Option<uuid::Uuid> {
        id_of_href(self.href.as_bytes())
    }

    /// [`Link::id`] of the link object `json` holds, read without copying its strings
    /// out (a bulk create reads one for every record). `None` when `json` is not a link
    /// object, as [`Link`] reads one, or its `href` does not end in an id.
    pub fn id_in(json: &[u8]) -> Option<uuid::Uuid> {
        // The service's own compact form first, read by hand: serde's reading of it was
        // 1,700 instructions of a bulk create's record (callgrind), the scan is a tenth.
        // An `href` of anything but printable ASCII without quotes or escapes (which
        // serde reads otherwise, or refuses: a control character, bytes not UTF-8), or
        // any other layout, is left to serde.
        let plain = |b: &u8| (0x20..0x7f).contains(b) && !matches!(b, b'"' | b'\\');
        let compact = json
            .strip_prefix(br#"{"rel":"self","href":""#)
            .and_then(|rest| rest.strip_suffix(br#""}"#))
            .filter(|href| href.iter().all(plain));
        if let Some(href) = compact {
            return id_of_href(href);
        }
        #[derive(Deserialize)]
        struct Borrowed<'a> {
            // Required, as `Link` requires it; its value does not matter here.
            #[serde(borrow, rename = "rel")]
            _rel: std::borrow::Cow<'a, str>,
            #[serde(borrow)]
            href: std::borrow::Cow<'a, str>,
        }
        let link: Borrowed = serde_json::from_slice(json).ok()?;
        id_of_href(link.href.as_bytes())
    }
}

/// The id in the last segment of `href`, trailing slashes aside (its bytes: the UUID
/// parser reads ASCII).
fn id_of_href(href: &[u8]) -> Option<uuid::Uuid> {
    let end = href
        .iter()
        .rposition(|b| *b != b'/')
        .map_or(0, |last| last + 1);
    let last = href[..end].rsplit(|b| *b == b'/').next()?;
    uuid::Uuid::try_parse_ascii(last).ok()
}
