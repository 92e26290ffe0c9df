//! `locadm config show` and `locadm config set`.

use serde::Serialize;

use crate::cli::{ConfigCommand, OutputFormat};
use crate::context::Context;
use crate::error::Result;
use crate::settings::{default_config_file, ConfigFile, DEFAULT_PROFILE, PROFILE_KEYS};

pub fn run(context: &Context<'_>, command: ConfigCommand) -> Result<()> {
    match command {
        ConfigCommand::Show => show(context),
        ConfigCommand::Set { key, value } => set(context, &key, &value),
    }
}

#[derive(Serialize)]
struct Row {
    key: &'static str,
    value: Option<String>,
    origin: &'static str,
}

fn show(context: &Context<'_>) -> Result<()> {
    let printer = context.printer;
    let settings = context.settings()?;
    let rows: Vec<Row> = ["profile", "config_file"]
        .iter()
        .chain(PROFILE_KEYS)
        .map(|&key| {
            let value = settings.display_value(key);
            Row {
                key,
                value: (!value.is_empty()).then_some(value),
                origin: settings.origin(key).as_str(),
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

fn set(context: &Context<'_>, key: &str, value: &str) -> Result<()> {
    let (global, printer) = (context.global(), context.printer);
    let path = match &global.config {
        Some(p) => p.clone(),
        None => default_config_file()?,
    };
    let profile = global
        .profile
        .clone()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| DEFAULT_PROFILE.to_owned());
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
