/**
 * Users of the merchant API (service-spec.md "User", "Users"; DESIGN.md §8): the record's exact
 * fields, create → read → update → read round trips, the list `{data, recordsTotal}` and
 * `users/virtual_items/total` with their pages, and 404/409/422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantCaller } from '../../test/fixtures/merchant-call';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

/** The instant the sandbox's clock is moved to: far from real time, so a date read from it is the clock's. */
const NOW = '2031-03-04T05:06:07.000Z';
let world: SandboxWorld;
/** The sandbox's copies of the demo projects Star Miners and Puzzle Harbor, as paths. */
let star: string;
let harbor: string;

beforeAll(async () => {
  world = await sandboxWorld();
  await world.client.moveClock({ body: { to: NOW } });
  star = `/${world.project(200001)}`;
  harbor = `/${world.project(200002)}`;
});
afterAll(() => world.close());

const call = merchantCaller(() => `${world.origin}/merchant/v2/projects`, () => world.credentials);

const USER_FIELDS = ['balance', 'email', 'enabled', 'register_date', 'user_custom', 'user_id', 'user_name', 'wallet_amount', 'wallet_currency'];

describe('a user', () => {
  it('is created with 201 and the user record, exactly its fields, and read back the same', async () => {
    const clock = async () => Date.parse((await world.client.getClock()).now);
    const before = await clock();
    const created = await call(`${star}/users`, 'POST', { user_id: 'ada', user_name: 'Ada', user_custom: 'vip', email: 'ada@example.test' });
    const after = await clock();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(USER_FIELDS);
    expect(created.body).toEqual({
      user_id: 'ada', user_name: 'Ada', user_custom: 'vip', email: 'ada@example.test', enabled: true,
      balance: 0, register_date: expect.any(String), wallet_amount: 0, wallet_currency: null,
    });
    expect(created.body.register_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$/);
    // The sandbox's clock's now, not real time.
    expect(before).toBeGreaterThanOrEqual(Date.parse(NOW));
    expect(Date.parse(created.body.register_date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(created.body.register_date)).toBeLessThanOrEqual(after);
    const read = await call(`${star}/users/ada`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    // Under v1 too, the same record.
    const v1 = await fetch(`${world.origin}/merchant/v1/projects${star}/users/ada`, { headers: { authorization: world.authorization } });
    expect(await v1.json()).toEqual(created.body);
  });

  it('needs only user_id; the fields left out are empty (user_name, email) or null (user_custom)', async () => {
    const created = await call(`${star}/users`, 'POST', { user_id: 'only-id' });
    expect(created.status).toBe(201);
    // The spec's user_name and email are strings: empty, never null, when the user has none.
    expect(created.body).toMatchObject({ user_id: 'only-id', user_name: '', user_custom: null, email: '', enabled: true, balance: 0 });
  });

  it('a second user_id alike in the project is 409 at user_id; the same user_id in another project is another user', async () => {
    await call(`${star}/users`, 'POST', { user_id: 'twice' });
    const again = await call(`${star}/users`, 'POST', { user_id: 'twice', user_name: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.extended_message.property_errors).toEqual({ user_id: [expect.stringContaining('"twice"')] });
    expect((await call(`${harbor}/users`, 'POST', { user_id: 'twice' })).status).toBe(201);
    expect((await call(`${star}/users/twice`)).body.user_name).toBe('');
  });

  it('refuses a create without user_id, with an unknown field or a bad email at their paths (422)', async () => {
    const answer = await call(`${star}/users`, 'POST', { user_name: 'x', nickname: 'y', email: 'not an address' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.extended_message.property_errors).sort()).toEqual(['email', 'nickname', 'user_id']);
  });

  it('is updated with 204 (enabled and user_id required); a field left out keeps its value', async () => {
    await call(`${star}/users`, 'POST', { user_id: 'bob', user_name: 'Bob', email: 'bob@example.test' });
    const put = await call(`${star}/users/bob`, 'PUT', { user_id: 'bob', enabled: false, user_custom: 'banned' });
    expect(put.status).toBe(204);
    expect(put.body).toBeUndefined();
    expect((await call(`${star}/users/bob`)).body).toMatchObject({ user_id: 'bob', user_name: 'Bob', email: 'bob@example.test', enabled: false, user_custom: 'banned' });
    expect((await call(`${star}/users/bob`, 'PUT', { user_id: 'bob', enabled: true })).status).toBe(204);
    expect((await call(`${star}/users/bob`)).body.enabled).toBe(true);
  });

  it('refuses an update without enabled or user_id, or naming another user, with 422 at the field', async () => {
    const missing = await call(`${star}/users/bob`, 'PUT', { user_name: 'B' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.extended_message.property_errors).sort()).toEqual(['enabled', 'user_id']);
    const other = await call(`${star}/users/bob`, 'PUT', { user_id: 'ada', enabled: true });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.extended_message.property_errors)).toEqual(['user_id']);
    expect((await call(`${star}/users/ada`)).body.enabled).toBe(true);
  });

  it('an unknown user is 404 to read and to update; an unknown project is 404', async () => {
    expect((await call(`${star}/users/nobody`)).status).toBe(404);
    expect((await call(`${star}/users/nobody`, 'PUT', { user_id: 'nobody', enabled: false })).status).toBe(404);
    expect((await call('/999999/users/ada')).status).toBe(404);
    // Users of one project are not another's.
    expect((await call(`${harbor}/users/ada`)).status).toBe(404);
  });

  it('user ids are text: spaces, slashes (encoded) and unicode round-trip', async () => {
    for (const id of ['with space', 'a/b', 'ünï', '007']) {
      expect((await call(`${star}/users`, 'POST', { user_id: id })).status).toBe(201);
      expect((await call(`${star}/users/${encodeURIComponent(id)}`)).body.user_id).toBe(id);
    }
  });
});

describe('the user list and users/virtual_items/total', () => {
  // A sandbox of its own: its Puzzle Harbor holds the five users made here and no other.
  let lists: SandboxWorld;
  let project: string;
  const sku = new Map<string, number>();
  const listCall = merchantCaller(() => `${lists.origin}/merchant/v2/projects`, () => lists.credentials);
  beforeAll(async () => {
    lists = await sandboxWorld();
    project = `/${lists.project(200002)}`;
    for (const id of ['u-3', 'u-1', 'u-2', 'u-5', 'u-4']) await listCall(`${project}/users`, 'POST', { user_id: `list-${id}` });
    // list-u-2 buys three hint bundles and the ad-free item.
    const token = await lists.merchant('POST', `/merchant/v2/merchants/${lists.merchantId}/token`, {
      user: { id: { value: 'list-u-2' }, email: { value: 'list-u-2@example.test' } }, settings: { project_id: lists.project(200002), mode: 'sandbox', currency: 'USD' },
      purchase: { virtual_items: { items: [{ sku: 'ad-free', amount: 1 }, { sku: 'hint-bundle', amount: 3 }] } },
    });
    expect(await lists.client.createPayment({ body: { access_token: token.body.token } })).toMatchObject({ status: 'done' });
    for (const item of (await listCall(`${project}/virtual_items/items`)).body as { id: number; sku: string }[]) sku.set(item.sku, item.id);
  });
  afterAll(() => lists.close());
  const call = (path: string) => listCall(path);

  it('lists {data, recordsTotal} in user_id order, a page at a time, with X-Total-Count', async () => {
    const first = await call(`${project}/users?limit=2`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'recordsTotal']);
    expect(first.body.recordsTotal).toBe(5);
    expect(first.headers.get('x-total-count')).toBe('5');
    expect(first.body.data.map((u: { user_id: string }) => u.user_id)).toEqual(['list-u-1', 'list-u-2']);
    expect(Object.keys(first.body.data[0]).sort()).toEqual(USER_FIELDS);
    expect((await call(`${project}/users?offset=4&limit=2`)).body.data.map((u: { user_id: string }) => u.user_id)).toEqual(['list-u-5']);
    const past = await call(`${project}/users?offset=10`);
    expect(past.body).toEqual({ data: [], recordsTotal: 5 });
  });

  it('refuses a limit over 100 or a negative offset (422)', async () => {
    expect((await call(`${project}/users?limit=101`)).status).toBe(422);
    expect((await call(`${project}/users?offset=-1`)).status).toBe(422);
    expect((await call(`${project}/users/virtual_items/total?limit=0`)).status).toBe(422);
  });

  it('answers each user with the items they hold (id, quantity, sku), in user_id order', async () => {
    const all = await call(`${project}/users/virtual_items/total?limit=3`);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('5');
    expect(all.body).toEqual([
      { user_id: 'list-u-1', virtual_items: [] },
      { user_id: 'list-u-2', virtual_items: [{ id: sku.get('hint-bundle'), quantity: 3, sku: 'hint-bundle' }, { id: sku.get('ad-free'), quantity: 1, sku: 'ad-free' }] },
      { user_id: 'list-u-3', virtual_items: [] },
    ]);
    const one = await call(`${project}/users/virtual_items/total?user_id=list-u-2`);
    expect(one.body).toEqual([all.body[1]]);
    expect(one.headers.get('x-total-count')).toBe('1');
    expect((await call(`${project}/users/virtual_items/total?user_id=nobody`)).body).toEqual([]);
  });
});
