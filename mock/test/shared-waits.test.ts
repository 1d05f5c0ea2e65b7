// The cap on a merchant's waits (`GET /mock/webhooks?wait=`, WAITS_PER_MERCHANT) holds for the
// database, not per process: two services on one Postgres database count each other's waits
// (mock/store/webhook-waits.ts); and a wait through one is woken by the other's log writes, told
// through the database (LISTEN/NOTIFY), not found by a look of its own. Run by `npm run test:server` (PAYUI_TEST_DATABASE_URL); skipped
// where no server is given.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockService, type MockService, type MockServiceOptions } from '../app/service';
import { listenLoopback } from '../http/listen';
import { dropDatabase, onServer } from '../store/server-database';
import { WAITS_PER_MERCHANT } from '../webhooks/log';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';
import { payCrystals } from './service-processes';

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_waits_${process.pid}`;
let uiRoot = '';
const services: MockService[] = [];

describe.skipIf(!server)('waits of one merchant through two services on one database', () => {
  beforeAll(() => {
    uiRoot = mkdtempSync(join(tmpdir(), 'payui-shared-waits-ui-'));
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
    await dropDatabase(server!, name);
  });
  afterAll(() => rmSync(uiRoot, { recursive: true, force: true }));

  async function start(options: MockServiceOptions = {}): Promise<MockService> {
    const at = new URL(server!);
    at.pathname = `/${name}`;
    const service = await startMockService({ host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 }, uiRoot, { ...options, databaseUrl: at.toString() });
    services.push(service);
    return service;
  }

  const waits = async (service: MockService) => (await service.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_waits')).rows[0]!.n;
  const wait = (service: MockService, signal?: AbortSignal) => fetch(`${service.merchantApi}/mock/webhooks?type=refund&wait=30000`, { headers: { authorization: DEMO_AUTH }, ...(signal ? { signal } : {}) });

  it('are capped for the database: the cap\'s waits through one, and one more through the other is 429; an ended wait frees its place for both', async () => {
    await onServer(server!, `CREATE DATABASE ${name}`);
    const [one, two] = [await start(), await start()];
    const stop = new AbortController();
    const held = Array.from({ length: WAITS_PER_MERCHANT }, () => wait(one, stop.signal).catch(() => 'aborted'));
    await expect.poll(() => waits(one), { timeout: 20_000 }).toBe(WAITS_PER_MERCHANT);
    const refused = await wait(two);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(`merchant 100001 has ${WAITS_PER_MERCHANT} waits of GET /mock/webhooks under way`);
    stop.abort();
    await Promise.all(held);
    await expect.poll(() => waits(two), { timeout: 20_000 }).toBe(0);
    expect((await fetch(`${two.merchantApi}/mock/webhooks?type=refund&wait=1`, { headers: { authorization: DEMO_AUTH } })).status).toBe(200);
  }, 60_000);

  it('a wait through one is woken by a payment through the other, told by the database: its own looks are 10 minutes apart, and it answers the order_paid before its 30 s are over (when it would answer anyway)', async () => {
    await onServer(server!, `CREATE DATABASE ${name}`);
    const listener = await listenLoopback((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    }, 0);
    try {
      const options: MockServiceOptions = { logLookMs: 600_000, webhooks: { 200001: { url: `http://127.0.0.1:${listener.port}/`, secret: 'shared-waits', variant: 'combined' } } };
      const [one, two] = [await start(options), await start(options)];
      const asked = Date.now();
      const waiting = fetch(`${one.merchantApi}/mock/webhooks?type=order_paid&wait=30000`, { headers: { authorization: DEMO_AUTH } });
      // The wait watches the log (from before its first look): what is written from now on wakes it.
      await expect.poll(() => one.webhooks.watching(), { timeout: 20_000 }).toBe(1);
      const paid = await payCrystals(two.merchantApi, 'woken-through-the-other');
      const answer = await waiting;
      // Not woken, it would answer (the same log) at its end, 30 s after it was asked.
      expect(Date.now() - asked).toBeLessThan(30_000);
      expect(answer.status).toBe(200);
      const log = (await answer.json()) as { deliveries: { notification_type: string; body: string }[] };
      expect(log.deliveries.map((d) => d.notification_type)).toEqual(['order_paid']);
      expect(JSON.parse(log.deliveries[0]!.body).billing.transaction.id).toBe(paid);
      // Only that project's waits are told: this one ended, and left no watcher.
      expect(one.webhooks.watching()).toBe(0);
    } finally {
      await listener.close();
    }
  }, 60_000);

  it('a wait for refused deliveries through one is woken by an event the other refuses (its queue full), told by the database', async () => {
    await onServer(server!, `CREATE DATABASE ${name}`);
    // Questions answered, everything else failed: a failed order_paid fills the queue of one, waiting a minute for its retry.
    const listener = await listenLoopback((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => res.writeHead(Buffer.concat(chunks).includes('"user_validation"') ? 204 : 500).end());
    }, 0);
    try {
      const options: MockServiceOptions = {
        logLookMs: 600_000, queueLimit: 1, retry: { waitsMs: [60_000], timeoutMs: 2_000 },
        webhooks: { 200001: { url: `http://127.0.0.1:${listener.port}/`, secret: 'shared-waits', variant: 'combined' } },
      };
      const [one, two] = [await start(options), await start(options)];
      const log = async (query: string) => ((await (await fetch(`${one.merchantApi}/mock/webhooks?${query}`, { headers: { authorization: DEMO_AUTH } })).json()) as { deliveries: { id: number; notification_type: string; state: string; attempts: number }[] }).deliveries;
      const paid = await payCrystals(two.merchantApi, 'refused-through-the-other');
      await expect.poll(async () => (await log('type=order_paid')).map((d) => [d.state, d.attempts]), { timeout: 20_000 }).toEqual([['waiting', 1]]);
      const before = (await log(''))[0]!.id;
      const asked = Date.now();
      const waiting = fetch(`${one.merchantApi}/mock/webhooks?state=refused&after=${before}&wait=30000`, { headers: { authorization: DEMO_AUTH } });
      await expect.poll(() => one.webhooks.watching(), { timeout: 20_000 }).toBe(1);
      const refund = await fetch(`${two.merchantApi}/mock/transactions/${paid}/refund`, { method: 'POST', headers: { authorization: DEMO_AUTH } });
      expect(refund.status).toBe(200);
      const answer = (await (await waiting).json()) as { deliveries: { notification_type: string; state: string }[] };
      // Not told, it would answer (the same log) at its end, 30 s after it was asked.
      expect(Date.now() - asked).toBeLessThan(30_000);
      expect(answer.deliveries.map((d) => [d.notification_type, d.state])).toEqual([['order_canceled', 'refused']]);
    } finally {
      await listener.close();
    }
  }, 60_000);
});
