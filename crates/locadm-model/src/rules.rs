//! The rules of the spec, one function each, shared by every body.
//!
//! Lengths count characters (Unicode scalar values), not bytes: `Zürich` is 6 long. The
//! spec gives maximum lengths without a unit; characters is what a person counts, and
//! what the service's text columns count.

use std::borrow::Cow;

use serde_json::value::RawValue;

use super::json::{raw_array, raw_object, raw_str, Kind, RawObject};
use super::problem::{Problems, Rule};
use super::values::Coordinate;

/// Reads property values for one body, recording every rule broken in `problems`.
pub(crate) struct Rules<'p> {
    pub problems: &'p mut Problems,
}

/// `property: must be a number, not the string "52,5"`: the kind given, and a short
/// string itself (a value almost right, as a decimal comma, is seen at once).
pub(crate) fn wrong_type(problems: &mut Problems, property: &str, expected: &str, raw: &RawValue) {
    let given = match Kind::of(raw) {
        Kind::String if raw.get().chars().count() <= SHOWN_STRING => {
            format!("the string {}", raw.get())
        }
        kind => kind.noun().to_owned(),
    };
    problems.error(
        Rule::Type,
        property,
        format!("must be {expected}, not {given}"),
    );
}

/// The longest string (quotes and escapes included) a type problem shows.
const SHOWN_STRING: usize = 40;

