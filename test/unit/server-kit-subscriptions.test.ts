/**
 * payui-embed/server's subscription and report methods (issue 28 item 4), driven through the kit
 * only, against the run's shared offline service (a sandbox of it for the file: merchant API,
 * sandbox payment UI, webhooks to a listener of the file's own): plans v1 and v2, products, a subscription
 * bought in the payment UI, its update and payments, the transactions report (entries and files)
 * and a user's transactions. The payment UI's purchase and the `/mock/` additions are the only
 * calls made without the kit: the kit has no method for them (they are not merchant operations).
 */
import { readSheet } from 'read-excel-file/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createMerchantClient, MerchantApiError, TokenRequestError, type ApiVersion, type components, type MerchantClient,
} from '../../src/server/index';
import type { Received } from '../../mock/test/recording-listener';
import { sandboxWorld, type SandboxWorld } from '../../mock/test/sandbox-world';
import { playerOf, subscriptionOf } from '../../mock/test/recording-listener';

type Schemas = components['schemas'];
/** The sandbox's Star Miners (the demo's project 200001). */
let PROJECT: number;

let world: SandboxWorld;
let base: string;
let received: Received[];

beforeAll(async () => {
  world = await sandboxWorld();
  PROJECT = world.project(200001);
  ({ received } = await world.listen(200001, 'kit-subscriptions-secret'));
  base = world.origin;
});
afterAll(() => world.close());
afterEach(() => vi.restoreAllMocks());

const kit = <V extends ApiVersion = 'v2'>(apiVersion?: V): MerchantClient<V> =>
  createMerchantClient<V>({ ...world.credentials, baseUrl: base, ...(apiVersion ? { apiVersion } : {}) } as never);
const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('it succeeded'), (error: unknown) => error as MerchantApiError);
const all = async <T>(list: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
};
/** The requests the kit made while `fetch` was spied on: method and path with query. */
const requests = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(url)).pathname}${new URL(String(url)).search}`);

const PLAN: Schemas['PlanWriteV2'] = {
  external_id: 'kit-weekly',
  name: { en: 'Kit weekly' },
  description: { en: 'A week of the kit' },
  group_id: 'kit',
  charge: { amount: 2.5, currency: 'USD', period: { value: 7, type: 'day' } },
  expiration: null,
  trial: null,
  grace_period: { value: 2, type: 'day' },
  tags: ['kit'],
};

/** Buys `plan` in the sandbox payment UI as `player` (the token made by the kit); answers the subscription's id and the invoice. */
async function buy(plan: string, player: string): Promise<{ id: number; invoice: number }> {
  const { token } = await kit().createToken({
    user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Kit pilot' } },
    settings: { project_id: PROJECT, mode: 'sandbox' },
    purchase: { subscription: { plan_id: plan } },
  });
  const ui = world.ui.sandbox;
  const paid = await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token)}`, outcome: 'success' }),
  });
  const result = await paid.json();
  expect(result).toMatchObject({ ok: true, status: 'done' });
  await world.webhooksSettled();
  const created = received.filter((r) => r.type === 'create_subscription' && playerOf(r.body) === player).at(-1)!;
  return { id: subscriptionOf(created.body)!, invoice: result.invoice };
}

