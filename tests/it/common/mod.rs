//! The one hermetic helper for end-to-end command tests (STYLE.md habit 10).
//!
//! [`Emulator`] is the real emulator (the `locadm-emulator` crate) on `127.0.0.1:0`,
//! serving from a thread of the test process (`emulator.rs`). [`Env`] runs `locadm` with a scrubbed
//! environment (no `LOCADM_*`, no `CI`, `NO_COLOR=1`, `COLUMNS=100`), HOME and the XDG
//! config and data directories in a temporary directory, `LOCADM_KEYRING=none` and the
//! client credentials of an emulator client in the environment, so that no keyring and no
//! config file of the machine is ever touched. [`Env::terminal`] runs the same command at
//! a pseudo-terminal, for the prompts.
//! A command run to its end is a [`Run`]: its exit code and both streams as text, with
//! one assertion of the code that shows both streams when it fails.
//! `raw_server.rs` is a server that answers what no real service would.

pub(crate) mod emulator;
/// The emulator's own HTTP test helpers, one file for both test crates.
#[path = "../../../crates/locadm-emulator/tests/common/mod.rs"]
pub(crate) mod http;
pub(crate) use http::ring_provider;
pub(crate) mod raw_server;

pub(crate) use emulator::Emulator;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output};
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_locadm");

/// Removes every `LOCADM_*` variable, `CI` and the TLS trust variables, and fixes colour
/// and width.
pub(crate) fn scrub(command: &mut StdCommand) {
    for (name, _) in std::env::vars_os() {
        let text = name.to_string_lossy();
        if text.starts_with("LOCADM_") || ["CI", "SSL_CERT_FILE", "SSL_CERT_DIR"].contains(&&*text)
        {
            command.env_remove(&name);
        }
    }
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
}

/// `locadm` with no service behind it, for offline commands and tests that start their
/// own server: the scrubbed environment, HOME and the XDG directories under `home`, no
/// keyring, a 60 s limit.
pub(crate) fn offline_command(home: &Path) -> assert_cmd::Command {
    let mut command = StdCommand::new(BIN);
    scrub(&mut command);
    command
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("LOCADM_KEYRING", "none");
    let mut command = assert_cmd::Command::from_std(command);
    command.timeout(Duration::from_secs(60));
    command
}

/// A hermetic place to run `locadm`: a temporary HOME and XDG directories, a scrubbed
/// environment, and (usually) an emulator with the credentials of one of its clients.
pub(crate) struct Env {
    pub dir: TempDir,
    pub emulator: Option<Emulator>,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
    /// Extra variables for every command (set after the defaults, so they win).
    pub vars: Vec<(String, String)>,
}

impl Env {
    /// An emulator with default options, used as its demo client.
    pub(crate) fn new() -> Env {
        Env::with_emulator(&[])
    }

    /// An emulator with these options, used as its demo client ([`Env::serve`]).
    pub(crate) fn with_emulator(args: &[&str]) -> Env {
        let mut env = Env::offline();
        env.serve(Emulator::start(args));
        env
    }

    /// Uses `emulator` from now on (one started with a path of this Env, or a restart),
    /// as its demo client. Over TLS (`--tls-self-signed`), a profile `emulator` trusts its
    /// certificate (`ca_cert`) and is the one in use.
    pub(crate) fn serve(&mut self, emulator: Emulator) {
        self.client_id = Some(emulator.client_id.clone());
        self.client_secret = Some(emulator.client_secret.clone());
        if let Some(pem) = &emulator.certificate {
            let ca = self.write("emulator-ca.pem", pem);
            let config = self.write(
                "emulator.toml",
                &format!(
                    "[profiles.emulator]\nca_cert = {:?}\n",
                    ca.to_str().unwrap()
                ),
            );
            // Once, however often an emulator is served (a restart).
            self.vars
                .retain(|(name, _)| name != "LOCADM_CONFIG" && name != "LOCADM_PROFILE");
            self.vars
                .push(("LOCADM_CONFIG".into(), config.to_str().unwrap().into()));
            self.vars.push(("LOCADM_PROFILE".into(), "emulator".into()));
        }
        self.emulator = Some(emulator);
    }

