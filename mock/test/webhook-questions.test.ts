/**
 * `user_validation` is a question the payment waits for (mock/webhooks/outbox.ts `ask`): it goes
 * through the outbox and the project's lease like every webhook, but is asked at once, beside the
 * project's queue, never behind a webhook that waits for its next attempt (a failed `order_paid`
 * holds the queue for 5 minutes of the merchant's clock on the published schedule). Before, the
 * question waited in the queue and its payment failed NO_ANSWER after 10 s: the CI flake of
 * test/e2e/inline.spec.ts "… a purchase goes through". In memory, and (PAYUI_TEST_DATABASE_URL) with
 * two services on one Postgres database, the question asked through the one that does not hold the
 * project's lease.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockService, type MockService } from '../app/service';
import { dropDatabase, onServer } from '../store/server-database';
import { listenLoopback, type Listening } from '../http/listen';
import { callMerchantApi, DEMO_AUTH } from '../../test/fixtures/merchant-call';
import type { LoggedDelivery } from '../store/webhook-log';
import { memoryDatabase } from '../store/memory';
import { createWebhookSender } from '../webhooks/sender';
import { createOutbox } from '../webhooks/outbox';
import { sampleWebhook } from '../webhooks/payloads';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_questions_${process.pid}`;
let uiRoot = '';
const services: MockService[] = [];
/** The listener: order_paid refused (503) while `down`; a question answered 204 once `answering` resolves. */
let listener: Listening;
let down = false;
let answering: Promise<void> = Promise.resolve();
const orderPaid: string[] = [];

beforeAll(async () => {
  uiRoot = mkdtempSync(join(tmpdir(), 'payui-questions-ui-'));
  listener = await listenLoopback(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const type = JSON.parse(Buffer.concat(chunks).toString('utf8')).notification_type as string;
    if (type === 'user_validation') await answering;
    if (type === 'order_paid') {
      if (down) return void res.writeHead(503).end();
      orderPaid.push(type);
    }
    res.writeHead(204).end();
  }, 0);
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  if (server) await dropDatabase(server, name);
  down = false;
  answering = Promise.resolve();
  orderPaid.length = 0;
});
afterAll(async () => {
  await listener?.close();
  rmSync(uiRoot, { recursive: true, force: true });
});

/** A service on the published retry schedule, in memory or on `databaseUrl`, sending project 200001's webhooks to the order listener. */
async function start(databaseUrl?: string): Promise<MockService> {
  const service = await startMockService(
    { host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 },
    uiRoot,
    { ...(databaseUrl ? { databaseUrl } : {}), webhooks: { 200001: { url: `http://127.0.0.1:${listener.port}/`, secret: 'question-secret', variant: 'combined' } } },
  );
  services.push(service);
  return service;
}

