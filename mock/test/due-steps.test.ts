// A clock move of years runs its due work in bounded steps (issue 49 item 4): each step is its own
// transaction of at most DUE_STEP due items, so another sandbox's requests go in between instead of
// waiting for the whole move; the move's answer says how many due items it ran. How much the move
// slows the other sandbox is printed (a figure, not an assertion: the machine may be busy).
import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };
import { callAs, startWorld, type Sandbox, type ServiceWorld } from './service-world';

let world: ServiceWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

const call = (s: Sandbox | null, method: string, path: string, body?: unknown) => callAs(world, s, method, path, body);
async function sandbox(seed?: unknown): Promise<Sandbox> {
  const made = await call(null, 'POST', '/mock/sandboxes', seed === undefined ? undefined : { seed });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}
async function buy(s: Sandbox, user: string, purchase: object): Promise<void> {
  const token = await call(s, 'POST', `/merchant/v2/merchants/${s.merchant_id}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: s.project_ids[0], mode: 'sandbox', currency: 'USD' }, purchase,
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const paid = await call(null, 'POST', '/mock/payments', { access_token: token.body.token });
  expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ status: 'done' });
}
/** Milliseconds `work` took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
/** The `q` quantile of `values` (0.5: the median). */
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => `${Math.round(value)} ms`;

it('lets another sandbox pay while one moves its clock a year over three daily plans, and says how many renewals the move ran', async () => {
  // The demo's monthly plan made daily.
  const seed = structuredClone(demoFixtures) as { tables: { subscription_plans: { external_id: string; data: { charge: { period: object } } }[] } };
  seed.tables.subscription_plans.find((plan) => plan.external_id === 'captain-monthly')!.data.charge.period = { value: 1, type: 'day' };
  const busy = await sandbox(seed);
  for (const user of ['daily-1', 'daily-2', 'daily-3']) await buy(busy, user, { subscription: { plan_id: 'captain-monthly' } });
  const quiet = await sandbox();
  // The other sandbox's requests before the move: its clock read, and a payment.
  const before = { read: [] as number[], pay: [] as number[] };
  for (let i = 0; i < 5; i += 1) {
    before.read.push(await timed(() => call(quiet, 'GET', '/mock/clock')));
    before.pay.push(await timed(() => buy(quiet, `before-${i}`, { virtual_currency: { quantity: 10 } })));
  }

  const order: string[] = [];
  let moveDone = false;
  const moveStarted = performance.now();
  const moving = call(busy, 'POST', '/mock/clock', { advance: 'P1Y' }).then((answer) => {
    moveDone = true;
    order.push('move');
    return answer;
  });
  // Once the move's due work has begun (a subscription renewed), the other sandbox pays: before, the
  // request that looks was not even read until the whole move was done.
  const subscriptions = `/mock/projects/${busy.project_ids[0]}/subscriptions?user_id=daily-1`;
  const charged = (await call(busy, 'GET', subscriptions)).body[0].date_last_charge;
  await expect.poll(async () => (await call(busy, 'GET', subscriptions)).body[0]?.date_last_charge, { timeout: 60_000, interval: 20 }).not.toBe(charged);
  order.push('polled');
  const during = { read: [] as number[], pay: [] as number[] };
  during.pay.push(await timed(() => buy(quiet, 'quiet-1', { virtual_currency: { quantity: 10 } })));
  order.push('payment');
  // More of the other sandbox's requests while the move lasts (only those that ended before it count).
  for (let i = 0; !moveDone && i < 200; i += 1) {
    const read = await timed(() => call(quiet, 'GET', '/mock/clock'));
    if (!moveDone) during.read.push(read);
    const pay = await timed(() => buy(quiet, `during-${i}`, { virtual_currency: { quantity: 10 } }));
    if (!moveDone) during.pay.push(pay);
  }
  const moved = await moving;
  const moveMs = performance.now() - moveStarted;
  // Before, the move was one transaction: the payment waited for all of it.
  expect(order.slice(0, 3)).toEqual(['polled', 'payment', 'move']);
  expect(moved.status).toBe(200);
  // 365 or 366 days: each subscription renewed once a day.
  expect([3 * 365, 3 * 366]).toContain(moved.body.due_run);
  const now = await call(busy, 'GET', '/mock/clock');
  expect(now.body.due_run).toBe(0);
  console.log(
    `[due-steps] P1Y move over 3 daily plans: ${moved.body.due_run} due items in ${ms(moveMs)}, load ${loadavg()[0]!.toFixed(1)}. ` +
    `Another sandbox's GET /mock/clock: median ${ms(median(before.read))} before, ${ms(median(during.read))} during (p90 ${ms(quantile(during.read, 0.9))}, max ${ms(Math.max(...during.read))}, n=${during.read.length}); ` +
    `its payment (token + pay): median ${ms(median(before.pay))} before, ${ms(median(during.pay))} during (p90 ${ms(quantile(during.pay, 0.9))}, max ${ms(Math.max(...during.pay))}, n=${during.pay.length}); ` +
    `slowed by ${ms(median(during.read) - median(before.read))} (read), ${ms(median(during.pay) - median(before.pay))} (payment), medians.`,
  );
}, 180_000);
