//! The emulator's own log line.

/// The emulator's log: a server's own lines on its stderr (the CLI's printer is for the
/// commands; the emulator also runs embedded, where these lines are rare failures).
#[allow(clippy::print_stderr)]
pub(crate) fn log(text: &str) {
    eprintln!("locadm emulator: {text}");
}