impl Rules<'_> {
    /// `property: must be a string, not a number`.
    pub(crate) fn wrong_type(&mut self, property: &str, expected: &str, raw: &RawValue) {
        wrong_type(self.problems, property, expected, raw);
    }

    /// A string of at most `max` characters; `None` (and a recorded problem) otherwise.
    pub(crate) fn string<'a>(
        &mut self,
        property: &str,
        raw: &'a RawValue,
        max: usize,
    ) -> Option<Cow<'a, str>> {
        if Kind::of(raw) != Kind::String {
            self.wrong_type(property, "a string", raw);
            return None;
        }
        match raw_str(raw) {
            Ok(value) => self.length(property, &value, max).then_some(value),
            Err(e) => {
                self.problems.error(Rule::Format, property, e.to_string());
                None
            }
        }
    }

    /// The members of an object, `expected` naming what it should be when it is not one.
    pub(crate) fn object<'a>(
        &mut self,
        property: &str,
        raw: &'a RawValue,
        expected: &str,
    ) -> Option<RawObject<'a>> {
        if Kind::of(raw) != Kind::Object {
            self.wrong_type(property, expected, raw);
            return None;
        }
        match raw_object(raw) {
            Ok(object) => Some(object),
            Err(e) => {
                self.problems.error(
                    Rule::Format,
                    property,
                    format!("has a member name that {e}"),
                );
                None
            }
        }
    }

    /// A string that must also not be empty (a required identifier or name).
    pub(crate) fn non_empty<'a>(
        &mut self,
        property: &str,
        raw: &'a RawValue,
        max: usize,
    ) -> Option<Cow<'a, str>> {
        let value = self.string(property, raw, max)?;
        if value.trim().is_empty() {
            self.problems
                .error(Rule::NonEmpty, property, "must not be empty");
            return None;
        }
        Some(value)
    }

    /// Checks a length in characters; true when within `max`.
    pub(crate) fn length(&mut self, property: &str, value: &str, max: usize) -> bool {
        // Byte length bounds the character count from above, so most values skip the count.
        if value.len() <= max {
            return true;
        }
        let chars = value.chars().count();
        if chars > max {
            self.problems.error(
                Rule::MaxLength,
                property,
                format!("{chars} characters, at most {max}"),
            );
            return false;
        }
        true
    }

    pub(crate) fn boolean(&mut self, property: &str, raw: &RawValue) -> Option<bool> {
        match raw.get() {
            "true" => Some(true),
            "false" => Some(false),
            _ => {
                self.wrong_type(property, "a boolean (true or false)", raw);
                None
            }
        }
    }

    /// Latitude or longitude: a number in format 11,8 (at most 3 integer digits and
    /// 8 decimals, counted on the number as written) within `-limit..=limit`.
    pub(crate) fn coordinate(
        &mut self,
        property: &str,
        raw: &RawValue,
        limit: f64,
    ) -> Option<Coordinate> {
        if Kind::of(raw) != Kind::Number {
            self.wrong_type(property, "a number", raw);
            return None;
        }
        let text = raw.get();
        let digits = DecimalDigits::of(text);
        let mut ok = true;
        if digits.integer > 3 {
            self.problems.error(
                Rule::Range,
                property,
                format!(
                    "{}, at most 3 (format 11,8)",
                    counted(text, digits.integer, "integer digits")
                ),
            );
            ok = false;
        }
        if digits.fraction > 8 {
            self.problems.error(
                Rule::Range,
                property,
                format!(
                    "{}, at most 8 (format 11,8)",
                    counted(text, digits.fraction, "decimals")
                ),
            );
            ok = false;
        }
        let value: f64 = text.parse().unwrap_or(f64::INFINITY);
        if ok && !(-limit..=limit).contains(&value) {
            self.problems.error(
                Rule::Range,
                property,
                format!("{text} is out of range -{limit} to {limit}"),
            );
            ok = false;
        }
        ok.then(|| Coordinate::from_raw(raw))
    }

    /// An integer within `range`, written as an integer (`1.5`, `7.0` and `"7"` are not).
    pub(crate) fn integer_in(
        &mut self,
        property: &str,
        raw: &RawValue,
        range: std::ops::RangeInclusive<i64>,
    ) -> Option<i64> {
        if Kind::of(raw) != Kind::Number {
            self.wrong_type(property, "an integer", raw);
            return None;
        }
        let text = raw.get();
        let Ok(value) = text.parse::<i64>() else {
            // Digits alone (an optional minus) are an integer too large for 64 bits: out
            // of range, which is what is wrong with it, not "not an integer".
            let digits = text.strip_prefix('-').unwrap_or(text);
            let (rule, message) =
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    (
                        Rule::Range,
                        format!(
                            "{text} is out of range {} to {}",
                            range.start(),
                            range.end()
                        ),
                    )
                } else {
                    (Rule::Type, format!("{text} is not an integer"))
                };
            self.problems.error(rule, property, message);
            return None;
        };
        if !range.contains(&value) {
            self.problems.error(
                Rule::Range,
                property,
                format!(
                    "{value} is out of range {} to {}",
                    range.start(),
                    range.end()
                ),
            );
            return None;
        }
        Some(value)
    }

    pub(crate) fn uuid(&mut self, property: &str, raw: &RawValue) -> Option<uuid::Uuid> {
        let text = self.string(property, raw, usize::MAX)?;
        match uuid::Uuid::parse_str(&text) {
            Ok(id) => Some(id),
            Err(_) => {
                self.problems
                    .error(Rule::Format, property, format!("`{text}` is not a UUID"));
                None
            }
        }
    }

    /// An absolute URL by RFC 3986 (see `super::url`); with `web_only`, http or https.
    pub(crate) fn url(&mut self, property: &str, value: &str, web_only: bool) -> bool {
        match super::url::check(value, web_only) {
            Ok(()) => true,
            Err(message) => {
                self.problems.error(Rule::Format, property, message);
                false
            }
        }
    }

    /// A well-formed e-mail address whose local and domain parts are each at most 63
    /// characters, and at most 127 in all.
    pub(crate) fn email(&mut self, property: &str, value: &str) -> bool {
        if !self.length(property, value, 127) {
            return false;
        }
        let Some((local, domain)) = value.rsplit_once('@') else {
            self.problems
                .error(Rule::Format, property, "is not an e-mail address (no `@`)");
            return false;
        };
        let mut ok = true;
        for (part, text) in [("local part", local), ("domain part", domain)] {
            let chars = text.chars().count();
            if chars > 63 {
                self.problems.error(
                    Rule::MaxLength,
                    property,
                    format!("{part} is {chars} characters, at most 63"),
                );
                ok = false;
            }
        }
        // The spec asks for an address (RFC 5322's addr-spec), not a mailbox: a display
        // name (`Pickup <pickup@example.com>`) is not an e-mail address.
        let addr_spec = email_address::Options::default().without_display_text();
        if ok && email_address::EmailAddress::parse_with_options(value, addr_spec).is_err() {
            self.problems.error(
                Rule::Format,
                property,
                format!("`{value}` is not a well-formed e-mail address"),
            );
            ok = false;
        }
        ok
    }

    /// A country code: 2 letters, 3 letters or 3 digits. A code of that shape that ISO
    /// 3166-1 does not assign is a warning, not an error: the service asks only for the
    /// shape, and user-assigned codes such as `XK` are in real use.
    pub(crate) fn country_code(&mut self, property: &str, value: &str) -> bool {
        let shape_ok = match value.len() {
            2 => value.bytes().all(|b| b.is_ascii_alphabetic()),
            3 => {
                value.bytes().all(|b| b.is_ascii_alphabetic())
                    || value.bytes().all(|b| b.is_ascii_digit())
            }
            _ => false,
        };
        if !shape_ok {
            self.problems.error(
                Rule::Format,
                property,
                format!("`{value}` is not a country code (2 letters, 3 letters or 3 digits)"),
            );
            return false;
        }
        if !super::country::is_assigned(value) {
            self.problems.warning(
                Rule::Unassigned,
                property,
                format!("`{value}` is not assigned in ISO 3166-1"),
            );
        }
        true
    }

    /// An array of strings, each checked by `each`.
    pub(crate) fn string_array(
        &mut self,
        property: &str,
        raw: &RawValue,
        mut each: impl FnMut(&mut Self, &str, &str) -> bool,
    ) -> Option<Vec<String>> {
        if Kind::of(raw) != Kind::Array {
            self.wrong_type(property, "an array of strings", raw);
            return None;
        }
        let elements = raw_array(raw);
        let mut values = Vec::with_capacity(elements.len());
        let mut ok = true;
        let mut path = String::new();
        for (i, element) in elements.into_iter().enumerate() {
            let path = indexed(&mut path, property, i);
            match self.string(path, element, usize::MAX) {
                Some(text) if each(self, path, &text) => values.push(text.into_owned()),
                _ => ok = false,
            }
        }
        ok.then_some(values)
    }
}

