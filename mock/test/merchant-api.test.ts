import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTokenTable } from '../domain/token-request';
import { TOKEN_LIFETIME_SECONDS, signToken, verifyToken, type TokenPayload } from '../domain/token';
import { validTokenRequest } from '../../test/fixtures/token-requests';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

const MERCHANT = 100001;
/** The demo merchant's API key, whose tokens these are (each merchant's are signed with a key made from its own). */
const KEYS = async (id: number) => (id === MERCHANT ? 'demo-api-key' : undefined);
type Body = Record<string, any>;
/** `id` in exponent form: 100001 as `1.00001e5`. */
const exponent = (id: number) => `${String(id)[0]}.${String(id).slice(1)}e${String(id).length - 1}`;
const edit = (change: (body: Body) => void): Body => {
  const body = validTokenRequest();
  change(body);
  return body;
};

describe('checkTokenTable (the token table; the catalogue is checked by the service, mock/test/one-world.test.ts)', () => {
  it('accepts the valid request', () => {
    expect(checkTokenTable(validTokenRequest())).toBeNull();
  });

  it.each<[string, Body]>([
    ['minimal: user id, email and a project', { user: { id: { value: '1' }, email: { value: 'a@b.co' } }, settings: { project_id: 200002 } }],
    ['legal entity with all legal fields', edit((b) => { b.user.is_legal = true; b.user.legal = { name: 'Acme GmbH', address: 'Hauptstr. 1, Berlin', vat_id: 'DE123456789', country: 'DE' }; })],
    ['virtual currency purchase', edit((b) => { b.purchase = { virtual_currency: { quantity: 550 } }; })],
    ['subscription purchase', edit((b) => { b.purchase = { subscription: { plan_id: 'captain-monthly', trial_days: 7 } }; })],
    ['game keys with a DRM', edit((b) => { b.purchase = { pin_codes: { codes: [{ digital_content: 'star-miners', drm: 'steam' }] } }; })],
    ['a gift with a coupon', edit((b) => { b.purchase.gift = { giver_id: 'p-1', friends: [{ id: 'p-2', name: 'Ada', email: 'ada@example.test' }] }; b.purchase.coupon_code = { value: 'WINTER', hidden: true }; })],
    ['an empty purchase: the payment UI offers the catalogue', edit((b) => { b.purchase = {}; })],
    ['live mode (no settings.mode)', edit((b) => { delete b.settings.mode; })],
  ])('accepts %s', (_name, body) => {
    expect(checkTokenTable(body)).toBeNull();
  });

  // [what is wrong, body, the property path that must be reported]
  const invalid: [string, unknown, string][] = [
    ['no user', edit((b) => { delete b.user; }), 'user'],
    ['no settings', edit((b) => { delete b.settings; }), 'settings'],
    ['no user.id', edit((b) => { delete b.user.id; }), 'user.id'],
    ['user.id.value missing', edit((b) => { b.user.id = {}; }), 'user.id.value'],
    ['user.id.value a number', edit((b) => { b.user.id.value = 42; }), 'user.id.value'],
    ['user.id.value empty', edit((b) => { b.user.id.value = ' '; }), 'user.id.value'],
    ['no user.email', edit((b) => { delete b.user.email; }), 'user.email'],
    ['user.email.value not an email', edit((b) => { b.user.email.value = 'player42'; }), 'user.email.value'],
    ['user.country lowercase', edit((b) => { b.user.country.value = 'de'; }), 'user.country.value'],
    ['user.country 3 letters', edit((b) => { b.user.country.value = 'DEU'; }), 'user.country.value'],
    ['user.country.allow_modify a string', edit((b) => { b.user.country.allow_modify = 'no'; }), 'user.country.allow_modify'],
    ['user.age, a parameter the table does not list', edit((b) => { b.user.age = 30; }), 'user.age'],
    ['user.is_legal a string', edit((b) => { b.user.is_legal = 'true'; }), 'user.is_legal'],
    ['legal user without legal', edit((b) => { b.user.is_legal = true; }), 'user.legal.name'],
    ['legal user without vat_id', edit((b) => { b.user.is_legal = true; b.user.legal = { name: 'A', address: 'B', country: 'DE' }; }), 'user.legal.vat_id'],
    ['legal country lowercase', edit((b) => { b.user.is_legal = true; b.user.legal = { name: 'A', address: 'B', vat_id: 'C', country: 'de' }; }), 'user.legal.country'],
    ['unknown user field', edit((b) => { b.user.nickname = 'x'; }), 'user.nickname'],
    ['settings.project_id a string', edit((b) => { b.settings.project_id = '200001'; }), 'settings.project_id'],
    ['settings.project_id a fraction', edit((b) => { b.settings.project_id = 200001.5; }), 'settings.project_id'],
    ['settings.project_id missing', edit((b) => { delete b.settings.project_id; }), 'settings.project_id'],
    ['settings.currency not ISO 4217', edit((b) => { b.settings.currency = 'EURO'; }), 'settings.currency'],
    ['settings.currency lowercase', edit((b) => { b.settings.currency = 'eur'; }), 'settings.currency'],
    ['settings.currency invented', edit((b) => { b.settings.currency = 'QQQ'; }), 'settings.currency'],
    ['settings.language uppercase', edit((b) => { b.settings.language = 'DE'; }), 'settings.language'],
    ['settings.language a locale', edit((b) => { b.settings.language = 'de-DE'; }), 'settings.language'],
    ['settings.mode live', edit((b) => { b.settings.mode = 'live'; }), 'settings.mode'],
    ['settings.return_url not http', edit((b) => { b.settings.return_url = 'javascript:alert(1)'; }), 'settings.return_url'],
    ['settings.ui.theme unknown', edit((b) => { b.settings.ui.theme = 'dark'; }), 'settings.ui.theme'],
    ['settings.ui.version unknown', edit((b) => { b.settings.ui.version = 'tablet'; }), 'settings.ui.version'],
    ['settings.ui a string', edit((b) => { b.settings.ui = 'default'; }), 'settings.ui'],
    ['settings.payment_widget unknown', edit((b) => { b.settings.payment_widget = 'card'; }), 'settings.payment_widget'],
    ['items not an array', edit((b) => { b.purchase.virtual_items.items = { sku: 'starter-pack', amount: 1 }; }), 'purchase.virtual_items.items'],
    ['item sku a number', edit((b) => { b.purchase.virtual_items.items[1].sku = 7; }), 'purchase.virtual_items.items[1].sku'],
    ['item amount a string', edit((b) => { b.purchase.virtual_items.items[0].amount = '1'; }), 'purchase.virtual_items.items[0].amount'],
    ['item amount a fraction', edit((b) => { b.purchase.virtual_items.items[0].amount = 1.5; }), 'purchase.virtual_items.items[0].amount'],
    ['item amount negative', edit((b) => { b.purchase.virtual_items.items[0].amount = -5; }), 'purchase.virtual_items.items[0].amount'],
    ['item amount 0', edit((b) => { b.purchase.virtual_items.items[1].amount = 0; }), 'purchase.virtual_items.items[1].amount'],
    ['currency quantity negative', edit((b) => { b.purchase = { virtual_currency: { quantity: -1000 } }; }), 'purchase.virtual_currency.quantity'],
    ['currency quantity 0', edit((b) => { b.purchase = { virtual_currency: { quantity: 0 } }; }), 'purchase.virtual_currency.quantity'],
    ['currency quantity infinite (1e309 in JSON)', edit((b) => { b.purchase = { virtual_currency: { quantity: JSON.parse('1e309') } }; }), 'purchase.virtual_currency.quantity'],
    ['custom_parameters an array', edit((b) => { b.custom_parameters = [1]; }), 'custom_parameters'],
    ['unknown top-level field', edit((b) => { b.token_ttl = 5; }), 'token_ttl'],
    ['a __proto__ field', JSON.parse('{"__proto__":{"x":1},"user":{"id":{"value":"1"},"email":{"value":"a@b.co"}},"settings":{"project_id":200001}}'), '__proto__'],
  ];

  it(`has at least 25 invalid cases (${invalid.length})`, () => {
    expect(invalid.length).toBeGreaterThanOrEqual(25);
  });

  it.each(invalid)('reports %s at its path', (_name, body, path) => {
    const result = checkTokenTable(body);
    expect(result?.property_errors[path]?.length, JSON.stringify(result)).toBeGreaterThan(0);
  });

  it('lists every failing path at once', () => {
    const result = checkTokenTable(edit((b) => {
      b.settings.project_id = '200001';
      b.settings.currency = 'euro';
      b.user.email.value = 'nope';
      b.user.is_legal = true;
    }));
    expect(Object.keys(result!.property_errors).sort()).toEqual([
      'settings.currency', 'settings.project_id', 'user.email.value',
      'user.legal.address', 'user.legal.country', 'user.legal.name', 'user.legal.vat_id',
    ]);
    expect(result!.property_errors['settings.project_id']).toEqual(['must be an integer']);
  });

  it.each<[string, unknown, string]>([
    ['a body that is not an object', [1, 2], 'the request body must be a JSON object'],
  ])('reports %s as a global error', (_name, body, message) => {
    expect(checkTokenTable(body)?.global_errors).toEqual([message]);
  });
});

