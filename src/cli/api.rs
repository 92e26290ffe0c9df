//! `locadm api PATH`: a request of the user's own to the configured service, in the
//! shape of `gh api`.

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct ApiArgs {
    /// The path below the base URL (`locations/ID`; a leading `/` and a query allowed);
    /// an absolute URL only on the base URL's own scheme, host and port
    #[arg(value_name = "PATH")]
    pub path: String,
    /// The HTTP method [default: POST with a body (`--input`, `-f`, `-F`), else GET]
    #[arg(short = 'X', long, value_name = "METHOD")]
    pub method: Option<String>,
    /// The request body, sent as it is, from a file; `-` reads standard input (fields
    /// given beside it go into the query)
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// A request header, `Name: value` (repeatable); a name given replaces the tool's
    /// (`Accept`, `Content-Type`, even `Authorization`, still redacted by `-v`)
    #[arg(short = 'H', long = "header", value_name = "NAME: VALUE")]
    pub headers: Vec<String>,
    /// A string member of the JSON object sent as the body, `key=value` (repeatable;
    /// `a[b]=v` nests, `a[]=v` appends to an array); with GET, HEAD or `--input`, a query
    /// parameter instead
    #[arg(short = 'f', long = "raw-field", value_name = "KEY=VALUE")]
    pub raw_fields: Vec<String>,
    /// A typed member, as `-f` otherwise: `true`, `false`, `null` and JSON numbers are
    /// sent as such, `@FILE` as the file's text (`@-` standard input), anything else as
    /// a string
    #[arg(short = 'F', long = "field", value_name = "KEY=VALUE")]
    pub fields: Vec<String>,
    /// Print the answer's status line and headers before its body, on stdout
    #[arg(short = 'i', long)]
    pub include: bool,
}
