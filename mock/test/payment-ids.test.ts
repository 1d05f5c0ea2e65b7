// A new payment's id is one no payment and no subscription uses yet (mock/store/payments.ts): on a
// service that has kept many payments that check must not read every one of them (issue 48: a
// payment costs what its database work costs, not more with every payment made before it). The
// subscription ids payments name are indexed (migration 15); the check's own statement, as
// newPaymentId sends it, is planned on a table of 5,000 payments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../store/database';
import { memoryDatabase } from '../store/memory';
import { newPaymentId } from '../store/payments';

let db: Database;

beforeAll(async () => {
  db = await memoryDatabase();
  await db.sql.query(
    `INSERT INTO payments (id, merchant_id, project_id, status, data, created_at)
     SELECT 100000000 + g, 100001, 200001, 'done', jsonb_build_object('subscription', jsonb_build_object('id', (500000000 + g)::text)), now()
     FROM generate_series(1, 5000) AS g`,
  );
  await db.sql.exec('ANALYZE payments');
});
afterAll(async () => {
  await db?.close();
});

describe('a new payment id', () => {
  it('is checked through the indexes, not by reading every payment', async () => {
    const asked: { text: string; params?: unknown[] }[] = [];
    const watched: Sql = { ...db.sql, query: (text, params) => (asked.push({ text, params }), db.sql.query(text, params)) };
    const id = await newPaymentId(watched);
    expect(id).toBeGreaterThanOrEqual(100_000_000);
    expect(asked.length).toBeGreaterThan(0);
    const { text, params } = asked.at(-1)!;
    const { rows } = await db.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('payments_subscription_id');
    expect(plan).not.toMatch(/Seq Scan on payments/);
  });
});
