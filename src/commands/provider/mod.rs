//! `locadm provider …`

pub mod body;
mod update;

use crate::cli::ProviderCommand;
use crate::commands::validate;
use crate::context::Context;
use crate::error::Result;
use crate::model::ProviderBody;

pub async fn run(context: &Context<'_>, command: ProviderCommand) -> Result<()> {
    match command {
        ProviderCommand::Validate(args) => validate::run(context, args, ProviderBody::check_json),
        ProviderCommand::Update { id, input } => update::run(context, id, input).await,
    }
}
