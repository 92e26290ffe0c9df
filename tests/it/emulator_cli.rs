//! `locadm emulator serve` itself (the CLI's command, the `emulator` feature), and the
//! `oauth2` crate the CLI's logins are made with, against the emulator's token endpoint.
//! The emulator's HTTP interface has its own suites: crates/locadm-emulator/tests/.

use std::time::Duration;

use locadm_emulator::{ClientSpec, EmulatorConfig};

use crate::common;
use common::http::{client, start};

// What the tests of the binary use (they need the `emulator` feature).
#[cfg(feature = "emulator")]
use {
    common::emulator as emu,
    common::http::{create_id, location, token_for},
    locadm_emulator::DEMO_PROVIDER_ID,
    serde_json::{json, Value},
};

// ---------------------------------------------------------------- the binary
// `locadm emulator serve` itself: the CLI's command (the `emulator` feature).

#[cfg(feature = "emulator")]
#[tokio::test]
async fn serve_prints_the_banner_and_stops_cleanly_on_sigterm() {
    let served =
        emu::served::serve_binary(&["--client", "reader:reader-secret:can-read-locations"]);
    let banner = served.banner.clone();
    assert!(banner.base_url.starts_with("http://127.0.0.1:"));
    assert_eq!(banner.token_url, format!("{}/oauth/token", banner.base_url));
    assert_eq!(banner.admin_url, format!("{}/_admin", banner.base_url));
    assert_eq!(banner.client_id, "locadm-demo");
    assert_eq!(banner.client_secret, "locadm-demo-secret");
    assert_eq!(banner.provider_id, DEMO_PROVIDER_ID);

    let response = client()
        .post(&banner.token_url)
        .basic_auth("reader", Some("reader-secret"))
        .form(&[("grant_type", "client_credentials")])
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["scope"], "can-read-locations");

    let status = served.terminate();
    assert!(status.success(), "{status:?}");
}

#[cfg(feature = "emulator")]
#[tokio::test]
async fn serve_rejects_bad_options_with_exit_2() {
    use common::RunToEnd;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_locadm"))
        .args(["emulator", "serve", "--client", "no-permissions-part"])
        .run();
    output.assert_code(2);
    assert!(output.stderr.contains("ID:SECRET"), "{}", output.stderr);
}

#[cfg(feature = "emulator")]
#[tokio::test]
async fn state_persists_across_a_restart_with_db() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("emulator.db");
    let db = db.to_str().unwrap();

    let served = emu::served::serve_binary(&["--db", db]);
    let b = served.banner.clone();
    let token = token_for(&b.token_url, &b.client_id, &b.client_secret, None).await;
    let id = create_id(&b.base_url, &token, &location("KEEP-1")).await;
    let response = client()
        .put(format!(
            "{}/locationProviders/{}",
            b.base_url, b.provider_id
        ))
        .bearer_auth(&token)
        .json(&json!({"name": "Renamed Provider", "archivingPeriod": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(served.terminate().success());

    let served = emu::served::serve_binary(&["--db", db]);
    let b = served.banner.clone();
    // Tokens persist with the database too.
    let read = client()
        .get(format!("{}/locations/{id}", b.base_url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), 200);
    let read: Value = read.json().await.unwrap();
    assert_eq!(read["storeId"], "KEEP-1");
    assert_eq!(read["latitude"], json!(52.5219));
    assert_eq!(read["locationProvider"]["name"], "Renamed Provider");
    assert!(served.terminate().success());
}

// ---------------------------------------------------------------- the oauth2 crate

#[tokio::test]
async fn the_oauth2_crate_gets_tokens_by_basic_and_by_body_and_reads_errors() {
    use oauth2::basic::{BasicClient, BasicErrorResponseType};
    use oauth2::{
        AuthType, ClientId, ClientSecret, RequestTokenError, Scope, TokenResponse, TokenUrl,
    };

    let mut config = EmulatorConfig::default();
    config.clients.push(ClientSpec {
        id: "odd client".into(),
        secret: "p@ss:w/rd+%&=".into(),
        permissions: vec!["can-read-locations".into(), "can-create-locations".into()],
    });
    let emu = start(config).await;
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    // The crate's own reqwest support is for reqwest 0.12: it is given this client as a
    // function, as the tool gives it the shared one (crates/locadm-client/src/auth/transport.rs).
    let http = |request: oauth2::HttpRequest| {
        let http = http.clone();
        async move {
            let response = http.execute(reqwest::Request::try_from(request)?).await?;
            let mut answer = oauth2::http::Response::builder().status(response.status());
            if let Some(headers) = answer.headers_mut() {
                *headers = response.headers().clone();
            }
            Ok::<_, reqwest::Error>(answer.body(response.bytes().await?.to_vec()).unwrap())
        }
    };
    for auth in [AuthType::BasicAuth, AuthType::RequestBody] {
        let oauth = BasicClient::new(ClientId::new("odd client".into()))
            .set_client_secret(ClientSecret::new("p@ss:w/rd+%&=".into()))
            .set_token_uri(TokenUrl::new(emu.token_url.clone()).unwrap())
            .set_auth_type(auth.clone());
        let token = oauth
            .exchange_client_credentials()
            .add_scope(Scope::new("can-read-locations".into()))
            .request_async(&http)
            .await
            .unwrap_or_else(|e| panic!("{auth:?}: {e:?}"));
        assert_eq!(token.expires_in(), Some(Duration::from_secs(3600)));
        assert_eq!(
            token.scopes().unwrap(),
            &vec![Scope::new("can-read-locations".into())]
        );
        let response = client()
            .get(format!(
                "{}/locations/{}",
                emu.base_url,
                uuid::Uuid::new_v4()
            ))
            .bearer_auth(token.access_token().secret())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404);

        let error = oauth
            .exchange_client_credentials()
            .add_scope(Scope::new("can-delete-locations".into()))
            .request_async(&http)
            .await
            .expect_err("a scope beyond the client's permissions");
        match error {
            RequestTokenError::ServerResponse(e) => {
                assert_eq!(*e.error(), BasicErrorResponseType::InvalidScope)
            }
            other => panic!("{auth:?}: {other:?}"),
        }
    }
    let wrong = BasicClient::new(ClientId::new("odd client".into()))
        .set_client_secret(ClientSecret::new("wrong".into()))
        .set_token_uri(TokenUrl::new(emu.token_url.clone()).unwrap());
    match wrong
        .exchange_client_credentials()
        .request_async(&http)
        .await
    {
        Err(RequestTokenError::ServerResponse(e)) => {
            assert_eq!(*e.error(), BasicErrorResponseType::InvalidClient)
        }
        other => panic!("{other:?}"),
    }
    emu.shutdown().await;
}
