//! Changes that look like what a spreadsheet does to a value rather than what a person
//! meant: a sheet opened and saved turns the post code `01067` into `1067`, a long number
//! into `1.23457E+15` (or cuts it to the 15 significant digits it keeps), a coordinate
//! into the fewer decimals its column showed (`52.52190012` into `52.5219`), and `1-5`
//! into a date.
//! A change is compared with the value it replaces: the same rewrite of a value the
//! location never had is a person's edit.

use serde_json::value::RawValue;

use super::document::Change;
use super::json::Kind;

/// Marks each change of `changes` that looks like a spreadsheet's damage (its
/// `suspect`); true when one does.
pub fn mark(changes: &mut [Change]) -> bool {
    let mut any = false;
    for change in changes.iter_mut() {
        if let (Some(before), Some(after)) = (&change.before, &change.after) {
            change.suspect = damage(before, after);
            any |= change.suspect.is_some();
        }
    }
    any
}

/// Why `after` looks like a spreadsheet's rewrite of `before`, if it does.
pub fn damage(before: &RawValue, after: &RawValue) -> Option<&'static str> {
    let (before, after) = (scalar_text(before)?, scalar_text(after)?);
    if before == after {
        return None;
    }
    if dropped_leading_zeros(&before, &after) {
        return Some("its leading zeros were dropped, as a spreadsheet does to a number");
    }
    if is_scientific(&after) && !is_scientific(&before) {
        return Some("it is written in scientific notation, as a spreadsheet writes a long number");
    }
    if lost_digits(&before, &after) {
        return Some("it is the value rounded to fewer digits, as a spreadsheet keeps (15 significant digits) or shows a number");
    }
    if is_date(&after) && !is_date(&before) {
        return Some("it became a date, as a spreadsheet reads text such as `1-5`");
    }
    if before.strip_prefix('+') == Some(after.as_str()) {
        return Some("its leading `+` was dropped, as a spreadsheet does to a number");
    }
    if point_zero(&before, &after) {
        return Some(
            "it gained a `.0`, as a program that read it as a floating-point number writes it",
        );
    }
    if is_scientific(&before) && crate::meaning::decimal(&before) == crate::meaning::decimal(&after)
    {
        return Some(
            "its scientific notation was written out, as a spreadsheet reads `1E5` as a number",
        );
    }
    if percent(&before, &after) {
        return Some("its percent became a fraction, as a spreadsheet reads `50%` as 0.5");
    }
    if !before.eq(&after) && before.eq_ignore_ascii_case(&after) && is_boolean(&before) {
        return Some("its case changed, as a spreadsheet writes a boolean it read");
    }
    if mojibake(&before) == after {
        return Some("its UTF-8 was read as Windows-1252 (`Ã` and `Â` pairs), as a spreadsheet opening a CSV without its encoding does");
    }
    None
}

/// `55` → `55.0`, `1234` → `1234.0`: a whole number written back as a float.
fn point_zero(before: &str, after: &str) -> bool {
    after
        .strip_suffix(".0")
        .is_some_and(|whole| whole == before && before.bytes().all(|b| b.is_ascii_digit()))
}

/// `50%` → `0.5`: a percent read as the fraction it is.
fn percent(before: &str, after: &str) -> bool {
    let Some(number) = before.strip_suffix('%') else {
        return false;
    };
    let (Some((negative, digits, power)), Some(fraction)) = (
        crate::meaning::decimal(number.trim()),
        crate::meaning::decimal(after),
    ) else {
        return false;
    };
    let hundredth = if digits.is_empty() {
        (false, String::new(), 0)
    } else {
        (negative, digits, power - 2)
    };
    hundredth == fraction
}

/// A boolean's word as spreadsheets write it, in the languages they are saved in.
fn is_boolean(text: &str) -> bool {
    crate::document::boolean_word(text).is_some()
}

/// `text`'s UTF-8 bytes read as Windows-1252 (`Straße` → `StraÃŸe`): what a program that
/// opened the file in that encoding saves. `text` itself when it is ASCII.
fn mojibake(text: &str) -> String {
    let (read, _, _) = encoding_rs::WINDOWS_1252.decode(text.as_bytes());
    read.into_owned()
}

/// A string's text, or a number's; other values are never a spreadsheet's rewrite.
fn scalar_text(raw: &RawValue) -> Option<String> {
    match Kind::of(raw) {
        Kind::String => serde_json::from_str(raw.get()).ok(),
        Kind::Number => Some(raw.get().to_owned()),
        _ => None,
    }
}

/// `01067` → `1067`, `007` → `7`, `0049…` → `49…`.
fn dropped_leading_zeros(before: &str, after: &str) -> bool {
    let stripped = before.trim_start_matches('0');
    before.starts_with('0')
        && !after.is_empty()
        && (after == stripped || after == "0")
        && before.bytes().all(|b| b.is_ascii_digit())
}

/// `1.23457E+15`, `1E+20`, `1.2e-7`.
fn is_scientific(text: &str) -> bool {
    let Some((mantissa, exponent)) = text.split_once(['E', 'e']) else {
        return false;
    };
    let mantissa = mantissa.strip_prefix('-').unwrap_or(mantissa);
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, "0"));
    let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    [whole, fraction, exponent]
        .iter()
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

