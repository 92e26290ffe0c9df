//! `/_admin/`: emulator-only endpoints for tests and rehearsals, without authentication
//! and without fault injection.
//!
//! * `GET /_admin/counters` → `{"requests", "tokens_issued", "creates", "updates",
//!   "deletes", "provider_updates", "faults": {"failed", "throttled", "dropped"},
//!   "remote": {"fetches", "failures", "upserts", "rejected"},
//!   "limits": {"peak_in_flight", "refused_capacity", "refused_rate", "seconds"},
//!   "locations_by_store_id": {storeId: count}}`. `requests` counts every request that
//!   reached the API (not the token endpoint, not `/_admin/`), faulted ones included.
//!   `limits.seconds` is one `{"in_flight", "admitted", "refused"}` a whole second from
//!   the first API request to the latest, for the first hour (`limits::Second`).
//!   The counters start at zero with each process; `locations_by_store_id` is read from
//!   the database.
//! * `POST /_admin/revoke-tokens` → `{"revoked": n}`: every issued token stops working,
//!   so a client's 401 recovery can be tested.
//! * `POST /_admin/rotate-secret` with `{"client_id", "secret"}` → `{"rotated": true}`:
//!   the client's secret is the new one from now on (the old one is refused), as when an
//!   operator rotates it at the identity provider; tokens issued before stay valid.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::json;

use super::{ApiError, ApiResult};
use crate::state::AppState;
use crate::store;

pub async fn counters(State(state): State<AppState>) -> ApiResult {
    let by_store_id = state
        .store
        .call(|conn| store::count_by_store_id(conn))
        .await?;
    let by_store_id: BTreeMap<String, i64> = by_store_id.into_iter().collect();
    let c = &state.counters;
    Ok(Json(json!({
        "requests": c.get(&c.requests),
        "tokens_issued": c.get(&c.tokens_issued),
        "creates": c.get(&c.creates),
        "updates": c.get(&c.updates),
        "deletes": c.get(&c.deletes),
        "provider_updates": c.get(&c.provider_updates),
        "faults": {
            "failed": c.get(&c.faults_failed),
            "throttled": c.get(&c.faults_throttled),
            "dropped": c.get(&c.faults_dropped),
        },
        "remote": {
            "fetches": c.get(&c.remote_fetches),
            "failures": c.get(&c.remote_failures),
            "upserts": c.get(&c.remote_upserts),
            "rejected": c.get(&c.remote_rejected),
        },
        "limits": {
            "peak_in_flight": state.gate.peak_in_flight.load(std::sync::atomic::Ordering::Relaxed),
            "refused_capacity": state.gate.refused_capacity.load(std::sync::atomic::Ordering::Relaxed),
            "refused_rate": state.gate.refused_rate.load(std::sync::atomic::Ordering::Relaxed),
            "seconds": state.gate.seconds(),
        },
        "connections": {
            "accepted": c.get(&c.connections_accepted),
            "refused": c.get(&c.connections_refused),
            "evicted": c.get(&c.connections_evicted),
            "idle_closed": c.get(&c.connections_idle_closed),
            "http1": c.get(&c.connections_http1),
            "http2": c.get(&c.connections_http2),
        },
        "tls": {
            "full_handshakes": c.get(&c.tls_full),
            "resumed": c.get(&c.tls_resumed),
            "failed": c.get(&c.tls_failed),
        },
        "locations_by_store_id": by_store_id,
    }))
    .into_response())
}

pub async fn revoke_tokens(State(state): State<AppState>) -> ApiResult {
    let revoked = state
        .store
        .call(|conn| store::revoke_tokens(conn))
        .await
        .map_err(ApiError::from)?;
    Ok(Json(json!({ "revoked": revoked })).into_response())
}

#[derive(serde::Deserialize)]
pub struct Rotation {
    client_id: String,
    secret: String,
}

pub async fn rotate_secret(
    State(state): State<AppState>,
    Json(rotation): Json<Rotation>,
) -> ApiResult {
    let mut clients = state.clients.write().expect("clients lock");
    let Some(client) = clients.iter_mut().find(|c| c.id == rotation.client_id) else {
        return Err(ApiError::not_found(format!(
            "no client `{}`",
            rotation.client_id
        )));
    };
    client.secret = rotation.secret;
    Ok(Json(json!({ "rotated": true })).into_response())
}