    /// No emulator and no credentials: only the temporary directories.
    pub(crate) fn offline() -> Env {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["home", "config", "data"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        Env {
            dir,
            emulator: None,
            client_id: None,
            client_secret: None,
            vars: Vec::new(),
        }
    }

    /// Uses another client of the emulator (`--client ID:SECRET:perms`).
    pub(crate) fn with_client(mut self, id: &str, secret: &str) -> Env {
        self.client_id = Some(id.into());
        self.client_secret = Some(secret.into());
        self
    }

    /// Adds a variable to every command.
    pub(crate) fn var(mut self, name: &str, value: &str) -> Env {
        self.vars.push((name.into(), value.into()));
        self
    }

    pub(crate) fn emulator(&self) -> &Emulator {
        self.emulator.as_ref().expect("this Env has an emulator")
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes a file in the temporary directory and returns its path.
    pub(crate) fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Creates `examples/location.json` (`locadm GLOBAL... location create -q
    /// --create-new`: a new location each call, though its storeId is known); its id.
    #[track_caller]
    pub(crate) fn create_example(&self, global: &[&str]) -> String {
        let example = example("location.json");
        let mut args = global.to_vec();
        args.extend([
            "location",
            "create",
            "-q",
            "--create-new",
            "--file",
            example.to_str().unwrap(),
        ]);
        let out = self.run(&args);
        out.assert_code(0);
        out.stdout.trim().to_owned()
    }

    /// `n` valid records for the emulator's demo provider, store ids `PREFIX-00000` on,
    /// as NDJSON in the file `name`.
    pub(crate) fn records(&self, prefix: &str, n: usize, name: &str) -> PathBuf {
        let provider = self.emulator().provider_id.clone();
        let lines: Vec<String> = (0..n)
            .map(|i| {
                serde_json::json!({
                    "storeId": format!("{prefix}-{i:05}"),
                    "storeName": format!("Filiale {i}"),
                    "address": "Europaplatz 1", "city": "Berlin", "postCode": "10557",
                    "countryCode": "DEU", "latitude": 52.525, "longitude": 13.369,
                    "locationProvider": { "id": provider }
                })
                .to_string()
            })
            .collect();
        self.write(name, &(lines.join("\n") + "\n"))
    }

    /// `locadm` as a `std::process::Command` with the hermetic environment (for a pty).
    pub(crate) fn std_command(&self) -> StdCommand {
        self.program(BIN)
    }

    /// Another program (a shell) with the same hermetic environment.
    pub(crate) fn program(&self, program: &str) -> StdCommand {
        let mut command = StdCommand::new(program);
        scrub(&mut command);
        command
            .current_dir(self.dir.path())
            .env("HOME", self.path("home"))
            .env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("LOCADM_KEYRING", "none");
        if let Some(emulator) = &self.emulator {
            command
                .env("LOCADM_BASE_URL", &emulator.base_url)
                .env("LOCADM_TOKEN_URL", &emulator.token_url);
        }
        if let Some(id) = &self.client_id {
            command.env("LOCADM_CLIENT_ID", id);
        }
        if let Some(secret) = &self.client_secret {
            command.env("LOCADM_CLIENT_SECRET", secret);
        }
        for (name, value) in &self.vars {
            command.env(name, value);
        }
        command
    }

    /// bash with the same hermetic environment, the built `locadm` first on PATH (as a
    /// person's shell finds it).
    pub(crate) fn bash(&self) -> StdCommand {
        let mut command = self.program("bash");
        command.env("PATH", path_with_locadm());
        command
    }

    /// `locadm ARGS` as an assert_cmd command, stdin empty unless `write_stdin` is used.
    pub(crate) fn cmd(&self, args: &[&str]) -> assert_cmd::Command {
        let mut command = assert_cmd::Command::from_std(self.std_command());
        command.args(args).timeout(Duration::from_secs(60));
        command
    }
}

#[cfg(unix)]
impl Env {
    /// `locadm ARGS` at a pseudo-terminal (stdin, stdout and stderr are the terminal), to
    /// drive the prompts; expectations time out after 30 s.
    pub(crate) fn terminal(&self, args: &[&str]) -> expectrl::session::OsSession {
        let mut command = self.std_command();
        command.args(args).env("TERM", "xterm");
        let mut session = expectrl::Session::spawn(command).expect("spawn in a pty");
        session.set_expect_timeout(Some(Duration::from_secs(30)));
        session
    }
}

/// Sends keys one at a time, as a person types: between two keys the terminal is
/// briefly out of raw mode (console reads a key at a time), where a burst of keys would
/// meet the line discipline (a backspace erased by the kernel, not by the prompt).
#[cfg(unix)]
pub(crate) fn type_keys(session: &mut expectrl::session::OsSession, keys: &[&str]) {
    use expectrl::Expect;
    std::thread::sleep(Duration::from_millis(100));
    for key in keys {
        session.send(key).unwrap();
        std::thread::sleep(Duration::from_millis(40));
    }
}

/// The exit code of a process run with [`Env::terminal`], once it has ended.
#[cfg(unix)]
pub(crate) fn terminal_exit_code(session: &expectrl::session::OsSession) -> i32 {
    match session.get_process().wait().expect("wait for the process") {
        expectrl::process::unix::WaitStatus::Exited(_, code) => code,
        other => panic!("did not exit normally: {other:?}"),
    }
}

impl Default for Env {
    fn default() -> Env {
        Env::new()
    }
}

/// PATH with the directory of the built `locadm` first.
pub(crate) fn path_with_locadm() -> String {
    let bin_dir = Path::new(BIN).parent().expect("the binary's directory");
    format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// The repository's `examples/` file.
pub(crate) fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// A minimal HTTP/1.1 request (the tests are synchronous and need only a few admin
/// calls and one raw read): returns the status and the body as JSON (`Null` when empty).
pub(crate) fn http(
    url: &str,
    method: &str,
    bearer: Option<&str>,
    body: Option<&str>,
) -> (u16, Value) {
    let (status, text) = http_text(url, method, bearer, body);
    let value = if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{url}: not JSON ({e}): {text}"))
    };
    (status, value)
}

/// `GET url` over TLS, trusting `certificate` (PEM): the body as JSON.
pub(crate) fn https_json(url: &str, certificate: &str) -> Value {
    ring_provider();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = reqwest::Client::builder()
            .tls_certs_only([reqwest::Certificate::from_pem(certificate.as_bytes()).unwrap()])
            .build()
            .unwrap();
        let response = client.get(url).send().await.expect("GET over TLS");
        response.json().await.expect("a JSON answer")
    })
}

