//! `locadm smoke`: a CI check of a deployment. Create a temporary location, read it back
//! and compare each field, update it, read again, delete it, and confirm it is gone. The
//! temporary location is deleted even when a step fails.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::cli::SmokeArgs;
use crate::commands::location::parse_id;
use crate::context::Context;
use crate::settings::shown_url;
use locadm_client::api::ApiClient;
use locadm_client::error::{Error, Kind, Result};
use locadm_model::{LocationBody, LocationRead};

#[derive(Debug, Serialize)]
struct Step {
    name: &'static str,
    passed: bool,
    #[serde(rename = "ms")]
    millis: u128,
    detail: String,
}

#[derive(Serialize)]
struct Summary<'a> {
    passed: bool,
    base_url: &'a str,
    steps: Vec<Planned<'a>>,
}

/// A planned step as both reports give it (the JSON summary and the JUnit cases): every
/// step of the kind of run, the ones that did not run marked `skipped`, so that both
/// list the same steps, and as many whether the run passed or failed.
#[derive(Serialize)]
struct Planned<'a> {
    name: &'a str,
    /// `passed`, `failed` or `skipped`.
    status: &'static str,
    /// Whether it passed; absent when it did not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    passed: Option<bool>,
    #[serde(rename = "ms", skip_serializing_if = "Option::is_none")]
    millis: Option<u128>,
    detail: &'a str,
}

/// Every planned step, from what ran.
fn planned<'a>(names: &[&'a str], steps: &'a [Step]) -> Vec<Planned<'a>> {
    names
        .iter()
        .map(|name| match steps.iter().find(|s| s.name == *name) {
            Some(step) => Planned {
                name,
                status: if step.passed { "passed" } else { "failed" },
                passed: Some(step.passed),
                millis: Some(step.millis),
                detail: &step.detail,
            },
            None => Planned {
                name,
                status: "skipped",
                passed: None,
                millis: None,
                detail: if *name == "cleanup" {
                    "not needed: nothing was left behind"
                } else {
                    "not run: an earlier step failed"
                },
            },
        })
        .collect()
}

/// The steps of each kind of run, in order: every one is a test case of the JUnit
/// report, skipped when it did not run, so that a dashboard sees a stable count.
const READ_ONLY_STEPS: &[&str] = &["token", "read"];
const READ_WRITE_STEPS: &[&str] = &[
    "token",
    "create",
    "read",
    "update",
    "read after update",
    "delete",
    "read after delete",
    "cleanup",
];

/// Runs steps in order, timing each; after a failure the rest are not run. The first
/// failure is kept: its class decides the exit code of the run.
struct Steps {
    steps: Vec<Step>,
    failure: Option<Error>,
}

impl Steps {
    async fn run<T, F: std::future::Future<Output = Result<(T, String)>>>(
        &mut self,
        name: &'static str,
        step: F,
    ) -> Option<T> {
        if self.failure.is_some() {
            return None;
        }
        let started = Instant::now();
        let outcome = step.await;
        let millis = started.elapsed().as_millis();
        match outcome {
            Ok((value, detail)) => {
                self.steps.push(Step {
                    name,
                    passed: true,
                    millis,
                    detail,
                });
                Some(value)
            }
            Err(e) => {
                self.steps.push(Step {
                    name,
                    passed: false,
                    millis,
                    detail: e.full_text(),
                });
                self.failure = Some(e);
                None
            }
        }
    }
}

pub(super) async fn run(context: &Context<'_>, args: SmokeArgs) -> Result<()> {
    let api = context.api().await?;
    let mut steps = Steps {
        steps: Vec::new(),
        failure: None,
    };
    steps
        .run("token", async {
            // Fetched now, not taken from the cache: the step proves that the
            // credentials given work today (a rotated or revoked secret fails here).
            api.fresh_token().await.map(|_| {
                (
                    (),
                    "bearer token obtained with the credentials given".to_owned(),
                )
            })
        })
        .await;

    if args.read_only {
        let id = parse_id(args.location.as_deref().unwrap_or_default())?;
        steps
            .run("read", async {
                let (location, _) = api.get_location(&id).await?;
                Ok((
                    (),
                    format!("read `{}` ({})", location.store_id, location.id),
                ))
            })
            .await;
    } else {
        let provider = parse_id(args.provider.as_deref().unwrap_or_default())
            .map_err(|_| Error::usage("`--provider` must be a provider id (a UUID)"))?;
        read_write_steps(context, &api, provider, &mut steps).await;
    }
    report(context, &args, &api, steps)
}

