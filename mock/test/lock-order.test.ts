// Money moves that meet on the same rows, through two `payui-mock` processes on one Postgres server
// database (DESIGN.md §8c, §8d; issue 49): every move takes its row locks in one order
// (mock/domain/lock-order.ts), so two moves on the same rows wait for each other and neither is
// undone as a deadlock, run again, or answered 500. Each round proves the race happened: the test's
// own transaction holds the first row both moves lock, the two requests are sent one after the other
// and the test waits until both are inside their transactions waiting for that row at once; then it
// lets the row go. Taken in another order (the lock order before 93548ab: a cancel locked its
// subscription before the payment, a cart its items in cart order), the first waiter then needs a
// row the second holds: a deadlock, which the processes' lines of a transaction run again show
// (mock/test/service-processes.ts `reruns`).
// Run by `npm run test:server` (PAYUI_TEST_DATABASE_URL); skipped without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMerchantApi, type Called } from '../../test/fixtures/merchant-call';
import { raceHolder, type RaceHolder } from './held-race';
import { twoOnOneDatabase, type ServiceProcess, type TwoProcesses } from './service-processes';

const server = process.env.PAYUI_TEST_DATABASE_URL;
let processes: TwoProcesses;
let one: ServiceProcess;
let two: ServiceProcess;
/** The test's own transaction on the processes' database, which holds the row the moves race for (mock/test/held-race.ts). */
let held: RaceHolder;

