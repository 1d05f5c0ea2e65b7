/**
 * One world, one state (DESIGN.md §8): the catalogue in the database is what a token may name and
 * what the payment UI sells; a paid purchase credits the user the API shows; a user the API
 * disabled cannot pay. The merchant API and the sandbox payment UI share one database, as in `npm start`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/database';
import { createHash } from 'node:crypto';
import type { SessionResult } from '../spec/session';
import { DEMO_AUTH as AUTH, callMerchantApi, merchantCaller } from '../../test/fixtures/merchant-call';
import { recordingListener, startWorld, type ServiceWorld } from './service-world';
import { createMerchantApi } from '../api/server';
import { listenLoopback } from '../http/listen';
import { playerOf } from './recording-listener';

let world: ServiceWorld;
let db: Database;
let api: string;
let ui: string;

beforeAll(async () => {
  world = await startWorld();
  db = world.db;
  api = `${world.origin}/merchant/v2`;
  ui = world.ui.sandbox;
  // The merchant's catalogue, as the catalogue API writes it (`data` is the record they sent).
  const item = (sku: string, data: object) =>
    db.sql.query('INSERT INTO items (project_id, sku, data) VALUES (200001, $1, $2)', [sku, JSON.stringify({ sku, enabled: true, default_currency: 'USD', ...data })]);
  await item('comet-blade', { name: { en: 'Comet blade', de: 'Kometenklinge' }, prices: { USD: '7.50', EUR: '6.90' }, image_url: '/img/comet-blade.png' });
  await item('old-blade', { name: { en: 'Old blade' }, prices: { USD: 1 }, enabled: false });
  await item('late-blade', { name: { en: 'Late blade' }, prices: { USD: 2 } });
  await db.sql.query(`INSERT INTO packages (project_id, sku, data) VALUES (200001, 'crystals-retired', '{"sku": "crystals-retired", "amount": 5, "enabled": false, "prices_array": [{"name": "USD", "value": 0.05}]}')`);
  // A project of the demo merchant that has no virtual currency.
  await db.sql.query(`INSERT INTO projects (id, merchant_id, data) VALUES (300001, 100001, '{"name": {"en": "No Coins"}}')`);
});
afterAll(() => world.close());

const call = merchantCaller(() => api);

function tokenBody(purchase: object, { user = 'star-pilot', language = 'en', project = 200001 } = {}) {
  return {
    user: { id: { value: user }, email: { value: `${user}@example.test` }, name: { value: 'Star Pilot' } },
    settings: { project_id: project, mode: 'sandbox', language, currency: 'USD' },
    purchase,
  };
}

async function token(purchase: object, options?: Parameters<typeof tokenBody>[1]): Promise<string> {
  const answer = await call('/merchants/100001/token', 'POST', tokenBody(purchase, options));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

const search = (accessToken: string) => `?${new URLSearchParams({ access_token: accessToken })}`;

async function session(accessToken: string): Promise<SessionResult> {
  const response = await fetch(`${ui}/api/session${search(accessToken)}`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as SessionResult;
}

async function pay(accessToken: string, drm?: string, outcome = 'success') {
  const response = await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: search(accessToken), outcome, ...(drm ? { drm } : {}) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('what a token may name', () => {
  it('an item the merchant added can be named; a disabled or unknown SKU is 422 at its path, all at once', async () => {
    await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 1 }] } });
    const answer = await call('/merchants/100001/token', 'POST', tokenBody({
      virtual_items: { items: [{ sku: 'old-blade', amount: 1 }, { sku: 'golden-gun', amount: 1 }, { sku: 'comet-blade', amount: 1 }] },
    }));
    expect(answer.status).toBe(422);
    expect(answer.body.extended_message.property_errors).toEqual({
      'purchase.virtual_items.items[0].sku': ['item "old-blade" is disabled in project 200001'],
      'purchase.virtual_items.items[1].sku': ['no item "golden-gun" in project 200001'],
    });
  });

  it('a package is named by its SKU; a disabled one is 422', async () => {
    await token({ virtual_items: { items: [{ sku: 'crystals-100', amount: 1 }] } });
    const answer = await call('/merchants/100001/token', 'POST', tokenBody({ virtual_items: { items: [{ sku: 'crystals-retired', amount: 1 }] } }));
    expect(answer.body.extended_message.property_errors).toEqual({ 'purchase.virtual_items.items[0].sku': ['package "crystals-retired" is disabled in project 200001'] });
  });

  it('virtual currency in a project without one, an unknown plan, and another merchant\'s project are 422 at their paths', async () => {
    const coins = await call('/merchants/100001/token', 'POST', tokenBody({ virtual_currency: { quantity: 10 } }, { project: 300001 }));
    expect(coins.body.extended_message.property_errors).toEqual({ 'purchase.virtual_currency': ['project 300001 has no virtual currency'] });
    const plan = await call('/merchants/100001/token', 'POST', tokenBody({ subscription: { plan_id: 'gold' } }));
    expect(plan.body.extended_message.property_errors).toEqual({ 'purchase.subscription.plan_id': ['no plan "gold" in project 200001'] });
    await token({ subscription: { plan_id: 'captain-monthly' } });
    await db.sql.query("INSERT INTO merchants (id, api_key) VALUES (100077, 'other-key') ON CONFLICT DO NOTHING");
    await db.sql.query(`INSERT INTO projects (id, merchant_id, data) VALUES (777777, 100077, '{"name": {"en": "Other"}}') ON CONFLICT DO NOTHING`);
    const other = await call('/merchants/100001/token', 'POST', tokenBody({}, { project: 777777 }));
    expect(other.body.extended_message.property_errors).toEqual({ 'settings.project_id': ['project 777777 does not belong to merchant 100001'] });
  });
});

describe('what the payment UI sells', () => {
  it('the item with its catalogue name in the token\'s language (English otherwise), price and image', async () => {
    const german = await session(await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 2 }, { sku: 'crystals-100', amount: 1 }] } }, { language: 'de' }));
    expect(german).toMatchObject({
      ok: true,
      session: {
        project: { id: 200001, name: 'Star Miners' },
        purchase: {
          kind: 'items',
          lines: [
            { sku: 'comet-blade', name: 'Kometenklinge', quantity: 2, price: { amount: 7.5, currency: 'USD' }, image: '/img/comet-blade.png' },
            { sku: 'crystals-100', name: '100 Crystals', quantity: 1, price: { amount: 0.99, currency: 'USD' } },
          ],
        },
      },
    });
    const french = await session(await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 1 }] } }, { language: 'fr' }));
    expect(french.ok && french.session.purchase.lines[0]!.name).toBe('Comet blade');
  });

  it('the purchase\'s own currency prices it, before settings.currency (an item without a price in it keeps its default)', async () => {
    const euro = await session(await token({ virtual_items: { currency: 'EUR', items: [{ sku: 'comet-blade', amount: 1 }, { sku: 'late-blade', amount: 1 }] } }));
    expect(euro.ok && euro.session.purchase.lines.map((line) => line.price)).toEqual([{ amount: 6.9, currency: 'EUR' }, { amount: 2, currency: 'USD' }]);
    // Crystals priced in euros too (the currency record's `base`): 200 of them (no package of 200) at the euro price.
    await db.sql.query(`UPDATE virtual_currencies SET data = jsonb_set(data, '{base,EUR}', '0.009') WHERE project_id = 200001`);
    const coins = await session(await token({ virtual_currency: { quantity: 200, currency: 'EUR' } }));
    expect(coins.ok && coins.session.purchase.lines[0]!.price).toEqual({ amount: 1.8, currency: 'EUR' });
  });

  it('an item disabled after its token was issued is no longer sold: 0010-0001', async () => {
    const issued = await token({ virtual_items: { items: [{ sku: 'late-blade', amount: 1 }] } });
    expect((await session(issued)).ok).toBe(true);
    await db.sql.query(`UPDATE items SET data = data || '{"enabled": false}' WHERE sku = 'late-blade'`);
    expect(await session(issued)).toMatchObject({ ok: false, code: '0010-0001' });
    expect((await pay(issued)).body).toMatchObject({ http_status_code: 422, message: '0010-0001' });
  });

  it('a game: unknown is 0010-0001, without a DRM 0010-0003', async () => {
    await db.sql.query(`INSERT INTO games (project_id, sku, data) VALUES (200001, 'no-drm-game', '{"name": {"en": "No DRM"}, "drm": [], "default_currency": "USD"}')`);
    expect(await session(await token({ pin_codes: { codes: [{ digital_content: 'no-such-game' }] } }))).toMatchObject({ ok: false, code: '0010-0001' });
    expect(await session(await token({ pin_codes: { codes: [{ digital_content: 'no-drm-game' }] } }))).toMatchObject({ ok: false, code: '0010-0003' });
  });
});

describe('the project as the API writes it', () => {
  /** The sandbox payment UI at a tokenless address for `project`. */
  async function tokenless(project: number): Promise<SessionResult> {
    const data = { user: { id: { value: 'open-pilot' }, email: { value: 'open@example.test' } }, settings: { project_id: project, mode: 'sandbox' }, purchase: { virtual_currency: { quantity: 100 } } };
    return (await fetch(`${ui}/api/session?${new URLSearchParams({ access_data: JSON.stringify(data) })}`)).json();
  }

  it('send_json_to_payui turns tokenless access_data on and off (0004-0010 when off)', async () => {
    const created = await call('/merchants/100001/projects', 'POST', { name: { en: 'Open Doors' }, send_json_to_payui: false });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await tokenless(id)).toMatchObject({ ok: false, code: '0004-0010' });
    expect((await call(`/projects/${id}`, 'PUT', { send_json_to_payui: true })).status).toBe(204);
    expect(await tokenless(id)).not.toMatchObject({ code: '0004-0010' });
    // The demo projects as seeded: the Harbor takes access_data, Star Miners only tokens; a change by the API counts there too.
    expect(await tokenless(200002)).toMatchObject({ ok: true });
    expect((await call('/projects/200002', 'PUT', { send_json_to_payui: false })).status).toBe(204);
    expect(await tokenless(200002)).toMatchObject({ ok: false, code: '0004-0010' });
    expect((await call('/projects/200002', 'PUT', { send_json_to_payui: true })).status).toBe(204);
    expect(await tokenless(200001)).toMatchObject({ ok: false, code: '0004-0010' });
  });

  it('a project whose payments_available is false cannot take payments: 0002-0004 (agreement not signed), by token and tokenless alike', async () => {
    const accessToken = await token({ virtual_currency: { quantity: 100 } }, { user: 'unsigned-buyer' });
    expect((await call('/projects/200001', 'PUT', { payments_available: false })).status).toBe(204);
    expect((await call('/projects/200002', 'PUT', { payments_available: false })).status).toBe(204);
    try {
      expect(await session(accessToken)).toMatchObject({ ok: false, code: '0002-0004' });
      expect(await tokenless(200002)).toMatchObject({ ok: false, code: '0002-0004' });
      expect((await pay(accessToken)).body).toMatchObject({ http_status_code: 422, message: '0002-0004' });
    } finally {
      await call('/projects/200001', 'PUT', { payments_available: true });
      await call('/projects/200002', 'PUT', { payments_available: true });
    }
    expect(await session(accessToken)).toMatchObject({ ok: true });
  });

  it('payment_url, key and ipn_enabled are the project\'s webhook settings: webhooks go there, signed with the key; off stops them', async () => {
    const listener = await recordingListener();
    const secret = 'miners-key-from-the-api';
    try {
      // Signed as the spec says: SHA-1 of the body followed by the project's key.
      const signed = async (body: string) => `Signature ${createHash('sha1').update(body + secret).digest('hex')}`;
      expect((await call('/projects/200001', 'PUT', { payment_url: listener.url, key: secret, ipn_enabled: true })).status).toBe(204);
      const read = (await call('/projects/200001')).body;
      expect(read).toMatchObject({ payment_url: listener.url, ipn_enabled: true });
      // The secret is written, never read back.
      expect(read).not.toHaveProperty('key');
      const settings = () => callMerchantApi(world.origin, 'GET', '/mock/projects/200001/webhooks');
      expect((await settings()).body).toMatchObject({ enabled: true, url: listener.url });
      const bought = await pay(await token({ virtual_currency: { quantity: 550 } }, { user: 'hooked-buyer' }));
      expect(bought.body).toMatchObject({ ok: true });
      await world.sender.idle();
      const paid = listener.received.find((r) => r.type === 'order_paid' && playerOf(r.body) === 'hooked-buyer');
      expect(paid, JSON.stringify(listener.received.map((r) => r.type))).toBeDefined();
      expect(listener.signatures.at(-1)).toBe(await signed(listener.bodies.at(-1)!));

      // A bad address is refused at its field and changes nothing.
      const refused = await call('/projects/200001', 'PUT', { payment_url: 'ftp://files.example.test/', ipn_enabled: true });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain('payment_url');
      expect((await call('/projects/200001')).body).toMatchObject({ payment_url: listener.url });

      // Off: nothing is sent, and the settings say so.
      expect((await call('/projects/200001', 'PUT', { ipn_enabled: false })).status).toBe(204);
      expect((await call('/projects/200001')).body).toMatchObject({ ipn_enabled: false });
      expect((await settings()).body).toMatchObject({ enabled: false });
      const before = listener.received.length;
      await pay(await token({ virtual_currency: { quantity: 550 } }, { user: 'unhooked-buyer' }));
      await world.sender.idle();
      expect(listener.received.length).toBe(before);

      // The service's own settings call writes the same project fields: their one row.
      const put = await callMerchantApi(world.origin, 'PUT', '/mock/projects/200001/webhooks', { url: listener.url, secret: 'set-in-the-console', variant: 'separate' });
      expect(put.status).toBe(200);
      expect((await call('/projects/200001')).body).toMatchObject({ payment_url: listener.url, ipn_enabled: true });
      const { rows } = await db.sql.query<{ secret: string }>('SELECT secret FROM webhook_settings WHERE project_id = 200001');
      expect(rows[0]!.secret).toBe('set-in-the-console');
    } finally {
      await callMerchantApi(world.origin, 'DELETE', '/mock/projects/200001/webhooks');
      await listener.server.close();
    }
  });
});

