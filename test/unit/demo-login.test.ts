// The demo game server's player login (issue 29 item 6): it trusts a Login JWT only once the kit
// has checked it with the game's Login secret, keeps the player in an HttpOnly cookie, and then
// asks for payment tokens as that player. Tokens here are made by an independent library (jose).
// The demo server acts as the merchant of a sandbox of the shared service (its `merchant` option).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { demoFixtures } from '../../mock/api/server';
import { DEMO_LOGIN } from '../../mock/fixtures/catalog';
import { sandboxWorld, type SandboxWorld } from '../../mock/test/sandbox-world';
import { createDemoServer } from '../../server/demo';
import { pointLoginAtDemo } from '../../server/login';
import { USER_STORE_PATHS } from '../../server/user-store';
import { webhookSignature } from '../../src/server/index';

const running: Listening[] = [];
let world: SandboxWorld;
/** The sandbox's copies of the demo games' Login projects: their own ids, the demo's secrets. */
const LOGIN = { ...DEMO_LOGIN[200001]! };
const HARBOR = { ...DEMO_LOGIN[200002]! };
let api = '';
let demo = '';
/** What pointLoginAtDemo needs to reach the sandbox's merchant. */
const asSandbox = () => ({ merchantApi: api, merchantId: world.merchantId, apiKey: world.apiKey });

beforeAll(async () => {
  world = await sandboxWorld();
  api = world.origin;
  LOGIN.projectId = world.loginProject(200001);
  HARBOR.projectId = world.loginProject(200002);
  const server = await listenLoopback(createDemoServer({ appRoot: root(), distRoot: root(), merchantApi: api, paymentUiOrigins: [], paymentUi: world.ui, merchant: world.demoMerchant }), 0);
  running.push(server);
  demo = `http://localhost:${server.port}`;
}, 60_000);
afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await world.close();
});
const root = () => mkdtempSync(join(tmpdir(), 'payui-demo-login-'));

interface Claims { sub?: string; username?: string; email?: string; login_project_id?: string }

/** A Login JWT as the service makes one, signed by jose; `secret` and the claims can be changed. */
function loginToken({ secret = LOGIN.secret, expiresIn = '1h', ...claims }: Claims & { secret?: string; expiresIn?: string } = {}) {
  return new SignJWT({ username: 'ann', email: 'ann@example.test', login_project_id: LOGIN.projectId, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(api)
    .setSubject(claims.sub ?? '0b6f3f1e-5d0c-4a53-9d43-6a1f1b9c2e11')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

async function signIn(token: string, init: RequestInit = {}) {
  const response = await fetch(`${demo}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, remember_me: false }),
    ...init,
  });
  return { status: response.status, cookie: response.headers.get('set-cookie'), body: (await response.json()) as { player?: { id: string; name: string; email: string }; error?: { code: string } } };
}

const get = async (path: string, cookie = '') => (await fetch(`${demo}${path}`, { headers: cookie ? { cookie } : {} })).json() as Promise<Record<string, unknown>>;

describe('the demo server signs a player in only with a Login JWT it has checked', () => {
  it.each([
    ['signed with another secret (forged)', { secret: 'not-the-login-secret' }, 'BAD_SIGNATURE'],
    ['of another Login project', { secret: LOGIN.secret, login_project_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }, 'WRONG_PROJECT'],
    ['expired', { expiresIn: '-2h' }, 'EXPIRED'],
  ] as const)('refuses a token %s: 401 with the kit\'s code, no cookie, still the demo player', async (_what, change, code) => {
    const refused = await signIn(await loginToken(change));
    expect(refused).toMatchObject({ status: 401, cookie: null, body: { error: { code } } });
    expect(await get('/api/session')).toEqual({ player: null });
    expect(await get('/api/player')).toMatchObject({ id: 'demo-player-1' });
  });

  it('refuses a token sent as a form (no other site can post it), and a body without a token', async () => {
    const asForm = await fetch(`${demo}/api/session`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ token: await loginToken() }) });
    expect(asForm.status).toBe(415);
    expect(asForm.headers.get('set-cookie')).toBeNull();
    expect((await signIn('', {})).status).toBe(422);
  });

  it('takes a valid token: an HttpOnly, SameSite=Strict session whose tokens, orders and player are the JWT\'s player; logging out ends it', async () => {
    const sub = '5f0c7a52-2c1b-4f4e-9a0e-3c2d1e0f9a88';
    const accepted = await signIn(await loginToken({ sub, username: 'bea', email: 'bea@example.test' }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.player).toEqual({ id: sub, name: 'bea', email: 'bea@example.test' });
    expect(accepted.cookie).toMatch(/^demo_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = accepted.cookie!.split(';')[0]!;

    expect(await get('/api/session', cookie)).toEqual({ player: { id: sub, name: 'bea', email: 'bea@example.test' } });
    expect(await get('/api/player', cookie)).toMatchObject({ id: sub, name: 'bea' });
    const bought = await fetch(`${demo}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ purchase: { virtual_currency: { quantity: 100 } } }) });
    const { order } = (await bought.json()) as { order: string };
    expect(await get(`/api/orders/${order}`)).toMatchObject({ player: sub });
    // Without the cookie, the same server still buys as its demo player.
    const anonymous = await fetch(`${demo}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await get(`/api/orders/${((await anonymous.json()) as { order: string }).order}`)).toMatchObject({ player: 'demo-player-1' });

    const out = await fetch(`${demo}/api/session`, { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^demo_session=; .*Max-Age=0/);
    expect(await get('/api/session', cookie)).toEqual({ player: null });
  });

  it('keeps a remembered player\'s cookie until the token expires', async () => {
    const response = await fetch(`${demo}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await loginToken({ expiresIn: '30d' }), remember_me: true }),
    });
    const maxAge = Number(/Max-Age=(\d+)/.exec(response.headers.get('set-cookie') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
  });
});

