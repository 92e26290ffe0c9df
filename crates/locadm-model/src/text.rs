//! Text that did not come from the tool, made safe to show: the model quotes property
//! names and values from input files in its problems, and the CLI's printer shows a
//! server's text, through the same rule.

/// Text that did not come from the tool (a server's error text, a token endpoint's
/// `error`, a property name from an input file), made safe for a terminal: every control
/// character (C0, DEL, C1) and every character that reorders or hides text (bidi
/// overrides and isolates, zero-width marks) is written as `\u001b`, so that it can
/// neither move the cursor, change colours, set the title nor make text read otherwise
/// than it is. Line feeds stay (messages have lines); a tab becomes four spaces.
pub fn sanitize(text: &str) -> String {
    if !text.chars().any(|c| c == '\t' || is_unsafe(c)) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("    "),
            c if is_unsafe(c) => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// [`sanitize`] for text that must stay on one line (a server's error text inside a
/// sentence of the tool's): a line feed is escaped too, so it cannot start a line that
/// looks like the tool's own (`error: …`).
pub fn sanitize_line(text: &str) -> String {
    sanitize(text).replace('\n', "\\u000a")
}

/// Controls other than the line feed, and the invisible characters that change how the
/// text around them is shown (Unicode's bidi controls and zero-width format characters).
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(u32::from(c), 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2069 | 0xFEFF)
}