/// The member names of one object read so far, so that a checker reads a name given twice
/// once ([`repeated_names`] reports it). A body has about twenty members, which a list
/// scans faster than a hash set hashes; past [`Seen::LIST_MAX`] names they move to a set,
/// so that an object of N members is still checked in time linear in N. The list is
/// made at its full size at once: grown a push at a time, its four reallocations were a
/// tenth of reading a record (callgrind, `examples/read_loop.rs`).
pub(crate) struct Seen<'a> {
    list: Vec<&'a str>,
    set: std::collections::HashSet<&'a str>,
}

impl Default for Seen<'_> {
    fn default() -> Self {
        Seen {
            list: Vec::with_capacity(Self::LIST_MAX),
            set: std::collections::HashSet::new(),
        }
    }
}

impl<'a> Seen<'a> {
    const LIST_MAX: usize = 32;

    /// True the first time `name` is met.
    pub(crate) fn first(&mut self, name: &'a str) -> bool {
        if self.set.is_empty() && self.list.len() < Self::LIST_MAX {
            let new = !self.list.contains(&name);
            if new {
                self.list.push(name);
            }
            new
        } else {
            if self.set.is_empty() {
                self.set.extend(self.list.drain(..));
            }
            self.set.insert(name)
        }
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.list.contains(&name) || self.set.contains(name)
    }
}

/// Every member name given twice in `object` and in every object it holds, at any depth
/// (`translations.de.name`, `links[0].rel`), each one problem at its path. A name given
/// twice is refused: parsers disagree on which of the two counts, so the body means
/// different things to different readers. The repeat's value is not looked into.
pub(crate) fn repeated_names(problems: &mut Problems, path: &str, object: &RawObject<'_>) {
    let mut seen = Seen::default();
    for (name, raw) in &object.members {
        let name = name.as_ref();
        let first = seen.first(name);
        let nested = matches!(Kind::of(raw), Kind::Object | Kind::Array);
        if first && !nested {
            continue;
        }
        let here = if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        };
        if first {
            repeated_within(problems, &here, raw);
        } else {
            problems.error(Rule::Duplicate, here, "appears more than once");
        }
    }
}

/// [`repeated_names`] of the objects in a value (an object, or an array's elements).
/// A member name that is not Unicode text is left to the checkers, which name it.
fn repeated_within(problems: &mut Problems, path: &str, raw: &RawValue) {
    match Kind::of(raw) {
        Kind::Object => {
            if let Ok(object) = raw_object(raw) {
                repeated_names(problems, path, &object);
            }
        }
        // An array without a `{` in its text holds no object (most: tags, photoUrls).
        Kind::Array if raw.get().contains('{') => {
            let mut at = String::new();
            for (i, element) in raw_array(raw).into_iter().enumerate() {
                repeated_within(problems, indexed(&mut at, path, i), element);
            }
        }
        _ => {}
    }
}

/// `property[i]` written into `buf` (reused across elements, so no allocation per element).
pub(crate) fn indexed<'b>(buf: &'b mut String, property: &str, i: usize) -> &'b str {
    use std::fmt::Write;
    buf.clear();
    buf.push_str(property);
    buf.push('[');
    if i < 10 {
        buf.push(char::from(b'0' + i as u8));
    } else {
        let _ = write!(buf, "{i}");
    }
    buf.push(']');
    buf
}

/// `12 decimals`; for a number written with an exponent, the number too, and past a
/// million digits (an exponent such as `e-99999999999999999999`, whose count saturates)
/// no count, which would be wrong: `1e-99999999999999999999 has more than a million
/// decimals`.
fn counted(text: &str, n: usize, what: &str) -> String {
    if !text.contains(['e', 'E']) {
        return format!("{n} {what}");
    }
    // A number as written may be long: its start and its exponent are enough.
    let shown = match text.char_indices().nth(40) {
        Some(_) => {
            let at = text.find(['e', 'E']).unwrap_or(text.len());
            let start: String = text[..at].chars().take(20).collect();
            format!("{start}…{}", &text[at..])
        }
        None => text.to_owned(),
    };
    let shown = crate::text::sanitize_line(&shown);
    match n {
        0..=1_000_000 => format!("`{shown}` has {n} {what} once its exponent is applied"),
        _ => format!("`{shown}` has more than a million {what} once its exponent is applied"),
    }
}

