// Local OpenID Connect provider (oidc-provider 9, by panva) for the locadm
// integration tests.
//
//   node tests/oidc/provider.mjs DIR [--access-ttl SECONDS]
//        [--federation jwt-bearer|token-exchange] [--device-interval SECONDS]
//        [--port N]   (default 0: any free port; a test restarts on the same port)
//
// Listens on 127.0.0.1:<random port>; when ready prints exactly one line on
// stdout, {"issuer":"http://127.0.0.1:PORT"}, and nothing else ever. Runs
// until SIGTERM/SIGINT (exits 0 at once). Everything is in memory.
// Set OIDC_DEBUG=1 to log every error response's detail on stderr.
//
// Files written into DIR (which must exist):
//   client-key.pem  PKCS#8 PEM RSA private key of client `cc-jwt` (RS256,
//                   kid locadm-test-1) for private_key_jwt.
//   workload.jwt    RS256 JWT from the trusted "CI issuer": iss
//                   https://ci.example.test, sub repo:acme/locations:ref:main,
//                   aud = issuer, iat now, exp now+10min, random jti. No
//                   trailing newline. Not single-use (may be replayed).
//   untrusted.jwt   same claims, signed by a key the provider does not trust.
//   ci-key.pem      (extra) the trusted CI issuer's PKCS#8 private key, to mint
//                   more assertions (e.g. expired / wrong aud) in a test.
//
// Endpoints (all under the issuer): /.well-known/openid-configuration,
// /auth (authorization), /token, /device/auth (device authorization),
// /device (verification_uri), /token/introspection, /token/revocation,
// /jwks, /me (userinfo). No PAR, no end_session.
//
// Clients: cc-basic/basic-secret (client_secret_basic), cc-post/post-secret
// (client_secret_post), cc-jwt (private_key_jwt RS256, assertion aud = token
// endpoint or issuer, sub = iss = cc-jwt, exp and jti required, jti single
// use), native (public, PKCE S256 required, loopback redirect
// http://127.0.0.1:<ANY PORT>/callback), workload (public, federation grant
// only), introspector/introspect-secret (client_secret_basic, for
// /token/introspection). Basic vs post is enforced strictly here (stock
// oidc-provider accepts either). invalid_client answers are HTTP 401, every
// other token endpoint error HTTP 400; body {"error","error_description"}.
//
// ===========================================================================
// HTML THE TEST "BROWSER" MUST HANDLE (dev interactions, oidc-provider 9.13)
// ===========================================================================
// General: do not follow redirects automatically; follow 303 Location headers
// yourself (Location may be RELATIVE, e.g. "/interaction/<uid>", or absolute;
// resolve against the current URL) and stop when Location starts with the
// loopback redirect_uri. Keep a real cookie jar WITH PATH MATCHING: cookies are
// _session (path=/), _interaction (path=/interaction/<uid>),
// _interaction_resume (path=/auth/<uid> or /device/<uid>), each with a
// companion <name>.sig cookie that must be sent too (reqwest's cookie_store
// does this right). Form actions below are ABSOLUTE URLs. All forms are
// method="post", application/x-www-form-urlencoded. Pages answer 200
// text/html. Send every hidden input found in the form, plus the listed
// user-supplied fields. Page <title>s are NOT distinctive (login, consent and
// device-code-entry all say "Sign-in"): recognise pages by the markers below.
//
// 1. LOGIN page  GET /interaction/<uid>
//    marker: <input type="hidden" name="prompt" value="login"/>   (<h1>Sign-in</h1>)
//    <form autocomplete="off" action="http://127.0.0.1:PORT/interaction/<uid>" method="post">
//      <input type="hidden" name="prompt" value="login"/>
//      <input required type="text" name="login" ...>         any value -> becomes `sub`
//      <input required type="password" name="password" ...>  any value
//    POST prompt=login&login=alice&password=x  -> 303 Location .../auth/<uid>
//    (or .../device/<uid> in the device flow)
//    Skipped when the jar already holds a logged-in _session.
//
// 2. CONSENT page  GET /interaction/<uid2>  (always shown for `native`)
//    marker: <input type="hidden" name="prompt" value="consent"/>  (<h1>Authorize</h1>)
//    <form autocomplete="off" action="http://127.0.0.1:PORT/interaction/<uid2>" method="post">
//      <input type="hidden" name="prompt" value="consent"/>
//      <button ...>Continue</button>
//    POST prompt=consent  -> 303 .../auth/<uid2> -> 303 redirect_uri?code=..&state=..&iss=..
//    (device flow: -> 303 .../device/<uid2> -> 200 success page)
//    Cancel link (GET): http://127.0.0.1:PORT/interaction/<uid2>/abort
//
// 3. DEVICE USER-CODE ENTRY page  GET /device  (= verification_uri)
//    marker: id="op.deviceInputForm"   (<title>Sign-in</title>)
//    <form id="op.deviceInputForm" novalidate method="post" action="http://127.0.0.1:PORT/device">
//      <input type="hidden" name="xsrf" value="<hex>"/>
//      <input type="text" name="user_code" ...>
//    </form>  (its submit button sits OUTSIDE the form: form="op.deviceInputForm")
//    POST xsrf=<hex>&user_code=ABCD-EFGH  (case/dash-insensitive) -> 200 confirm page.
//    Wrong code: 200, same form again with <p class="red">The code you entered is incorrect. Try again</p>
//    GET /device?user_code=ABCD-EFGH (= verification_uri_complete) instead returns an
//    auto-submitting page (<title>Submitting Callback</title>) with
//    <form method="post" action="http://127.0.0.1:PORT/device"> holding hidden
//    xsrf + user_code: POST them -> 200 confirm page.
//
// 4. DEVICE CONFIRM page  (answer to the user_code POST)
//    marker: id="op.deviceConfirmForm"   (<title>Device Login Confirmation</title>, <h1>Confirm Device</h1>)
//    <form id="op.deviceConfirmForm" method="post" action="http://127.0.0.1:PORT/device">
//      <input type="hidden" name="xsrf" value="<hex>"/>
//      <input type="hidden" name="user_code" value="<as typed>"/>
//      <input type="hidden" name="confirm" value="yes"/>
//    </form>
//    POST xsrf&user_code&confirm=yes -> 303 /interaction/<uid> (login page, then consent).
//    (Abort instead: POST xsrf&user_code&abort=yes, without confirm -> 200 page
//    "The Sign-in request was interrupted"; the poller then gets access_denied.)
//
// 5. DEVICE SUCCESS page  GET /device/<uid2> after consent
//    marker: <title>Sign-in Success</title>  (<h1>Sign-in Success</h1>, "... was successful, you can now close this page.")
//
// Errors in the browser part (bad redirect_uri, unknown client, ...) render an
// HTML page <title>oops! something went wrong</title> with
// <pre><strong>error</strong>: invalid_redirect_uri</pre> etc., status 400.
//
// Redirect chains:
//   code flow:   GET /auth?... 303-> /interaction/<a> (login) POST 303-> /auth/<a>
//                303-> /interaction/<b> (consent) POST 303-> /auth/<b>
//                303-> http://127.0.0.1:<port>/callback?code=...&state=...&iss=<issuer>
//   device flow: GET /device (entry) POST-> 200 (confirm) POST 303-> /interaction/<a>
//                (login) POST 303-> /device/<a> 303-> /interaction/<b> (consent)
//                POST 303-> /device/<b> -> 200 (success)
// ===========================================================================

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

