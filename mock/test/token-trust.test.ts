// What a token is trusted with (issue 46): a sandbox's tokens are signed with a key of its own (one
// signed with the demo merchant's published key does not open its projects), a token has one
// spelling and pays once, what a token says is checked as the token request is however it was made,
// a DRM is picked only where game keys are sold, and the payment UI's session names no merchant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, TOKEN_LIFETIME_SECONDS, type TokenPayload } from '../domain/token';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let starMiners: number;
beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
});
afterAll(() => world.close());

const user = (id: string) => ({ id: { value: id }, email: { value: `${id}@example.test` } });
async function token(purchase: object, id: string): Promise<string> {
  const answer = await world.merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
    user: user(id), settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD' }, purchase,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}
/** A token made by hand for the sandbox's Star Miners, signed with `apiKey`'s key: what the token endpoint would never issue. */
function handMade(purchase: Record<string, unknown>, id: string, apiKey = world.apiKey): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const payload: TokenPayload = {
    merchant_id: world.merchantId, project_id: starMiners, mode: 'sandbox', iat, exp: iat + TOKEN_LIFETIME_SECONDS,
    user: user(id), settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD' }, purchase,
  };
  return signToken(payload, apiKey);
}
async function pay(body: object) {
  const response = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
async function balance(id: string): Promise<number | undefined> {
  const found = await world.merchant('GET', `/merchant/v2/projects/${starMiners}/users/${id}`);
  return found.status === 200 ? Number(found.body.virtual_currency_balance ?? found.body.balance ?? 0) : undefined;
}

describe('a sandbox\'s tokens', () => {
  it('are signed with a key of the sandbox\'s own: one signed with the demo merchant\'s published key opens nothing', async () => {
    const forged = await handMade({ virtual_currency: { quantity: 10 } }, 'forger', 'demo-api-key');
    expect(await pay({ access_token: forged })).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    const page = await (await fetch(`${world.ui.sandbox}/api/session?${new URLSearchParams({ access_token: forged })}`)).json();
    expect(page).toMatchObject({ ok: false, code: '0004-0001' });
    // The one the sandbox's own key signs pays.
    expect(await pay({ access_token: await handMade({ virtual_currency: { quantity: 10 } }, 'own-key') })).toMatchObject({ status: 200, body: { status: 'done' } });
  });

  it('pay once, however the token is spelt: another spelling of its signature is refused', async () => {
    const paid = await token({ virtual_currency: { quantity: 7 } }, 'four-spellings');
    const [prefix, body, sig] = paid.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spellings = [0, 1, 2, 3].map((bits) => `${prefix}.${body}.${sig.slice(0, -1)}${alphabet[(alphabet.indexOf(sig.at(-1)!) & ~3) | bits]}`);
    const answers = [];
    for (const spelling of spellings) answers.push((await pay({ access_token: spelling })).status);
    // One pays (the canonical spelling); the others are malformed tokens, not second payments.
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 422)).toHaveLength(3);
    expect(await pay({ access_token: paid })).toMatchObject({ status: 409 });
  });
});

describe('a hand-made token', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a negative quantity', { virtual_currency: { quantity: -1000 } }, 'purchase.virtual_currency.quantity'],
    ['a negative item amount', { virtual_items: { items: [{ sku: 'starter-pack', amount: -3 }] } }, 'purchase.virtual_items.items[0].amount'],
    ['a quantity no payment holds', { virtual_currency: { quantity: 1e308 } }, 'purchase.virtual_currency.quantity'],
    ['an item amount no payment holds', { virtual_items: { items: [{ sku: 'starter-pack', amount: 1e308 }] } }, 'purchase.virtual_items.items[0].amount'],
  ])('with %s is refused as the token request would be, and pays nothing', async (_what, purchase, path) => {
    const id = `hand-made-${path.replace(/\W/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
    const forged = await handMade(purchase, id);
    const paid = await pay({ access_token: forged });
    expect(paid).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    expect(paid.body.extended_message.global_errors[0]).toContain(path);
    const page = await (await fetch(`${world.ui.sandbox}/api/session?${new URLSearchParams({ access_token: forged })}`)).json();
    expect(page).toMatchObject({ ok: false, code: '0004-0001' });
    expect(await balance(id)).toBeUndefined();
    // The token endpoint refuses the same body at the same path.
    const asked = await world.merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, { user: user(id), settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD' }, purchase });
    expect(asked.status).toBe(422);
    expect(Object.keys(asked.body.extended_message.property_errors)).toContain(path);
  });

  it('with a quantity of 0.001 is answered, never a 500', async () => {
    const paid = await pay({ access_token: await handMade({ virtual_currency: { quantity: 0.001 } }, 'tiny-quantity') });
    expect(paid.status).toBeLessThan(500);
    const asked = await pay({ access_token: await token({ virtual_currency: { quantity: 0.001 } }, 'tiny-quantity-2') });
    expect(asked.status).toBeLessThan(500);
    const items = await pay({ access_token: await handMade({ virtual_items: { items: [{ sku: 'starter-pack', amount: 0.001 }] } }, 'tiny-amount') });
    expect(items).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    expect(items.body.extended_message.global_errors[0]).toContain('purchase.virtual_items.items[0].amount');
  });
});

describe('POST /mock/payments with drm', () => {
  it('is 422 at drm on a purchase that delivers no game keys, as any choice the token does not offer', async () => {
    const paid = await pay({ access_token: await token({ virtual_currency: { quantity: 3 } }, 'no-game-keys'), drm: 'steam' });
    expect(paid).toMatchObject({ status: 422 });
    expect(Object.keys(paid.body.extended_message.property_errors)).toEqual(['drm']);
    expect(await balance('no-game-keys')).toBeUndefined();
  });
});

describe('GET /api/session', () => {
  it('names no merchant, with a token or without one', async () => {
    const accessData = { user: user('session-reader'), settings: { project_id: world.project(200002) }, purchase: { virtual_currency: { quantity: 5 } } };
    const asked: [string, Record<string, string>][] = [
      [world.ui.live, { access_data: JSON.stringify(accessData) }],
      [world.ui.sandbox, { access_token: await token({ virtual_currency: { quantity: 5 } }, 'session-reader') }],
    ];
    for (const [origin, search] of asked) {
      const answer = await (await fetch(`${origin}/api/session?${new URLSearchParams(search)}`)).json();
      expect(answer.ok, JSON.stringify(answer)).toBe(true);
      expect(JSON.stringify(answer)).not.toContain(String(world.merchantId));
    }
  });
});
