//! `locadm provider …`

pub mod body;
mod update;

use crate::cli::{GlobalArgs, ProviderCommand};
use crate::commands::context::Context;
use crate::commands::validate;
use crate::error::Result;
use crate::model::ProviderBody;
use crate::output::Printer;

pub async fn run(command: ProviderCommand, global: &GlobalArgs, printer: &Printer) -> Result<()> {
    match command {
        ProviderCommand::Validate(args) => validate::run(&args, printer, ProviderBody::check_json),
        ProviderCommand::Update { id, input } => {
            let context = Context::new(global, printer).await?;
            update::run(&context, &id, &input).await
        }
    }
}
