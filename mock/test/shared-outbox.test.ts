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
import { quickRetry } from './quick-retry';
import type { RetryPolicy } from '../webhooks/sender';
import type { LoggedAttempt, LoggedDelivery } from '../store/webhook-log';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_outbox_${process.pid}`;
const admin = (statement: string) => onServer(server!, statement);
const RETRY = quickRetry(20);
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

  /** `retry`: the quick schedule of these tests, or (null) the service's own, the published one. */
  async function start(retry: RetryPolicy | null = RETRY): Promise<MockService> {
    if (!url) {
      const at = new URL(server!);
      at.pathname = `/${name}`;
      url = at.toString();
    }
    const service = await startMockService(
      { host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 },
      uiRoot,
      { databaseUrl: url, ...(retry ? { retry } : {}), webhooks: { 200001: { url: orders.url, secret: 'shared-secret', variant: 'combined' } } },
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

  it('on the published schedule, a retry is due on the merchant\'s clock moved through the other service: not before, and the project\'s later webhook waits behind it', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const [one, two] = [await start(null), await start(null)];
    orders.up = false;
    const first = await pay(one, 'clock-one');
    const call = async (path: string, body?: object) => {
      const response = await fetch(`${two.merchantApi}${path}`, {
        method: body ? 'POST' : 'GET', headers: { authorization: DEMO_AUTH, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const orderPaid = async (transaction: number) => {
      const log = (await call('/mock/webhooks?type=order_paid')) as { deliveries: LoggedDelivery[]; attempts: LoggedAttempt[] };
      const delivery = log.deliveries.find((d) => JSON.parse(d.body).billing.transaction.id === transaction);
      return { delivery, attempts: log.attempts.filter((a) => a.delivery === delivery?.id) };
    };
    await expect.poll(async () => (await orderPaid(first)).delivery?.next_attempt ?? null, { timeout: 15_000 }).not.toBeNull();
    const { delivery, attempts } = await orderPaid(first);
    expect(delivery).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(attempts).toMatchObject([{ attempt: 1, status: 503, retry_in_ms: 5 * 60_000 }]);
    const due = Date.parse(delivery!.next_attempt!);
    expect(due).toBe(Date.parse(attempts[0]!.at) + 5 * 60_000);
    // A later payment through the other service: its order_paid waits behind the first.
    const second = await pay(two, 'clock-two');
    orders.up = true;
    // A minute before it is due (moved through the other service): no attempt, whichever sends, once
    // each reads the moved clock and has looked at it again (a retry found due would be attempted instead).
    await call('/mock/clock', { to: new Date(due - 60_000).toISOString() });
    const clockThrough = async (service: MockService) => {
      const response = await fetch(`${service.merchantApi}/mock/clock`, { headers: { authorization: DEMO_AUTH } });
      return Date.parse(((await response.json()) as { now: string }).now);
    };
    for (const service of [one, two]) await expect.poll(() => clockThrough(service), { timeout: 10_000 }).toBeGreaterThanOrEqual(due - 60_000);
    const early = expect.poll(() => orders.paid.length, { timeout: 30_000 }).toBeGreaterThan(0).catch(() => undefined);
    await Promise.race([Promise.all([one.webhooks.lookAgain(), two.webhooks.lookAgain()]), early]);
    expect(orders.paid).toEqual([]);
    expect((await orderPaid(first)).delivery).toMatchObject({ state: 'waiting', attempts: 1 });
    // At the due time: the retry, then the one behind it, each once, in order.
    await call('/mock/clock', { to: new Date(due).toISOString() });
    await expect.poll(() => orders.paid.length, { timeout: 15_000 }).toBe(2);
    expect(orders.paid).toEqual([first, second]);
    const retried = await orderPaid(first);
    expect(retried.delivery).toMatchObject({ state: 'accepted', attempts: 2 });
    expect(Date.parse(retried.attempts.find((a) => a.attempt === 2)!.at)).toBeGreaterThanOrEqual(due);
  }, 60_000);

  it('a reset through the other service drops the webhook the first holds for its next attempt: the listener never gets it, and no lease row is left', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const [one, two] = [await start(null), await start(null)];
    orders.up = false;
    await pay(one, 'reset-one');
    const log = async () => {
      const response = await fetch(`${two.merchantApi}/mock/webhooks?type=order_paid`, { headers: { authorization: DEMO_AUTH } });
      return ((await response.json()) as { deliveries: LoggedDelivery[] }).deliveries;
    };
    await expect.poll(async () => (await log())[0]?.next_attempt ?? null, { timeout: 15_000 }).not.toBeNull();
    const due = (await log())[0]!.next_attempt!;
    orders.up = true;
    const post = (path: string, body?: object) => fetch(`${two.merchantApi}${path}`, {
      method: 'POST', headers: { authorization: DEMO_AUTH, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // The reset deletes the transaction; the demo project comes back with the same id and listener.
    expect((await post('/mock/reset')).status).toBe(204);
    // Whichever service held it looks again within a second, finds it gone from the outbox and drops it: both go idle.
    await Promise.all([one.webhooks.idle(), two.webhooks.idle()]);
    expect((await post('/mock/clock', { to: new Date(Date.parse(due) + 60_000).toISOString() })).status).toBe(200);
    // Nothing can send it now: the outbox holds none of it (a sender sends only what the outbox holds), and both are idle after the move.
    await expect.poll(async () => (await one.db.sql.query('SELECT id FROM webhook_outbox')).rows, { timeout: 15_000 }).toEqual([]);
    await Promise.all([one.webhooks.lookAgain(), two.webhooks.lookAgain()]);
    await Promise.all([one.webhooks.idle(), two.webhooks.idle()]);
    expect(orders.paid).toEqual([]);
    expect(await log()).toEqual([]);
    expect((await one.db.sql.query('SELECT project_id FROM webhook_leases')).rows).toEqual([]);
  }, 60_000);

  it('a webhook waiting for its next attempt passes to the other service when the first stops, and waits there for the same due time, on the same delivery', async () => {
    await admin(`CREATE DATABASE ${name}`);
    // The first alone holds the project's webhooks when its order_paid fails.
    const one = await start(null);
    orders.up = false;
    const first = await pay(one, 'handover-one');
    const orderPaid = async (service: MockService) => {
      const response = await fetch(`${service.merchantApi}/mock/webhooks?type=order_paid`, { headers: { authorization: DEMO_AUTH } });
      return ((await response.json()) as { deliveries: LoggedDelivery[] }).deliveries[0];
    };
    await expect.poll(async () => (await orderPaid(one))?.next_attempt ?? null, { timeout: 15_000 }).not.toBeNull();
    const waiting = (await orderPaid(one))!;
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 });
    // It stops with the second running: the second claims it (at its next look, within a second) and waits for its time.
    const two = await start(null);
    orders.up = true;
    services.splice(services.indexOf(one), 1);
    await one.close();
    await expect.poll(() => leased(two), { timeout: 15_000 }).toBe(1);
    // The second holds it, waiting; a look at the merchant's clock finds it not due, and it waits again, unsent.
    await expect.poll(() => two.webhooks.deliveries().filter((d) => d.notification_type === 'order_paid' && d.state === 'waiting').length, { timeout: 15_000 }).toBe(1);
    await two.webhooks.lookAgain();
    expect(orders.paid).toEqual([]);
    expect(await orderPaid(two)).toMatchObject({ id: waiting.id, state: 'waiting', attempts: 1, next_attempt: waiting.next_attempt });
    const moved = await fetch(`${two.merchantApi}/mock/clock`, {
      method: 'POST', headers: { authorization: DEMO_AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ to: waiting.next_attempt }),
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => orders.paid.length, { timeout: 15_000 }).toBe(1);
    expect(orders.paid).toEqual([first]);
    await expect.poll(async () => (await orderPaid(two))?.state, { timeout: 15_000 }).toBe('accepted');
    expect(await orderPaid(two)).toMatchObject({ id: waiting.id, attempts: 2 });
  }, 60_000);
});
