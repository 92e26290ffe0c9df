//! `locadm api PATH` against the emulator: a path of the service called with the
//! profile's base URL and token, as `gh api` calls one; exit codes by class, the token
//! never shown, never sent to another origin.

use crate::common::raw_server::RawServer;
use crate::common::{example, Env, RunToEnd};

/// The example location, changed by `edit`, as a file of the Env.
fn example_with(env: &Env, name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut body: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(example("location.json")).unwrap()).unwrap();
    edit(&mut body);
    let path = env.write(name, &body.to_string());
    path.to_str().unwrap().to_owned()
}

#[test]
fn a_get_prints_the_body_and_jq_filters_it() {
    let env = Env::new();
    let id = env.create_example(&[]);
    let path = format!("locations/{id}");
    let name = env.run(&["api", &path, "--jq", ".storeName"]);
    name.assert_code(0);
    assert_eq!(name.stdout, "Alexanderplatz Collection Point\n");
    // In a pipe, the body as the service sent it: what `location get -o json` reads.
    let whole = env.run(&["api", &format!("/{path}")]);
    whole.assert_code(0);
    let read = env.run(&["location", "get", &id, "-o", "json"]);
    assert_eq!(whole.json(), read.json());
    assert_eq!(whole.json()["id"], id.as_str());
}

#[test]
fn a_put_sends_the_input_file_and_a_delete_removes() {
    let env = Env::new();
    let id = env.create_example(&[]);
    let path = format!("locations/{id}");
    let file = example_with(&env, "renamed.json", |body| {
        body["storeName"] = "Renamed by api".into();
    });
    let put = env.run(&["api", "-X", "PUT", &path, "--input", &file]);
    put.assert_code(0);
    assert_eq!(put.json()["href"], format!("/{path}"));
    let name = env.run(&["location", "get", &id, "--jq", ".storeName"]);
    assert_eq!(name.stdout, "Renamed by api\n");

    // The same from standard input.
    let body = std::fs::read_to_string(&file)
        .unwrap()
        .replace("Renamed by api", "From stdin");
    let put = env
        .cmd(&["api", "--method", "put", &path, "--input", "-"])
        .write_stdin(body)
        .run();
    put.assert_code(0);
    let name = env.run(&["api", &path, "--jq", ".storeName"]);
    assert_eq!(name.stdout, "From stdin\n");

    let delete = env.run(&["api", "-X", "DELETE", &path, "--include"]);
    delete.assert_code(0);
    assert!(
        delete.stdout.starts_with("HTTP/1.1 204 No Content\n"),
        "{}",
        delete.stdout
    );
    env.run(&["location", "get", &id]).assert_code(5);
}

#[test]
fn fields_make_a_post_with_a_json_body() {
    let env = Env::new();
    let provider = format!("locationProvider[id]={}", env.emulator().provider_id);
    let created = env.run(&[
        "api",
        "locations",
        "-f",
        "storeId=API-1",
        "-f",
        "storeName=Made by api",
        "-f",
        "address=Europaplatz 1",
        "-f",
        "city=Berlin",
        "-f",
        "postCode=10557",
        "-f",
        "countryCode=DEU",
        "-F",
        "latitude=52.525",
        "-F",
        "longitude=13.369",
        "-F",
        "hasDisabledAccess=true",
        "-f",
        &provider,
    ]);
    created.assert_code(0);
    let href = created.json()["href"].as_str().unwrap().to_owned();
    let read = env.run(&["api", &href]);
    read.assert_code(0);
    let location = read.json();
    assert_eq!(location["storeName"], "Made by api");
    assert_eq!(location["latitude"], 52.525);
    assert_eq!(location["hasDisabledAccess"], true);
    assert_eq!(env.emulator().counters()["creates"], 1);
}

