//! Lenient views of JSON text, so that validation can report every problem of a body at
//! once instead of stopping at the first one, as a typed `Deserialize` would.
//!
//! A body is read into a list of `(name, raw value)` pairs that borrow from the input; each
//! value is then interpreted by the rule of its property. Numbers stay as written
//! (`52.1` is never turned into `52.100000000000001`).

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

/// The members of one JSON object, in input order, borrowing from the input text.
#[derive(Debug, Default)]
pub struct RawObject<'a> {
    pub members: Vec<(Cow<'a, str>, &'a RawValue)>,
}

impl<'de: 'a, 'a> Deserialize<'de> for RawObject<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor;
        impl<'de> Visitor<'de> for ObjectVisitor {
            type Value = RawObject<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut members = Vec::with_capacity(map.size_hint().unwrap_or(16));
                while let Some(Key(name)) = map.next_key()? {
                    let value: &'de RawValue = map.next_value()?;
                    members.push((name, value));
                }
                Ok(RawObject { members })
            }
        }
        deserializer.deserialize_map(ObjectVisitor)
    }
}

/// A member name that borrows when the input has no escapes in it.
struct Key<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Key<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(StrVisitor).map(Key)
    }
}

/// Reads a JSON string, borrowing when possible.
pub(crate) struct StrVisitor;

impl<'de> Visitor<'de> for StrVisitor {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v))
    }
}

/// Splits JSON text into an object's members and runs `check` on them; text that is not
/// a JSON object, or one beyond the limits of [`check_shape`], is one problem.
pub fn check_object<T>(
    text: &str,
    check: impl FnOnce(&RawObject<'_>) -> super::problem::CheckResult<T>,
) -> super::problem::CheckResult<T> {
    match parse_body(text) {
        Ok(object) => check(&object),
        Err(problem) => {
            let mut problems = super::problem::Problems::default();
            problems.error(problem.rule, problem.property, problem.message);
            Err(problems)
        }
    }
}

/// A body's one problem when it cannot be split into members.
#[derive(Debug, PartialEq, Eq)]
pub struct BodyProblem {
    pub property: String,
    pub rule: super::problem::Rule,
    pub message: String,
}

/// The members of a body: its shape checked first ([`check_shape`]), then split.
pub fn parse_body(text: &str) -> Result<RawObject<'_>, BodyProblem> {
    check_shape(text)?;
    serde_json::from_str::<RawObject>(text).map_err(|e| BodyProblem {
        property: String::new(),
        rule: super::problem::Rule::Syntax,
        message: not_an_object(text, &e),
    })
}

/// The deepest nesting a body may have: the body is level 1, `structuredAddress` level 2.
/// A location needs 2 and a translation object a few more; 32 leaves room for any real
/// translation structure while keeping every reader of the body far from a stack limit.
pub const MAX_DEPTH: usize = 32;

/// The most members any one object of a body may have. A location has about twenty;
/// `translations` has one per language (a few hundred at most in practice).
pub const MAX_MEMBERS: usize = 1000;