describe('a paid purchase', () => {
  it('credits items to the inventory and currency to the balance of a user made on their first purchase', async () => {
    expect((await call('/projects/200001/users/first-buyer')).status).toBe(404);
    const bought = await pay(await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 2 }, { sku: 'crystals-100', amount: 1 }] } }, { user: 'first-buyer' }));
    expect(bought.body).toMatchObject({ ok: true, status: 'done' });
    const user = await call('/projects/200001/users/first-buyer');
    expect(user.body).toMatchObject({ user_id: 'first-buyer', user_name: 'Star Pilot', email: 'first-buyer@example.test', enabled: true, balance: 100, wallet_amount: 100 });
    await pay(await token({ virtual_currency: { quantity: 550 } }, { user: 'first-buyer' }));
    await pay(await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 1 }] } }, { user: 'first-buyer' }));
    expect((await call('/projects/200001/users/first-buyer')).body).toMatchObject({ balance: 650, wallet_amount: 650 });
    const { rows } = await db.sql.query<{ id: string }>("SELECT id FROM items WHERE project_id = 200001 AND sku = 'comet-blade'");
    expect((await call('/projects/200001/users/virtual_items/total?user_id=first-buyer')).body).toEqual([
      { user_id: 'first-buyer', virtual_items: [{ id: Number(rows[0]!.id), quantity: 3, sku: 'comet-blade' }] },
    ]);
    // Each payment is kept in the database.
    const kept = await db.sql.query<{ status: string }>("SELECT status FROM payments WHERE data->'user'->>'id' = 'first-buyer'");
    expect(kept.rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
  });

  it('a refund takes back what the payment gave (and a second refund is 409)', async () => {
    const bought = await pay(await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 2 }, { sku: 'crystals-100', amount: 1 }] } }, { user: 'refunded-buyer' }));
    await pay(await token({ virtual_currency: { quantity: 550 } }, { user: 'refunded-buyer' }));
    const refund = await fetch(`${api.replace('/merchant/v2', '')}/mock/transactions/${bought.body.invoice}/refund`, { method: 'POST', headers: { authorization: AUTH } });
    expect(refund.status).toBe(200);
    expect((await call('/projects/200001/users/refunded-buyer')).body).toMatchObject({ balance: 550, wallet_amount: 550 });
    expect((await call('/projects/200001/users/virtual_items/total?user_id=refunded-buyer')).body).toEqual([{ user_id: 'refunded-buyer', virtual_items: [] }]);
    const kept = await db.sql.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [bought.body.invoice]);
    expect(kept.rows[0]!.status).toBe('refunded');
    const again = await fetch(`${api.replace('/merchant/v2', '')}/mock/transactions/${bought.body.invoice}/refund`, { method: 'POST', headers: { authorization: AUTH } });
    expect(again.status).toBe(409);
  });

  it('tokenless access_data buys nothing negative or empty: an amount below 1 or a quantity of 0 or less is 0004-0009 at its path, and nothing is paid', async () => {
    const address = (purchase: object) => `?${new URLSearchParams({ access_data: JSON.stringify({
      user: { id: { value: 'negative-buyer' }, email: { value: 'negative@example.test' } }, settings: { project_id: 200002, mode: 'sandbox' }, purchase,
    }) })}`;
    const cases: [object, string][] = [
      [{ virtual_items: { items: [{ sku: 'hint-bundle', amount: -5 }] } }, 'purchase.virtual_items.items[0].amount'],
      [{ virtual_items: { items: [{ sku: 'hint-bundle', amount: 0 }] } }, 'purchase.virtual_items.items[0].amount'],
      [{ virtual_currency: { quantity: -1000 } }, 'purchase.virtual_currency.quantity'],
      [{ virtual_currency: { quantity: 0 } }, 'purchase.virtual_currency.quantity'],
    ];
    for (const [purchase, path] of cases) {
      const shown = (await (await fetch(`${ui}/api/session${address(purchase)}`)).json()) as SessionResult;
      expect(shown, path).toMatchObject({ ok: false, code: '0004-0009', message: expect.stringContaining(path) });
      const paid = await fetch(`${ui}/api/payments`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: ui }, body: JSON.stringify({ search: address(purchase), outcome: 'success' }),
      });
      expect(paid.status, path).toBe(422);
      expect(await paid.json()).toMatchObject({ message: '0004-0009' });
    }
    expect((await call('/projects/200002/users/negative-buyer')).status).toBe(404);
    expect((await db.sql.query("SELECT 1 FROM payments WHERE data->'user'->>'id' = 'negative-buyer'")).rows).toEqual([]);
  });

  it('a declined payment credits nothing', async () => {
    const accessToken = await token({ virtual_currency: { quantity: 550 } }, { user: 'declined-buyer' });
    const response = await fetch(`${ui}/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui },
      body: JSON.stringify({ search: search(accessToken), outcome: 'declined' }),
    });
    expect(await response.json()).toMatchObject({ ok: true, status: 'troubled', reason: 'declined' });
    expect((await call('/projects/200001/users/declined-buyer')).status).toBe(404);
  });

  it('a user the API disabled cannot pay: the payment UI refuses with 0005-0001, and nothing is credited', async () => {
    await call('/projects/200001/users', 'POST', { user_id: 'banned', user_name: 'Banned' });
    const accessToken = await token({ virtual_currency: { quantity: 550 } }, { user: 'banned' });
    expect((await session(accessToken)).ok).toBe(true);
    expect((await call('/projects/200001/users/banned', 'PUT', { user_id: 'banned', enabled: false })).status).toBe(204);
    expect(await session(accessToken)).toMatchObject({ ok: false, code: '0005-0001', message: expect.stringMatching(/turned off for this account/) });
    expect((await pay(accessToken)).body).toMatchObject({ http_status_code: 422, message: '0005-0001' });
    expect((await call('/projects/200001/users/banned')).body).toMatchObject({ enabled: false, balance: 0 });
    // Enabled again, they can.
    await call('/projects/200001/users/banned', 'PUT', { user_id: 'banned', enabled: true });
    expect((await pay(accessToken)).body).toMatchObject({ ok: true, status: 'done' });
    expect((await call('/projects/200001/users/banned')).body).toMatchObject({ balance: 550 });
  });
});

describe('a token pays once (one rendering, service-spec.md "Payment token")', () => {
  const paymentsOf = async (user: string) =>
    (await db.sql.query<{ status: string }>("SELECT status FROM payments WHERE data->'user'->>'id' = $1", [user])).rows.map((r) => r.status);

  it('a second payment with a paid token is 409 and charges nothing; the payment UI reopens on what it paid', async () => {
    const accessToken = await token({ virtual_currency: { quantity: 550 } }, { user: 'twice-buyer' });
    const first = await pay(accessToken);
    expect(first).toMatchObject({ status: 200, body: { ok: true, status: 'done' } });
    const again = await pay(accessToken);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ http_status_code: 409, request_id: expect.any(String), message: expect.stringContaining(String(first.body.invoice)) });
    // Declined is no payment either: nothing is kept for it.
    expect((await pay(accessToken, undefined, 'declined')).status).toBe(409);
    expect(await paymentsOf('twice-buyer')).toEqual(['done']);
    expect((await call('/projects/200001/users/twice-buyer')).body).toMatchObject({ balance: 550 });
    expect(await session(accessToken)).toMatchObject({ ok: true, paid: { invoice: first.body.invoice, status: 'done' }, session: { purchase: { kind: 'virtual_currency', quantity: 550 } } });
  });

  it('two tokens asked for the same purchase at the same moment are two renderings: each pays once', async () => {
    const [a, b] = await Promise.all([0, 1].map(() => token({ virtual_currency: { quantity: 100 } }, { user: 'two-token-buyer' })));
    expect(a).not.toBe(b);
    expect((await pay(a!)).body).toMatchObject({ ok: true, status: 'done' });
    expect((await pay(b!)).body).toMatchObject({ ok: true, status: 'done' });
    expect(await paymentsOf('two-token-buyer')).toEqual(['done', 'done']);
  });

  it('payments sent at the same time with one token: one is done, every other is 409', async () => {
    const accessToken = await token({ virtual_items: { items: [{ sku: 'comet-blade', amount: 1 }] } }, { user: 'racing-buyer' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(accessToken)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await paymentsOf('racing-buyer')).toEqual(['done']);
    expect((await call('/projects/200001/users/virtual_items/total?user_id=racing-buyer')).body).toMatchObject([{ virtual_items: [{ sku: 'comet-blade', quantity: 1 }] }]);
  });

  it('a declined or refused payment leaves the token to pay again; a plan with a trial is paid once too', async () => {
    const accessToken = await token({ virtual_currency: { quantity: 100 } }, { user: 'retry-buyer' });
    expect((await pay(accessToken, undefined, 'declined')).body).toMatchObject({ ok: true, status: 'troubled' });
    expect(await session(accessToken)).not.toHaveProperty('paid');
    expect((await pay(accessToken)).body).toMatchObject({ ok: true, status: 'done' });
    expect(await paymentsOf('retry-buyer')).toEqual(['error', 'done']);

    const trial = await token({ subscription: { plan_id: 'captain-monthly', trial_days: 7 } }, { user: 'trial-buyer' });
    expect((await pay(trial)).body).toMatchObject({ ok: true, status: 'done' });
    expect((await pay(trial)).status).toBe(409);
    const subscriptions = await db.sql.query("SELECT id FROM subscriptions WHERE user_id = 'trial-buyer'");
    expect(subscriptions.rows).toHaveLength(1);
  });
});

describe('game keys', () => {
  let gameId: number;
  beforeAll(async () => {
    const game = {
      name: { en: 'Star Miners Deluxe', de: 'Star Miners Deluxe (DE)' }, default_currency: 'USD', prices: { USD: 19.99 },
      drm: [{ id: 1, name: 'Steam', enabled: true }, { id: 8, name: 'GOG', enabled: true }, { id: 3, name: 'Origin', enabled: false }],
    };
    const { rows } = await db.sql.query<{ id: string }>("INSERT INTO games (project_id, sku, data) VALUES (200001, 'star-miners-deluxe', $1) RETURNING id", [JSON.stringify(game)]);
    gameId = Number(rows[0]!.id);
    await db.sql.query("INSERT INTO game_keys (game_id, drm, code) VALUES ($1, 'steam', 'STEAM-AAAA'), ($1, 'gog', 'GOG-BBBB')", [gameId]);
  });

  it('a token naming the DRM sells the game and the paid purchase hands out a key of that DRM, once', async () => {
    const accessToken = await token({ pin_codes: { codes: [{ digital_content: 'star-miners-deluxe', drm: 'steam' }] } }, { language: 'de', user: 'gamer' });
    expect(await session(accessToken)).toMatchObject({
      ok: true,
      session: { purchase: { kind: 'game', drm: 'steam', drms: ['steam', 'gog'], lines: [{ sku: 'star-miners-deluxe', name: 'Star Miners Deluxe (DE)', price: { amount: 19.99 } }] } },
    });
    const paid = await pay(accessToken);
    expect(paid.body).toMatchObject({ ok: true, status: 'done', key: { drm: 'steam', code: 'STEAM-AAAA' } });
    const key = await db.sql.query<{ transaction_id: string }>("SELECT transaction_id FROM game_keys WHERE code = 'STEAM-AAAA'");
    expect(Number(key.rows[0]!.transaction_id)).toBe(paid.body.invoice);
    // Opened again, the payment UI shows what the token paid, its key included.
    expect(await session(accessToken)).toMatchObject({ ok: true, paid: { invoice: paid.body.invoice, status: 'done', key: { drm: 'steam', code: 'STEAM-AAAA' } } });
    // The pool is empty now: the next purchase is refused before any money moves.
    const next = await token({ pin_codes: { codes: [{ digital_content: 'star-miners-deluxe', drm: 'steam' }] } }, { user: 'gamer' });
    expect((await pay(next)).body).toMatchObject({ http_status_code: 422, message: '0010-0001' });
  });

  it('a token without a DRM lets the player pick one of the game\'s enabled DRMs; none picked, or another, is 0010-0003', async () => {
    const accessToken = await token({ pin_codes: { codes: [{ digital_content: 'star-miners-deluxe' }] } }, { user: 'picker' });
    expect(await session(accessToken)).toMatchObject({ ok: true, session: { purchase: { kind: 'game', drm: null, drms: ['steam', 'gog'] } } });
    expect((await pay(accessToken)).body).toMatchObject({ http_status_code: 422, message: '0010-0003' });
    expect((await pay(accessToken, 'origin')).body).toMatchObject({ http_status_code: 422, message: '0010-0003' });
    expect((await pay(accessToken, 'gog')).body).toMatchObject({ ok: true, status: 'done', key: { drm: 'gog', code: 'GOG-BBBB' } });
  });

  it('a game priced through the merchant API (drm[].prices) sells at its price in the token\'s currency, else its default one', async () => {
    const game = {
      sku: 'priced-by-api', name: { en: 'Priced by API' }, description: { en: 'A game' }, system_requirements: '-', default_currency: 'USD',
      drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: 24.99 }, { currency: 'EUR', amount: 22.49 }] }],
    };
    expect((await call('/projects/200001/game_delivery', 'POST', game)).status).toBe(201);
    const priced = async (currency: string) => {
      const answer = await session(await token({ pin_codes: { currency, codes: [{ digital_content: 'priced-by-api', drm: 'steam' }] } }));
      return answer.ok ? answer.session.purchase.lines[0]!.price : answer;
    };
    expect(await priced('EUR')).toEqual({ amount: 22.49, currency: 'EUR' });
    expect(await priced('GBP')).toEqual({ amount: 24.99, currency: 'USD' });
  });

  it('a token naming a DRM the game does not have is 0010-0003 in the payment UI', async () => {
    expect(await session(await token({ pin_codes: { codes: [{ digital_content: 'star-miners-deluxe', drm: 'xbox' }] } }))).toMatchObject({ ok: false, code: '0010-0003' });
  });
});

describe('fault rules (mock/test/faults.test.ts) on one database', () => {
  it('are seen by every process on the database: a rule made through one fails a request through another, a count of 1 once among them', async () => {
    // A second merchant API on the same database, as a second process on a shared Postgres server is.
    const second = await listenLoopback(await createMerchantApi({ db: world.db, sender: world.sender }), 0);
    try {
      const through = [world.origin, `http://127.0.0.1:${second.port}`];
      const made = await callMerchantApi(world.origin, 'POST', '/mock/faults', { operation: 'getProject', status: 507 });
      expect((await callMerchantApi(through[1]!, 'GET', '/mock/faults')).body).toEqual([expect.objectContaining({ id: made.body.id, remaining: 1 })]);
      const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) => callMerchantApi(through[i % 2]!, 'GET', '/merchant/v2/projects/200001').then((r) => r.status)));
      expect(statuses.filter((s) => s === 507)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect((await callMerchantApi(world.origin, 'GET', '/mock/faults')).body).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