// ---------------------------------------------------------------------------
// stdout discipline: the only thing ever written to stdout is the single
// `{"issuer":...}` line. oidc-provider prints NOTICEs with console.info (i.e.
// to stdout), so route console.log/info to stderr and drop the known,
// expected development warnings. This must happen before oidc-provider is
// imported (it warns at import time), hence the dynamic import below.
// ---------------------------------------------------------------------------
const QUIET = [
  'Unsupported runtime', // oidc-provider 9 officially wants Node >= 22 LTS
  'devInteractions is enabled',
  'in-memory adapter is used',
  'oidc-provider NOTICE',
];
const toStderr = (...args) => {
  const text = args.map(String).join(' ');
  if (QUIET.some((q) => text.includes(q))) return;
  process.stderr.write(`${text}\n`);
};
console.log = toStderr;
console.info = toStderr;
console.warn = toStderr;
console.debug = toStderr;

const { default: Provider, errors } = await import('oidc-provider');
const jose = await import('jose');

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------
function usage(msg) {
  process.stderr.write(`${msg}\nusage: node provider.mjs DIR [--access-ttl SECONDS] [--federation jwt-bearer|token-exchange] [--device-interval SECONDS] [--port N]\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'access-ttl': { type: 'string', default: '3600' },
      federation: { type: 'string', default: 'jwt-bearer' },
      'device-interval': { type: 'string', default: '5' },
      port: { type: 'string', default: '0' },
    },
  });
} catch (err) {
  usage(err.message);
}
const { positionals, values } = parsed;
if (positionals.length !== 1) usage('exactly one DIR argument is required');
const DIR = positionals[0];
const ACCESS_TTL = Number(values['access-ttl']);
if (!Number.isInteger(ACCESS_TTL) || ACCESS_TTL <= 0) usage('--access-ttl must be a positive integer');
const DEVICE_INTERVAL = Number(values['device-interval']);
if (!Number.isInteger(DEVICE_INTERVAL) || DEVICE_INTERVAL <= 0) usage('--device-interval must be a positive integer');
const PORT = Number(values.port);
if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) usage('--port must be a port number (0: any free port)');
const FEDERATION = values.federation;
if (!['jwt-bearer', 'token-exchange'].includes(FEDERATION)) usage('--federation must be jwt-bearer or token-exchange');

const GRANT_JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const GRANT_TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const GRANT_DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';
const FEDERATION_GRANT = FEDERATION === 'jwt-bearer' ? GRANT_JWT_BEARER : GRANT_TOKEN_EXCHANGE;

const CI_ISSUER = 'https://ci.example.test';
const CI_SUBJECT = 'repo:acme/locations:ref:main';
const CLIENT_KID = 'locadm-test-1';

const API_SCOPES = 'can-read-locations can-write-locations can-delete-locations can-write-providers';

// ---------------------------------------------------------------------------
// Listen first (port 0), so the issuer can carry the real port.
// ---------------------------------------------------------------------------
const server = createServer();
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(PORT, '127.0.0.1', resolve);
});
const { port } = server.address();
const ISSUER = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------
async function rsaPair() {
  return jose.generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
}
const [opKey, clientKey, ciKey, untrustedKey] = await Promise.all([
  rsaPair(), rsaPair(), rsaPair(), rsaPair(),
]);

const opJwk = { ...(await jose.exportJWK(opKey.privateKey)), kid: 'op-signing-1', alg: 'RS256', use: 'sig' };
const clientPublicJwk = { ...(await jose.exportJWK(clientKey.publicKey)), kid: CLIENT_KID, alg: 'RS256', use: 'sig' };

async function workloadJwt(privateKey, kid) {
  return new jose.SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
    .setIssuer(CI_ISSUER)
    .setSubject(CI_SUBJECT)
    .setAudience(ISSUER)
    .setIssuedAt()
    .setExpirationTime('10m')
    .setJti(randomUUID())
    .sign(privateKey);
}

await Promise.all([
  writeFile(join(DIR, 'client-key.pem'), await jose.exportPKCS8(clientKey.privateKey), { mode: 0o600 }),
  // Extra (not strictly required): the trusted CI issuer's private key, so a
  // test can mint its own assertions (e.g. expired, wrong aud).
  writeFile(join(DIR, 'ci-key.pem'), await jose.exportPKCS8(ciKey.privateKey), { mode: 0o600 }),
  // no trailing newline
  writeFile(join(DIR, 'workload.jwt'), await workloadJwt(ciKey.privateKey, 'ci-1')),
  writeFile(join(DIR, 'untrusted.jwt'), await workloadJwt(untrustedKey.privateKey, 'ci-1')),
]);

// ---------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------
const ccCommon = {
  grant_types: ['client_credentials'],
  redirect_uris: [],
  response_types: [],
  scope: API_SCOPES,
};

const clients = [
  {
    ...ccCommon,
    client_id: 'cc-basic',
    client_secret: 'basic-secret',
    token_endpoint_auth_method: 'client_secret_basic',
  },
  {
    ...ccCommon,
    client_id: 'cc-post',
    client_secret: 'post-secret',
    token_endpoint_auth_method: 'client_secret_post',
  },
  {
    ...ccCommon,
    client_id: 'cc-jwt',
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'RS256',
    jwks: { keys: [clientPublicJwk] },
  },
  {
    client_id: 'native',
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    redirect_uris: ['http://127.0.0.1/callback'],
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token', GRANT_DEVICE_CODE],
    scope: 'openid offline_access can-read-locations can-write-locations',
  },
  {
    client_id: 'workload',
    token_endpoint_auth_method: 'none',
    grant_types: [FEDERATION_GRANT],
    redirect_uris: [],
    response_types: [],
    scope: 'can-read-locations',
  },
  {
    client_id: 'introspector',
    client_secret: 'introspect-secret',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: [],
    redirect_uris: [],
    response_types: [],
  },
];

// ---------------------------------------------------------------------------
// Provider
// ---------------------------------------------------------------------------
const provider = new Provider(ISSUER, {
  clients,
  jwks: { keys: [opJwk] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  scopes: ['openid', 'offline_access', ...API_SCOPES.split(' ')],
  responseTypes: ['code'],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
  pkce: {
    // S256 only (the only method oidc-provider supports); required for
    // public clients ('native'), optional for confidential ones.
    required: (ctx, client) => client.clientAuthMethod === 'none',
  },
  features: {
    devInteractions: { enabled: true },
    clientCredentials: { enabled: true },
    deviceFlow: { enabled: true },
    introspection: {
      enabled: true,
      // any authenticated confidential client may introspect any token
      allowedPolicy: async (ctx, client, token) => client.clientAuthMethod !== 'none' || token.clientId === client.clientId,
    },
    revocation: {
      enabled: true,
      allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId,
    },
    // Resource indicators stay enabled (default) but never default to a
    // resource: without a `resource` parameter every access token is a plain
    // opaque token carrying the requested scopes. A `resource` parameter is
    // rejected with invalid_target (getResourceServerInfo default).
    resourceIndicators: {
      enabled: true,
      defaultResource: async () => undefined,
      useGrantedResource: async () => false,
      getResourceServerInfo: async () => { throw new errors.InvalidTarget(); },
    },
    rpInitiatedLogout: { enabled: false },
    // Off: the offline_access workaround below only rewrites GET /auth.
    pushedAuthorizationRequests: { enabled: false },
  },
  // The refresh token is issued whenever offline_access was requested (and
  // granted) by a client allowed to use the refresh_token grant. No
  // prompt=consent needed (sending prompt WITHOUT consent would drop
  // offline_access though).
  issueRefreshToken: async (ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
  // Always rotate: every refresh returns a new refresh_token and the used one
  // becomes invalid (re-use => invalid_grant and the whole grant is revoked).
  rotateRefreshToken: () => true,
  ttl: {
    AccessToken: () => ACCESS_TTL,
    ClientCredentials: () => ACCESS_TTL,
    RefreshToken: () => 24 * 60 * 60,
    DeviceCode: () => 10 * 60,
    AuthorizationCode: () => 60,
    IdToken: () => 60 * 60,
    Interaction: () => 60 * 60,
    Session: () => 24 * 60 * 60,
    Grant: () => 24 * 60 * 60,
    BackchannelAuthenticationRequest: () => 10 * 60,
    PreAuthorizedCode: () => 10 * 60,
  },
  // The login name typed becomes `sub`; one with an `@` is also the `email`, any
  // other the `preferred_username`. Both are in the ID token with scope openid
  // alone (as Keycloak and Entra ID put them there), not only at /me.
  findAccount: async (ctx, sub) => ({
    accountId: sub,
    claims: async () => (sub.includes('@') ? { sub, email: sub } : { sub, preferred_username: sub }),
  }),
  claims: { openid: ['sub', 'email', 'preferred_username'] },
  conformIdTokenClaims: false,
  // passes token.extra set by the federation grant through to the token
  // (visible in introspection: sub, workload_iss)
  extraTokenClaims: async (ctx, token) => token.extra,
  clientBasedCORS: () => false,
  renderError: async (ctx, out) => {
    ctx.type = 'html';
    const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    ctx.body = `<!DOCTYPE html><html><head><title>oops! something went wrong</title></head><body><h1>oops! something went wrong</h1>${
      Object.entries(out).map(([k, v]) => `<pre><strong>${esc(k)}</strong>: ${esc(v)}</pre>`).join('')}</body></html>`;
  },
});

// ---------------------------------------------------------------------------
// Federation grant
// ---------------------------------------------------------------------------
const TOKEN_TYPE_JWT = 'urn:ietf:params:oauth:token-type:jwt';
const TOKEN_TYPE_ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const TOKEN_TYPE_ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';

async function verifyWorkload(jwt) {
  try {
    const { payload } = await jose.jwtVerify(jwt, ciKey.publicKey, {
      issuer: CI_ISSUER,
      audience: ISSUER,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp'],
    });
    return payload;
  } catch (err) {
    throw new errors.InvalidGrant(`assertion verification failed: ${err.code || err.message}`);
  }
}

function resolveScope(ctx) {
  const { client, params } = ctx.oidc;
  const allowed = new Set((client.scope || '').split(' ').filter(Boolean));
  if (params.scope === undefined || params.scope === '') return [...allowed].join(' ');
  const requested = [...new Set(params.scope.split(' ').filter(Boolean))];
  for (const s of requested) {
    if (!allowed.has(s)) throw new errors.InvalidScope('requested scope is not allowed', s);
  }
  return requested.join(' ');
}

async function issueFederated(ctx, claims, extraBody) {
  const { client } = ctx.oidc;
  const token = new provider.ClientCredentials({ client, scope: resolveScope(ctx) || undefined });
  token.extra = { sub: claims.sub, workload_iss: claims.iss };
  ctx.oidc.entity('ClientCredentials', token);
  const value = await token.save();
  ctx.body = {
    access_token: value,
    ...extraBody,
    token_type: 'Bearer',
    expires_in: token.expiration,
    scope: token.scope || undefined,
  };
}

if (FEDERATION === 'jwt-bearer') {
  // RFC 7523 section 2.1
  provider.registerGrantType(GRANT_JWT_BEARER, async (ctx) => {
    const { assertion } = ctx.oidc.params;
    if (!assertion) throw new errors.InvalidRequest("missing required parameter 'assertion'");
    const claims = await verifyWorkload(assertion);
    await issueFederated(ctx, claims, {});
  }, ['assertion', 'scope']);
} else {
  // RFC 8693
  provider.registerGrantType(GRANT_TOKEN_EXCHANGE, async (ctx) => {
    const {
      subject_token: subjectToken,
      subject_token_type: subjectTokenType,
      requested_token_type: requestedTokenType,
    } = ctx.oidc.params;
    if (!subjectToken) throw new errors.InvalidRequest("missing required parameter 'subject_token'");
    if (!subjectTokenType) throw new errors.InvalidRequest("missing required parameter 'subject_token_type'");
    if (![TOKEN_TYPE_JWT, TOKEN_TYPE_ID_TOKEN].includes(subjectTokenType)) {
      throw new errors.InvalidRequest('unsupported subject_token_type');
    }
    if (requestedTokenType !== undefined && requestedTokenType !== TOKEN_TYPE_ACCESS_TOKEN) {
      throw new errors.InvalidRequest('unsupported requested_token_type');
    }
    const claims = await verifyWorkload(subjectToken);
    await issueFederated(ctx, claims, { issued_token_type: TOKEN_TYPE_ACCESS_TOKEN });
  }, [
    'subject_token', 'subject_token_type', 'requested_token_type', 'scope', 'audience', 'resource',
    'actor_token', 'actor_token_type',
  ], ['audience', 'resource']);
}

// offline_access without prompt=consent.
// oidc-provider 9 silently DROPS `offline_access` from an authorization
// request unless the request carries `prompt=consent` (actions/authorization/
// scopes.js) - so no refresh token. Real-world IdPs do not require that, so
// when a GET /auth request asks for offline_access and has NO prompt
// parameter at all, add prompt=consent before oidc-provider sees it. (A
// client that sends prompt WITHOUT consent, e.g. prompt=login, still gets
// offline_access dropped.) For the `native` client this changes nothing
// visible: native clients always get the consent page anyway. The device
// flow does not need this (prompt is not a device-flow parameter).
const authorizationPath = new URL(provider.urlFor('authorization')).pathname;
provider.use(async (ctx, next) => {
  if (ctx.method === 'GET' && ctx.path === authorizationPath) {
    const q = new URLSearchParams(ctx.querystring);
    if (!q.has('prompt') && (q.get('scope') || '').split(' ').includes('offline_access')) {
      q.set('prompt', 'consent');
      ctx.querystring = q.toString();
    }
  }
  await next();
});

// oidc-provider's device authorization response has no `interval` (RFC 8628
// default: 5 s) and it never answers slow_down. Advertise one explicitly so
// tests can poll fast with --device-interval 1.
const deviceAuthorizationPath = new URL(provider.urlFor('device_authorization')).pathname;
provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === deviceAuthorizationPath && ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
    ctx.body = { ...ctx.body, interval: DEVICE_INTERVAL };
  }
});

// Strict client_secret_basic vs client_secret_post.
// oidc-provider treats the two as interchangeable (a client registered with
// client_secret_basic may send client_secret in the body and vice versa). For
// tests that check which method the CLI uses, be strict: a secret delivered
// the "wrong" way fails like a wrong secret (HTTP 401 invalid_client).
const requestCtx = new AsyncLocalStorage();
provider.use((ctx, next) => requestCtx.run(ctx, next));
const { compareClientSecret } = provider.Client.prototype;
provider.Client.prototype.compareClientSecret = function strictCompareClientSecret(actual) {
  const ctx = requestCtx.getStore();
  const viaHeader = ctx?.headers.authorization !== undefined;
  if (this.clientAuthMethod === 'client_secret_basic' && !viaHeader) return false;
  if (this.clientAuthMethod === 'client_secret_post' && viaHeader) return false;
  return compareClientSecret.call(this, actual);
};

// Validate all static clients now (oidc-provider does it lazily) so a broken
// configuration fails at startup, not in the middle of a test.
for (const { client_id: id } of clients) {
  if (!(await provider.Client.find(id))) throw new Error(`client ${id} failed to load`);
}

provider.on('server_error', (ctx, err) => process.stderr.write(`oidc-provider server_error: ${err.stack}\n`));
if (process.env.OIDC_DEBUG) {
  for (const ev of ['grant.error', 'authorization.error', 'device_authorization.error', 'introspection.error', 'revocation.error', 'code_verification.error']) {
    provider.on(ev, (ctx, err) => process.stderr.write(`${ev}: ${err.error} ${err.error_description} ${err.error_detail ?? ''}\n`));
  }
}

server.removeAllListeners('error');
server.on('request', provider.callback());

for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => process.exit(0));
}

process.stdout.write(`${JSON.stringify({ issuer: ISSUER })}\n`);
