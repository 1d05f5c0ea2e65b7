/**
 * Subscriptions over HTTP (issue 28 items 2 and 3): plans (v1 with `billing_retry`, v2 without)
 * and products, subscriptions bought in the payment UI, their payments, the update (status,
 * refund of the last payment, timeshift) and the service clock that runs renewals, trials, retries
 * and grace periods. One database for the file: the clock only goes forward, so each test moves it
 * on from where the last left it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMerchantApi, demoFixtures, memoryDatabase, openServiceDatabase } from '../api/server';
import { createPaymentUi } from '../payment-ui/server';
import { listenLoopback, type Listening } from '../http/listen';
import { createPayments } from '../domain/payments';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';
import { exportState, importState } from '../store/snapshot';
import { clockOf } from '../store/clock';
import type { Database } from '../store/database';
import { conforms } from '../../test/fixtures/conforms';
import { merchantCaller } from '../../test/fixtures/merchant-call';
import { recordingListener, type Received } from './service-world';
import { quickRetry } from './quick-retry';
import { playerOf, subscriptionOf } from './recording-listener';
import { outsideTheSpec } from './answers-on-purpose';

const SECRET = 'subscriptions-test-secret';
let db: Database;
let base: string;
let ui: string;
let uiRoot: string;
const running: Listening[] = [];
let sender: WebhookSender;
let received: Received[] = [];
/** The payments service the merchant API and the payment UI share. */
let service: ReturnType<typeof createPayments>;

beforeAll(async () => {
  db = await memoryDatabase();
  sender = createWebhookSender({ db, retry: quickRetry(20) });
  uiRoot = mkdtempSync(join(tmpdir(), 'payui-subscriptions-'));
  writeFileSync(join(uiRoot, 'index.html'), '<meta name="payui-mock-mode" content="sandbox">');
  service = createPayments(sender, db);
  const apiServer = await listenLoopback(await createMerchantApi({ db, sender, payments: service }), 0);
  const uiServer = await listenLoopback(createPaymentUi(uiRoot, 'sandbox', service), 0);
  const listener = await recordingListener();
  received = listener.received;
  running.push(apiServer, uiServer, listener.server);
  base = `http://127.0.0.1:${apiServer.port}`;
  ui = `http://127.0.0.1:${uiServer.port}`;
  await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });
});
afterAll(async () => {
  sender.close();
  await Promise.all(running.map((s) => s.close()));
  await db.close();
  rmSync(uiRoot, { recursive: true, force: true });
});

const call = merchantCaller(() => base);
const v1 = (path: string) => `/merchant/v1/projects/200001/subscriptions${path}`;
const v2 = (path: string) => `/merchant/v2/projects/200001/subscriptions${path}`;

