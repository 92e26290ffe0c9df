//! Remote location providers: after a provider update that names
//! `locationsSource.endpoint`, the emulator fetches that URL in the background (the update
//! has already been answered), expects a JSON array of locations in the create form,
//! validates each with the shared model rules and upserts it under the provider by
//! `storeId`. An element without `locationProvider` is taken as the provider's own; one
//! that names another provider is rejected. Every failure is logged to stderr with the
//! prefix `locadm emulator:` and counted (`remote_rejected` in the counters).

use serde_json::value::RawValue;
use uuid::Uuid;

use super::state::AppState;
use super::store;
use locadm_model::json::RawObject;
use locadm_model::LocationBody;

pub async fn fetch(state: AppState, provider_id: Uuid, endpoint: String) {
    state.counters.bump(&state.counters.remote_fetches);
    let text = match download(&state, &endpoint).await {
        Ok(text) => text,
        Err(e) => {
            crate::log::log(&format!(
                "remote provider {provider_id}: fetching {endpoint}: {e}"
            ));
            state.counters.bump(&state.counters.remote_failures);
            return;
        }
    };
    let elements: Vec<Box<RawValue>> = match serde_json::from_str(&text) {
        Ok(elements) => elements,
        Err(e) => {
            crate::log::log(&format!(
                "remote provider {provider_id}: {endpoint} did not answer a JSON array: {e}"
            ));
            state.counters.bump(&state.counters.remote_failures);
            return;
        }
    };
    let own = RawValue::from_string(format!("{{\"id\":\"{provider_id}\"}}"))
        .expect("a provider reference is valid JSON");
    for (index, element) in elements.iter().enumerate() {
        let body = match check(element, &own, provider_id) {
            Ok(body) => body,
            Err(message) => {
                crate::log::log(&format!(
                    "remote provider {provider_id}: location [{index}] rejected: {message}"
                ));
                state.counters.bump(&state.counters.remote_rejected);
                continue;
            }
        };
        let Ok(encoded) = serde_json::to_string(&body) else {
            continue;
        };
        let store_id = body.store_id.clone();
        let outcome = state
            .store
            .call(move |conn| store::upsert_by_store_id(conn, provider_id, &store_id, &encoded))
            .await;
        match outcome {
            Ok(_) => state.counters.bump(&state.counters.remote_upserts),
            Err(e) => {
                crate::log::log(&format!(
                    "remote provider {provider_id}: location [{index}]: {e}"
                ));
                state.counters.bump(&state.counters.remote_rejected);
            }
        }
    }
}

async fn download(state: &AppState, endpoint: &str) -> Result<String, String> {
    let response = state
        .http()
        .get(endpoint)
        .header("Accept", "application/json")
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("status {status}"));
    }
    let mut response = response;
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
        body.extend_from_slice(&chunk);
        if body.len() > MAX_FEED {
            return Err(format!("the answer is larger than {MAX_FEED} bytes"));
        }
    }
    String::from_utf8(body).map_err(|_| "the answer is not UTF-8 text".to_string())
}

/// The largest answer taken from a remote provider's endpoint.
const MAX_FEED: usize = 16 * 1024 * 1024;

fn check(element: &RawValue, own: &RawValue, provider_id: Uuid) -> Result<LocationBody, String> {
    let mut object: RawObject<'_> =
        serde_json::from_str(element.get()).map_err(|_| "not a JSON object".to_string())?;
    if !object.members.iter().any(|(k, _)| k == "locationProvider") {
        object.members.push(("locationProvider".into(), own));
    }
    let body = LocationBody::check(&object)
        .map_err(|problems| problems.errors_line())?
        .body;
    if body.location_provider.id != provider_id {
        return Err(format!(
            "locationProvider.id: `{}` is not this provider",
            body.location_provider.id
        ));
    }
    Ok(body)
}
