//! The OAuth 2.0 grants this tool uses, through the `oauth2` crate on the shared
//! `reqwest::Client` ([`transport::Bounded`]): client credentials (RFC 6749 §4.4), refresh
//! (§6), the authorization code with PKCE (§4.1, RFC 7636), the device authorization
//! grant (RFC 8628), and the exchange of a workload identity token by the JWT bearer
//! grant (RFC 7523 §2.1) or token exchange (RFC 8693), which the crate does not know and
//! which are sent here on the same transport and read into its response types.
//!
//! The client proves itself by HTTP Basic, by the form body, by a signed assertion
//! (`private_key_jwt`, [`ClientKey`]) or not at all (a public client).

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use oauth2::basic::{
    BasicErrorResponse, BasicRevocationErrorResponse, BasicTokenIntrospectionResponse,
    BasicTokenType,
};
use oauth2::{
    AuthType, AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken,
    DeviceAuthorizationUrl, EndpointNotSet, EndpointSet, ExtraTokenFields, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, RefreshToken, RequestTokenError, Scope,
    StandardDeviceAuthorizationResponse, StandardErrorResponse, StandardRevocableToken,
    StandardTokenResponse, TokenResponse, TokenUrl,
};
use secrecy::{ExposeSecret, SecretString};

use super::client_key::{self, ClientKey};
use super::discovery::{JWT_BEARER, TOKEN_EXCHANGE};
use super::transport::{self, Bounded, SendError};
use crate::error::{Error, Result};
use crate::service_url::shown as shown_url;

/// A token as the endpoint granted it. `Debug` shows the tokens as `[REDACTED]`.
#[derive(Debug)]
pub struct Grant {
    pub token: SecretString,
    pub expires_in: Option<Duration>,
    /// The granted scope (space-separated) when the server said, else the requested one.
    pub scope: Option<String>,
    /// Present for a person's login when the provider gives one (`offline_access`).
    pub refresh_token: Option<SecretString>,
    /// The OpenID Connect ID token (a person's login asked for `openid`), unverified
    /// here: `id_token.rs` checks it with the provider's keys.
    pub id_token: Option<SecretString>,
}

/// The member of a token response OpenID Connect adds (Core §3.1.3.3).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct IdTokenField {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id_token: Option<String>,
}

impl ExtraTokenFields for IdTokenField {}

/// A token response, with the ID token when there is one.
type Response = StandardTokenResponse<IdTokenField, BasicTokenType>;

/// How the client proves itself at the token endpoint.
#[derive(Debug)]
pub enum ClientProof {
    /// A public client (a person's login on this machine, a workload token): its id only.
    Public,
    /// The client secret, by HTTP Basic (`client_secret_basic`) or in the form body
    /// (`client_secret_post`).
    Secret { secret: SecretString, in_body: bool },
    /// A JWT signed with the client's key (`private_key_jwt`).
    Key(Arc<ClientKey>),
}

impl ClientProof {
    /// What a token got with this proof is bound to (none for a public client).
    pub fn binding_material(&self) -> Option<&SecretString> {
        match self {
            ClientProof::Public => None,
            ClientProof::Secret { secret, .. } => Some(secret),
            ClientProof::Key(key) => Some(key.binding_material()),
        }
    }

    /// The method's registered name, for messages and `-v`.
    pub fn method(&self) -> &'static str {
        match self {
            ClientProof::Public => "none",
            ClientProof::Secret { in_body: false, .. } => "client_secret_basic",
            ClientProof::Secret { in_body: true, .. } => "client_secret_post",
            ClientProof::Key(_) => "private_key_jwt",
        }
    }
}

/// Which grant a refusal answered, for its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    ClientCredentials,
    Refresh,
    Code,
    Device,
    Federated,
    Revoke,
}

/// The `oauth2` client with the ID token read from token responses; `T`: whether its
/// token endpoint is set (it is, once made).
type ClientOf<T> = oauth2::Client<
    BasicErrorResponse,
    Response,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    T,
>;
type Client = ClientOf<EndpointSet>;

/// One client at one token endpoint.
pub struct TokenClient<'a> {
    pub http: &'a reqwest::Client,
    pub token_url: &'a url::Url,
    pub client_id: &'a str,
    pub proof: &'a ClientProof,
    /// Where the client id and its secret or key came from, as a refusal names them
    /// (`the client id (LOCADM_CLIENT_ID) and secret (LOCADM_CLIENT_SECRET)`).
    pub credentials: String,
}

