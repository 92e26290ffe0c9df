//! One context per run, made once in `commands::run` and handed to every verb: the
//! printer, the global options, the settings (resolved on first use, once), and the
//! service (the auth session and the API client), made on first use too. A verb that
//! never talks to the service (`validate`, `config show`) never builds a client, and with
//! `--profile local` never starts the embedded emulator.
//!
//! `--profile local` means the same to every command: the embedded emulator, started the
//! first time a command needs the service, with its demo client's token kept in memory.

use std::sync::{Arc, OnceLock};

use crate::api::ApiClient;
use crate::auth::store::MemoryStore;
use crate::auth::Session;
use crate::cli::GlobalArgs;
use crate::error::Result;
use crate::local::{self, Local};
use crate::output::Printer;
use crate::settings::Settings;

pub(crate) struct Context<'p> {
    pub printer: &'p Printer,
    global: GlobalArgs,
    settings: OnceLock<Settings>,
    service: tokio::sync::OnceCell<Service>,
}

/// What talking to the service needs, made once.
struct Service {
    session: Arc<Session>,
    /// The embedded emulator of the `local` profile, alive as long as the command.
    local: Option<Local>,
}

impl<'p> Context<'p> {
    pub(crate) fn new(global: GlobalArgs, printer: &'p Printer) -> Context<'p> {
        Context {
            printer,
            global,
            settings: OnceLock::new(),
            service: tokio::sync::OnceCell::new(),
        }
    }

    /// The global options as given (flags and environment, before the profile).
    pub(crate) fn global(&self) -> &GlobalArgs {
        &self.global
    }

    /// The settings of this run as configured: flag > environment > profile > default.
    /// For the `local` profile the service's URLs are those of the embedded emulator once
    /// it runs: see [`Context::session`].
    pub(crate) fn settings(&self) -> Result<&Settings> {
        if let Some(settings) = self.settings.get() {
            return Ok(settings);
        }
        let settings = Settings::resolve(&self.global)?;
        for note in &settings.notes {
            self.printer.note(note);
        }
        Ok(self.settings.get_or_init(|| settings))
    }

    /// Whether this run's service is the embedded emulator of the `local` profile.
    pub(crate) fn is_local(&self) -> Result<bool> {
        Ok(local::is_local(self.settings()?))
    }

    /// The auth session of this run; for the `local` profile, the embedded emulator is
    /// started first and the session logs in to it by itself.
    pub(crate) async fn session(&self) -> Result<&Session> {
        let service = self
            .service
            .get_or_try_init(|| async {
                let mut settings = self.settings()?.require_profile()?.clone();
                let local = local::start_if_local(&mut settings).await?;
                let mut session = Session::new(settings, self.printer.verbose())?;
                if let Some(local) = &local {
                    self.printer
                        .debug("* profile `local`: using the embedded emulator");
                    session = session
                        .with_env(None, Some(local.client_secret.clone()))
                        .with_store(Arc::new(MemoryStore::new()));
                }
                Ok::<_, crate::error::Error>(Service {
                    session: Arc::new(session),
                    local,
                })
            })
            .await?;
        Ok(&service.session)
    }

    /// The settings the service is reached with: [`Context::settings`], with the
    /// embedded emulator's URLs and client for the `local` profile.
    pub(crate) async fn service_settings(&self) -> Result<&Settings> {
        Ok(self.session().await?.settings())
    }

    /// What names the service a journal is bound to: its base URL, or for the `local`
    /// profile the embedded emulator's database (its port changes every run).
    pub(crate) async fn service_identity(&self) -> Result<String> {
        let settings = self.service_settings().await?;
        if self.local_running() {
            return Ok(local::service_url(&local::database(settings)?));
        }
        Ok(settings
            .base_url
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default())
    }

    /// Whether the embedded emulator runs for this command.
    pub(crate) fn local_running(&self) -> bool {
        self.service.get().is_some_and(|s| s.local.is_some())
    }

    /// An API client on this run's session (one token, one connection pool).
    pub(crate) async fn api(&self) -> Result<ApiClient> {
        self.session().await?;
        let session = self.service.get().expect("made just above").session.clone();
        let (settings, transport) = (session.settings().clone(), session.transport().clone());
        ApiClient::new(&settings, transport, session, self.printer.verbose())
            .map(|api| api.with_notes(self.printer.messages()))
    }
}
