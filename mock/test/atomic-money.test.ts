/**
 * Money moves atomically (DESIGN.md §8d): a refund, a game key's sale, a renewal, a subscription's
 * change and a clock step are each one transaction whose guarded write makes a second attempt at
 * the same moment fail cleanly, and whose webhooks are written with it. The embedded database runs
 * one transaction at a time, so a race between two requests lives in the gap between an
 * operation's first read and its transaction: the payments' test hook holds each request there
 * until the others have read too (`barrier`), the worst order a Postgres server could give.
 * On a Postgres server (`npm run test:server`) the hook also holds requests inside their
 * transactions, after BEGIN (`refund:begun`) and once they hold their first lock
 * (`refund:locked`, `credit:locked`), so two moves' locks really interleave: they meet in the lock order
 * (mock/domain/lock-order.ts) and wait for each other instead of deadlocking; and between a cancel's
 * read of the payment it refunds and its locks (`change:picked`), where a renewal makes it run again
 * (`RowsMoved`). On the embedded
 * database a pause there would hold its one transaction, so those tests run on a server only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookPoint, HookStage } from '../domain/payments';
import { merchantCaller, type Called } from '../../test/fixtures/merchant-call';
import { recordingListener, startWorld, type Received, type ServiceWorld } from './service-world';
import { transactionOf, subscriptionOf } from './recording-listener';
import { outsideTheSpec } from './answers-on-purpose';

let world: ServiceWorld;
let received: Received[];
let closeListener: () => Promise<void>;
/** What the hook does at each point, set by the test that races there: `refund` between the first read and the transaction, `refund:begun` and `refund:locked` in it. */
type HookKey = HookPoint | `${HookPoint}:${Exclude<HookStage, 'read'>}`;
const hooks: Partial<Record<HookKey, () => Promise<void> | void>> = {};

