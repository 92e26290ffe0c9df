//! `--curl`: a request printed as a `curl` command line instead of being sent (xh's and
//! httpie's `--curl`), for a person to run, keep or hand on. Every request of the client
//! passes the send loop (`send.rs`) on either route, and that is where it is printed; the
//! command that made it ends there ([`Kind::Printed`](crate::Kind::Printed)).
//!
//! The line runs as printed in any POSIX shell: a word that is not plain is in single
//! quotes (`'\''` for a quote inside). It holds no secret: the token is
//! `"$(TOKEN_COMMAND)"`, a command that prints one when the line runs (`locadm auth
//! token`), and a URL with a password is refused. The body is one single-quoted word after
//! `--data-raw`, byte for byte: quotes, backslashes, `$`, newlines, and no final newline
//! when it has none (a here-doc would add one); `--data-raw`, unlike `--data-binary`,
//! never takes a body that starts with `@` for a file name to read.

use std::sync::Arc;

use reqwest::header::{HeaderMap, AUTHORIZATION};
use reqwest::Method;

use crate::error::{shell_word, Error, Result};

/// Where printed command lines go: the application's stdout.
pub trait CurlOut: Send + Sync {
    /// One command line, without its line end.
    fn command(&self, line: &str) -> std::io::Result<()>;
}

/// The `--curl` mode of an [`ApiClient`](super::ApiClient): what it prints, and where.
#[derive(Clone)]
pub struct Curl {
    out: Arc<dyn CurlOut>,
    /// A shell command whose output is a token (`locadm auth token --profile staging`).
    token_command: String,
    /// Reads (GET, HEAD) are sent, not printed: a command's reads that decide what it
    /// writes ([`ApiClient::sending_reads`](super::ApiClient::sending_reads)).
    send_reads: bool,
}

impl Curl {
    /// Prints to `out`, the token as the output of `token_command`, a command line of a
    /// POSIX shell run when the printed line runs.
    pub fn new(out: Arc<dyn CurlOut>, token_command: impl Into<String>) -> Curl {
        Curl {
            out,
            token_command: token_command.into(),
            send_reads: false,
        }
    }

    pub(super) fn sending_reads(self) -> Curl {
        Curl {
            send_reads: true,
            ..self
        }
    }

    /// Whether a request of `method` is printed rather than sent.
    pub(super) fn prints(&self, method: &Method) -> bool {
        !(self.send_reads && (method == Method::GET || method == Method::HEAD))
    }

    /// Prints the request: `headers` are those it would carry but the bearer token (an
    /// `Authorization` among them is the caller's own, printed as given).
    pub(super) fn print(
        &self,
        method: &Method,
        url: &url::Url,
        headers: &HeaderMap,
        body: Option<&[u8]>,
    ) -> Result<()> {
        let line = self.command_line(method, url, headers, body)?;
        Ok(self.out.command(&line)?)
    }

    fn command_line(
        &self,
        method: &Method,
        url: &url::Url,
        headers: &HeaderMap,
        body: Option<&[u8]>,
    ) -> Result<String> {
        if url.password().is_some() {
            return Err(Error::usage(
                "the base URL carries a password, which a printed command would show; nothing was printed",
            )
            .with_hint("give the base URL without its password"));
        }
        let mut words: Vec<String> = vec!["curl".into()];
        // curl reads `[]` and `{}` in a URL as a pattern of URLs unless told not to.
        if url.as_str().contains(['[', ']', '{', '}']) {
            words.push("--globoff".into());
        }
        // `-X HEAD` would wait for a body that never comes.
        if method == Method::HEAD {
            words.push("--head".into());
        } else {
            words.extend(["-X".into(), shell_word(method.as_str())]);
        }
        words.push(shell_word(url.as_str()));
        if !headers.contains_key(AUTHORIZATION) {
            words.extend([
                "-H".into(),
                format!("'Authorization: Bearer '\"$({})\"", self.token_command),
            ]);
        }
        for (name, value) in headers {
            let value = String::from_utf8_lossy(value.as_bytes());
            words.extend([
                "-H".into(),
                shell_word(&format!("{}: {value}", title_case(name.as_str()))),
            ]);
        }
        if let Some(body) = body {
            let text = std::str::from_utf8(body)
                .ok()
                .filter(|text| !text.contains('\0'))
                .ok_or_else(|| {
                    Error::usage(
                        "the body is not text (it holds a NUL byte or bytes that are not UTF-8), and a command line cannot carry it; nothing was printed",
                    )
                    .with_hint("run without `--curl`, or give curl the file with its --data-binary @FILE")
                })?;
            words.extend(["--data-raw".into(), shell_word(text)]);
        }
        Ok(words.join(" "))
    }
}