/// Like [`http`], with the body as the exact text the server sent.
pub(crate) fn http_text(
    url: &str,
    method: &str,
    bearer: Option<&str>,
    body: Option<&str>,
) -> (u16, String) {
    let url = url::Url::parse(url).expect("a URL");
    let host = url.host_str().unwrap();
    let port = url.port_or_known_default().unwrap();
    let mut stream = TcpStream::connect((host, port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut request = format!(
        "{method} {} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n",
        url.path()
    );
    if let Some(token) = bearer {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() {
        request.push_str("Content-Type: application/json\r\n");
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8(raw).expect("UTF-8 answer");
    let (head, rest) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase()
            .starts_with("transfer-encoding: chunked")
    });
    let text = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    (status, text)
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// Text of a command's output, lossily decoded.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What one run of `locadm` did: its exit code (-1 when a signal ended it) and both
/// streams, lossily decoded.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit code, showing both streams when it differs.
    #[track_caller]
    pub(crate) fn assert_code(&self, code: i32) -> &Run {
        let ended = if self.code == -1 {
            " (ended by a signal: a crash, or `Env::cmd`'s time limit)"
        } else {
            ""
        };
        assert_eq!(
            self.code, code,
            "exit code{ended}\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    /// Stdout as one JSON value.
    #[track_caller]
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", self.stdout))
    }

    /// The messages on stderr, one a line: as written, or the `message` of each JSON
    /// object (`{"note":{"message":…}}`) that `-o json` makes of them.
    pub(crate) fn messages(&self) -> Vec<String> {
        self.stderr
            .lines()
            .map(|line| {
                serde_json::from_str::<Value>(line)
                    .ok()
                    .and_then(|object| {
                        let (_, inner) = object.as_object()?.iter().next()?;
                        Some(inner["message"].as_str()?.to_owned())
                    })
                    .unwrap_or_else(|| line.to_owned())
            })
            .collect()
    }

    /// The results of the records that failed, from the error object on stderr (`-o
    /// json` without a terminal): a bulk read's misses, which stdout does not hold.
    #[track_caller]
    pub(crate) fn failed(&self) -> Vec<Value> {
        failed_in(&self.stderr)
    }

    /// Stdout as NDJSON, one value a line.
    #[track_caller]
    pub(crate) fn lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    }
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: text(&output.stdout),
            stderr: text(&output.stderr),
        }
    }
}

