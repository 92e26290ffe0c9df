//! `locadm provider …`

pub mod body;

use crate::cli::{GlobalArgs, ProviderCommand};
use crate::commands::validate;
use crate::error::{Error, Result};
use crate::model::ProviderBody;
use crate::output::Printer;

pub async fn run(command: ProviderCommand, _global: &GlobalArgs, printer: &Printer) -> Result<()> {
    match command {
        ProviderCommand::Validate(args) => validate::run(&args, printer, ProviderBody::check_json),
        _ => Err(Error::other(
            "this provider command is not available in this build yet",
        )),
    }
}
