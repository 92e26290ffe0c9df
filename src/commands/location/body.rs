//! Provisional: the request body of create and update from `--file`.

use std::path::Path;

use crate::cli::LocationFields;
use crate::error::{Error, Result};
use crate::model::{Checked, LocationBody};

pub fn location_from_input(
    file: Option<&Path>,
    _fields: &LocationFields,
) -> Result<Checked<LocationBody>> {
    let file = file.ok_or_else(|| Error::usage("give `--file PATH` or field flags"))?;
    let text = crate::input::read_body(file)?;
    LocationBody::check_json(&text)
        .map_err(|p| Error::Invalid(format!("the body is invalid; nothing was sent\n{p}")))
}
