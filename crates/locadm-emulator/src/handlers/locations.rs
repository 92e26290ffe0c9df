//! `/locations`: create, read (also under any path prefix), update, delete, details.
//!
//! # The read form
//!
//! `GET /locations/<id>` returns the fields of the spec's read table: `id`, `storeId`,
//! `storeName`, `address`, `city`, `postCode`, `countryCode`, `latitude` and `longitude`
//! (the numbers exactly as written), `telephoneNumber`, `description`,
//! `hasDisabledAccess` (`false` when never set), `logoUrl`, `photoUrls` (always an array),
//! `locationProvider` `{id, name}` and `links` (`self` and `details`). Absent optional
//! fields are `null`.
//!
//! Beyond the table, decided here: `supplementaryName`, `structuredAddress`, `email`,
//! `tags` and `translations` are always returned (`null` when unset), so that a read,
//! edited and sent back, loses nothing, and a client can tell an unset field from one the
//! read form does not carry. A location written in the structured form also
//! gets the legacy fields derived from it (`address` is `buildingName, street houseNumber`,
//! `city`, `postCode` and `countryCode` are copied). [`ReadForm::Spec`] leaves out
//! everything beyond the table, so the CLI can be tested against both shapes.
//!
//! # Details
//!
//! `GET /locations/<id>/details` (the spec does not show it) returns what the emulator
//! knows about the record: `id`, `storeId`, `source` (`api`, or `remote` when it came
//! from a remote provider's endpoint), `createdAt` and `updatedAt` (Unix seconds),
//! `locationProvider` `{id, name, archivingPeriod, details, endpoint}` and `links`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use uuid::Uuid;

use super::{authorize, json_text, parse_id, ApiError, ApiResult};
use crate::config::ReadForm;
use crate::state::AppState;
use crate::store;
use locadm_model::endpoint::Permission;
use locadm_model::{Link, LocationBody, LocationRead, ProviderBody, ProviderSummary};

fn self_link(id: Uuid) -> Link {
    Link {
        rel: "self".into(),
        href: format!("/locations/{id}"),
    }
}

/// Validates a write body with the shared model rules: 400 naming every problem.
fn checked_body(text: &str) -> Result<LocationBody, ApiError> {
    match LocationBody::check_json(text) {
        Ok(checked) => Ok(checked.body),
        Err(problems) => {
            let message = problems.errors_line();
            Err(ApiError::bad_request(if message.is_empty() {
                "the location body is invalid".to_string()
            } else {
                message
            }))
        }
    }
}

fn unknown_provider(id: Uuid) -> ApiError {
    ApiError::bad_request(format!(
        "locationProvider.id: no location provider with id `{id}`"
    ))
}

fn encode(body: &LocationBody) -> Result<String, ApiError> {
    serde_json::to_string(body).map_err(|e| {
        crate::log::log(&format!("cannot encode a location: {e}"));
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    })
}

/// `POST /locations` → 201 `{"rel": "self", "href": "/locations/<id>"}`.
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    authorize(&state, &headers, Permission::CreateLocations).await?;
    let text = json_text(&headers, body)?;
    let body = checked_body(&text)?;
    let provider_id = body.location_provider.id;
    let store_id = body.store_id.clone();
    let encoded = encode(&body)?;
    let created = state
        .store
        .call(move |conn| {
            if store::provider(conn, provider_id)?.is_none() {
                return Ok(None);
            }
            store::insert_location(conn, provider_id, &store_id, &encoded, "api").map(Some)
        })
        .await?;
    let id = created.ok_or_else(|| unknown_provider(provider_id))?;
    state.counters.bump(&state.counters.creates);
    let link = self_link(id);
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, link.href.clone())],
        Json(link),
    )
        .into_response())
}

