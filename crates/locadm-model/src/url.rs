//! The URL rule of `logoUrl`, `photoUrls` and `locationsSource.endpoint`.
//!
//! A URL is an absolute URI as RFC 3986 writes it (section 4.3: a scheme, then the rest;
//! a fragment is allowed), checked with `fluent-uri`, a parser that follows the RFC's
//! grammar exactly and accepts nothing else. A lenient parser (the WHATWG one of the
//! `url` crate) would take `https://example.com/a b.png` and repair it into another
//! string; the tool sends values as they are written, so the value must already be a
//! URL. For `http` and `https`, RFC 9110 (section 4.2) adds that there is an authority
//! with a host that is not empty, so `http:example.com`, `http:/x` and `http:///x` are
//! refused.
//!
//! RFC 3986 is ASCII: a character outside it (`ä`) must be percent-encoded, and the
//! message shows the encoded form to write instead.

use fluent_uri::{ParseErrorKind, Uri};

/// Checks `value`; the message says what is wrong (without the property name).
pub(crate) fn check(value: &str, web_only: bool) -> Result<(), String> {
    let uri = Uri::parse(value).map_err(|e| {
        let at = e.index();
        match e.kind() {
            ParseErrorKind::InvalidPctEncodedOctet => format!(
                "is not a URL: `%` at character {} is not followed by two hex digits (a literal % is written %25)",
                position(value, at)
            ),
            ParseErrorKind::InvalidIpv6Addr => format!(
                "is not a URL: the IPv6 address at character {} is not valid",
                position(value, at)
            ),
            ParseErrorKind::UnexpectedChar => not_allowed(value, at),
        }
    })?;
    let scheme = uri.scheme().as_str();
    let is_web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    if web_only && !is_web {
        return Err(format!("must be an http or https URL, not `{scheme}:`"));
    }
    if is_web && uri.authority().is_none_or(|a| a.host().is_empty()) {
        return Err(format!(
            "is not a URL: `{scheme}:` is followed by `//` and a host (`{scheme}://example.com/…`)"
        ));
    }
    Ok(())
}

/// The message for a character the grammar does not allow at byte `at`.
fn not_allowed(value: &str, at: usize) -> String {
    let c = value[at..].chars().next();
    let scheme_end = value
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
        .filter(|&end| end > 0 && value.as_bytes()[0].is_ascii_alphabetic());
    let has_scheme = scheme_end.is_some_and(|end| value[end..].starts_with(':'));
    let Some(c) = c.filter(|c| has_scheme || at == 0 && (c.is_whitespace() || c.is_control()))
    else {
        return "is not an absolute URL (it has no scheme such as `https:`)".to_owned();
    };
    let n = position(value, at);
    let mut encoded = String::new();
    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
        encoded.push_str(&format!("%{byte:02X}"));
    }
    let where_ = if at == 0 || at + c.len_utf8() == value.len() && c.is_whitespace() {
        if at == 0 {
            " (it starts with it)"
        } else {
            " (it ends with it)"
        }
    } else {
        ""
    };
    format!(
        "is not a URL: {} at character {n} is not allowed{where_}; write it as {encoded}",
        describe(c)
    )
}

/// A character named so that a person can see it, controls and blanks included.
fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        '\n' => "a line feed".to_owned(),
        '\r' => "a carriage return".to_owned(),
        // Controls, blanks and the characters that change how text is shown are named
        // by their code point: written as they are, they would not be seen.
        c if c.is_whitespace() || crate::text::is_unsafe(c) => {
            format!("U+{:04X}", u32::from(c))
        }
        c => format!("`{c}`"),
    }
}

