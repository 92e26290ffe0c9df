// Self-test for provider.mjs: starts it as a child process and exercises every
// flow over plain HTTP with fetch, playing the browser where needed.
//
//   node tests/oidc/check.mjs [-v]
//
// Prints PASS/FAIL per flow (with -v also every HTTP step: method, url, status,
// Location), exits 0 only if everything passed.

import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

import * as jose from 'jose';

const HERE = dirname(fileURLToPath(import.meta.url));
const VERBOSE = process.argv.includes('-v') || process.argv.includes('--verbose');

const log = (...a) => console.log(...a);
const trace = (...a) => { if (VERBOSE) console.log('      ', ...a); };

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

// ---------------------------------------------------------------------------
// Provider child processes
// ---------------------------------------------------------------------------
const children = new Set();

async function startProvider(args = []) {
  const dir = await mkdtemp(join(tmpdir(), 'locadm-oidc-'));
  const child = spawn(process.execPath, [join(HERE, 'provider.mjs'), dir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const lines = createInterface({ input: child.stdout });
  const extraStdout = [];
  const first = await new Promise((resolve, reject) => {
    let got = false;
    lines.on('line', (line) => {
      if (!got) { got = true; resolve(line); } else extraStdout.push(line);
    });
    child.once('exit', (code, sig) => {
      if (!got) reject(new Error(`provider exited early (${code ?? sig}): ${stderr}`));
    });
  });
  const { issuer } = JSON.parse(first);
  const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  return {
    issuer,
    dir,
    child,
    discovery,
    stderr: () => stderr,
    extraStdout,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        const t0 = Date.now();
        child.kill('SIGTERM');
        await exited;
        trace(`provider stopped ${Date.now() - t0} ms after SIGTERM`);
      }
      children.delete(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------
// Tiny browser: cookie jar (with path matching), manual redirects, form parser
// ---------------------------------------------------------------------------
class CookieJar {
  #cookies = new Map(); // key `${name}\0${path}` -> { name, value, path, expires }

  store(url, setCookies) {
    const u = new URL(url);
    for (const sc of setCookies) {
      const [pair, ...attrs] = sc.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path;
      let expires;
      for (const attr of attrs) {
        const [k, ...v] = attr.split('=');
        const key = k.toLowerCase();
        if (key === 'path') path = v.join('=');
        if (key === 'expires') expires = Date.parse(v.join('='));
        if (key === 'max-age') expires = Date.now() + Number(v.join('=')) * 1000;
      }
      if (!path || !path.startsWith('/')) {
        const p = u.pathname;
        path = p.lastIndexOf('/') > 0 ? p.slice(0, p.lastIndexOf('/')) : '/';
      }
      const key = `${name}\0${path}`;
      if (expires !== undefined && expires <= Date.now()) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url) {
    const { pathname } = new URL(url);
    const matching = [...this.#cookies.values()].filter(({ path }) => pathname === path
      || (pathname.startsWith(path) && (path.endsWith('/') || pathname[path.length] === '/')));
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.map(({ name, value }) => `${name}=${value}`).join('; ');
  }
}

async function browse(jar, url, { method = 'GET', form } = {}) {
  const headers = { accept: 'text/html' };
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  let body;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  jar.store(url, res.headers.getSetCookie());
  const location = res.headers.get('location') ? new URL(res.headers.get('location'), url).href : undefined;
  const text = await res.text();
  const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
  trace(`${method} ${url} -> ${res.status}${location ? ` Location: ${location}` : ''}${title ? ` [title: ${title}]` : ''}${form ? ` form: ${JSON.stringify(form)}` : ''}`);
  return { status: res.status, location, text, url };
}

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e) => {
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()];
    if (e[1] === 'x' || e[1] === 'X') return String.fromCodePoint(parseInt(e.slice(2), 16));
    return String.fromCodePoint(parseInt(e.slice(1), 10));
  });
}

function attrs(s) {
  const out = {};
  for (const m of s.matchAll(/([a-zA-Z_:][-\w.:]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

function parseForms(html, baseUrl) {
  const forms = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const a = attrs(m[1]);
    const fields = {};
    for (const im of m[2].matchAll(/<input\b([^>]*)>/gi)) {
      const ia = attrs(im[1]);
      if (ia.name) fields[ia.name] = ia.value ?? '';
    }
    forms.push({
      id: a.id,
      method: (a.method || 'get').toUpperCase(),
      action: new URL(a.action || baseUrl, baseUrl).href,
      fields,
    });
  }
  return forms;
}

// classify a page the way a Rust test would
function pageKind(html) {
  if (html.includes('name="prompt" value="login"')) return 'login';
  if (html.includes('name="prompt" value="consent"')) return 'consent';
  if (html.includes('id="op.deviceInputForm"')) return 'device-input';
  if (html.includes('id="op.deviceConfirmForm"')) return 'device-confirm';
  if (/<title>Sign-in Success<\/title>/.test(html)) return 'device-success';
  if (/<title>oops! something went wrong<\/title>/.test(html)) return 'error';
  return 'unknown';
}

// Drive interaction pages (login, consent, device confirm) until `done(res)`.
async function playBrowser(jar, startUrl, { userCode, stopAt, login = 'alice', seen }) {
  let res = await browse(jar, startUrl);
  for (let i = 0; i < 25; i += 1) {
    if (res.location) {
      if (stopAt && res.location.startsWith(stopAt)) return { final: res.location };
      res = await browse(jar, res.location);
      continue;
    }
    assert(res.status === 200, `unexpected status ${res.status} at ${res.url}: ${res.text.slice(0, 500)}`);
    const kind = pageKind(res.text);
    seen?.push(kind);
    const forms = parseForms(res.text, res.url);
    switch (kind) {
      case 'login': {
        const f = forms[0];
        res = await browse(jar, f.action, { method: 'POST', form: { ...f.fields, login, password: 'anything' } });
        break;
      }
      case 'consent': {
        const f = forms[0];
        res = await browse(jar, f.action, { method: 'POST', form: f.fields });
        break;
      }
      case 'device-input': {
        const f = forms.find((x) => x.id === 'op.deviceInputForm');
        res = await browse(jar, f.action, { method: 'POST', form: { ...f.fields, user_code: userCode } });
        break;
      }
      case 'device-confirm': {
        const f = forms.find((x) => x.id === 'op.deviceConfirmForm');
        res = await browse(jar, f.action, { method: 'POST', form: f.fields });
        break;
      }
      case 'device-success':
        return { final: 'device-success', html: res.text };
      default:
        throw new Error(`unrecognised page at ${res.url} (status ${res.status}): ${res.text.slice(0, 800)}`);
    }
  }
  throw new Error('too many steps');
}

// ---------------------------------------------------------------------------
// Token endpoint helpers
// ---------------------------------------------------------------------------
async function post(url, params, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(params).toString(),
  });
  const text = await res.text();
  let json;
  try { json = JSON.parse(text); } catch { json = { raw: text }; }
  trace(`POST ${url} ${JSON.stringify(redact(params))} -> ${res.status} ${JSON.stringify(redact(json))}`);
  return { status: res.status, json };
}

function redact(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) {
    out[k] = typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}...` : v;
  }
  return out;
}

const basic = (id, secret) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

async function introspect(p, token) {
  const { status, json } = await post(p.discovery.introspection_endpoint, { token }, basic('introspector', 'introspect-secret'));
  assert(status === 200, `introspection status ${status}`);
  return json;
}

function expectToken({ status, json }, what) {
  assert(status === 200, `${what}: HTTP ${status} ${JSON.stringify(json)}`);
  assert(typeof json.access_token === 'string' && json.access_token.length > 0, `${what}: no access_token`);
  assert(json.token_type === 'Bearer', `${what}: token_type ${json.token_type}`);
  return json;
}

function expectError({ status, json }, error, what) {
  // oidc-provider answers invalid_client with HTTP 401, everything else 400
  const want = error === 'invalid_client' ? 401 : 400;
  assert(status === want, `${what}: expected HTTP ${want}, got ${status} ${JSON.stringify(json)}`);
  assert(json.error === error, `${what}: expected ${error}, got ${JSON.stringify(json)}`);
}

// ---------------------------------------------------------------------------
// Flows
// ---------------------------------------------------------------------------
const results = [];
async function flow(name, fn) {
  try {
    const detail = await fn();
    results.push(true);
    log(`PASS  ${name}${detail ? `  (${detail})` : ''}`);
  } catch (err) {
    results.push(false);
    log(`FAIL  ${name}: ${err.stack || err}`);
  }
}

const API = 'can-read-locations can-write-locations can-delete-locations can-write-providers';

let main;
try {
  main = await startProvider();
  const d = main.discovery;

  await flow('startup: exactly one JSON line on stdout, DIR files written', async () => {
    assert(/^http:\/\/127\.0\.0\.1:\d+$/.test(main.issuer), `issuer ${main.issuer}`);
    for (const f of ['client-key.pem', 'workload.jwt', 'untrusted.jwt']) {
      await readFile(join(main.dir, f), 'utf8');
    }
    const pem = await readFile(join(main.dir, 'client-key.pem'), 'utf8');
    assert(pem.startsWith('-----BEGIN PRIVATE KEY-----'), 'client-key.pem is not PKCS#8');
    return main.issuer;
  });

  await flow('discovery', async () => {
    assert(d.issuer === main.issuer, 'issuer mismatch');
    for (const k of ['token_endpoint', 'authorization_endpoint', 'device_authorization_endpoint', 'introspection_endpoint', 'revocation_endpoint']) {
      assert(typeof d[k] === 'string' && d[k].startsWith(main.issuer), `missing ${k}`);
    }
    for (const g of ['authorization_code', 'client_credentials', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code', 'urn:ietf:params:oauth:grant-type:jwt-bearer']) {
      assert(d.grant_types_supported.includes(g), `grant_types_supported lacks ${g}`);
    }
    assert(!d.grant_types_supported.includes('urn:ietf:params:oauth:grant-type:token-exchange'), 'token-exchange should not be listed');
    for (const m of ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']) {
      assert(d.token_endpoint_auth_methods_supported.includes(m), `auth method ${m} missing`);
    }
    assert(JSON.stringify(d.code_challenge_methods_supported) === '["S256"]', 'S256');
    for (const s of ['openid', 'offline_access', ...API.split(' ')]) {
      assert(d.scopes_supported.includes(s), `scope ${s} missing`);
    }
    return `grant_types_supported=${JSON.stringify(d.grant_types_supported)}`;
  });

  let ccToken;
  await flow('client_credentials cc-basic (client_secret_basic)', async () => {
    const t = expectToken(await post(d.token_endpoint, { grant_type: 'client_credentials', scope: 'can-read-locations can-write-locations' }, basic('cc-basic', 'basic-secret')), 'cc-basic');
    assert(t.scope === 'can-read-locations can-write-locations', `scope ${t.scope}`);
    assert(t.expires_in === 3600, `expires_in ${t.expires_in}`);
    assert(!t.refresh_token, 'unexpected refresh_token');
    ccToken = t.access_token;
    // all four scopes
    const all = expectToken(await post(d.token_endpoint, { grant_type: 'client_credentials', scope: API }, basic('cc-basic', 'basic-secret')), 'cc-basic all');
    assert(all.scope === API, `scope ${all.scope}`);
    // no scope at all
    const none = expectToken(await post(d.token_endpoint, { grant_type: 'client_credentials' }, basic('cc-basic', 'basic-secret')), 'cc-basic no scope');
    assert(none.scope === undefined, `scope ${none.scope}`);
    // wrong secret, disallowed scope
    expectError(await post(d.token_endpoint, { grant_type: 'client_credentials' }, basic('cc-basic', 'nope')), 'invalid_client', 'bad secret');
    expectError(await post(d.token_endpoint, { grant_type: 'client_credentials', scope: 'openid' }, basic('cc-basic', 'basic-secret')), 'invalid_scope', 'openid scope');
    // strict: basic client must not use client_secret_post
    expectError(await post(d.token_endpoint, { grant_type: 'client_credentials', client_id: 'cc-basic', client_secret: 'basic-secret' }), 'invalid_client', 'basic via post');
    // the resource parameter is not supported (no resource servers configured)
    expectError(await post(d.token_endpoint, { grant_type: 'client_credentials', scope: 'can-read-locations', resource: 'https://api.example.test' }, basic('cc-basic', 'basic-secret')), 'invalid_target', 'resource');
    return `scope="${t.scope}" expires_in=${t.expires_in}; bad secret or secret in body -> 401 invalid_client; scope=openid -> 400 invalid_scope; resource=... -> 400 invalid_target`;
  });

  await flow('client_credentials cc-post (client_secret_post)', async () => {
    const t = expectToken(await post(d.token_endpoint, {
      grant_type: 'client_credentials', client_id: 'cc-post', client_secret: 'post-secret', scope: 'can-write-providers',
    }), 'cc-post');
    assert(t.scope === 'can-write-providers', `scope ${t.scope}`);
    // strict: post client must not use client_secret_basic
    expectError(await post(d.token_endpoint, { grant_type: 'client_credentials' }, basic('cc-post', 'post-secret')), 'invalid_client', 'post via basic');
    return `scope="${t.scope}"; secret via Authorization header -> 401 invalid_client`;
  });

  await flow('client_credentials cc-jwt (private_key_jwt, aud = token endpoint and aud = issuer)', async () => {
    const key = await jose.importPKCS8(await readFile(join(main.dir, 'client-key.pem'), 'utf8'), 'RS256');
    const assertion = (aud) => new jose.SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'locadm-test-1' })
      .setIssuer('cc-jwt').setSubject('cc-jwt').setAudience(aud)
      .setIssuedAt().setExpirationTime('60s').setJti(randomUUID())
      .sign(key);
    const params = async (aud) => ({
      grant_type: 'client_credentials',
      scope: 'can-read-locations',
      client_id: 'cc-jwt',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(aud),
    });
    const t = expectToken(await post(d.token_endpoint, await params(d.token_endpoint)), 'cc-jwt aud=token_endpoint');
    assert(t.scope === 'can-read-locations', `scope ${t.scope}`);
    expectToken(await post(d.token_endpoint, await params(main.issuer)), 'cc-jwt aud=issuer');
    // replayed assertion is rejected
    const p = await params(d.token_endpoint);
    expectToken(await post(d.token_endpoint, p), 'first use');
    expectError(await post(d.token_endpoint, p), 'invalid_client', 'replayed assertion');
    return 'aud=token_endpoint ok, aud=issuer ok, replayed jti -> 401 invalid_client';
  });

  // ---------------- authorization code + PKCE (native, loopback any port)
  const REDIRECT = 'http://127.0.0.1:54321/callback';
  let codeTokens;
  await flow('authorization_code + PKCE S256 (native, redirect_uri http://127.0.0.1:54321/callback)', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(8).toString('hex');
    const auth = new URL(d.authorization_endpoint);
    auth.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'native',
      redirect_uri: REDIRECT,
      scope: 'openid offline_access can-read-locations can-write-locations',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const jar = new CookieJar();
    const seen = [];
    const { final } = await playBrowser(jar, auth.href, { stopAt: 'http://127.0.0.1:54321/', seen });
    assert(JSON.stringify(seen) === '["login","consent"]', `pages seen ${JSON.stringify(seen)}`);
    const cb = new URL(final);
    assert(cb.origin + cb.pathname === REDIRECT, `callback ${final}`);
    assert(cb.searchParams.get('state') === state, 'state mismatch');
    assert(cb.searchParams.get('iss') === main.issuer, 'iss mismatch');
    const code = cb.searchParams.get('code');
    assert(code, `no code in ${final}`);
    const t = expectToken(await post(d.token_endpoint, {
      grant_type: 'authorization_code', client_id: 'native', code, redirect_uri: REDIRECT, code_verifier: verifier,
    }), 'code exchange');
    assert(typeof t.refresh_token === 'string', 'no refresh_token');
    assert(typeof t.id_token === 'string', 'no id_token');
    assert(t.scope.split(' ').sort().join(' ') === 'can-read-locations can-write-locations offline_access openid', `scope ${t.scope}`);
    const ai = await introspect(main, t.access_token);
    assert(ai.active === true && ai.sub === 'alice' && ai.client_id === 'native', `AT introspection ${JSON.stringify(ai)}`);
    const ri = await introspect(main, t.refresh_token);
    assert(ri.active === true && ri.sub === 'alice', `RT introspection ${JSON.stringify(ri)}`);
    codeTokens = { ...t, code, verifier };
    // second authorization in the same jar, explicit prompt=consent, other port:
    // the session is remembered, so only the consent page is shown
    const v2 = randomBytes(32).toString('base64url');
    auth.searchParams.set('redirect_uri', 'http://127.0.0.1:8123/callback');
    auth.searchParams.set('code_challenge', createHash('sha256').update(v2).digest('base64url'));
    auth.searchParams.set('prompt', 'consent');
    const seen2 = [];
    const second = await playBrowser(jar, auth.href, { stopAt: 'http://127.0.0.1:8123/', seen: seen2 });
    assert(JSON.stringify(seen2) === '["consent"]', `second run pages ${JSON.stringify(seen2)}`);
    const t2 = expectToken(await post(d.token_endpoint, {
      grant_type: 'authorization_code', client_id: 'native', code: new URL(second.final).searchParams.get('code'), redirect_uri: 'http://127.0.0.1:8123/callback', code_verifier: v2,
    }), 'second code exchange');
    assert(t2.refresh_token, 'no refresh_token on second run');
    return `pages: ${seen.join(' -> ')}; scope="${t.scope}", refresh_token issued, expires_in=${t.expires_in}; same jar again (port 8123, prompt=consent): pages ${seen2.join(' -> ')}`;
  });

  await flow('authorization endpoint: PKCE required, unregistered redirect rejected', async () => {
    const jar = new CookieJar();
    const base = { response_type: 'code', client_id: 'native', scope: 'openid', state: 'x' };
    const noPkce = await browse(jar, `${d.authorization_endpoint}?${new URLSearchParams({ ...base, redirect_uri: 'http://127.0.0.1:1/callback' })}`);
    assert(noPkce.status === 303 && noPkce.location.startsWith('http://127.0.0.1:1/callback?error=invalid_request'), `no PKCE -> ${noPkce.status} ${noPkce.location}`);
    const other = await browse(jar, `${d.authorization_endpoint}?${new URLSearchParams({
      ...base, redirect_uri: 'http://127.0.0.1:5/other', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256',
    })}`);
    assert(other.status === 400 && /invalid_redirect_uri/.test(other.text), `path mismatch -> ${other.status}`);
    const localhost = await browse(jar, `${d.authorization_endpoint}?${new URLSearchParams({
      ...base, redirect_uri: 'http://localhost:5/callback', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256',
    })}`);
    assert(localhost.status === 400 && /invalid_redirect_uri/.test(localhost.text), `localhost -> ${localhost.status}`);
    return 'no code_challenge -> 303 to callback ?error=invalid_request; /other path and localhost host -> 400 HTML error page (error: invalid_redirect_uri)';
  });

  await flow('refresh_token grant (rotation)', async () => {
    const t = expectToken(await post(d.token_endpoint, {
      grant_type: 'refresh_token', client_id: 'native', refresh_token: codeTokens.refresh_token,
    }), 'refresh');
    assert(typeof t.refresh_token === 'string' && t.refresh_token !== codeTokens.refresh_token, 'refresh token not rotated');
    const ai = await introspect(main, t.access_token);
    assert(ai.active === true && ai.sub === 'alice' && ai.client_id === 'native', `introspection ${JSON.stringify(ai)}`);
    // narrower scope on refresh
    const narrow = expectToken(await post(d.token_endpoint, {
      grant_type: 'refresh_token', client_id: 'native', refresh_token: t.refresh_token, scope: 'can-read-locations',
    }), 'refresh narrow');
    assert(narrow.scope === 'can-read-locations', `narrow scope ${narrow.scope}`);
    // re-use of a rotated refresh token
    expectError(await post(d.token_endpoint, {
      grant_type: 'refresh_token', client_id: 'native', refresh_token: codeTokens.refresh_token,
    }), 'invalid_grant', 'old refresh token');
    const after = await introspect(main, narrow.refresh_token);
    assert(after.active === false, 'grant not revoked after refresh token re-use');
    // authorization code is single use
    expectError(await post(d.token_endpoint, {
      grant_type: 'authorization_code', client_id: 'native', code: codeTokens.code, redirect_uri: REDIRECT, code_verifier: codeTokens.verifier,
    }), 'invalid_grant', 'code reuse');
    return 'new refresh_token on every refresh; re-used old one -> 400 invalid_grant and the whole grant is revoked; code re-use -> 400 invalid_grant';
  });

  await flow('device authorization grant (RFC 8628)', async () => {
    const da = await post(d.device_authorization_endpoint, {
      client_id: 'native', scope: 'openid offline_access can-read-locations',
    });
    assert(da.status === 200, `device_authorization ${da.status} ${JSON.stringify(da.json)}`);
    const {
      device_code: deviceCode, user_code: userCode, verification_uri: vu, verification_uri_complete: vuc, expires_in: exp, interval,
    } = da.json;
    assert(deviceCode && userCode && vu && vuc, `bad response ${JSON.stringify(da.json)}`);
    assert(interval === 5 && exp === 600, `interval ${interval} expires_in ${exp}`);
    assert(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/.test(userCode), `user_code ${userCode}`);
    const pollParams = { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'native', device_code: deviceCode };
    expectError(await post(d.token_endpoint, pollParams), 'authorization_pending', 'early poll');
    const jar = new CookieJar();
    const seen = [];
    const { final } = await playBrowser(jar, vu, { userCode, seen });
    assert(final === 'device-success', `final ${final}`);
    assert(JSON.stringify(seen) === '["device-input","device-confirm","login","consent","device-success"]', `pages ${JSON.stringify(seen)}`);
    const t = expectToken(await post(d.token_endpoint, pollParams), 'device poll');
    assert(typeof t.refresh_token === 'string', 'no refresh_token from device flow');
    assert(typeof t.id_token === 'string', 'no id_token from device flow');
    const r = expectToken(await post(d.token_endpoint, {
      grant_type: 'refresh_token', client_id: 'native', refresh_token: t.refresh_token,
    }), 'device refresh');
    assert(r.refresh_token && r.refresh_token !== t.refresh_token, 'device refresh not rotated');
    // re-using a device_code is invalid_grant AND revokes the whole grant
    expectError(await post(d.token_endpoint, pollParams), 'invalid_grant', 'device_code reuse');
    assert((await introspect(main, r.refresh_token)).active === false, 'grant not revoked after device_code reuse');
    return `user_code=${userCode} verification_uri=${vu} expires_in=${exp} interval=${interval}; early poll -> 400 authorization_pending; pages: ${seen.join(' -> ')}; scope="${t.scope}"`;
  });

  await flow('device flow: verification_uri_complete + abort', async () => {
    const da = await post(d.device_authorization_endpoint, { client_id: 'native', scope: 'can-read-locations' });
    const jar = new CookieJar();
    // verification_uri_complete renders an auto-submitting form_post page (title "Submitting Callback")
    const page = await browse(jar, da.json.verification_uri_complete);
    const [f] = parseForms(page.text, page.url);
    assert(f && f.fields.user_code && f.fields.xsrf, 'no auto-submit form');
    const confirm = await browse(jar, f.action, { method: 'POST', form: f.fields });
    assert(pageKind(confirm.text) === 'device-confirm', `expected confirm page, got ${pageKind(confirm.text)}`);
    const cf = parseForms(confirm.text, confirm.url).find((x) => x.id === 'op.deviceConfirmForm');
    const { confirm: _drop, ...abortFields } = cf.fields;
    const aborted = await browse(jar, cf.action, { method: 'POST', form: { ...abortFields, abort: 'yes' } });
    assert(aborted.status === 200 && /interrupted/.test(aborted.text), `abort page ${aborted.status}`);
    expectError(await post(d.token_endpoint, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'native', device_code: da.json.device_code,
    }), 'access_denied', 'aborted poll');
    return 'complete URI -> form_post auto-submit -> confirm; abort=yes -> poll 400 access_denied';
  });

  await flow('introspection (introspector)', async () => {
    const a = await introspect(main, ccToken);
    assert(a.active === true && a.client_id === 'cc-basic' && a.scope === 'can-read-locations can-write-locations', JSON.stringify(a));
    assert(a.token_type === 'Bearer' && typeof a.exp === 'number', JSON.stringify(a));
    const c = await introspect(main, 'not-a-token');
    assert(c.active === false, JSON.stringify(c));
    const unauth = await post(d.introspection_endpoint, { token: ccToken }, basic('introspector', 'wrong'));
    assert(unauth.status === 401 && unauth.json.error === 'invalid_client', `wrong secret ${unauth.status}`);
    return `cc token -> ${JSON.stringify(a)}`;
  });

  await flow('revocation', async () => {
    const t = expectToken(await post(d.token_endpoint, { grant_type: 'client_credentials', scope: 'can-read-locations' }, basic('cc-basic', 'basic-secret')), 'cc');
    const r = await post(d.revocation_endpoint, { token: t.access_token }, basic('cc-basic', 'basic-secret'));
    assert(r.status === 200, `revocation ${r.status}`);
    const i = await introspect(main, t.access_token);
    assert(i.active === false, 'still active after revocation');
    return 'revoke -> 200, then introspect active=false';
  });

  // ---------------- federation grants
  const fedCheck = async (p, mode) => {
    const { discovery: fd } = p;
    const workload = (await readFile(join(p.dir, 'workload.jwt'), 'utf8')).trim();
    const untrusted = (await readFile(join(p.dir, 'untrusted.jwt'), 'utf8')).trim();
    const claims = jose.decodeJwt(workload);
    assert(claims.iss === 'https://ci.example.test' && claims.sub === 'repo:acme/locations:ref:main' && claims.aud === p.issuer, `claims ${JSON.stringify(claims)}`);
    const JB = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
    const TE = 'urn:ietf:params:oauth:grant-type:token-exchange';
    const [grant, other] = mode === 'jwt-bearer' ? [JB, TE] : [TE, JB];
    assert(fd.grant_types_supported.includes(grant), `${grant} not in discovery`);
    assert(!fd.grant_types_supported.includes(other), `${other} in discovery`);
    const params = (jwt, extra = {}) => (mode === 'jwt-bearer'
      ? { grant_type: grant, client_id: 'workload', assertion: jwt, ...extra }
      : {
        grant_type: grant, client_id: 'workload', subject_token: jwt, subject_token_type: 'urn:ietf:params:oauth:token-type:jwt', ...extra,
      });
    const ok = expectToken(await post(fd.token_endpoint, params(workload)), 'workload.jwt');
    assert(ok.scope === 'can-read-locations' && ok.expires_in === 3600, JSON.stringify(ok));
    if (mode === 'token-exchange') {
      assert(ok.issued_token_type === 'urn:ietf:params:oauth:token-type:access_token', 'issued_token_type');
      expectToken(await post(fd.token_endpoint, params(workload, {
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token', audience: 'locadm', scope: 'can-read-locations', requested_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      })), 'id_token type');
      expectError(await post(fd.token_endpoint, params(workload, { subject_token_type: 'urn:ietf:params:oauth:token-type:saml2' })), 'invalid_request', 'bad subject_token_type');
    } else {
      expectToken(await post(fd.token_endpoint, params(workload, { scope: 'can-read-locations' })), 'explicit scope');
    }
    expectError(await post(fd.token_endpoint, params(untrusted)), 'invalid_grant', 'untrusted.jwt');
    expectError(await post(fd.token_endpoint, params('garbage')), 'invalid_grant', 'garbage');
    expectError(await post(fd.token_endpoint, params(workload, { scope: 'can-write-locations' })), 'invalid_scope', 'scope not allowed');
    expectError(await post(fd.token_endpoint, { ...params(workload), grant_type: other }), 'unsupported_grant_type', 'other grant');
    const i = await introspect(p, ok.access_token);
    assert(i.active === true && i.client_id === 'workload' && i.sub === 'repo:acme/locations:ref:main', JSON.stringify(i));
    return `${JSON.stringify(redact(ok))}; untrusted -> 400 invalid_grant; introspect sub=${i.sub}`;
  };

  await flow('federation jwt-bearer (default mode)', () => fedCheck(main, 'jwt-bearer'));

  const te = await startProvider(['--federation', 'token-exchange']);
  try {
    await flow('federation token-exchange (--federation token-exchange)', () => fedCheck(te, 'token-exchange'));
  } finally {
    await te.stop();
  }

  // ---------------- short TTL
  const short = await startProvider(['--access-ttl', '3', '--device-interval', '1']);
  try {
    await flow('--device-interval 1: device authorization response carries interval 1', async () => {
      const da = await post(short.discovery.device_authorization_endpoint, { client_id: 'native', scope: 'can-read-locations' });
      assert(da.status === 200 && da.json.interval === 1, JSON.stringify(da.json));
      return 'interval=1';
    });
    await flow('--access-ttl 3: token active, then inactive after 4 s', async () => {
      const sd = short.discovery;
      const t = expectToken(await post(sd.token_endpoint, { grant_type: 'client_credentials', scope: 'can-read-locations' }, basic('cc-basic', 'basic-secret')), 'cc');
      assert(t.expires_in === 3, `expires_in ${t.expires_in}`);
      assert((await introspect(short, t.access_token)).active === true, 'not active at first');
      await sleep(4000);
      assert((await introspect(short, t.access_token)).active === false, 'still active after 4 s');
      return 'expires_in=3, active=true, after 4 s active=false';
    });
  } finally {
    await short.stop();
  }

  await flow('provider stdout had nothing but the issuer line; SIGTERM stops it promptly', async () => {
    assert(main.extraStdout.length === 0, `extra stdout: ${main.extraStdout.join('\n')}`);
    const t0 = Date.now();
    await main.stop();
    const ms = Date.now() - t0;
    assert(ms < 2000, `took ${ms} ms`);
    const err = main.stderr().trim();
    return `stopped in ${ms} ms; provider stderr ${err ? `: ${err}` : 'empty'}`;
  });
} catch (err) {
  results.push(false);
  log(`FAIL  harness: ${err.stack || err}`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  if (main) await main.stop().catch(() => {});
}

const failed = results.filter((r) => !r).length;
log(failed ? `\n${failed} of ${results.length} FAILED` : `\nall ${results.length} flows PASS`);
process.exit(failed ? 1 : 0);
