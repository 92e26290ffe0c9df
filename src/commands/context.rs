//! What every command that talks to the service needs: the resolved settings, the printer
//! and the one API client, whose tokens come from the auth session.

use std::sync::Arc;

use crate::api::ApiClient;
use crate::cli::GlobalArgs;
use crate::error::Result;
use crate::output::Printer;
use crate::settings::Settings;

pub struct Context<'a> {
    pub printer: &'a Printer,
    pub settings: Settings,
}

impl<'a> Context<'a> {
    pub fn new(global: &GlobalArgs, printer: &'a Printer) -> Result<Context<'a>> {
        Ok(Context {
            printer,
            settings: Settings::resolve(global)?,
        })
    }

    /// The API client, with the auth session of these settings as its token source.
    pub async fn api(&self) -> Result<ApiClient> {
        let session = super::auth::session_for(self.settings.clone(), self.printer)?;
        let http = session.http().clone();
        ApiClient::new(&self.settings, http, Arc::new(session), self.printer)
    }
}
