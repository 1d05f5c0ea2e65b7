// The embedded database's remembered reads (issue 48, store/read-cache.ts): a request's credentials,
// its project's owner, whether the merchant has a fault rule, its clock and a catalog read are
// answered without the database until the next write of the process, and every kind of write is
// seen by the very next read. Each case reads first (so the answer is remembered), writes through
// the API, and reads again. On a Postgres server nothing is remembered and the same holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantApi } from '../api/server';
import { listenLoopback, type Listening } from '../http/listen';
import type { Database } from '../store/database';
import { memoryDatabase } from '../store/memory';
import { readToken } from '../domain/token';

let db: Database;
let api: Listening;
let origin: string;

beforeAll(async () => {
  db = await memoryDatabase();
  api = await listenLoopback(await createMerchantApi({ db }), 0);
  origin = `http://localhost:${api.port}`;
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

interface Merchant {
  merchantId: number;
  authorization: string;
  projectId: number;
}

/** A sandbox of its own (one merchant per case). */
async function sandbox(): Promise<Merchant> {
  const response = await fetch(`${origin}/mock/sandboxes`, { method: 'POST' });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { merchant_id: number; api_key: string; project_ids: number[] };
  return { merchantId: body.merchant_id, authorization: `Basic ${Buffer.from(`${body.merchant_id}:${body.api_key}`).toString('base64')}`, projectId: body.project_ids[0]! };
}

async function call(merchant: Merchant, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: merchant.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const items = (merchant: Merchant) => call(merchant, 'GET', `/merchant/v2/projects/${merchant.projectId}/virtual_items/items`);
/** A token's `iat` (the merchant's clock, read with the credentials), in seconds. */
async function tokenIssuedAt(merchant: Merchant): Promise<number> {
  const answer = await call(merchant, 'POST', `/merchant/v2/merchants/${merchant.merchantId}/token`, {
    user: { id: { value: 'cached' }, email: { value: 'cached@example.test' } },
    settings: { project_id: merchant.projectId, mode: 'sandbox' },
  });
  expect(answer.status).toBe(200);
  return readToken(answer.body.token)!.iat as number;
}

describe('a read right after a write sees it', () => {
  it('a catalog PUT, POST and DELETE', async () => {
    const merchant = await sandbox();
    const before = await items(merchant);
    expect(before.status).toBe(200);
    expect((await items(merchant)).body).toEqual(before.body);
    const first = before.body[0] as { id: number; sku: string };
    expect((await call(merchant, 'PUT', `/merchant/v2/projects/${merchant.projectId}/virtual_items/items/${first.id}`, { name: { en: 'Renamed at once' } })).status).toBe(204);
    expect((await items(merchant)).body[0].localized_name).toBe('Renamed at once');
    expect((await call(merchant, 'DELETE', `/merchant/v2/projects/${merchant.projectId}/virtual_items/items/${first.id}`)).status).toBe(204);
    expect((await items(merchant)).body.map((item: { sku: string }) => item.sku)).not.toContain(first.sku);
    const made = await call(merchant, 'POST', `/merchant/v2/projects/${merchant.projectId}/virtual_items/items`, { sku: 'cache-new', name: { en: 'New' }, prices: { USD: 1 } });
    expect(made.status).toBe(201);
    expect((await items(merchant)).body.map((item: { sku: string }) => item.sku)).toContain('cache-new');
  });

  it('the lists of plans, products, projects, users and subscriptions, a project and its currency (remembered as shaped)', async () => {
    const merchant = await sandbox();
    const project = `/merchant/v2/projects/${merchant.projectId}`;
    const plans = () => call(merchant, 'GET', `${project}/subscriptions/plans`);
    const products = () => call(merchant, 'GET', `${project}/subscriptions/products`);
    const projects = () => call(merchant, 'GET', `/merchant/v2/merchants/${merchant.merchantId}/projects`);
    const subscriptions = () => call(merchant, 'GET', `/mock/projects/${merchant.projectId}/subscriptions?user_id=cache-subscriber`);
    const payments = () => call(merchant, 'GET', `${project}/subscriptions/payments`);
    const users = () => call(merchant, 'GET', `${project}/users`);
    const currency = () => call(merchant, 'GET', `${project}/virtual_currency`);
    const before = await plans();
    expect(before.status).toBe(200);
    type Plan = { id: number; external_id: string; charge: unknown; status: { counters: Record<string, number> } };
    const monthly = (body: Plan[]) => body.find((plan) => plan.external_id === 'captain-monthly')!;
    const active = monthly(before.body).status.counters.active ?? 0;
    expect((await plans()).body).toEqual(before.body);
    expect((await subscriptions()).body).toEqual([]);
    for (const read of [products, projects, users, currency]) expect((await read()).status).toBe(200);
    expect((await payments()).body).toEqual([]);
    expect((await call(merchant, 'GET', project)).status).toBe(200);

    // A plan bought: its subscription is listed, and the plan's counters count it.
    const token = await call(merchant, 'POST', `/merchant/v2/merchants/${merchant.merchantId}/token`, {
      user: { id: { value: 'cache-subscriber' }, email: { value: 'cache-subscriber@example.test' } },
      settings: { project_id: merchant.projectId, mode: 'sandbox' },
      purchase: { subscription: { plan_id: 'captain-monthly' } },
    });
    expect(token.status).toBe(200);
    const paid = await fetch(`${origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    expect(paid.status).toBe(200);
    expect((await subscriptions()).body).toHaveLength(1);
    expect((await payments()).body).toHaveLength(1);
    expect(monthly((await plans()).body).status.counters.active).toBe(active + 1);

    const { id, charge } = monthly((await plans()).body);
    expect((await call(merchant, 'PUT', `${project}/subscriptions/plans/${id}`, { name: { en: 'Renamed plan' }, charge })).status).toBe(200);
    expect(monthly((await plans()).body)).toMatchObject({ localized_name: 'Renamed plan' });
    const product = await call(merchant, 'POST', `${project}/subscriptions/products`, { name: 'Cached product', group_id: 'cache-group' });
    expect(product.status).toBe(201);
    expect((await products()).body.map((p: { id: number }) => p.id)).toContain(product.body.product_id);
    expect((await call(merchant, 'PUT', project, { name: { en: 'Renamed project' } })).status).toBeLessThan(300);
    expect((await projects()).body.find((p: { id: number }) => p.id === merchant.projectId)).toMatchObject({ name: { en: 'Renamed project' } });
    expect((await call(merchant, 'GET', project)).body).toMatchObject({ name: { en: 'Renamed project' } });
    expect((await call(merchant, 'POST', `${project}/users`, { user_id: 'cache-user' })).status).toBe(201);
    expect((await users()).body.data.map((user: { user_id: string }) => user.user_id)).toContain('cache-user');
    expect((await call(merchant, 'PUT', `${project}/virtual_currency`, { vc_name: { en: 'Cached gems' } })).status).toBeLessThan(300);
    expect((await currency()).body).toMatchObject({ vc_name: { en: 'Cached gems' } });
  });

  it('a clock moved: the next token is issued at the new time', async () => {
    const merchant = await sandbox();
    const before = await tokenIssuedAt(merchant);
    expect(await tokenIssuedAt(merchant)).toBeLessThan(before + 3600);
    expect((await call(merchant, 'POST', '/mock/clock', { advance: 'P10D' })).status).toBe(200);
    expect(await tokenIssuedAt(merchant)).toBeGreaterThanOrEqual(before + 10 * 86_400);
  });

  it('a fault rule added, then removed', async () => {
    const merchant = await sandbox();
    expect((await items(merchant)).status).toBe(200);
    const rule = await call(merchant, 'POST', '/mock/faults', { operation: 'listItems', status: 503, count: 5 });
    expect(rule.status).toBe(201);
    expect((await items(merchant)).status).toBe(503);
    expect((await call(merchant, 'DELETE', `/mock/faults/${rule.body.id}`)).status).toBe(204);
    expect((await items(merchant)).status).toBe(200);
  });

  it('a fault rule spent', async () => {
    const merchant = await sandbox();
    expect((await call(merchant, 'POST', '/mock/faults', { operation: 'listItems', status: 503, count: 1 })).status).toBe(201);
    expect((await items(merchant)).status).toBe(503);
    expect((await items(merchant)).status).toBe(200);
  });

  it('a reset puts the catalogue and the clock back', async () => {
    const merchant = await sandbox();
    const seeded = (await items(merchant)).body;
    const at = await tokenIssuedAt(merchant);
    expect((await call(merchant, 'DELETE', `/merchant/v2/projects/${merchant.projectId}/virtual_items/items/${seeded[0].id}`)).status).toBe(204);
    expect((await call(merchant, 'POST', '/mock/clock', { advance: 'P30D' })).status).toBe(200);
    expect((await items(merchant)).body).toHaveLength(seeded.length - 1);
    expect(await tokenIssuedAt(merchant)).toBeGreaterThanOrEqual(at + 30 * 86_400);
    expect((await call(merchant, 'POST', '/mock/reset')).status).toBe(204);
    expect((await items(merchant)).body).toEqual(seeded);
    expect(await tokenIssuedAt(merchant)).toBeLessThan(at + 86_400);
  });

  it('a sandbox deleted: its credentials are refused at once', async () => {
    const merchant = await sandbox();
    expect((await items(merchant)).status).toBe(200);
    await tokenIssuedAt(merchant);
    expect((await call(merchant, 'DELETE', `/mock/sandboxes/${merchant.merchantId}`)).status).toBeLessThan(300);
    expect((await items(merchant)).status).toBe(401);
    expect((await call(merchant, 'POST', `/merchant/v2/merchants/${merchant.merchantId}/token`, { user: { id: { value: 'x' } }, settings: { project_id: merchant.projectId } })).status).toBe(401);
  });

});
