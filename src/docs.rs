//! Generated documentation: shell completions and man pages, from the clap definition and
//! the help topics ([`crate::topics`]), so they never drift from them. Committed under
//! `completions/` and `man/`; regenerate with `cargo run --example gen-docs`, and a test
//! fails when they are stale.
//!
//! Completion is dynamic (clap_complete's environment-driven engine): the script a shell
//! loads calls `locadm` back with `LOCADM_COMPLETE=SHELL` on every TAB, so that values
//! known only at run time, the profiles of the config file, are completed too.

use locadm_client::env_vars::EnvVars;
use std::io::{self, Write};
use std::path::Path;

use clap::{CommandFactory, ValueEnum};
use clap_complete::env::Shells;
use clap_complete::{ArgValueCandidates, CompletionCandidate, Generator, Shell};
use clap_mangen::roff::{bold, roman, Roff};
use clap_mangen::Man;

use crate::cli::{Cli, ColorWhen, GlobalArgs};
use crate::context::Context;
use crate::output::Printer;
use crate::settings::{config_file_from_env, keys, ConfigFile, SettingsArgs};
use crate::topics::{self, Block, Topic};

/// The variable that turns a run of `locadm` into a completion request.
pub const COMPLETE_VAR: &str = EnvVars::COMPLETE;

/// Writes every completion script into `root/completions` and every man page (one for
/// `locadm`, with the help topics as sections, and one for each subcommand) into
/// `root/man`.
pub fn generate(root: &Path) -> io::Result<()> {
    let completions = root.join("completions");
    let man = root.join("man");
    std::fs::create_dir_all(&completions)?;
    std::fs::create_dir_all(&man)?;
    for &shell in Shell::value_variants() {
        let mut file = std::fs::File::create(completions.join(shell.file_name("locadm")))?;
        completion_script(shell, &mut file)?;
    }
    clap_mangen::generate_to(Cli::command(), &man)?;
    std::fs::write(man.join("locadm.1"), top_page()?)?;
    Ok(())
}

/// The manual page of `locadm COMMAND…` (locadm's own for no words), as roff and as
/// plain text (clap's long help, for where `man` is not at hand); `None` for words that
/// name no command.
pub(crate) fn manual(words: &[String]) -> io::Result<Option<(Vec<u8>, String)>> {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    if words.is_empty() {
        let plain = command.render_long_help().to_string();
        return Ok(Some((top_page()?, plain)));
    }
    let mut found = &command;
    for word in words {
        match found.find_subcommand(word) {
            Some(sub) => found = sub,
            None => return Ok(None),
        }
    }
    let mut sub = found.clone();
    let name = format!("locadm-{}", words.join("-"));
    let plain = sub.render_long_help().to_string();
    let mut page = Vec::new();
    Man::new(sub).title(name).render(&mut page)?;
    Ok(Some((page, plain)))
}

/// The command line as the shells complete it: the clap definition, with the profiles of
/// the config file offered for `--profile` and the settings' keys for `config`'s verbs.
pub fn completion_command() -> clap::Command {
    let with_keys = |verb: clap::Command, in_profile_only: bool| {
        verb.mut_arg("key", |arg| {
            arg.add(ArgValueCandidates::new(move || {
                key_candidates(in_profile_only)
            }))
        })
    };
    let ids = |arg: clap::Arg| arg.add(ArgValueCandidates::new(id_candidates));
    let store_ids = |arg: clap::Arg| arg.add(ArgValueCandidates::new(store_id_candidates));
    let by_id = |verb: clap::Command, id: &str, store_id: &str| {
        verb.mut_arg(id, ids).mut_arg(store_id, store_ids)
    };
    Cli::command()
        .mut_arg("profile", |arg| {
            arg.add(ArgValueCandidates::new(profile_candidates))
        })
        .mut_subcommand("location", |location| {
            location
                .mut_subcommand("get", |get| by_id(get, "ids", "store_ids"))
                .mut_subcommand("delete", |delete| by_id(delete, "ids", "store_ids"))
                .mut_subcommand("edit", |edit| by_id(edit, "ids", "store_ids"))
                .mut_subcommand("update", |update| by_id(update, "id", "store_id"))
                .mut_subcommand("list", |list| list.mut_arg("store_id", store_ids))
        })
        .mut_subcommand("inventory", |inventory| {
            inventory.mut_subcommand("forget", |forget| by_id(forget, "ids", "store_id"))
        })
        .mut_subcommand("config", |config| {
            config
                .mut_subcommand("set", |set| with_keys(set, true))
                .mut_subcommand("unset", |unset| with_keys(unset, true))
                .mut_subcommand("get", |get| with_keys(get, false))
        })
}

/// The settings' keys (`settings::keys`), each with what it is.
fn key_candidates(in_profile_only: bool) -> Vec<CompletionCandidate> {
    keys::KEYS
        .iter()
        .filter(|key| key.in_profile() || !in_profile_only)
        .map(|key| CompletionCandidate::new(key.name).help(Some(key.about.into())))
        .collect()
}

