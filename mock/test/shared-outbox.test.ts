// Two services on one Postgres server database share one outbox (DESIGN.md §8c, mock/webhooks/outbox.ts):
// each webhook is sent once, by one of them, and a project's webhooks go in order. Run by
// `npm run test:server` (PAYUI_TEST_DATABASE_URL); skipped where no server is given.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockService, type MockService } from '../app/service';
import { dropDatabase, onServer } from '../store/server-database';
import { orderListener, payCrystals, type OrderListener } from './service-processes';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_outbox_${process.pid}`;
const admin = (statement: string) => onServer(server!, statement);
const RETRY = { firstDelayMs: 20, maxDelayMs: 40, timeoutMs: 2000 };
let url = '';
let uiRoot = '';
let orders: OrderListener;
const services: MockService[] = [];

describe.skipIf(!server)('two services on one database share the webhook outbox', () => {
  beforeAll(async () => {
    uiRoot = mkdtempSync(join(tmpdir(), 'payui-shared-outbox-ui-'));
    orders = await orderListener();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
    await dropDatabase(server!, name);
    orders.reset();
  });
  afterAll(async () => {
    await orders?.server.close();
    rmSync(uiRoot, { recursive: true, force: true });
  });

  async function start(): Promise<MockService> {
    if (!url) {
      const at = new URL(server!);
      at.pathname = `/${name}`;
      url = at.toString();
    }
    const service = await startMockService(
      { host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 },
      uiRoot,
      { databaseUrl: url, retry: RETRY, webhooks: { 200001: { url: orders.url, secret: 'shared-secret', variant: 'combined' } } },
    );
    services.push(service);
    return service;
  }

  const pay = (service: MockService, player: string) => payCrystals(service.merchantApi, player);

  const leased = async (service: MockService) =>
    (await service.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_leases WHERE owner IS NOT NULL')).rows[0]!.n;

  it('a second service started while the first retries a down listener sends none of its webhooks again', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const one = await start();
    const first = [await pay(one, 'shared-one'), await pay(one, 'shared-two'), await pay(one, 'shared-three')];
    await expect.poll(() => orders.paid.length, { timeout: 15_000 }).toBe(3);
    // The listener goes down and three refunds (which ask nothing first) wait in the first's hands, retried.
    orders.up = false;
    const refund = (id: number) => fetch(`${one.merchantApi}/mock/transactions/${id}/refund`, { method: 'POST', headers: { authorization: DEMO_AUTH } });
    for (const id of first) expect((await refund(id)).status).toBe(200);
    // The second starts while the first holds the three, retrying; then the listener comes back.
    const two = await start();
    orders.up = true;
    await expect.poll(() => orders.canceled.length, { timeout: 15_000 }).toBe(3);
    // And what comes through the second after them goes after them.
    const later = await pay(two, 'shared-four');
    await expect.poll(() => orders.paid.length, { timeout: 15_000 }).toBe(4);
    await Promise.all([one.webhooks.idle(), two.webhooks.idle()]);
    // Nothing more comes: each was sent once, in order; the outbox is empty and no lease is held.
    await expect.poll(() => leased(one), { timeout: 15_000 }).toBe(0);
    expect(orders.canceled).toEqual(first);
    expect(orders.paid).toEqual([...first, later]);
    expect((await one.db.sql.query('SELECT id FROM webhook_outbox')).rows).toEqual([]);
  }, 60_000);

  it('payments through both, in turn, reach the listener once each and in the order paid', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const [one, two] = [await start(), await start()];
    const invoices: number[] = [];
    for (let i = 0; i < 12; i += 1) invoices.push(await pay(i % 2 === 0 ? one : two, `turn-${i}`));
    await expect.poll(() => orders.paid.length, { timeout: 20_000 }).toBe(12);
    await expect.poll(() => leased(one), { timeout: 15_000 }).toBe(0);
    expect(orders.paid).toEqual(invoices);
  }, 60_000);
});
