//! The command line held to the tables it is made from: every settings key's flag and
//! variable are clap's, and every variable clap reads is named in `EnvVars` and
//! documented in `locadm help environment`.

use clap::CommandFactory;

use super::Cli;
use crate::settings::keys;
use crate::topics;
use locadm_client::env_vars::EnvVars;

/// Each key's flag and variable are clap's: the global option of that flag reads
/// that variable, and its id is the key's name (which `config show` takes its origin
/// by).
#[test]
fn each_keys_flag_and_variable_are_claps() {
    let command = Cli::command();
    for key in keys::KEYS.iter().filter(|k| k.flag.is_some()) {
        let flag = key.flag.unwrap().trim_start_matches("--");
        let arg = command
            .get_arguments()
            .find(|a| a.get_long() == Some(flag))
            .unwrap_or_else(|| panic!("no global --{flag}"));
        let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
        assert_eq!(env.as_deref(), key.env, "--{flag}");
        let id = if key.name == "config_file" {
            "config"
        } else {
            key.name
        };
        assert_eq!(arg.get_id().as_str(), id, "--{flag}");
    }
}

/// Every variable clap reads is one of ours, and every one of ours is documented in
/// `locadm help environment`.
#[test]
fn every_variable_is_named_here_and_documented() {
    fn walk(command: &clap::Command, found: &mut Vec<String>) {
        for arg in command.get_arguments() {
            if let Some(env) = arg.get_env() {
                found.push(env.to_string_lossy().into_owned());
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, found);
        }
    }
    let mut from_clap = Vec::new();
    walk(&Cli::command(), &mut from_clap);
    assert!(!from_clap.is_empty());
    for name in &from_clap {
        assert!(
            EnvVars::ALL.contains(&name.as_str()),
            "{name} is not in EnvVars"
        );
    }
    let documented = topics::find("environment").unwrap().plain();
    for name in EnvVars::ALL {
        assert!(
            documented.contains(name),
            "{name} is not in `help environment`"
        );
    }
}
