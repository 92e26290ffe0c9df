//! JSON text as the printer writes it: pretty or on one line with members and numbers as
//! written, and `--jq` results.

use std::io::{self, Write};

use super::sanitize;

/// One `--jq` result: a string raw, anything else as JSON (`pretty`, or one line). A raw
/// string is data for a pipe, written exactly; at a terminal its controls are escaped,
/// as every text from a server is.
pub(super) fn write_jq_result(
    out: &mut impl Write,
    result: &str,
    pretty: bool,
    terminal: bool,
) -> io::Result<()> {
    match serde_json::from_str::<String>(result) {
        Ok(text) if terminal => writeln!(out, "{}", sanitize(&text)),
        Ok(text) => writeln!(out, "{text}"),
        Err(_) if pretty => writeln!(out, "{}", self::pretty(result.as_bytes())),
        Err(_) => writeln!(out, "{}", compact(result.as_bytes())),
    }
}

/// JSON text made pretty with its key order and numbers as written.
pub(crate) fn pretty(json: &[u8]) -> String {
    write_as(
        json,
        jaq_json::write::Pp {
            indent: Some("  ".to_owned()),
            sep_space: true,
            ..Default::default()
        },
    )
}

/// JSON text on one line, members and numbers as written; text that is not JSON as is.
pub(super) fn compact(json: &[u8]) -> String {
    write_as(json, jaq_json::write::Pp::default())
}

/// JSON text written by jaq's writer (which keeps key order and numbers as written);
/// text that is not JSON as is.
fn write_as(json: &[u8], pp: jaq_json::write::Pp) -> String {
    let Ok(value) = jaq_json::read::parse_single(json) else {
        return String::from_utf8_lossy(json).into_owned();
    };
    let mut out = Vec::with_capacity(json.len() * 2);
    match jaq_json::write::write(&mut out, &pp, 0, &value) {
        Ok(()) => String::from_utf8_lossy(&out).into_owned(),
        Err(_) => String::from_utf8_lossy(json).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::pretty;

    #[test]
    fn compact_keeps_order_and_digits() {
        assert_eq!(
            super::compact(b"{\"b\": 1.50,\n \"a\": [1, 2e3], \"c\": \"\\u00e9\"}"),
            r#"{"b":1.50,"a":[1,2e3],"c":"é"}"#
        );
    }

    #[test]
    fn pretty_keeps_order_and_digits() {
        assert_eq!(
            pretty(br#"{"b":1.50,"a":[1,2]}"#),
            "{\n  \"b\": 1.50,\n  \"a\": [\n    1,\n    2\n  ]\n}"
        );
    }
}
