//! The send loop of the API client: one request to an endpoint, on either route, with
//! the token (renewed once on a 401), retries where they are safe, the pace of a bulk
//! run, and the answer mapped to a typed error.

use std::sync::OnceLock;
use std::time::Duration;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use secrecy::{ExposeSecret, SecretString};

use locadm_transport::{
    pacer, BodyBuffer, Failure, TransportError, TransportKind, MAX_HELD_BYTES, MAX_RESPONSE_BYTES,
};

use super::raw::Call;
use super::{errors, ApiClient, BoxFuture, Dedicated, Endpoint, Head, Idempotency, Reply, Route};
use crate::error::{Error, Result};
use crate::transport::{request_headers, transport_error};

impl ApiClient {
    /// Sends one request to `endpoint` on `route`: bearer token, one renewal on 401,
    /// retries on 429/502/503/504 and refused connections (honouring `Retry-After`, and
    /// never a create the service may have acted on), status mapped to an error.
    pub(super) async fn send_payload(
        &self,
        route: &mut Route,
        endpoint: Endpoint,
        payload: Option<bytes::Bytes>,
    ) -> Result<Reply> {
        self.send(route, Call::Endpoint(endpoint), payload).await
    }

    /// [`ApiClient::send_payload`] for an endpoint or a request of the user's (`raw.rs`),
    /// whose method says whether it may be sent again.
    pub(super) async fn send(
        &self,
        route: &mut Route,
        call: Call<'_>,
        payload: Option<bytes::Bytes>,
    ) -> Result<Reply> {
        let target = Target::new(self, call);
        let method = call.method();
        if let Some(curl) = self.curl.as_ref().filter(|curl| curl.prints(&method)) {
            let mut headers: HeaderMap = request_headers(payload.is_some()).collect();
            call.apply_headers(&mut headers);
            curl.print(&method, target.url(), &headers, payload.as_deref())?;
            self.trace.note(&format!(
                "{method} {}: printed (`--curl`), not sent",
                target.url()
            ));
            return Err(Error::printed());
        }
        let idempotency = call.idempotency();
        let mut token = match self.credentials.at_hand() {
            Some(token) => token,
            None => self.credentials.bearer().await?,
        };
        let mut renewed = false;
        let mut attempt = 1;
        loop {
            if let Some(pacer) = &self.pacer {
                if pacer.before_send().await.is_err() {
                    // The run was stopped while this request waited its turn: it was
                    // not sent (a retry's earlier attempts were answered as not done).
                    return Err(Error::interrupted());
                }
            }
            // The attempt timed here only on the shared client: a dedicated connection's
            // answer carries its round trip (from the request going out on an open
            // connection), and two clock reads more a record were 1.5% of a bulk
            // create's time over TLS (perf).
            let sent = matches!(route, Route::Shared).then(std::time::Instant::now);
            // Boxed: an attempt's future (hyper's or reqwest's exchange, with its
            // timers) is kilobytes, and every future that awaits it in place would
            // hold (and copy) it too.
            let exchange: BoxFuture<'_, Result<Reply, Failure>> = match route {
                Route::Shared => {
                    Box::pin(self.attempt(call, &method, target.url(), payload.as_ref(), &token))
                }
                Route::Dedicated(dedicated) => {
                    Box::pin(self.attempt_on(dedicated, &method, &target, payload.as_ref(), &token))
                }
            };
            let outcome = exchange.await;
            if let Some(pacer) = &self.pacer {
                pacer.observe(pace_signal(&outcome, sent.map(|sent| sent.elapsed())));
            }
            let retry_after = match &outcome {
                Ok(reply) if reply.status == StatusCode::UNAUTHORIZED && !renewed => {
                    self.trace.note("401: renewing the token once and retrying");
                    token = self
                        .credentials
                        .renew(&token)
                        .await
                        .map_err(|e| errors::with_refusal(e, reply.refusal.as_deref()))?;
                    renewed = true;
                    continue;
                }
                Ok(reply) if errors::retryable_status(reply.status, idempotency) => {
                    let asked = errors::retry_after(reply);
                    if let Some(wait) = asked {
                        self.note_wait(reply.status, wait, attempt);
                    }
                    Some(asked.unwrap_or_else(|| backoff(attempt)))
                }
                Err(Failure::Transport(e)) if errors::retryable_transport(e, idempotency) => {
                    Some(backoff(attempt))
                }
                _ => None,
            };
            let retried = match retry_after {
                Some(delay) if attempt < self.max_attempts => {
                    self.trace.note(&format!(
                        "retrying in {:.1}s (attempt {attempt})",
                        delay.as_secs_f64()
                    ));
                    // A stopped run sends no retry: the last answer is the outcome.
                    match &self.pacer {
                        Some(pacer) => pacer.sleep(delay).await.is_ok(),
                        None => {
                            tokio::time::sleep(delay).await;
                            true
                        }
                    }
                }
                _ => false,
            };
            if retried {
                attempt += 1;
                continue;
            }
            let create = idempotency == Idempotency::Create;
            return match outcome {
                Ok(reply) if create && !(100..=599).contains(&reply.status.as_u16()) => {
                    Err(errors::unconfirmed(format!(
                        "the service answered the create with status {}, which HTTP does not define",
                        reply.status.as_u16()
                    )))
                }
                Ok(Reply {
                    coding: Some(coding),
                    status,
                    ..
                }) if status.is_success() => {
                    let message = format!(
                        "{method} {}: the answer came as `{}`, a coding the tool never asks for, so its body cannot be read",
                        target.url(),
                        locadm_model::text::sanitize_line(&coding)
                    );
                    Err(if create {
                        errors::unconfirmed(message)
                    } else {
                        Error::unavailable(None, message)
                    })
                }
                Ok(reply) if reply.status.is_success() => Ok(reply),
                Ok(reply) => Err(errors::status_error(
                    &reply,
                    call,
                    target.url(),
                    self.credentials.as_ref(),
                )),
                Err(Failure::Transport(e)) => Err(errors::transport_error(
                    &e,
                    target.url(),
                    &method,
                    idempotency,
                )),
                Err(refused @ (Failure::TooLarge | Failure::Crowded)) => {
                    let message = match refused {
                        Failure::Crowded => format!(
                            "{method} {}: the answers read and not yet handled would hold more than {} MiB with this one, which was not read whole",
                            target.url(),
                            MAX_HELD_BYTES >> 20
                        ),
                        _ => format!(
                            "{method} {}: the response body is larger than {} MiB and was not read",
                            target.url(),
                            MAX_RESPONSE_BYTES >> 20
                        ),
                    };
                    Err(if create {
                        errors::unconfirmed(message)
                    } else {
                        Error::unavailable(None, message)
                    })
                }
            };
        }
    }

    /// Says a `Retry-After` of [`super::LONG_WAIT`] or more before it is waited for, when
    /// another attempt follows and no bulk run's pacer says it (as a pause of the whole
    /// run) instead.
    fn note_wait(&self, status: StatusCode, wait: Duration, attempt: u32) {
        if self.pacer.is_some() {
            return;
        }
        if wait >= super::LONG_WAIT && attempt < self.max_attempts {
            self.trace.tell(&format!(
                "{}: trying again then (attempt {} of {})",
                super::asked_wait(status.as_u16(), wait),
                attempt + 1,
                self.max_attempts
            ));
        }
    }

    /// One attempt on the shared client; a request of the user's carries the headers
    /// given over the client's, and its answer keeps its head.
    async fn attempt(
        &self,
        call: Call<'_>,
        method: &Method,
        url: &url::Url,
        payload: Option<&bytes::Bytes>,
        token: &SecretString,
    ) -> Result<Reply, Failure> {
        let mut request = self
            .transport
            .http
            .request(method.clone(), url.clone())
            .bearer_auth(token.expose_secret());
        for (name, value) in request_headers(payload.is_some()) {
            request = request.header(name, value);
        }
        if let Some(payload) = payload {
            request = request.body(payload.clone());
        }
        let failed = |e| Failure::Transport(transport_error(e));
        let mut request = request.build().map_err(failed)?;
        call.apply_headers(request.headers_mut());
        self.trace.request(
            request.method(),
            request.url(),
            request.headers(),
            payload.map(|p| &p[..]),
        );
        let mut response = self.transport.http.execute(request).await.map_err(failed)?;
        let status = response.status();
        self.trace
            .response(response.version(), status, response.headers());
        let mut body = BodyBuffer::new(response.content_length());
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if let Err(refused) = body.extend(&chunk) {
                self.trace
                    .note("response body over the limit; the rest is not read");
                return Err(refused);
            }
        }
        let body = body.freeze();
        self.trace.body(&body);
        let mut reply = Reply::new(status, response.headers(), body);
        if call.keeps_head() {
            reply.head = Some(Box::new(Head {
                version: response.version(),
                headers: response.headers().clone(),
            }));
        }
        Ok(reply)
    }

    /// One attempt on a dedicated connection: the same request as `attempt` makes.
    async fn attempt_on(
        &self,
        dedicated: &mut Dedicated,
        method: &Method,
        target: &Target<'_>,
        payload: Option<&bytes::Bytes>,
        token: &SecretString,
    ) -> Result<Reply, Failure> {
        let invalid =
            |e: &(dyn std::error::Error + 'static)| TransportError::new(TransportKind::Invalid, e);
        let uri = dedicated
            .request_target(target.call.endpoint(), || {
                hyper::Uri::try_from(target.path_and_query())
            })
            .map_err(|e| invalid(&e))?;
        let headers = dedicated
            .connection
            .headers(payload.is_some(), token)
            .map_err(|e| invalid(&e))?;
        let mut request = hyper::Request::new(http_body_util::Full::new(
            payload.cloned().unwrap_or_default(),
        ));
        *request.method_mut() = method.clone();
        *request.uri_mut() = uri;
        *request.headers_mut() = headers;
        if self.trace.on() {
            self.trace.request(
                method,
                target.url(),
                request.headers(),
                payload.map(|p| &p[..]),
            );
        }
        let answer = dedicated.connection.exchange(request).await?;
        let parts = answer.parts;
        self.trace
            .response(parts.version, parts.status, &parts.headers);
        self.trace.body(&answer.body);
        let mut reply = Reply::new(parts.status, &parts.headers, answer.body);
        reply.round_trip = Some(answer.round_trip);
        reply.multiplexed = answer.multiplexed;
        Ok(reply)
    }
}

