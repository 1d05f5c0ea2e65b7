/**
 * Delivery by the payment service's published rules (issue 45 item 3): a listener's 2xx ends a
 * delivery; 400, 401, 402, 403, 404, 409, 415 and 422 end it at once, with no retry; any other
 * answer, or none, is retried on the published schedule (2 retries 5 minutes apart, then 7 at 15
 * minutes, then 10 at 60 minutes), measured on the clock of the project's merchant, so a test moves
 * that clock (`POST /mock/clock`) instead of waiting. One at a time per project, in order, as ever.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Webhook } from 'payui-embed/server';
import { listenLoopback, type Listening } from '../http/listen';
import { createWebhookSender, ENDING_STATUSES, PUBLISHED_WAITS } from '../webhooks/sender';
import { startWorld, type ServiceWorld } from './service-world';
import { readLog, type LoggedAttempt, type LoggedDelivery } from '../store/webhook-log';
import { memoryDatabase } from '../store/memory';
import type { Database, Sql } from '../store/database';
import { DEMO_MERCHANT } from '../fixtures/catalog';

const AUTH = `Basic ${Buffer.from(`${DEMO_MERCHANT.id}:${DEMO_MERCHANT.apiKey}`).toString('base64')}`;
const MINUTE = 60_000;
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

/** What a listener got: each webhook's order id, in order. */
interface Got {
  order: number;
  status: number | 'dropped';
}

/**
 * A listener whose answer to each webhook `answer(order id)` chooses: a status, or `dropped` (the
 * connection closed with no answer).
 */
async function listener(answer: (order: number) => number | 'dropped') {
  const got: Got[] = [];
  const server: Listening = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const order = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { order: { id: number } }).order.id;
    const status = answer(order);
    got.push({ order, status });
    if (status === 'dropped') req.socket.destroy();
    else res.writeHead(status, { 'content-type': 'application/json' }).end(status >= 400 ? '{"error":{"code":"INVALID_PARAMETER"}}' : '');
  }, 0);
  open.push(server);
  return { url: `http://127.0.0.1:${server.port}/hook`, got };
}

async function world(): Promise<ServiceWorld> {
  const started = await startWorld();
  open.push(started);
  return started;
}

const webhook = (order: number) => ({ notification_type: 'order_paid', order: { id: order } }) as unknown as Webhook;

