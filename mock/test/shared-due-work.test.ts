// The clock's due work in one process at a time on a Postgres server several processes share
// (DESIGN.md §8c, mock/store/due-lock.ts): a merchant's due run waits while another process's runs, and the
// minute timer's round is skipped while another process's round is under way. "Another process" is
// a connection of the test's own holding the lock as such a run would. Run by `npm run test:server`.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../store/memory';
import { oneTimerRound } from '../store/due-lock';
import type { Database } from '../store/database';
import { createPayments } from '../domain/payments';
import { makeSandbox } from '../domain/merchants';
import { createWebhookSender } from '../webhooks/sender';

const server = process.env.PAYUI_TEST_DATABASE_URL;
let db: Database;
let other: pg.Client;

describe.skipIf(!server)('due work on a shared database', () => {
  beforeAll(async () => {
    db = await memoryDatabase();
    // Advisory locks are a database's: the other connection is to the same one.
    const at = new URL(server!);
    at.pathname = `/${(await db.sql.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name}`;
    other = new pg.Client({ connectionString: at.toString() });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await db?.close();
  });

  it("a due step waits for another process's due run of the same merchant to end, then runs; another merchant's does not wait", async () => {
    const payments = createPayments(createWebhookSender(), db);
    await other.query('SELECT pg_advisory_lock(4242018, 100001)');
    let done = false;
    const step = payments.runDue(100001).then(() => void (done = true));
    // Another merchant's due run goes on meanwhile (issue 49 item 4: due work runs per merchant): a
    // sandbox of the same database, which a run of the first merchant's lock would hold up.
    const made = await makeSandbox(db, null, 10);
    if (!made.ok) throw new Error(`no sandbox: ${made.problem}`);
    expect(await payments.runDue(made.sandbox.merchant_id)).toBe(0);
    // Long enough for a run that does not wait to have ended (it has nothing due).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(done).toBe(false);
    await other.query('SELECT pg_advisory_unlock(4242018, 100001)');
    await step;
    expect(done).toBe(true);
    await payments.close();
  });

  it("the timer's round is skipped while another process's round is under way, and runs once it ended", async () => {
    const rounds: string[] = [];
    await other.query('SELECT pg_advisory_lock(4242019)');
    await oneTimerRound(db, async () => void rounds.push('while held'));
    await other.query('SELECT pg_advisory_unlock(4242019)');
    await oneTimerRound(db, async () => void rounds.push('after'));
    expect(rounds).toEqual(['after']);
  });
});