async fn read_write_steps(
    context: &Context<'_>,
    api: &ApiClient,
    provider: uuid::Uuid,
    steps: &mut Steps,
) {
    let body = smoke_body(provider, "locadm smoke test", "created by locadm smoke");
    let created = steps
        .run("create", async {
            let reply = api.create_location(&body).await?;
            let link = ApiClient::link_of(&reply)?;
            let id = link.id().expect("link_of checks the id");
            Ok((id, format!("created {id} (storeId `{}`)", body.store_id)))
        })
        .await;
    let Some(id) = created else { return };

    steps
        .run("read", async {
            compare(api, &id, &body).await.map(|d| ((), d))
        })
        .await;
    let mut changed = body.clone();
    changed.store_name = "locadm smoke test (updated)".into();
    changed.description = Some(Some("updated by locadm smoke".into()));
    steps
        .run("update", async {
            api.update_location(&id, &changed).await?;
            Ok(((), "updated storeName and description".to_owned()))
        })
        .await;
    steps
        .run("read after update", async {
            compare(api, &id, &changed).await.map(|d| ((), d))
        })
        .await;
    let deleted = steps
        .run("delete", async {
            api.delete_location(&id).await?;
            Ok(((), format!("deleted {id}")))
        })
        .await;
    steps
        .run("read after delete", async {
            match api.get_location(&id).await {
                Err(e) if e.kind() == &Kind::NotFound => Ok(((), "404 as expected".to_owned())),
                Ok(_) => Err(Error::other("the deleted location can still be read")),
                Err(e) => Err(e),
            }
        })
        .await;

    if deleted.is_none() {
        cleanup(context, api, &id, &body.store_id, steps).await;
    }
}

/// Deletes the temporary location after a failed step. The API client already retries
/// a delete a few times at once; when the service is still unavailable (it may be what
/// failed), this waits longer between further rounds. Other refusals (401, 403, a 4xx)
/// will not change by waiting and are not retried. When it still cannot be deleted,
/// stderr names it and gives the command that deletes it.
async fn cleanup(
    context: &Context<'_>,
    api: &ApiClient,
    id: &uuid::Uuid,
    store_id: &str,
    steps: &mut Steps,
) {
    const ATTEMPTS: u32 = 4;
    let started = Instant::now();
    let mut outcome = api.delete_location(id).await;
    for attempt in 1..ATTEMPTS {
        match &outcome {
            Err(e) if matches!(e.kind(), Kind::Unavailable { .. } | Kind::OutcomeUnknown) => {
                tokio::time::sleep(Duration::from_millis(200 << attempt)).await;
                outcome = api.delete_location(id).await;
            }
            _ => break,
        }
    }
    let detail = match &outcome {
        Ok(_) => format!("deleted {id}"),
        Err(e) if e.kind() == &Kind::NotFound => format!("{id} was already gone"),
        Err(e) => {
            let profile = match context.settings().map(|s| s.profile.as_str()) {
                Ok(profile) if profile != "default" => format!(" --profile {profile}"),
                _ => String::new(),
            };
            context.printer.warning(&format!(
                "the temporary location {id} (storeId `{store_id}`) was left behind; delete it with: locadm{profile} location delete {id} --yes"
            ));
            format!(
                "could not delete {id} after {ATTEMPTS} attempts: {}",
                e.full_text()
            )
        }
    };
    steps.steps.push(Step {
        name: "cleanup",
        passed: match &outcome {
            Ok(_) => true,
            Err(e) => e.kind() == &Kind::NotFound,
        },
        millis: started.elapsed().as_millis(),
        detail,
    });
}

fn smoke_body(provider: uuid::Uuid, name: &str, description: &str) -> LocationBody {
    let store_id = format!(
        "locadm-smoke-{}",
        &uuid::Uuid::new_v4().simple().to_string()[..12]
    );
    let text = serde_json::json!({
        "storeId": store_id,
        "storeName": name,
        "structuredAddress": {
            "street": "Smoke Test Street",
            "houseNumber": "1",
            "city": "Berlin",
            "postCode": "10115",
            "countryCode": "DE"
        },
        "latitude": 52.52,
        "longitude": 13.405,
        "locationProvider": { "id": provider },
        "description": description,
    })
    .to_string();
    LocationBody::check_json(&text)
        .expect("the smoke body is valid")
        .body
}

/// Reads the location and compares every field the read form carries with what was sent.
async fn compare(api: &ApiClient, id: &uuid::Uuid, sent: &LocationBody) -> Result<String> {
    let (read, _) = api.get_location(id).await?;
    let mismatches = mismatches(&read, sent);
    if mismatches.is_empty() {
        Ok("every field read back as sent".to_owned())
    } else {
        Err(Error::other(format!(
            "read back differs: {}",
            mismatches.join("; ")
        )))
    }
}