#[test]
fn error_statuses_exit_by_their_class_with_the_body_said() {
    let env = Env::with_emulator(&["--client", "reader:reader-secret:can-read-locations"]);
    let missing = env.run(&["api", "locations/00000000-0000-4000-8000-000000000000"]);
    missing.assert_code(5);
    assert!(missing.stdout.is_empty(), "{}", missing.stdout);
    assert!(
        missing.stderr.contains("answered 404: no location with id"),
        "{}",
        missing.stderr
    );
    let id = env.create_example(&[]);
    let denied = env
        .cmd(&["api", "-X", "DELETE", &format!("locations/{id}")])
        .env("LOCADM_CLIENT_ID", "reader")
        .env("LOCADM_CLIENT_SECRET", "reader-secret")
        .run();
    denied.assert_code(4);
    assert!(denied.stderr.contains("403"), "{}", denied.stderr);
    let bad = env.run(&[
        "api",
        "-X",
        "PUT",
        &format!("locations/{id}"),
        "-f",
        "storeId=x",
    ]);
    bad.assert_code(1);
    assert!(bad.stderr.contains("(400)"), "{}", bad.stderr);
}

#[test]
fn a_server_failure_exits_6_and_a_post_is_not_sent_twice() {
    let env = Env::with_emulator(&["--drop-rate", "1.0"]);
    let read = env.run(&["api", "locations/00000000-0000-4000-8000-000000000000"]);
    read.assert_code(6);
    // A GET may be sent again; a POST whose connection dropped may have been acted on.
    assert_eq!(env.emulator().counters()["requests"], 3);
    let post = env.run(&["api", "locations", "-f", "storeId=x"]);
    post.assert_code(6);
    assert!(
        post.stderr
            .contains("it may or may not have been carried out"),
        "{}",
        post.stderr
    );
    assert_eq!(env.emulator().counters()["requests"], 4);

    let env = Env::with_emulator(&["--fail-rate", "1.0"]);
    let failed = env.run(&[
        "api",
        "-X",
        "DELETE",
        "locations/00000000-0000-4000-8000-000000000000",
    ]);
    failed.assert_code(6);
    assert!(failed.stderr.contains("500"), "{}", failed.stderr);
}

#[test]
fn an_absolute_url_to_another_origin_is_refused_and_nothing_is_sent() {
    let env = Env::new();
    let elsewhere = RawServer::answering("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
    let url = format!("{}/locations", elsewhere.url());
    let refused = env.run(&["api", &url]);
    refused.assert_code(2);
    assert!(
        refused.stderr.contains("is not on the service's origin"),
        "{}",
        refused.stderr
    );
    assert!(refused.stdout.is_empty());
    assert_eq!(elsewhere.connections(), 0);
    let counters = env.emulator().counters();
    assert_eq!(counters["requests"], 0);
    assert_eq!(counters["tokens_issued"], 0);
    // The service's own origin, written out, is taken.
    let own = format!(
        "{}/locations/00000000-0000-4000-8000-000000000000",
        env.emulator().base_url
    );
    env.run(&["api", &own]).assert_code(5);
}

#[test]
fn verbose_never_shows_the_token_given_or_found() {
    let env = Env::new();
    let id = env.create_example(&[]);
    let path = format!("locations/{id}");
    let token = env.run(&["auth", "token"]);
    token.assert_code(0);
    let token = token.stdout.trim().to_owned();
    assert!(token.len() > 10);

    let traced = env
        .cmd(&["api", &path, "-v"])
        .env("LOCADM_TOKEN", &token)
        .run();
    traced.assert_code(0);
    assert!(traced.stderr.contains("authorization: Bearer (redacted)"));
    assert!(!traced.stderr.contains(&token), "{}", traced.stderr);

    // A header given by the user is sent, in place of the profile's token, and redacted.
    let header = format!("Authorization: Bearer {token}");
    let given = env
        .cmd(&["api", &path, "-v", "-H", &header, "--jq", ".id"])
        .env_remove("LOCADM_CLIENT_SECRET")
        .run();
    given.assert_code(0);
    assert_eq!(given.stdout, format!("{id}\n"));
    assert!(given.stderr.contains("authorization: Bearer (redacted)"));
    assert!(!given.stderr.contains(&token), "{}", given.stderr);
    // One the service refuses is not renewed: exit 3, and still not shown.
    let wrong = env.run(&[
        "api",
        &path,
        "-v",
        "-H",
        "Authorization: Bearer not-a-token",
    ]);
    wrong.assert_code(3);
    assert!(!wrong.stderr.contains("not-a-token"), "{}", wrong.stderr);
}
