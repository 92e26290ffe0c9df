//! The errors a command can end with, and the one place where each maps to an exit code
//! of docs/service-contract.md.
//!
//! An [`Error`] is one struct: a [`Kind`] (what class of failure, which decides the exit
//! code and the machine-readable code), the sentence a person reads, an optional hint
//! and an optional source. Every kind carries a hint the same way, so a hint added to
//! any error is printed, and the source chain is rendered in one place
//! ([`Error::causes`]), as uv's `commands/diagnostics.rs` does.

use std::error::Error as StdError;
use std::fmt;
use std::process::ExitCode;

/// Exit codes of the command-line contract (docs/service-contract.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    Success = 0,
    Failure = 1,
    Usage = 2,
    Auth = 3,
    Permission = 4,
    NotFound = 5,
    Unavailable = 6,
    BulkFailed = 7,
    /// Ctrl-C (or SIGTERM) ended the command: the shell's 128 + SIGINT.
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// What class of failure an [`Error`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Bad arguments or input; nothing was sent.
    Usage,
    /// Local validation rejected the input; the details are in the message.
    Invalid,
    /// No usable credentials, or the service or the identity provider refused them.
    Auth,
    /// The token lacks a permission (403, or a scope checked before sending).
    Permission,
    NotFound,
    /// 5xx, timeout, connection refused or reset; `status` when the server answered (a
    /// 5xx, a 3xx), none for a network failure.
    Unavailable {
        status: Option<u16>,
    },
    /// A create was sent and no answer came back (timeout, dropped connection): it may
    /// or may not have been carried out, so it is never sent again blindly.
    OutcomeUnknown,
    /// A create was answered, but the answer cannot be read or understood (a body too
    /// large or unreadable, a status outside 100-599, a success without the new id): the
    /// location may exist, so it is never sent again blindly either.
    Unconfirmed,
    /// The service answered 4xx for a request we built (its `error` text is in the
    /// message), naming the property at fault when it did.
    Rejected {
        status: u16,
        property: Option<String>,
    },
    /// A bulk run finished with some records failed (each was reported).
    BulkFailed,
    /// Stdout was closed by its reader (`| head`): the reader has what it wanted, so the
    /// command ends quietly, as a pipeline expects.
    ClosedPipe,
    /// The person pressed Ctrl-C at a prompt: nothing more is done, and nothing is
    /// printed beyond the prompt's own line.
    Interrupted,
    /// `--curl`: the request was printed as a curl command line instead of being sent.
    /// What the command would have done with its answer cannot be done, so it ends
    /// there, with success and nothing more said.
    Printed,
    /// Anything else.
    Failure,
}

impl Kind {
    /// The exit code of docs/service-contract.md for this kind: the only such mapping.
    pub fn exit(&self) -> Exit {
        match self {
            Kind::Usage | Kind::Invalid => Exit::Usage,
            Kind::Auth => Exit::Auth,
            Kind::Permission => Exit::Permission,
            Kind::NotFound => Exit::NotFound,
            Kind::Unavailable { .. } | Kind::OutcomeUnknown | Kind::Unconfirmed => {
                Exit::Unavailable
            }
            Kind::Rejected { .. } | Kind::Failure => Exit::Failure,
            Kind::BulkFailed => Exit::BulkFailed,
            Kind::ClosedPipe | Kind::Printed => Exit::Success,
            Kind::Interrupted => Exit::Interrupted,
        }
    }

