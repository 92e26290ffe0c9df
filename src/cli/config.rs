//! `locadm config`: the settings, where each came from, and the profile's keys.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Show the effective settings and where each came from
    ///
    /// Example: locadm config show --profile staging
    Show,
    /// Set a setting in the profile (secrets are never stored here)
    ///
    /// Example: locadm config set base_url https://locations.example.com --profile staging
    Set {
        /// A profile key, as `config show` lists them (`profile` and `config_file` aside)
        key: String,
        value: String,
    },
    /// Print one effective setting's value (exit 1 when it is not set)
    ///
    /// Example: locadm config get base_url --profile staging
    Get {
        /// A setting's name, as `config show` lists them
        key: String,
    },
    /// Remove a setting from the profile
    ///
    /// Example: locadm config unset read_prefix --profile staging
    Unset {
        /// A setting's name, as `config show` lists them
        key: String,
    },
    /// List the profiles of the config file, the one in use marked
    ///
    /// Example: locadm config profiles
    Profiles,
}