/// Checks the nesting depth and the member counts of JSON text in one pass over its
/// bytes, without building anything, so that time and memory are linear in its length
/// whatever its shape. The problem is named by the body's member it lies in.
///
/// Text that is not valid JSON passes (the parser then says what is wrong with it).
pub fn check_shape(text: &str) -> Result<(), BodyProblem> {
    let bytes = text.as_bytes();
    // Most bodies cannot break either limit, which counts show faster than the scan:
    // nesting deeper than MAX_DEPTH needs more `{` and `[` than that, and an object of
    // more than MAX_MEMBERS members needs more bytes (4 a member) and more `:` (one a
    // member) than that; inside strings or not, a count only errs upwards.
    if memchr::memchr2_iter(b'{', b'[', bytes).count() <= MAX_DEPTH
        && (bytes.len() <= 4 * MAX_MEMBERS
            || memchr::memchr_iter(b':', bytes).count() <= MAX_MEMBERS)
    {
        return Ok(());
    }
    // One entry per open object or array: whether it is an object, and its member count.
    let mut open: Vec<(bool, usize)> = Vec::new();
    // The top-level member being read, as the range of its name in `text`.
    let mut last_string = 0..0;
    let mut member = 0..0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i = start;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                last_string = start..i.min(bytes.len());
            }
            b'{' | b'[' => {
                open.push((bytes[i] == b'{', 0));
                if open.len() > MAX_DEPTH {
                    return Err(shape_problem(
                        text,
                        &member,
                        format!("is nested deeper than {MAX_DEPTH} levels (the limit of a body)"),
                    ));
                }
            }
            b'}' | b']' => {
                if let Some((true, members)) = open.pop() {
                    if members > MAX_MEMBERS {
                        let (member, what) = match open.len() {
                            0 => (0..0, "has"),
                            1 => (member.clone(), "has"),
                            _ => (member.clone(), "holds an object of"),
                        };
                        return Err(shape_problem(
                            text,
                            &member,
                            format!(
                                "{what} {members} members, at most {MAX_MEMBERS} in one object"
                            ),
                        ));
                    }
                }
            }
            b':' => {
                if let Some((true, members)) = open.last_mut() {
                    *members += 1;
                }
                if open.len() == 1 {
                    member = last_string.clone();
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

fn shape_problem(text: &str, member: &std::ops::Range<usize>, message: String) -> BodyProblem {
    let raw = &text[member.clone()];
    let property = if raw.contains('\\') {
        serde_json::from_str::<String>(&format!("\"{raw}\"")).unwrap_or_else(|_| raw.to_owned())
    } else {
        raw.to_owned()
    };
    let message = if property.is_empty() {
        format!("the body {message}")
    } else {
        message
    };
    BodyProblem {
        property,
        rule: super::problem::Rule::Limit,
        message,
    }
}

/// The message for input that is not a JSON object.
pub fn not_an_object(text: &str, e: &serde_json::Error) -> String {
    if e.is_data() {
        let kind = serde_json::from_str::<&RawValue>(text)
            .map(Kind::of)
            .map(Kind::noun)
            .unwrap_or("something else");
        format!("the body must be a JSON object, not {kind}")
    } else {
        format!("not valid JSON: {e}")
    }
}

/// The JSON type of a raw value, told from its first byte (the text is valid JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl Kind {
    pub fn of(raw: &RawValue) -> Kind {
        match raw.get().as_bytes().first() {
            Some(b'n') => Kind::Null,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'"') => Kind::String,
            Some(b'[') => Kind::Array,
            Some(b'{') => Kind::Object,
            _ => Kind::Number,
        }
    }

    /// The noun used in messages: "must be a string, not a number".
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Bool => "a boolean",
            Kind::Number => "a number",
            Kind::String => "a string",
            Kind::Array => "an array",
            Kind::Object => "an object",
        }
    }
}

/// Parses a raw JSON string value, borrowing when it has no escapes.
///
/// Fails only on an escape that is not Unicode: JSON's grammar allows a lone surrogate
/// (`"\ud800"`), which a raw value therefore holds, but no Rust string can.
pub fn raw_str(raw: &RawValue) -> Result<Cow<'_, str>, NotUnicode> {
    let text = raw.get();
    // The text is a valid JSON string: without a backslash, its content is what lies
    // between the quotes, and no second scan is needed.
    if !text.as_bytes().contains(&b'\\') {
        return Ok(Cow::Borrowed(&text[1..text.len() - 1]));
    }
    let mut de = serde_json::Deserializer::from_str(raw.get());
    de.deserialize_str(StrVisitor).map_err(NotUnicode::from)
}

/// Splits a raw JSON array into its raw elements.
pub fn raw_array(raw: &RawValue) -> Vec<&RawValue> {
    serde_json::from_str(raw.get()).expect("a raw value of kind Array is a valid JSON array")
}

/// Parses a raw JSON object into its members. Fails, like [`raw_str`], only on a member
/// name with an escape that is not Unicode.
pub fn raw_object(raw: &RawValue) -> Result<RawObject<'_>, NotUnicode> {
    serde_json::from_str(raw.get()).map_err(NotUnicode::from)
}

/// A JSON string with an escape that is not Unicode (a lone surrogate such as `\ud800`).
#[derive(Debug)]
pub struct NotUnicode(String);

impl From<serde_json::Error> for NotUnicode {
    fn from(e: serde_json::Error) -> NotUnicode {
        // The position serde_json gives is within the raw value, not the input: left out.
        let text = e.to_string();
        let reason = text.split(" at line ").next().unwrap_or(&text);
        NotUnicode(reason.to_owned())
    }
}

impl fmt::Display for NotUnicode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "holds an escape that is not Unicode text ({})", self.0)
    }
}