/// Where a request goes. Its URL is made when first needed: the shared client sends to
/// it, and an error or `--verbose` names it, but a dedicated connection's request line
/// takes the path alone (which its connection keeps from one create to the next). Made
/// for every record, the URL and the target made from it cost a bulk create 1,850
/// instructions a record (callgrind), a tenth of its worker's work; kept, 130.
struct Target<'a> {
    client: &'a ApiClient,
    call: Call<'a>,
    url: OnceLock<url::Url>,
}

impl<'a> Target<'a> {
    fn new(client: &'a ApiClient, call: Call<'a>) -> Target<'a> {
        Target {
            client,
            call,
            url: OnceLock::new(),
        }
    }

    fn url(&self) -> &url::Url {
        self.url.get_or_init(|| match self.call {
            Call::Endpoint(endpoint) => self.client.url(&endpoint.path(&self.client.read_prefix)),
            Call::Raw(raw) => raw.url().clone(),
        })
    }

    /// What the request line of an HTTP/1.1 request (or HTTP/2's `:path`) names.
    fn path_and_query(&self) -> String {
        let url = self.url();
        match url.query() {
            Some(query) => format!("{}?{query}", url.path()),
            None => url.path().to_owned(),
        }
    }
}

/// What an attempt's outcome says about the pace: 429 (a rate) and 503 (a capacity) ask
/// to slow down (with their `Retry-After`); any other answer took its round trip (from
/// the request going on an open connection when that was measured, else the attempt's
/// `elapsed`, which the shared client's attempts have), as a stream over a shared
/// HTTP/2 connection or not; no answer says nothing, nor would an answer whose round
/// trip was not measured (every route measures one: none is taken for zero).
fn pace_signal(outcome: &Result<Reply, Failure>, elapsed: Option<Duration>) -> pacer::Signal {
    match outcome {
        Ok(reply) if reply.status == StatusCode::TOO_MANY_REQUESTS => {
            pacer::Signal::Throttled(reply.retry_after)
        }
        Ok(reply) if reply.status == StatusCode::SERVICE_UNAVAILABLE => {
            pacer::Signal::Refused(reply.retry_after)
        }
        Ok(reply) => match (reply.round_trip.or(elapsed), reply.multiplexed) {
            (Some(round_trip), true) => pacer::Signal::Streamed(round_trip),
            (Some(round_trip), false) => pacer::Signal::Answered(round_trip),
            (None, _) => pacer::Signal::Lost,
        },
        Err(_) => pacer::Signal::Lost,
    }
}

/// Exponential backoff with jitter: about 0.2 s, 0.4 s, 0.8 s … capped at 10 s.
pub(super) fn backoff(attempt: u32) -> Duration {
    let base = 200u64.saturating_mul(1 << attempt.min(6).saturating_sub(1));
    let jitter = fastrand::u64(0..=base / 2);
    Duration::from_millis((base + jitter).min(10_000))
}