/// `content-type` as people write it: `Content-Type`.
fn title_case(name: &str) -> String {
    name.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    struct Kept(std::sync::Mutex<Vec<String>>);

    impl CurlOut for Kept {
        fn command(&self, line: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(line.to_owned());
            Ok(())
        }
    }

    fn line(method: &str, url: &str, headers: &[(&str, &str)], body: Option<&[u8]>) -> String {
        let curl = Curl::new(
            Arc::new(Kept(Default::default())),
            "locadm auth token --profile 'my shop'",
        );
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                reqwest::header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        curl.command_line(&method, &url::Url::parse(url).unwrap(), &map, body)
            .unwrap()
    }

    /// The words `sh` makes of `line`, with `curl` a function that prints them and
    /// `locadm` one that prints a token.
    fn words_in_sh(line: &str) -> Vec<Vec<u8>> {
        let script = format!(
            "curl() {{ for word in \"$@\"; do printf '%s\\0' \"$word\"; done; }}\nlocadm() {{ printf '%s' \"token-for-$4\"; }}\n{line}\n"
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .expect("sh runs");
        assert!(output.status.success(), "{line}");
        output
            .stdout
            .split(|b| *b == 0)
            .map(<[u8]>::to_vec)
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn a_create_is_one_line_with_the_token_as_a_command() {
        let shown = line(
            "POST",
            "http://127.0.0.1:8080/locations",
            &[
                ("accept", "application/json"),
                ("content-type", "application/json"),
            ],
            Some(br#"{"storeId":"S-1"}"#),
        );
        assert_eq!(
            shown,
            r#"curl -X POST http://127.0.0.1:8080/locations -H 'Authorization: Bearer '"$(locadm auth token --profile 'my shop')" -H 'Accept: application/json' -H 'Content-Type: application/json' --data-raw '{"storeId":"S-1"}'"#
        );
        let words = words_in_sh(&shown);
        assert_eq!(words[4], b"Authorization: Bearer token-for-my shop");
    }

    #[test]
    fn any_text_body_reaches_curl_byte_for_byte() {
        for body in [
            "{\"a\":\"it's \\\"quoted\\\" \\\\ $(x) `y` $HOME\tü €\"}",
            "line one\nline two\n\n",
            "no final newline",
            "@/etc/passwd",
            "'",
            "''\\'",
            "",
            "!event -- -X",
        ] {
            let shown = line(
                "PUT",
                "https://svc.example/locations/1",
                &[],
                Some(body.as_bytes()),
            );
            let words = words_in_sh(&shown);
            let at = words.iter().position(|w| w == b"--data-raw").unwrap();
            let given = words.get(at + 1).cloned().unwrap_or_default();
            assert_eq!(String::from_utf8(given).unwrap(), body, "{shown}");
        }
    }

    #[test]
    fn a_header_of_the_callers_replaces_the_token_and_odd_urls_stay_whole() {
        let shown = line(
            "HEAD",
            "https://svc.example/api/locations?a[0]=1&b=$x",
            &[("authorization", "Basic abc")],
            None,
        );
        assert!(!shown.contains("auth token"), "{shown}");
        let words = words_in_sh(&shown);
        let words: Vec<String> = words
            .into_iter()
            .map(|w| String::from_utf8(w).unwrap())
            .collect();
        assert_eq!(
            words,
            [
                "--globoff",
                "--head",
                "https://svc.example/api/locations?a[0]=1&b=$x",
                "-H",
                "Authorization: Basic abc"
            ]
        );
    }

    #[test]
    fn what_a_line_cannot_carry_is_refused() {
        let curl = Curl::new(Arc::new(Kept(Default::default())), "locadm auth token");
        let url = url::Url::parse("https://svc.example/locations").unwrap();
        for body in [&b"a\0b"[..], &b"\xff"[..]] {
            let error = curl
                .command_line(&Method::POST, &url, &HeaderMap::new(), Some(body))
                .unwrap_err();
            assert_eq!(error.kind(), &crate::Kind::Usage);
        }
        let secret = url::Url::parse("https://user:secret@svc.example/locations").unwrap();
        let error = curl
            .command_line(&Method::GET, &secret, &HeaderMap::new(), None)
            .unwrap_err();
        assert!(!error.to_string().contains("secret"));
    }

    #[test]
    fn reads_are_sent_only_when_asked() {
        let curl = Curl::new(Arc::new(Kept(Default::default())), "locadm auth token");
        assert!(curl.prints(&Method::GET));
        let reads_sent = curl.sending_reads();
        assert!(!reads_sent.prints(&Method::GET));
        assert!(reads_sent.prints(&Method::PUT));
        assert!(reads_sent.prints(&Method::DELETE));
    }
}