/// `PUT /locations/<id>` → 200 with the self link; 404 for an unknown location.
pub async fn update(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    authorize(&state, &headers, Permission::UpdateLocations).await?;
    let id = parse_id("location id", &raw_id)?;
    let text = json_text(&headers, body)?;
    let body = checked_body(&text)?;
    let provider_id = body.location_provider.id;
    let store_id = body.store_id.clone();
    let encoded = encode(&body)?;
    let outcome = state
        .store
        .call(move |conn| {
            if store::location(conn, id)?.is_none() {
                return Ok(Err(StatusCode::NOT_FOUND));
            }
            if store::provider(conn, provider_id)?.is_none() {
                return Ok(Err(StatusCode::BAD_REQUEST));
            }
            store::replace_location(conn, id, provider_id, &store_id, &encoded)?;
            Ok(Ok(()))
        })
        .await?;
    match outcome {
        Ok(()) => {
            state.counters.bump(&state.counters.updates);
            Ok(Json(self_link(id)).into_response())
        }
        Err(StatusCode::NOT_FOUND) => Err(no_location(id)),
        Err(_) => Err(unknown_provider(provider_id)),
    }
}

fn no_location(id: Uuid) -> ApiError {
    ApiError::not_found(format!("no location with id `{id}`"))
}

