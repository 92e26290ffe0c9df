//! `locadm login`, `locadm logout`, `locadm auth status`, `locadm auth token`: one verb a
//! file. The session they act on is the run's (`Context::session`), so `--profile local`
//! means the embedded emulator to them as to every other command.

pub(crate) mod login;
pub(crate) mod logout;
pub(crate) mod status;
pub(crate) mod token;

use crate::cli::AuthCommand;
use crate::context::Context;
use locadm_client::error::Result;

pub(crate) async fn run(context: &Context<'_>, command: AuthCommand) -> Result<()> {
    match command {
        AuthCommand::Token => token::run(context).await,
        AuthCommand::Status => status::run(context).await,
    }
}
