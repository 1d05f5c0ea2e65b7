// Sandboxes are made by tests, not by any web page, and not without end (issue 46 item 5): a page
// of another site cannot make one (or pay headless) through the visitor's browser, as it cannot
// change anything with Basic credentials; the number of sandboxes and the size of a seed are capped
// (429 and 413 with words that say which limit and how to raise it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantApi, memoryDatabase } from '../api/server';
import { listenLoopback, type Listening } from '../http/listen';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };
import type { Database } from '../store/database';
import { sandboxLimitsFromEnv } from '../app/config';

let db: Database;
let api: Listening;
let origin: string;
beforeAll(async () => {
  db = await memoryDatabase();
  api = await listenLoopback(await createMerchantApi({ db, sandboxLimits: { count: 3, seedBytes: 40_000 } }), 0);
  origin = `http://127.0.0.1:${api.port}`;
});
afterAll(async () => {
  await api.close();
  await db.close();
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};

describe('POST /mock/sandboxes', () => {
  it.each<[string, Record<string, string>]>([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' }],
    ['an Origin of another site (a browser without Fetch Metadata)', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('from a page of another site (%s) is 403, and nothing is made', async (_what, headers) => {
    const { rows: before } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
    const made = await post('/mock/sandboxes', { seed: 'empty' }, headers);
    expect(made).toMatchObject({ status: 403, body: { http_status_code: 403 } });
    const payment = await post('/mock/payments', { access_token: 'x' }, headers);
    expect(payment.status).toBe(403);
    const { rows: after } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('takes a seed no bigger than the limit: a bigger one is 413 naming the limit', async () => {
    const big = structuredClone(demoFixtures) as { tables: { users?: unknown[] } };
    big.tables.users = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, project_id: 200001, user_id: `player-${i}-${'x'.repeat(80)}`, data: {} }));
    const refused = await post('/mock/sandboxes', { seed: big });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/seed.*40000 bytes.*PAYUI_MOCK_MAX_SEED_BYTES/);
  });

  it('makes no more sandboxes than the limit: the next is 429 until one is deleted', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await post('/mock/sandboxes', { seed: 'empty' });
      expect(answer.status).toBe(201);
      made.push(answer.body as { merchant_id: number; api_key: string });
    }
    const over = await post('/mock/sandboxes', { seed: 'empty' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/3 sandboxes.*PAYUI_MOCK_MAX_SANDBOXES/);
    const { merchant_id, api_key } = made[0]!;
    const removed = await fetch(`${origin}/mock/sandboxes/${merchant_id}`, { method: 'DELETE', headers: { authorization: `Basic ${Buffer.from(`${merchant_id}:${api_key}`).toString('base64')}` } });
    expect(removed.status).toBe(204);
    expect((await post('/mock/sandboxes', { seed: 'empty' })).status).toBe(201);
  });

  it('is made from the same site (the console) and from a backend (no Origin)', async () => {
    const { rows } = await db.sql.query<{ id: number; api_key: string }>('SELECT id, api_key FROM merchants WHERE sandbox');
    for (const row of rows) {
      await fetch(`${origin}/mock/sandboxes/${row.id}`, { method: 'DELETE', headers: { authorization: `Basic ${Buffer.from(`${row.id}:${row.api_key}`).toString('base64')}` } });
    }
    expect((await post('/mock/sandboxes', { seed: 'empty' }, { 'sec-fetch-site': 'same-origin', origin })).status).toBe(201);
    expect((await post('/mock/sandboxes', { seed: 'empty' })).status).toBe(201);
  });
});

describe('the limits', () => {
  it('are 500 sandboxes and 256 KiB seeds by default, set by PAYUI_MOCK_MAX_SANDBOXES and PAYUI_MOCK_MAX_SEED_BYTES', () => {
    expect(sandboxLimitsFromEnv({})).toEqual({ count: 500, seedBytes: 262144 });
    expect(sandboxLimitsFromEnv({ PAYUI_MOCK_MAX_SANDBOXES: '20', PAYUI_MOCK_MAX_SEED_BYTES: '1000' })).toEqual({ count: 20, seedBytes: 1000 });
    expect(() => sandboxLimitsFromEnv({ PAYUI_MOCK_MAX_SANDBOXES: '0' })).toThrow(/PAYUI_MOCK_MAX_SANDBOXES must be a whole number from 1, got "0"/);
    expect(() => sandboxLimitsFromEnv({ PAYUI_MOCK_MAX_SEED_BYTES: 'lots' })).toThrow(/PAYUI_MOCK_MAX_SEED_BYTES/);
  });
});
