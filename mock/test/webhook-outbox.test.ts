/**
 * No webhook of a committed event is lost when the service stops before its listener accepted it
 * (mock/webhooks/outbox.ts): the event's webhooks are written in its transaction, and a new start
 * on the same data directory sends what is still pending, once; what was accepted is not sent again.
 * Each test runs the whole service (`startMockService`) on a temporary data directory, stops it,
 * and starts it again there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { startMockService, type MockService } from '../app/service';
import { createWebhookSender, type KeptWebhook, type RetryPolicy } from '../webhooks/sender';
import { merchantCaller } from '../../test/fixtures/merchant-call';
import { quickRetry } from './quick-retry';
import { transactionOf } from './recording-listener';
import { memoryDatabase } from '../store/memory';
import type { Database, Sql } from '../store/database';
import { createOutbox } from '../webhooks/outbox';

const RETRY = quickRetry(20);
let uiRoot: string;
let dataDir: string;
let listener: Listening;
let listenerUrl: string;
/** Whether the listener accepts what is not `user_validation` (down: 503). */
let up = true;
/** The webhooks the listener accepted (answered 2xx), in order, and every request it got. */
let accepted: { type: string; body: any }[] = [];
let requests = 0;
/** While set, the listener holds its answer until it settles. */
let hold: Promise<void> | null = null;
const services: MockService[] = [];

beforeAll(async () => {
  // The payment UI's page is not needed: the purchase is its API's.
  uiRoot = mkdtempSync(join(tmpdir(), 'payui-outbox-ui-'));
  listener = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    requests += 1;
    await hold;
    if (!up && body.notification_type !== 'user_validation') return void res.writeHead(503).end();
    accepted.push({ type: body.notification_type, body });
    res.writeHead(204).end();
  }, 0);
  listenerUrl = `http://127.0.0.1:${listener.port}/`;
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  accepted = [];
  requests = 0;
  up = true;
  hold = null;
});
afterAll(async () => {
  await listener.close();
  rmSync(uiRoot, { recursive: true, force: true });
});

/**
 * The service on the test's data directory; `withSettings`: the listener's settings given at start
 * (else those kept); `retry`: the quick schedule of these tests, or (null) the published one.
 */
async function start(withSettings = false, retry: RetryPolicy | null = RETRY) {
  const service = await startMockService(
    { host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 },
    uiRoot,
    { dataDir, ...(retry ? { retry } : {}), ...(withSettings ? { webhooks: { 200001: { url: listenerUrl, secret: 'outbox-secret', variant: 'combined' as const } } } : {}) },
  );
  services.push(service);
  const call = merchantCaller(() => service.merchantApi);
  return {
    service,
    call,
    /** Waits until the sender has nothing left to send (a start hands it the outbox before it answers). */
    settled: () => service.webhooks.idle(),
    async stop() {
      services.splice(services.indexOf(service), 1);
      await service.close();
    },
  };
}

