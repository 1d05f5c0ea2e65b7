// Money moves that meet on the same rows, through two `payui-mock` processes on one Postgres server
// database (DESIGN.md §8c, §8d; issue 49): every move takes its row locks in one order
// (mock/domain/lock-order.ts), and a transaction that still fails for a race (a deadlock, a
// serialization failure) is run again, so no race is answered 500. Plain concurrency, repeated
// until the race is seen: on a Postgres server the two requests' transactions really interleave.
// Run by `npm run test:server` (PAYUI_TEST_DATABASE_URL); skipped without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, onServer } from '../store/server-database';
import { callMerchantApi, type Called } from '../../test/fixtures/merchant-call';
import { buildServiceEntry, startServiceProcess, type ServiceProcess } from './service-processes';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_locks_${process.pid}`;
let entry: Awaited<ReturnType<typeof buildServiceEntry>>;
let one: ServiceProcess;
let two: ServiceProcess;

describe.skipIf(!server)('money moves on the same rows through two processes', () => {
  beforeAll(async () => {
    entry = await buildServiceEntry();
    await dropDatabase(server!, name);
    await onServer(server!, `CREATE DATABASE ${name}`);
    const at = new URL(server!);
    at.pathname = `/${name}`;
    // The first makes the schema and the demo merchant; the second finds them.
    one = await startServiceProcess(entry.index, { databaseUrl: at.toString() });
    two = await startServiceProcess(entry.index, { databaseUrl: at.toString() });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([one, two].filter(Boolean).map((p) => p.kill()));
    await dropDatabase(server!, name);
    entry?.remove();
  });

  const api = (service: ServiceProcess, method: string, path: string, body?: object): Promise<Called> => callMerchantApi(service.merchantApiUrl, method, path, body);

  /** Pays `purchase` headless through `service` as `player`: the transaction id. */
  async function buy(service: ServiceProcess, player: string, purchase: object): Promise<number> {
    const token = await api(service, 'POST', '/merchant/v2/merchants/100001/token', {
      user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: 200001, mode: 'sandbox' }, purchase,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const paid = await fetch(`${service.merchantApiUrl}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    const body = await paid.json();
    expect(paid.status, JSON.stringify(body)).toBe(200);
    return body.transaction_id;
  }

  it('a refund of a subscription\'s payment and a cancel that refunds it, 25 times at once: never 500, refunded once, canceled', async () => {
    const races = 25;
    // Each race on a subscription of its own, bought first.
    const bought = await Promise.all(Array.from({ length: races }, async (_, i) => {
      const player = `lock-refund-cancel-${i}`;
      const payment = await buy(i % 2 ? one : two, player, { subscription: { plan_id: 'captain-monthly' } });
      const [subscription] = (await api(one, 'GET', `/mock/projects/200001/subscriptions?user_id=${player}`)).body;
      return { player, payment, subscription: subscription.id as number };
    }));
    const seen: string[] = [];
    for (const { player, payment, subscription } of bought) {
      const [refund, cancel] = await Promise.all([
        api(one, 'POST', `/mock/transactions/${payment}/refund`),
        api(two, 'PUT', `/merchant/v2/projects/200001/users/${player}/subscriptions/${subscription}`, { status: 'canceled', cancel_subscription_payment: true }),
      ]);
      seen.push(`refund ${refund.status}${refund.status >= 500 ? ` ${JSON.stringify(refund.body)}` : ''}, cancel ${cancel.status}${cancel.status >= 500 ? ` ${JSON.stringify(cancel.body)}` : ''}`);
    }
    // The refund came first (200), or the cancel refunded the payment before it (409); the cancel always cancels.
    expect(seen.filter((s) => !/^refund (200|409), cancel 204$/.test(s))).toEqual([]);
    for (const { payment, subscription } of bought) {
      expect((await api(two, 'GET', `/merchant/v2/merchants/100001/reports/transactions/${payment}/details`)).body.transaction.status).toBe('refunded');
      expect((await api(one, 'GET', `/merchant/v2/projects/200001/subscriptions/${subscription}`)).body.status).toBe('canceled');
    }
  }, 300_000);

  it('one player buying [a, b] and [b, a] at once, 60 times: never 500, every item counted', async () => {
    const player = 'lock-cart-order';
    const items = (first: string, second: string) => ({ virtual_items: { items: [{ sku: first, amount: 1 }, { sku: second, amount: 1 }] } });
    // The player exists and holds both, so each cart updates the same two inventory rows.
    await buy(one, player, items('starter-pack', 'plasma-drill'));
    const races = 60;
    const seen: number[] = [];
    for (let i = 0; i < races; i += 1) {
      const answers = await Promise.allSettled([buy(one, player, items('starter-pack', 'plasma-drill')), buy(two, player, items('plasma-drill', 'starter-pack'))]);
      seen.push(answers.filter((a) => a.status === 'rejected').length);
    }
    expect(seen.reduce((a, b) => a + b, 0), 'payments that failed').toBe(0);
    const [holdings] = (await api(two, 'GET', `/merchant/v2/projects/200001/users/virtual_items/total?user_id=${player}`)).body;
    const quantity = (sku: string) => holdings.virtual_items.find((item: { sku: string }) => item.sku === sku)?.quantity;
    expect([quantity('starter-pack'), quantity('plasma-drill')]).toEqual([1 + 2 * races, 1 + 2 * races]);
  }, 300_000);
});