async function call(w: ServiceWorld, path: string, body?: object): Promise<any> {
  const response = await fetch(`${w.origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The delivery of order `order` as `GET /mock/webhooks` shows it, with its attempts (oldest first). */
async function delivery(w: ServiceWorld, order: number): Promise<{ delivery: LoggedDelivery; attempts: LoggedAttempt[] }> {
  const log = (await call(w, '/mock/webhooks')) as { deliveries: LoggedDelivery[]; attempts: LoggedAttempt[] };
  const found = log.deliveries.find((d) => (JSON.parse(d.body) as { order: { id: number } }).order.id === order)!;
  return { delivery: found, attempts: log.attempts.filter((a) => a.delivery === found.id).reverse() };
}

/** Resolves once the log shows `n` attempts of order `order`. */
const attemptsOf = async (w: ServiceWorld, order: number, n: number) =>
  expect.poll(async () => (await delivery(w, order)).attempts.length, { timeout: 10_000 }).toBe(n);

/** The merchant's clock moved to `at` (ms since the epoch). */
const moveTo = (w: ServiceWorld, at: number) => call(w, '/mock/clock', { to: new Date(at).toISOString() });

/** A short real wait, after which an attempt that was going to come would have. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('answers that end a delivery', () => {
  it('each of 400, 401, 402, 403, 404, 409, 415 and 422 ends it after one attempt, logged as refused with the status; the next webhook goes', async () => {
    expect([...ENDING_STATUSES].sort()).toEqual([400, 401, 402, 403, 404, 409, 415, 422]);
    const w = await world();
    const codes = [...ENDING_STATUSES];
    // Order n is refused with codes[n]; the last one, n = codes.length, is accepted.
    const { url, got } = await listener((order) => codes[order] ?? 204);
    await w.sender.configure(200001, { url, secret: 's', variant: 'combined' });
    await w.sender.send(200001, codes.map((_, n) => webhook(n)).concat(webhook(codes.length)));
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(codes.length + 1);
    await w.sender.idle();
    for (const [n, code] of codes.entries()) {
      const { delivery: d, attempts } = await delivery(w, n);
      expect(d, `code ${code}`).toMatchObject({ state: 'refused', attempts: 1, next_attempt: null });
      expect(d.reason).toContain(`answered ${code}`);
      expect(attempts).toMatchObject([{ status: code, accepted: false, retry_in_ms: null }]);
    }
    expect((await delivery(w, codes.length)).delivery).toMatchObject({ state: 'accepted', attempts: 1 });
    // One attempt each, in order: no retries came after.
    await settle();
    expect(got.map((g) => g.order)).toEqual([...codes.keys(), codes.length]);
  });

  it('a 2xx other than 200 and 204 ends it as accepted', async () => {
    const w = await world();
    const { url, got } = await listener(() => 202);
    await w.sender.configure(200001, { url, secret: 's', variant: 'combined' });
    await w.sender.send(200001, [webhook(1)]);
    await w.sender.idle();
    expect((await delivery(w, 1)).delivery).toMatchObject({ state: 'accepted', attempts: 1, next_attempt: null });
    expect(got).toHaveLength(1);
  });
});

/** `db` whose updates of the webhook log each wait `ms` before they go (a busy database server, made certain). */
function slowLogUpdates(db: Database, ms: number): Database {
  const slow = (sql: Sql): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      if (/^\s*UPDATE webhook_log\b/.test(text)) await new Promise((resolve) => setTimeout(resolve, ms));
      return sql.query<T>(text, params);
    },
    exec: (text) => sql.exec(text),
  });
  return { ...db, sql: slow(db.sql), transaction: (work) => db.transaction((sql) => work(slow(sql))) };
}

describe('the log while deliveries go, however slow its writes', () => {
  it('shows an attempt only with what became of its delivery: never an attempt made and its delivery still sending', async () => {
    const db = await memoryDatabase();
    const sender = createWebhookSender({ db: slowLogUpdates(db, 300) });
    try {
      const { url } = await listener(() => 500);
      await sender.configure(200001, { url, secret: 's', variant: 'combined' });
      await sender.send(200001, [webhook(1)]);
      // Each state the log shows, with its attempts, read every 20 ms until the retry is scheduled.
      const seen = new Set<string>();
      for (let done = false; !done;) {
        const { deliveries: [d], attempts } = await readLog(db.sql, [200001]);
        seen.add(`${d!.state} ${d!.attempts} ${attempts.length}`);
        done = d!.state === 'waiting' && d!.attempts === 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect([...seen]).toEqual(['waiting 0 0', 'sending 0 0', 'waiting 1 1'].filter((state) => seen.has(state)));
      expect(seen.has('waiting 1 1')).toBe(true);
    } finally {
      await sender.close();
      await db.close();
    }
  });

  it('resolves once the log says how each delivery ended, not only once nothing is left to send: a read right after shows it, however slow the writes', async () => {
    const db = await memoryDatabase();
    const sender = createWebhookSender({ db: slowLogUpdates(db, 300) });
    try {
      const { url, got } = await listener((order) => (order === 1 ? 202 : 404));
      await sender.configure(200001, { url, secret: 's', variant: 'combined' });
      await sender.send(200001, [webhook(1), webhook(2)]);
      await sender.idle();
      expect(got.map((g) => g.order)).toEqual([1, 2]);
      const { deliveries, attempts } = await readLog(db.sql, [200001]);
      expect(deliveries.map((d) => [d.state, d.attempts])).toEqual([['refused', 1], ['accepted', 1]]);
      expect(attempts.map((a) => a.status)).toEqual([404, 202]);
    } finally {
      await sender.close();
      await db.close();
    }
  });
});

describe('the published retry schedule, on the merchant\'s clock', () => {
  it('is 2 waits of 5 minutes, 7 of 15 and 10 of 60', () => {
    expect(PUBLISHED_WAITS).toEqual([...Array(2).fill(5 * MINUTE), ...Array(7).fill(15 * MINUTE), ...Array(10).fill(60 * MINUTE)]);
  });

  for (const failure of [500, 'dropped'] as const) {
    it(`a listener that answers ${failure === 'dropped' ? 'nothing (the connection dropped)' : 500} is tried again exactly when each wait is over on the clock, not before, 20 attempts in all, then the delivery fails and the next goes`, async () => {
      const w = await world();
      const { url, got } = await listener((order) => (order === 1 ? failure : 204));
      await w.sender.configure(200001, { url, secret: 's', variant: 'combined' });
      await w.sender.send(200001, [webhook(1), webhook(2)]);
      for (const [n, wait] of PUBLISHED_WAITS.entries()) {
        await attemptsOf(w, 1, n + 1);
        const { delivery: d, attempts } = await delivery(w, 1);
        const last = attempts.at(-1)!;
        expect(last).toMatchObject({ attempt: n + 1, status: failure === 500 ? 500 : null, accepted: false, retry_in_ms: wait });
        // The log says when the next attempt is due, on the merchant's clock.
        const due = Date.parse(last.at) + wait;
        expect(d).toMatchObject({ state: 'waiting', attempts: n + 1, next_attempt: new Date(due).toISOString() });
        if (n === 0) {
          // The page says it too.
          const page = await (await fetch(`${w.origin}/mock/webhooks.html`, { headers: { authorization: AUTH } })).text();
          expect(page).toContain(`waiting, next attempt due ${d.next_attempt}`);
          expect(page).toContain('again after 5 min');
        }
        // A minute before it is due: nothing; at the due time: the next attempt.
        await moveTo(w, due - MINUTE);
        await settle();
        expect((await delivery(w, 1)).attempts).toHaveLength(n + 1);
        await moveTo(w, due);
      }
      await attemptsOf(w, 1, PUBLISHED_WAITS.length + 1);
      await w.sender.idle();
      const { delivery: d, attempts } = await delivery(w, 1);
      expect(d).toMatchObject({ state: 'failed', attempts: 20, next_attempt: null });
      expect(d.reason).toContain('20 attempts');
      expect(attempts.at(-1)).toMatchObject({ attempt: 20, retry_in_ms: null });
      // The webhook behind it waited all along, and went once the first had ended.
      expect(got.map((g) => g.order)).toEqual([...Array(20).fill(1), 2]);
      expect((await delivery(w, 2)).delivery).toMatchObject({ state: 'accepted', attempts: 1 });
    }, 120_000);
  }

  it('keeps the order and the one-at-a-time rule per project while it retries: the project\'s next waits, another project\'s goes', async () => {
    const w = await world();
    let down = true;
    const { url, got } = await listener((order) => (order === 1 && down ? 503 : 204));
    await w.sender.configure(200001, { url, secret: 's', variant: 'combined' });
    await w.sender.configure(200002, { url, secret: 's', variant: 'combined' });
    await w.sender.send(200001, [webhook(1), webhook(2)]);
    await attemptsOf(w, 1, 1);
    await w.sender.send(200002, [webhook(3)]);
    await expect.poll(() => got.map((g) => g.order), { timeout: 10_000 }).toEqual([1, 3]);
    const { delivery: first } = await delivery(w, 1);
    expect((await delivery(w, 2)).delivery).toMatchObject({ state: 'waiting', attempts: 0, next_attempt: null });
    down = false;
    // The listener is back, but the next attempt waits for its time on the clock.
    await settle();
    expect(got.map((g) => g.order)).toEqual([1, 3]);
    await moveTo(w, Date.parse(first.next_attempt!));
    await w.sender.idle();
    expect(got.map((g) => g.order)).toEqual([1, 3, 1, 2]);
    expect((await delivery(w, 1)).delivery).toMatchObject({ state: 'accepted', attempts: 2 });
  });
});
