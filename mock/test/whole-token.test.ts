// The whole token at the backend (DESIGN.md §8b "The whole token"): what a token asks for reaches
// the merchant's backend when it is paid without a browser (POST /mock/payments, the payment UI's
// own Pay): the webhooks, the report, the key pool, the balance and inventory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received, RecordingListener } from './recording-listener';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';
import { playerOf, transactionOf } from './recording-listener';

let world: SandboxWorld;
let listener: RecordingListener;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;
beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  listener = await world.listen(200001, 'whole-token-secret');
});
afterAll(() => world.close());

const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
const v2 = (path: string) => `/merchant/v2${path}`;

/** A token of Star Miners (sandbox, USD) for `user` with this purchase (and more of the token's body in `extra`). */
async function token(user: string, purchase: object, extra: { user?: object; settings?: object } = {}): Promise<string> {
  const answer = await merchant('POST', v2(`/merchants/${world.merchantId}/token`), {
    user: { id: { value: user }, email: { value: `${user}@example.test` }, ...extra.user },
    settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD', ...extra.settings },
    purchase,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

/** POST /mock/payments: the token is the credential. */
async function pay(body: object): Promise<{ status: number; body: any }> {
  const response = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

/** The webhook of `type` for transaction `id`, once the listener has it. */
async function webhookOf(type: string, id: number): Promise<Received> {
  await expect.poll(() => listener.received.some((r) => r.type === type && (transactionOf(r.body) ?? r.body.order?.id) === id)).toBe(true);
  return listener.received.find((r) => r.type === type && (transactionOf(r.body) ?? r.body.order?.id) === id)!;
}

const details = async (id: number) => (await merchant('GET', v2(`/merchants/${world.merchantId}/reports/transactions/${id}/details`))).body;

/** A game of Star Miners with Steam (id 1) and GOG (id 2) keys: of the DRMs it is given keys of. */
async function game(sku: string, keys: { steam?: string[]; gog?: string[] }): Promise<number> {
  const drms = [[1, 'Steam', keys.steam], [2, 'GOG', keys.gog]] as const;
  const created = await merchant('POST', v2(`/projects/${starMiners}/game_delivery`), {
    sku, name: { en: sku }, description: { en: 'A game' }, system_requirements: '-', default_currency: 'USD',
    drm: drms.filter(([, , codes]) => codes).map(([id, name]) => ({ id, name, prices: [{ currency: 'USD', amount: 9.99 }] })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const [drm, codes] of [[1, keys.steam], [2, keys.gog]] as const) {
    if (codes) expect((await merchant('POST', `/mock/projects/${starMiners}/game_delivery/${created.body.id}/keys`, { drm_id: drm, keys: codes })).status).toBe(200);
  }
  return created.body.id;
}

describe('game keys', () => {
  it('every pin_codes.codes entry is sold; each key is named in order_paid, the report details and the key pool (with whom it went to)', async () => {
    const first = await game('keys-first', { steam: ['FIRST-STEAM-1'], gog: ['FIRST-GOG-1'] });
    const second = await game('keys-second', { steam: ['SECOND-STEAM-1'], gog: ['SECOND-GOG-1'] });
    // The first key's DRM is the token's; the second's is left to the player, who picks GOG.
    const accessToken = await token('key-buyer', { pin_codes: { codes: [{ digital_content: 'keys-first', drm: 'steam' }, { digital_content: 'keys-second' }] } });
    const paid = await pay({ access_token: accessToken, drm: 'gog' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.keys).toEqual([
      { sku: 'keys-first', drm: 'steam', code: 'FIRST-STEAM-1' },
      { sku: 'keys-second', drm: 'gog', code: 'SECOND-GOG-1' },
    ]);
    const id = paid.body.transaction_id;
    const orderPaid = await webhookOf('order_paid', id);
    // A key is a game_key line named <sku>_<drm>; its code is not in the published shape: the answer above and the report say it.
    expect(orderPaid.body.items).toEqual([
      expect.objectContaining({ sku: 'keys-first_steam', type: 'game_key', amount: '9.99' }),
      expect.objectContaining({ sku: 'keys-second_gog', type: 'game_key', amount: '9.99' }),
    ]);
    expect(JSON.stringify(orderPaid.body)).not.toContain('FIRST-STEAM-1');
    expect(orderPaid.body.order.amount).toBe('19.98');
    const report = await details(id);
    expect(report.lines).toEqual([
      expect.objectContaining({ sku: 'keys-first', drm: 'steam', key: 'FIRST-STEAM-1' }),
      expect.objectContaining({ sku: 'keys-second', drm: 'gog', key: 'SECOND-GOG-1' }),
    ]);
    expect(report.purchase.pin_codes).toMatchObject({ amount: 19.98, content: 'keys-first, keys-second' });
    const pool = (await merchant('GET', `/mock/projects/${starMiners}/game_delivery/${second}/keys`)).body;
    expect(pool.drm.find((d: any) => d.name === 'GOG').keys).toEqual([{ key: 'SECOND-GOG-1', used: true, transaction_id: id, user_id: 'key-buyer' }]);
    expect(pool.drm.find((d: any) => d.name === 'Steam').keys).toEqual([{ key: 'SECOND-STEAM-1', used: false }]);
    const firstPool = (await merchant('GET', `/mock/projects/${starMiners}/game_delivery/${first}/keys`)).body;
    expect(firstPool.drm.find((d: any) => d.name === 'Steam').keys).toEqual([{ key: 'FIRST-STEAM-1', used: true, transaction_id: id, user_id: 'key-buyer' }]);
  });

  it('with drm omitted the player chooses: none picked, or one the game does not offer, is the payment UI\'s 0010-0003 and sells nothing', async () => {
    await game('keys-choose', { steam: ['CHOOSE-STEAM-1'], gog: ['CHOOSE-GOG-1'] });
    const accessToken = await token('key-chooser', { pin_codes: { codes: [{ digital_content: 'keys-choose' }] } });
    const none = await pay({ access_token: accessToken });
    expect(none).toMatchObject({ status: 422, body: { message: '0010-0003', extended_message: { global_errors: [expect.stringContaining('steam, gog')] } } });
    const other = await pay({ access_token: accessToken, drm: 'xbox' });
    expect(other).toMatchObject({ status: 422, body: { message: '0010-0003' } });
    const picked = await pay({ access_token: accessToken, drm: 'steam' });
    expect(picked.body.keys).toEqual([{ sku: 'keys-choose', drm: 'steam', code: 'CHOOSE-STEAM-1' }]);
  });

  it('with drm omitted for several games, the player picks per game: drm {"<game sku>": "<drm>"}, even for games with no DRM in common; a game left unpicked is 0010-0003', async () => {
    await game('keys-per-both', { steam: ['BOTH-STEAM-1'], gog: ['BOTH-GOG-1', 'BOTH-GOG-2'] });
    await game('keys-per-steam', { steam: ['PER-STEAM-1', 'PER-STEAM-2', 'PER-STEAM-3'] });
    const codes = { pin_codes: { codes: [{ digital_content: 'keys-per-steam' }, { digital_content: 'keys-per-both' }] } };
    const unpicked = await pay({ access_token: await token('key-per-game', codes), drm: { 'keys-per-steam': 'steam' } });
    expect(unpicked).toMatchObject({ status: 422, body: { message: '0010-0003', extended_message: { global_errors: [expect.stringContaining('keys-per-both')] } } });
    const stranger = await pay({ access_token: await token('key-per-game', codes), drm: { 'keys-per-steam': 'steam', 'keys-per-both': 'gog', 'keys-elsewhere': 'gog' } });
    expect(stranger).toMatchObject({ status: 422, body: { message: '0010-0003', extended_message: { global_errors: [expect.stringContaining('keys-elsewhere')] } } });
    const paid = await pay({ access_token: await token('key-per-game', codes), drm: { 'keys-per-steam': 'steam', 'keys-per-both': 'gog' } });
    expect(paid, JSON.stringify(paid.body)).toMatchObject({ status: 200 });
    expect(paid.body.keys).toEqual([{ sku: 'keys-per-steam', drm: 'steam', code: 'PER-STEAM-1' }, { sku: 'keys-per-both', drm: 'gog', code: 'BOTH-GOG-1' }]);
    // The string form is every open key's DRM, as before.
    const one = await pay({ access_token: await token('key-per-game', codes), drm: 'steam' });
    expect(one.body.keys).toEqual([{ sku: 'keys-per-steam', drm: 'steam', code: 'PER-STEAM-2' }, { sku: 'keys-per-both', drm: 'steam', code: 'BOTH-STEAM-1' }]);
    // Games with no DRM in common (Steam only, GOG only): each is picked its own.
    await game('keys-only-gog', { gog: ['ONLY-GOG-1'] });
    const apart = await token('key-per-game', { pin_codes: { codes: [{ digital_content: 'keys-per-steam' }, { digital_content: 'keys-only-gog' }] } });
    // The page's own Pay takes the picks per game too.
    const both = await (await fetch(`${world.ui.sandbox}/api/payments`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: `?${new URLSearchParams({ access_token: apart })}`, outcome: 'success', drm: { 'keys-per-steam': 'steam', 'keys-only-gog': 'gog' } }),
    })).json();
    expect(both.keys, JSON.stringify(both)).toEqual([{ sku: 'keys-per-steam', drm: 'steam', code: 'PER-STEAM-3' }, { sku: 'keys-only-gog', drm: 'gog', code: 'ONLY-GOG-1' }]);
  });

  it('when one of the keys is sold out, nothing is sold: 0010-0001, no key taken', async () => {
    const gameId = await game('keys-short', { steam: ['SHORT-STEAM-1'] });
    const accessToken = await token('key-short', { pin_codes: { codes: [{ digital_content: 'keys-short', drm: 'steam' }, { digital_content: 'keys-short', drm: 'steam' }] } });
    const refused = await pay({ access_token: accessToken });
    expect(refused).toMatchObject({ status: 422, body: { message: '0010-0001' } });
    const pool = (await merchant('GET', `/mock/projects/${starMiners}/game_delivery/${gameId}/keys`)).body;
    expect(pool.drm.find((d: any) => d.name === 'Steam').keys).toEqual([{ key: 'SHORT-STEAM-1', used: false }]);
  });
});

describe('test outcomes of the remaining codes', () => {
  const search = (accessToken: string) => `?${new URLSearchParams({ access_token: accessToken })}`;
  /** The payment UI's own Pay (POST /api/payments of the sandbox origin). */
  const payInUi = async (accessToken: string, outcome: string) => {
    const response = await fetch(`${world.ui.sandbox}/api/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ search: search(accessToken), outcome }) });
    return { status: response.status, body: await response.json() };
  };

  it.each(['0003-0001', '0004-0002', '1000-0001'])('%s: headless and in the payment UI the payment meets the error, and nothing is paid', async (code) => {
    const user = `outcome-${code}`;
    const headless = await pay({ access_token: await token(user, { virtual_currency: { quantity: 5 } }), outcome: code });
    expect(headless).toMatchObject({ status: 422, body: { message: code, extended_message: { global_errors: [expect.any(String)] } } });
    const accessToken = await token(user, { virtual_currency: { quantity: 5 } });
    expect(await payInUi(accessToken, code)).toMatchObject({ status: 422, body: { message: code } });
    const report = await merchant('GET', v2(`/merchants/${world.merchantId}/reports/transactions/search.json?user_id=${user}&show_dry_run=true`));
    expect(report.body).toEqual([]);
    // The token has not paid: it pays once the player picks success.
    expect(await payInUi(accessToken, 'success')).toMatchObject({ status: 200, body: { ok: true, status: 'done' } });
  });

  it('headless, the token is read first, as the page opens before any payment: a bad, expired or spent token is refused for itself whatever outcome is asked', async () => {
    for (const outcome of ['0003-0001', '0010-0001', 'declined']) {
      expect(await pay({ access_token: 'not-a-token', outcome }), outcome).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    }
    const spent = await token('outcome-spent', { virtual_currency: { quantity: 5 } });
    expect(await pay({ access_token: spent })).toMatchObject({ status: 200 });
    expect(await pay({ access_token: spent, outcome: '0003-0001' })).toMatchObject({ status: 409 });
    // Expired: a sandbox of its own, whose clock moves past the token's lifetime.
    const later = await sandboxWorld();
    try {
      const made = await later.merchant('POST', v2(`/merchants/${later.merchantId}/token`), {
        user: { id: { value: 'outcome-late' }, email: { value: 'outcome-late@example.test' } }, settings: { project_id: later.project(200001), mode: 'sandbox', currency: 'USD' }, purchase: { virtual_currency: { quantity: 5 } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect((await later.merchant('POST', '/mock/clock', { advance: 'P2D' })).status).toBe(200);
      expect(await pay({ access_token: made.body.token, outcome: '0004-0002' })).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    } finally {
      await later.close();
    }
  });
});

describe('settings.payment_method', () => {
  it('is the transaction\'s method: in the webhook and the report; without it, the test card', async () => {
    const paid = await pay({ access_token: await token('method-payer', { virtual_currency: { quantity: 5 } }, { settings: { payment_method: 1380 } }) });
    expect(paid.status).toBe(200);
    expect((await webhookOf('order_paid', paid.body.transaction_id)).body.billing.transaction).toMatchObject({ payment_method: 1380, payment_method_name: 'Payment method 1380' });
    expect((await details(paid.body.transaction_id)).transaction.payment_method).toEqual({ id: 1380, name: 'Payment method 1380' });
    const card = await pay({ access_token: await token('method-payer', { virtual_currency: { quantity: 5 } }) });
    expect((await webhookOf('order_paid', card.body.transaction_id)).body.billing.transaction).toMatchObject({ payment_method: 1, payment_method_name: 'Test card' });
    expect((await details(card.body.transaction_id)).transaction.payment_method).toEqual({ id: 1, name: 'Test card' });
  });

  it('settings.payment_widget: the method the player picks (method, default the page\'s first) is the transaction\'s; one the page does not offer is 422 at method, nothing paid', async () => {
    const cash = { settings: { payment_widget: 'paybycash' } };
    const five = { virtual_currency: { quantity: 5 } };
    // The page opens on pay-by-cash: paid without a pick, the payment is by cash.
    const first = await pay({ access_token: await token('widget-payer', five, cash) });
    expect(first, JSON.stringify(first.body)).toMatchObject({ status: 200, body: { status: 'done' } });
    expect((await webhookOf('order_paid', first.body.transaction_id)).body.billing.transaction).toMatchObject({ payment_method: 2, payment_method_name: 'Pay by cash' });
    expect((await details(first.body.transaction_id)).transaction.payment_method).toEqual({ id: 2, name: 'Pay by cash' });
    const gift = await pay({ access_token: await token('widget-payer', five, { settings: { payment_widget: 'giftcard' } }), method: 'giftcard' });
    expect((await webhookOf('order_paid', gift.body.transaction_id)).body.billing.transaction).toMatchObject({ payment_method: 3, payment_method_name: 'Gift card' });
    expect((await details(gift.body.transaction_id)).transaction.payment_method).toEqual({ id: 3, name: 'Gift card' });
    const card = await pay({ access_token: await token('widget-payer', five, cash), method: 'test-card' });
    expect((await webhookOf('order_paid', card.body.transaction_id)).body.billing.transaction).toMatchObject({ payment_method: 1, payment_method_name: 'Test card' });
    expect((await details(card.body.transaction_id)).transaction.payment_method).toEqual({ id: 1, name: 'Test card' });
    // Not among the page's methods: a gift card on a pay-by-cash page, a method of no page, any method where the token names settings.payment_method.
    const refusals: [string, object][] = [['giftcard', cash], ['bitcoin', cash], [42 as unknown as string, {}], ['test-card', { settings: { payment_method: 1380 } }]];
    for (const [method, extra] of refusals) {
      const refused = await pay({ access_token: await token('widget-refused', five, extra), method });
      expect(refused.status, JSON.stringify(method)).toBe(422);
      expect(Object.keys(refused.body.extended_message.property_errors), JSON.stringify(method)).toEqual(['method']);
    }
    const payments = await merchant('GET', v2(`/projects/${starMiners}/users/widget-refused`));
    expect(payments.body?.balance ?? 0).toBe(0);
  });
});

describe('user.attributes', () => {
  /** An item of Star Miners offered when `conditions` hold. */
  async function item(sku: string, conditions: object[]) {
    const created = await merchant('POST', v2(`/projects/${starMiners}/virtual_items/items`), { sku, name: { en: sku }, prices: { USD: 1.5 }, user_attribute_conditions: conditions });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const buy = async (user: string, sku: string, attributes?: object) =>
    pay({ access_token: await token(user, { virtual_items: { items: [{ sku, amount: 1 }] } }, attributes ? { user: { attributes } } : {}) });
  /** The user's items: what the inventory holds. */
  const inventory = async (user: string) => (await merchant('GET', v2(`/projects/${starMiners}/users/virtual_items/total?user_id=${user}`))).body[0]?.virtual_items ?? [];

  it('an item is sold when every one of its user_attribute_conditions holds for the token\'s user.attributes, else 0010-0001', async () => {
    await item('veteran-badge', [{ attribute: 'level', operator: 'ge', value: 10 }, { attribute: 'region', operator: 'in', value: ['eu', 'us'] }, { attribute: 'banned', operator: 'ne', value: 'yes' }]);
    const sold = await buy('attr-veteran', 'veteran-badge', { level: 12, region: 'eu', banned: 'no' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await webhookOf('order_paid', sold.body.transaction_id)).body.items).toEqual([expect.objectContaining({ sku: 'veteran-badge' })]);
    expect(await inventory('attr-veteran')).toEqual([expect.objectContaining({ sku: 'veteran-badge', quantity: 1 })]);
    for (const attributes of [{ level: 9, region: 'eu', banned: 'no' }, { level: 12, region: 'asia', banned: 'no' }, { level: 12, region: 'us', banned: 'yes' }, { region: 'us', banned: 'no' }]) {
      const refused = await buy('attr-newcomer', 'veteran-badge', attributes);
      expect(refused, JSON.stringify(attributes)).toMatchObject({ status: 422, body: { message: '0010-0001', extended_message: { global_errors: [expect.stringContaining('user_attribute_conditions')] } } });
    }
    expect(await inventory('attr-newcomer')).toEqual([]);
  });

  it('a condition on an attribute the token lacks holds when the project\'s attribute says skip_condition_on_nonexistent_key', async () => {
    await item('guild-banner', [{ attribute: 'guild_rank', operator: 'le', value: 3 }]);
    expect(await buy('attr-loner', 'guild-banner')).toMatchObject({ status: 422, body: { message: '0010-0001' } });
    const attribute = await merchant('POST', v2(`/projects/${starMiners}/user_attributes`), { key: 'guild_rank', name: { en: 'Guild rank' }, type: 'int', skip_condition_on_nonexistent_key: true });
    expect(attribute.status, JSON.stringify(attribute.body)).toBe(201);
    expect(await buy('attr-loner', 'guild-banner')).toMatchObject({ status: 200, body: { status: 'done' } });
    // Carried, it is checked.
    expect(await buy('attr-loner', 'guild-banner', { guild_rank: 5 })).toMatchObject({ status: 422, body: { message: '0010-0001' } });
  });

  it('the merchant API takes conditions as {attribute, operator, value} only', async () => {
    const bad = await merchant('POST', v2(`/projects/${starMiners}/virtual_items/items`), { sku: 'odd-conditions', name: { en: 'Odd' }, prices: { USD: 1 }, user_attribute_conditions: [{ attribute: 'level', operator: 'between', value: 1 }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.extended_message.property_errors)).toEqual(['user_attribute_conditions[0].operator']);
  });
});

describe('purchase.gift', () => {
  const inventory = async (user: string) => (await merchant('GET', v2(`/projects/${starMiners}/users/virtual_items/total?user_id=${user}`))).body[0]?.virtual_items ?? [];
  const balance = async (user: string) => (await merchant('GET', v2(`/projects/${starMiners}/users/${user}`))).body?.balance ?? 0;
  const gift = { giver_id: 'gift-giver', message: 'Happy launch day', friends: [{ id: 'gift-friend', name: 'Friend', email: 'friend@example.test' }] };

  it('delivers to friends[0]: the friend\'s inventory and order_paid\'s user; the token\'s user pays and is named the giver; a refund takes it back from the friend', async () => {
    const paid = await pay({ access_token: await token('gift-giver', { virtual_items: { items: [{ sku: 'plasma-drill', amount: 2 }] }, gift }) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const id = paid.body.transaction_id;
    expect(await inventory('gift-friend')).toEqual([expect.objectContaining({ sku: 'plasma-drill', quantity: 2 })]);
    expect(await inventory('gift-giver')).toEqual([]);
    const orderPaid = (await webhookOf('order_paid', id)).body;
    // The order's user is who gets it; the payment's, who paid; the purchase names the gift.
    expect(orderPaid.user).toEqual({ external_id: 'gift-friend', email: 'friend@example.test' });
    expect(orderPaid.billing.user).toMatchObject({ id: 'gift-giver' });
    expect(orderPaid.billing.purchase.gift).toEqual({ giver_id: 'gift-giver', receiver_id: 'gift-friend', receiver_email: 'friend@example.test', message: 'Happy launch day', hide_giver_from_receiver: 1 });
    const report = await details(id);
    expect(report.user).toMatchObject({ id: 'gift-giver' });
    expect(report.gift).toMatchObject({ receiver: { id: 'gift-friend' }, giver_id: 'gift-giver' });
    expect((await merchant('POST', `/mock/transactions/${id}/refund`)).status).toBe(200);
    expect(await inventory('gift-friend')).toEqual([]);
    expect((await webhookOf('order_canceled', id)).body.user).toMatchObject({ external_id: 'gift-friend' });
  });

  it('virtual currency and a plan go to the friend too', async () => {
    await pay({ access_token: await token('gift-giver-2', { virtual_currency: { quantity: 100 }, gift: { friends: [{ id: 'gift-friend-2' }] } }) });
    expect(await balance('gift-friend-2')).toBe(100);
    expect(await balance('gift-giver-2')).toBe(0);
    const plan = await pay({ access_token: await token('gift-giver-2', { subscription: { plan_id: 'captain-monthly' }, gift: { friends: [{ id: 'gift-friend-2' }] } }) });
    expect(plan.status).toBe(200);
    const subscriptions = (await merchant('GET', `/mock/projects/${starMiners}/subscriptions?user_id=gift-friend-2`)).body;
    expect(subscriptions).toEqual([expect.objectContaining({ status: 'active', plan: expect.objectContaining({ external_id: 'captain-monthly' }) })]);
    expect((await merchant('GET', `/mock/projects/${starMiners}/subscriptions?user_id=gift-giver-2`)).body).toEqual([]);
    await expect.poll(() => listener.received.some((r) => r.type === 'create_subscription' && playerOf(r.body) === 'gift-friend-2')).toBe(true);
  });

  it('a gift that names no friend to give to is 0010-0001, nothing paid', async () => {
    const refused = await pay({ access_token: await token('gift-giver-3', { virtual_currency: { quantity: 5 }, gift: { message: 'For nobody' } }) });
    expect(refused).toMatchObject({ status: 422, body: { message: '0010-0001' } });
  });
});

describe('purchase.subscription', () => {
  const subscriptionsOf = async (user: string) => (await merchant('GET', `/mock/projects/${starMiners}/subscriptions?user_id=${user}`)).body;
  const since = (start: number, user: string) => listener.received.slice(start).filter((r) => playerOf(r.body) === user).map((r) => r.type);

  it('trial_days starts a new subscription with that trial: create_subscription with status new, nothing charged until it ends', async () => {
    const start = listener.received.length;
    const paid = await pay({ access_token: await token('trial-token-pilot', { subscription: { plan_id: 'captain-monthly', trial_days: 14 } }) });
    expect(paid).toMatchObject({ status: 200, body: { status: 'done' } });
    await expect.poll(() => since(start, 'trial-token-pilot')).toEqual(['user_validation', 'create_subscription']);
    const created = listener.received.slice(start).find((r) => r.type === 'create_subscription')!.body;
    expect(created.subscription).toMatchObject({ plan_id: 'captain-monthly', trial: { value: 14, type: 'day' } });
    const [s] = await subscriptionsOf('trial-token-pilot');
    expect(s).toMatchObject({ status: 'new', date_last_charge: null });
    expect(Date.parse(s.date_next_charge) - Date.parse(s.date_create)).toBe(14 * 86_400_000);
    const report = await merchant('GET', v2(`/merchants/${world.merchantId}/reports/transactions/search.json?user_id=trial-token-pilot&show_dry_run=true`));
    expect(report.body).toEqual([]);
  });

  it('operation change_plan moves the subscription to the new plan (update_subscription); 1004-0001 where it cannot, 0007-0009 for another currency', async () => {
    const first = await pay({ access_token: await token('change-token-pilot', { subscription: { plan_id: 'captain-monthly' } }) });
    expect(first.status).toBe(200);
    // The first payment's webhooks all delivered before the change's are counted.
    await expect.poll(() => since(0, 'change-token-pilot')).toEqual(['user_validation', 'payment', 'create_subscription']);
    const start = listener.received.length;
    const changed = await pay({ access_token: await token('change-token-pilot', { subscription: { plan_id: 'captain-yearly', operation: 'change_plan' } }) });
    expect(changed).toMatchObject({ status: 200, body: { status: 'done' } });
    await expect.poll(() => since(start, 'change-token-pilot')).toEqual(['user_validation', 'payment', 'update_subscription']);
    const updated = listener.received.slice(start).find((r) => r.type === 'update_subscription')!.body;
    expect(updated.subscription).toMatchObject({ plan_id: 'captain-yearly' });
    expect(listener.received.slice(start).find((r) => r.type === 'payment')!.body.purchase.subscription).toMatchObject({ plan_id: 'captain-yearly', amount: 59.99 });
    expect(await subscriptionsOf('change-token-pilot')).toEqual([expect.objectContaining({ plan: expect.objectContaining({ external_id: 'captain-yearly' }) })]);
    // The plan it already is, and a player with no subscription: forbidden.
    expect(await pay({ access_token: await token('change-token-pilot', { subscription: { plan_id: 'captain-yearly', operation: 'change_plan' } }) })).toMatchObject({ status: 422, body: { message: '1004-0001' } });
    expect(await pay({ access_token: await token('change-token-nobody', { subscription: { plan_id: 'captain-yearly', operation: 'change_plan' } }) })).toMatchObject({ status: 422, body: { message: '1004-0001' } });
    const euro = await merchant('POST', v2(`/projects/${starMiners}/subscriptions/plans`), {
      external_id: 'euro-captain', name: { en: 'Euro captain' }, group_id: 'captains', charge: { amount: 5, currency: 'EUR', period: { value: 1, type: 'month' } },
    });
    expect(euro.status, JSON.stringify(euro.body)).toBe(201);
    expect(await pay({ access_token: await token('change-token-pilot', { subscription: { plan_id: 'euro-captain', operation: 'change_plan' } }) })).toMatchObject({ status: 422, body: { message: '0007-0009' } });
  });
});

describe('available_groups and available_plans', () => {
  it('are the only choices headless too, and a token naming only them sells one of them, not the biggest currency package', async () => {
    const group = await merchant('POST', v2(`/projects/${starMiners}/virtual_items/groups`), { code: '77', name: { en: 'Hulls' } });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const item = await merchant('POST', v2(`/projects/${starMiners}/virtual_items/items`), { sku: 'hull-plating', name: { en: 'Hull plating' }, prices: { USD: 2.25 }, groups: [group.body.id] });
    expect(item.status).toBe(201);
    const onlyGroup = { virtual_items: { available_groups: ['77'] } };
    // Outside the groups: the page's refusal.
    expect(await pay({ access_token: await token('groups-buyer', onlyGroup), sku: 'starter-pack' })).toMatchObject({ status: 422, body: { message: '0010-0001' } });
    // No pick: the group's item, as the page picks it first.
    const paid = await pay({ access_token: await token('groups-buyer', onlyGroup) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await webhookOf('order_paid', paid.body.transaction_id)).body.items).toEqual([expect.objectContaining({ sku: 'hull-plating', amount: '2.25' })]);
    const onlyPlans = { subscription: { available_plans: ['captain-yearly'] } };
    expect(await pay({ access_token: await token('plans-buyer', onlyPlans), plan: 'captain-monthly' })).toMatchObject({ status: 422, body: { message: '0010-0001' } });
    const plan = await pay({ access_token: await token('plans-buyer', onlyPlans) });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await webhookOf('payment', plan.body.transaction_id)).body.purchase.subscription).toMatchObject({ plan_id: 'captain-yearly' });
  });
});

describe('ui.components.virtual_currency.custom_amount', () => {
  it('headless, amount is the amount the player types: credited at the unit price; one the page would refuse is 422 at amount, nothing paid', async () => {
    const typing = { settings: { ui: { components: { virtual_currency: { custom_amount: true } } } } };
    const balance = async (user: string) => (await merchant('GET', v2(`/projects/${starMiners}/users/${user}`))).body?.balance ?? 0;
    // Outside the currency's limits (1 to 100,000, whole), a store without custom_amount, a token that names its purchase, more than one choice.
    const refusals: [object, object, string][] = [
      [{ amount: 0 }, typing, 'amount'],
      [{ amount: 100_001 }, typing, 'amount'],
      [{ amount: 2.5 }, typing, 'amount'],
      [{ amount: 250 }, {}, 'amount'],
      [{ package: 'crystals-550', amount: 250 }, typing, 'amount'],
      [{ package: 'crystals-550', plan: 'captain-monthly' }, typing, 'plan'],
    ];
    for (const [choice, extra, field] of refusals) {
      const refused = await pay({ access_token: await token('amount-typist', {}, extra), ...choice });
      expect(refused.status, JSON.stringify(choice)).toBe(422);
      expect(Object.keys(refused.body.extended_message.property_errors), JSON.stringify(choice)).toEqual([field]);
    }
    const named = await pay({ access_token: await token('amount-typist', { virtual_currency: { quantity: 5 } }, typing), amount: 250 });
    expect(Object.keys(named.body.extended_message.property_errors)).toEqual(['amount']);
    expect(await balance('amount-typist')).toBe(0);
    const paid = await pay({ access_token: await token('amount-typist', {}, typing), amount: 250 });
    expect(paid, JSON.stringify(paid.body)).toMatchObject({ status: 200, body: { status: 'done' } });
    expect(await balance('amount-typist')).toBe(250);
    expect((await webhookOf('order_paid', paid.body.transaction_id)).body.order).toMatchObject({ amount: '2.48', currency: 'USD' });
  });
});

describe('a gift in the users\' operations', () => {
  it('the friend\'s operations show what they were given, with their balance after it; the giver\'s show the payment and nothing added', async () => {
    const paid = await pay({ access_token: await token('ops-giver', { virtual_currency: { quantity: 100 }, gift: { friends: [{ id: 'ops-friend', name: 'Ops Friend' }] } }) });
    expect(paid.status).toBe(200);
    const operations = async (user: string) =>
      (await merchant('GET', v2(`/merchants/${world.merchantId}/users/transactions.json?user_id=${user}&datetime_from=2000-01-01T00:00:00Z&datetime_to=2100-01-01T00:00:00Z`))).body;
    expect(await operations('ops-friend')).toEqual([expect.objectContaining({ transaction_id: paid.body.transaction_id, user_id: 'ops-friend', amount: 100, user_balance: 100 })]);
    expect(await operations('ops-giver')).toEqual([expect.objectContaining({ transaction_id: paid.body.transaction_id, user_id: 'ops-giver', amount: 0, user_balance: 0, sum: expect.any(Number) })]);
  });
});
