//! An answer printed as the service sent it (`locadm api`): the one command whose body
//! may be anything, JSON or not.

use std::io::{self, Write};

use locadm_client::error::{Error, Result};

use super::{json, sanitize, OutputFormat, Printer};

impl Printer {
    /// Prints `body` as the service sent it: JSON through `--jq`, `-o ndjson` and the
    /// sheets as [`Printer::body`] prints it, else pretty at a terminal; anything else
    /// (a pipe, a body that is not JSON) as the bytes it is (JSON with its line ended),
    /// its controls escaped at a terminal. `-q` prints nothing.
    pub(crate) fn answer(&self, body: &[u8]) -> Result<()> {
        if self.quiet {
            return Ok(());
        }
        let is_json = serde_json::from_slice::<serde::de::IgnoredAny>(body).is_ok();
        let filtered = self.jq.is_some() || self.format.is_sheet();
        if is_json && (filtered || self.format == OutputFormat::Ndjson) {
            return self.body(body);
        }
        if filtered {
            let asked = match self.jq {
                Some(_) => "`--jq` filters",
                None => "a sheet (`-o csv`, `-o xlsx`) is made of",
            };
            return Err(Error::other(format!(
                "{asked} JSON, and the answer ({} bytes) is not JSON",
                body.len()
            ))
            .with_hint("leave it out to print the answer as it came; `--verbose` shows it too"));
        }
        if !self.stdout_is_terminal {
            // JSON ends its line, as every command's does; other bytes are left alone.
            let mut out = io::stdout().lock();
            out.write_all(body)?;
            if is_json && !body.ends_with(b"\n") {
                out.write_all(b"\n")?;
            }
            return Ok(out.flush()?);
        }
        if is_json {
            return Ok(self.line(&json::pretty(body))?);
        }
        if !body.is_empty() {
            let text = sanitize(&String::from_utf8_lossy(body));
            self.line(text.strip_suffix('\n').unwrap_or(&text))?;
        }
        Ok(())
    }
}
