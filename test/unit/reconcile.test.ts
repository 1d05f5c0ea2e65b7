// Reconciling the game's sales with the reports API (issue 28, item 6): the demo server's own
// reconciliation (server/reconcile.ts, quoted in docs/server-kit.md) against an in-process service
// whose webhooks reach the demo's shop: a purchase delivered, one refunded and taken back, one
// whose webhooks never reached the game (the listener was off), and a Captain's pass with its
// renewal a month later by the service's clock. Also the demo server's pass endpoints refusing
// what they cannot do.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { DEMO_WEBHOOK_SECRETS } from '../../mock/fixtures/catalog';
import { createDemoServer } from '../../server/demo';
import { reconcileSales, yesterday } from '../../server/reconcile';
import { createShop, type Shop } from '../../server/shop';
import { webhookSignature } from '../../src/server/signature';
import { sandboxWorld, type SandboxWorld } from '../../mock/test/sandbox-world';

const PLAYER = 'demo-player-1';
let world: SandboxWorld;
/** The sandbox's Star Miners. */
let starMiners: number;
let shop: Shop;
let listener: Listening;

const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);

const listenHere = () => merchant('PUT', `/mock/projects/${starMiners}/webhooks`, { url: `http://127.0.0.1:${listener.port}/`, secret: DEMO_WEBHOOK_SECRETS[200001], variant: 'combined' });

