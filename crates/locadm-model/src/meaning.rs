//! What a JSON value means, for every comparison of a plan and a merge: the one rule by
//! which `52`, `52.0` and `5.2e1` are the same latitude, `"\u00e9"` and `"é"` the same
//! text, and an object's members the same in any order. A spreadsheet, pandas or another
//! tool rewrites a number's spelling without changing it; a change is a change of
//! meaning, never of spelling.
//!
//! - Numbers by decimal value, exactly (no binary floating point: `0.1` and
//!   `0.1000000000000000055` differ), at any exponent.
//! - Strings by their text, escapes decoded.
//! - Arrays item by item, in order.
//! - Objects member by member in any order, a member whose value is `null` the same as
//!   one left out (the service takes `null` of an optional member as no value).
//!
//! Which members an absent value also stands for beyond that (an empty list the service
//! reads as none) is the caller's rule: [`crate::document::diff`] says it.

use serde_json::value::RawValue;

use crate::json::{Kind, RawObject};

/// Two JSON values that mean the same.
pub fn same(a: &RawValue, b: &RawValue) -> bool {
    if a.get() == b.get() {
        return true;
    }
    match (Kind::of(a), Kind::of(b)) {
        (Kind::Number, Kind::Number) => {
            matches!((decimal(a.get()), decimal(b.get())), (Some(x), Some(y)) if x == y)
        }
        (Kind::String, Kind::String) => matches!(
            (serde_json::from_str::<String>(a.get()), serde_json::from_str::<String>(b.get())),
            (Ok(x), Ok(y)) if x == y
        ),
        (Kind::Array, Kind::Array) => match (items(a), items(b)) {
            (Some(x), Some(y)) => x.len() == y.len() && x.iter().zip(&y).all(|(x, y)| same(x, y)),
            _ => false,
        },
        (Kind::Object, Kind::Object) => {
            let members = |raw| serde_json::from_str::<RawObject<'_>>(raw);
            match (members(a.get()), members(b.get())) {
                (Ok(x), Ok(y)) => same_members(&x, &y),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Two objects' members mean the same: each member of one is the same in the other, a
/// `null` the same as no member.
fn same_members(a: &RawObject<'_>, b: &RawObject<'_>) -> bool {
    covered(a, b) && covered(b, a)
}

/// Each member of `x` is the same in `y` (a `null` the same as none there).
fn covered(x: &RawObject<'_>, y: &RawObject<'_>) -> bool {
    x.members.iter().all(
        |(name, value)| match y.members.iter().find(|(n, _)| n == name) {
            Some((_, other)) => same(value, other),
            None => is_null(value),
        },
    )
}

/// The items of a JSON array.
pub fn items(array: &RawValue) -> Option<Vec<&RawValue>> {
    serde_json::from_str(array.get()).ok()
}

pub fn is_null(value: &RawValue) -> bool {
    Kind::of(value) == Kind::Null
}

/// A decimal number's value, exactly: its sign, its significant digits (no leading or
/// trailing zero), and the power of ten of the last one (`13.40` → (false, `134`, -1);
/// `1.2e3` → (false, `12`, 2); zero is (false, ``, 0) whatever its spelling or sign).
/// `None` when `text` is not a number (as JSON writes one, or as a sheet's cell: a
/// leading `+` or `.` is taken).
pub fn decimal(text: &str) -> Option<(bool, String, i64)> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits_only(whole) || !digits_only(fraction) {
        return None;
    }
    let exponent = match exponent {
        None => 0,
        Some(text) => {
            let (sign, digits) = match text.as_bytes().first()? {
                b'-' => (-1, &text[1..]),
                b'+' => (1, &text[1..]),
                _ => (1, text),
            };
            if digits.is_empty() || !digits_only(digits) {
                return None;
            }
            // Saturating: an exponent past i64 (valid JSON) still compares by its size.
            sign * digits.bytes().fold(0i64, |acc, d| {
                acc.saturating_mul(10).saturating_add(i64::from(d - b'0'))
            })
        }
    };
    let digits = format!("{whole}{fraction}");
    let lead = digits.trim_start_matches('0');
    let significant = lead.trim_end_matches('0');
    if significant.is_empty() {
        return Some((false, String::new(), 0));
    }
    let trailing = (lead.len() - significant.len()) as i64;
    let power = exponent
        .saturating_add(trailing)
        .saturating_sub(fraction.len() as i64);
    Some((negative, significant.to_owned(), power))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Box<RawValue> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn numbers_are_compared_by_decimal_value() {
        for (a, b) in [
            ("52", "52.0"),
            ("52", "5.2e1"),
            ("52.5219", "52.52190000"),
            ("0.0015", "1.5e-3"),
            ("0", "-0.0"),
            ("1E+5", "100000"),
            ("13.40", "1340e-2"),
        ] {
            assert!(same(&raw(a), &raw(b)), "{a} = {b}");
        }
        for (a, b) in [
            ("52", "52.00000000001"),
            ("0.1", "0.1000000000000000055"),
            ("-1", "1"),
            ("1e9223372036854775807", "1e9223372036854775806"),
            ("52", "\"52\""),
        ] {
            assert!(!same(&raw(a), &raw(b)), "{a} ≠ {b}");
        }
        assert_eq!(decimal("1200"), Some((false, "12".into(), 2)));
        assert_eq!(decimal("-13.40"), Some((true, "134".into(), -1)));
        assert_eq!(decimal("1e"), None);
        assert_eq!(decimal("abc"), None);
    }

    #[test]
    fn texts_lists_and_objects_by_meaning() {
        assert!(same(&raw(r#""\u00e9""#), &raw(r#""é""#)));
        assert!(!same(&raw(r#""a""#), &raw(r#""A""#)));
        assert!(same(&raw("[1, 2.0]"), &raw("[1.0,2]")));
        assert!(!same(&raw("[1,2]"), &raw("[2,1]")));
        assert!(same(&raw(r#"{"a":1,"b":null}"#), &raw(r#"{"a":1.0}"#)));
        assert!(same(&raw(r#"{"a":1,"c":"x"}"#), &raw(r#"{"c":"x","a":1}"#)));
        assert!(!same(&raw(r#"{"a":1}"#), &raw(r#"{"a":1,"b":2}"#)));
        assert!(!same(&raw("null"), &raw("[]")));
    }
}
