//! `locadm provider`: its verbs and the flags a provider body can be built from.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::RecordArgs;

#[derive(Debug, Subcommand)]
pub enum ProviderCommand {
    /// Update a location provider from a file or from flags
    ///
    /// The update replaces the whole provider, and the service has no provider read: with
    /// flags, a field not given (`--details`, `--endpoint`) is cleared. Those are named
    /// first, and sending needs `--yes` (or a yes at a terminal).
    ///
    /// Example: locadm provider update "$provider" --name "Acme" --archiving-period 7 --details '{}' --endpoint https://feeds.example.com/acme.json
    Update {
        /// The provider's id (a UUID)
        id: String,
        #[command(flatten)]
        input: ProviderArgs,
        /// Send even though fields not given by flags will be cleared (they are named first)
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Check provider bodies offline: nothing is sent
    ///
    /// Example: locadm provider validate --file provider.json
    Validate(ProviderValidateArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ProviderValidateArgs {
    /// Input file; `-` or nothing reads standard input
    #[arg(long, short = 'f', value_name = "PATH", default_value = "-")]
    pub file: PathBuf,
    /// Treat warnings as errors
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub record: RecordArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ProviderArgs {
    /// The request body as JSON; `-` reads standard input
    #[arg(long, short = 'f', value_name = "PATH", conflicts_with_all = ["name", "archiving_period", "details", "endpoint"])]
    pub file: Option<PathBuf>,
    /// name (at most 128 characters)
    #[arg(long)]
    pub name: Option<String>,
    /// archivingPeriod, an integer from 1 to 30
    #[arg(long, value_name = "N")]
    pub archiving_period: Option<String>,
    /// details: JSON text (an object or array), sent as a string
    #[arg(long, value_name = "JSON")]
    pub details: Option<String>,
    /// locationsSource.endpoint: marks the provider remote (an http(s) URL, at most 256)
    #[arg(long, value_name = "URL")]
    pub endpoint: Option<String>,
}