    /// A short machine-readable name, for `-o json` error objects.
    pub fn code(&self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Invalid => "invalid",
            Kind::Auth => "auth",
            Kind::Permission => "permission",
            Kind::NotFound => "not_found",
            Kind::Unavailable { .. } => "unavailable",
            Kind::OutcomeUnknown => "outcome_unknown",
            Kind::Unconfirmed => "unconfirmed",
            Kind::Rejected { .. } => "rejected",
            Kind::BulkFailed => "bulk_failed",
            Kind::ClosedPipe => "closed_pipe",
            Kind::Interrupted => "interrupted",
            Kind::Printed => "printed",
            Kind::Failure => "failure",
        }
    }

    /// The HTTP status behind this kind of error, when there was one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Kind::Rejected { status, .. } => Some(*status),
            Kind::Permission => Some(403),
            Kind::NotFound => Some(404),
            Kind::Unavailable { status } => *status,
            _ => None,
        }
    }
}

type Source = Box<dyn StdError + Send + Sync + 'static>;

/// A failed command: what went wrong, in one sentence, an optional hint (what to do
/// about it) and an optional source (the lower-level error behind it).
#[derive(Debug)]
pub struct Error {
    kind: Kind,
    message: String,
    hint: Option<String>,
    source: Option<Source>,
    /// What programs read besides the message (`-o json`), boxed: most errors have none,
    /// and every `Result` of the tool carries an `Error`'s size.
    data: Option<Box<Data>>,
}

/// An error's data for programs.
#[derive(Debug, Default)]
struct Data {
    problems: Vec<Finding>,
    /// The results of the records that failed, when they are printed nowhere else (a
    /// bulk read's misses: its stdout holds locations only).
    failed: Vec<serde_json::Value>,
}

/// One problem behind an error, for programs (`-o json`'s `problems`): the property, the
/// rule it breaks, the message, and the line of the input when it has lines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    pub property: String,
    pub rule: locadm_model::Rule,
    pub message: String,
    pub line: Option<usize>,
}

