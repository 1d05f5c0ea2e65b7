/**
 * The offline service's list of a project's subscriptions (`GET /mock/projects/{project_id}/
 * subscriptions`, issue 28 item 5): the subscriptions bought in the payment UI, filtered by user,
 * plan (its numeric id) and status, one page in id order with X-Total-Count; Basic auth (401),
 * another merchant's project 403, an unknown one 404, a bad query 422. One sandbox for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantCaller } from '../../test/fixtures/merchant-call';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let base: string;
let ui: string;
/** The sandbox's Star Miners (the demo's project 200001) and its list of subscriptions. */
let starMiners: number;
let LIST: string;

const call = merchantCaller(() => base, () => world.credentials);
const ids = (body: { id: number }[]) => body.map((s) => s.id);
const ascending = (...values: number[]) => [...values].sort((x, y) => x - y);

/** Buys `plan` (its external_id) in the sandbox payment UI as `player`; answers the new subscription's id. */
async function buy(plan: string, player: string): Promise<number> {
  const before = ids((await call(`${LIST}?user_id=${player}&limit=100`)).body);
  const token = await call(`/merchant/v2/merchants/${world.merchantId}/token`, 'POST', {
    user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Lister' } },
    settings: { project_id: starMiners, mode: 'sandbox' },
    purchase: { subscription: { plan_id: plan } },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const paid = await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token.body.token)}`, outcome: 'success' }),
  });
  expect(await paid.json()).toMatchObject({ ok: true, status: 'done' });
  // Subscription ids are not in purchase order: the new one is the one that was not there.
  const added = ids((await call(`${LIST}?user_id=${player}&limit=100`)).body).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0]!;
}

let plans: { monthly: number; yearly: number };
let bought: { a1: number; b1: number; a2: number; c1: number };

beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  LIST = `/mock/projects/${starMiners}/subscriptions`;
  base = world.origin;
  ui = world.ui.sandbox;

  const all = (await call(`/merchant/v2/projects/${starMiners}/subscriptions/plans?limit=100`)).body as { id: number; external_id: string }[];
  const idOf = (external: string) => all.find((p) => p.external_id === external)!.id;
  plans = { monthly: idOf('captain-monthly'), yearly: idOf('captain-yearly') };
  bought = {
    a1: await buy('captain-monthly', 'lister-a'),
    b1: await buy('captain-monthly', 'lister-b'),
    a2: await buy('captain-yearly', 'lister-a'),
    c1: await buy('captain-yearly', 'lister-c'),
  };
  // lister-b's is canceled.
  expect((await call(`/merchant/v2/projects/${starMiners}/users/lister-b/subscriptions/${bought.b1}`, 'PUT', { status: 'canceled' })).status).toBe(204);
});
afterAll(async () => {
  await world.close();
});

describe('GET /mock/projects/{project_id}/subscriptions', () => {
  it('lists every subscription of the project in id order, each as GET …/subscriptions/{id} answers it, with X-Total-Count', async () => {
    const list = await call(`${LIST}?limit=100`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(ids(list.body)).toEqual(ascending(...Object.values(bought)));
    expect(list.headers.get('x-total-count')).toBe('4');
    for (const entry of list.body) expect(entry).toEqual((await call(`/merchant/v2/projects/${starMiners}/subscriptions/${entry.id}`)).body);
    const a1 = list.body.find((s: any) => s.id === bought.a1);
    expect(a1).toMatchObject({ status: 'active', user: { id: 'lister-a' }, plan: { id: plans.monthly, external_id: 'captain-monthly' } });
  });

  it('filters by user, by plan (its numeric id), by status, and by all of them at once', async () => {
    expect(ids((await call(`${LIST}?user_id=lister-a`)).body)).toEqual(ascending(bought.a1, bought.a2));
    expect(ids((await call(`${LIST}?plan_id=${plans.monthly}`)).body)).toEqual(ascending(bought.a1, bought.b1));
    expect(ids((await call(`${LIST}?plan_id=${plans.yearly}`)).body)).toEqual(ascending(bought.a2, bought.c1));
    expect(ids((await call(`${LIST}?status=canceled`)).body)).toEqual([bought.b1]);
    expect(ids((await call(`${LIST}?status=active`)).body)).toEqual(ascending(bought.a1, bought.a2, bought.c1));
    const both = await call(`${LIST}?user_id=lister-a&plan_id=${plans.yearly}&status=active`);
    expect(ids(both.body)).toEqual([bought.a2]);
    expect(both.headers.get('x-total-count')).toBe('1');
    // Nothing matches: an empty page, total 0 (a user or plan the project does not have is no error).
    for (const q of ['user_id=nobody', 'plan_id=999999', `user_id=lister-c&plan_id=${plans.monthly}`, 'status=freeze']) {
      const none = await call(`${LIST}?${q}`);
      expect(none.status, q).toBe(200);
      expect(none.body, q).toEqual([]);
      expect(none.headers.get('x-total-count'), q).toBe('0');
    }
    // Another project of the same merchant has none of them.
    expect((await call(`/mock/projects/${world.project(200002)}/subscriptions`)).body).toEqual([]);
  });

  it('pages with offset and limit; past the last page the total is still told', async () => {
    const all = ascending(...Object.values(bought));
    const first = await call(`${LIST}?limit=3`);
    expect(ids(first.body)).toEqual(all.slice(0, 3));
    expect(first.headers.get('x-total-count')).toBe('4');
    const second = await call(`${LIST}?offset=3&limit=3`);
    expect(ids(second.body)).toEqual(all.slice(3));
    const past = await call(`${LIST}?offset=10`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('4');
    const filtered = await call(`${LIST}?user_id=lister-a&offset=1&limit=1`);
    expect(ids(filtered.body)).toEqual([Math.max(bought.a1, bought.a2)]);
    expect(filtered.headers.get('x-total-count')).toBe('2');
  });

  it('is 401 without or with wrong credentials, 403 for another merchant\'s project, 404 for an unknown one', async () => {
    const none = await fetch(`${base}${LIST}`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${base}${LIST}`, { headers: { authorization: `Basic ${Buffer.from(`${world.merchantId}:wrong`).toString('base64')}` } });
    expect(wrong.status).toBe(401);
    const another = await sandboxWorld();
    try {
      const other = await call(`/mock/projects/${another.project(200001)}/subscriptions`);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ http_status_code: 403 });
      // The other merchant sees its own (empty) list, not this one's.
      const theirs = await fetch(`${base}/mock/projects/${another.project(200001)}/subscriptions`, { headers: { authorization: another.authorization } });
      expect(theirs.status).toBe(200);
      expect(await theirs.json()).toEqual([]);
    } finally {
      await another.close();
    }
    expect((await call('/mock/projects/999999/subscriptions')).status).toBe(404);
    expect((await call('/mock/projects/0x1/subscriptions')).status).toBe(404);
    expect((await call(LIST, 'POST', {})).status).toBe(405);
  });

  it('is 422 at the parameter for a bad query', async () => {
    for (const [q, path] of [
      ['limit=101', 'limit'], ['limit=0', 'limit'], ['offset=-1', 'offset'], ['plan_id=captain-monthly', 'plan_id'], ['plan_id=0', 'plan_id'],
      ['status=paused', 'status'], ['user_id=', 'user_id'],
    ]) {
      const bad = await call(`${LIST}?${q}`);
      expect(bad.status, q).toBe(422);
      expect(Object.keys(bad.body.extended_message.property_errors), q).toEqual([path]);
    }
  });
});