/// The 1-based character position of byte `at`.
fn position(value: &str, at: usize) -> usize {
    value[..at].chars().count() + 1
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::check;

    #[test]
    fn the_classes_of_issue_14_item_1_are_refused() {
        for bad in [
            "https://example.com/a b.png",
            "https://example.com/a\tb.png",
            "https://example.com/a\rb",
            "https://example.com/a\nb",
            "https://example.com/a\0b",
            " https://example.com/a.png",
            "https://example.com/a.png ",
            "https://example.com/\"",
            "https://example.com/<",
            "https://example.com/>",
            "https://example.com/{",
            "https://example.com/}",
            "https://example.com/|",
            "https://example.com/^",
            "https://example.com/`",
            "https://example.com/\\",
            "https://example.com/%",
            "https://example.com/%2",
            "https://example.com/%zz",
            "https://example.com/a#b#c",
            "https://a@b@example.com/",
            "http:example.com",
            "http:/x",
            "http:///x",
            "https://",
            "https://example.com/ä",
            "https://exämple.com/",
            "https://[::1/",
            "//example.com/a.png",
            "/logo.png",
            "example.com/logo.png",
            "",
        ] {
            assert!(check(bad, false).is_err(), "{bad:?} accepted");
            assert!(check(bad, true).is_err(), "{bad:?} accepted (web only)");
        }
    }

    #[test]
    fn urls_are_accepted_as_written() {
        for good in [
            "https://example.com",
            "https://example.com/a%20b.png?w=1&h=2#top",
            "HTTPS://EXAMPLE.COM/",
            "http://127.0.0.1:8080/x",
            "https://[2001:db8::1]/x",
            "https://user:pw@example.com/",
            "https://example.com/a,b;c=d/~x/!$'()*+",
            "https://example.com/?q=a/b?c#frag/?",
        ] {
            assert_eq!(check(good, false), Ok(()), "{good}");
            assert_eq!(check(good, true), Ok(()), "{good}");
        }
        // Any scheme where the property allows it; only http and https where it does not.
        assert_eq!(check("data:image/png;base64,AAAA", false), Ok(()));
        assert_eq!(check("urn:isbn:0451450523", false), Ok(()));
        let err = check("ftp://example.com/", true).unwrap_err();
        assert_eq!(err, "must be an http or https URL, not `ftp:`");
    }

    #[test]
    fn messages_name_the_character_and_the_fix() {
        let err = check("https://example.com/a b.png", false).unwrap_err();
        assert_eq!(
            err,
            "is not a URL: a space at character 22 is not allowed; write it as %20"
        );
        let err = check("https://example.com/a.png ", false).unwrap_err();
        assert!(err.contains("(it ends with it)"), "{err}");
        let err = check(" https://example.com/", false).unwrap_err();
        assert!(err.contains("a space at character 1"), "{err}");
        let err = check("https://example.com/ä", false).unwrap_err();
        assert!(err.ends_with("write it as %C3%A4"), "{err}");
        let err = check("https://example.com/%zz", false).unwrap_err();
        assert!(err.contains("not followed by two hex digits"), "{err}");
        let err = check("https://example.com/\u{1b}[2J", false).unwrap_err();
        assert!(err.contains("U+001B"), "{err}");
        let err = check("http:example.com", false).unwrap_err();
        assert!(
            err.contains("`http:` is followed by `//` and a host"),
            "{err}"
        );
        let err = check("example.com", false).unwrap_err();
        assert!(err.contains("no scheme"), "{err}");
    }

    // An oracle written apart from the parser: RFC 3986's appendix A grammar for an
    // absolute URI with a fragment (`URI`), as a regular expression. IPv6 literals are
    // left out of the generated strings (their ABNF is long); the tests above take them.
    fn rfc3986_uri() -> regex::Regex {
        let unreserved = r"[A-Za-z0-9\-._~]";
        let pct = r"%[0-9A-Fa-f]{2}";
        let sub = r"[!$&'()*+,;=]";
        let pchar = format!("(?:{unreserved}|{pct}|{sub}|[:@])");
        let reg_name = format!("(?:{unreserved}|{pct}|{sub})*");
        let userinfo = format!("(?:{unreserved}|{pct}|{sub}|:)*");
        let authority = format!("(?:{userinfo}@)?{reg_name}(?::[0-9]*)?");
        let segment = format!("{pchar}*");
        let segment_nz = format!("{pchar}+");
        let hier = format!(
            "(?://{authority}(?:/{segment})*|/(?:{segment_nz}(?:/{segment})*)?|{segment_nz}(?:/{segment})*|)"
        );
        let query = format!("(?:{pchar}|[/?])*");
        regex::Regex::new(&format!(
            r"^[A-Za-z][A-Za-z0-9+\-.]*:{hier}(?:\?{query})?(?:#{query})?$"
        ))
        .expect("the RFC 3986 grammar compiles")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Issue 14: whatever the rule accepts is a URI by RFC 3986, and an http(s) one
        /// has a host. Strings are drawn from URL-ish pieces and every troublesome
        /// character, so both sides of the rule are exercised.
        #[test]
        fn what_the_rule_accepts_is_an_rfc_3986_uri(
            scheme in prop::sample::select(vec!["https", "http", "HTTP", "ftp", "h+t.p", "1x", ""]),
            sep in prop::sample::select(vec!["://", ":/", ":", ":///", "//"]),
            rest in r"[a-z0-9.:@/?#%\[\] \t\r\n\x00\x1b<>{}|^`\\\u{e4}\u{202e}A-F~!$&'()*+,;=_-]{0,24}",
        ) {
            let value = format!("{scheme}{sep}{rest}");
            let oracle = rfc3986_uri();
            if check(&value, false).is_ok() {
                prop_assert!(oracle.is_match(&value), "accepted but not RFC 3986: {:?}", value);
                if value.to_ascii_lowercase().starts_with("http") {
                    let host = value.split_once("://").map_or("", |(_, rest)| rest);
                    prop_assert!(!host.is_empty() && !host.starts_with('/'), "{:?}", value);
                }
            } else if !value.contains('[') {
                // The converse, for everything but IPv6 literals: refused only when
                // the grammar refuses it or when it is an http(s) URL without a host.
                let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
                prop_assert!(!oracle.is_match(&value) || web, "refused but RFC 3986: {:?}", value);
            }
        }
    }
}