describe.skipIf(!server)('money moves on the same rows through two processes', () => {
  beforeAll(async () => {
    processes = await twoOnOneDatabase(server!, `payui_locks_${process.pid}`);
    [one, two] = await processes.start();
    // A process's transaction waiting for a row another transaction holds (the holder's or the other's).
    held = await raceHolder(processes.url, "wait_event_type = 'Lock' AND wait_event IN ('transactionid', 'tuple')");
  }, 180_000);
  afterAll(async () => {
    await held?.end();
    await processes?.end();
    processes?.remove();
  });

  const api = (service: ServiceProcess, method: string, path: string, body?: object): Promise<Called> => callMerchantApi(service.merchantApiUrl, method, path, body);
  const reruns = () => [...one.reruns, ...two.reruns];

  /** Pays `purchase` headless through `service` as `player`: the answer. */
  async function buy(service: ServiceProcess, player: string, purchase: object): Promise<Called> {
    const token = await api(service, 'POST', '/merchant/v2/merchants/100001/token', {
      user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: 200001, mode: 'sandbox' }, purchase,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const paid = await fetch(`${service.merchantApiUrl}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    return { status: paid.status, headers: paid.headers, body: await paid.json() };
  }

  it('a refund of a subscription\'s payment and a cancel that refunds it, both waiting for the payment, either first: never 500, refunded once, canceled, none run again', async () => {
    const rounds = 8;
    // Each round on a subscription of its own, bought first.
    const bought = await Promise.all(Array.from({ length: rounds }, async (_, i) => {
      const player = `lock-refund-cancel-${i}`;
      expect((await buy(i % 2 ? one : two, player, { subscription: { plan_id: 'captain-monthly' } })).status).toBe(200);
      const [subscription] = (await api(one, 'GET', `/mock/projects/200001/subscriptions?user_id=${player}`)).body;
      const [payment] = (await api(one, 'GET', '/merchant/v2/projects/200001/subscriptions/payments?limit=100')).body.filter((p: { subscription: { id: number } }) => p.subscription.id === subscription.id);
      return { player, payment: payment.id_payment as number, subscription: subscription.id as number };
    }));
    const before = reruns().length;
    const seen: string[] = [];
    for (const [i, { player, payment, subscription }] of bought.entries()) {
      const refund = () => api(one, 'POST', `/mock/transactions/${payment}/refund`);
      const cancel = () => api(two, 'PUT', `/merchant/v2/projects/200001/users/${player}/subscriptions/${subscription}`, { status: 'canceled', cancel_subscription_payment: true });
      // Even rounds: the refund waits first, so it takes the payment first and then the subscription;
      // a cancel that held the subscription while it waited for the payment deadlocks with it.
      const refundFirst = i % 2 === 0;
      const [a, b] = await held.round('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [payment], refundFirst ? refund : cancel, refundFirst ? cancel : refund);
      const [r, c] = refundFirst ? [a, b] : [b, a];
      seen.push(`${refundFirst ? 'refund first' : 'cancel first'}: refund ${r.status}${r.status >= 500 ? ` ${JSON.stringify(r.body)}` : ''}, cancel ${c.status}${c.status >= 500 ? ` ${JSON.stringify(c.body)}` : ''}`);
    }
    const ranAgain = reruns().slice(before);
    console.log(`lock-order: a refund and a cancel that refunds: ${rounds} of ${rounds} rounds raced (both in their transactions, waiting for the payment at once); ${ranAgain.length} transactions run again`);
    // Whoever takes the payment first refunds it: the refund (200, then the cancel cancels what is
    // left) or the cancel (the refund then finds it refunded: 409).
    expect(seen).toEqual(Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? 'refund first: refund 200, cancel 204' : 'cancel first: refund 409, cancel 204')));
    expect(ranAgain).toEqual([]);
    for (const { payment, subscription } of bought) {
      expect((await api(two, 'GET', `/merchant/v2/merchants/100001/reports/transactions/${payment}/details`)).body.transaction.status).toBe('refunded');
      expect((await api(one, 'GET', `/merchant/v2/projects/200001/subscriptions/${subscription}`)).body.status).toBe('canceled');
    }
  }, 300_000);

  it('one player buying [a, b] and [b, a], both waiting for the first item\'s row: never 500, every item counted, none run again', async () => {
    const player = 'lock-cart-order';
    const items = (first: string, second: string) => ({ virtual_items: { items: [{ sku: first, amount: 1 }, { sku: second, amount: 1 }] } });
    // The player exists and holds both, so each cart updates the same two inventory rows.
    expect((await buy(one, player, items('starter-pack', 'plasma-drill'))).status).toBe(200);
    const { rows } = await held.holder.query<{ sku: string }>('SELECT sku FROM inventory WHERE project_id = 200001 AND user_id = $1 ORDER BY item_id', [player]);
    // `low` is the row the lock order takes first.
    const [low, high] = rows.map((row) => row.sku) as [string, string];
    const rounds = 6;
    const before = reruns().length;
    const seen: string[] = [];
    for (let i = 0; i < rounds; i += 1) {
      // [low, high] waits for low first; [high, low] in cart order would take high and then wait for low.
      const answers = await held.round(
        'SELECT 1 FROM inventory WHERE project_id = 200001 AND user_id = $1 AND sku = $2 FOR UPDATE', [player, low],
        () => buy(one, player, items(low, high)), () => buy(two, player, items(high, low)),
      );
      seen.push(answers.map((a) => `${a.status}${a.status === 200 ? '' : ` ${JSON.stringify(a.body)}`}`).join(', '));
    }
    const ranAgain = reruns().slice(before);
    console.log(`lock-order: two carts of one player in opposite orders: ${rounds} of ${rounds} rounds raced (both in their transactions, waiting for ${low}'s row at once); ${ranAgain.length} transactions run again`);
    expect(seen).toEqual(Array(rounds).fill('200, 200'));
    expect(ranAgain).toEqual([]);
    const [holdings] = (await api(two, 'GET', `/merchant/v2/projects/200001/users/virtual_items/total?user_id=${player}`)).body;
    const quantity = (sku: string) => holdings.virtual_items.find((item: { sku: string }) => item.sku === sku)?.quantity;
    expect([quantity('starter-pack'), quantity('plasma-drill')]).toEqual([1 + 2 * rounds, 1 + 2 * rounds]);
  }, 300_000);
});