/// The significant digits of a decimal number, and the power of ten of its last one
/// (`13.40` → (`134`, -1); `1200` → (`12`, 2)); `None` when it is not one. The sign
/// aside: [`crate::meaning::decimal`]'s value.
fn significant(text: &str) -> Option<(String, i64)> {
    crate::meaning::decimal(text).map(|(_, digits, power)| (digits, power))
}

/// `after` is `before` rounded to fewer significant digits (within half a unit of
/// `after`'s last digit): a spreadsheet keeps 15, and saves a CSV with the digits its
/// column shows.
fn lost_digits(before: &str, after: &str) -> bool {
    let (Some((digits, _)), Some((kept, place))) = (significant(before), significant(after)) else {
        return false;
    };
    if kept.len() >= digits.len() {
        return false;
    }
    let (Ok(b), Ok(a)) = (before.parse::<f64>(), after.parse::<f64>()) else {
        return false;
    };
    let place = i32::try_from(place.clamp(-400, 400)).unwrap_or_default();
    (a - b).abs() <= 0.5 * 10f64.powi(place) * (1.0 + 1e-9)
}

/// A date as spreadsheets write one: `2026-01-05` (a time may follow), `5.1.2026`,
/// `1/5/26`, `05-Jan`, `Jan-05`, `5-Jan-2026`.
fn is_date(text: &str) -> bool {
    let text = text.split([' ', 'T']).next().unwrap_or(text);
    let parts: Vec<&str> = text.split(['-', '/', '.']).collect();
    let number = |p: &str, max: usize| {
        !p.is_empty() && p.len() <= max && p.bytes().all(|b| b.is_ascii_digit())
    };
    let month = |p: &str| {
        p.len() >= 3
            && [
                "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
            ]
            .iter()
            .any(|m| p.to_ascii_lowercase().starts_with(m))
    };
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 => number(y, 4) && number(m, 2) && number(d, 2),
        [d, m, y] if number(d, 2) && number(m, 2) => number(y, 4) && y.len() != 3,
        [d, m] | [m, d] if month(m) && number(d, 2) => true,
        [d, m, y] => number(d, 2) && month(m) && number(y, 4),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(json: &str) -> Box<RawValue> {
        serde_json::from_str(json).unwrap()
    }

    fn why(before: &str, after: &str) -> Option<&'static str> {
        damage(&raw(before), &raw(after))
    }

    #[test]
    fn a_spreadsheet_s_rewrites_are_marked() {
        assert!(why(r#""01067""#, r#""1067""#)
            .unwrap()
            .contains("leading zeros"));
        assert!(why(r#""000123""#, r#""123""#).is_some());
        assert!(why(r#""1234567890123456""#, r#""1.23457E+15""#)
            .unwrap()
            .contains("scientific"));
        assert!(why("13.404954123456789", "13.4049541234568")
            .unwrap()
            .contains("rounded"));
        assert!(why("52.52190012", "52.5219").is_some());
        assert!(why(r#""1234567890123456789""#, r#""1234567890123460000""#).is_some());
        // Issue 53, item 3: what pandas, LibreOffice and Excel do besides.
        assert!(why(r#""+4930123456""#, r#""4930123456""#)
            .unwrap()
            .contains('+'));
        assert!(why(r#""55""#, r#""55.0""#).unwrap().contains(".0"));
        assert!(why("1234", "1234.0").unwrap().contains(".0"));
        assert!(why(r#""1E5""#, r#""100000""#)
            .unwrap()
            .contains("scientific"));
        assert!(why(r#""50%""#, r#""0.5""#).unwrap().contains("percent"));
        assert!(why(r#""12.5%""#, "0.125").unwrap().contains("percent"));
        assert!(why(r#""TRUE""#, r#""true""#).unwrap().contains("boolean"));
        assert!(why(r#""Hauptstraße""#, r#""HauptstraÃŸe""#)
            .unwrap()
            .contains("Windows-1252"));
        assert!(why(r#""Łódź""#, r#""ÅÃ³dÅº""#).is_some());
        for date in [
            "2026-01-05",
            "05.01.2026",
            "1/5/26",
            "5-Jan",
            "Jan-05",
            "05-Jan-2026",
        ] {
            assert!(
                why(r#""1-5""#, &format!("\"{date}\""))
                    .unwrap()
                    .contains("date"),
                "{date}"
            );
        }
    }

    #[test]
    fn a_person_s_edits_are_not() {
        assert_eq!(why(r#""01067""#, r#""01069""#), None);
        assert_eq!(why(r#""10178""#, r#""1017""#), None);
        assert_eq!(why(r#""Berlin""#, r#""Potsdam""#), None);
        assert_eq!(why("52.52190000", "52.5219"), None);
        assert_eq!(why("13.404954123456789", "13.5"), None);
        assert_eq!(why("52.5219", "52.6"), None);
        assert_eq!(why("52.5", "52.5219"), None);
        assert_eq!(why(r#""2026-01-04""#, r#""2026-01-05""#), None);
        assert_eq!(why(r#""1E+5""#, r#""2E+5""#), None);
        assert_eq!(why(r#""R-1""#, r#""R-2""#), None);
        assert_eq!(why(r#""+4930123456""#, r#""4930123457""#), None);
        assert_eq!(why(r#""50%""#, r#""0.6""#), None);
        assert_eq!(why(r#""Berlin""#, r#""BERLIN""#), None);
        assert_eq!(why(r#""Strasse""#, r#""Straße""#), None);
    }
}
