// A reset or a delete of a merchant (issue 49 item 3): work begun before it — a webhook waiting in
// the sender's queue, a payment waiting on its user_validation — is dropped or refused, never applied
// to the state after it; a deleted sandbox leaves no queue, no timer and no row behind.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { callAs, recordingListener, startWorld, type Sandbox, type ServiceWorld } from './service-world';

let world: ServiceWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

const call = (s: Sandbox | null, method: string, path: string, body?: unknown) => callAs(world, s, method, path, body);

async function sandbox(): Promise<Sandbox> {
  const made = await call(null, 'POST', '/mock/sandboxes');
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

/** A token of the sandbox's first project for one item, bought by `user`. */
async function token(s: Sandbox, user: string): Promise<string> {
  const made = await call(s, 'POST', `/merchant/v2/merchants/${s.merchant_id}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: s.project_ids[0], mode: 'sandbox', currency: 'USD' },
    purchase: { virtual_items: { items: [{ sku: 'starter-pack', amount: 1 }] } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.token;
}

/** A listener that accepts the user_validation question and fails every other webhook (503: tried again on the published schedule). */
async function failingListener(): Promise<Listening & { url: string }> {
  const server = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    res.writeHead(JSON.parse(Buffer.concat(chunks).toString('utf8')).notification_type === 'user_validation' ? 204 : 503).end();
  }, 0);
  return Object.assign(server, { url: `http://127.0.0.1:${server.port}/` });
}

const listen = (s: Sandbox, url: string) => call(s, 'PUT', `/mock/projects/${s.project_ids[0]}/webhooks`, { url, secret: 'generation-secret', variant: 'combined' });

/** A listener that holds its answer to each webhook of type `hold` until `release()` (204 to the rest), and says what it got. */
async function holdingListener(hold: string): Promise<{ url: string; types: string[]; got: Promise<void>; release(): void; server: Listening }> {
  const types: string[] = [];
  let released = false;
  const waiting: (() => void)[] = [];
  let arrived!: () => void;
  const got = new Promise<void>((resolve) => (arrived = resolve));
  const server = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const type = JSON.parse(Buffer.concat(chunks).toString('utf8')).notification_type;
    types.push(type);
    if (type === hold) arrived();
    if (type === hold && !released) await new Promise<void>((resolve) => waiting.push(resolve));
    res.writeHead(204).end();
  }, 0);
  return {
    url: `http://127.0.0.1:${server.port}/`, types, got, server,
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
  };
}

describe('POST /mock/reset', () => {
  it('drops the webhooks its merchant\'s queue still held: the listener set after the reset gets none of them', async () => {
    const s = await sandbox();
    // The listener of before fails the order_paid: it waits in the queue for its next attempt, 5 minutes on the merchant's clock.
    const before = await failingListener();
    try {
      expect((await listen(s, before.url)).status).toBe(200);
      const paid = await call(null, 'POST', '/mock/payments', { access_token: await token(s, 'gen-a') });
      expect(paid.body).toMatchObject({ status: 'done' });
      await expect.poll(async () => (await call(s, 'GET', '/mock/webhooks')).body.deliveries[0]?.next_attempt ?? null).not.toBeNull();

      expect((await call(s, 'POST', '/mock/reset')).status).toBe(204);
      const after = await recordingListener();
      try {
        expect((await listen(s, after.url)).status).toBe(200);
        // The time of the retry comes on the clock after the reset.
        expect((await call(s, 'POST', '/mock/clock', { advance: 'PT10M' })).status).toBe(200);
        await world.sender.idle();
        // The reset deleted the transaction: its order_paid reaches neither the listener of after nor the log.
        expect(after.received.map((w) => `${w.type} ${w.body.transaction?.id}`)).toEqual([]);
        expect((await call(s, 'GET', '/mock/webhooks')).body.deliveries).toEqual([]);
      } finally {
        await after.server.close();
      }
    } finally {
      await before.close();
    }
  });

  it('refuses a payment that waited on its user_validation across the reset: 409, and nothing paid in the state after', async () => {
    const s = await sandbox();
    const asked = await holdingListener('user_validation');
    try {
      expect((await listen(s, asked.url)).status).toBe(200);
      const paying = call(null, 'POST', '/mock/payments', { access_token: await token(s, 'gen-c') });
      await asked.got;
      expect(asked.types).toEqual(['user_validation']);
      expect((await call(s, 'POST', '/mock/reset')).status).toBe(204);
      asked.release();
      const paid = await paying;
      expect(paid.status, JSON.stringify(paid.body)).toBe(409);
      expect(paid.body.message).toMatch(/reset while this payment was under way/);
      const report = await call(s, 'GET', `/merchant/v2/merchants/${s.merchant_id}/reports/transactions/search.json?datetime_from=2000-01-01T00:00:00Z&datetime_to=2100-01-01T00:00:00Z&show_dry_run=true`);
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      expect(report.body).toEqual([]);
    } finally {
      asked.release();
      await asked.server.close();
    }
  });
});

describe('DELETE /mock/sandboxes/{merchant_id}', () => {
  it('answers a payment that waited on its user_validation across the delete with a 4xx (the project is gone), not a 500', async () => {
    const s = await sandbox();
    const asked = await holdingListener('user_validation');
    try {
      expect((await listen(s, asked.url)).status).toBe(200);
      const paying = call(null, 'POST', '/mock/payments', { access_token: await token(s, 'gen-d') });
      await asked.got;
      expect((await call(s, 'DELETE', `/mock/sandboxes/${s.merchant_id}`)).status).toBe(204);
      asked.release();
      const paid = await paying;
      expect(paid.status, JSON.stringify(paid.body)).toBe(422);
      expect(paid.body.message).toBe('0002-0002');
    } finally {
      asked.release();
      await asked.server.close();
    }
  });

  it('leaves no queue and no timer: a webhook waiting for its retry is dropped, and the sender goes idle', async () => {
    const s = await sandbox();
    // The order_paid fails and waits 5 minutes for its next attempt.
    const failing = await failingListener();
    try {
      expect((await listen(s, failing.url)).status).toBe(200);
      expect((await call(null, 'POST', '/mock/payments', { access_token: await token(s, 'gen-e') })).body).toMatchObject({ status: 'done' });
      await expect.poll(async () => (await call(s, 'GET', '/mock/webhooks')).body.deliveries[0]?.next_attempt ?? null).not.toBeNull();
      expect((await call(s, 'DELETE', `/mock/sandboxes/${s.merchant_id}`)).status).toBe(204);
    } finally {
      await failing.close();
    }
    // Before the fix this never resolved: the queue waited for its retry, then polled the settings of a project that is gone, every second.
    await world.sender.idle();
    const { rows } = await world.db.sql.query('SELECT count(*)::int AS n FROM webhook_log WHERE project_id = ANY($1::bigint[])', [s.project_ids]);
    expect(rows[0]).toEqual({ n: 0 });
  });
});
