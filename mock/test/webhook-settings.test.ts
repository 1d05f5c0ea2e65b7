// Webhook settings have one home, table `webhook_settings` (issue 36 item 3): the sender reads them
// there at each attempt (nothing tells it of a change), and a project's `payment_url`, `key` and
// `ipn_enabled` are that row, not a second copy in the project's fields (an older export's copies move there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMerchantApi } from '../../test/fixtures/merchant-call';
import { payCrystals } from './service-processes';
import { recordingListener, startWorld, type ServiceWorld } from './service-world';
import { readWebhookSettings, writeWebhookSettings } from '../store/webhook-settings';
import { exportState, importState } from '../store/snapshot';
import { demoFixtures } from '../api/server';
import { quickRetry } from './quick-retry';
import { transactionOf } from './recording-listener';

let world: ServiceWorld;
let listener: Awaited<ReturnType<typeof recordingListener>>;
beforeAll(async () => {
  world = await startWorld({ retry: quickRetry(20) });
  listener = await recordingListener();
});
afterAll(async () => {
  await world.close();
  await listener.server.close();
});

const merchant = (method: string, path: string, body?: unknown) => callMerchantApi(world.origin, method, path, body);

describe('webhook settings', () => {
  it('written where they are kept (as another process writes them), hold for the next webhook: nothing tells the sender', async () => {
    await world.db.transaction((sql) => writeWebhookSettings(sql, 200001, { url: listener.url, secret: 'kept-secret', variant: 'combined' }));
    const paid = await payCrystals(world.origin, 'settings-reader');
    await expect.poll(() => listener.received.some((r) => r.type === 'order_paid' && transactionOf(r.body) === paid)).toBe(true);
    await world.db.transaction((sql) => writeWebhookSettings(sql, 200001, null));
    const unhooked = await payCrystals(world.origin, 'settings-reader');
    await world.sender.idle();
    expect(listener.received.some((r) => transactionOf(r.body) === unhooked)).toBe(false);
  });

  it("are the project's payment_url, key and ipn_enabled, kept once: not in its other fields, the key never shown", async () => {
    expect((await merchant('PUT', '/merchant/v2/projects/200002', { payment_url: listener.url, key: 'harbor-key', ipn_enabled: true, descriptor: 'HARBOR' })).status).toBe(204);
    const { rows } = await world.db.sql.query<{ data: Record<string, unknown> }>('SELECT data FROM projects WHERE id = 200002');
    expect(rows[0]!.data).toMatchObject({ descriptor: 'HARBOR' });
    expect(rows[0]!.data).not.toHaveProperty('payment_url');
    expect(rows[0]!.data).not.toHaveProperty('key');
    expect(rows[0]!.data).not.toHaveProperty('ipn_enabled');
    const read = (await merchant('GET', '/merchant/v2/projects/200002')).body;
    expect(read).toMatchObject({ payment_url: listener.url, ipn_enabled: true, descriptor: 'HARBOR' });
    expect(read).not.toHaveProperty('key');
    // Off keeps the address and the key: on again needs neither.
    expect((await merchant('PUT', '/merchant/v2/projects/200002', { ipn_enabled: false })).status).toBe(204);
    expect((await merchant('GET', '/mock/projects/200002/webhooks')).body).toEqual({ project_id: 200002, enabled: false });
    expect((await merchant('GET', '/merchant/v2/projects/200002')).body).toMatchObject({ payment_url: listener.url, ipn_enabled: false });
    expect((await merchant('PUT', '/merchant/v2/projects/200002', { ipn_enabled: true })).status).toBe(204);
    expect((await merchant('GET', '/mock/projects/200002/webhooks')).body).toEqual({ project_id: 200002, enabled: true, url: listener.url, variant: 'combined' });
    await merchant('DELETE', '/mock/projects/200002/webhooks');
  });

  it("of an older export, kept in the project's fields then, are imported into their table", async () => {
    const before = await exportState(world.db);
    try {
      const older = structuredClone(demoFixtures) as { version: number; tables: { projects: { id: number; data: Record<string, unknown> }[] } };
      older.version = 9;
      Object.assign(older.tables.projects.find((p) => p.id === 200001)!.data, { payment_url: listener.url, key: 'old-key', ipn_enabled: true });
      await importState(world.db, older);
      // (Read from the store: the import's upgrade outlasts the API's keep-alive connections.)
      expect(await readWebhookSettings(world.db.sql, 200001)).toEqual({ url: listener.url, secret: 'old-key', variant: 'combined' });
      const { rows } = await world.db.sql.query<{ data: Record<string, unknown> }>('SELECT data FROM projects WHERE id = 200001');
      expect(rows[0]!.data).not.toHaveProperty('key');
    } finally {
      await importState(world.db, before);
    }
  });
});
