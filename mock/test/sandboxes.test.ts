// Sandboxes (DESIGN.md §8b): one merchant per test, each with its own catalogue copy, clock,
// payments and users; reset to its seed, removed with all it holds; nothing one does reaches another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';
import { recordingListener, startWorld, type ServiceWorld } from './service-world';

let world: ServiceWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

interface Sandbox { merchant_id: number; api_key: string; project_ids: number[]; login_project_ids: string[] }
const basic = (s: Pick<Sandbox, 'merchant_id' | 'api_key'>) => `Basic ${Buffer.from(`${s.merchant_id}:${s.api_key}`).toString('base64')}`;

async function call(auth: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${world.origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
async function sandbox(body?: unknown): Promise<Sandbox> {
  const made = await call(null, 'POST', '/mock/sandboxes', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}
const as = (s: Sandbox) => (method: string, path: string, body?: unknown) => call(basic(s), method, path, body);

/** A subscription bought headless by `user` in the sandbox's first project; its id. */
async function subscribe(s: Sandbox, user: string): Promise<number> {
  const token = await as(s)('POST', `/merchant/v2/merchants/${s.merchant_id}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: s.project_ids[0], mode: 'sandbox', currency: 'USD' },
    purchase: { subscription: { plan_id: 'captain-monthly' } },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const paid = await call(null, 'POST', '/mock/payments', { access_token: token.body.token });
  expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'done' });
  const list = await subscriptionsOf(s, user);
  expect(list).toHaveLength(1);
  return list[0].id;
}
async function subscriptionsOf(s: Sandbox, user: string) {
  const list = await as(s)('GET', `/mock/projects/${s.project_ids[0]}/subscriptions?user_id=${user}`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body;
}
const subscriptionOf = async (s: Sandbox, user: string, id: number) => (await subscriptionsOf(s, user)).find((sub: { id: number }) => sub.id === id);
/** The id of the item `sku` in the sandbox's first project. */
async function itemId(auth: string, project: number, sku: string): Promise<number> {
  const items = await call(auth, 'GET', `/merchant/v2/projects/${project}/virtual_items/items`);
  return items.body.find((i: { sku: string }) => i.sku === sku).id;
}

describe('POST /mock/sandboxes', () => {
  it('makes a merchant of its own with a copy of the demo catalogue, which no other merchant reaches', async () => {
    const a = await sandbox();
    expect(a).toEqual({ merchant_id: expect.any(Number), api_key: expect.any(String), project_ids: [expect.any(Number), expect.any(Number)], login_project_ids: [expect.any(String), expect.any(String)] });
    expect(a.merchant_id).not.toBe(100001);
    expect(a.project_ids).not.toContain(200001);
    const demoItems = await call(DEMO_AUTH, 'GET', '/merchant/v2/projects/200001/virtual_items/items');
    const items = await as(a)('GET', `/merchant/v2/projects/${a.project_ids[0]}/virtual_items/items`);
    expect(items.status).toBe(200);
    expect(items.body.map((i: { sku: string }) => i.sku)).toEqual(demoItems.body.map((i: { sku: string }) => i.sku));
    // Each merchant's credentials reach its own projects only.
    expect((await call(DEMO_AUTH, 'GET', `/merchant/v2/projects/${a.project_ids[0]}/virtual_items/items`)).status).toBe(403);
    expect((await as(a)('GET', '/merchant/v2/projects/200001/virtual_items/items')).status).toBe(403);
    // A change in the sandbox is its own.
    expect((await as(a)('DELETE', `/merchant/v2/projects/${a.project_ids[0]}/virtual_items/items/${await itemId(basic(a), a.project_ids[0]!, 'starter-pack')}`)).status).toBe(204);
    expect(await itemId(DEMO_AUTH, 200001, 'starter-pack')).toEqual(expect.any(Number));
    // Its Login project is its own too.
    expect((await as(a)('GET', `/mock/projects/${a.project_ids[0]}/login`)).body.login_project_id).toBe(a.login_project_ids[0]);
  });

  it('seeds nothing with "empty", an export\'s catalogue with a document, and names a bad seed at `seed`', async () => {
    const empty = await sandbox({ seed: 'empty' });
    expect(empty.project_ids).toEqual([]);
    expect((await as(empty)('GET', '/merchant/v2/merchants/' + empty.merchant_id + '/projects')).body).toEqual([]);
    const bad = await call(null, 'POST', '/mock/sandboxes', { seed: { format: 'payui-mock', version: 1, tables: { nothing: [] } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.extended_message.property_errors)).toEqual(['seed']);
    const document = {
      format: 'payui-mock', version: 7,
      tables: {
        merchants: [{ id: 5, api_key: 'k', sandbox: false }],
        projects: [{ id: 9, merchant_id: 5, data: { name: { en: 'Seeded' } } }],
        items: [{ id: 1, project_id: 9, sku: 'seeded-sword', data: { sku: 'seeded-sword', name: { en: 'Sword' }, prices: { USD: 2 }, default_currency: 'USD', enabled: true } }],
      },
    };
    const seeded = await sandbox({ seed: document });
    expect(seeded.project_ids).toHaveLength(1);
    expect(seeded.project_ids[0]).not.toBe(9);
    const items = await as(seeded)('GET', `/merchant/v2/projects/${seeded.project_ids[0]}/virtual_items/items`);
    expect(items.body.map((i: { sku: string }) => i.sku)).toEqual(['seeded-sword']);
  });
});

describe('a seed that passes the export check but breaks the tables\' keys or references', () => {
  const sword = (id: number, project: number, sku = `sword-${id}`) => ({ id, project_id: project, sku, data: { sku, name: { en: 'Sword' }, prices: { USD: 2 }, default_currency: 'USD', enabled: true } });
  const seedOf = (tables: Record<string, unknown[]>) => ({ format: 'payui-mock', version: 7, tables: { merchants: [{ id: 5, api_key: 'k', sandbox: false, seed: null }], projects: [{ id: 9, merchant_id: 5, data: { name: { en: 'Seeded' } } }], ...tables } });
  it.each([
    ['two rows of one id', { items: [sword(1, 9), sword(1, 9)] }, 'tables.items[1] (id 1).id: the id of tables.items[0] again'],
    ['a row of a project the seed does not have', { items: [sword(1, 77)] }, 'tables.items[0] (id 1).project_id: no row of tables.projects with id 77 in the seed'],
    ['two items of one SKU in a project', { items: [sword(1, 9, 'twin'), sword(2, 9, 'twin')] }, 'tables.items[1] (id 2): duplicate key value'],
    ['inventory of a player the seed does not have', { items: [sword(1, 9)], inventory: [{ project_id: 9, user_id: 'ghost', item_id: 1, sku: 'sword-1', quantity: 1 }] }, 'tables.inventory[0]: insert or update on table "inventory" violates foreign key constraint'],
  ])('%s is 422 at `seed` naming the row, and no sandbox is made', async (_case, tables, words) => {
    const { rows: before } = await world.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
    const refused = await call(null, 'POST', '/mock/sandboxes', { seed: seedOf(tables) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.extended_message.property_errors.seed.join('\n')).toContain(words);
    expect((await world.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants')).rows).toEqual(before);
  });

  it('an older export as a seed is brought up in memory: a sandbox of it is made in milliseconds (printed), and the service answers on', async () => {
    const document = seedOf({ items: [sword(1, 9)], webhook_settings: [{ project_id: 9, url: 'https://listener.example/hook', secret: 's', variant: 'combined' }] });
    const took: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await sandbox({ seed: document });
      took.push(performance.now() - started);
    }
    console.log(`a sandbox seeded with a version-7 export: ${took.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const made = await sandbox({ seed: document });
    expect((await as(made)('GET', `/mock/projects/${made.project_ids[0]}/webhooks`)).body).toEqual({ project_id: made.project_ids[0], enabled: true, url: 'https://listener.example/hook', variant: 'combined' });
  });
});

describe('a clock of its own', () => {
  it('moves one merchant\'s renewals and token lifetimes, and no other\'s', async () => {
    const a = await sandbox();
    const b = await sandbox();
    const subA = await subscribe(a, 'pilot-a');
    const subB = await subscribe(b, 'pilot-b');
    const token = await as(b)('POST', `/merchant/v2/merchants/${b.merchant_id}/token`, {
      user: { id: { value: 'pilot-b' }, email: { value: 'pilot-b@example.test' } }, settings: { project_id: b.project_ids[0], mode: 'sandbox', currency: 'USD' }, purchase: { virtual_currency: { quantity: 5 } },
    });
    const beforeA = await subscriptionOf(a, 'pilot-a', subA);
    const beforeB = await subscriptionOf(b, 'pilot-b', subB);
    const moved = await as(a)('POST', '/mock/clock', { advance: 'P40D' });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toBe(true);
    // A's subscription renewed; B's clock, subscription and token are as they were.
    expect(new Date((await subscriptionOf(a, 'pilot-a', subA)).date_next_charge).getTime()).toBeGreaterThan(new Date(beforeA.date_next_charge).getTime());
    const payments = await as(a)('GET', `/merchant/v2/merchants/${a.merchant_id}/reports/transactions/search.json?datetime_from=2000-01-01T00:00:00Z&datetime_to=2200-01-01T00:00:00Z&show_dry_run=true`);
    expect(payments.body).toHaveLength(2);
    expect((await as(b)('GET', '/mock/clock')).body.moved).toBe(false);
    expect((await call(DEMO_AUTH, 'GET', '/mock/clock')).body.moved).toBe(false);
    expect(await subscriptionOf(b, 'pilot-b', subB)).toEqual(beforeB);
    expect((await call(null, 'POST', '/mock/payments', { access_token: token.body.token })).body).toMatchObject({ status: 'done' });
    // A token of A's expires by A's clock: made now, it is a day old after A moves two days.
    const tokenA = await as(a)('POST', `/merchant/v2/merchants/${a.merchant_id}/token`, {
      user: { id: { value: 'pilot-a' }, email: { value: 'pilot-a@example.test' } }, settings: { project_id: a.project_ids[0], mode: 'sandbox', currency: 'USD' }, purchase: { virtual_currency: { quantity: 5 } },
    });
    await as(a)('POST', '/mock/clock', { advance: 'P2D' });
    expect((await call(null, 'POST', '/mock/payments', { access_token: tokenA.body.token })).body).toMatchObject({ message: '0004-0001' });
  });

  it('says whose it is: the caller, a sandbox or one of the service\'s own merchants (what the console shows)', async () => {
    const a = await sandbox();
    expect((await as(a)('GET', '/mock/clock')).body).toMatchObject({ merchant_id: a.merchant_id, sandbox: true });
    expect((await as(a)('POST', '/mock/clock', { advance: 'P1D' })).body).toMatchObject({ merchant_id: a.merchant_id, sandbox: true, moved: true });
    expect((await call(DEMO_AUTH, 'GET', '/mock/clock')).body).toMatchObject({ merchant_id: 100001, sandbox: false });
  });
});

describe('POST /mock/reset', () => {
  it('puts the caller back to its seed with the same ids: its payments, users, changes and clock gone; others untouched', async () => {
    const listener = await recordingListener();
    try {
      const a = await sandbox();
      const b = await sandbox();
      expect((await as(a)('PUT', `/mock/projects/${a.project_ids[0]}/webhooks`, { url: listener.url, secret: 'reset-secret', variant: 'combined' })).status).toBe(200);
      await subscribe(a, 'pilot-r');
      await subscribe(b, 'pilot-s');
      const starter = await itemId(basic(a), a.project_ids[0]!, 'starter-pack');
      expect((await as(a)('DELETE', `/merchant/v2/projects/${a.project_ids[0]}/virtual_items/items/${starter}`)).status).toBe(204);
      await as(a)('POST', '/mock/clock', { advance: 'P3D' });
      expect((await as(a)('POST', '/mock/reset')).status).toBe(204);
      expect(await itemId(basic(a), a.project_ids[0]!, 'starter-pack')).toBe(starter);
      expect(await subscriptionsOf(a, 'pilot-r')).toEqual([]);
      expect((await as(a)('GET', '/mock/clock')).body.moved).toBe(false);
      const settings = await as(a)('GET', `/mock/projects/${a.project_ids[0]}/webhooks`);
      expect(settings.body).toEqual({ project_id: a.project_ids[0], enabled: false });
      const report = await as(a)('GET', `/merchant/v2/merchants/${a.merchant_id}/reports/transactions/search.json?datetime_from=2000-01-01T00:00:00Z&datetime_to=2200-01-01T00:00:00Z&show_dry_run=true`);
      expect(report.body).toEqual([]);
      // B kept everything.
      expect(await subscriptionsOf(b, 'pilot-s')).toHaveLength(1);
      // A works on after its reset: a purchase again.
      await subscribe(a, 'pilot-r');
    } finally {
      await listener.server.close();
    }
  });
});

describe('DELETE /mock/sandboxes/{merchant_id}', () => {
  it('removes a sandbox and all it holds; only with its own credentials; the demo merchant is not one', async () => {
    const a = await sandbox();
    const b = await sandbox();
    await subscribe(a, 'pilot-d');
    expect((await as(b)('DELETE', `/mock/sandboxes/${a.merchant_id}`)).status).toBe(403);
    expect((await call(DEMO_AUTH, 'DELETE', '/mock/sandboxes/100001')).status).toBe(409);
    expect((await as(a)('DELETE', `/mock/sandboxes/${a.merchant_id}`)).status).toBe(204);
    expect((await as(a)('GET', '/mock/clock')).status).toBe(401);
    const { rows } = await world.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE id = ANY($1::bigint[])', [a.project_ids]);
    expect(rows[0]!.n).toBe(0);
    expect((await as(b)('GET', '/mock/clock')).status).toBe(200);
  });
});
