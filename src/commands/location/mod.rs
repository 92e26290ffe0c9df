//! `locadm location …`

pub mod body;

use crate::cli::{GlobalArgs, LocationCommand};
use crate::commands::validate;
use crate::error::{Error, Result};
use crate::model::LocationBody;
use crate::output::Printer;

pub async fn run(command: LocationCommand, _global: &GlobalArgs, printer: &Printer) -> Result<()> {
    match command {
        LocationCommand::Validate(args) => validate::run(&args, printer, LocationBody::check_json),
        _ => Err(Error::other(
            "this location command is not available in this build yet",
        )),
    }
}