describe('the demo\'s Login settings', () => {
  it('are those the service is seeded with', () => {
    const { tables } = demoFixtures as unknown as { tables: { login_projects: { id: string; project_id: number; secret_key: string }[] } };
    const seeded = Object.fromEntries(tables.login_projects.map((p) => [p.project_id, { projectId: p.id, secret: p.secret_key }]));
    expect(seeded).toEqual(DEMO_LOGIN);
  });

  it('follow the demo\'s port at start: its callback (and the 127.0.0.1 twin) replace the loopback game page, other callbacks stay, the secret is the demo\'s', async () => {
    const settings = `${api}/mock/projects/${world.project(200001)}/login`;
    const put = (body: object) => fetch(settings, { method: 'PUT', headers: { authorization: world.authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put({ callback_urls: ['http://localhost:5173/game.html', 'https://game.example.test/back'], secret_key: null })).status).toBe(200);
    await pointLoginAtDemo({ ...asSandbox(), project: world.project(200001), secret: LOGIN.secret, callback: 'http://localhost:41234/game.html' });
    const after = (await (await fetch(settings, { headers: { authorization: world.authorization } })).json()) as { callback_urls: string[]; secret_key: string };
    expect(after.callback_urls).toEqual(['http://localhost:41234/game.html', 'http://127.0.0.1:41234/game.html', 'https://game.example.test/back']);
    expect(after.secret_key).toBe(LOGIN.secret);
  });
});

describe('the second game\'s user store, asked by the Login API\'s proxy variants', () => {
  const login = (path: string, body: object) => fetch(`${api}${path}?projectId=${HARBOR.projectId}&login_url=${encodeURIComponent(`${demo}/harbor.html`)}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });

  beforeAll(async () => {
    const store = (path: string) => `${demo}/api/user-store/${path}`;
    await pointLoginAtDemo({
      ...asSandbox(), project: world.project(200002), secret: HARBOR.secret, callback: `${demo}/harbor.html`,
      userStore: { new_user: store(USER_STORE_PATHS.new_user), user_verification: store(USER_STORE_PATHS.user_verification), password_reset: store(USER_STORE_PATHS.password_reset) },
    });
  });

  it('registers, refuses a taken name at the field, logs in with the store\'s id as the JWT\'s sub, and the demo server signs that player in', async () => {
    expect((await login('/api/proxy/registration', { username: 'kai', email: 'kai@example.test', password: 'harbor-1' })).status).toBe(204);
    const taken = await login('/api/proxy/registration', { username: 'KAI', email: 'kai2@example.test', password: 'harbor-1' });
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { extended_message: unknown }).extended_message).toEqual({ global_errors: [], property_errors: { username: ['is already taken'] } });
    const wrong = await login('/api/proxy/login', { username: 'kai', password: 'harbor-2' });
    expect(((await wrong.json()) as { extended_message: { global_errors: string[] } }).extended_message.global_errors).toEqual(['wrong username or password']);

    const right = await login('/api/proxy/login', { username: 'kai', password: 'harbor-1' });
    const jwt = new URL(((await right.json()) as { login_url: string }).login_url).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; email: string };
    expect(claims).toMatchObject({ email: 'kai@example.test', login_project_id: HARBOR.projectId });
    expect(claims.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const session = await fetch(`${demo}/api/session?project=200002`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: jwt }) });
    expect(session.status).toBe(200);
    expect(session.headers.get('set-cookie')).toMatch(/^harbor_session=/);
    // A token of this game is not the game site's: signed with another Login project's key.
    expect(await signIn(jwt)).toMatchObject({ status: 401, cookie: null, body: { error: { code: 'BAD_SIGNATURE' } } });
  });

  it('answers only requests signed with the Login secret key', async () => {
    const body = JSON.stringify({ login_project_id: HARBOR.projectId, username: 'kai', password: 'harbor-1' });
    const ask = (authorization: string) => fetch(`${demo}/api/user-store/verify`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body });
    expect((await ask('')).status).toBe(401);
    expect((await ask(`Signature ${webhookSignature(body, 'another-secret')}`)).status).toBe(401);
    const signed = await ask(`Signature ${webhookSignature(body, HARBOR.secret)}`);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ email: 'kai@example.test', username: 'kai' });
  });
});

describe('the demo\'s mailbox (GET /api/mailbox?to=), its stand-in for a player\'s inbox', () => {
  const GAME = () => `${demo}/game.html`;
  const atLogin = (path: string, body: object) => fetch(`${api}${path}?projectId=${LOGIN.projectId}&login_url=${encodeURIComponent(GAME())}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  /** Registers through the demo server, as the game page does; its answer and the mailbox cookie it sets. */
  const register = async (body: object) => {
    const response = await fetch(`${demo}/api/register?project=200001&login_url=${encodeURIComponent(GAME())}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '', body: response.status === 204 ? null : await response.json() };
  };
  const mailbox = async (to: string, cookie = '') => {
    const response = await fetch(`${demo}/api/mailbox?to=${encodeURIComponent(to)}`, { headers: cookie ? { cookie } : {} });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    await pointLoginAtDemo({ ...asSandbox(), project: world.project(200001), secret: LOGIN.secret, callback: GAME() });
  });

  it("gives nobody another player's mail: a reset link asked for a player is not answered to whoever names their address", async () => {
    const victim = { username: 'mail-victim', email: 'mail-victim@example.test', password: 'victim-1' };
    expect((await atLogin('/api/user', victim)).status).toBe(204);
    expect((await atLogin('/api/password/reset', { username: victim.username })).status).toBe(204);
    const asked = await mailbox(victim.email);
    expect(asked.status).toBe(403);
    expect(asked.text).not.toContain('/mock/login/password');
    expect(asked.text).not.toContain('/mock/login/confirm');
    // Nor with a session of another player.
    const other = await signIn(await loginToken({ username: 'mallory', email: 'mallory@example.test' }));
    expect((await mailbox(victim.email, other.cookie!.split(';')[0])).status).toBe(403);
  });

  it('a browser that registered an address through the demo server reads its mail (the confirmation link), and no other address', async () => {
    const player = { username: 'mail-reader', email: 'Mail-Reader@example.test', password: 'reader-1' };
    const registered = await register(player);
    expect(registered.status).toBe(204);
    expect(registered.cookie).toMatch(/^demo_mailbox=[\w-]{43}$/);
    const own = await mailbox('mail-reader@example.test', registered.cookie);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).messages).toMatchObject([{ subject: 'Confirm your email address', links: [expect.stringContaining('/mock/login/confirm?token=')] }]);
    expect((await mailbox('mail-victim@example.test', registered.cookie)).status).toBe(403);
    // The Login API's refusal comes back as it said it, and grants nothing.
    const taken = await register({ ...player, email: 'someone-else@example.test' });
    expect(taken).toMatchObject({ status: 422, cookie: '', body: { extended_message: { property_errors: { username: ['is already taken'] } } } });
  });

  it("a signed-in player reads the mail of their own address", async () => {
    const session = await signIn(await loginToken({ username: 'mail-victim', email: 'mail-victim@example.test' }));
    const own = await mailbox('MAIL-VICTIM@example.test', session.cookie!.split(';')[0]);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).messages.map((m: { subject: string }) => m.subject)).toEqual(['Reset your password', 'Confirm your email address']);
  });
});
