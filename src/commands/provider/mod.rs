//! `locadm provider …`

pub(crate) mod body;
mod update;

use crate::cli::ProviderCommand;
use crate::commands::validate;
use crate::context::Context;
use locadm_client::error::Result;

pub(crate) async fn run(context: &Context<'_>, command: ProviderCommand) -> Result<()> {
    match command {
        ProviderCommand::Validate(args) => validate::providers(context, args),
        ProviderCommand::Update { id, input, yes } => update::run(context, id, input, yes).await,
    }
}
