//! The emulator in tests: the `locadm-emulator` crate (a dev-dependency, so these suites
//! run in the admin-only build too) on `127.0.0.1`.
//!
//! * [`Emulator`]: one serving from a thread of the test's own process, started with the
//!   very options `locadm emulator serve` takes; the CLI under test, a process of its
//!   own, talks to it over real HTTP. Stopped when dropped, or cleanly with
//!   [`Emulator::stop`] (a restart on the same address).
//! * [`start`] and the async helpers: one inside a `#[tokio::test]`'s runtime, for the
//!   tests of the HTTP interface itself.
//! * [`served::serve_binary`]: the CLI's own `locadm emulator serve` command (the `emulator`
//!   feature), read from its banner and stopped by its PID.

use std::thread::JoinHandle;

use clap::Parser;
use locadm_emulator::{self as emulator, EmulatorArgs, EmulatorConfig};
use serde_json::{json, Value};

/// An emulator serving on its own runtime in a thread of the test process.
pub(crate) struct Emulator {
    /// `127.0.0.1:PORT`: where a restart listens again (a journal is bound to its URL).
    pub addr: String,
    pub base_url: String,
    pub token_url: String,
    pub admin_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub provider_id: String,
    /// Over TLS (`--tls-self-signed`), the certificate to trust.
    pub certificate: Option<String>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// `locadm emulator serve`'s options, parsed as the command parses them.
#[derive(Parser)]
struct Serve {
    #[command(flatten)]
    options: EmulatorArgs,
}

impl Emulator {
    /// Starts one on a free port with extra options (`--fail-rate 1.0`, `--client ...`).
    pub(crate) fn start(args: &[&str]) -> Emulator {
        Emulator::start_on("127.0.0.1:0", args)
    }

    /// [`Emulator::start`] on `addr`: a service restarted where it was.
    pub(crate) fn start_on(addr: &str, args: &[&str]) -> Emulator {
        let words = ["serve", "--addr", addr]
            .into_iter()
            .chain(args.iter().copied());
        let options = Serve::try_parse_from(words)
            .unwrap_or_else(|e| panic!("emulator options {args:?}: {e}"))
            .options;
        let config = EmulatorConfig::from_args(&options)
            .unwrap_or_else(|e| panic!("emulator options {args:?}: {e}"));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime for the emulator");
            runtime.block_on(async move {
                let listener = emulator::listen(options.addr, emulator::LISTEN_BACKLOG)
                    .unwrap_or_else(|e| panic!("listen on {}: {e}", options.addr));
                let running = emulator::start(config, listener)
                    .await
                    .expect("the emulator starts");
                let _ = ready_tx.send((running.addr, running.banner()));
                // Dropped or stopped: either way it stops as `serve` does on SIGTERM.
                let _ = stopped.await;
                running.shutdown().await;
            });
        });
        let (addr, banner) = ready_rx.recv().expect("the emulator started");
        Emulator {
            addr: addr.to_string(),
            base_url: banner.base_url,
            token_url: banner.token_url,
            admin_url: banner.admin_url,
            client_id: banner.client_id,
            client_secret: banner.client_secret,
            provider_id: banner.provider_id.to_string(),
            certificate: banner.certificate,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Stops accepting, lets open requests finish, closes its database, and returns once
    /// it is gone (what `serve` does on SIGTERM).
    pub(crate) fn stop(mut self) {
        assert!(self.shut_down(), "the emulator's thread ended cleanly");
    }

    /// Whether its thread ended without a panic.
    fn shut_down(&mut self) -> bool {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.thread
            .take()
            .is_none_or(|thread| thread.join().is_ok())
    }

    /// `GET /_admin/counters`.
    pub(crate) fn counters(&self) -> Value {
        let url = format!("{}/counters", self.admin_url);
        match &self.certificate {
            None => super::http(&url, "GET", None, None).1,
            Some(pem) => super::https_json(&url, pem),
        }
    }

    /// `POST /_admin/revoke-tokens`: every token issued so far answers 401 from now on.
    pub(crate) fn revoke_tokens(&self) -> Value {
        self.admin_post("/revoke-tokens", None)
    }

    /// `POST /_admin/rotate-secret`: the client's secret is `secret` from now on.
    pub(crate) fn rotate_secret(&self, client_id: &str, secret: &str) -> Value {
        let body = json!({ "client_id": client_id, "secret": secret }).to_string();
        self.admin_post("/rotate-secret", Some(&body))
    }

    fn admin_post(&self, path: &str, body: Option<&str>) -> Value {
        let (status, body) = super::http(&format!("{}{path}", self.admin_url), "POST", None, body);
        assert_eq!(status, 200, "POST {path}: {body}");
        body
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        // Also while a failed test unwinds: no second panic here.
        let _ = self.shut_down();
    }
}

pub(crate) use super::http::{legacy_location, location};

/// The CLI's own `locadm emulator serve`, for the tests of that command.
#[cfg(feature = "emulator")]
pub(crate) mod served {
    use std::io::{BufRead, BufReader};
    use std::process::{Child, Command, Stdio};

    use locadm_emulator::Banner;

    /// A running `locadm emulator serve` process and its banner.
    pub(crate) struct Served {
        pub child: Child,
        pub banner: Banner,
    }

    impl Served {
        /// Sends SIGTERM and waits: the emulator must exit cleanly (status 0).
        pub(crate) fn terminate(mut self) -> std::process::ExitStatus {
            let pid = self.child.id().to_string();
            let sent = Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .expect("run kill");
            assert!(sent.success());
            self.child.wait().expect("wait for the emulator")
        }
    }

    impl Drop for Served {
        fn drop(&mut self) {
            // Only when a test failed before terminate(): do not leave the process behind.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// Spawns `locadm emulator serve ARGS` and reads its first stdout line.
    pub(crate) fn serve_binary(args: &[&str]) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_locadm"));
        command
            .args(["emulator", "serve", "--addr", "127.0.0.1:0"])
            .args(args)
            // Its log lines are not read; a pipe nobody drains could block it.
            .stderr(Stdio::null());
        serve_command(command)
    }

    /// Spawns `command` (`locadm emulator serve …`, or a shell that execs it; its stderr
    /// as the caller set it) and reads the banner, its first stdout line.
    pub(crate) fn serve_command(mut command: Command) -> Served {
        let mut child = command
            .env_remove("LOCADM_PROFILE")
            .env_remove("LOCADM_CONFIG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn locadm emulator serve");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the banner");
        let banner: Banner = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the first stdout line is the JSON banner ({e}): {line:?}"));
        Served { child, banner }
    }
}
