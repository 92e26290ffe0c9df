//! `PUT /locationProviders/<id>`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;

use super::{authorize, json_text, parse_id, ApiError, ApiResult};
use crate::remote;
use crate::state::AppState;
use crate::store;
use locadm_model::endpoint::Permission;
use locadm_model::{Link, ProviderBody};

/// Validates and stores the provider's new state; 200 with the spec's link quirk
/// (`/locations/<provider_id>`). When the body names `locationsSource.endpoint`, the
/// provider's locations are fetched from there in the background, after the answer
/// (see [`remote`]).
pub async fn update(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    authorize(&state, &headers, Permission::UpdateLocationProviders).await?;
    let id = parse_id("location provider id", &raw_id)?;
    let text = json_text(&headers, body)?;
    let body = match ProviderBody::check_json(&text) {
        Ok(checked) => checked.body,
        Err(problems) => {
            let message = problems.errors_line();
            return Err(ApiError::bad_request(if message.is_empty() {
                "the location provider body is invalid".to_string()
            } else {
                message
            }));
        }
    };
    let encoded = serde_json::to_string(&body).unwrap_or_else(|_| text.clone());
    let name = body.name.clone();
    let updated = state
        .store
        .call(move |conn| store::update_provider(conn, id, &name, &encoded))
        .await?;
    if !updated {
        return Err(ApiError::not_found(format!(
            "no location provider with id `{id}`"
        )));
    }
    state.counters.bump(&state.counters.provider_updates);
    // An empty `locationsSource` (no endpoint) is a provider that is not remote.
    if let Some(endpoint) = body.locations_source.and_then(|s| s.endpoint) {
        let state = state.clone();
        tokio::spawn(async move { remote::fetch(state, id, endpoint).await });
    }
    Ok(Json(Link {
        rel: "self".into(),
        href: format!("/locations/{id}"),
    })
    .into_response())
}
