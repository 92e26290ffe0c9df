//! One context and one printer (issue 18, items 1 and 2), through the real binary:
//! `--jq` on every command that prints JSON, `--profile local` meaning the embedded
//! emulator to every command (the `auth` verbs included) and nothing at all to offline
//! verbs, and the transport rule on the `login` prompt.

use crate::common;

use common::{example, Env, RunToEnd};
use predicates::prelude::*;

const DEMO_PROVIDER: &str = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c";

/// Creates the repository's example location and returns its id.
fn create_example(env: &Env) -> String {
    let example = example("location.json");
    let output = env
        .cmd(&[
            "location",
            "create",
            "-q",
            "--file",
            example.to_str().unwrap(),
        ])
        .run();
    assert!((output.code == 0), "{output:?}");
    output.stdout.clone().trim().to_owned()
}

/// Every command that prints JSON, with a `--jq` filter and what it must print: the
/// filter's result, never the whole document.
#[test]
fn jq_runs_on_every_command_that_prints_json() {
    let env = Env::new();
    let id = create_example(&env);
    let example = example("location.json");
    let example = example.to_str().unwrap();
    // StoreIds of their own: the inventory knows the example's (created above), and a
    // record of a known storeId is a change, not a create.
    let ndjson = env.write(
        "two.ndjson",
        &format!(
            "{}\n{}\n",
            std::fs::read_to_string(example)
                .unwrap()
                .replace('\n', "")
                .replace("\"storeId\": \"", "\"storeId\": \"Y"),
            std::fs::read_to_string(example)
                .unwrap()
                .replace('\n', "")
                .replace("\"storeId\": \"", "\"storeId\": \"X")
        ),
    );
    let ndjson = ndjson.to_str().unwrap();
    let invalid = env.write("bad.json", r#"{"storeId":"S"}"#);
    let provider = env.write("provider.json", r#"{"name":"Acme","archivingPeriod":7}"#);
    let provider = provider.to_str().unwrap();
    let config = env.path("config.toml");
    let config = config.to_str().unwrap();

    // (arguments, expected stdout exactly, expected exit code)
    let cases: Vec<(Vec<&str>, String, i32)> = vec![
        (
            vec!["location", "get", &id, "--jq", ".id"],
            format!("{id}\n"),
            0,
        ),
        (
            vec![
                "location",
                "create",
                "--create-new",
                "--file",
                example,
                "--jq",
                ".rel",
            ],
            "self\n".into(),
            0,
        ),
        (
            vec!["location", "update", &id, "--file", example, "--jq", ".rel"],
            "self\n".into(),
            0,
        ),
        (
            vec![
                "location",
                "validate",
                "--file",
                invalid.to_str().unwrap(),
                "--jq",
                "select(.property == \"storeName\") | .property",
            ],
            // One finding a record, as every stream of records is filtered.
            "storeName\n".into(),
            2,
        ),
        (
            vec![
                "location",
                "apply",
                "--file",
                ndjson,
                "--dry-run",
                "--jq",
                ".operation",
            ],
            "create\ncreate\n".into(),
            0,
        ),
        (
            vec![
                "location", "apply", "--file", ndjson, "-o", "ndjson", "--jq", ".outcome",
            ],
            "created\ncreated\n".into(),
            0,
        ),
        (
            vec![
                "provider",
                "update",
                DEMO_PROVIDER,
                "--file",
                provider,
                "--jq",
                ".rel",
            ],
            "self\n".into(),
            0,
        ),
        (
            // A valid provider: no finding, so nothing to filter.
            vec![
                "provider",
                "validate",
                "--file",
                provider,
                "--jq",
                ".property",
            ],
            String::new(),
            0,
        ),
        (
            vec!["config", "show", "--config", config, "--jq", ".[0].key"],
            "profile\n".into(),
            0,
        ),
        (
            vec!["auth", "status", "--jq", ".token.state"],
            "none\n".into(),
            0,
        ),
        (
            vec!["smoke", "--provider", DEMO_PROVIDER, "--jq", ".passed"],
            "true\n".into(),
            0,
        ),
        (
            vec![
                "location", "delete", &id, "--yes", "-o", "json", "--jq", ".deleted",
            ],
            format!("{id}\n"),
            0,
        ),
    ];
    for (args, expected, code) in cases {
        let output = env.cmd(&args).run();
        assert_eq!(
            (output.stdout.clone(), Some(output.code)),
            (expected, Some(code)),
            "locadm {}\nstderr: {}",
            args.join(" "),
            output.stderr.clone()
        );
    }
}

#[test]
fn jq_keeps_key_order_and_a_bad_filter_is_a_usage_error() {
    let env = Env::new();
    let id = create_example(&env);
    let output = env
        .cmd(&["location", "get", &id, "--jq", "{storeName, id}"])
        .run();
    let text = output.stdout.clone();
    assert!(
        text.find("storeName").unwrap() < text.find("\"id\"").unwrap(),
        "{text}"
    );
    env.cmd(&["location", "get", &id, "--jq", ".["])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("not a valid jq filter"));
    // `-q` and `--jq` both choose what is printed.
    env.cmd(&["location", "get", &id, "-q", "--jq", ".id"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`--jq` and `-q`"));
}

/// A `local` profile with its database in the test's own directory.
#[cfg(feature = "emulator")]
fn local_env() -> Env {
    let env = Env::offline();
    let db = env.path("local.db");
    env.var("LOCADM_LOCAL_DB", db.to_str().unwrap())
}

#[cfg(feature = "emulator")]
#[test]
fn profile_local_means_the_embedded_emulator_to_the_auth_verbs_too() {
    let env = local_env();
    let output = env.cmd(&["--profile", "local", "auth", "token"]).run();
    assert!((output.code == 0), "{output:?}");
    assert!(
        !output.stdout.clone().trim().is_empty(),
        "a token is printed"
    );

    let output = env
        .cmd(&["--profile", "local", "auth", "status", "-o", "json"])
        .run();
    assert!((output.code == 0), "{output:?}");
    let status = output.json();
    assert_eq!(status["profile"], "local");
    assert_eq!(status["token"]["state"], "local");
    assert!(status["base_url"]
        .as_str()
        .unwrap()
        .starts_with("http://127.0.0.1:"));
    assert!(status["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["granted"] == true));

    env.cmd(&["--profile", "local", "logout"])
        .assert()
        .success()
        .stderr(predicate::str::contains("logs in by itself"));
    env.cmd(&["--profile", "local", "login"])
        .assert()
        .success()
        .stderr(predicate::str::contains("logs in by itself"));
}

#[cfg(feature = "emulator")]
#[test]
fn offline_verbs_never_start_the_embedded_emulator() {
    let env = local_env();
    let example = example("location.json");
    env.cmd(&[
        "--profile",
        "local",
        "location",
        "validate",
        "--file",
        example.to_str().unwrap(),
    ])
    .assert()
    .success();
    env.cmd(&["--profile", "local", "config", "show"])
        .assert()
        .success();
    assert!(
        !env.path("local.db").exists(),
        "the emulator's database was never opened"
    );
    // The first command that talks to the service starts it.
    env.cmd(&["--profile", "local", "auth", "token"])
        .assert()
        .success();
    assert!(env.path("local.db").exists());
}

#[cfg(unix)]
#[test]
fn the_login_prompt_refuses_plain_http_to_another_host() {
    use expectrl::Expect;
    let env = Env::offline();
    let mut p = env.terminal(&["login"]);
    p.expect("Token URL").unwrap();
    p.send("http://auth.example.com/token\r").unwrap();
    p.expect("plain http to a host that is not loopback")
        .unwrap();
    // Refused where it was typed: the text stays on its line for editing (nothing was
    // sent anywhere), and an "s" typed after "http" makes it https.
    common::type_keys(&mut p, &["\x1b[D"; "://auth.example.com/token".len()]);
    common::type_keys(&mut p, &["s", "\r"]);
    p.expect("Base URL").unwrap();
    p.send("http://locations.example.com\r").unwrap();
    p.expect("plain http to a host that is not loopback")
        .unwrap();
}

/// A reader that closes the pipe early (`| head -1`) ends the command quietly: exit 0 and
/// no "Broken pipe" error.
#[test]
fn a_closed_pipe_ends_quietly() {
    let env = Env::offline();
    let bad: String = (0..20_000)
        .map(|i| format!("{{\"storeId\":\"S-{i}\"}}\n"))
        .collect();
    let file = env.write("bad.ndjson", &bad);
    let script = format!(
        "set -o pipefail; locadm location validate -o table --file {} | head -1",
        file.display()
    );
    let out = env.bash().args(["-c", &script]).run();
    out.assert_code(0);
    assert_eq!(out.stdout.clone().lines().count(), 1);
    assert!(!out.stderr.contains("pipe"), "{}", out.stderr.clone());
}