impl From<&assert_cmd::assert::Assert> for Run {
    fn from(assert: &assert_cmd::assert::Assert) -> Run {
        Run::from(assert.get_output().clone())
    }
}

/// A command run to its end as a [`Run`] (`assert_cmd`'s, or std's for a pty-less spawn).
pub(crate) trait RunToEnd {
    fn run(&mut self) -> Run;
}

impl RunToEnd for assert_cmd::Command {
    fn run(&mut self) -> Run {
        Run::from(self.output().expect("run the command"))
    }
}

impl RunToEnd for StdCommand {
    fn run(&mut self) -> Run {
        Run::from(self.output().expect("run the command"))
    }
}

impl Env {
    /// `locadm ARGS` in this environment, run to its end.
    pub(crate) fn run(&self, args: &[&str]) -> Run {
        Run::from(self.cmd(args).output().unwrap())
    }
}

/// Runs `locadm logout` (same environment, so the same keyring entry) when dropped.
pub(crate) struct LogoutOnDrop<'a>(pub &'a Env);

impl Drop for LogoutOnDrop<'_> {
    fn drop(&mut self) {
        let _ = self.0.cmd(&["logout"]).output();
    }
}

/// A tmpfs a test mounted (a small disk to fill, or to remount read-only), unmounted
/// whatever the test's end.
pub(crate) struct Mounted(PathBuf);

impl Mounted {
    /// Mounts a tmpfs of `size` (`64k`) on `path`; `None`, said on stderr, where that is
    /// not allowed (it needs root), and a panic under CI, which runs as root. (A helper
    /// of the tests, which may print: clippy's `allow-print-in-tests` sees only test
    /// functions.)
    #[allow(clippy::print_stderr)]
    pub(crate) fn tmpfs(path: &Path, size: &str) -> Option<Mounted> {
        let mounted = StdCommand::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status();
        if !matches!(mounted, Ok(status) if status.success()) {
            let in_ci =
                std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
            assert!(!in_ci, "cannot mount a tmpfs under CI (it runs as root)");
            eprintln!("skipped: mounting a tmpfs is not allowed here (needs root)");
            return None;
        }
        Some(Mounted(path.to_owned()))
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = StdCommand::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// The `failed` results of the error object in `stderr` (JSON messages, one a line).
#[track_caller]
pub(crate) fn failed_in(stderr: &str) -> Vec<Value> {
    let line = stderr
        .lines()
        .find(|line| line.starts_with(r#"{"error""#))
        .unwrap_or_else(|| panic!("no error object: {stderr}"));
    let error: Value = serde_json::from_str(line).unwrap();
    error["error"]["failed"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}
