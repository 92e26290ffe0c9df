//! Request and response bodies of the location service, and their local validation.
//! Shared by the commands and the emulator, so both apply the very same rules.

pub mod country;
pub mod damage;
pub mod document;
pub mod endpoint;
pub mod fields;
pub mod json;
pub mod location;
pub mod meaning;
pub mod problem;
pub mod provider;
pub mod rate;
pub mod reader;
pub(crate) mod rules;
pub mod text;
mod url;
pub mod values;

pub use location::{LocationBody, LocationRead, PhotoUrls, StructuredAddress, WriteOp};
pub use problem::{CheckResult, Checked, Problem, Problems, Rule, Severity};
pub use provider::{LocationsSource, ProviderBody};
pub use values::{Coordinate, Link, ProviderRef, ProviderSummary};

#[cfg(test)]
mod tests;