impl TokenClient<'_> {
    fn client(&self) -> Client {
        let client = ClientOf::<EndpointNotSet>::new(ClientId::new(self.client_id.to_owned()))
            .set_token_uri(TokenUrl::from_url(self.token_url.clone()));
        match self.proof {
            ClientProof::Secret { secret, in_body } => client
                .set_client_secret(ClientSecret::new(secret.expose_secret().to_owned()))
                .set_auth_type(if *in_body {
                    AuthType::RequestBody
                } else {
                    AuthType::BasicAuth
                }),
            // No secret: the crate sends `client_id` in the body.
            ClientProof::Public | ClientProof::Key(_) => {
                client.set_auth_type(AuthType::RequestBody)
            }
        }
    }

    /// The form parameters of a signed assertion, fresh for each request (its `jti` is
    /// unique: providers refuse one seen before).
    fn assertion_params(&self) -> Result<Vec<(&'static str, String)>> {
        match self.proof {
            ClientProof::Key(key) => Ok(vec![
                (
                    "client_assertion_type",
                    client_key::ASSERTION_TYPE.to_owned(),
                ),
                (
                    "client_assertion",
                    key.assertion(self.client_id, self.token_url.as_str())?
                        .expose_secret()
                        .to_owned(),
                ),
            ]),
            _ => Ok(Vec::new()),
        }
    }

    /// Every form of every secret a request carried (`sent`: its tokens, code, verifier
    /// or assertion; the client's secret or key is added here) in which an answer may
    /// echo it: what [`from_endpoint`] hides.
    fn echoes(&self, sent: &[&str]) -> Echoes {
        let mut echoes = Echoes::default();
        for secret in sent {
            echoes.add(secret);
        }
        match self.proof {
            ClientProof::Secret { secret, .. } => {
                echoes.add(secret.expose_secret());
                echoes.add_basic_pair(self.client_id, secret.expose_secret());
            }
            ClientProof::Key(key) => echoes.add(key.binding_material().expose_secret()),
            ClientProof::Public => {}
        }
        echoes
    }

    /// The assertion of `params` ([`TokenClient::assertion_params`]), to redact.
    fn assertion_of<'p>(params: &'p [(&str, String)]) -> Vec<&'p str> {
        params
            .iter()
            .filter(|(name, _)| *name == "client_assertion")
            .map(|(_, value)| value.as_str())
            .collect()
    }

    /// The extra form parameters of one request (a fresh assertion, with a key) and the
    /// echoes of every secret it carries: `sent` (its token, code or verifier), the
    /// assertion and the client's own.
    fn prepare(&self, sent: &[&str]) -> Result<(Vec<(&'static str, String)>, Echoes)> {
        let params = self.assertion_params()?;
        let mut all = Self::assertion_of(&params);
        all.extend(sent);
        let echoes = self.echoes(&all);
        Ok((params, echoes))
    }

    /// The grant of a token response, its scope (text from the endpoint) redacted.
    fn granted(&self, response: &Response, requested: &[String], echoes: &Echoes) -> Grant {
        let mut grant = grant_of(response, requested);
        grant.scope = grant.scope.map(|scope| from_endpoint(&scope, echoes));
        grant
    }

    /// The client credentials grant.
    pub async fn client_credentials(&self, scopes: &[String]) -> Result<Grant> {
        let client = self.client();
        let mut request = client
            .exchange_client_credentials()
            .add_scopes(scopes.iter().cloned().map(Scope::new));
        let (params, echoes) = self.prepare(&[])?;
        for (name, value) in params {
            request = request.add_extra_param(name, value);
        }
        match request.request_async(&Bounded(self.http.clone())).await {
            Ok(response) => Ok(self.granted(&response, scopes, &echoes)),
            Err(e) => Err(self.at_token().refused(e, Flow::ClientCredentials, &echoes)),
        }
    }

    /// A new access token for a refresh token. The provider may rotate the refresh
    /// token; the grant carries the new one when it does.
    pub async fn refresh(&self, refresh_token: &SecretString) -> Result<Grant> {
        let client = self.client();
        let token = RefreshToken::new(refresh_token.expose_secret().to_owned());
        let mut request = client.exchange_refresh_token(&token);
        let (params, echoes) = self.prepare(&[refresh_token.expose_secret()])?;
        for (name, value) in params {
            request = request.add_extra_param(name, value);
        }
        match request.request_async(&Bounded(self.http.clone())).await {
            Ok(response) => Ok(self.granted(&response, &[], &echoes)),
            Err(e) => Err(self.at_token().refused(e, Flow::Refresh, &echoes)),
        }
    }

    /// The authorization request of a person's login: the URL to open, the state to
    /// expect back and the PKCE verifier (S256) to prove the code is ours.
    pub fn authorization(
        &self,
        authorization_endpoint: &url::Url,
        redirect: &url::Url,
        scopes: &[String],
        nonce: &str,
    ) -> (url::Url, CsrfToken, PkceCodeVerifier) {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let client = self
            .client()
            .set_auth_uri(AuthUrl::from_url(authorization_endpoint.clone()))
            .set_redirect_uri(RedirectUrl::from_url(redirect.clone()));
        let (url, state) = client
            .authorize_url(CsrfToken::new_random)
            .add_scopes(scopes.iter().cloned().map(Scope::new))
            .set_pkce_challenge(challenge)
            // OpenID Connect Core §3.1.2.1: the ID token must carry it back.
            .add_extra_param("nonce", nonce)
            .url();
        (url, state, verifier)
    }

    /// Exchanges the code the redirect brought for tokens.
    pub async fn exchange_code(
        &self,
        code: &SecretString,
        verifier: PkceCodeVerifier,
        redirect: &url::Url,
    ) -> Result<Grant> {
        let client = self.client();
        let redirect = RedirectUrl::from_url(redirect.clone());
        let (params, echoes) = self.prepare(&[code.expose_secret(), verifier.secret()])?;
        let mut request = client
            .exchange_code(AuthorizationCode::new(code.expose_secret().to_owned()))
            .set_pkce_verifier(verifier)
            .set_redirect_uri(Cow::Owned(redirect));
        for (name, value) in params {
            request = request.add_extra_param(name, value);
        }
        match request.request_async(&Bounded(self.http.clone())).await {
            Ok(response) => Ok(self.granted(&response, &[], &echoes)),
            Err(e) => Err(self.at_token().refused(e, Flow::Code, &echoes)),
        }
    }

    /// Starts a device login: the code to show and where to enter it.
    pub async fn device_authorization(
        &self,
        device_endpoint: &url::Url,
        scopes: &[String],
    ) -> Result<StandardDeviceAuthorizationResponse> {
        if matches!(self.proof, ClientProof::Key(_)) {
            // Polling repeats one request; an assertion may be used once.
            return Err(Error::usage(
                "`login --device` is for public clients; with `private_key_jwt` use `login --web`",
            ));
        }
        let client = self
            .client()
            .set_device_authorization_url(DeviceAuthorizationUrl::from_url(
                device_endpoint.clone(),
            ));
        client
            .exchange_device_code()
            .add_scopes(scopes.iter().cloned().map(Scope::new))
            .request_async(&Bounded(self.http.clone()))
            .await
            .map_err(|e| {
                let at = At {
                    what: "the device authorization endpoint",
                    url: device_endpoint,
                    client_id: self.client_id,
                    credentials: &self.credentials,
                };
                at.refused(e, Flow::Device, &self.echoes(&[]))
            })
    }

    /// Polls until the person approved (or denied, or the code expired), at the
    /// server's interval, slowing down when it says `slow_down` (the `oauth2` crate's
    /// loop, RFC 8628 §3.5).
    pub async fn device_token(
        &self,
        device_endpoint: &url::Url,
        details: &StandardDeviceAuthorizationResponse,
    ) -> Result<Grant> {
        let client = self
            .client()
            .set_device_authorization_url(DeviceAuthorizationUrl::from_url(
                device_endpoint.clone(),
            ));
        let http = Bounded(self.http.clone());
        let echoes = self.echoes(&[details.device_code().secret()]);
        match client
            .exchange_device_access_token(details)
            .request_async(&http, tokio::time::sleep, None)
            .await
        {
            Ok(response) => Ok(self.granted(&response, &[], &echoes)),
            Err(e) => Err(self.at_token().refused(e, Flow::Device, &echoes)),
        }
    }

    /// Revokes `token` (RFC 7009) at `endpoint`, its type given as a hint: `Ok` when the
    /// provider confirmed (HTTP 200; RFC 7009 §2.2 answers so also for a token it no
    /// longer knows).
    pub async fn revoke(
        &self,
        endpoint: &url::Url,
        token: &SecretString,
        refresh: bool,
    ) -> Result<()> {
        let at = At {
            what: "the revocation endpoint",
            url: endpoint,
            client_id: self.client_id,
            credentials: &self.credentials,
        };
        let form = vec![
            ("token", token.expose_secret().to_owned()),
            (
                "token_type_hint",
                if refresh {
                    "refresh_token"
                } else {
                    "access_token"
                }
                .to_owned(),
            ),
        ];
        let (answer, echoes) = self
            .post_form(endpoint, form, &[token.expose_secret()])
            .await
            .map_err(|e| e.unwrap_or_else(|e| at.unanswered(&e)))?;
        if answer.status().is_success() {
            return Ok(());
        }
        match serde_json::from_slice::<BasicErrorResponse>(answer.body()) {
            Ok(refusal) => Err(refusal_error(&refusal, Flow::Revoke, &at, &echoes)),
            Err(_) => Err(Error::auth(format!(
                "{} refused the revocation (HTTP {})",
                at.named(),
                answer.status().as_u16()
            ))
            .with_hint(flow_hint(Flow::Revoke, self.client_id, &self.credentials))),
        }
    }

    /// Exchanges a workload identity token (a JWT from the CI platform) for an access
    /// token, by `grant_type` ([`JWT_BEARER`] or [`TOKEN_EXCHANGE`]).
    pub async fn federated(
        &self,
        grant_type: &str,
        workload_token: &SecretString,
        scopes: &[String],
    ) -> Result<Grant> {
        let token = workload_token.expose_secret().to_owned();
        let mut form: Vec<(&str, String)> = vec![("grant_type", grant_type.to_owned())];
        if grant_type == TOKEN_EXCHANGE {
            form.push(("subject_token", token));
            form.push((
                "subject_token_type",
                "urn:ietf:params:oauth:token-type:jwt".into(),
            ));
            form.push((
                "requested_token_type",
                "urn:ietf:params:oauth:token-type:access_token".into(),
            ));
        } else {
            debug_assert_eq!(grant_type, JWT_BEARER);
            form.push(("assertion", token));
        }
        if !scopes.is_empty() {
            form.push(("scope", scopes.join(" ")));
        }
        let (answer, echoes) = self
            .post_form(self.token_url, form, &[workload_token.expose_secret()])
            .await
            .map_err(|e| e.unwrap_or_else(|e| self.at_token().unanswered(&e)))?;
        if answer.status().is_success() {
            let response: Response = serde_json::from_slice(answer.body())
                .map_err(|_| self.at_token().not_a_token_response())?;
            return Ok(self.granted(&response, scopes, &echoes));
        }
        match serde_json::from_slice::<BasicErrorResponse>(answer.body()) {
            Ok(refusal) => Err(refusal_error(
                &refusal,
                Flow::Federated,
                &self.at_token(),
                &echoes,
            )),
            Err(_) => Err(Error::auth(format!(
                "the token endpoint {} refused the workload token (HTTP {})",
                shown_url(self.token_url),
                answer.status().as_u16()
            ))
            .with_hint(FEDERATED_HINT)),
        }
    }

    /// POSTs `form` to `url` with the client's authentication (HTTP Basic, the form
    /// body, or an assertion), which the `oauth2` crate does not send for these requests
    /// (a grant it does not know; revocation over http to loopback, which it refuses):
    /// the answer and the echoes of every secret sent (`sent` and the client's).
    /// `Err(Ok(e))`: the request could not be made; `Err(Err(e))`: no answer came.
    async fn post_form(
        &self,
        url: &url::Url,
        mut form: Vec<(&'static str, String)>,
        sent: &[&str],
    ) -> std::result::Result<(oauth2::HttpResponse, Echoes), std::result::Result<Error, SendError>>
    {
        let mut request = oauth2::http::Request::builder()
            .method(oauth2::http::Method::POST)
            .uri(url.as_str())
            .header(oauth2::http::header::ACCEPT, "application/json")
            .header(
                oauth2::http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            );
        match self.proof {
            ClientProof::Secret {
                secret,
                in_body: false,
            } => {
                request = request.header(
                    oauth2::http::header::AUTHORIZATION,
                    basic_credentials(self.client_id, secret),
                )
            }
            ClientProof::Secret {
                secret,
                in_body: true,
            } => {
                form.push(("client_id", self.client_id.to_owned()));
                form.push(("client_secret", secret.expose_secret().to_owned()));
            }
            ClientProof::Public | ClientProof::Key(_) => {
                form.push(("client_id", self.client_id.to_owned()));
                form.extend(self.assertion_params().map_err(Ok)?);
            }
        }
        let mut all = Self::assertion_of(&form);
        all.extend(sent);
        let echoes = self.echoes(&all);
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(&form)
            .finish()
            .into_bytes();
        let request = request
            .body(body)
            .map_err(|e| Ok(Error::other("cannot build the request").with_source(e)))?;
        let answer = transport::send(self.http, request).await.map_err(Err)?;
        Ok((answer, echoes))
    }

    /// The token endpoint, for an error.
    fn at_token(&self) -> At<'_> {
        At {
            what: "the token endpoint",
            url: self.token_url,
            client_id: self.client_id,
            credentials: &self.credentials,
        }
    }
}

