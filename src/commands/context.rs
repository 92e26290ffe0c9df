//! What every command that talks to the service needs: the resolved settings, the printer
//! and the one API client.

use std::sync::Arc;

use secrecy::SecretString;

use crate::api::{ApiClient, BoxFuture, Credentials};
use crate::cli::GlobalArgs;
use crate::error::{Error, Result};
use crate::output::Printer;
use crate::settings::{ClientAuth, Settings};

pub struct Context<'a> {
    pub printer: &'a Printer,
    pub settings: Settings,
}

impl<'a> Context<'a> {
    pub fn new(global: &GlobalArgs, printer: &'a Printer) -> Result<Context<'a>> {
        Ok(Context {
            printer,
            settings: provisional_settings(global)?,
        })
    }

    /// The API client, with the token source of the settings.
    pub async fn api(&self) -> Result<ApiClient> {
        let http = ApiClient::http_client(&self.settings)?;
        let token = std::env::var("LOCADM_TOKEN").map_err(|_| Error::Auth {
            message: "no credentials".into(),
            hint: Some("run `locadm login` or set `LOCADM_TOKEN`".into()),
        })?;
        let credentials = Arc::new(FixedToken(SecretString::from(token)));
        ApiClient::new(&self.settings, http, credentials, self.printer)
    }
}

// Provisional until the auth and settings work lands: flags and environment only.
fn provisional_settings(global: &GlobalArgs) -> Result<Settings> {
    let parse = |s: &Option<String>, what: &str| -> Result<Option<url::Url>> {
        s.as_deref()
            .map(|s| {
                url::Url::parse(s)
                    .map_err(|e| Error::usage(format!("the {what} `{s}` is not a URL: {e}")))
            })
            .transpose()
    };
    Ok(Settings {
        profile: global.profile.clone().unwrap_or_else(|| "default".into()),
        config_file: Default::default(),
        base_url: parse(&global.base_url, "base URL")?,
        token_url: parse(&global.token_url, "token URL")?,
        read_prefix: String::new(),
        client_id: None,
        scopes: Vec::new(),
        client_auth: ClientAuth::Basic,
        ca_cert: None,
        timeout: std::time::Duration::from_secs_f64(global.timeout.unwrap_or(30.0)),
        allow_http: false,
    })
}

struct FixedToken(SecretString);

impl Credentials for FixedToken {
    fn bearer(&self) -> BoxFuture<'_, Result<SecretString>> {
        Box::pin(async { Ok(self.0.clone()) })
    }
    fn renew(&self) -> BoxFuture<'_, Result<SecretString>> {
        Box::pin(async {
            Err(Error::Auth {
                message: "the service refused `LOCADM_TOKEN` (401)".into(),
                hint: Some("set a fresh `LOCADM_TOKEN`, or unset it and run `locadm login`".into()),
            })
        })
    }
    fn granted_scope(&self) -> Option<Vec<String>> {
        None
    }
}
