//! The errors a command can end with, and the one place where each maps to an exit code
//! of PRODUCT.md.

use std::process::ExitCode;

/// Exit codes of the command-line contract (PRODUCT.md).
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

/// A failed command: what went wrong, in one sentence, and an optional hint.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad arguments or input; nothing was sent.
    #[error("{message}")]
    Usage {
        message: String,
        hint: Option<String>,
    },
    /// Local validation rejected the input; the details were already printed.
    #[error("{0}")]
    Invalid(String),
    #[error("{message}")]
    Auth {
        message: String,
        hint: Option<String>,
    },
    #[error("{message}")]
    Permission {
        message: String,
        hint: Option<String>,
    },
    #[error("{message}")]
    NotFound {
        message: String,
        hint: Option<String>,
    },
    /// 5xx, timeout, connection refused or reset.
    #[error("{message}")]
    Unavailable {
        message: String,
        hint: Option<String>,
        /// The HTTP status, when the server answered (a 5xx, a 3xx); none for a network
        /// failure.
        status: Option<u16>,
    },
    /// A create was sent and no answer came back (timeout, dropped connection): it may
    /// or may not have been carried out, so it is never sent again blindly.
    #[error("{message}")]
    OutcomeUnknown { message: String },
    /// The service answered 4xx for a request we built (its `error` text is in `message`).
    #[error("{message}")]
    Rejected {
        message: String,
        status: u16,
        property: Option<String>,
    },
    /// A bulk run finished with some records failed (each was reported).
    #[error("{0}")]
    BulkFailed(String),
    /// Stdout was closed by its reader (`| head`): the reader has what it wanted, so the
    /// command ends quietly, as a pipeline expects.
    #[error("stdout was closed by its reader")]
    ClosedPipe,
    /// The person pressed Ctrl-C at a prompt: nothing more is done, and nothing is
    /// printed beyond the prompt's own line.
    #[error("interrupted")]
    Interrupted,
    #[error("{message}")]
    Other {
        message: String,
        hint: Option<String>,
    },
}

impl Error {
    pub fn usage(message: impl Into<String>) -> Error {
        Error::Usage {
            message: message.into(),
            hint: None,
        }
    }

    pub fn other(message: impl Into<String>) -> Error {
        Error::Other {
            message: message.into(),
            hint: None,
        }
    }

    /// Adds (or replaces) the hint printed after the message.
    pub fn with_hint(mut self, text: impl Into<String>) -> Error {
        let text = Some(text.into());
        match &mut self {
            Error::Usage { hint, .. }
            | Error::Auth { hint, .. }
            | Error::Permission { hint, .. }
            | Error::NotFound { hint, .. }
            | Error::Unavailable { hint, .. }
            | Error::Other { hint, .. } => *hint = text,
            _ => {}
        }
        self
    }

    pub fn hint(&self) -> Option<&str> {
        match self {
            Error::Usage { hint, .. }
            | Error::Auth { hint, .. }
            | Error::Permission { hint, .. }
            | Error::NotFound { hint, .. }
            | Error::Unavailable { hint, .. }
            | Error::Other { hint, .. } => hint.as_deref(),
            _ => None,
        }
    }

    /// The same error (class, exit code, status and hint kept) with `context: ` before
    /// its message: what the tool was doing when it happened.
    pub fn context(mut self, context: &str) -> Error {
        let prefix = |message: &mut String| *message = format!("{context}: {message}");
        match &mut self {
            Error::Usage { message, .. }
            | Error::Auth { message, .. }
            | Error::Permission { message, .. }
            | Error::NotFound { message, .. }
            | Error::Unavailable { message, .. }
            | Error::OutcomeUnknown { message }
            | Error::Rejected { message, .. }
            | Error::Other { message, .. }
            | Error::Invalid(message)
            | Error::BulkFailed(message) => prefix(message),
            Error::ClosedPipe | Error::Interrupted => {}
        }
        self
    }

    /// The exit code of PRODUCT.md for this error: the only such mapping.
    pub fn exit(&self) -> Exit {
        match self {
            Error::Usage { .. } | Error::Invalid(_) => Exit::Usage,
            Error::Auth { .. } => Exit::Auth,
            Error::Permission { .. } => Exit::Permission,
            Error::NotFound { .. } => Exit::NotFound,
            Error::Unavailable { .. } | Error::OutcomeUnknown { .. } => Exit::Unavailable,
            Error::Rejected { .. } | Error::Other { .. } => Exit::Failure,
            Error::BulkFailed(_) => Exit::BulkFailed,
            Error::ClosedPipe => Exit::Success,
            Error::Interrupted => Exit::Interrupted,
        }
    }

    /// The HTTP status behind the error, when there was one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Rejected { status, .. } => Some(*status),
            Error::Auth { .. } => None,
            Error::Permission { .. } => Some(403),
            Error::NotFound { .. } => Some(404),
            Error::Unavailable { status, .. } => *status,
            _ => None,
        }
    }

    /// A short machine-readable name, for `-o json` error objects.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Usage { .. } => "usage",
            Error::Invalid(_) => "invalid",
            Error::Auth { .. } => "auth",
            Error::Permission { .. } => "permission",
            Error::NotFound { .. } => "not_found",
            Error::Unavailable { .. } => "unavailable",
            Error::OutcomeUnknown { .. } => "outcome_unknown",
            Error::Rejected { .. } => "rejected",
            Error::BulkFailed(_) => "bulk_failed",
            Error::ClosedPipe => "closed_pipe",
            Error::Interrupted => "interrupted",
            Error::Other { .. } => "failure",
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Error::ClosedPipe;
        }
        Error::other(e.to_string())
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
