/**
 * The Login API (DESIGN.md §8a) on the service as it runs: registration with its confirmation
 * through the mailbox, the login's redirect and its JWT (checked by the kit's verifyLoginToken and
 * by jose, an independent library), the errors, the rate limit on the service clock, password
 * resets through their pages, the proxy variants against a user store in this file, the Login
 * settings and the mailbox, and CORS. In a sandbox of the shared service (mock/test/sandbox-world.ts)
 * whose clock the tests move forward over HTTP. (An export and its import of the Login state:
 * mock/test/snapshot-import.test.ts.)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { callUserStore } from '../domain/user-store';
import { listenLoopback, type Listening } from '../http/listen';
import { LoginTokenError, verifyLoginToken, verifyWebhookSignature } from '../../src/server/index';
import type { UserStoreNewUserRequest, UserStorePasswordResetAnswer, UserStoreRefusal, UserStoreVerificationAnswer } from '../../src/server/index';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

/** The sandbox's copy of the demo project Star Miners' Login project (mock/fixtures/demo.json): an id of its own (set at the start), the demo's secret and callback. */
const STAR = { id: '', secret: 'star-miners-login-secret-key', callback: 'http://localhost:5173/game.html' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 24 * 3600;

/** Where the sandbox's clock is moved at the start: far from real time, so a date read from it is the clock's. Tests move it on, never back. */
const NOON = '2031-11-23T12:00:00.000Z';
let world: SandboxWorld;
/** The Login API's origin: the shared service's merchant API. */
let base: string;
/** `ms` since the epoch, as the sandbox's clock says. */
const clockNow = async () => Date.parse((await world.client.getClock()).now);
/** Moves the sandbox's clock forward by `ms` at least (whole seconds: the API's durations have no fractions). */
const moveClock = async (ms: number) => void (await world.client.moveClock({ body: { advance: `PT${Math.ceil(ms / 1000)}S` } }));

/** The merchant's user store: answers each path as `store.answers` says, and keeps what it was sent. */
const store = {
  server: undefined as Listening | undefined,
  base: '',
  received: [] as { path: string; body: any; authorization: string | undefined; raw: string }[],
  answers: new Map<string, { status: number; body?: unknown } | 'silent'>(),
};

beforeAll(async () => {
  world = await sandboxWorld();
  base = world.origin;
  await world.client.moveClock({ body: { to: NOON } });
  STAR.id = world.loginProject(200001);
  const silent: ServerResponse[] = [];
  store.server = await listenLoopback((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      store.received.push({ path, body: JSON.parse(raw), authorization: req.headers.authorization, raw });
      const answer = store.answers.get(path) ?? { status: 404 };
      if (answer === 'silent') return void silent.push(res);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  }, 0);
  store.base = `http://127.0.0.1:${store.server.port}`;
  afterAll(() => silent.forEach((res) => res.destroy()));
});
afterAll(async () => {
  await store.server?.close();
  await world.close();
});

interface Answer { status: number; headers: Headers; body: any; text: string }

async function call(path: string, init: { method?: string; body?: unknown; auth?: string | null; headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.auth) headers.authorization = init.auth;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(`${base}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') && text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body: json, text };
}

const api = (path: string, project: string, body: unknown, loginUrl?: string) =>
  call(`/api/${path}?projectId=${project}${loginUrl === undefined ? '' : `&login_url=${encodeURIComponent(loginUrl)}`}`, { body });
const settings = (projectId: number, body?: unknown) => call(`/mock/projects/${projectId}/login`, body === undefined ? { auth: world.authorization } : { auth: world.authorization, method: 'PUT', body });
const mailbox = async () => (await call('/mock/mail', { auth: world.authorization })).body as { id: number; to: string; subject: string; text: string; links: string[]; date: string }[];
const mailTo = async (to: string) => (await mailbox()).filter((m) => m.to === to);
/** Follows the confirmation link mailed to `to`, as the player does. */
async function confirm(to: string) {
  const link = new URL((await mailTo(to)).find((m) => m.subject === 'Confirm your email address')!.links[0]!);
  expect((await call(`${link.pathname}${link.search}`)).status).toBe(200);
}

const propertyErrors = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(422);
  return answer.body.extended_message.property_errors as Record<string, string[]>;
};
const globalErrors = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(422);
  return answer.body.extended_message.global_errors as string[];
};

/** The token and remember_me of a login's redirect, which must go to `callback`. */
function redirect(answer: Answer, callback: string) {
  expect(answer.status, answer.text).toBe(200);
  expect(Object.keys(answer.body)).toEqual(['login_url']);
  const url = new URL(answer.body.login_url);
  expect(`${url.origin}${url.pathname}`).toBe(callback);
  return { token: url.searchParams.get('token')!, rememberMe: url.searchParams.get('remember_me') };
}

/** A merchant project with Login settings of its own. */
async function labProject(changes: Record<string, unknown>): Promise<{ projectId: number; loginId: string; secret: string }> {
  const made = await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { auth: world.authorization, method: 'POST', body: { name: { en: 'Login lab' } } });
  const projectId = made.body.id as number;
  const answer = await settings(projectId, changes);
  expect(answer.status, answer.text).toBe(200);
  return { projectId, loginId: answer.body.login_project_id, secret: answer.body.secret_key };
}

let players = 0;
/** A new player's registration fields. */
const newPlayer = () => {
  players += 1;
  return { username: `player-${players}`, password: `secret-${players}!`, email: `player-${players}@example.test` };
};

describe('register, confirm through the mailbox, log in', () => {
  it('a player registers (204), gets a confirmation link, cannot log in until it is followed, then gets a signed JWT', async () => {
    const player = newPlayer();
    const before = await clockNow();
    const registered = await api('user', STAR.id, player, STAR.callback);
    const after = await clockNow();
    expect(registered.status, registered.text).toBe(204);

    const [message, ...more] = await mailTo(player.email);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ subject: 'Confirm your email address', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/) });
    // Dated by the sandbox's clock (moved years ahead), to the second.
    expect(before).toBeGreaterThanOrEqual(Date.parse(NOON));
    expect(Date.parse(message!.date)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(message!.date)).toBeLessThanOrEqual(after);
    expect(message!.links).toHaveLength(1);
    const link = new URL(message!.links[0]!);
    expect(link.origin).toBe(base);
    expect(message!.text).toContain(link.href);

    expect(globalErrors(await api('login', STAR.id, { username: player.username, password: player.password }))).toEqual(['email not confirmed']);

    const page = await call(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Email address confirmed');
    expect(page.text).toContain(`href="${STAR.callback}"`);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.text).not.toMatch(/<script/i);
    expect((await call(`${link.pathname}${link.search}`)).status).toBe(404);

    const { token, rememberMe } = redirect(await api('login', STAR.id, { username: player.username.toUpperCase(), password: player.password }, STAR.callback), STAR.callback);
    expect(rememberMe).toBe('false');

    // The kit's verifier and an independent library agree on the token and its claims.
    const claims = verifyLoginToken(token, STAR.secret, { projectId: STAR.id });
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(STAR.secret), { algorithms: ['HS256'], issuer: base });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual(claims);
    expect(Object.keys(claims).sort()).toEqual(['email', 'exp', 'iat', 'iss', 'login_project_id', 'sub', 'username']);
    expect(claims).toMatchObject({ iss: base, username: player.username, email: player.email, login_project_id: STAR.id, exp: claims.iat + DAY });
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60); // real time, whatever the service clock says
    expect(claims.sub).toMatch(UUID);
    // Another project's id, or another secret, and the kit refuses it.
    expect(() => verifyLoginToken(token, STAR.secret, { projectId: world.loginProject(200002) })).toThrow(expect.objectContaining({ code: 'WRONG_PROJECT' }));
    expect(() => verifyLoginToken(token, 'puzzle-harbor-login-secret-key', { projectId: STAR.id })).toThrow(LoginTokenError);

    // The same player logs in again: the same sub.
    const again = redirect(await api('login', STAR.id, { username: player.username, password: player.password }), STAR.callback);
    expect(verifyLoginToken(again.token, STAR.secret, { projectId: STAR.id }).sub).toBe(claims.sub);
  });

  it('remember_me makes the token live 30 days instead of 24 hours, and says so in the address', async () => {
    const lab = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], email_confirmation: false });
    const player = newPlayer();
    expect((await api('user', lab.loginId, player)).status).toBe(204);
    const { token, rememberMe } = redirect(await api('login', lab.loginId, { username: player.username, password: player.password, remember_me: true }), 'http://localhost:5173/lab.html');
    expect(rememberMe).toBe('true');
    const secret = new TextEncoder().encode(lab.secret);
    const issued = Date.now();
    const { payload } = await jwtVerify(token, secret, { currentDate: new Date(issued + 29 * DAY * 1000) });
    expect(payload.exp! - payload.iat!).toBe(30 * DAY);
    await expect(jwtVerify(token, secret, { currentDate: new Date(issued + 31 * DAY * 1000) })).rejects.toThrow(/exp/);
    expect(() => verifyLoginToken(token, lab.secret, { projectId: lab.loginId, now: issued + 31 * DAY * 1000 })).toThrow(expect.objectContaining({ code: 'EXPIRED' }));
  });

  it('a token issued after the service clock moved a month passes the merchant\'s check on real time: JWTs carry real time, not the service clock', async () => {
    const lab = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], email_confirmation: false });
    const player = newPlayer();
    expect((await api('user', lab.loginId, player)).status).toBe(204);
    await world.client.moveClock({ body: { advance: 'P1M' } });
    const before = Math.floor(Date.now() / 1000);
    const { token } = redirect(await api('login', lab.loginId, { username: player.username, password: player.password }), 'http://localhost:5173/lab.html');
    // The merchant's server, unchanged from production: no `now`, its own clock.
    const claims = verifyLoginToken(token, lab.secret, { projectId: lab.loginId });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(claims.exp).toBe(claims.iat + DAY);
    // A test of a login's end moves the checker's time, not the service's.
    expect(() => verifyLoginToken(token, lab.secret, { projectId: lab.loginId, now: (claims.exp + 31) * 1000 })).toThrow(expect.objectContaining({ code: 'EXPIRED' }));
  });

  it('without confirmation in the settings a player logs in at once and no message is sent', async () => {
    const lab = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], email_confirmation: false });
    const player = newPlayer();
    expect((await api('user', lab.loginId, player)).status).toBe(204);
    expect(await mailTo(player.email)).toEqual([]);
    redirect(await api('login', lab.loginId, { username: player.username, password: player.password }), 'http://localhost:5173/lab.html');
  });
});

const SCRYPT_HEAVY_MS = 50_000;

describe('errors', () => {
  it('registration: 422 at the field for a bad email, a short password, a taken username or email (any case)', async () => {
    const player = newPlayer();
    expect(propertyErrors(await api('user', STAR.id, { ...player, email: 'not-an-address' }))).toEqual({ email: [expect.stringMatching(/email/)] });
    expect(propertyErrors(await api('user', STAR.id, { ...player, password: '12345' }))).toEqual({ password: ['must be at least 6 characters'] });
    expect(propertyErrors(await api('user', STAR.id, { username: player.username }))).toEqual({ password: ['is required'], email: ['is required'] });
    expect((await api('user', STAR.id, player)).status).toBe(204);
    expect(propertyErrors(await api('user', STAR.id, { ...player, username: player.username.toUpperCase(), email: 'else@example.test' }))).toEqual({ username: ['is already taken'] });
    expect(propertyErrors(await api('user', STAR.id, { ...player, username: 'someone-else', email: player.email.toUpperCase() }))).toEqual({ email: ['is already taken'] });
    expect(propertyErrors(await api('user', STAR.id, player))).toEqual({ username: ['is already taken'], email: ['is already taken'] });
  });

  it('an unknown projectId is 404, one that is not a UUID 422; a login_url that is not a callback address 422 at login_url', async () => {
    const player = newPlayer();
    const unknown = await api('user', '00000000-0000-4000-8000-000000000000', player);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ http_status_code: 404, request_id: expect.any(String) });
    expect(propertyErrors(await api('login', 'not-a-uuid', { username: 'a', password: 'b' }))).toHaveProperty('projectId');
    expect(propertyErrors(await api('user', STAR.id, player, 'http://localhost:5173/elsewhere.html'))).toEqual({ login_url: ['must be one of the callback addresses in the Login settings'] });
    expect(propertyErrors(await api('login', STAR.id, { username: 'a', password: 'b' }, 'https://attacker.example/'))).toHaveProperty('login_url');
    expect(propertyErrors(await api('password/reset', STAR.id, { username: 'a' }, `${STAR.callback}?x`))).toHaveProperty('login_url');
  });

  it('login_url is required when there are several callback addresses, and the redirect goes to the one named', async () => {
    const two = ['http://localhost:5173/one.html', 'http://localhost:5173/two.html?from=login'];
    const lab = await labProject({ callback_urls: two, email_confirmation: false });
    const player = newPlayer();
    expect(propertyErrors(await api('user', lab.loginId, player))).toEqual({ login_url: ['is required: the Login settings have several callback addresses'] });
    expect((await api('user', lab.loginId, player, two[1])).status).toBe(204);
    const answer = await api('login', lab.loginId, { username: player.username, password: player.password }, two[1]);
    const url = new URL(answer.body.login_url);
    expect(url.searchParams.get('from')).toBe('login');
    redirect(answer, 'http://localhost:5173/two.html');
    const none = await labProject({});
    expect(propertyErrors(await api('login', none.loginId, { username: 'a', password: 'b' }))).toEqual({ login_url: ['no callback address is set in the Login settings'] });
  });

  it('a wrong password and an unknown user get the same words', async () => {
    const player = newPlayer();
    await api('user', STAR.id, player);
    const wrongPassword = globalErrors(await api('login', STAR.id, { username: player.username, password: 'not-it' }));
    const unknownUser = globalErrors(await api('login', STAR.id, { username: 'nobody-at-all', password: 'not-it' }));
    expect(wrongPassword).toEqual(['wrong username or password']);
    expect(unknownUser).toEqual(wrongPassword);
  });

  // Eleven (and forty) scrypt checks on the shared service, which every other file of the run is
  // loading too: 2 s on a quiet machine, 20 s seen on a busy one (a CI run beside other work).
  // The window they test is the sandbox clock's minute; time only has to stay below it.
  it("the 11th failed login of a user within a minute is 429, even with the right password, until the minute has passed", async () => {
    const lab = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], email_confirmation: false });
    const player = newPlayer();
    await api('user', lab.loginId, player);
    // A failure each second of the sandbox's clock (which also runs on with real time, the `real` ms this takes).
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      if (i) await moveClock(1000);
      expect(globalErrors(await api('login', lab.loginId, { username: player.username, password: `wrong-${i}` }))).toEqual(['wrong username or password']);
    }
    await moveClock(1000);
    const limited = await api('login', lab.loginId, { username: player.username.toUpperCase(), password: player.password });
    const real = Date.now() - started;
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ http_status_code: 429, message: expect.stringMatching(/Too Many Requests/) });
    // 10 s after the first failure, 50 s of its minute are left (less the real seconds the loop took).
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(50);
    expect(retryAfter).toBeGreaterThanOrEqual(50 - Math.ceil(real / 1000));
    // Another player of the same project is not held back.
    const other = newPlayer();
    await api('user', lab.loginId, other);
    redirect(await api('login', lab.loginId, { username: other.username, password: other.password }), 'http://localhost:5173/lab.html');
    // A minute after the first failure, the right password works again.
    await moveClock(retryAfter * 1000 + 1);
    redirect(await api('login', lab.loginId, { username: player.username, password: player.password }), 'http://localhost:5173/lab.html');
  }, SCRYPT_HEAVY_MS);

  it('40 wrong passwords sent at once: 10 are judged (422), the other 30 are 429, and the count stops at 10', async () => {
    const lab = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], email_confirmation: false });
    const player = newPlayer();
    await api('user', lab.loginId, player);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => api('login', lab.loginId, { username: player.username, password: `wrong-${i}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const after = await api('login', lab.loginId, { username: player.username, password: player.password });
    expect(after.status).toBe(429);
    expect(after.body.message).toMatch(/^Too Many Requests: 10 failed logins of this user within a minute/);
  }, SCRYPT_HEAVY_MS);
});