/// The locations locadm knows on the service of the environment's profile
/// (`LOCADM_PROFILE`, else `default`): a run's context made from the environment alone,
/// saying nothing. None when the environment cannot be read: completion never fails.
fn known_locations() -> Vec<crate::inventory::Known> {
    let Some(settings) = SettingsArgs::from_environment() else {
        return Vec::new();
    };
    let global = GlobalArgs {
        settings,
        ..GlobalArgs::default()
    };
    let Ok(printer) = Printer::new(None, true, false, None, ColorWhen::Never, None) else {
        return Vec::new();
    };
    crate::inventory::completion_candidates(&Context::new(global, &printer))
}

/// The ids locadm knows (its inventory), each with its storeId, name and city.
fn id_candidates() -> Vec<CompletionCandidate> {
    known_locations()
        .into_iter()
        .map(|known| {
            let about = [known.store_id, known.name, known.city]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ");
            CompletionCandidate::new(known.id).help(Some(about.into()))
        })
        .collect()
}

/// The storeIds locadm knows, each with its name and city.
fn store_id_candidates() -> Vec<CompletionCandidate> {
    known_locations()
        .into_iter()
        .filter_map(|known| {
            let about = [known.name, known.city]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ");
            Some(CompletionCandidate::new(known.store_id?).help(Some(about.into())))
        })
        .collect()
}

/// The profiles of the config file (`LOCADM_CONFIG`, else the default one: a `--config`
/// on the line being completed is not parsed yet), each with its base URL, and the
/// built-in `local`. A config file that cannot be read offers `local` alone.
fn profile_candidates() -> Vec<CompletionCandidate> {
    let profiles = config_file_from_env()
        .and_then(|path| ConfigFile::load(&path))
        .map(|file| file.profiles)
        .unwrap_or_default();
    let local = (!profiles.contains_key(crate::local::PROFILE)).then(|| {
        CompletionCandidate::new(crate::local::PROFILE).help(Some("the built-in emulator".into()))
    });
    profiles
        .into_iter()
        .map(|(name, profile)| {
            CompletionCandidate::new(name).help(profile.base_url.map(Into::into))
        })
        .chain(local)
        .collect()
}

/// The script that makes `shell` complete `locadm` (what `locadm completions SHELL`
/// prints): it calls `locadm` back with [`COMPLETE_VAR`] set for each completion.
pub(crate) fn completion_script(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let shells = Shells::builtins();
    let completer = shells
        .completer(&shell.to_string())
        .ok_or_else(|| io::Error::other(format!("no completion for {shell}")))?;
    completer.write_registration(COMPLETE_VAR, "locadm", "locadm", "locadm", out)?;
    if shell == Shell::Zsh {
        // Installed as `_locadm` in `fpath`, the file is the completion function that
        // zsh loads on the first TAB: complete right away, not from the second TAB on.
        // Sourced, `funcstack` is not `_locadm` and this does nothing.
        writeln!(
            out,
            "if [[ \"${{funcstack[1]}}\" == \"_locadm\" ]]; then\n    _clap_dynamic_completer_locadm \"$@\"\nfi"
        )?;
    }
    Ok(())
}

/// `locadm(1)`: clap's sections, then a section for each help topic.
fn top_page() -> io::Result<Vec<u8>> {
    let man = Man::new(Cli::command().disable_help_subcommand(true));
    type Part = fn(&Man, &mut dyn Write) -> io::Result<()>;
    let head: [Part; 6] = [
        Man::render_title,
        Man::render_name_section,
        Man::render_synopsis_section,
        Man::render_description_section,
        Man::render_options_section,
        Man::render_subcommands_section,
    ];
    let tail: [Part; 2] = [Man::render_extra_section, Man::render_version_section];
    let mut page = Vec::new();
    for part in head {
        append(&mut page, |w| part(&man, w))?;
    }
    for topic in topics::TOPICS {
        append(&mut page, |w| section(topic).to_writer(w))?;
    }
    for part in tail {
        append(&mut page, |w| part(&man, w))?;
    }
    Ok(page)
}

/// Adds one part to a page. Every part comes with roff's definition of the apostrophe,
/// which a page needs once, at its top.
fn append(
    page: &mut Vec<u8>,
    part: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut text = Vec::new();
    part(&mut text)?;
    let preamble = Roff::new().render();
    let text = match text.strip_prefix(preamble.as_bytes()) {
        Some(rest) if !page.is_empty() => rest,
        _ => &text,
    };
    page.extend_from_slice(text);
    Ok(())
}

/// A help topic as a man page section.
fn section(topic: &Topic) -> Roff {
    let mut roff = Roff::new();
    // Names and paths are not hyphenated, nor lines stretched to fit them.
    roff.control("SH", [topic.heading])
        .control("nh", [])
        .control("ad", ["l"]);
    for (n, block) in topic.blocks.iter().enumerate() {
        match block {
            Block::Text(text) => {
                if n > 0 {
                    roff.control("PP", []);
                }
                roff.text([roman(*text)]);
            }
            Block::Item(term, text) => {
                roff.control("TP", []);
                roff.text([bold(*term)]);
                roff.text([roman(*text)]);
            }
            Block::Example(lines) => {
                roff.control("PP", [])
                    .control("RS", ["4"])
                    .control("nf", []);
                for line in *lines {
                    roff.text([roman(*line)]);
                }
                roff.control("fi", []).control("RE", []);
            }
            Block::Settings => {
                for (term, text) in crate::topics::settings_items() {
                    roff.control("TP", []);
                    roff.text([bold(term)]);
                    roff.text([roman(text)]);
                }
            }
        }
    }
    roff
}
