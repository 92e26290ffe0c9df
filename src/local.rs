//! The built-in `local` profile: commands go to an emulator started inside the same
//! process on 127.0.0.1:0, over real HTTP with a real token, its database in the user's
//! data directory so that state persists between invocations. Nothing to set up, and
//! nothing leaves the machine.
//!
//! Its token is fetched anew by each invocation with the emulator's demo client and kept
//! in memory only: the port changes every time, so a keyring entry would be one more
//! stale secret per run.

use std::path::PathBuf;

use secrecy::SecretString;

#[cfg(feature = "emulator")]
use crate::settings::ServiceUrl;
use crate::settings::Settings;
use locadm_client::error::{Error, Result};

/// The profile name that means "the embedded emulator".
pub(crate) use crate::settings::LOCAL_PROFILE as PROFILE;

/// A running embedded emulator and the demo client's secret for the session.
pub(crate) struct Local {
    #[cfg(feature = "emulator")]
    _running: locadm_emulator::Running,
    pub client_secret: SecretString,
}

/// The service the `local` profile's emulator on database `db` is, as journals, the
/// inventory and the pace memory name it (its port changes every run; its database
/// does not).
pub(crate) fn service_url(db: &std::path::Path) -> String {
    format!("local:{}", db.display())
}

/// The database of the `local` profile: `LOCADM_LOCAL_DB`, else `local.db` in the OS
/// data directory (XDG on Linux).
pub(crate) fn database(settings: &Settings) -> Result<PathBuf> {
    if let Some(path) = &settings.environment.local_db {
        return Ok(path.clone());
    }
    data_dir().map(|dir| dir.join("local.db"))
}

/// The OS data directory of locadm (`$XDG_DATA_HOME/locadm` on Linux): the `local`
/// profile's database, the inventory, the pace bulk runs remember.
pub(crate) fn data_dir() -> Result<PathBuf> {
    directories::ProjectDirs::from("", "", "locadm")
        .map(|dirs| dirs.data_dir().to_owned())
        .ok_or_else(|| Error::other("cannot find the data directory (no home directory)"))
}

/// Whether these settings mean the embedded emulator: the `local` profile without a base
/// URL of its own.
pub(crate) fn is_local(settings: &Settings) -> bool {
    settings.profile == PROFILE && settings.base_url.is_none()
}

/// Starts the embedded emulator when `settings` is the `local` profile without a base
/// URL of its own, and points the settings at it.
#[cfg(feature = "emulator")]
pub(crate) async fn start_if_local(settings: &mut Settings) -> Result<Option<Local>> {
    use locadm_emulator as emulator;
    if !is_local(settings) {
        return Ok(None);
    }
    let db = database(settings)?;
    if let Some(dir) = db.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            Error::other(format!("cannot create `{}`", dir.display())).with_source(e)
        })?;
    }
    let listener = emulator::listen(([127, 0, 0, 1], 0).into(), emulator::LISTEN_BACKLOG)?;
    let config = emulator::EmulatorConfig {
        db: Some(db),
        ..Default::default()
    };
    let running = emulator::start(config, listener)
        .await
        .map_err(|e| Error::other(e.to_string()))?;
    settings.base_url = Some(ServiceUrl::parse("base_url", &running.base_url, false)?);
    settings.token_url = Some(ServiceUrl::parse("token_url", &running.token_url, false)?);
    settings.client_id = Some(running.client_id.clone());
    settings.scopes.clear();
    Ok(Some(Local {
        client_secret: SecretString::from(running.client_secret.clone()),
        _running: running,
    }))
}

#[cfg(not(feature = "emulator"))]
pub(crate) async fn start_if_local(settings: &mut Settings) -> Result<Option<Local>> {
    if is_local(settings) {
        return Err(Error::usage(
            "the `local` profile needs the built-in emulator, and this build has none",
        )
        .with_hint("build with the default `emulator` feature, or pass `--base-url`"));
    }
    Ok(None)
}
