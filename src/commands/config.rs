//! `locadm config show | get | set | unset | profiles`.

use serde::Serialize;

use crate::cli::{ConfigCommand, OutputFormat};
use crate::context::Context;
use crate::settings::{default_config_file, keys, ConfigFile, DEFAULT_PROFILE};
use locadm_client::error::{Error, Result};

pub(crate) fn run(context: &Context<'_>, command: ConfigCommand) -> Result<()> {
    match command {
        ConfigCommand::Show => show(context),
        ConfigCommand::Set { key, value } => set(context, &key, &value),
        ConfigCommand::Unset { key } => set(context, &key, ""),
        ConfigCommand::Get { key } => get(context, &key),
        ConfigCommand::Profiles => profiles(context),
    }
}

/// One effective value on stdout, as a script wants it; unset is exit 1 (as `git
/// config` does), so `$(locadm config get base_url)` can be tested.
fn get(context: &Context<'_>, key: &str) -> Result<()> {
    let settings = context.settings()?.require_profile()?;
    if keys::find(key).is_none() {
        return Err(Error::usage(format!("`{key}` is not a setting"))
            .with_hint(format!("settings: {}", keys::names(keys::KEYS.iter()))));
    }
    let value = settings.display_value(key);
    if value.is_empty() {
        return Err(Error::other(format!(
            "`{key}` is not set for profile `{}`",
            settings.profile
        )));
    }
    context.printer.raw(|out| {
        let _ = writeln!(out, "{value}");
    })?;
    Ok(())
}

#[derive(Serialize)]
struct ProfileRow {
    name: String,
    active: bool,
    base_url: Option<String>,
    built_in: bool,
}

/// The config file's profiles, and the built-in `local`.
fn profiles(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    let (path, active) = file_and_profile(context)?;
    let file = ConfigFile::load(&path)?;
    let mut rows: Vec<ProfileRow> = file
        .profiles
        .iter()
        .map(|(name, profile)| ProfileRow {
            name: name.clone(),
            active: *name == active,
            base_url: profile.base_url.clone(),
            built_in: false,
        })
        .collect();
    rows.push(ProfileRow {
        name: "local".into(),
        active: active == "local",
        base_url: None,
        built_in: true,
    });
    if printer.quiet {
        for row in &rows {
            printer.line(&row.name)?;
        }
        return Ok(());
    }
    if printer.format == OutputFormat::Table {
        let table: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                vec![
                    if r.active { "*" } else { "" }.to_owned(),
                    r.name.clone(),
                    if r.built_in {
                        "(the built-in emulator)".to_owned()
                    } else {
                        r.base_url.clone().unwrap_or_default()
                    },
                ]
            })
            .collect();
        printer.table(&["", "Profile", "Base URL"], &table)?;
    } else {
        printer.json(&rows)?;
    }
    Ok(())
}

#[derive(Serialize)]
struct Row {
    key: &'static str,
    value: Option<String>,
    origin: &'static str,
}

fn show(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    let settings = context.settings()?.require_profile()?;
    let rows: Vec<Row> = keys::KEYS
        .iter()
        .map(|key| {
            let value = settings.display_value(key.name);
            Row {
                key: key.name,
                value: (!value.is_empty()).then_some(value),
                origin: settings.origin(key.name).as_str(),
            }
        })
        .collect();
    if printer.format == OutputFormat::Table {
        let table: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                vec![
                    r.key.to_owned(),
                    r.value.clone().unwrap_or_default(),
                    r.origin.to_owned(),
                ]
            })
            .collect();
        printer.table(&["Setting", "Value", "Origin"], &table)?;
    } else {
        printer.json(&rows)?;
    }
    Ok(())
}

/// The config file and the profile named on the command line, without resolving the
/// settings (a profile being written need not resolve yet).
fn file_and_profile(context: &Context<'_>) -> Result<(std::path::PathBuf, String)> {
    let global = &context.global().settings;
    let path = match &global.config {
        Some(p) => p.clone(),
        None => default_config_file()?,
    };
    let profile = global
        .profile
        .clone()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| DEFAULT_PROFILE.to_owned());
    Ok((path, profile))
}

fn set(context: &Context<'_>, key: &str, value: &str) -> Result<()> {
    let printer = context.printer;
    let (path, profile) = file_and_profile(context)?;
    let mut file = ConfigFile::load(&path)?;
    file.profile_mut(&profile).set(key, value)?;
    file.save(&path)?;
    if value.trim().is_empty() {
        printer.note(&format!(
            "Removed `{key}` from profile `{profile}` in {}",
            path.display()
        ));
    } else {
        printer.note(&format!(
            "Set `{key}` in profile `{profile}` in {}",
            path.display()
        ));
    }
    Ok(())
}