/// The endpoint an answer came from (the token, device authorization or revocation
/// endpoint), so that every error names it.
#[derive(Clone, Copy)]
pub(super) struct At<'a> {
    pub what: &'static str,
    pub url: &'a url::Url,
    pub client_id: &'a str,
    /// Where the credentials came from ([`TokenClient::credentials`]).
    pub credentials: &'a str,
}

impl At<'_> {
    fn named(&self) -> String {
        format!("{} {}", self.what, shown_url(self.url))
    }

    fn not_a_token_response(&self) -> Error {
        Error::unavailable(
            None,
            format!(
                "{} answered with something that is not an OAuth 2.0 answer",
                self.named()
            ),
        )
        .with_hint("check `token_url` (or `issuer`): it must name the OAuth 2.0 provider")
    }

    pub(super) fn unanswered(&self, error: &SendError) -> Error {
        transport::unavailable(
            &self.named(),
            error,
            "check `token_url` (or `issuer`) and that the provider is up; `--verbose` shows the exchange",
        )
    }

    /// A failed request as this tool's error: the provider's refusal in words (its text
    /// made safe and stripped of anything secret it echoed), or why no answer came.
    fn refused<T>(
        &self,
        error: RequestTokenError<SendError, StandardErrorResponse<T>>,
        flow: Flow,
        secrets: &Echoes,
    ) -> Error
    where
        T: oauth2::ErrorResponseType + AsRef<str> + std::fmt::Display,
    {
        match error {
            RequestTokenError::ServerResponse(response) => {
                refusal_error(&response, flow, self, secrets)
            }
            RequestTokenError::Request(e) => self.unanswered(&e),
            RequestTokenError::Parse(_, _) => self.not_a_token_response(),
            RequestTokenError::Other(message) => Error::auth(format!(
                "{} refused the request: {}",
                self.named(),
                from_endpoint(&message, secrets)
            ))
            .with_hint(flow_hint(flow, self.client_id, self.credentials)),
        }
    }
}