fn mismatches(read: &LocationRead, sent: &LocationBody) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |field: &str, got: Option<String>, want: Option<String>| {
        if got != want {
            out.push(format!("{field}: sent {want:?}, read {got:?}"));
        }
    };
    check(
        "storeId",
        Some(read.store_id.clone()),
        Some(sent.store_id.clone()),
    );
    check(
        "storeName",
        Some(read.store_name.clone()),
        Some(sent.store_name.clone()),
    );
    check(
        "latitude",
        Some(read.latitude.as_f64().to_string()),
        Some(sent.latitude.as_f64().to_string()),
    );
    check(
        "longitude",
        Some(read.longitude.as_f64().to_string()),
        Some(sent.longitude.as_f64().to_string()),
    );
    check(
        "locationProvider.id",
        Some(read.location_provider.id.to_string()),
        Some(sent.location_provider.id.to_string()),
    );
    check(
        "description",
        read.description.clone(),
        sent.description.clone().flatten(),
    );
    if let Some(address) = &sent.structured_address {
        // A read form may carry the structured address, or only the legacy fields.
        let city = read
            .structured_address
            .as_ref()
            .map(|a| a.city.clone())
            .or(read.city.clone());
        let post_code = read
            .structured_address
            .as_ref()
            .map(|a| a.post_code.clone())
            .or(read.post_code.clone());
        check("city", city, Some(address.city.clone()));
        check("postCode", post_code, Some(address.post_code.clone()));
    }
    out
}

fn report(context: &Context<'_>, args: &SmokeArgs, api: &ApiClient, run: Steps) -> Result<()> {
    let printer = context.printer;
    let steps = &run.steps[..];
    let passed = steps.iter().all(|s| s.passed);
    let base_url = shown_url(api.base_url());
    let names = if args.read_only {
        READ_ONLY_STEPS
    } else {
        READ_WRITE_STEPS
    };
    let planned = planned(names, steps);
    if let Some(path) = &args.junit {
        write_junit(path, &base_url, &planned)?;
    }
    if printer.wants_table() {
        let rows: Vec<(&str, String)> = steps
            .iter()
            .map(|s| {
                (
                    s.name,
                    format!(
                        "{} {:>5} ms  {}",
                        if s.passed { "pass" } else { "FAIL" },
                        s.millis,
                        s.detail
                    ),
                )
            })
            .collect();
        printer.field_table(&rows)?;
    } else if !printer.quiet {
        printer.json(&Summary {
            passed,
            base_url: &base_url,
            steps: planned,
        })?;
    }
    if args.github || std::env::var("GITHUB_ACTIONS").is_ok_and(|v| v == "true") {
        for failed in steps.iter().filter(|s| !s.passed) {
            printer.detail(&github_annotation(failed, &base_url));
        }
    }
    // The exit code is the class of what failed first (3 credentials, 4 permission, 5
    // not found, 6 service or network, 1 otherwise), so a job can tell them apart.
    match (steps.iter().find(|s| !s.passed), run.failure) {
        (None, _) => Ok(()),
        (Some(failed), Some(error)) => {
            Err(error.context(&format!("smoke check failed at step `{}`", failed.name)))
        }
        (Some(failed), None) => Err(Error::other(format!(
            "smoke check failed at step `{}`: {}",
            failed.name, failed.detail
        ))),
    }
}

/// A workflow command that GitHub Actions shows as an error on the run's summary, with
/// the data and property escaping its runner expects (`%`, CR, LF; and `:` `,` in
/// properties).
fn github_annotation(step: &Step, base_url: &str) -> String {
    let data = |text: &str| {
        text.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |text: &str| data(text).replace(':', "%3A").replace(',', "%2C");
    format!(
        "::error title={}::{}",
        property(&format!("locadm smoke: step {} failed", step.name)),
        data(&format!("{} ({base_url})", step.detail))
    )
}

/// The JUnit report: one test case for every planned step, whether it ran or not.
fn write_junit(path: &std::path::Path, base_url: &str, planned: &[Planned<'_>]) -> Result<()> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut suite = TestSuite::new("locadm smoke");
    suite.add_property(quick_junit::Property::new("base_url", base_url));
    for step in planned {
        let status = match step.passed {
            Some(true) => TestCaseStatus::success(),
            Some(false) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(step.detail);
                status
            }
            None => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(step.detail);
                status
            }
        };
        let mut case = TestCase::new(step.name, status);
        case.set_classname("locadm.smoke");
        if let Some(millis) = step.millis {
            case.set_time(Duration::from_millis(millis as u64));
        }
        suite.add_test_case(case);
    }
    let mut report = Report::new("locadm smoke");
    report.add_test_suite(suite);
    let xml = report
        .to_string()
        .map_err(|e| Error::other("cannot write the JUnit report").with_source(e))?;
    std::fs::write(path, xml)
        .map_err(|e| Error::other(format!("cannot write `{}`", path.display())).with_source(e))
}