/** Buys `purchase` (100 crystals) in the sandbox payment UI as `player`; answers the invoice. */
async function buy(service: MockService, call: ReturnType<typeof merchantCaller>, player: string, purchase: object = { virtual_currency: { quantity: 100 } }): Promise<number> {
  const token = await call('/merchant/v2/merchants/100001/token', 'POST', {
    user: { id: { value: player }, email: { value: `${player}@example.test` } },
    settings: { project_id: 200001, mode: 'sandbox' },
    purchase,
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const ui = service.sandbox.replace(/\/$/, '');
  const paid = await (await fetch(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token.body.token)}`, outcome: 'success' }),
  })).json();
  expect(paid).toMatchObject({ ok: true, status: 'done' });
  return paid.invoice;
}

const pending = async (service: MockService) =>
  (await service.db.sql.query<{ notification_type: string }>('SELECT notification_type FROM webhook_outbox ORDER BY id')).rows.map((r) => r.notification_type);

/** A new data directory, and the service on it with the listener's settings. */
async function fresh() {
  dataDir = mkdtempSync(join(tmpdir(), 'payui-outbox-data-'));
  return start(true);
}

/**
 * Starts the service again on the data directory: it sends what is pending (`check` sees what
 * the listener got then), and the outbox is empty; started once more, it sends nothing at all.
 */
async function restartTwice(check: (service: MockService, call: ReturnType<typeof merchantCaller>) => Promise<void> | void) {
  const second = await start();
  await second.settled();
  await check(second.service, second.call);
  expect(await pending(second.service)).toEqual([]);
  await second.stop();
  const [got, asked] = [accepted.length, requests];
  const third = await start();
  await third.settled();
  expect([accepted.length, requests]).toEqual([got, asked]);
  await third.stop();
}

describe('the webhook outbox', () => {
  it('a payment committed while the sender is stopped is sent by the next start, once; then never again', async () => {
    const first = await fresh();
    first.service.webhooks.close();
    const invoice = await buy(first.service, first.call, 'outbox-stopped');
    expect(await pending(first.service)).toEqual(['order_paid']);
    await first.stop();
    expect(requests).toBe(0);

    await restartTwice(async (_service, call) => {
      expect(accepted.map((w) => [w.type, transactionOf(w.body)])).toEqual([['order_paid', invoice]]);
      expect(requests).toBe(1);
      // The log shows it as any delivery.
      const log = (await call('/mock/webhooks')).body;
      expect(log.deliveries).toEqual([expect.objectContaining({ project_id: 200001, notification_type: 'order_paid', state: 'accepted', attempts: 1 })]);
    });
  }, 60_000);

  it('a plan bought and renewed by the clock while the sender is stopped: a restart sends all of it, in order, once', async () => {
    const first = await fresh();
    first.service.webhooks.close();
    const invoice = await buy(first.service, first.call, 'outbox-captain', { subscription: { plan_id: 'captain-monthly' } });
    expect((await first.call('/mock/clock', 'POST', { advance: 'P1M' })).status).toBe(200);
    // A plan's payments are `payment` in either variant, each before its subscription webhook.
    expect(await pending(first.service)).toEqual(['payment', 'create_subscription', 'payment', 'update_subscription']);
    await first.stop();

    await restartTwice(() => {
      expect(accepted.map((w) => w.type)).toEqual(['payment', 'create_subscription', 'payment', 'update_subscription']);
      expect(accepted[0]!.body.transaction.id).toBe(invoice);
      const [created, renewed] = [accepted[1]!.body.subscription, accepted[3]!.body.subscription];
      expect(renewed.subscription_id).toBe(created.subscription_id);
      expect(Date.parse(renewed.date_next_charge)).toBeGreaterThan(Date.parse(created.date_next_charge));
    });
  }, 60_000);

  it('a refund whose listener is down keeps being retried, and a restart delivers it once the listener is up', async () => {
    const first = await fresh();
    const invoice = await buy(first.service, first.call, 'outbox-down');
    await first.service.webhooks.idle();
    expect(accepted.map((w) => w.type)).toEqual(['user_validation', 'order_paid']);
    up = false;
    expect((await first.call(`/mock/transactions/${invoice}/refund`, 'POST', {})).status).toBe(200);
    // Tried and refused, and tried again (the retries as ever) until the service stops.
    await expect.poll(() => requests, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(await pending(first.service)).toEqual(['order_canceled']);
    await first.stop();
    expect(accepted.map((w) => w.type)).toEqual(['user_validation', 'order_paid']);

    up = true;
    await restartTwice(() => {
      expect(accepted.slice(2).map((w) => [w.type, transactionOf(w.body)])).toEqual([['order_canceled', invoice]]);
    });
  }, 60_000);

  it('a webhook waiting for its next attempt on the published schedule is not sent early by a restart: the next start goes on with the same delivery when the merchant\'s clock says', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'payui-outbox-data-'));
    const first = await start(true, null);
    up = false;
    const invoice = await buy(first.service, first.call, 'outbox-schedule');
    const orderPaid = async (call: ReturnType<typeof merchantCaller>) => (await call('/mock/webhooks?type=order_paid')).body.deliveries[0];
    await expect.poll(async () => (await orderPaid(first.call))?.next_attempt ?? null, { timeout: 10_000 }).not.toBeNull();
    const waiting = await orderPaid(first.call);
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 });
    await first.stop();

    up = true;
    const second = await start(false, null);
    // Five minutes are not over on the clock: nothing is sent, and the log shows the same delivery waiting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(accepted.map((w) => w.type)).toEqual(['user_validation']);
    expect(await orderPaid(second.call)).toMatchObject({ id: waiting.id, state: 'waiting', attempts: 1, next_attempt: waiting.next_attempt });
    // At the due time it goes, as the second attempt of that delivery.
    expect((await second.call('/mock/clock', 'POST', { to: waiting.next_attempt })).status).toBe(200);
    await second.settled();
    expect(accepted.map((w) => [w.type, transactionOf(w.body)])).toEqual([['user_validation', undefined], ['order_paid', invoice]]);
    expect(await orderPaid(second.call)).toMatchObject({ id: waiting.id, state: 'accepted', attempts: 2, next_attempt: null });
    expect(await pending(second.service)).toEqual([]);
  }, 60_000);
});

describe('the sender, with webhooks the outbox keeps', () => {
  /** Kept webhooks of a type each; `settled` lists the types taken out of the outbox, in order. */
  const keep = (settled: string[], ...types: string[]): KeptWebhook[] =>
    types.map((type) => ({ type, body: JSON.stringify({ notification_type: type }), settle: async () => void settled.push(type) }));

  it('settles a webhook once its listener accepted it, not after a refused attempt', async () => {
    const sender = createWebhookSender({ retry: RETRY });
    sender.configure(1, { url: listenerUrl, secret: 's', variant: 'combined' });
    const settled: string[] = [];
    up = false;
    expect(await sender.sendKept(1, keep(settled, 'order_paid', 'order_canceled'))).toMatchObject({ queued: true });
    await expect.poll(() => requests, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(settled).toEqual([]);
    up = true;
    await sender.idle();
    expect(settled).toEqual(['order_paid', 'order_canceled']);
    expect(accepted.map((w) => w.type)).toEqual(['order_paid', 'order_canceled']);
    sender.close();
  });

  it('keeps them waiting for settings a project does not have yet; a closed sender neither queues nor settles them', async () => {
    const sender = createWebhookSender({ retry: RETRY });
    const settled: string[] = [];
    expect(await sender.sendKept(7, keep(settled, 'refund'))).toMatchObject({ queued: true });
    await sender.configure(7, { url: listenerUrl, secret: 's', variant: 'separate' });
    await sender.idle();
    expect(accepted.map((w) => w.type)).toEqual(['refund']);
    expect(settled).toEqual(['refund']);
    sender.close();
    expect(await sender.sendKept(7, keep(settled, 'payment'))).toEqual({ queued: false, reason: 'the webhook sender is closed' });
    expect(settled).toEqual(['refund']);
  });

  it('close() waits for the attempt under way: a webhook its listener accepts while the sender stops is settled, not sent again by the next start', async () => {
    const sender = createWebhookSender({ retry: RETRY });
    sender.configure(1, { url: listenerUrl, secret: 's', variant: 'combined' });
    const settled: string[] = [];
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    sender.sendKept(1, keep(settled, 'order_paid'));
    // The listener has it and has not answered yet when the service stops.
    await expect.poll(() => requests, { timeout: 10_000 }).toBe(1);
    const closing = sender.close();
    release();
    await closing;
    expect(accepted.map((w) => w.type)).toEqual(['order_paid']);
    expect(settled).toEqual(['order_paid']);
  });

  it('a closed sender schedules nothing: an attempt refused after close() ends at once, with no retry, and stays in the outbox for the next start', async () => {
    // A backoff far longer than the test: were one waited after close(), close() would not resolve.
    const sender = createWebhookSender({ retry: quickRetry(3_600_000) });
    sender.configure(1, { url: listenerUrl, secret: 's', variant: 'combined' });
    const settled: string[] = [];
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    up = false;
    sender.sendKept(1, keep(settled, 'order_paid'));
    // The listener has it when the service stops, and refuses it after.
    await expect.poll(() => requests, { timeout: 10_000 }).toBe(1);
    const closing = sender.close();
    release();
    await closing;
    expect(sender.attempts()).toMatchObject([{ status: 503, accepted: false, retry_in_ms: null }]);
    expect(sender.deliveries()).toMatchObject([{ state: 'waiting', next_attempt: null }]);
    expect(settled).toEqual([]);
    expect(requests).toBe(1);
  });

  // Before, the sender counted them again in its memory, so a resend answered 202 (the outbox had room) could then be refused.
  it('queues them all whatever its queue holds: the outbox counted them when it kept them, the one check', async () => {
    const sender = createWebhookSender({ retry: RETRY, queueLimit: 1 });
    await sender.configure(1, { url: listenerUrl, secret: 's', variant: 'combined' });
    const settled: string[] = [];
    expect(await sender.sendKept(1, keep(settled, 'order_paid', 'order_canceled'))).toMatchObject({ queued: true });
    await sender.idle();
    expect(settled).toEqual(['order_paid', 'order_canceled']);
    expect(sender.deliveries().map((d) => d.state)).toEqual(['accepted', 'accepted']);
    // What is sent without the outbox is counted by the sender, as ever.
    up = false;
    expect(await sender.send(1, [{ notification_type: 'refund' } as never])).toMatchObject({ queued: true });
    expect(await sender.send(1, [{ notification_type: 'refund' } as never])).toMatchObject({ queued: false, reason: expect.stringMatching(/at most 1$/) });
    up = true;
    await sender.close();
  });
});

describe('the leases of a shared outbox', () => {
  // 9dd8664 dropped the leases a claim can leave behind when it races a reset, on every claim: one
  // statement more after every event's commit, for a rare race. Now on a claim that found nothing.
  it('a claim that finds webhooks runs no lease cleanup; one that finds nothing drops a free lease of a project with nothing to send', async () => {
    const base = await memoryDatabase();
    const sent: string[] = [];
    const counted: Sql = { query: (text, params) => (sent.push(text), base.sql.query(text, params)), exec: (text) => (sent.push(text), base.sql.exec(text)) };
    // A database other processes share (on PGlite, this test says so), its statements written down.
    const db: Database = { ...base, sql: counted, shared: true };
    const sender = createWebhookSender({ db, retry: RETRY });
    const outbox = createOutbox(db, sender);
    /** The claims' steps, in order: a claim inserts the lease rows, then takes the leases; a cleanup drops leases. */
    const steps = () => sent.flatMap((text) => (/INSERT INTO webhook_leases/.test(text) ? ['insert'] : /WITH leased/.test(text) ? ['take'] : /DELETE FROM webhook_leases/.test(text) ? ['cleanup'] : []));
    const cleanups = () => steps().filter((step) => step === 'cleanup').length;
    /** Whether a cleanup ran inside a claim (between its insert and its take), as on every claim before. */
    const inClaim = () => steps().some((step, i, all) => step === 'cleanup' && all[i - 1] === 'insert');
    try {
      await sender.configure(200001, { url: listenerUrl, secret: 'leases', variant: 'combined' });
      sent.length = 0;
      expect(await outbox.queue(200001, { type: 'order_paid', body: '{"notification_type":"order_paid"}' })).toMatchObject({ queued: true });
      await sender.idle();
      expect(steps()).toContain('take');
      expect(inClaim()).toBe(false);
      // A lease put back for a project with nothing to send (the race), then a claim that finds nothing.
      await base.sql.query("INSERT INTO webhook_leases (project_id) VALUES (200002) ON CONFLICT DO NOTHING");
      await outbox.restore();
      expect(cleanups()).toBeGreaterThan(0);
      expect((await base.sql.query('SELECT project_id FROM webhook_leases WHERE project_id = 200002')).rows).toEqual([]);
    } finally {
      await outbox.close();
      await sender.close();
      await base.close();
    }
  });
});