describe('password reset', () => {
  it('mails a link whose page sets a new password once; an unknown user gets the same 204 and no message', async () => {
    const player = newPlayer();
    await api('user', STAR.id, player);
    await confirm(player.email);
    const before = (await mailbox()).length;
    expect((await api('password/reset', STAR.id, { username: 'nobody-at-all' })).status).toBe(204);
    expect((await mailbox()).length).toBe(before);

    expect((await api('password/reset', STAR.id, { username: player.username })).status).toBe(204);
    const [message] = await mailTo(player.email);
    expect(message!.subject).toBe('Reset your password');
    const link = new URL(message!.links[0]!);
    const token = link.searchParams.get('token')!;

    const form = await call(`${link.pathname}${link.search}`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(form.headers.get('referrer-policy')).toBe('no-referrer');
    expect(form.text).toContain('<form method="post" action="/mock/login/password">');
    expect(form.text).not.toMatch(/<script|style="/i);

    const short = await call('/mock/login/password', { form: { token, password: '12345' } });
    expect(short.status).toBe(422);
    expect(short.text).toContain('at least 6 characters');
    const done = await call('/mock/login/password', { form: { token, password: 'a-new-password' } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Password changed');
    expect((await call('/mock/login/password', { form: { token, password: 'third-password' } })).status).toBe(404);

    expect(globalErrors(await api('login', STAR.id, { username: player.username, password: player.password }))).toEqual(['wrong username or password']);
    redirect(await api('login', STAR.id, { username: player.username, password: 'a-new-password' }), STAR.callback);
  });

  it('a password change ends every reset link mailed before it, the one used and the others', async () => {
    const player = newPlayer();
    await api('user', STAR.id, player);
    await confirm(player.email);
    await api('password/reset', STAR.id, { username: player.username });
    await api('password/reset', STAR.id, { username: player.username });
    const [newer, older] = (await mailTo(player.email)).filter((m) => m.subject === 'Reset your password').map((m) => new URL(m.links[0]!));
    const changed = await call('/mock/login/password', { form: { token: newer!.searchParams.get('token')!, password: 'changed-once' } });
    expect(changed.status).toBe(200);
    expect((await call(`${older!.pathname}${older!.search}`)).status).toBe(404);
    const again = await call('/mock/login/password', { form: { token: older!.searchParams.get('token')!, password: 'changed-twice' } });
    expect(again.status).toBe(404);
    redirect(await api('login', STAR.id, { username: player.username, password: 'changed-once' }), STAR.callback);
  });

  it('a reset link expires after an hour', async () => {
    const player = newPlayer();
    await api('user', STAR.id, player);
    await api('password/reset', STAR.id, { username: player.username });
    const link = new URL((await mailTo(player.email)).find((m) => m.subject === 'Reset your password')!.links[0]!);
    // An hour and a millisecond after the link was made (it was, before now).
    await moveClock(3600_001);
    expect((await call(`${link.pathname}${link.search}`)).status).toBe(404);
  });
});

describe('proxy variants against the merchant user store', () => {
  let lab: { projectId: number; loginId: string; secret: string };
  beforeAll(async () => {
    lab = await labProject({
      callback_urls: ['http://localhost:5173/lab.html'],
      user_store: { new_user: `${store.base}/new-user`, user_verification: `${store.base}/verify`, password_reset: `${store.base}/reset` },
    });
  });
  const sent = (path: string) => store.received.filter((r) => r.path === path).at(-1)!;

  it('registration: the store gets the fields as signed JSON; its 2xx is 204, its 4xx 422 with its words, a 5xx 502 (silence: below)', async () => {
    const player = newPlayer();
    store.answers.set('/new-user', { status: 201, body: { id: 'u-1' } });
    expect((await api('proxy/registration', lab.loginId, player)).status).toBe(204);
    const request = sent('/new-user');
    expect(request.body).toEqual({ login_project_id: lab.loginId, ...player } satisfies UserStoreNewUserRequest);
    expect(verifyWebhookSignature(request.raw, request.authorization, lab.secret)).toBe(true);
    expect(await mailTo(player.email)).toEqual([]);

    store.answers.set('/new-user', { status: 409, body: { message: 'That name is taken in the game', field: 'username' } satisfies UserStoreRefusal });
    expect(propertyErrors(await api('proxy/registration', lab.loginId, player))).toEqual({ username: ['That name is taken in the game'] });
    store.answers.set('/new-user', { status: 400, body: { error: { message: 'Banned address' } } });
    expect(globalErrors(await api('proxy/registration', lab.loginId, player))).toEqual(['Banned address']);
    // The schema's rules come first: the store is not asked.
    const asked = store.received.length;
    expect(propertyErrors(await api('proxy/registration', lab.loginId, { ...player, password: '123' }))).toHaveProperty('password');
    expect(store.received.length).toBe(asked);

    store.answers.set('/new-user', { status: 500 });
    const failed = await api('proxy/registration', lab.loginId, player);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/answered HTTP 500/);
  });

  it('login: the store says who it is; the JWT names them with a stable UUID; a refusal is 422 (silence: below)', async () => {
    store.answers.set('/verify', { status: 200, body: { id: 42, email: 'ann@example.test' } satisfies UserStoreVerificationAnswer });
    const first = redirect(await api('proxy/login', lab.loginId, { username: 'ann', password: 'whatever', remember_me: true }), 'http://localhost:5173/lab.html');
    expect(sent('/verify').body).toEqual({ login_project_id: lab.loginId, username: 'ann', password: 'whatever' });
    expect(verifyWebhookSignature(sent('/verify').raw, sent('/verify').authorization, lab.secret)).toBe(true);
    const claims = verifyLoginToken(first.token, lab.secret, { projectId: lab.loginId });
    expect(claims).toMatchObject({ username: 'ann', email: 'ann@example.test', exp: claims.iat + 30 * DAY });
    expect(claims.sub).toMatch(UUID);
    const second = redirect(await api('proxy/login', lab.loginId, { username: 'ann', password: 'whatever' }), 'http://localhost:5173/lab.html');
    expect(verifyLoginToken(second.token, lab.secret, { projectId: lab.loginId }).sub).toBe(claims.sub);
    store.answers.set('/verify', { status: 200, body: { id: '3F2504E0-4F89-41D3-9A0C-0305E82C3301', email: 'bo@example.test' } });
    const uuid = redirect(await api('proxy/login', lab.loginId, { username: 'bo', password: 'whatever' }), 'http://localhost:5173/lab.html');
    expect(verifyLoginToken(uuid.token, lab.secret, { projectId: lab.loginId }).sub).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');

    store.answers.set('/verify', { status: 401, body: { message: 'Wrong password' } });
    expect(globalErrors(await api('proxy/login', lab.loginId, { username: 'ann', password: 'nope' }))).toEqual(['Wrong password']);
  });

  it('password reset: the store names the address, the link is mailed, the page sends the new password to the store', async () => {
    store.answers.set('/reset', { status: 200, body: { email: 'cy@example.test' } satisfies UserStorePasswordResetAnswer });
    expect((await api('proxy/password/reset', lab.loginId, { username: 'cy' })).status).toBe(204);
    expect(sent('/reset').body).toEqual({ login_project_id: lab.loginId, username: 'cy' });
    const link = new URL((await mailTo('cy@example.test'))[0]!.links[0]!);
    const token = link.searchParams.get('token')!;

    store.answers.set('/reset', { status: 422, body: { message: 'Too much like the old one' } });
    const refused = await call('/mock/login/password', { form: { token, password: 'new-secret' } });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Too much like the old one');
    store.answers.set('/reset', { status: 204 });
    expect((await call('/mock/login/password', { form: { token, password: 'new-secret' } })).status).toBe(200);
    expect(sent('/reset').body).toEqual({ login_project_id: lab.loginId, username: 'cy', password: 'new-secret' });
    expect((await call('/mock/login/password', { form: { token, password: 'new-secret' } })).status).toBe(404);

    store.answers.set('/reset', { status: 404, body: { message: 'No such player' } });
    expect(globalErrors(await api('proxy/password/reset', lab.loginId, { username: 'zed' }))).toEqual(['No such player']);
    store.answers.set('/reset', { status: 200, body: {} });
    expect((await api('proxy/password/reset', lab.loginId, { username: 'zed' })).status).toBe(502);
  });

  it('a password the store changed through one reset link ends the other links mailed before it', async () => {
    store.answers.set('/reset', { status: 200, body: { email: 'dee@example.test' } satisfies UserStorePasswordResetAnswer });
    await api('proxy/password/reset', lab.loginId, { username: 'dee' });
    await api('proxy/password/reset', lab.loginId, { username: 'dee' });
    const [newer, older] = (await mailTo('dee@example.test')).map((m) => new URL(m.links[0]!).searchParams.get('token')!);
    store.answers.set('/reset', { status: 204 });
    expect((await call('/mock/login/password', { form: { token: newer!, password: 'dee-new-secret' } })).status).toBe(200);
    const asked = store.received.length;
    expect((await call('/mock/login/password', { form: { token: older!, password: 'dee-other-secret' } })).status).toBe(404);
    expect(store.received.length).toBe(asked);
  });

  it('a store nobody listens at is 502; a project without the address is 422', async () => {
    const closed = await labProject({ callback_urls: ['http://localhost:5173/lab.html'], user_store: { user_verification: 'http://127.0.0.1:9/verify' } });
    const answer = await api('proxy/login', closed.loginId, { username: 'ann', password: 'whatever' });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/not reachable/);
    expect(globalErrors(await api('proxy/registration', closed.loginId, newPlayer()))).toEqual([expect.stringMatching(/no New user address/)]);
  });
});

describe('Login settings (GET/PUT /mock/projects/{project_id}/login)', () => {
  it("a copy of the demo projects carries their Login projects, each with an id of its own", async () => {
    const star = await settings(world.project(200001));
    expect(star.body).toEqual({
      login_project_id: STAR.id, secret_key: STAR.secret, callback_urls: [STAR.callback], email_confirmation: true,
      user_store: { new_user: null, user_verification: null, password_reset: null },
    });
    expect((await settings(world.project(200002))).body).toMatchObject({ login_project_id: world.loginProject(200002), callback_urls: ['http://localhost:5173/harbor.html'], email_confirmation: true });
  });

  it('a new project gets a Login project of its own; PUT changes what it carries; secret_key null makes a new secret', async () => {
    const made = await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { auth: world.authorization, method: 'POST', body: { name: { en: 'Settings lab' } } });
    const first = (await settings(made.body.id)).body;
    expect(first).toMatchObject({ login_project_id: expect.stringMatching(UUID), callback_urls: [], email_confirmation: true });
    expect(first.secret_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await settings(made.body.id)).body).toEqual(first);

    const changed = await settings(made.body.id, { callback_urls: ['https://game.example/play'], email_confirmation: false, user_store: { new_user: 'https://store.example/users' } });
    expect(changed.body).toEqual({ ...first, callback_urls: ['https://game.example/play'], email_confirmation: false, user_store: { new_user: 'https://store.example/users', user_verification: null, password_reset: null } });
    const mine = await settings(made.body.id, { secret_key: 'my-own-secret-of-enough-length' });
    expect(mine.body.secret_key).toBe('my-own-secret-of-enough-length');
    const fresh = await settings(made.body.id, { secret_key: null });
    expect(fresh.body.secret_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh.body.secret_key).not.toBe(first.secret_key);
    expect((await settings(made.body.id)).body).toEqual(fresh.body);

    // Tokens are signed with the new secret from then on.
    const player = newPlayer();
    await api('user', fresh.body.login_project_id, player);
    const { token } = redirect(await api('login', fresh.body.login_project_id, { username: player.username, password: player.password }), 'https://game.example/play');
    expect(verifyLoginToken(token, fresh.body.secret_key, { projectId: fresh.body.login_project_id }).username).toBe(player.username);
    expect(() => verifyLoginToken(token, 'my-own-secret-of-enough-length', { projectId: fresh.body.login_project_id })).toThrow(expect.objectContaining({ code: 'BAD_SIGNATURE' }));
  });

  it('refuses a short secret, a callback that is not http(s), a user store over plain HTTP to another host, unknown fields', async () => {
    expect(propertyErrors(await settings(world.project(200002), { secret_key: 'short' }))).toHaveProperty('secret_key');
    expect(propertyErrors(await settings(world.project(200002), { callback_urls: ['javascript:alert(1)'] }))).toHaveProperty(['callback_urls[0]']);
    expect(propertyErrors(await settings(world.project(200002), { user_store: { password_reset: 'http://store.example/reset' } }))).toEqual({ 'user_store.password_reset': [expect.stringMatching(/https/)] });
    expect(propertyErrors(await settings(world.project(200002), { login_project_id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ login_project_id: ['is not a known field'] });
  });

  it('needs the credentials of the project\'s merchant', async () => {
    const star = world.project(200001);
    expect((await call(`/mock/projects/${star}/login`)).status).toBe(401);
    const otherWorld = await sandboxWorld({ seed: 'empty' });
    onTestFinished(() => otherWorld.close());
    const other = otherWorld.authorization;
    expect((await call(`/mock/projects/${star}/login`, { auth: other })).status).toBe(403);
    expect((await call('/mock/projects/999999/login', { auth: world.authorization })).status).toBe(404);
    // Nor does another merchant read this merchant's mail.
    expect((await mailbox()).length).toBeGreaterThan(0);
    expect((await call('/mock/mail', { auth: other })).body).toEqual([]);
    expect((await call('/mock/mail')).status).toBe(401);
  });
});

describe('the mailbox (GET /mock/mail)', () => {
  it('lists the messages newest first, each {id, to, subject, text, links, date}', async () => {
    const player = newPlayer();
    await api('user', STAR.id, player);
    await moveClock(5000);
    await api('password/reset', STAR.id, { username: player.username });
    const messages = await mailbox();
    for (const message of messages) expect(Object.keys(message).sort()).toEqual(['date', 'id', 'links', 'subject', 'text', 'to']);
    const dates = messages.map((m) => Date.parse(m.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(messages[0]).toMatchObject({ to: player.email, subject: 'Reset your password' });
    expect(messages[1]).toMatchObject({ to: player.email, subject: 'Confirm your email address' });
  });
});

describe('CORS', () => {
  const origin = 'http://localhost:5173';
  it('the Login API answers a preflight and its calls for any origin, credentials allowed', async () => {
    const preflight = await call('/api/login?projectId=x', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');

    const answer = await fetch(`${base}/api/login?projectId=${STAR.id}`, { method: 'POST', headers: { origin: 'https://another.example', 'content-type': 'application/json' }, body: '{"username":"a","password":"b"}' });
    expect(answer.status).toBe(422);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://another.example');
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('the merchant API and the service calls send no CORS headers', async () => {
    const merchant = await call(`/merchant/v2/projects/${world.project(200001)}`, { auth: world.authorization, headers: { origin } });
    expect(merchant.status).toBe(200);
    expect(merchant.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call('/mock/mail', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(405);
  });
});

describe("the user store's silence", () => {
  // The service waits 5 s for a user store (an option of its merchant API); the wait itself is
  // the user store client's, tested here with 400 ms. The API answers a store that gave no answer
  // 502 with why (above: one that answered 500, one nobody listens at).
  it('a user store that does not answer within the wait is no answer, and says how long it waited', async () => {
    store.answers.set('/silent', 'silent');
    const reply = await callUserStore(`${store.base}/silent`, { login_project_id: STAR.id, username: 'ann', password: 'whatever' }, STAR.secret, 400);
    expect(reply).toEqual({ kind: 'no-answer', why: expect.stringMatching(/no answer within 400 ms/) });
  });
});