describe('plans', () => {
  it('v1: create with billing_retry → {external_id, plan_id}; get shows it; update answers nothing and changes it', async () => {
    const plans = kit('v1').subscriptions.plans;
    const created = await plans.create(PROJECT, { ...PLAN, external_id: 'kit-v1', billing_retry: { value: 3 } });
    expect(created).toEqual({ external_id: 'kit-v1', plan_id: expect.any(Number) });
    const id = created.plan_id;
    const plan = await plans.get(PROJECT, id);
    expect(plan).toMatchObject({ id, external_id: 'kit-v1', billing_retry: { value: 3 }, project_id: PROJECT, status: { value: 'active' } });
    expect(await plans.update(PROJECT, id, { ...PLAN, external_id: 'kit-v1', name: { en: 'Kit v1' }, billing_retry: { value: 1 } })).toBeUndefined();
    expect(await plans.get(PROJECT, id)).toMatchObject({ name: { en: 'Kit v1' }, billing_retry: { value: 1 } });
    // The same plan read through v2 has no billing_retry.
    const two = await kit().subscriptions.plans.get(PROJECT, id);
    expect(two).not.toHaveProperty('billing_retry');
    expect(two).toMatchObject({ id, name: { en: 'Kit v1' } });
  });

  it('v2: create → get → update answers the plan → delete answers it with status deleted', async () => {
    const plans = kit().subscriptions.plans;
    const { plan_id: id, external_id } = await plans.create(PROJECT, PLAN);
    expect(external_id).toBe('kit-weekly');
    expect(await plans.get(PROJECT, id)).toEqual({
      id, external_id: 'kit-weekly', name: { en: 'Kit weekly' }, description: { en: 'A week of the kit' }, group_id: 'kit',
      charge: PLAN.charge, expiration: null, trial: null, grace_period: { value: 2, type: 'day' }, tags: ['kit'],
      status: { value: 'active', counters: { active: 0, canceled: 0, frozen: 0, non_renewing: 0 } },
      localized_name: 'Kit weekly', project_id: PROJECT, type: 'charge',
    });
    const updated = await plans.update(PROJECT, id, { ...PLAN, charge: { ...PLAN.charge, amount: 3 } });
    expect(updated).toMatchObject({ id, charge: { amount: 3 }, name: { en: 'Kit weekly' } });
    expect(await plans.get(PROJECT, id)).toEqual(updated);

    const doomed = await plans.create(PROJECT, { ...PLAN, external_id: 'kit-doomed' });
    const deleted = await plans.delete(PROJECT, doomed.plan_id);
    expect(deleted).toMatchObject({ id: doomed.plan_id, status: { value: 'deleted' } });
    expect((await plans.get(PROJECT, doomed.plan_id)).status.value).toBe('deleted');
  });

  it('list: `for await` fetches page after page (limit 2) and walks every plan, in id order', async () => {
    const plans = kit().subscriptions.plans;
    for (const n of [1, 2, 3]) await plans.create(PROJECT, { ...PLAN, external_id: `kit-paged-${n}` });
    const { items: everything, total } = await plans.list(PROJECT).page({ offset: 0, limit: 100 });
    expect(total).toBe(everything.length);
    expect(total).toBeGreaterThan(4);

    const fetches = vi.spyOn(globalThis, 'fetch');
    const walked = await all(plans.list(PROJECT, { limit: 2 }));
    expect(walked.map((p) => p.id)).toEqual(everything.map((p) => p.id));
    expect(walked.map((p) => p.external_id)).toEqual(expect.arrayContaining(['captain-monthly', 'kit-paged-1', 'kit-paged-2', 'kit-paged-3']));
    // One request a page, each from where the last ended.
    expect(requests(fetches)).toEqual(Array.from({ length: Math.ceil(total / 2) }, (_, i) => `GET /merchant/v2/projects/${PROJECT}/subscriptions/plans?limit=2&offset=${2 * i}`));
    // v1 lists the same plans, each with its billing_retry.
    const v1 = await all(kit('v1').subscriptions.plans.list(PROJECT, { limit: 3 }));
    expect(v1.map((p) => p.id)).toEqual(walked.map((p) => p.id));
    expect(v1.every((p) => 'billing_retry' in p)).toBe(true);
  });

  it('a refused plan is VALIDATION at the field\'s path; an unknown plan is NOT_FOUND', async () => {
    const plans = kit().subscriptions.plans;
    const v1Only = await fail(plans.create(PROJECT, { ...PLAN, external_id: 'kit-bad', billing_retry: { value: 1 } } as never));
    expect(v1Only).not.toBeInstanceOf(TokenRequestError);
    expect(v1Only).toMatchObject({ name: 'MerchantApiError', status: 422, code: 'VALIDATION', requestId: expect.stringMatching(/.+/) });
    expect(Object.keys(v1Only.propertyErrors)).toEqual(['billing_retry']);
    const long = await fail(plans.create(PROJECT, { ...PLAN, external_id: 'x'.repeat(33) }));
    expect(Object.keys(long.propertyErrors)).toEqual(['external_id']);
    expect(long.message).toMatch(/^the service refused the request: external_id: /);
    expect(await fail(plans.create(PROJECT, PLAN))).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await fail(plans.get(PROJECT, 999_999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('is typed by the client\'s version: billing_retry is v1\'s only', () => {
    expectTypeOf(kit().subscriptions.plans.get).returns.resolves.toEqualTypeOf<Schemas['PlanV2']>();
    expectTypeOf(kit('v1').subscriptions.plans.get).returns.resolves.toEqualTypeOf<Schemas['PlanV1']>();
    expectTypeOf(kit('v1').subscriptions.plans.update).returns.resolves.toBeVoid();
    expectTypeOf(kit().subscriptions.plans.update).returns.resolves.toEqualTypeOf<Schemas['PlanV2']>();
    expectTypeOf(kit().subscriptions.plans.create).returns.resolves.toEqualTypeOf<Schemas['PlanCreated']>();
    // Typechecked, never run: v2 has no billing_retry, to write or to read.
    void (async () => {
      // @ts-expect-error billing_retry is v1 only
      await kit().subscriptions.plans.create(PROJECT, { ...PLAN, billing_retry: { value: 1 } });
      // @ts-expect-error a v2 plan has no billing_retry
      void (await kit().subscriptions.plans.get(PROJECT, 1)).billing_retry;
      void (await kit('v1').subscriptions.plans.get(PROJECT, 1)).billing_retry;
    });
  });
});

describe('products', () => {
  it('create {product_id} → update answers the product → list by group_id and product_id → delete', async () => {
    const products = kit().subscriptions.products;
    const a = await products.create(PROJECT, { name: 'Kit pilots', group_id: 'kit-pilots', description: [] });
    const b = await products.create(PROJECT, { name: 'Kit harbour', group_id: 'kit-harbour', description: { en: 'Docks' } });
    expect(a).toEqual({ product_id: expect.any(Number) });
    expect(await products.update(PROJECT, a.product_id, { name: 'Kit pilots club', group_id: 'kit-pilots' }))
      .toEqual({ id: a.product_id, name: 'Kit pilots club', group_id: 'kit-pilots', description: [] });
    expect(await all(products.list(PROJECT, { group_id: 'kit-harbour' })))
      .toEqual([{ id: b.product_id, name: 'Kit harbour', group_id: 'kit-harbour', description: { en: 'Docks' } }]);
    expect((await all(products.list(PROJECT, { product_id: a.product_id }))).map((p) => p.name)).toEqual(['Kit pilots club']);
    expect(await products.delete(PROJECT, b.product_id)).toBeUndefined();
    expect(await all(products.list(PROJECT, { group_id: 'kit-harbour' }))).toEqual([]);
    expect(await fail(products.delete(PROJECT, b.product_id))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const nameless = await fail(products.create(PROJECT, { group_id: 'kit' } as never));
    expect(nameless).toMatchObject({ name: 'MerchantApiError', code: 'VALIDATION' });
    expect(Object.keys(nameless.propertyErrors)).toEqual(['name']);
  });
});

describe('a subscription bought in the payment UI', () => {
  let id: number;
  let invoice: number;
  const player = 'kit-star';
  beforeAll(async () => {
    ({ id, invoice } = await buy('captain-monthly', player));
  });

  it('subscriptions.get: the subscription as the purchase made it', async () => {
    const s = await kit().subscriptions.get(PROJECT, id);
    expectTypeOf(s).toEqualTypeOf<Schemas['Subscription']>();
    expect(s).toMatchObject({ id, status: 'active', charge_amount: 6.99, currency: 'USD', comment: null, date_end: null,
      user: { id: player, name: 'Kit pilot' }, plan: { id: expect.any(Number), external_id: 'captain-monthly' } });
    expect(s.date_last_charge).toBe(s.date_create);
    expect(await fail(kit().subscriptions.get(PROJECT, 999_999))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('subscriptions.update: comment, timeshift, status; a refused update is VALIDATION at the field', async () => {
    const subs = kit().subscriptions;
    const before = await subs.get(PROJECT, id);
    expect(await subs.update(PROJECT, player, id, { comment: 'a note from the kit' })).toBeUndefined();
    expect((await subs.get(PROJECT, id)).comment).toBe('a note from the kit');

    expect(await subs.update(PROJECT, player, id, { timeshift: { type: 'day', value: '5' } })).toBeUndefined();
    const shifted = await subs.get(PROJECT, id);
    expect(Date.parse(shifted.date_next_charge!) - Date.parse(before.date_next_charge!)).toBe(5 * 86_400_000);

    expect(await subs.update(PROJECT, player, id, { status: 'non_renewing' })).toBeUndefined();
    expect((await subs.get(PROJECT, id)).status).toBe('non_renewing');
    await subs.update(PROJECT, player, id, { status: 'active' });
    expect((await subs.get(PROJECT, id)).status).toBe('active');
    await world.webhooksSettled();
    expect(received.filter((r) => subscriptionOf(r.body) === id).map((r) => r.type)).toEqual([
      'create_subscription', 'update_subscription', 'update_subscription', 'update_subscription', 'update_subscription',
    ]);

    const tooFar = await fail(subs.update(PROJECT, player, id, { timeshift: { type: 'day', value: 367 } }));
    expect(tooFar).toMatchObject({ name: 'MerchantApiError', code: 'VALIDATION' });
    // Each alternative of the field says what it takes (a string of digits, or an integer up to 366), as the service words them.
    expect(tooFar).toMatchObject({ status: 422, propertyErrors: { 'timeshift.value': ['must be at most 366'] }, requestId: expect.stringMatching(/.+/) });
    expect(tooFar.message).toBe('the service refused the request: timeshift.value: must be at most 366');
    const range = await fail(subs.update(PROJECT, player, id, { timeshift: { type: 'month', value: '13' } }));
    expect(range.propertyErrors).toEqual({ 'timeshift.value': ['must be 1 to 12 for month'] });
    const alone = await fail(subs.update(PROJECT, player, id, { status: 'active', cancel_subscription_payment: true }));
    expect(Object.keys(alone.propertyErrors)).toEqual(['cancel_subscription_payment']);
    const paused = await fail(subs.update(PROJECT, player, id, { status: 'paused' } as never));
    expect(Object.keys(paused.propertyErrors)).toEqual(['status']);
    expect(await fail(subs.update(PROJECT, 'someone-else', id, { status: 'canceled' }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await subs.get(PROJECT, id)).status).toBe('active');
  });

  it('subscriptions.payments.list walks the payments page by page; cancel with cancel_subscription_payment refunds the last', async () => {
    // A second payment: the renewal on demand (a service addition, not a merchant operation).
    const renewed = await fetch(`${base}/mock/subscriptions/${id}/renew`, {
      method: 'POST', headers: { authorization: world.authorization },
    });
    expect(renewed.status).toBe(200);
    await world.webhooksSettled();
    const payments = kit().subscriptions.payments;
    const { items: everything, total } = await payments.list(PROJECT).page({ limit: 100 });
    const fetches = vi.spyOn(globalThis, 'fetch');
    const walked = await all(payments.list(PROJECT, { limit: 1 }));
    expect(walked).toEqual(everything);
    expect(fetches).toHaveBeenCalledTimes(total);
    expect(requests(fetches)[1]).toBe(`GET /merchant/v2/projects/${PROJECT}/subscriptions/payments?limit=1&offset=1`);
    const ours = walked.filter((p) => p.subscription.id === id);
    expect(ours.map((p) => p.status)).toEqual(['done', 'done']);
    expect(ours[0]!.id_payment).toBe(invoice);
    expect(ours[0]!.subscription.plan).toMatchObject({ external_id: 'captain-monthly', charge: { amount: 6.99 } });
    const renewal = ours[1]!.id_payment;

    await kit().subscriptions.update(PROJECT, player, id, { status: 'canceled', cancel_subscription_payment: true, comment: 'leaving' });
    await world.webhooksSettled();
    expect(await kit().subscriptions.get(PROJECT, id)).toMatchObject({ status: 'canceled', comment: 'leaving', date_next_charge: null });
    expect(received.filter((r) => subscriptionOf(r.body) === id).at(-1)!.type).toBe('cancel_subscription');
    const [entry] = await all(kit().reports.transactions({ transaction_id: renewal, show_dry_run: true }));
    expect(entry!.transaction).toMatchObject({ id: renewal, status: 'refunded' });
  });

  it('reports.transactions: typed entries, with the filters; a sandbox payment only with show_dry_run', async () => {
    const reports = kit().reports;
    expect(await all(reports.transactions({ user_id: player }))).toEqual([]);
    const entries = await all(reports.transactions({ user_id: player, show_dry_run: true, limit: 1 }));
    expectTypeOf(entries).toEqualTypeOf<Schemas['ReportTransaction'][]>();
    expect(entries.map((e) => [e.transaction.id === invoice, e.transaction.status, e.transaction.dry_run])).toEqual([[true, 'done', 1], [false, 'refunded', 1]]);
    expect(entries[0]).toMatchObject({ user: { id: player, email: `${player}@example.test` }, purchase: { subscription: { name: expect.any(String) } },
      payment_details: { payment: { amount: 6.99, currency: 'USD' } }, transaction: { project: { id: PROJECT } } });
    const refunded = await all(reports.transactions({ user_id: player, show_dry_run: true, status: 'refunded' }));
    expect(refunded.map((e) => e.transaction.id)).toEqual([entries[1]!.transaction.id]);
    expect(await all(reports.transactions({ transaction_id: invoice, show_dry_run: true }))).toEqual([entries[0]]);
    const later = new Date(Date.parse(entries[1]!.transaction.transfer_date ?? new Date().toISOString()) + 86_400_000).toISOString();
    expect(await all(reports.transactions({ user_id: player, show_dry_run: true, datetime_from: later }))).toEqual([]);
    const wrong = await fail(all(reports.transactions({ status: 'lost' as 'done' })));
    expect(wrong).toMatchObject({ status: 422, propertyErrors: { status: [expect.any(String)] } });
  });

  it('reports.download: the CSV and the workbook of the same entries, as bytes', async () => {
    const reports = kit().reports;
    const query = { user_id: player, show_dry_run: true } as const;
    const ids = (await all(reports.transactions(query))).map((e) => e.transaction.id);
    const csv = await reports.download('csv', query);
    expect(Buffer.isBuffer(csv)).toBe(true);
    const [head, ...lines] = csv.toString('utf8').trim().split(/\r\n/);
    const column = head!.split(',').indexOf('transaction.id');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(lines.map((line) => Number(line.split(',')[column]))).toEqual(ids);
    const xls = await reports.download('xls', query);
    expect(Buffer.isBuffer(xls)).toBe(true);
    const [header, ...rows] = await readSheet(xls);
    expect(rows.map((row) => row[header!.indexOf('transaction.id')])).toEqual(ids);
    expect(rows.map((row) => row[header!.indexOf('transaction.status')])).toEqual(['done', 'refunded']);
  });

  it('users.transactions: the payments and the refund of the user, typed', async () => {
    const window = { user_id: player, datetime_from: new Date(Date.now() - 86_400_000).toISOString(), datetime_to: new Date(Date.now() + 86_400_000).toISOString() };
    const operations = await all(kit().users.transactions({ ...window, limit: 1 }));
    expectTypeOf(operations).toEqualTypeOf<Schemas['UserTransaction'][]>();
    expect(operations.map((op) => op.transaction_type)).toEqual(['payment', 'payment', 'cancellation']);
    expect(operations[0]).toMatchObject({ transaction_id: invoice, user_id: player, sum: 6.99, currency: 'USD', project: { id: PROJECT } });
    expect((await all(kit().users.transactions({ ...window, transaction_type: 'cancellation' }))).map((op) => op.comment)).toEqual(['The subscription was canceled']);
    const missing = await fail(all(kit().users.transactions({ user_id: player } as never)));
    expect(missing).toMatchObject({ name: 'MerchantApiError', code: 'VALIDATION' });
    expect(Object.keys(missing.propertyErrors).sort()).toEqual(['datetime_from', 'datetime_to']);
  });
});
