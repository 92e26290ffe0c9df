//! `locadm provider update ID (--file PATH|- | --name, --archiving-period, --details, --endpoint)`

use crate::cli::ProviderArgs;
use crate::commands::context::Context;
use crate::commands::location::{parse_id, print_link, show_warnings};
use crate::error::{Error, Result};
use crate::model::ProviderBody;

pub async fn run(context: &Context<'_>, id: &str, args: &ProviderArgs) -> Result<()> {
    let id = parse_id(id)
        .map_err(|_| Error::usage(format!("`{id}` is not a provider id (a UUID is expected)")))?;
    let text = match &args.file {
        Some(path) => crate::input::read_body(path)?,
        None => from_flags(args)?,
    };
    let checked = ProviderBody::check_json(&text).map_err(|p| {
        Error::Invalid(format!(
            "the provider body is invalid; nothing was sent\n{p}"
        ))
    })?;
    show_warnings(context.printer, &checked.warnings);
    let api = context.api().await?;
    let reply = api.update_provider(&id, &checked.body).await?;
    print_link(context, "updated", &reply)
}

/// The body from flags, as JSON text for the checker; the archiving period goes in as the
/// number written when it is one, so `1.5` and `x` are reported by the same rule as in a
/// file.
fn from_flags(args: &ProviderArgs) -> Result<String> {
    if args.name.is_none() && args.archiving_period.is_none() {
        return Err(Error::usage(
            "no provider body: give `--file PATH`, or `--name` and `--archiving-period`",
        ));
    }
    let mut body = serde_json::Map::new();
    if let Some(name) = &args.name {
        body.insert("name".into(), name.clone().into());
    }
    if let Some(period) = &args.archiving_period {
        let value = match serde_json::from_str::<serde_json::Value>(period.trim()) {
            Ok(n @ serde_json::Value::Number(_)) => n,
            _ => period.clone().into(),
        };
        body.insert("archivingPeriod".into(), value);
    }
    if let Some(details) = &args.details {
        body.insert("details".into(), details.clone().into());
    }
    if let Some(endpoint) = &args.endpoint {
        body.insert(
            "locationsSource".into(),
            serde_json::json!({ "endpoint": endpoint }),
        );
    }
    Ok(serde_json::Value::Object(body).to_string())
}