describe('tokens', () => {
  const payload = (now: number): TokenPayload => ({
    merchant_id: MERCHANT, project_id: 200001, mode: 'sandbox', iat: now / 1000, exp: now / 1000 + TOKEN_LIFETIME_SECONDS,
    user: { id: { value: 'p' } }, settings: { project_id: 200001 },
  });
  const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

  it('round-trip: what is signed is what verifies', async () => {
    const token = await signToken(payload(T0), 'demo-api-key');
    expect(await verifyToken(token, KEYS, T0 + 1000)).toEqual({ ok: true, payload: payload(T0) });
  });

  it('expires after 24 hours, not before', async () => {
    const token = await signToken(payload(T0), 'demo-api-key');
    expect((await verifyToken(token, KEYS, T0 + 24 * 3600 * 1000 - 1)).ok).toBe(true);
    expect(await verifyToken(token, KEYS, T0 + 24 * 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a changed payload or signature, and garbage', async () => {
    const token = await signToken(payload(T0), 'demo-api-key');
    const [prefix, body, sig] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload(T0), project_id: 200002 })).toString('base64url');
    expect(await verifyToken(`${prefix}.${forged}.${sig}`, KEYS, T0)).toEqual({ ok: false, reason: 'signature' });
    expect(await verifyToken(`${prefix}.${body}.${sig.slice(0, -2)}AA`, KEYS, T0)).toEqual({ ok: false, reason: 'signature' });
    for (const garbage of ['', 'abc', 'v2.a.b', 'v1.a.b.c', 'v1.!!.??']) {
      expect((await verifyToken(garbage, KEYS, T0)).ok).toBe(false);
    }
  });

  it('has one spelling: the signature\'s or payload\'s last character with its unused bits set is malformed', async () => {
    const token = await signToken(payload(T0), 'demo-api-key');
    const [prefix, body, sig] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes are 43 characters: the last one's 2 low bits are unused, so 4 characters decode alike.
    const spellings = [0, 1, 2, 3].map((bits) => `${sig.slice(0, -1)}${alphabet[(alphabet.indexOf(sig.at(-1)!) & ~3) | bits]}`);
    expect(spellings.filter((other) => Buffer.from(other, 'base64url').equals(Buffer.from(sig, 'base64url')))).toHaveLength(4);
    for (const other of spellings.filter((s) => s !== sig)) {
      expect(await verifyToken(`${prefix}.${body}.${other}`, KEYS, T0)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(await verifyToken(`${prefix}.${body}=.${sig}`, KEYS, T0)).toEqual({ ok: false, reason: 'malformed' });
    expect((await verifyToken(token, KEYS, T0)).ok).toBe(true);
  });

  it('is signed with a key of its merchant\'s: one made with another key, or for a merchant that is not there, is refused', async () => {
    const token = await signToken(payload(T0), 'not-the-demo-key');
    expect(await verifyToken(token, KEYS, T0)).toEqual({ ok: false, reason: 'signature' });
    const nobody = await signToken({ ...payload(T0), merchant_id: 999999 }, 'demo-api-key');
    expect(await verifyToken(nobody, KEYS, T0)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('merchant API over HTTP', () => {
  let world: SandboxWorld;
  /** A merchant that was and is no more: a sandbox made and removed. */
  let gone: SandboxWorld;
  let base: string;
  /** The sandbox's Star Miners (the demo's project 200001). */
  let star: number;
  /** The sandbox's clock, moved far from real time so a token's times are seen to be its. */
  const clock = async () => Date.parse((await world.client.getClock()).now);
  beforeAll(async () => {
    [world, gone] = await Promise.all([sandboxWorld(), sandboxWorld({ seed: 'empty' })]);
    await gone.close();
    await world.client.moveClock({ body: { to: '2031-11-01T00:00:00Z' } });
    base = world.origin;
    star = world.project(200001);
  });
  afterAll(() => world.close());

  const basic = (user: string) => `Basic ${Buffer.from(user).toString('base64')}`;
  /** The sandbox's `merchant_id:api_key` with `id` (default its merchant id) and `key` (default its key) in their places. */
  const as = ({ id = String(world.merchantId), key = world.apiKey } = {}) => basic(`${id}:${key}`);
  /** The valid token request for the sandbox's Star Miners. */
  const request = (change: (body: Body) => void = () => undefined) => edit((b) => {
    b.settings.project_id = star;
    change(b);
  });
  const post = (body: unknown, auth: string | null | undefined = undefined, merchant: number | string = world.merchantId) =>
    fetch(`${base}/merchant/v2/merchants/${merchant}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth !== null ? { authorization: auth ?? as() } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('issues a signed sandbox token carrying user, settings and purchase, valid 24 h', async () => {
    const before = await clock();
    const response = await post(request());
    const after = await clock();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const { token } = (await response.json()) as { token: string };
    const verified = await verifyToken(token, async () => world.apiKey, after);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.payload).toMatchObject({
      merchant_id: world.merchantId, project_id: star, mode: 'sandbox',
      user: request().user, settings: request().settings, purchase: request().purchase,
      custom_parameters: { campaign: 'winter' },
    });
    expect(verified.payload.exp - verified.payload.iat).toBe(24 * 3600);
    // Issued at the sandbox's clock, not real time.
    expect(verified.payload.iat * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(verified.payload.iat * 1000).toBeLessThanOrEqual(after);
    expect(await verifyToken(token, async () => world.apiKey, verified.payload.iat * 1000 + 24 * 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each<[string, () => string | null]>([
    ['no Authorization header', () => null],
    ['a wrong key', () => as({ key: 'wrong' })],
    ['an unknown merchant', () => basic(`${gone.merchantId}:${gone.apiKey}`)],
    ['no colon', () => basic(`${world.merchantId}${world.apiKey}`)],
    ['a Bearer scheme', () => `Bearer ${world.apiKey}`],
    // The merchant id is plain decimal digits: other spellings of it are not it.
    ['a hexadecimal merchant id', () => as({ id: `0x${world.merchantId.toString(16)}` })],
    ['a merchant id with a leading blank', () => as({ id: ` ${world.merchantId}` })],
    ['a merchant id with a fraction', () => as({ id: `${world.merchantId}.0` })],
    ['a merchant id in exponent form', () => as({ id: exponent(world.merchantId) })],
    ['a merchant id with a leading zero', () => as({ id: `0${world.merchantId}` })],
  ])('answers 401 for %s', async (_name, auth) => {
    const response = await post(request(), auth());
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('takes an email as RFC 822 does, the same for a token as for tokenless access_data: no dotted domain needed, a quoted local part; never a blank or a missing @', async () => {
    for (const email of ['player@localhost', '"star.pilot"@example.test', 'o\'neil+games@example.test']) {
      const body = request();
      body.user.email.value = email;
      expect(checkTokenTable(body), email).toBeNull();
      expect((await post(body)).status, email).toBe(200);
    }
    const body = request();
    body.user.email.value = 'player at example.test';
    expect((await post(body)).status).toBe(422);
  });

  it('refuses an amount below 1 and a quantity of 0 or less (or not finite) at their paths: nobody buys a negative or empty purchase', async () => {
    const refused = async (purchase: object, path: string, message: string) => {
      const response = await post(request((b) => { b.purchase = purchase; }));
      expect(response.status, path).toBe(422);
      expect(((await response.json()) as any).extended_message.property_errors).toEqual({ [path]: [message] });
    };
    await refused({ virtual_items: { items: [{ sku: 'starter-pack', amount: -5 }] } }, 'purchase.virtual_items.items[0].amount', 'must be at least 1');
    await refused({ virtual_items: { items: [{ sku: 'starter-pack', amount: 1 }, { sku: 'plasma-drill', amount: 0 }] } }, 'purchase.virtual_items.items[1].amount', 'must be at least 1');
    await refused({ virtual_currency: { quantity: -1000 } }, 'purchase.virtual_currency.quantity', 'must be more than 0');
    await refused({ virtual_currency: { quantity: 0 } }, 'purchase.virtual_currency.quantity', 'must be more than 0');
    const infinite = await post(JSON.stringify(request((b) => { b.purchase = { virtual_currency: { quantity: 1 } }; })).replace('"quantity":1', '"quantity":1e309'));
    expect(infinite.status).toBe(422);
    expect(((await infinite.json()) as any).extended_message.property_errors).toHaveProperty(['purchase.virtual_currency.quantity']);
    expect((await post(request((b) => { b.purchase = { virtual_currency: { quantity: 0.5 } }; }))).status).toBe(200);
  });

  it('refuses an unknown field with one text, the token endpoint and tokenless access_data alike, the text the docs quote', async () => {
    const body = request((b) => { b.user.age = 30; });
    const answer = await post(body);
    expect(answer.status).toBe(422);
    const { property_errors: fromEndpoint } = ((await answer.json()) as any).extended_message;
    expect(fromEndpoint).toEqual({ 'user.age': ['is not a known field'] });
    expect(checkTokenTable(body)?.property_errors).toEqual(fromEndpoint);
    expect(readFileSync(new URL('../../docs/offline-service.md', import.meta.url), 'utf8')).toContain('`"user.age": ["is not a known field"]`');
  });

  it('answers 403 for credentials of another merchant than the path', async () => {
    expect((await post(request(), undefined, gone.merchantId)).status).toBe(403);
  });

  it('answers 422 with every failing path', async () => {
    const response = await post(request((b) => { b.settings.project_id = String(star); delete b.user.email; }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      http_status_code: 422,
      message: 'Unprocessable Entity',
      extended_message: {
        global_errors: [],
        property_errors: { 'user.email': ['is required'], 'settings.project_id': ['must be an integer'] },
      },
      request_id: response.headers.get('x-request-id'),
    });
  });

  it('answers 400 for a body that is not JSON (DESIGN §8: malformed JSON is 400)', async () => {
    const response = await post('{"user":');
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).message).toMatch(/not valid JSON/);
  });

  it('answers 404 for path ids that are not plain decimal integers', async () => {
    const auth = { authorization: as() };
    // The same numbers as the merchant's and the project's ids, other spellings.
    expect((await post(request(), undefined, `0x${world.merchantId.toString(16)}`)).status).toBe(404);
    for (const project of [`0x${star.toString(16)}`, `${star}.0`, exponent(star), `%20${star}`, `0${star}`]) {
      expect((await fetch(`${base}/mock/projects/${project}/webhooks`, { headers: auth })).status, project).toBe(404);
    }
    expect((await fetch(`${base}/mock/projects/${star}/webhooks`, { headers: auth })).status).toBe(200);
  });

  it('answers 405 for GET and 404 elsewhere', async () => {
    expect((await fetch(`${base}/merchant/v2/merchants/${world.merchantId}/token`)).status).toBe(405);
    expect((await fetch(`${base}/merchant/v2/projects`)).status).toBe(404);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
