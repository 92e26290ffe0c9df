//! Interrupts: Ctrl-C, and on Unix SIGTERM too (`timeout`, a CI job cancelled, a pod
//! stopped), which stop a bulk run and the emulator the same way.
//!
//! Once tokio listens for a signal, the signal's default action (ending the process) is
//! gone for the rest of the run. So whoever listens must act: an `Interrupts` (a bulk run
//! stopping gracefully, the emulator) while one exists, and otherwise the fallback that
//! prompts start, which puts the terminal back and ends the process.

use std::sync::atomic::{AtomicUsize, Ordering};

/// How many `Interrupts` are alive: while one is, an interrupt is its to handle.
static LISTENING: AtomicUsize = AtomicUsize::new(0);

pub(crate) struct Interrupts {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
}

impl Interrupts {
    /// Starts listening; from now on the default action of SIGINT and SIGTERM (ending the
    /// process) is the caller's to take.
    pub(crate) fn new() -> Interrupts {
        LISTENING.fetch_add(1, Ordering::SeqCst);
        Interrupts {
            #[cfg(unix)]
            term: tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok(),
        }
    }

    /// Waits for the next interrupt; false when signals cannot be received.
    pub(crate) async fn next(&mut self) -> bool {
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

impl Drop for Interrupts {
    fn drop(&mut self) {
        LISTENING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// From now on, Ctrl-C and SIGTERM that no `Interrupts` takes end the process through
/// `exit`, with 130 or 143 as the shell would report them. The listener runs on a
/// thread of its own: a prompt blocks the command's only thread, and Ctrl-C while a
/// secret is read with echo off must still put the terminal back.
pub(crate) fn exit_on_interrupt(exit: fn(i32) -> !) {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let (ready, listening) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("interrupts".into())
            .spawn(move || {
                let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                    .enable_io()
                    .build()
                else {
                    return;
                };
                runtime.block_on(listen_then_exit(ready, exit));
            });
        if spawned.is_ok() {
            // The handler must be in place before the prompt draws.
            let _ = listening.recv_timeout(std::time::Duration::from_secs(2));
        }
    });
}

async fn listen_then_exit(ready: std::sync::mpsc::Sender<()>, exit: fn(i32) -> !) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (Ok(mut int), Ok(mut term)) = (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) else {
            return;
        };
        let _ = ready.send(());
        loop {
            let code = tokio::select! {
                _ = int.recv() => 130,
                _ = term.recv() => 143,
            };
            if LISTENING.load(Ordering::SeqCst) == 0 {
                exit(code);
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ready.send(());
        while tokio::signal::ctrl_c().await.is_ok() {
            if LISTENING.load(Ordering::SeqCst) == 0 {
                exit(130);
            }
        }
    }
}

impl Default for Interrupts {
    fn default() -> Interrupts {
        Interrupts::new()
    }
}
