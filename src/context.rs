//! One context per run, made once in `commands::run` and handed to every verb: the
//! printer, the global options, the settings (resolved on first use, once), and the
//! service (the auth session and the API client), made on first use too. A verb that
//! never talks to the service (`validate`, `config show`) never builds a client, and with
//! `--profile local` never starts the embedded emulator.
//!
//! `--profile local` means the same to every command: the embedded emulator, started the
//! first time a command needs the service, with its demo client's token kept in memory.

use std::sync::{Arc, OnceLock};

use locadm_client::{Service, ServiceOptions};

use crate::cli::GlobalArgs;
use crate::local::{self, Local};
use crate::output::Printer;
use crate::settings::Settings;
use locadm_client::api::{ApiClient, Curl, Transport};
use locadm_client::auth::store::MemoryStore;
use locadm_client::auth::Session;
use locadm_client::error::{shell_word, Error, Result};

pub(crate) struct Context<'p> {
    pub printer: &'p Printer,
    global: GlobalArgs,
    settings: OnceLock<Settings>,
    reach: tokio::sync::OnceCell<Reach>,
}

/// What talking to the service needs, made once.
struct Reach {
    session: Arc<Session>,
    /// The one service of the run; none when no base URL is configured (a command that
    /// needs only a token, `auth token`, still runs).
    service: Option<Service>,
    /// The embedded emulator of the `local` profile, alive as long as the command.
    local: Option<Local>,
}

impl<'p> Context<'p> {
    pub(crate) fn new(global: GlobalArgs, printer: &'p Printer) -> Context<'p> {
        Context {
            printer,
            global,
            settings: OnceLock::new(),
            reach: tokio::sync::OnceCell::new(),
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
        let settings = Settings::resolve(&self.global.settings)?;
        for note in &settings.notes {
            self.printer.note(note);
        }
        Ok(self.settings.get_or_init(|| settings))
    }

    /// Whether this run's service is the embedded emulator of the `local` profile.
    pub(crate) fn is_local(&self) -> Result<bool> {
        Ok(local::is_local(self.settings()?))
    }

    /// What names this run's service wherever locadm keeps something about it (journals,
    /// the inventory, the pace memory): its base URL, or for the `local` profile the
    /// embedded emulator's database (its port changes every run). Known from the settings
    /// alone: the emulator is not started to name it.
    pub(crate) fn service_identity(&self) -> Result<String> {
        let settings = self.settings()?.require_profile()?;
        if local::is_local(settings) {
            return Ok(local::service_url(&local::database(settings)?));
        }
        match &settings.base_url {
            Some(url) => Ok(url.to_string()),
            None => Err(self.no_base_url()),
        }
    }

    async fn reach(&self) -> Result<&Reach> {
        self.reach
            .get_or_try_init(|| async {
                let mut settings = self.settings()?.require_profile()?.clone();
                let identity = match settings.base_url.is_some() || local::is_local(&settings) {
                    true => Some(self.service_identity()?),
                    false => None,
                };
                let local = local::start_if_local(&mut settings).await?;
                let service = settings.base_url.clone().map(|base_url| ServiceOptions {
                    base_url,
                    read_prefix: settings.read_prefix.clone(),
                    identity,
                    transport: settings.transport_options(),
                });
                let mut session = self.session_for(&settings)?;
                if let Some(local) = &local {
                    self.printer
                        .debug("* profile `local`: using the embedded emulator");
                    session = session
                        .with_env(None, Some(local.client_secret.clone()))
                        .with_store(Arc::new(MemoryStore::new()));
                }
                // One transport: the token endpoint and the service share its pool.
                let service =
                    service.map(|options| Service::over(options, session.transport().clone()));
                Ok::<_, Error>(Reach {
                    session: Arc::new(session),
                    service,
                    local,
                })
            })
            .await
    }

    /// A session for `settings`: this run's, or (`login`) the settings being edited.
    /// Tokens are fetched over a transport made for them; its trace is the printer's.
    pub(crate) fn session_for(&self, settings: &Settings) -> Result<Session> {
        let transport = Transport::new(&settings.transport_options())?;
        Ok(Session::new(settings.auth_profile(), transport).with_observer(self.printer.observer()))
    }

    /// The auth session of this run; for the `local` profile, the embedded emulator is
    /// started first and the session logs in to it by itself.
    pub(crate) async fn session(&self) -> Result<&Session> {
        Ok(&self.reach().await?.session)
    }

    /// The service of this run: made once, with the session, from the settings (for the
    /// `local` profile, the embedded emulator).
    pub(crate) async fn service(&self) -> Result<&Service> {
        self.reach()
            .await?
            .service
            .as_ref()
            .ok_or_else(|| self.no_base_url())
    }

    /// Whether the embedded emulator runs for this command.
    pub(crate) fn local_running(&self) -> bool {
        self.reach.get().is_some_and(|r| r.local.is_some())
    }

    /// An API client of this run's service and session (one token, one connection pool),
    /// saying what it does through the printer.
    /// With `--curl`, the client prints its requests instead (`ApiClient::printing_curl`),
    /// the token as the output of this run's `locadm auth token`.
    pub(crate) async fn api(&self) -> Result<ApiClient> {
        if self.global.curl && self.is_local()? {
            return Err(Error::usage(
                "`--curl` prints requests to run later, and the `local` profile's emulator runs only while a command runs; nothing was printed",
            )
            .with_hint(
                "serve one that stays with `locadm emulator serve --addr 127.0.0.1:8080` and give its base URL with `--base-url`",
            ));
        }
        let service = self.service().await?;
        let session = self.reach().await?.session.clone();
        let api = ApiClient::new(service, session).with_observer(self.printer.observer());
        if !self.global.curl {
            return Ok(api);
        }
        let mut token_command = String::from("locadm auth token");
        for (option, value) in self.global.settings.for_token_command() {
            token_command.push_str(&format!(" {option} {}", shell_word(&value)));
        }
        Ok(api.printing_curl(Curl::new(self.printer.curl_out(), token_command)))
    }

    fn no_base_url(&self) -> Error {
        if let Some((message, hint)) = self.settings().ok().and_then(Settings::missing_profile) {
            return Error::usage(message).with_hint(hint);
        }
        Error::usage("no base URL is configured").with_hint(
            if crate::output::prompt::can_prompt() {
                "pass `--base-url URL`, set `LOCADM_BASE_URL`, run `locadm login`, or use `--profile local` for the built-in emulator"
            } else {
                "pass `--base-url URL`, set `LOCADM_BASE_URL`, or use `--profile local` for the built-in emulator"
            },
        )
    }
}