/// How many integer and fraction digits a JSON number has, as written.
///
/// `1e2` is 100 (3 integer digits, no decimals); `1.5e-3` is 0.0015 (4 decimals); leading
/// zeros of the integer part do not count. Trailing zeros of the fraction do: the number
/// is sent as written, so it must fit as written.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct DecimalDigits {
    pub integer: usize,
    pub fraction: usize,
}

impl DecimalDigits {
    pub(crate) fn of(number: &str) -> DecimalDigits {
        let unsigned = number.trim_start_matches('-');
        let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
            Some(at) => (&unsigned[..at], exponent_of(&unsigned[at + 1..])),
            None => (unsigned, 0),
        };
        let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let int_part = int_part.trim_start_matches('0');
        let (int_len, frac_len) = (int_part.len() as i64, frac_part.len() as i64);
        // Shifting the decimal point by the exponent moves digits between the two parts.
        // Saturating: an exponent near i64::MAX or i64::MIN (valid JSON) must not overflow.
        let fraction = frac_len.saturating_sub(exponent).max(0);
        let integer = if int_len == 0 {
            // 0.0123e3 = 12.3: the significant fraction digits that move left of the point.
            let significant = frac_part.trim_start_matches('0');
            let leading_zeros = frac_len - significant.len() as i64;
            exponent
                .saturating_sub(leading_zeros)
                .clamp(0, significant.len() as i64)
        } else {
            int_len.saturating_add(exponent).max(0)
        };
        DecimalDigits {
            integer: integer as usize,
            fraction: fraction as usize,
        }
    }
}

/// A JSON number's exponent (`-99999999999999999999`), saturating at the bounds of i64
/// instead of failing: an exponent beyond them still shifts every digit out of range, so
/// the count stays right at every magnitude (leading zeros count for nothing).
fn exponent_of(text: &str) -> i64 {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0i64, |acc, d| {
            acc.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

#[cfg(test)]
mod tests {

    use super::DecimalDigits;

    /// Issue 14, item 3: exponents beyond 64 bits are counted, not read as 0.
    #[test]
    fn exponents_beyond_64_bits_count() {
        for (number, integer, fraction) in [
            ("123e-99999999999999999999", 0, usize::MAX),
            ("123e-9", 0, 9),
            ("1e99999999999999999999", usize::MAX, 0),
            ("1e+0000000000000000000000002", 3, 0),
            ("0.5e-00000000000000000000001", 0, 2),
        ] {
            let digits = DecimalDigits::of(number);
            assert!(
                digits.integer >= integer.min(1000) && digits.fraction >= fraction.min(1000),
                "{number}: {digits:?}"
            );
            if integer < 1000 {
                assert_eq!(digits.integer, integer, "{number}");
            }
            if fraction < 1000 {
                assert_eq!(digits.fraction, fraction, "{number}");
            }
        }
    }

    fn digits(n: &str) -> (usize, usize) {
        let d = DecimalDigits::of(n);
        (d.integer, d.fraction)
    }

    #[test]
    fn digits_are_counted_as_written() {
        assert_eq!(digits("52.1"), (2, 1));
        assert_eq!(digits("-0.0"), (0, 1));
        assert_eq!(digits("180"), (3, 0));
        assert_eq!(digits("52.10000000"), (2, 8));
        assert_eq!(digits("52.100000000"), (2, 9));
        assert_eq!(digits("1e2"), (3, 0));
        assert_eq!(digits("1E3"), (4, 0));
        assert_eq!(digits("1.5e-3"), (0, 4));
        assert_eq!(digits("0.0123e3"), (2, 1));
        assert_eq!(digits("007.5"), (1, 1));
    }

    #[test]
    fn extreme_exponents_do_not_overflow() {
        // Regression: `1e9223372036854775807` overflowed `int_len + exponent` (a panic
        // in debug builds, a wrapped count in release).
        let max = i64::MAX as usize;
        assert_eq!(digits("1e9223372036854775807"), (max, 0));
        assert_eq!(digits("-0e-9223372036854775808"), (0, max));
        assert_eq!(digits("1.5e-9223372036854775808"), (0, max));
        assert_eq!(digits("0.01e9223372036854775807"), (1, 0));
        assert_eq!(digits("12.5e-9223372036854775807").0, 0);
    }
}