/** A purchase through the shop (its token names our order) paid in the sandbox payment UI: our order id and the transaction's. */
async function buy(purchase: object): Promise<{ order: string; transaction: number }> {
  const { token, order } = await shop.startOrder({
    user: { id: { value: PLAYER }, name: { value: 'Nova Rider' }, email: { value: 'nova@example.test' }, country: { value: 'US' } },
    settings: { project_id: starMiners, currency: 'USD', mode: 'sandbox' },
    purchase,
  });
  const paid = await fetch(`${world.ui.sandbox}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: world.ui.sandbox },
    body: JSON.stringify({ search: `?${new URLSearchParams({ access_token: token })}`, outcome: 'success' }),
  });
  const answer = (await paid.json()) as { status: string; invoice: number };
  expect(answer.status).toBe('done');
  return { order, transaction: answer.invoice };
}

const deliveredAs = (order: string) => expect.poll(() => shop.order(order)?.status, { timeout: 15_000 });

beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  shop = createShop({ merchantId: world.merchantId, apiKey: world.apiKey, merchantApi: world.origin, players: new Set([PLAYER]) });
  listener = await listenLoopback(shop.webhooks(DEMO_WEBHOOK_SECRETS[200001]!, starMiners), 0);
  expect((await listenHere()).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await listener?.close();
  await world?.close();
});

it('reports the payment the game never delivered and the refunded one; delivered purchases and the pass’s renewal pass', async () => {
  const from = new Date((await merchant('GET', '/mock/clock')).body.now).toISOString();
  const delivered = await buy({ virtual_currency: { quantity: 100 } });
  await deliveredAs(delivered.order).toBe('delivered');

  const refunded = await buy({ virtual_currency: { quantity: 550 } });
  await deliveredAs(refunded.order).toBe('delivered');
  await shop.refund(refunded.order);
  await deliveredAs(refunded.order).toBe('refunded');

  // The listener was off when this one was paid: the service took the money, the game never heard.
  expect((await merchant('DELETE', `/mock/projects/${starMiners}/webhooks`)).status).toBe(200);
  const missed = await buy({ virtual_currency: { quantity: 1200 } });
  expect((await listenHere()).status).toBe(200);

  const pass = await buy({ subscription: { plan_id: 'captain-monthly' } });
  await deliveredAs(pass.order).toBe('delivered');
  await expect.poll(() => shop.passOf(PLAYER)?.status, { timeout: 15_000 }).toBe('active');
  const firstCharge = shop.passOf(PLAYER)!.date_next_charge!;
  // A month later by the service's clock: the renewal's transaction, and update_subscription moves the pass.
  expect((await merchant('POST', '/mock/clock', { advance: 'P1M' })).status).toBe(200);
  await expect.poll(() => shop.passOf(PLAYER)?.date_next_charge, { timeout: 15_000 }).not.toBe(firstCharge);
  const to = new Date(Date.parse((await merchant('GET', '/mock/clock')).body.now) + 60_000).toISOString();
  const since = new URLSearchParams({ show_dry_run: 'true', datetime_from: firstCharge });
  const [renewal] = (await merchant('GET', `/merchant/v2/merchants/${world.merchantId}/reports/transactions/search.json?${since}`)).body as { transaction: { id: number } }[];

  const report = await reconcileSales(shop.client, shop.ledger, { projectId: starMiners, from, to, includeTest: true });
  expect(report).toEqual({
    from, to, checked: 5,
    delivered: [delivered.transaction, pass.transaction, renewal!.transaction.id],
    missing: [{ transaction_id: missed.transaction, order: missed.order, user: PLAYER, amount: 9.99, currency: 'USD', date: expect.any(String) }],
    refunded: [{ transaction_id: refunded.transaction, user: PLAYER, amount: 4.99, currency: 'USD', taken_back: true, reason: 'Requested by the player' }],
  });
  expect(renewal!.transaction.id).not.toBe(pass.transaction);

  // Without the test payments (all of the demo's are sandbox ones), nothing to reconcile.
  expect(await reconcileSales(shop.client, shop.ledger, { projectId: starMiners, from, to })).toMatchObject({ checked: 0, delivered: [], missing: [], refunded: [] });
}, 60_000);

it('a renewal whose update_subscription never reached the game is a missing delivery', async () => {
  const pass = shop.passOf(PLAYER)!;
  const from = new Date((await merchant('GET', '/mock/clock')).body.now).toISOString();
  expect((await merchant('DELETE', `/mock/projects/${starMiners}/webhooks`)).status).toBe(200);
  expect((await merchant('POST', '/mock/clock', { advance: 'P1M' })).status).toBe(200);
  expect((await listenHere()).status).toBe(200);
  const to = new Date((await merchant('GET', '/mock/clock')).body.now).toISOString();
  const report = await reconcileSales(shop.client, shop.ledger, { projectId: starMiners, from, to, includeTest: true });
  expect(shop.passOf(PLAYER)!.date_next_charge).toBe(pass.date_next_charge); // the game still thinks the pass ends there
  expect(report).toMatchObject({ checked: 1, delivered: [], refunded: [], missing: [{ user: PLAYER, amount: 6.99, date: pass.date_next_charge }] });
});

it('yesterday is the whole UTC day before', () => {
  expect(yesterday(new Date('2026-03-01T10:30:00+01:00'))).toEqual({ from: '2026-02-28T00:00:00.000Z', to: '2026-02-28T23:59:59.999Z' });
});

it('the demo server cancels only a pass the player has, asked as JSON with refund true or false', async () => {
  const root = mkdtempSync(join(tmpdir(), 'payui-demo-pass-'));
  const demo = await listenLoopback(createDemoServer({ appRoot: root, distRoot: root, merchantApi: world.origin, paymentUiOrigins: [], paymentUi: world.ui, merchant: world.demoMerchant }), 0);
  try {
    const at = `http://127.0.0.1:${demo.port}`;
    const cancel = async (body: string, type = 'application/json') => {
      const response = await fetch(`${at}/api/pass/cancel`, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: response.status, code: ((await response.json()) as { error?: { code: string } }).error?.code };
    };
    expect(await (await fetch(`${at}/api/pass`)).json()).toEqual({ pass: null });
    expect(await cancel('{"refund": false}')).toEqual({ status: 409, code: 'NO_PASS' });
    expect(await cancel('{"refund": "yes"}')).toEqual({ status: 422, code: 'INVALID_REFUND' });
    expect(await cancel('{"refund": true}', 'text/plain')).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await fetch(`${at}/api/pass`, { method: 'DELETE' })).status).toBe(405);
  } finally {
    await demo.close();
  }
});

it('another game\'s plan (Puzzle Harbor\'s club, project 200002) is never shown as a player\'s Captain\'s pass', async () => {
  const before = shop.passOf(PLAYER);
  const body = JSON.stringify({
    notification_type: 'create_subscription',
    user: { id: PLAYER, email: 'p@example.test', name: 'P', country: 'US', public_id: null },
    subscription: { id: Number.MAX_SAFE_INTEGER, plan_id: 'harbor-club', status: 'active', amount: 2.99, currency: 'USD', date_create: new Date().toISOString(), date_next_charge: new Date(Date.now() + 30 * 86_400_000).toISOString(), date_end: null, trial_days: 0 },
  });
  // Newer than any (ids only grow), signed as the service signs it: only its plan keeps it out.
  const secret = DEMO_WEBHOOK_SECRETS[200001]!;
  const answer = await fetch(`http://127.0.0.1:${listener.port}/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Signature ${webhookSignature(body, secret)}` }, body });
  expect(answer.status).toBeLessThan(300);
  expect(shop.passOf(PLAYER)).toEqual(before);
});
