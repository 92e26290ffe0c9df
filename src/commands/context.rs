//! What every command that talks to the service needs: the resolved settings, the printer
//! and the one API client, whose tokens come from the auth session.

use std::sync::Arc;

use crate::api::ApiClient;
use crate::auth::store::MemoryStore;
use crate::cli::GlobalArgs;
use crate::error::Result;
use crate::local::{self, Local};
use crate::output::Printer;
use crate::settings::Settings;

pub struct Context<'a> {
    pub printer: &'a Printer,
    pub settings: Settings,
    /// The embedded emulator of the `local` profile, alive as long as the command.
    local: Option<Local>,
}

impl<'a> Context<'a> {
    pub async fn new(global: &GlobalArgs, printer: &'a Printer) -> Result<Context<'a>> {
        let mut settings = Settings::resolve(global)?;
        let local = local::start_if_local(&mut settings).await?;
        if local.is_some() {
            printer.debug("* profile `local`: using the embedded emulator");
        }
        Ok(Context {
            printer,
            settings,
            local,
        })
    }

    /// The API client, with the auth session of these settings as its token source.
    pub async fn api(&self) -> Result<ApiClient> {
        let mut session = super::auth::session_for(self.settings.clone(), self.printer)?;
        if let Some(local) = &self.local {
            session = session
                .with_env(None, Some(local.client_secret.clone()))
                .with_store(Arc::new(MemoryStore::new()));
        }
        let http = session.http().clone();
        ApiClient::new(&self.settings, http, Arc::new(session), self.printer)
    }
}
