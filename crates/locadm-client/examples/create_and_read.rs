//! A Rust program that talks to the Location Management Service through `locadm-client`,
//! without the command line: it creates a location and reads it back.
//!
//!     cargo run -p locadm-client --example create_and_read
//!
//! With nothing else given it starts the emulator in its own process (on 127.0.0.1, with
//! its demo client) and stops it at the end. Against a service of your own, give
//! LOCADM_BASE_URL, LOCADM_TOKEN_URL, LOCADM_CLIENT_ID, LOCADM_CLIENT_SECRET and
//! LOCADM_PROVIDER_ID (the provider the new location belongs to).
//!
//! It prints the new location's id and its read form, and exits non-zero when the service
//! does not give back what was sent.

// A program of its own: it prints (the command line's printer is not in this crate).
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::sync::Arc;

use locadm_client::api::{Transport, TransportOptions};
use locadm_client::auth::{Profile, Secrets, Session};
use locadm_client::model::reader::{self, Sent, Target};
use locadm_client::{ApiClient, Error, Result, Service, ServiceOptions, ServiceUrl};
use secrecy::SecretString;

/// Where the service is and who asks: from the environment, or an emulator started here.
struct Reach {
    base_url: String,
    token_url: String,
    client_id: String,
    client_secret: String,
    provider_id: String,
    /// The emulator started here, stopped at the end.
    emulator: Option<locadm_emulator::Running>,
}

async fn reach() -> Result<Reach> {
    let given = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    if let Some(base_url) = given("LOCADM_BASE_URL") {
        let need = |name: &str| {
            given(name)
                .ok_or_else(|| Error::usage(format!("{name} is needed with LOCADM_BASE_URL")))
        };
        return Ok(Reach {
            base_url,
            token_url: need("LOCADM_TOKEN_URL")?,
            client_id: need("LOCADM_CLIENT_ID")?,
            client_secret: need("LOCADM_CLIENT_SECRET")?,
            provider_id: need("LOCADM_PROVIDER_ID")?,
            emulator: None,
        });
    }
    let listener =
        locadm_emulator::listen(([127, 0, 0, 1], 0).into(), locadm_emulator::LISTEN_BACKLOG)
            .map_err(|e| Error::other("cannot listen on 127.0.0.1").with_source(e))?;
    let emulator = locadm_emulator::start(Default::default(), listener)
        .await
        .map_err(|e| Error::other(e.to_string()))?;
    Ok(Reach {
        base_url: emulator.base_url.clone(),
        token_url: emulator.token_url.clone(),
        client_id: emulator.client_id.clone(),
        client_secret: emulator.client_secret.clone(),
        provider_id: emulator.demo_provider_id.to_string(),
        emulator: Some(emulator),
    })
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.full_text());
            std::process::ExitCode::from(error.exit() as u8)
        }
    }
}

async fn run() -> Result<()> {
    let reach = reach().await?;
    let base_url = ServiceUrl::parse("base_url", &reach.base_url, false)?;
    let token_url = ServiceUrl::parse("token_url", &reach.token_url, false)?;

    // One transport for the token endpoint and the service: one connection pool.
    let transport = Transport::new(&TransportOptions {
        https: base_url.scheme() == "https" || token_url.scheme() == "https",
        ..TransportOptions::default()
    })?;
    let service = Service::over(ServiceOptions::new(base_url), transport.clone());
    // Client credentials, the secret given for this run: no keyring, nothing kept.
    let session = Session::new(
        Profile {
            name: "example".into(),
            token_url: Some(token_url),
            client_id: Some(reach.client_id.clone()),
            secrets: Secrets {
                client_secret: Some(SecretString::from(reach.client_secret.clone())),
                keyring: Some("none".into()),
                ..Secrets::default()
            },
            ..Profile::default()
        },
        transport,
    );
    let api = ApiClient::new(&service, Arc::new(session));

    // The body, checked by the one reader the command line uses before anything is sent.
    let store_id = format!("EXAMPLE-{}", std::process::id());
    let text = serde_json::json!({
        "storeId": store_id,
        "storeName": "Example Collection Point",
        "structuredAddress": {
            "street": "Alexanderplatz",
            "houseNumber": "1",
            "city": "Berlin",
            "postCode": "10178",
            "countryCode": "DE",
        },
        "latitude": 52.5219,
        "longitude": 13.41321,
        "locationProvider": { "id": reach.provider_id },
    })
    .to_string();
    let reading = reader::read(&text, Target::Create);
    let Some(Sent::Body(body)) = reading.sent else {
        return Err(Error::invalid(reading.problems.to_string()));
    };

    let reply = api.create_location(&body).await?;
    let id = ApiClient::created_id(&reply)
        .ok_or_else(|| Error::other("the create was answered without the new id"))?;
    println!("created {id}");

    let (location, _) = api.get_location(&id).await?;
    println!(
        "{}",
        serde_json::to_string_pretty(&location).map_err(|e| Error::other("").with_source(e))?
    );
    if location.store_id != store_id {
        return Err(Error::other(format!(
            "read back storeId `{}`, sent `{store_id}`",
            location.store_id
        )));
    }
    if let Some(emulator) = reach.emulator {
        emulator.shutdown().await;
    }
    Ok(())
}