/// The hint when the client's credentials were refused.
/// What to do when the provider refused the client's credentials: check them where they
/// came from (a variable that is set is named as set, not as one to set).
fn credentials_hint(credentials: &str) -> String {
    format!("check {credentials}: the provider does not take them as they are")
}
const FEDERATED_HINT: &str =
    "check that the provider trusts the CI platform's tokens, and the token's audience and expiry";

/// HTTP Basic client authentication, each part form-encoded first (RFC 6749 §2.3.1).
fn basic_credentials(client_id: &str, secret: &SecretString) -> String {
    use base64::Engine;
    let pair = basic_pair(client_id, secret.expose_secret());
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(pair)
    )
}

/// The `id:secret` pair of HTTP Basic, each part form-encoded first.
fn basic_pair(client_id: &str, secret: &str) -> String {
    let encode = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    format!("{}:{}", encode(client_id), encode(secret))
}

fn grant_of(response: &Response, requested: &[String]) -> Grant {
    let scope = match response.scopes() {
        Some(granted) => Some(
            granted
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        // RFC 6749 §5.1: an omitted scope is the requested one.
        None if !requested.is_empty() => Some(requested.join(" ")),
        None => None,
    };
    Grant {
        token: SecretString::from(response.access_token().secret().to_owned()),
        expires_in: response.expires_in(),
        scope,
        refresh_token: response
            .refresh_token()
            .map(|t| SecretString::from(t.secret().to_owned())),
        id_token: response
            .extra_fields()
            .id_token
            .clone()
            .map(SecretString::from),
    }
}

/// The secrets a request carried, each in every form an answer may echo it in: as it is,
/// form-encoded (a blank as `+` or `%20`), JSON-escaped (as serde_json writes it, and
/// ASCII-only as many servers do), in base64 (standard and URL-safe, with and without
/// padding), and the client secret also as the base64 of its `Basic` pair `id:secret`.
#[derive(Debug, Default)]
struct Echoes(Vec<String>);

impl Echoes {
    fn add(&mut self, secret: &str) {
        if secret.is_empty() {
            return;
        }
        let form: String = url::form_urlencoded::byte_serialize(secret.as_bytes()).collect();
        let json = serde_json::Value::from(secret).to_string();
        let json = &json[1..json.len() - 1];
        let ascii_json: String = json
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    return c.to_string();
                }
                let mut units = [0; 2];
                let units = c.encode_utf16(&mut units);
                units.iter().map(|unit| format!("\\u{unit:04x}")).collect()
            })
            .collect();
        self.0.extend([
            secret.to_owned(),
            form.replace('+', "%20"),
            form,
            json.to_owned(),
            ascii_json,
        ]);
        self.add_base64(secret.as_bytes());
    }

    /// `Authorization: Basic` of `id:secret`, as sent (each part form-encoded first, RFC
    /// 6749 §2.3.1) and as many clients send it (not encoded).
    fn add_basic_pair(&mut self, client_id: &str, secret: &str) {
        self.add_base64(basic_pair(client_id, secret).as_bytes());
        self.add_base64(format!("{client_id}:{secret}").as_bytes());
    }

    fn add_base64(&mut self, bytes: &[u8]) {
        use base64::engine::general_purpose::{
            STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD,
        };
        use base64::Engine;
        for engine in [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD] {
            self.0.push(engine.encode(bytes));
        }
    }
}

