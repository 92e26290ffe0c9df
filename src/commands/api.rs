//! `locadm api PATH`: a request of the user's own to the configured service, as `gh api`
//! makes one. The client makes and sends it (its URL rule, token, retries, trace and
//! errors are every command's); here: the method, the body and the query from the
//! flags, and the answer printed.

use crate::cli::ApiArgs;
use crate::context::Context;
use crate::input::{self, fields::Fields};
use locadm_client::error::{Error, Result};

pub(crate) async fn run(context: &Context<'_>, args: ApiArgs) -> Result<()> {
    let headers = args
        .headers
        .iter()
        .map(|header| match header.split_once(':') {
            Some((name, value)) => Ok((name.to_owned(), value.to_owned())),
            None => Err(Error::usage(format!("`-H {header}` has no `:`"))
                .with_hint("a header is `Name: value`")),
        })
        .collect::<Result<Vec<_>>>()?;
    let stdin = args.input.as_deref() == Some(std::path::Path::new("-"));
    if stdin && Fields::reads_stdin(&args.fields) {
        return Err(Error::usage(
            "`--input -` and `-F key=@-` both read standard input, which can be read once",
        ));
    }
    let fields = Fields::parse(&args.raw_fields, &args.fields)?;
    let has_body = args.input.is_some() || !fields.is_empty();
    let method = match &args.method {
        Some(method) => method.to_ascii_uppercase(),
        None if has_body => "POST".to_owned(),
        None => "GET".to_owned(),
    };
    // As gh: fields are the body's members, unless the body is `--input` or the method
    // takes none; then they are the query's parameters.
    let in_query = args.input.is_some() || matches!(method.as_str(), "GET" | "HEAD");
    let path = match fields.is_empty() || !in_query {
        true => args.path.clone(),
        false => with_query(&args.path, &fields),
    };

    let api = context.api().await?;
    // Made before the body is read: a URL refused reads nothing and sends nothing.
    let request = api.raw_request(&method, &path, &headers)?;
    let body = match &args.input {
        Some(file) => Some(input::read_bytes(file)?),
        None if !fields.is_empty() && !in_query => Some(fields.body()?.into_bytes()),
        None => None,
    };
    let reply = api
        .send_raw(&request.with_body(body.map(bytes::Bytes::from)))
        .await?;

    let printer = context.printer;
    if let (true, Some(head)) = (args.include, &reply.head) {
        for line in head.lines(reply.status) {
            printer.line(&line)?;
        }
        printer.line("")?;
    }
    printer.answer(&reply.body)
}

/// `path` with the fields as query parameters after its own.
fn with_query(path: &str, fields: &Fields) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.extend_pairs(fields.query());
    let separator = if path.contains('?') { '&' } else { '?' };
    format!("{path}{separator}{}", query.finish())
}
