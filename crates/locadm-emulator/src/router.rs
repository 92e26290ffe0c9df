//! The axum router: which handler answers which route, behind which middleware.

use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::{get, post, put};
use axum::Router;

use super::config::EmulatorConfig;
use super::handlers::{admin, injection, locations, providers, token, ApiError};
use super::request_log;
use super::state::AppState;
use locadm_model::endpoint::route;

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        format!("`{method}` is not allowed on `{}`", uri.path()),
    )
}

/// The whole emulator: the API (with fault injection), the token endpoint and `/_admin/`.
pub fn router(state: AppState, config: &EmulatorConfig) -> Router {
    let api = Router::new()
        .route(route::LOCATIONS, post(locations::create))
        .route(
            route::LOCATION,
            get(locations::read)
                .put(locations::update)
                .delete(locations::delete)
                .options(locations::preflight),
        )
        .route(
            route::LOCATION_DETAILS,
            get(locations::details).options(locations::preflight),
        )
        .route(route::PROVIDER, put(providers::update))
        .fallback(locations::fallback)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            injection::inject,
        ));

    let mut oauth = Router::new().route("/oauth/token", post(token::token));
    if config.faults.token_endpoint {
        oauth = oauth.layer(middleware::from_fn_with_state(
            state.clone(),
            injection::inject,
        ));
    }

    let admin = Router::new()
        .route("/_admin/counters", get(admin::counters))
        .route("/_admin/revoke-tokens", post(admin::revoke_tokens))
        .route("/_admin/rotate-secret", post(admin::rotate_secret));

    let app = api
        .merge(oauth)
        .merge(admin)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(state);
    match &config.request_log {
        Some(log) => app.layer(middleware::from_fn_with_state(
            log.clone(),
            request_log::middleware,
        )),
        None => app,
    }
}