/** Pays 10 crystals of project 200001 headless as `player`: the payment's answer. */
async function pay(origin: string, player: string): Promise<{ status: string; code?: string; transaction_id: number }> {
  const token = await callMerchantApi(origin, 'POST', '/merchant/v2/merchants/100001/token', {
    user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: 200001, mode: 'sandbox' }, purchase: { virtual_currency: { quantity: 10 } },
  });
  expect(token.status).toBe(200);
  const answer = await fetch(`${origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
  expect(answer.status).toBe(200);
  return answer.json();
}

const log = async (origin: string, type: string) => {
  const response = await fetch(`${origin}/mock/webhooks?type=${type}`, { headers: { authorization: DEMO_AUTH } });
  return ((await response.json()) as { deliveries: LoggedDelivery[] }).deliveries;
};

/** The project's queue held: the first payment's order_paid failed (503) and waits for its next attempt, 5 minutes on. */
async function holdQueue(through: MockService): Promise<LoggedDelivery> {
  down = true;
  expect((await pay(through.merchantApi, 'held-one')).status).toBe('done');
  await expect.poll(async () => (await log(through.merchantApi, 'order_paid'))[0]?.next_attempt ?? null, { timeout: 15_000 }).not.toBeNull();
  return (await log(through.merchantApi, 'order_paid'))[0]!;
}

/** The next payment's question was asked and accepted while the order_paid ahead of it still waits for its next attempt. */
async function expectAskedAhead(origin: string, held: LoggedDelivery): Promise<void> {
  const [question] = await log(origin, 'user_validation');
  expect(question).toMatchObject({ state: 'accepted', attempts: 1 });
  expect(question!.id).toBeGreaterThan(held.id);
  expect((await log(origin, 'order_paid')).find((d) => d.id === held.id)).toMatchObject({ state: 'waiting', attempts: 1, next_attempt: held.next_attempt });
  expect(orderPaid).toEqual([]);
}

describe('a payment\'s user_validation while its project\'s queue is held', () => {
  it('in memory: a listener that failed order_paid once (held for its retry) still validates the next payment\'s user at once', async () => {
    const one = await start();
    const held = await holdQueue(one);
    const second = await pay(one.merchantApi, 'held-two');
    expect(second).toMatchObject({ status: 'done' });
    await expectAskedAhead(one.merchantApi, held);
    expect((await one.db.sql.query('SELECT notification_type FROM webhook_outbox ORDER BY id')).rows).toEqual([
      { notification_type: 'order_paid' }, { notification_type: 'order_paid' },
    ]);
  }, 60_000);

  it.skipIf(!server)('on Postgres, through the service that does not hold the project\'s lease: the holder asks it at once', async () => {
    await onServer(server!, `CREATE DATABASE ${name}`);
    const at = new URL(server!);
    at.pathname = `/${name}`;
    const [one, two] = [await start(at.toString()), await start(at.toString())];
    const held = await holdQueue(one);
    const owner = async () => (await one.db.sql.query<{ owner: string | null }>('SELECT owner FROM webhook_leases WHERE project_id = 200001')).rows[0]?.owner ?? null;
    const holder = await owner();
    expect(holder).not.toBeNull();
    // The question waits for its answer in the outbox, handed to the holder of the project's lease, the other service.
    let answer = () => undefined as void;
    answering = new Promise<void>((resolve) => (answer = resolve));
    const paying = pay(two.merchantApi, 'held-two');
    const question = async () => (await one.db.sql.query<{ sent_by: string | null }>("SELECT sent_by FROM webhook_outbox WHERE notification_type = 'user_validation'")).rows[0]?.sent_by;
    await expect.poll(question, { timeout: 10_000 }).toBe(holder);
    answer();
    expect(await paying).toMatchObject({ status: 'done' });
    await expectAskedAhead(two.merchantApi, held);
    expect(await question()).toBeUndefined();
    expect(await owner()).toBe(holder);
  }, 60_000);
});

describe('a question no answer came for', () => {
  // The asker gives up after an attempt's time and its slack, and took the question out of the outbox
  // whoever had it: a process that had just claimed it was asking it, and its answer was logged over
  // the asker's "not asked". Now only a question nobody claimed is taken out; a claimed one is its claimant's.
  it('is left in the outbox, to its claimant, when a process claimed it meanwhile', async () => {
    // A database other processes share (on PGlite, this test says so), and another process, "ghost", holding the project's lease.
    const db = { ...(await memoryDatabase()), shared: true };
    const sender = createWebhookSender({ db, retry: { waitsMs: [], timeoutMs: 100 } });
    const outbox = createOutbox(db, sender);
    try {
      await sender.configure(200001, { url: 'http://127.0.0.1:9/', secret: 'unanswered', variant: 'combined' });
      await db.sql.query(`INSERT INTO webhook_leases (project_id, owner, until) VALUES (200001, 'ghost', now() + interval '1 hour')
        ON CONFLICT (project_id) DO UPDATE SET owner = 'ghost', until = now() + interval '1 hour'`);
      const asked = outbox.ask(200001, sampleWebhook('user_validation'));
      const question = async () => (await db.sql.query<{ id: string }>("SELECT id FROM webhook_outbox WHERE notification_type = 'user_validation'")).rows;
      await expect.poll(async () => (await question()).length, { timeout: 10_000 }).toBe(1);
      // The ghost claims it, as a claim does.
      await db.sql.query("UPDATE webhook_outbox SET sent_by = 'ghost' WHERE notification_type = 'user_validation'");
      const answer = await asked;
      expect(answer).toMatchObject({ accepted: false, status: null, unasked: expect.stringMatching(/no answer logged/) });
      expect(await question()).toHaveLength(1);
    } finally {
      await outbox.close();
      await sender.close();
      await db.close();
    }
  }, 30_000);
});