beforeAll(async () => {
  world = await startWorld({ hook: (point, stage) => hooks[(stage === 'read' ? point : `${point}:${stage}`) as HookKey]?.() });
  const listener = await recordingListener();
  received = listener.received;
  closeListener = () => listener.server.close();
  expect((await call('/mock/projects/200001/webhooks', 'PUT', { url: listener.url, secret: 'atomic-money-secret', variant: 'combined' })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await closeListener?.();
  await world?.close();
});

const call = merchantCaller(() => world.origin);
const v2 = (path: string) => `/merchant/v2${path}`;

/** Lets requests through once `n` of them have arrived: each has made its first read, none has written. */
function barrier(n: number): () => Promise<void> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrived = 0;
  return () => {
    if (++arrived === n) open();
    return opened;
  };
}

/** Holds the first request that reaches it until the test calls `release()` (`reached` resolves then); the others pass. */
function gate() {
  let release!: () => void;
  let reach!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let first = true;
  const hold = () => {
    if (!first) return Promise.resolve();
    first = false;
    reach();
    return released;
  };
  return { hold, reached, release };
}

/** The transactions of this test's database waiting for a lock another holds. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await world.db.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
  );
  return rows[0]!.n;
}

/** Counts each run of a move's transaction at `point` (a race undone runs it again). */
function countRuns(point: HookPoint): { runs: number } {
  const counted = { runs: 0 };
  hooks[`${point}:begun`] = () => void (counted.runs += 1);
  return counted;
}

async function token(player: string, purchase: object): Promise<string> {
  const answer = await call(v2('/merchants/100001/token'), 'POST', {
    user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Racer' } },
    settings: { project_id: 200001, mode: 'sandbox', currency: 'USD' },
    purchase,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

/** Pays `accessToken` in the sandbox payment UI, as its Pay button does. */
async function pay(accessToken: string): Promise<Called> {
  const response = await fetch(`${world.ui.sandbox}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: world.ui.sandbox },
    body: JSON.stringify({ search: `?${new URLSearchParams({ access_token: accessToken })}`, outcome: 'success' }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const balance = async (player: string) => (await call(v2(`/projects/200001/users/${player}`))).body.balance;
const statuses = (answers: Called[]) => answers.map((a) => a.status).sort();

/** Buys the demo's monthly plan as `player`: the subscription as the API answers it. */
async function subscribe(player: string) {
  expect((await pay(await token(player, { subscription: { plan_id: 'captain-monthly' } }))).body).toMatchObject({ ok: true, status: 'done' });
  const [subscription] = (await call(`/mock/projects/200001/subscriptions?user_id=${player}`)).body;
  return subscription;
}

/** The subscription's payments (`done`, `fail`), oldest first. */
async function chargesOf(id: number): Promise<string[]> {
  const all = (await call(v2('/projects/200001/subscriptions/payments?limit=100'))).body as { status: string; subscription: { id: number } }[];
  return all.filter((p) => p.subscription.id === id).map((p) => p.status);
}

describe('a refund', () => {
  it('twenty refunds of one payment at once: one 200, nineteen 409, one order_canceled, the balance taken back once', async () => {
    await pay(await token('refund-racer', { virtual_currency: { quantity: 100 } }));
    const paid = await pay(await token('refund-racer', { virtual_currency: { quantity: 550 } }));
    expect(paid.body).toMatchObject({ ok: true, status: 'done' });
    expect(await balance('refund-racer')).toBe(650);
    hooks.refund = barrier(20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(`/mock/transactions/${paid.body.invoice}/refund`, 'POST')));
    delete hooks.refund;
    expect(statuses(answers)).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ http_status_code: 409, message: expect.stringContaining('already refunded'), request_id: expect.any(String) });
    }
    expect(await balance('refund-racer')).toBe(100);
    await world.sender.idle();
    expect(received.filter((r) => r.type === 'order_canceled' && transactionOf(r.body) === paid.body.invoice)).toHaveLength(1);
  });

  it.skipIf(!process.env.PAYUI_TEST_DATABASE_URL)('on a Postgres server, eight refunds of one payment begun together in their transactions: one 200, seven 409, the balance taken back once', async () => {
    await pay(await token('begun-refund-racer', { virtual_currency: { quantity: 100 } }));
    const paid = await pay(await token('begun-refund-racer', { virtual_currency: { quantity: 550 } }));
    expect(paid.body).toMatchObject({ ok: true, status: 'done' });
    // Eight (fewer than the pool's connections): each has begun its transaction before any locks the payment.
    hooks['refund:begun'] = barrier(8);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(`/mock/transactions/${paid.body.invoice}/refund`, 'POST')));
    delete hooks['refund:begun'];
    expect(statuses(answers)).toEqual([200, ...Array(7).fill(409)]);
    expect(await balance('begun-refund-racer')).toBe(100);
  });
});

describe("one player's carts", () => {
  it.skipIf(!process.env.PAYUI_TEST_DATABASE_URL)('on a Postgres server, [a, b] holding its items while [b, a] is paid: the second waits for the same first row, neither is undone and run again', async () => {
    const player = 'cart-order-racer';
    const cart = (first: string, second: string) => ({ virtual_items: { items: [{ sku: first, amount: 1 }, { sku: second, amount: 1 }] } });
    // The player holds both already: each cart updates the same two inventory rows.
    expect((await pay(await token(player, cart('starter-pack', 'plasma-drill')))).status).toBe(200);
    const tokens = [await token(player, cart('starter-pack', 'plasma-drill')), await token(player, cart('plasma-drill', 'starter-pack'))];
    const payments = countRuns('credit');
    const held = gate();
    hooks['credit:locked'] = held.hold;
    const first = pay(tokens[0]!);
    await held.reached;
    const second = pay(tokens[1]!);
    await expect.poll(waitingForLocks, { timeout: 30_000 }).toBeGreaterThan(0);
    held.release();
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
    delete hooks['credit:locked'];
    delete hooks['credit:begun'];
    // In cart order, the second held plasma-drill and waited for starter-pack: the two deadlocked, one ran again.
    expect(payments.runs).toBe(2);
    const [holdings] = (await call(v2(`/projects/200001/users/virtual_items/total?user_id=${player}`))).body;
    expect(holdings.virtual_items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity]).sort()).toEqual([['plasma-drill', 3], ['starter-pack', 3]]);
  });
});

describe("a game's key", () => {
  it('the last key to two buyers at once: one sale, the other 0010-0001 (no 500), its token left unspent', async () => {
    const game = await call(v2('/projects/200001/game_delivery'), 'POST', {
      sku: 'last-key-game', name: { en: 'Last Key' }, description: { en: 'One key left' }, system_requirements: '-', default_currency: 'USD',
      drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: 9.99 }] }],
    });
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    expect((await call(`/mock/projects/200001/game_delivery/${game.body.id}/keys`, 'POST', { drm_id: 1, keys: ['LAST-KEY-1'] })).status).toBe(200);
    const purchase = { pin_codes: { codes: [{ digital_content: 'last-key-game', drm: 'steam' }] } };
    const tokens = [await token('key-racer-1', purchase), await token('key-racer-2', purchase)];
    hooks.key = barrier(2);
    const answers = await Promise.all(tokens.map(pay));
    delete hooks.key;
    expect(statuses(answers)).toEqual([200, 422]);
    const sold = answers.find((a) => a.status === 200)!;
    expect(sold.body).toMatchObject({ ok: true, status: 'done', key: { drm: 'steam', code: 'LAST-KEY-1' } });
    expect(answers.find((a) => a.status === 422)!.body).toMatchObject({ http_status_code: 422, message: '0010-0001', request_id: expect.any(String) });
    const report = await call(v2('/merchants/100001/reports/transactions/search.json?show_dry_run=true&limit=100'));
    expect(report.body.filter((t: any) => t.purchase.pin_codes?.content === 'last-key-game').map((t: any) => [t.transaction.id, t.transaction.status])).toEqual([[sold.body.invoice, 'done']]);
    // The one that found no key paid nothing: the payment UI opens its token on a checkout, not on a paid page.
    const loser = tokens[answers.indexOf(answers.find((a) => a.status === 422)!)]!;
    const session = await (await fetch(`${world.ui.sandbox}/api/session?${new URLSearchParams({ access_token: loser })}`)).json();
    expect(session).not.toHaveProperty('paid');
  });
});

describe('a clock step', () => {
  it('whose due work fails charges nothing: the move stands (its own transaction), and the next look at the clock charges once', async () => {
    const s = await subscribe('clock-failer');
    let failures = 1;
    hooks.due = async () => {
      if (failures-- > 0) throw new Error('the due work failed');
    };
    const to = new Date(Date.parse(s.date_next_charge) + 3_600_000).toISOString();
    let failed!: Called;
    const found = await outsideTheSpec(async () => {
      failed = await call('/mock/clock', 'POST', { to });
    });
    expect(failed.status).toBe(500);
    expect(found).toEqual([expect.stringMatching(/answered 500, which openapi.json does not list$/)]);
    expect(await chargesOf(s.id)).toEqual(['done']);
    expect((await call(v2(`/projects/200001/subscriptions/${s.id}`))).body.date_next_charge).toBe(s.date_next_charge);
    delete hooks.due;

    const clock = (await call('/mock/clock')).body;
    expect(clock.moved).toBe(true);
    expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(Date.parse(to));
    expect(await chargesOf(s.id)).toEqual(['done', 'done']);
    expect((await call('/mock/clock')).status).toBe(200);
    expect(await chargesOf(s.id)).toEqual(['done', 'done']);
  });
});

describe('a renewal on demand', () => {
  it('a renew during a clock step that renews the subscription charges once: the renew is 409', async () => {
    const s = await subscribe('renew-racer');
    const held = gate();
    hooks.renew = held.hold;
    const renewing = call(`/mock/subscriptions/${s.id}/renew`, 'POST');
    await held.reached;
    // The renew has read the subscription; the clock passes its next charge date before it charges.
    expect((await call('/mock/clock', 'POST', { to: new Date(Date.parse(s.date_next_charge) + 3_600_000).toISOString() })).status).toBe(200);
    held.release();
    const renewed = await renewing;
    delete hooks.renew;
    expect(renewed).toMatchObject({ status: 409, body: { http_status_code: 409, message: expect.stringContaining('renewed') } });
    expect(await chargesOf(s.id)).toEqual(['done', 'done']);
    const after = (await call(v2(`/projects/200001/subscriptions/${s.id}`))).body;
    expect(after.date_last_charge).toBe(s.date_next_charge);
  });
});

describe("a subscription's change", () => {
  const update = (s: { id: number; user: { id: string } }, body: object) => call(v2(`/projects/200001/users/${s.user.id}/subscriptions/${s.id}`), 'PUT', body);

  it('two changes at once keep both: the comment of one and the next charge date the other moved', async () => {
    const s = await subscribe('change-racer');
    hooks.change = barrier(2);
    const answers = await Promise.all([update(s, { comment: 'kept' }), update(s, { timeshift: { type: 'day', value: 3 } })]);
    delete hooks.change;
    expect(statuses(answers)).toEqual([204, 204]);
    const after = (await call(v2(`/projects/200001/subscriptions/${s.id}`))).body;
    expect(after).toMatchObject({ comment: 'kept', date_next_charge: new Date(Date.parse(s.date_next_charge) + 3 * 86_400_000).toISOString() });
  });

  it('a cancel during a clock step that renews the subscription keeps the renewal: canceled after its charge', async () => {
    const s = await subscribe('cancel-racer');
    const held = gate();
    hooks.change = held.hold;
    const canceling = update(s, { status: 'canceled', comment: 'leaving' });
    await held.reached;
    expect((await call('/mock/clock', 'POST', { to: new Date(Date.parse(s.date_next_charge) + 3_600_000).toISOString() })).status).toBe(200);
    held.release();
    expect((await canceling).status).toBe(204);
    delete hooks.change;
    expect(await chargesOf(s.id)).toEqual(['done', 'done']);
    const after = (await call(v2(`/projects/200001/subscriptions/${s.id}`))).body;
    expect(after).toMatchObject({ status: 'canceled', comment: 'leaving', date_last_charge: s.date_next_charge, date_next_charge: null });
  });

  it('a cancel that refunds the last payment, with a refund of that payment between its read and its write: refunded once, canceled once', async () => {
    const s = await subscribe('refund-cancel-racer');
    const [payment] = (await call(v2('/projects/200001/subscriptions/payments?limit=100'))).body.filter((p: any) => p.subscription.id === s.id);
    const start = received.length;
    const held = gate();
    hooks.change = held.hold;
    hooks.refund = held.hold;
    const canceling = update(s, { status: 'canceled', cancel_subscription_payment: true, comment: 'refund me' });
    await held.reached;
    expect((await call(`/mock/transactions/${payment.id_payment}/refund`, 'POST')).status).toBe(200);
    held.release();
    expect((await canceling).status).toBe(204);
    delete hooks.change;
    delete hooks.refund;
    await world.sender.idle();
    const ours = received.slice(start).filter((r) => transactionOf(r.body) === payment.id_payment || subscriptionOf(r.body) === s.id).map((r) => r.type);
    expect(ours.filter((type) => type === 'refund')).toHaveLength(1);
    expect(ours.filter((type) => type === 'cancel_subscription')).toHaveLength(1);
    expect((await call(v2(`/projects/200001/subscriptions/${s.id}`))).body).toMatchObject({ status: 'canceled', comment: 'refund me' });
  });

  it.skipIf(!process.env.PAYUI_TEST_DATABASE_URL)('on a Postgres server, a refund holding its payment locked and a cancel that refunds it: the cancel waits for the payment, neither is undone and run again', async () => {
    const s = await subscribe('locked-refund-cancel-racer');
    const [payment] = (await call(v2('/projects/200001/subscriptions/payments?limit=100'))).body.filter((p: any) => p.subscription.id === s.id);
    const start = received.length;
    const refunds = countRuns('refund');
    const changes = countRuns('change');
    const held = gate();
    hooks['refund:locked'] = held.hold;
    const refunding = call(`/mock/transactions/${payment.id_payment}/refund`, 'POST');
    await held.reached;
    // The refund holds the payment in its transaction; the cancel's transaction begins and waits for a lock.
    const canceling = update(s, { status: 'canceled', cancel_subscription_payment: true, comment: 'refund me too' });
    await expect.poll(waitingForLocks, { timeout: 30_000 }).toBeGreaterThan(0);
    held.release();
    expect((await refunding).status).toBe(200);
    expect((await canceling).status).toBe(204);
    delete hooks['refund:locked'];
    delete hooks['refund:begun'];
    delete hooks['change:begun'];
    // Locked the other way round (the subscription, then the payment), the two deadlocked: one was undone and ran again.
    expect({ refunds: refunds.runs, changes: changes.runs }).toEqual({ refunds: 1, changes: 1 });
    await world.sender.idle();
    const ours = received.slice(start).filter((r) => transactionOf(r.body) === payment.id_payment || subscriptionOf(r.body) === s.id).map((r) => r.type);
    expect(ours.filter((type) => type === 'refund')).toHaveLength(1);
    expect(ours.filter((type) => type === 'cancel_subscription')).toHaveLength(1);
    expect((await call(v2(`/projects/200001/subscriptions/${s.id}`))).body).toMatchObject({ status: 'canceled', comment: 'refund me too' });
  });

  it.skipIf(!process.env.PAYUI_TEST_DATABASE_URL)('on a Postgres server, a cancel that refunds the last payment, with a renewal charged between its read of that payment and its locks: run again once (rows moved), it refunds the renewal, not the payment before', async () => {
    const s = await subscribe('moved-cancel-racer');
    const paymentsOf = async () => (await call(v2('/projects/200001/subscriptions/payments?limit=100'))).body.filter((p: any) => p.subscription.id === s.id).map((p: any) => p.id_payment as number);
    const [first] = await paymentsOf();
    const start = received.length;
    const changes = countRuns('change');
    const held = gate();
    hooks['change:picked'] = held.hold;
    const canceling = update(s, { status: 'canceled', cancel_subscription_payment: true, comment: 'moved' });
    await held.reached;
    // The cancel has read which payment is the last (the first one) and locked nothing yet: the clock
    // passes the next charge date, and the renewal is charged and kept before the cancel takes its locks.
    expect((await call('/mock/clock', 'POST', { to: new Date(Date.parse(s.date_next_charge) + 3_600_000).toISOString() })).status).toBe(200);
    const renewals = (await paymentsOf()).filter((id: number) => id !== first);
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0] as number;
    held.release();
    expect((await canceling).status).toBe(204);
    delete hooks['change:picked'];
    delete hooks['change:begun'];
    // Its locks taken, it found the last payment moved (the renewal's): undone and run again, once.
    expect(changes.runs).toBe(2);
    const status = async (id: number) => (await call(v2(`/merchants/100001/reports/transactions/${id}/details`))).body.transaction.status;
    expect({ first: await status(first), renewal: await status(renewal) }).toEqual({ first: 'done', renewal: 'refunded' });
    expect((await call(v2(`/projects/200001/subscriptions/${s.id}`))).body).toMatchObject({ status: 'canceled', comment: 'moved', date_last_charge: s.date_next_charge, date_next_charge: null });
    await world.sender.idle();
    const ours = received.slice(start).filter((r) => subscriptionOf(r.body) === s.id || [first, renewal].includes(transactionOf(r.body) as number));
    expect(ours.filter((r) => r.type === 'refund').map((r) => transactionOf(r.body))).toEqual([renewal]);
    expect(ours.filter((r) => r.type === 'cancel_subscription')).toHaveLength(1);
  });
});

describe('a plan change', () => {
  it('paid while a cancel ends the subscription is refused 1004-0001 and charges nothing: the subscription stays canceled', async () => {
    const s = await subscribe('plan-racer');
    const held = gate();
    hooks.plan = held.hold;
    const changing = pay(await token('plan-racer', { subscription: { plan_id: 'captain-yearly', operation: 'change_plan' } }));
    await held.reached;
    expect((await call(v2(`/projects/200001/users/plan-racer/subscriptions/${s.id}`), 'PUT', { status: 'canceled' })).status).toBe(204);
    held.release();
    const answer = await changing;
    delete hooks.plan;
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('1004-0001');
    expect((await call(v2(`/projects/200001/subscriptions/${s.id}`))).body).toMatchObject({ status: 'canceled' });
    expect(await chargesOf(s.id)).toEqual(['done']);
  });
});