/** A token of the demo project selling `subscription` to `player`. */
async function planToken(player: string, subscription: object): Promise<string> {
  const token = await call('/merchant/v2/merchants/100001/token', 'POST', {
    user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Pilot' } },
    settings: { project_id: 200001, mode: 'sandbox' },
    purchase: { subscription },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return token.body.token;
}

async function payFor(token: string, outcome = 'success') {
  const paid = await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token)}`, outcome }),
  });
  return paid.json();
}

/** Buys a plan in the sandbox payment UI as `player`; answers the subscription's id. */
async function buy(plan: string, player: string, outcome = 'success'): Promise<number> {
  expect(await payFor(await planToken(player, { plan_id: plan }), outcome)).toMatchObject({ ok: true, status: 'done' });
  await sender.idle();
  const created = received.filter((r) => r.type === 'create_subscription').at(-1)!;
  expect(playerOf(created.body)).toBe(player);
  return subscriptionOf(created.body)!;
}

const subscription = async (id: number) => (await call(v2(`/${id}`))).body;
const payments = async (id: number) => {
  const all = (await call(v1('/payments?limit=100'))).body as any[];
  return all.filter((p) => p.subscription.id === id);
};
const moveClock = (body: object) => call('/mock/clock', 'POST', body);
const clockNow = async () => new Date((await call('/mock/clock')).body.now).getTime();
const plus = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
const since = (n: number) => received.slice(n).map((r) => r.type);

const PLAN = {
  external_id: 'pilot-weekly',
  name: { en: 'Pilot weekly' },
  description: { en: 'A week of flying' },
  group_id: 'pilots',
  charge: { amount: 1.5, currency: 'USD', period: { value: 7, type: 'day' } },
  expiration: null,
  trial: null,
  grace_period: { value: 2, type: 'day' },
  tags: ['weekly'],
};

describe('plans (v1 with billing_retry, v2 without)', () => {
  it('create answers {external_id, plan_id}; read, list, update and delete as each version shows them', async () => {
    const created = await call(v1('/plans'), 'POST', { ...PLAN, billing_retry: { value: 3 }, status: { value: 'active', counters: {} } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ external_id: 'pilot-weekly', plan_id: expect.any(Number) });
    const id = created.body.plan_id;

    const one = await call(v1(`/plans/${id}`));
    expect(one.body).toEqual({
      id, external_id: 'pilot-weekly', name: { en: 'Pilot weekly' }, description: { en: 'A week of flying' }, group_id: 'pilots',
      charge: PLAN.charge, expiration: null, trial: null, grace_period: { value: 2, type: 'day' }, tags: ['weekly'],
      status: { value: 'active', counters: { active: 0, canceled: 0, frozen: 0, non_renewing: 0 } },
      localized_name: 'Pilot weekly', project_id: 200001, type: 'charge', billing_retry: { value: 3 },
    });
    const two = await call(v2(`/plans/${id}`));
    expect(two.body).not.toHaveProperty('billing_retry');
    expect(two.body).toEqual(Object.fromEntries(Object.entries(one.body).filter(([key]) => key !== 'billing_retry')));

    // v2 has no billing_retry; an external_id is unique in the project.
    expect((await call(v2('/plans'), 'POST', { ...PLAN, external_id: 'other', billing_retry: { value: 1 } })).status).toBe(422);
    expect((await call(v2('/plans'), 'POST', PLAN)).status).toBe(409);

    // The demo's plans are plans of the database, listed with the new one.
    const list = await call(v2('/plans?limit=100'));
    expect(list.headers.get('x-total-count')).toBe(String(list.body.length));
    expect(list.body.map((p: any) => p.external_id)).toEqual(expect.arrayContaining(['captain-monthly', 'captain-yearly', 'pilot-weekly']));
    expect(list.body.every((p: any) => !('billing_retry' in p))).toBe(true);
    expect((await call(v1('/plans'))).body.every((p: any) => 'billing_retry' in p)).toBe(true);

    // Update: v1 answers 204, v2 the plan; v2 keeps the billing_retry v1 gave.
    expect((await call(v1(`/plans/${id}`), 'PUT', { ...PLAN, name: { en: 'Pilot week' }, billing_retry: { value: 1 } })).status).toBe(204);
    const updated = await call(v2(`/plans/${id}`), 'PUT', { ...PLAN, charge: { ...PLAN.charge, amount: 2 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, charge: { amount: 2 }, name: { en: 'Pilot weekly' } });
    expect((await call(v1(`/plans/${id}`))).body.billing_retry).toEqual({ value: 1 });

    // An update changes what it sends and keeps the rest: the external_id a token names, the grace period, the tags.
    const partial = await call(v2(`/plans/${id}`), 'PUT', { name: { en: 'Pilot week' }, charge: { ...PLAN.charge, amount: 3 } });
    expect(partial.body).toMatchObject({ id, external_id: 'pilot-weekly', name: { en: 'Pilot week' }, charge: { amount: 3 }, grace_period: PLAN.grace_period, tags: PLAN.tags, group_id: PLAN.group_id });
    expect((await call('/merchant/v2/merchants/100001/token', 'POST', {
      user: { id: { value: 'p1' }, email: { value: 'p1@example.test' } }, settings: { project_id: 200001, mode: 'sandbox' },
      purchase: { subscription: { plan_id: 'pilot-weekly' } },
    })).status).toBe(200);

    expect((await call(v2('/plans/999999'))).status).toBe(404);
  });

  it('a trial or grace period of 0 days (none) is written and read back as the description says, in v1 and v2', async () => {
    const created = await call(v1('/plans'), 'POST', { ...PLAN, external_id: 'no-trial', trial: { value: 0, type: 'day' }, grace_period: { value: 0, type: 'day' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const one = await call(v1(`/plans/${created.body.plan_id}`));
    expect(one.body).toMatchObject({ trial: { value: 0, type: 'day' }, grace_period: { value: 0, type: 'day' } });
    conforms(one.body, 'PlanV1');
    conforms((await call(v2(`/plans/${created.body.plan_id}`))).body, 'PlanV2');
    conforms((await call(v2('/plans?limit=100'))).body, '[PlanV2]');
    expect((await call(v2(`/plans/${created.body.plan_id}`), 'PUT', { trial: { value: -1, type: 'day' } })).status).toBe(422);
  });

  it('delete leaves the plan readable with status deleted, and a token can no longer name it', async () => {
    const { body } = await call(v2('/plans'), 'POST', { ...PLAN, external_id: 'short-lived' });
    const deleted = await call(v2(`/plans/${body.plan_id}`), 'DELETE');
    expect(deleted.status).toBe(200);
    expect(deleted.body.status.value).toBe('deleted');
    expect((await call(v1(`/plans/${body.plan_id}`))).body.status.value).toBe('deleted');
    const token = await call('/merchant/v2/merchants/100001/token', 'POST', {
      user: { id: { value: 'p1' }, email: { value: 'p1@example.test' } }, settings: { project_id: 200001, mode: 'sandbox' },
      purchase: { subscription: { plan_id: 'short-lived' } },
    });
    expect(token.status).toBe(422);
    expect(token.body.extended_message.property_errors['purchase.subscription.plan_id']).toBeDefined();
  });
});

describe('products', () => {
  it('a token may name a product: the subscription shows it as it was when bought; an unknown product is 422 at its path', async () => {
    const made = await call(v2('/products'), 'POST', { name: 'Captains club', group_id: 'captains', description: { en: 'The bridge' } });
    expect(made.status).toBe(201);
    const productId = made.body.product_id as number;
    expect(await payFor(await planToken('club-pilot', { plan_id: 'captain-monthly', product_id: String(productId) }))).toMatchObject({ ok: true, status: 'done' });
    await sender.idle();
    // The webhook names the product the token named (its id, as text); the API shows it as it was bought.
    const created = received.filter((r) => r.type === 'create_subscription' && playerOf(r.body) === 'club-pilot').at(-1)!.body;
    expect(created.subscription.product_id).toBe(String(productId));
    const id = Number(created.subscription.subscription_id);
    const shown = { id: productId, name: 'Captains club', group_id: 'captains', description: { en: 'The bridge' } };
    expect((await subscription(id)).product).toEqual(shown);
    expect((await payments(id))[0].subscription.product).toEqual(shown);
    // Renamed later: the subscription keeps what was bought.
    expect((await call(v2(`/products/${productId}`), 'PUT', { name: 'Renamed club', group_id: 'captains' })).status).toBe(200);
    expect((await subscription(id)).product).toEqual(shown);
    const unknown = await call('/merchant/v2/merchants/100001/token', 'POST', {
      user: { id: { value: 'club-pilot' }, email: { value: 'club-pilot@example.test' } },
      settings: { project_id: 200001, mode: 'sandbox' },
      purchase: { subscription: { plan_id: 'captain-monthly', product_id: '999999' } },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.extended_message.property_errors)).toEqual(['purchase.subscription.product_id']);
    // A product deleted after its token was issued is not sold.
    const gone = await call(v2('/products'), 'POST', { name: 'Short-lived', group_id: 'captains', description: [] });
    const goneToken = await planToken('late-pilot', { plan_id: 'captain-monthly', product_id: String(gone.body.product_id) });
    expect((await call(v2(`/products/${gone.body.product_id}`), 'DELETE')).status).toBe(204);
    const page = await (await fetch(`${ui}/api/session?${new URLSearchParams({ access_token: goneToken })}`)).json();
    expect(page).toMatchObject({ ok: false, code: '0010-0001' });
  });

  it('create {product_id}, update the product, list by group_id and product_id, delete', async () => {
    const a = await call(v2('/products'), 'POST', { name: 'Pilots', group_id: 'pilots', description: [] });
    const b = await call(v1('/products'), 'POST', { name: 'Harbour', group_id: 'harbour', description: { en: 'Docks' } });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ product_id: expect.any(Number) });
    const updated = await call(v2(`/products/${a.body.product_id}`), 'PUT', { name: 'Pilots club', group_id: 'pilots' });
    expect(updated.body).toEqual({ id: a.body.product_id, name: 'Pilots club', group_id: 'pilots', description: [] });
    const byGroup = await call(v2('/products?group_id=harbour'));
    expect(byGroup.body).toEqual([{ id: b.body.product_id, name: 'Harbour', group_id: 'harbour', description: { en: 'Docks' } }]);
    expect(byGroup.headers.get('x-total-count')).toBe('1');
    expect((await call(v2(`/products?product_id=${a.body.product_id}`))).body.map((p: any) => p.name)).toEqual(['Pilots club']);
    expect((await call(v2(`/products/${b.body.product_id}`), 'DELETE')).status).toBe(204);
    expect((await call(v2(`/products/${b.body.product_id}`), 'DELETE')).status).toBe(404);
    expect((await call(v2('/products?group_id=harbour'))).body).toEqual([]);
  });
});

describe('a plan bought, renewed by the clock, canceled with a refund', () => {
  it('purchase → active subscription and its first payment → clock +1 month → renewal → cancel with refund', async () => {
    const start = received.length;
    const id = await buy('captain-monthly', 'star-pilot');
    // A plan's payment is `payment` in either variant (mock/spec/webhook-sources.md).
    expect(since(start)).toEqual(['user_validation', 'payment', 'create_subscription']);
    const invoice = received[start + 1]!.body.transaction.id;

    const s = await subscription(id);
    expect(s).toMatchObject({ id, status: 'active', charge_amount: 6.99, currency: 'USD', comment: null, date_end: null, product: null,
      user: { id: 'star-pilot', name: 'Pilot' }, plan: { id: expect.any(Number), external_id: 'captain-monthly' } });
    expect(s.date_last_charge).toBe(s.date_create);
    const month = new Date(s.date_create);
    month.setUTCMonth(month.getUTCMonth() + 1);
    if (new Date(s.date_create).getUTCDate() <= 28) expect(s.date_next_charge).toBe(month.toISOString());
    const first = await payments(id);
    expect(first).toEqual([{ id: expect.any(Number), id_payment: invoice, date_payment: s.date_create, status: 'done', subscription: expect.objectContaining({ id, status: 'active' }) }]);
    expect(first[0].subscription.plan).toMatchObject({ external_id: 'captain-monthly', billing_retry: { value: 2 }, charge: { amount: 6.99 } });
    expect((await call(v1(`/plans/${s.plan.id}`))).body.status.counters.active).toBeGreaterThanOrEqual(1);

    // A month on: the renewal is due once, and runs once however often the clock is read.
    const before = received.length;
    expect((await moveClock({ advance: 'P1M' })).body).toMatchObject({ moved: true });
    await call('/mock/clock');
    await sender.idle();
    const renewed = await subscription(id);
    expect(renewed.date_last_charge).toBe(s.date_next_charge);
    expect(new Date(renewed.date_next_charge).getTime()).toBeGreaterThan(new Date(s.date_next_charge).getTime());
    const two = await payments(id);
    expect(two.map((p) => [p.status, p.date_payment])).toEqual([['done', s.date_create], ['done', s.date_next_charge]]);
    expect(two[1].id_payment).not.toBe(invoice);
    const updates = received.slice(before).filter((r) => subscriptionOf(r.body) === id);
    expect(updates.map((r) => r.type)).toEqual(['update_subscription']);
    expect(updates[0]!.body.subscription).toMatchObject({ subscription_id: String(id), date_next_charge: renewed.date_next_charge });

    // Canceled with the refund of the last payment: the renewal's transaction is refunded.
    const cancelAt = received.length;
    const put = await call(`/merchant/v2/projects/200001/users/star-pilot/subscriptions/${id}`, 'PUT', { status: 'canceled', cancel_subscription_payment: true, comment: 'moving away' });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    await sender.idle();
    expect(since(cancelAt)).toEqual(['refund', 'cancel_subscription']);
    expect(received[cancelAt]!.body.transaction.id).toBe(two[1].id_payment);
    expect(received[cancelAt]!.body.refund_details).toEqual({ code: 1, reason: expect.any(String) });
    expect(received.at(-1)!.body.subscription).toMatchObject({ subscription_id: String(id), date_end: expect.any(String) });
    expect(received.at(-1)!.body.subscription.date_next_charge).toBeUndefined();
    expect(await subscription(id)).toMatchObject({ status: 'canceled', comment: 'moving away', date_next_charge: null });
    const { rows } = await db.sql.query<{ id: string; status: string }>('SELECT id, status FROM payments WHERE id = ANY($1::bigint[]) ORDER BY created_at', [[invoice, two[1].id_payment]]);
    expect(rows.map((r) => r.status)).toEqual(['done', 'refunded']);
    // Nothing more is due: a canceled subscription is never charged again.
    await moveClock({ advance: 'P2M' });
    expect(await payments(id)).toHaveLength(2);
    expect((await call(v2(`/plans/${s.plan.id}`))).body.status.counters.canceled).toBeGreaterThanOrEqual(1);
  });
});

describe('the update', () => {
  it('a cancel that refunds the last payment is one write: a process that dies before it commits leaves the subscription running, and the retry ends it with both webhooks', async () => {
    const id = await buy('captain-monthly', 'crash-pilot');
    const path = `/merchant/v2/projects/200001/users/crash-pilot/subscriptions/${id}`;
    const before = received.length;
    // The process dies once the cancel and the refund are written, before they are committed.
    const transaction = db.transaction.bind(db);
    const dies = vi.spyOn(db, 'transaction').mockImplementationOnce((work) => transaction(async (sql) => {
      await work(sql);
      throw new Error('killed');
    }));
    // A 500 is outside openapi.json: the check of the run's answers sees it.
    const found = await outsideTheSpec(async () => {
      expect((await call(path, 'PUT', { status: 'canceled', cancel_subscription_payment: true, comment: 'first try' })).status).toBe(500);
    });
    expect(found).toEqual([expect.stringMatching(/^updateUserSubscription .*: answered 500, which openapi.json does not list$/)]);
    dies.mockRestore();
    await sender.idle();
    expect(since(before)).toEqual([]);
    // Not canceled without its webhook: the merchant's retry still cancels, refunds and tells.
    expect(await subscription(id)).toMatchObject({ status: 'active' });
    expect((await call(path, 'PUT', { status: 'canceled', cancel_subscription_payment: true, comment: 'second try' })).status).toBe(204);
    await sender.idle();
    expect(since(before)).toEqual(['refund', 'cancel_subscription']);
    expect(received.at(-1)!.body.subscription).toMatchObject({ subscription_id: String(id), date_end: expect.any(String) });
    expect(received.at(-1)!.body.subscription.date_next_charge).toBeUndefined();
    expect(await subscription(id)).toMatchObject({ status: 'canceled', comment: 'second try', date_next_charge: null });
  });

  it('timeshift moves the next billing date by exactly its units; a month clamps to the month end', async () => {
    // Bought on Dec 31: the next charge is Jan 31, and a month later is Feb 28.
    const now = new Date(await clockNow());
    const dec31 = Date.UTC(now.getUTCFullYear() + 1, 11, 31, 12);
    expect((await moveClock({ to: new Date(dec31).toISOString() })).status).toBe(200);
    const id = await buy('captain-monthly', 'shift-pilot');
    const s = await subscription(id);
    const year = new Date(dec31).getUTCFullYear() + 1;
    expect(s.date_next_charge.slice(0, 10)).toBe(`${year}-01-31`);
    const path = `/merchant/v2/projects/200001/users/shift-pilot/subscriptions/${id}`;
    expect((await call(path, 'PUT', { timeshift: { type: 'month', value: '1' } })).status).toBe(204);
    // The last day of February, at the same time of day.
    const feb = s.date_next_charge.replace(`${year}-01-31`, `${year}-02-${new Date(Date.UTC(year, 2, 0)).getUTCDate()}`);
    expect((await subscription(id)).date_next_charge).toBe(feb);
    expect((await call(path, 'PUT', { timeshift: { type: 'day', value: 10 } })).status).toBe(204);
    expect((await subscription(id)).date_next_charge).toBe(plus(feb, 10));
    expect((await subscription(id)).status).toBe('active');
    await sender.idle();
    expect(received.at(-1)).toMatchObject({ type: 'update_subscription', body: { subscription: { subscription_id: String(id), date_next_charge: plus(feb, 10) } } });

    for (const timeshift of [{ type: 'day', value: 367 }, { type: 'month', value: '13' }, { type: 'day', value: '0' }, { type: 'week', value: 1 }]) {
      expect((await call(path, 'PUT', { timeshift })).status, JSON.stringify(timeshift)).toBe(422);
    }
    expect((await call(path, 'PUT', { status: 'active', cancel_subscription_payment: true })).status).toBe(422);
    expect((await call(path, 'PUT', { status: 'paused' })).status).toBe(422);
    expect((await call(`/merchant/v2/projects/200001/users/someone-else/subscriptions/${id}`, 'PUT', { status: 'canceled' })).status).toBe(404);
    expect((await subscription(id)).date_next_charge).toBe(plus(feb, 10));

    // non_renewing: the subscription ends at its next billing date, without a charge.
    expect((await call(path, 'PUT', { status: 'non_renewing' })).status).toBe(204);
    await moveClock({ to: plus(feb, 11) });
    expect(await subscription(id)).toMatchObject({ status: 'canceled', date_end: plus(feb, 10), date_next_charge: null });
    expect(await payments(id)).toHaveLength(1);
    // Its update_subscription and cancel_subscription are sent before the next test counts its own.
    await sender.idle();
  });
});

describe('trials', () => {
  it('a trial charges nothing until it ends: `new`, then the first payment and `active`', async () => {
    await call(v1('/plans'), 'POST', { ...PLAN, external_id: 'trial-weekly', trial: { value: 7, type: 'day' }, billing_retry: { value: 0 } });
    const start = received.length;
    const id = await buy('trial-weekly', 'trial-pilot');
    expect(since(start)).toEqual(['user_validation', 'create_subscription']);
    expect(received.at(-1)!.body.subscription).toMatchObject({ subscription_id: String(id), plan_id: 'trial-weekly', trial: { value: 7, type: 'day' } });
    const s = await subscription(id);
    expect(s).toMatchObject({ status: 'new', date_last_charge: null, date_next_charge: plus(s.date_create, 7) });
    expect(await payments(id)).toEqual([]);

    await moveClock({ to: plus(s.date_create, 6) });
    expect((await subscription(id)).status).toBe('new');
    expect(await payments(id)).toEqual([]);

    await moveClock({ advance: 'P1D' });
    await sender.idle();
    const active = await subscription(id);
    expect(active).toMatchObject({ status: 'active', date_last_charge: s.date_next_charge, date_next_charge: plus(s.date_create, 14) });
    expect((await payments(id)).map((p) => [p.status, p.date_payment])).toEqual([['done', s.date_next_charge]]);
    expect(received.at(-1)).toMatchObject({ type: 'update_subscription', body: { subscription: { subscription_id: String(id), date_next_charge: active.date_next_charge } } });
  });
});

describe('declined renewals', () => {
  it('retry as billing_retry says, then the grace period (freeze), then the end', async () => {
    // captain-monthly: billing_retry 2, grace period 3 days.
    const id = await buy('captain-monthly', 'broke-pilot', 'declined_renewals');
    const s = await subscription(id);
    expect(s.status).toBe('active');
    const due = s.date_next_charge;
    const start = received.length;
    await moveClock({ to: plus(due, 2) });
    const frozen = await subscription(id);
    expect(frozen).toMatchObject({ status: 'freeze', date_next_charge: null, date_end: plus(due, 5) });
    expect((await payments(id)).map((p) => [p.status, p.date_payment])).toEqual([
      ['done', s.date_create], ['fail', due], ['fail', plus(due, 1)], ['fail', plus(due, 2)],
    ]);
    expect((await call(v2(`/plans/${s.plan.id}`))).body.status.counters.frozen).toBe(1);
    await moveClock({ to: plus(due, 5) });
    await sender.idle();
    expect(await subscription(id)).toMatchObject({ status: 'canceled', date_end: plus(due, 5) });
    // The webhooks name no status (the published shape has none): the API says it (above).
    expect(received.slice(start).filter((r) => subscriptionOf(r.body) === id).map((r) => [r.type, r.body.subscription.date_end ?? null])).toEqual([
      ['update_subscription', plus(due, 5)], ['cancel_subscription', plus(due, 5)],
    ]);
  });
});

describe('a renewal on demand', () => {
  it('POST /mock/subscriptions/{id}/renew charges as one due renewal does', async () => {
    const id = await buy('captain-yearly', 'yearly-pilot');
    const s = await subscription(id);
    const renewed = await call(`/mock/subscriptions/${id}/renew`, 'POST');
    expect(renewed.body).toEqual({ subscription_id: id, status: 'active', charge: 'done', transaction_id: expect.any(Number) });
    await sender.idle();
    const after = await subscription(id);
    expect((await payments(id)).map((p) => p.status)).toEqual(['done', 'done']);
    expect(after.date_last_charge).not.toBe(s.date_last_charge);
    const year = new Date(after.date_last_charge);
    year.setUTCMonth(year.getUTCMonth() + 12);
    if (new Date(after.date_last_charge).getUTCDate() <= 28) expect(after.date_next_charge).toBe(year.toISOString());
    expect(received.at(-1)).toMatchObject({ type: 'update_subscription', body: { subscription: { subscription_id: String(id), date_next_charge: after.date_next_charge } } });
  });
});

describe('a second cancel', () => {
  it('of an already canceled subscription sends nothing and changes nothing', async () => {
    const id = await buy('captain-monthly', 'twice-canceled');
    const update = () => call(`/merchant/v2/projects/200001/users/twice-canceled/subscriptions/${id}`, 'PUT', { status: 'canceled' });
    expect((await update()).status).toBe(204);
    await sender.idle();
    const canceled = await subscription(id);
    const start = received.length;
    expect((await update()).status).toBe(204);
    await sender.idle();
    expect(received.slice(start).filter((r) => r.body.subscription?.id === id).map((r) => r.type)).toEqual([]);
    expect(await subscription(id)).toEqual(canceled);
  });
});

describe('a renewal on demand whose charge is declined', () => {
  it("answers the subscription's real status and the decline: retried while the plan allows, then freeze", async () => {
    const id = await buy('captain-monthly', 'broke-renewer', 'declined_renewals');
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call(`/mock/subscriptions/${id}/renew`, 'POST'));
    const after = await subscription(id);
    expect(after.status).not.toBe('active');
    const last = answers.filter((a) => a.status === 200).at(-1)!;
    expect(last.body).toEqual({ subscription_id: id, status: after.status, charge: 'declined', transaction_id: expect.any(Number) });
    for (const answer of answers.filter((a) => a.status === 200)) expect(answer.body.charge).toBe('declined');
  });
});

describe('a plan change through the token (operation change_plan)', () => {
  it("changes the player's subscription, charged at once; 1004-0001 without one, 0007-0009 for another currency", async () => {
    const id = await buy('captain-monthly', 'change-pilot');
    const start = received.length;
    const changed = await payFor(await planToken('change-pilot', { plan_id: 'captain-yearly', operation: 'change_plan' }));
    expect(changed).toMatchObject({ ok: true, status: 'done' });
    await sender.idle();
    expect(since(start)).toEqual(['user_validation', 'payment', 'update_subscription']);
    const s = await subscription(id);
    expect(s).toMatchObject({ status: 'active', charge_amount: 59.99, plan: { external_id: 'captain-yearly' } });
    expect((await payments(id)).map((p) => [p.status, p.subscription.plan.external_id])).toEqual([['done', 'captain-yearly'], ['done', 'captain-yearly']]);
    expect((await payments(id))[1].id_payment).toBe(changed.invoice);

    const session = async (token: string) => (await fetch(`${ui}/api/session?access_token=${encodeURIComponent(token)}`)).json();
    expect(await session(await planToken('no-plan-pilot', { plan_id: 'captain-yearly', operation: 'change_plan' }))).toMatchObject({ ok: false, code: '1004-0001' });
    expect(await session(await planToken('change-pilot', { plan_id: 'captain-yearly', operation: 'change_plan' }))).toMatchObject({ ok: false, code: '1004-0001' });
    await call(v2('/plans'), 'POST', { ...PLAN, external_id: 'euro-weekly', charge: { ...PLAN.charge, currency: 'EUR' } });
    expect(await session(await planToken('change-pilot', { plan_id: 'euro-weekly', operation: 'change_plan' }))).toMatchObject({ ok: false, code: '0007-0009' });
  });
});

describe('the clock', () => {
  it('shows now and whether it moved; never goes back; takes ISO 8601 durations; an export carries it', async () => {
    const now = await clockNow();
    expect(now).toBeGreaterThan(Date.now() + 86_400_000);
    expect((await moveClock({ to: new Date(now - 60_000).toISOString() })).status).toBe(422);
    for (const advance of ['P', '1M', 'PT', 'P1X']) expect((await moveClock({ advance })).status, advance).toBe(422);
    const moved = await moveClock({ advance: 'PT36H' });
    expect(new Date(moved.body.now).getTime() - now).toBeGreaterThanOrEqual(36 * 3600_000);
    expect(new Date(moved.body.now).getTime() - now).toBeLessThan(36 * 3600_000 + 60_000);
    // Another start from the same state goes on from the moved clock.
    const copy = await memoryDatabase(await exportState(db));
    const copied = await clockOf(copy).read(100001);
    expect(copied.moved).toBe(true);
    expect(Math.abs(copied.now - new Date(moved.body.now).getTime())).toBeLessThan(60_000);
    await importState(copy, demoFixtures);
    expect((await clockOf(copy).read(100001)).moved).toBe(false);
    await copy.close();
  }, 60_000); // the copy is a database made from an export: a new cluster (~10 s on a busy machine)
});

describe('a restart', () => {
  it('goes on from the moved clock and the subscriptions as they were: nothing is charged twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-subscriptions-data-'));
    const start = async () => {
      const data = await openServiceDatabase(dir);
      const quiet = createWebhookSender();
      const server = await listenLoopback(await createMerchantApi({ db: data, sender: quiet, payments: createPayments(quiet, data) }), 0);
      const at = (path: string, method = 'GET', body?: unknown) => merchantCaller(() => `http://127.0.0.1:${server.port}`)(path, method, body);
      return { data, at, stop: async () => (quiet.close(), await server.close(), await data.close()) };
    };
    try {
      const first = await start();
      // A subscription as a purchase leaves it, bought a month before the clock's start.
      const bought = new Date(Date.now() - 40 * 86_400_000).toISOString();
      await first.data.sql.query("INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES (555, 100001, 200001, 'done', '{}', $1)", [bought]);
      const sold = await first.at(v2('/plans?limit=1'));
      await first.data.sql.query(
        `INSERT INTO subscriptions (id, merchant_id, project_id, plan_id, user_id, status, due_at, data) VALUES (777, 100001, 200001, $1, 'p', 'active', $2, $3)`,
        [sold.body[0].id, plus(bought, 30), JSON.stringify({
          id: 777, status: 'active', charge_amount: 6.99, currency: 'USD', comment: null, date_create: bought, date_end: null, date_last_charge: bought,
          date_next_charge: plus(bought, 30), user: { id: 'p', name: 'P' }, plan: { id: sold.body[0].id, external_id: 'captain-monthly' },
          period: { value: 30, type: 'day' }, trial_days: 0, expires_at: null, decline_renewals: false, failures: 0,
          model: { id: 555, merchantId: 100001, projectId: 200001, mode: 'sandbox', kind: 'subscription', user: { id: 'p', email: 'p@example.test', name: 'P', country: 'US', phone: null },
            externalId: null, currency: 'USD', amount: 6.99, lines: [{ sku: 'captain-monthly', name: 'Captain', quantity: 1, unitPrice: 6.99 }], date: bought, refunded: false },
        })],
      );
      const moved = (await first.at('/mock/clock', 'POST', { advance: 'P3D' })).body;
      expect((await first.at(v2('/777'))).body).toMatchObject({ date_last_charge: plus(bought, 30), date_next_charge: plus(bought, 60) });
      await first.stop();

      const second = await start();
      const clock = (await second.at('/mock/clock')).body;
      expect(clock.moved).toBe(true);
      expect(new Date(clock.now).getTime() - new Date(moved.now).getTime()).toBeLessThan(60_000);
      expect((await second.at(v2('/payments'))).body.map((p: any) => p.date_payment)).toEqual([plus(bought, 30)]);
      expect((await second.at(v2('/777'))).body.date_next_charge).toBe(plus(bought, 60));
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
