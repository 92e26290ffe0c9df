//! `locadm provider update ID (--file PATH|- | --name, --archiving-period, --details, --endpoint)`

use crate::cli::ProviderArgs;
use crate::commands::location::{parse_id, print_link, show_warnings};
use crate::context::Context;
use crate::error::{Error, Result};

pub async fn run(context: &Context<'_>, id: String, args: ProviderArgs) -> Result<()> {
    let id = parse_id(&id)
        .map_err(|_| Error::usage(format!("`{id}` is not a provider id (a UUID is expected)")))?;
    let checked = super::body::provider_from_input(args.file.as_deref(), &args)?;
    show_warnings(context.printer, &checked.warnings);
    let api = context.api().await?;
    let reply = api.update_provider(&id, &checked.body).await?;
    print_link(context, "updated", &reply)
}
