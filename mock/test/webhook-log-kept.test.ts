// The webhook log is the database's (issue 36 item 3): a service restarted on its data directory
// still lists what it sent, and on a Postgres server two services on one database read one log —
// each lists, waits for and resends the other's deliveries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayuiMock } from '../app/start';
import { dropDatabase, onServer } from '../store/server-database';
import type { PayuiMock } from 'payui-mock';
import { payCrystals } from './service-processes';
import { recordingListener } from './recording-listener';
import { memoryDatabase } from '../api/server';
import { LOG_SIZE, logDelivery, readLog } from '../store/webhook-log';

let listener: Awaited<ReturnType<typeof recordingListener>>;
beforeAll(async () => {
  listener = await recordingListener();
});
afterAll(() => listener.server.close());

const webhook = () => ({ url: listener.url, secret: 'kept-log-secret' });
/** The demo merchant's log through `mock`, once it holds an accepted order_paid of `transaction` (or `wait` ms passed). */
async function paidOf(mock: PayuiMock, transaction: number, wait = 10_000) {
  const log = await mock.client.listWebhookLog({ query: { type: 'order_paid', state: 'accepted', wait } });
  return log.deliveries.find((d) => JSON.parse(d.body).order?.id === transaction);
}

describe('the webhook log', () => {
  it(`keeps a project's newest ${LOG_SIZE} deliveries, the oldest dropped first`, async () => {
    const db = await memoryDatabase();
    try {
      const delivery = (n: number) => ({ project_id: 200001, notification_type: 'order_paid', state: 'accepted' as const, reason: null, attempts: 1, next_attempt: null, body: `{"n":${n}}` });
      for (let n = 1; n <= LOG_SIZE + 3; n++) await logDelivery(db.sql, delivery(n));
      await logDelivery(db.sql, { ...delivery(0), project_id: 200002 });
      const { deliveries } = await readLog(db.sql, [200001]);
      expect(deliveries).toHaveLength(LOG_SIZE);
      expect(deliveries.at(-1)!.body).toBe('{"n":4}');
      expect(deliveries[0]!.body).toBe(`{"n":${LOG_SIZE + 3}}`);
      expect((await readLog(db.sql, [200002])).deliveries).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('is kept across a restart on a data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-kept-log-'));
    try {
      const first = await startPayuiMock({ dataDir: dir, webhook: webhook() });
      let sent;
      try {
        const transaction = await payCrystals(first.merchantApiUrl, 'kept-log-player');
        await expect.poll(() => paidOf(first, transaction), { timeout: 15_000 }).toBeDefined();
        sent = await paidOf(first, transaction);
      } finally {
        await first.stop();
      }
      const again = await startPayuiMock({ dataDir: dir });
      try {
        const log = await again.client.listWebhookLog();
        expect(log.deliveries.find((d) => d.id === sent!.id)).toEqual(sent);
        expect(log.attempts.some((a) => a.delivery === sent!.id && a.accepted)).toBe(true);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const server = process.env.PAYUI_TEST_DATABASE_URL;
const name = `payui_kept_log_${process.pid}`;

describe.skipIf(!server)('the webhook log on a Postgres server', () => {
  let url = '';
  beforeAll(async () => {
    await dropDatabase(server!, name);
    await onServer(server!, `CREATE DATABASE ${name}`);
    const at = new URL(server!);
    at.pathname = `/${name}`;
    url = at.toString();
  });
  afterAll(() => dropDatabase(server!, name));

  it("is one for two services on one database: each lists, waits for and resends the other's deliveries", async () => {
    const services: PayuiMock[] = [];
    try {
      services.push(...await Promise.all([startPayuiMock({ databaseUrl: url, webhook: webhook() }), startPayuiMock({ databaseUrl: url })]));
      const [one, two] = services as [PayuiMock, PayuiMock];
      const transaction = await payCrystals(one.merchantApiUrl, 'shared-log-player');
      // Waited for through the other process: its wait sees what the first logged.
      await expect.poll(() => paidOf(two, transaction), { timeout: 15_000 }).toBeDefined();
      const seen = (await paidOf(two, transaction))!;
      const before = listener.received.length;
      await two.client.resendWebhook({ path: { delivery_id: seen.id } });
      await expect.poll(() => listener.bodies.slice(before).includes(seen.body), { timeout: 15_000 }).toBe(true);
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
  }, 60_000);
});
