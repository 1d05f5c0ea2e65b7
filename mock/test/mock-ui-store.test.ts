/**
 * The store a token that names no purchase opens on, as the service resolves it (issue 39, item 3):
 * what it offers (`available_groups`, `available_plans`, `ui.components` hidden or with a typed
 * amount), that Pay sells only what it offers, and the user account of `ui.mode: user_account`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, SessionResult } from '../spec/session';
import { merchantCaller } from '../../test/fixtures/merchant-call';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let ui: string;
let group: number;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;

beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  ui = world.ui.sandbox;
  const made = await call(`/projects/${starMiners}/virtual_items/groups`, 'POST', { code: '42', name: { en: 'Tools', de: 'Werkzeuge' } });
  group = made.body.id;
  await call(`/projects/${starMiners}/virtual_items/items`, 'POST', { sku: 'laser-drill', name: { en: 'Laser drill' }, prices: { USD: 3 }, groups: [group] });
});
afterAll(() => world.close());

const call = merchantCaller(() => `${world.origin}/merchant/v2`, () => world.credentials);

async function token(purchase: object | undefined, ui: object = {}, user = 'store-player'): Promise<string> {
  const answer = await call(`/merchants/${world.merchantId}/token`, 'POST', {
    user: { id: { value: user }, email: { value: `${user}@example.test` } },
    settings: { project_id: starMiners, mode: 'sandbox', language: 'de', currency: 'USD', ui },
    ...(purchase ? { purchase } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

const search = (accessToken: string) => `?${new URLSearchParams({ access_token: accessToken })}`;

async function session(accessToken: string): Promise<Session> {
  const result = (await (await fetch(`${ui}/api/session${search(accessToken)}`)).json()) as SessionResult;
  if (!result.ok) throw new Error(result.message);
  return result.session;
}

async function pay(accessToken: string, choice?: object) {
  const response = await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: search(accessToken), outcome: 'success', ...(choice ? { choice } : {}) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the store of a token that names no purchase', () => {
  it('offers the project\'s items with their groups, its packages and its plans, in the token\'s language; a token that names a purchase has none', async () => {
    const { store, purchase } = await session(await token(undefined));
    expect(store!.groups).toEqual([{ code: '42', name: 'Werkzeuge' }]);
    expect(store!.items.map((offer) => offer.choice)).toContainEqual({ sku: 'laser-drill' });
    expect(store!.items.find((offer) => 'sku' in offer.choice && offer.choice.sku === 'laser-drill')!.groups).toEqual(['42']);
    expect(store!.packages.map((offer) => offer.choice)).toEqual([{ package: 'crystals-100' }, { package: 'crystals-550' }, { package: 'crystals-1200' }]);
    expect(store!.plans.map((offer) => offer.choice)).toEqual([{ plan: 'captain-monthly' }, { plan: 'captain-yearly' }]);
    expect(store!.custom).toBeNull();
    // Nothing picked yet: the biggest package, as a token naming nothing always bought.
    expect(purchase).toMatchObject({ kind: 'virtual_currency', quantity: 1200 });
    expect((await session(await token({ virtual_currency: { quantity: 550 } }))).store).toBeNull();
  });

  it('available_groups and available_plans are its only items and plans; a hidden component offers nothing; selected_item is picked first', async () => {
    const { store, purchase } = await session(await token(
      { virtual_items: { available_groups: ['42'] }, subscription: { available_plans: ['captain-yearly'] } },
      { components: { virtual_currency: { hidden: true }, virtual_items: { selected_item: 'laser-drill' } } },
    ));
    expect(store!.items.map((offer) => offer.choice)).toEqual([{ sku: 'laser-drill' }]);
    expect(store!.plans.map((offer) => offer.choice)).toEqual([{ plan: 'captain-yearly' }]);
    expect(store!.packages).toEqual([]);
    expect(purchase.lines.map((line) => line.sku)).toEqual(['laser-drill']);
  });

  it('Pay sells what the player picked (in the page or headless); a pick the store does not offer is refused', async () => {
    const limited = await token({ subscription: { available_plans: ['captain-monthly'] } }, { components: { virtual_currency: { hidden: true } } });
    for (const choice of [{ plan: 'captain-yearly' }, { package: 'crystals-100' }, { sku: 'no-such-item' }, { amount: 100 }]) {
      const refused = await pay(limited, choice);
      expect(refused.status, JSON.stringify(choice)).toBe(422);
      expect(refused.body.message).toBe('0010-0001');
    }
    const paid = await pay(limited, { sku: 'laser-drill' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Headless, the same: POST /mock/payments with the pick the page would send.
    const again = await token({ subscription: { available_plans: ['captain-monthly'] } }, { components: { virtual_currency: { hidden: true } } });
    const headless = (body: object) => world.merchant('POST', '/mock/payments', { access_token: again, ...body });
    expect((await headless({ plan: 'captain-yearly' })).body).toMatchObject({ http_status_code: 422, message: '0010-0001' });
    expect((await headless({ sku: 'laser-drill' })).status).toBe(200);
    const inventory = await call(`/projects/${starMiners}/users/virtual_items/total?user_id=store-player`);
    expect(inventory.body[0].virtual_items).toContainEqual(expect.objectContaining({ sku: 'laser-drill', quantity: 2 }));
  });

  it('a typed amount within the currency\'s limits is credited at the unit price; outside them, or without custom_amount, it is refused', async () => {
    const user = 'typist';
    const typed = await token(undefined, { components: { virtual_currency: { custom_amount: true } } }, user);
    expect((await session(typed)).store!.custom).toEqual({ name: 'Crystals', unit: { amount: 0.0099, currency: 'USD' }, min: 1, max: 100_000, whole: true });
    for (const amount of [0, 100_001, 2.5]) expect((await pay(typed, { amount })).body.message).toBe('0010-0001');
    expect((await pay(await token(undefined, {}, user), { amount: 250 })).body.message).toBe('0010-0001');
    expect((await pay(typed, { amount: 250 })).status).toBe(200);
    expect((await call(`/projects/${starMiners}/users/${user}`)).body.balance).toBe(250);

    // The account shows it: the balance, the purchase, no subscription.
    const { account, balance } = await session(await token(undefined, { mode: 'user_account', user_account: { history: { enable: true } } }, user));
    expect(balance).toEqual({ amount: 250, name: 'Crystals' });
    expect(account).toMatchObject({ balance: 250, history: [{ amount: 2.48, status: 'done', what: '250 Crystals' }], subscriptions: [] });
  });

  it('a choice of a malformed shape is a 400', async () => {
    const answer = await pay(await token(undefined), { sku: 'laser-drill', plan: 'captain-monthly' });
    expect(answer.status).toBe(400);
  });
});