/// Text from the token endpoint, made safe to print: every echo of a secret of the
/// request (any of its [`Echoes`], where they overlap as one) replaced by `[REDACTED]`,
/// then on one line with controls escaped.
fn from_endpoint(text: &str, echoes: &Echoes) -> String {
    let mut found: Vec<(usize, usize)> = echoes
        .0
        .iter()
        .flat_map(|form| {
            text.match_indices(form.as_str())
                .map(|(at, echo)| (at, at + echo.len()))
        })
        .collect();
    found.sort_unstable();
    let mut redacted = String::with_capacity(text.len());
    let mut shown_to = 0;
    let mut hidden_to = None;
    for (start, end) in found {
        match hidden_to {
            Some(to) if start <= to => hidden_to = Some(to.max(end)),
            _ => {
                redacted.push_str(&text[shown_to..start]);
                redacted.push_str("[REDACTED]");
                hidden_to = Some(end);
            }
        }
        shown_to = hidden_to.unwrap_or(shown_to);
    }
    redacted.push_str(&text[shown_to..]);
    locadm_model::text::sanitize_line(&redacted)
}

/// What to do when a flow's request was refused for its client: a person's login
/// (a public client) has no secret to check; client credentials have one.
fn flow_hint(flow: Flow, client_id: &str, credentials: &str) -> String {
    match flow {
        Flow::Code => format!(
            "check that the provider knows client `{client_id}` as a public client allowed the authorization code grant with PKCE and the loopback redirect http://127.0.0.1/callback (any port), or use `locadm login --device`"
        ),
        Flow::Device => format!(
            "check that the provider knows client `{client_id}` as a public client allowed the device grant (urn:ietf:params:oauth:grant-type:device_code), or use `locadm login --web`"
        ),
        Flow::Refresh => super::hints::login_again_hint(),
        Flow::Federated => FEDERATED_HINT.to_owned(),
        Flow::ClientCredentials => credentials_hint(credentials),
        Flow::Revoke => format!(
            "the token may still be valid at the provider until it expires; revoke it there for client `{client_id}` if it matters"
        ),
    }
}