/// `DELETE /locations/<id>` → 204; 404 for an unknown location.
pub async fn delete(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
) -> ApiResult {
    authorize(&state, &headers, Permission::DeleteLocations).await?;
    let id = parse_id("location id", &raw_id)?;
    let deleted = state
        .store
        .call(move |conn| store::delete_location(conn, id))
        .await?;
    if !deleted {
        return Err(no_location(id));
    }
    state.counters.bump(&state.counters.deletes);
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /locations/<id>`, with the CORS headers of the spec.
pub async fn read(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
) -> Response {
    with_cors(
        read_location(&state, &headers, &raw_id)
            .await
            .into_response(),
    )
}

/// `GET /locations/<id>/details`.
pub async fn details(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw_id): Path<String>,
) -> Response {
    with_cors(
        read_details(&state, &headers, &raw_id)
            .await
            .into_response(),
    )
}

/// `OPTIONS` on a location: the CORS preflight answer, no token needed.
pub async fn preflight() -> Response {
    with_cors(StatusCode::NO_CONTENT.into_response())
}

/// Everything no route matched: reads under the configured path prefix
/// (`GET /<prefix>/locations/<id>` and `.../details`) and their preflights, else 404. A
/// read under another prefix is 404 too, as a service would answer a wrong base URL.
pub async fn fallback(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let rest = state
        .read_prefix
        .as_deref()
        .and_then(|prefix| uri.path().strip_prefix(prefix))
        .filter(|rest| rest.starts_with("/locations/"));
    let segments: Vec<&str> =
        rest.map_or_else(Vec::new, |rest| rest.trim_matches('/').split('/').collect());
    let (read_id, details_id) = match segments.as_slice() {
        ["locations", id] => (Some(*id), None),
        ["locations", id, "details"] => (None, Some(*id)),
        _ => (None, None),
    };
    if method == Method::OPTIONS && (read_id.is_some() || details_id.is_some()) {
        return preflight().await;
    }
    if method == Method::GET || method == Method::HEAD {
        if let Some(id) = read_id {
            return with_cors(read_location(&state, &headers, id).await.into_response());
        }
        if let Some(id) = details_id {
            return with_cors(read_details(&state, &headers, id).await.into_response());
        }
    }
    ApiError::not_found(format!("no endpoint `{} {}`", method, uri.path())).into_response()
}

fn with_cors(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET,PUT,POST,DELETE"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("X-Requested-With,Content-Type"),
    );
    response
}

async fn load(
    state: &AppState,
    id: Uuid,
) -> Result<
    (
        store::StoredLocation,
        LocationBody,
        Option<store::StoredProvider>,
    ),
    ApiError,
> {
    let found = state
        .store
        .call(move |conn| {
            let Some(location) = store::location(conn, id)? else {
                return Ok(None);
            };
            let provider = store::provider(conn, location.provider_id)?;
            Ok(Some((location, provider)))
        })
        .await?;
    let (location, provider) = found.ok_or_else(|| no_location(id))?;
    let body: LocationBody = serde_json::from_str(&location.body).map_err(|e| {
        crate::log::log(&format!("stored location {id} cannot be read: {e}"));
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    })?;
    Ok((location, body, provider))
}

async fn read_location(state: &AppState, headers: &HeaderMap, raw_id: &str) -> ApiResult {
    authorize(state, headers, Permission::ReadLocations).await?;
    let id = parse_id("location id", raw_id)?;
    let (_, body, provider) = load(state, id).await?;
    let name = provider.map(|p| p.name);
    let read = read_form(id, body, name, state.read_form);
    let mut text = serde_json::to_string(&read)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    if state.read_form == ReadForm::Full {
        mark_carried(&mut text, &read);
    }
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// The full read form names every field it carries, `null` when unset, so that a client
/// that edits a read form can tell "empty" from "not carried" (the spec form leaves these
/// keys out altogether).
fn mark_carried(text: &mut String, read: &LocationRead) {
    let unset = [
        ("supplementaryName", read.supplementary_name.is_none()),
        ("structuredAddress", read.structured_address.is_none()),
        ("email", read.email.is_none()),
        ("tags", read.tags.is_none()),
        ("translations", read.translations.is_none()),
    ];
    // `text` is our own serialization of an object, so it ends with `}`.
    debug_assert!(text.ends_with('}'));
    text.pop();
    for (key, _) in unset.iter().filter(|(_, unset)| *unset) {
        text.push_str(&format!(",\"{key}\":null"));
    }
    text.push('}');
}

async fn read_details(state: &AppState, headers: &HeaderMap, raw_id: &str) -> ApiResult {
    authorize(state, headers, Permission::ReadLocations).await?;
    let id = parse_id("location id", raw_id)?;
    let (location, _, provider) = load(state, id).await?;
    let provider_json = match provider {
        Some(p) => {
            let update = p
                .body
                .as_deref()
                .and_then(|b| serde_json::from_str::<ProviderBody>(b).ok());
            let details = update
                .as_ref()
                .and_then(|u| u.details.as_deref())
                .and_then(|d| serde_json::from_str::<Value>(d).ok());
            json!({
                "id": p.id,
                "name": p.name,
                "archivingPeriod": update.as_ref().map(|u| u.archiving_period),
                "details": details,
                "endpoint": update.as_ref().and_then(|u| u.locations_source.as_ref()).and_then(|s| s.endpoint.clone()),
            })
        }
        None => json!({ "id": location.provider_id }),
    };
    Ok(Json(json!({
        "id": id,
        "storeId": location.store_id,
        "source": location.source,
        "createdAt": location.created_at,
        "updatedAt": location.updated_at,
        "locationProvider": provider_json,
        "links": [
            { "rel": "self", "href": format!("/locations/{id}/details") },
            { "rel": "location", "href": format!("/locations/{id}") },
        ],
    }))
    .into_response())
}

/// The read form of a stored location (see the module documentation).
pub fn read_form(
    id: Uuid,
    body: LocationBody,
    provider_name: Option<String>,
    form: ReadForm,
) -> LocationRead {
    let (mut address, mut city, mut post_code, mut country_code) =
        (body.address, body.city, body.post_code, body.country_code);
    if let Some(s) = &body.structured_address {
        let mut line = s.street.clone();
        if let Some(number) = s.house_number.as_deref().filter(|n| !n.is_empty()) {
            line = format!("{line} {number}");
        }
        if let Some(building) = s.building_name.as_deref().filter(|b| !b.is_empty()) {
            line = format!("{building}, {line}");
        }
        address.get_or_insert(line);
        city.get_or_insert_with(|| s.city.clone());
        post_code.get_or_insert_with(|| s.post_code.clone());
        country_code.get_or_insert_with(|| s.country_code.clone());
    }
    let full = form == ReadForm::Full;
    LocationRead {
        id,
        store_id: body.store_id,
        store_name: body.store_name,
        supplementary_name: body.supplementary_name.filter(|_| full),
        structured_address: body.structured_address.filter(|_| full),
        address,
        city,
        post_code,
        country_code,
        latitude: body.latitude,
        longitude: body.longitude,
        telephone_number: body.telephone_number,
        email: body.email.filter(|_| full),
        description: body.description.flatten(),
        has_disabled_access: Some(body.has_disabled_access.unwrap_or(false)),
        logo_url: body.logo_url,
        photo_urls: body
            .photo_urls
            .as_ref()
            .map(|p| p.urls().into_iter().map(String::from).collect())
            .unwrap_or_default(),
        tags: body.tags.filter(|_| full),
        translations: body.translations.filter(|_| full),
        location_provider: ProviderSummary {
            id: body.location_provider.id,
            name: provider_name,
        },
        links: vec![
            self_link(id),
            Link {
                rel: "details".into(),
                href: format!("/locations/{id}/details"),
            },
        ],
    }
}
