//! Interrupts: Ctrl-C, and on Unix SIGTERM too (`timeout`, a CI job cancelled, a pod
//! stopped), which stop a bulk run and the emulator the same way.

pub struct Interrupts {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
}

impl Interrupts {
    /// Starts listening; from now on the default action of SIGINT and SIGTERM (ending the
    /// process) is the caller's to take.
    pub fn new() -> Interrupts {
        Interrupts {
            #[cfg(unix)]
            term: tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok(),
        }
    }

    /// Waits for the next interrupt; false when signals cannot be received.
    pub async fn next(&mut self) -> bool {
        #[cfg(unix)]
        if let Some(term) = &mut self.term {
            return tokio::select! {
                r = tokio::signal::ctrl_c() => r.is_ok(),
                r = term.recv() => r.is_some(),
            };
        }
        tokio::signal::ctrl_c().await.is_ok()
    }
}

impl Default for Interrupts {
    fn default() -> Interrupts {
        Interrupts::new()
    }
}