/// An OAuth 2.0 error answer (RFC 6749 §5.2, RFC 8628 §3.5) in words, naming the
/// endpoint that gave it.
fn refusal_error<T: oauth2::ErrorResponseType + AsRef<str>>(
    response: &StandardErrorResponse<T>,
    flow: Flow,
    at: &At<'_>,
    secrets: &Echoes,
) -> Error {
    let code = from_endpoint(response.error().as_ref(), secrets);
    let detail = response
        .error_description()
        .map(|d| format!(": {}", from_endpoint(d, secrets)))
        .unwrap_or_default();
    let named = at.named();
    let auth = |message: String, hint: &str| Error::auth(message).with_hint(hint);
    let client = at.client_id;
    match (code.as_str(), flow) {
        ("invalid_client", Flow::ClientCredentials | Flow::Federated) => auth(
            format!("{named} refused the client credentials of `{client}` (invalid_client){detail}"),
            &flow_hint(flow, client, at.credentials),
        ),
        ("invalid_client", _) => auth(
            format!("{named} does not accept client `{client}` (invalid_client){detail}"),
            &flow_hint(flow, client, at.credentials),
        ),
        ("invalid_scope", _) => auth(
            format!("{named} refused the requested scope (invalid_scope){detail}"),
            "check `--scope` (or `scopes`, `locadm config show`) against what the client may ask for",
        ),
        ("invalid_grant", Flow::Refresh) => auth(
            format!("{LOGIN_ENDED} ({named} answered invalid_grant){detail}"),
            &super::hints::login_again_hint(),
        ),
        ("invalid_grant", Flow::Federated) => auth(
            format!("{named} refused the workload token (invalid_grant){detail}"),
            FEDERATED_HINT,
        ),
        ("access_denied", Flow::Device | Flow::Code) => auth(
            format!("the login was denied (access_denied, from {named}){detail}"),
            &super::hints::login_again_hint(),
        ),
        ("expired_token", Flow::Device) => auth(
            format!("the code expired before the login was approved (expired_token, from {named}){detail}"),
            &super::hints::login_again_hint(),
        ),
        ("unsupported_grant_type" | "unauthorized_client", _) => auth(
            format!("{named} does not allow client `{client}` this grant ({code}){detail}"),
            &flow_hint(flow, client, at.credentials),
        ),
        _ => auth(
            format!("{named} refused the request ({code}){detail}"),
            &flow_hint(flow, client, at.credentials),
        ),
    }
}