impl Finding {
    /// `problem`, found at `line` of the input when it has lines.
    pub fn of(problem: &locadm_model::Problem, line: Option<usize>) -> Finding {
        Finding {
            property: problem.property.clone(),
            rule: problem.rule,
            message: problem.message.clone(),
            line,
        }
    }
}

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            hint: None,
            source: None,
            data: None,
        }
    }

    pub fn usage(message: impl Into<String>) -> Error {
        Error::new(Kind::Usage, message)
    }

    pub fn invalid(message: impl Into<String>) -> Error {
        Error::new(Kind::Invalid, message)
    }

    pub fn auth(message: impl Into<String>) -> Error {
        Error::new(Kind::Auth, message)
    }

    pub fn permission(message: impl Into<String>) -> Error {
        Error::new(Kind::Permission, message)
    }

    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(Kind::NotFound, message)
    }

    pub fn unavailable(status: Option<u16>, message: impl Into<String>) -> Error {
        Error::new(Kind::Unavailable { status }, message)
    }

    pub fn outcome_unknown(message: impl Into<String>) -> Error {
        Error::new(Kind::OutcomeUnknown, message)
    }

    pub fn unconfirmed(message: impl Into<String>) -> Error {
        Error::new(Kind::Unconfirmed, message)
    }

    pub fn rejected(status: u16, property: Option<String>, message: impl Into<String>) -> Error {
        Error::new(Kind::Rejected { status, property }, message)
    }

    pub fn bulk_failed(message: impl Into<String>) -> Error {
        Error::new(Kind::BulkFailed, message)
    }

    pub fn closed_pipe() -> Error {
        Error::new(Kind::ClosedPipe, "stdout was closed by its reader")
    }

    pub fn interrupted() -> Error {
        Error::new(Kind::Interrupted, "interrupted")
    }

    /// A request printed as a curl command line (`--curl`), not sent.
    pub fn printed() -> Error {
        Error::new(
            Kind::Printed,
            "the request was printed (`--curl`), not sent",
        )
    }

    pub fn other(message: impl Into<String>) -> Error {
        Error::new(Kind::Failure, message)
    }

    /// Adds (or replaces) the hint printed after the message, whatever the kind.
    pub fn with_hint(mut self, text: impl Into<String>) -> Error {
        self.hint = Some(text.into());
        self
    }

    /// The same error, with every command its hint names (a `locadm …` in backticks)
    /// given the `options` of the command line that failed (`--profile`, `--base-url`)
    /// that it does not name: the command a person copies then works on the profile and
    /// service that failed, not on the default ones.
    pub fn for_options(mut self, options: &[(&str, &str)]) -> Error {
        if let Some(hint) = &self.hint {
            self.hint = Some(with_options(hint, options));
        }
        self
    }

    /// Adds the errors among `problems` (a body's, at `line` of the input if it has
    /// lines) as the problems of this error, for programs; the message still says them
    /// for people.
    pub fn with_problems(self, problems: &locadm_model::Problems, line: Option<usize>) -> Error {
        self.with_findings(problems.errors().map(|problem| Finding::of(problem, line)))
    }

    /// Adds `findings` (many records' problems, each at its line) as the problems of
    /// this error.
    pub fn with_findings(mut self, findings: impl IntoIterator<Item = Finding>) -> Error {
        self.data.get_or_insert_default().problems.extend(findings);
        self
    }

    /// Adds the results of the records that failed, for programs (`-o json`'s `failed`).
    pub fn with_failed(mut self, failed: Vec<serde_json::Value>) -> Error {
        self.data.get_or_insert_default().failed = failed;
        self
    }

    /// The results of the records that failed, kept with the error.
    pub fn failed(&self) -> &[serde_json::Value] {
        self.data.as_ref().map_or(&[], |data| &data.failed)
    }

    /// The problems behind the error, when it has them (a body's, for programs).
    pub fn problems(&self) -> &[Finding] {
        self.data.as_ref().map_or(&[], |data| &data.problems)
    }

    /// Keeps the lower-level error behind this one, for [`Error::causes`].
    pub fn with_source(mut self, source: impl Into<Source>) -> Error {
        self.source = Some(source.into());
        self
    }

    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// The same error (kind, hint and source kept) with `context: ` before its message:
    /// what the tool was doing when it happened.
    pub fn context(mut self, context: &str) -> Error {
        if !matches!(
            self.kind,
            Kind::ClosedPipe | Kind::Interrupted | Kind::Printed
        ) {
            self.message = format!("{context}: {}", self.message);
        }
        self
    }

    /// The same error with `; detail` after its message: more of what happened.
    pub fn with_detail(mut self, detail: &str) -> Error {
        self.message = format!("{}; {detail}", self.message);
        self
    }

    /// The exit code of docs/service-contract.md for this error.
    pub fn exit(&self) -> Exit {
        self.kind.exit()
    }

    /// The HTTP status behind the error, when there was one.
    pub fn status(&self) -> Option<u16> {
        self.kind.status()
    }

    /// A short machine-readable name, for `-o json` error objects.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The message with the causes it does not already say, `: `-joined on one line: an
    /// error told where only a line of text goes (a record's result, a smoke step).
    pub fn full_text(&self) -> String {
        let mut text = self.message.clone();
        for cause in self.causes() {
            text.push_str(": ");
            text.push_str(&cause);
        }
        text
    }

    /// The source chain, outermost first, leaving out every cause whose text the message
    /// (or a cause already listed) already says: the lines a person has not read yet.
    pub fn causes(&self) -> Vec<String> {
        let mut said = self.message.clone();
        let mut causes = Vec::new();
        let mut next = self
            .source
            .as_deref()
            .map(|s| s as &(dyn StdError + 'static));
        while let Some(cause) = next {
            let text = cause.to_string();
            if !text.is_empty() && !said.contains(&text) {
                said.push('\n');
                said.push_str(&text);
                causes.push(text);
            }
            next = cause.source();
        }
        causes
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl StdError for Error {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        self.source
            .as_deref()
            .map(|s| s as &(dyn StdError + 'static))
    }
}

/// `hint` with ` FLAG VALUE` for each of `options` (`("--profile", "staging")`) at the
/// end of every command in backticks that runs `locadm` (alone or after a pipe) and does
/// not name that flag, nor the setting it gives (`config set base_url URL` is not given
/// the `--base-url` that failed); a value a shell would split is quoted.
pub fn with_options(hint: &str, options: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(hint.len());
    for (index, part) in hint.split('`').enumerate() {
        if index > 0 {
            out.push('`');
        }
        out.push_str(part);
        let runs_locadm = part
            .split('|')
            .any(|command| command.trim_start().starts_with("locadm "));
        // `locadm help TOPIC` takes no options.
        let help = part.trim_start().starts_with("locadm help ");
        if index % 2 == 1 && runs_locadm && !help {
            for (flag, value) in options {
                let key = flag.trim_start_matches('-').replace('-', "_");
                if !part
                    .split_whitespace()
                    .any(|word| word == *flag || word == key)
                {
                    out.push(' ');
                    out.push_str(flag);
                    out.push(' ');
                    out.push_str(&shell_word(value));
                }
            }
        }
    }
    out
}

/// `value` as one word of a POSIX shell: as it is when nothing in it is special, else in
/// single quotes (a command shown in a hint runs as printed).
pub fn shell_word(value: &str) -> String {
    shell_words::quote(value).into_owned()
}

/// The innermost cause of an error ("Connection refused", not "error sending request"):
/// the transport's rule, one for every route.
pub use locadm_transport::root_cause;

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Error::closed_pipe();
        }
        Error::other(e.to_string()).with_source(e)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<Kind> {
        vec![
            Kind::Usage,
            Kind::Invalid,
            Kind::Auth,
            Kind::Permission,
            Kind::NotFound,
            Kind::Unavailable { status: Some(503) },
            Kind::OutcomeUnknown,
            Kind::Unconfirmed,
            Kind::Rejected {
                status: 400,
                property: Some("name".into()),
            },
            Kind::BulkFailed,
            Kind::ClosedPipe,
            Kind::Interrupted,
            Kind::Printed,
            Kind::Failure,
        ]
    }

    #[test]
    fn a_hint_is_kept_on_every_kind_and_through_context() {
        for kind in every_kind() {
            let error = Error::new(kind.clone(), "it broke")
                .with_hint("do this")
                .context("reading");
            assert_eq!(error.hint(), Some("do this"), "{kind:?}");
            assert_eq!(error.kind(), &kind);
        }
    }

    #[test]
    fn hints_name_the_profile_in_every_command() {
        let error = Error::auth("no token")
            .with_hint("run `locadm login` (or `locadm login --web`), or set `LOCADM_TOKEN`; `printf x | locadm login --client-secret-stdin`, `locadm config set --profile p x y`")
            .for_options(&[("--profile", "emu")]);
        assert_eq!(
            error.hint(),
            Some("run `locadm login --profile emu` (or `locadm login --web --profile emu`), or set `LOCADM_TOKEN`; `printf x | locadm login --client-secret-stdin --profile emu`, `locadm config set --profile p x y`")
        );
        let error = Error::auth("no token")
            .with_hint("run `locadm login`")
            .for_options(&[
                ("--profile", "my shop"),
                ("--base-url", "http://127.0.0.1:8080/v1"),
            ]);
        assert_eq!(
            error.hint(),
            Some("run `locadm login --profile 'my shop' --base-url http://127.0.0.1:8080/v1`")
        );
    }

    #[test]
    fn causes_leave_out_what_the_message_already_says() {
        let inner = std::io::Error::other("disk full");
        let said = Error::other("cannot write: disk full").with_source(inner);
        assert!(said.causes().is_empty());
        let inner = std::io::Error::other("disk full");
        let unsaid = Error::other("cannot write the journal").with_source(inner);
        assert_eq!(unsaid.causes(), vec!["disk full".to_owned()]);
        assert_eq!(root_cause(&unsaid), "disk full");
    }
}
