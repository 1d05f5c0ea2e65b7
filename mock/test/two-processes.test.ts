// Two `payui-mock` processes on one Postgres server database, as a team's QA service runs behind one
// address (DESIGN.md §8c, issue 38): a write through one is read through the other; 40 payments
// split across both give exactly 40 `order_paid` to one listener, none twice, none lost; a process
// killed (SIGKILL) in the middle of a stream of payments loses none it acknowledged, and the other
// delivers its webhooks. Run by `npm run test:server` (PAYUI_TEST_DATABASE_URL); skipped without one.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callMerchantApi } from '../../test/fixtures/merchant-call';
import { orderListener, payCrystals, twoOnOneDatabase, type OrderListener, type ServiceProcess, type TwoProcesses } from './service-processes';

const server = process.env.PAYUI_TEST_DATABASE_URL;
let processes: TwoProcesses;
let url = '';
let orders: OrderListener;

describe.skipIf(!server)('two service processes on one database', () => {
  beforeAll(async () => {
    processes = await twoOnOneDatabase(server!, `payui_two_${process.pid}`);
    orders = await orderListener();
    url = processes.url;
  }, 180_000);
  afterEach(async () => {
    await processes.end();
    orders.reset();
  });
  afterAll(async () => {
    await orders?.server.close();
    processes?.remove();
  });

  /** Two processes on a new database, each sending the demo projects' webhooks to the listener. */
  const startTwo = () => processes.start({ webhook: { url: orders.url, secret: 'two-processes' } });

  const pay = (service: ServiceProcess, player: string) => payCrystals(service.merchantApiUrl, player);
  const details = (service: ServiceProcess, id: number) => callMerchantApi(service.merchantApiUrl, 'GET', `/merchant/v2/merchants/100001/reports/transactions/${id}/details`);
  const outboxEmpty = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_outbox')).rows[0]!.n === 0;
    } finally {
      await c.end();
    }
  };

  it('a project written through one is read through the other, and back', async () => {
    const [one, two] = await startTwo();
    const made = await callMerchantApi(one.merchantApiUrl, 'POST', '/merchant/v2/merchants/100001/projects', { name: { en: 'Two processes' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const project = `/merchant/v2/projects/${made.body.id}`;
    expect((await callMerchantApi(two.merchantApiUrl, 'GET', project)).body.name).toEqual({ en: 'Two processes' });
    expect((await callMerchantApi(two.merchantApiUrl, 'PUT', project, { name: { en: 'Renamed' } })).status).toBeLessThan(300);
    expect((await callMerchantApi(one.merchantApiUrl, 'GET', project)).body.name).toEqual({ en: 'Renamed' });
  }, 120_000);

  it('40 payments split across both, eight at a time, give exactly 40 order_paid: none twice, none lost', async () => {
    const [one, two] = await startTwo();
    // Eight at a time (four through each).
    const ids: number[] = [];
    for (let wave = 0; wave < 5; wave += 1) {
      ids.push(...await Promise.all(Array.from({ length: 8 }, (_, i) => pay(i % 2 === 0 ? one : two, `split-${wave}-${i}`))));
    }
    expect(new Set(ids).size).toBe(40);
    await expect.poll(() => orders.paid.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);
    // Every one accepted, so nothing is left to send: a second copy would have come by now.
    await expect.poll(outboxEmpty, { timeout: 30_000 }).toBe(true);
    expect([...orders.paid].sort()).toEqual([...ids].sort());
  }, 180_000);

  it('a process killed in the middle of a stream loses no refund it acknowledged, and the other sends its webhooks', async () => {
    const [one, two] = await startTwo();
    // Paid while the listener takes everything; then it is down, and refunds (which ask nothing
    // first: a payment's user_validation would wait behind the held webhooks) pile up in the first process.
    const bought: number[] = [];
    for (let i = 0; i < 16; i += 1) bought.push(await pay(i % 2 === 0 ? one : two, `killed-${i}`));
    await expect.poll(() => orders.paid.length, { timeout: 60_000 }).toBe(16);
    orders.up = false;
    const acknowledged: number[] = [];
    // Four at a time, one after another, until the process is gone.
    const stream = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = lane; i < bought.length; i += 4) {
        const answer = await callMerchantApi(one.merchantApiUrl, 'POST', `/mock/transactions/${bought[i]}/refund`);
        if (answer.status === 200) acknowledged.push(bought[i]!);
      }
    }).map((lane) => lane.catch(() => undefined));
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    await one.kill();
    await Promise.all(stream);
    // Each refund the killed process answered is there, read through the other.
    for (const id of acknowledged) expect((await details(two, id)).body.transaction.status).not.toBe('done');
    orders.up = true;
    // What it held waits for its next attempt, due 5 minutes after the refused one on the merchant's
    // clock (its place in the schedule is kept with it): the test moves the clock there.
    expect((await callMerchantApi(two.merchantApiUrl, 'POST', '/mock/clock', { advance: 'PT5M' })).status).toBe(200);
    // The killed process's lease runs out, and the other sends what it held; a payment through it goes too.
    const after = await pay(two, 'after-the-kill');
    await expect.poll(() => acknowledged.every((id) => orders.canceled.includes(id)) && orders.paid.includes(after), { timeout: 60_000 }).toBe(true);
    await expect.poll(outboxEmpty, { timeout: 30_000 }).toBe(true);
    expect(new Set(orders.canceled).size).toBe(orders.canceled.length);
  }, 180_000);
});