/// How a refused refresh begins: the login is over (`Session` clears it on seeing this).
pub const LOGIN_ENDED: &str = "the login has expired or was revoked";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_echoed_by_the_endpoint_are_redacted_in_every_form() {
        let mut echoes = Echoes::default();
        echoes.add("s3cr%t+x \"ü\"");
        echoes.add_basic_pair("id", "s3cr%t+x \"ü\"");
        echoes.add("refresh-1");
        let text = from_endpoint(
            "plain s3cr%t+x \"ü\"; form s3cr%25t%2Bx+%22%C3%BC%22; \
             %20 s3cr%25t%2Bx%20%22%C3%BC%22; json s3cr%t+x \\\"ü\\\"; \
             ascii s3cr%t+x \\\"\\u00fc\\\"\nnext",
            &echoes,
        );
        assert_eq!(
            text,
            "plain [REDACTED]; form [REDACTED]; %20 [REDACTED]; json [REDACTED]; \
             ascii [REDACTED]\\u000anext"
        );
        use base64::Engine;
        let engine = base64::engine::general_purpose::STANDARD;
        for pair in ["id:s3cr%t+x \"ü\"", &basic_pair("id", "s3cr%t+x \"ü\"")] {
            let echoed = format!("Basic {} was refused", engine.encode(pair));
            assert_eq!(
                from_endpoint(&echoed, &echoes),
                "Basic [REDACTED] was refused"
            );
        }
        let echoed = format!("refresh-1 {}", engine.encode("refresh-1"));
        assert_eq!(from_endpoint(&echoed, &echoes), "[REDACTED] [REDACTED]");
    }

    #[test]
    fn basic_credentials_are_form_encoded_first() {
        let header = basic_credentials("id:1", &SecretString::from("a b"));
        use base64::Engine;
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(header.trim_start_matches("Basic "))
            .unwrap();
        assert_eq!(String::from_utf8(decoded).unwrap(), "id%3A1:a+b");
    }
}
