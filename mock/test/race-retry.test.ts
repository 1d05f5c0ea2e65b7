/**
 * A transaction a race undid runs again (mock/store/database.ts `retryingRaces`): a deadlock
 * (`40P01`) or a serialization failure (`40001`) a few times with a short jittered pause, then a
 * clear 409-status error (`RaceLost`), never the driver's error answered 500; any other error at
 * once. A transaction whose rows moved under it (`RowsMoved`, mock/domain/lock-order.ts) is run
 * again the same way, by its own signal, not a SQLSTATE. Each rerun is told (a line on stderr by
 * default). On a Postgres server (PAYUI_TEST_DATABASE_URL), a real deadlock between two transactions:
 * both are kept, one of them run twice.
 */
import { describe, expect, it, vi } from 'vitest';
import { RACE_RETRY, RaceLost, RERUN_LINE, retryingRaces, RowsMoved, type Sql } from '../store/database';
import { scratchServerDatabase } from '../store/server-database';

const raced = (code: string) => Object.assign(new Error(`race ${code}`), { code });
const sql = {} as Sql;

describe('a transaction a race undid', () => {
  it('runs again until it goes through: a deadlock, a serialization failure, rows moved under it, then kept; each rerun told', async () => {
    const failures: Error[] = [raced('40P01'), raced('40001'), new RowsMoved('subscription 1 was charged while its change took its locks')];
    let runs = 0;
    const told: [string, number][] = [];
    const transaction = retryingRaces(async (work) => {
      const result = await work(sql);
      const failure = failures.shift();
      if (failure) throw failure;
      return result;
    }, (race, attempt) => told.push([race, attempt]));
    expect(await transaction(async () => (runs += 1))).toBe(4);
    expect(runs).toBe(4);
    expect(told).toEqual([['40P01', 1], ['40001', 2], ['rows moved', 3]]);
  });

  it('whose rows keep moving is given up with RaceLost that says so, not as a SQLSTATE', async () => {
    const transaction = retryingRaces(async () => {
      throw new RowsMoved('moved');
    }, () => undefined);
    const failed = await transaction(async () => undefined).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RaceLost);
    expect((failed as Error).message).toMatch(/5 times \(rows moved\)/);
    expect(new RowsMoved('moved')).not.toHaveProperty('code');
  });

  it(`is given up after ${RACE_RETRY.attempts} attempts with RaceLost: a 409 that says to send it again; each rerun a line on stderr`, async () => {
    let runs = 0;
    const transaction = retryingRaces(async (work) => {
      await work(sql);
      throw raced('40P01');
    });
    const lines = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await transaction(async () => (runs += 1)).catch((error: unknown) => error);
    expect(lines.mock.calls.map(([line]) => line)).toEqual([2, 3, 4, 5].map((n) => `${RERUN_LINE} (40P01); run again, attempt ${n} of 5`));
    lines.mockRestore();
    expect(runs).toBe(RACE_RETRY.attempts);
    expect(failed).toBeInstanceOf(RaceLost);
    expect(failed).toMatchObject({ statusCode: 409, message: expect.stringMatching(/same records at the same moment 5 times \(40P01\); nothing was done: send it again/) });
  });

  it('that failed for any other reason is not run again', async () => {
    let runs = 0;
    const transaction = retryingRaces(async (work) => {
      await work(sql);
      throw Object.assign(new Error('unique violation'), { code: '23505' });
    });
    await expect(transaction(async () => (runs += 1))).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});

const server = process.env.PAYUI_TEST_DATABASE_URL;

describe.skipIf(!server)('a real deadlock on a Postgres server', () => {
  it('two transactions that lock two rows in opposite orders are both kept: the one undone runs again', async () => {
    const db = await scratchServerDatabase(server!);
    try {
      await db.sql.exec('CREATE TABLE race_rows (id int PRIMARY KEY, n int NOT NULL); INSERT INTO race_rows VALUES (1, 0), (2, 0)');
      /** Resolves once both transactions hold their first row. */
      let held = 0;
      let bothHold!: () => void;
      const both = new Promise<void>((resolve) => (bothHold = resolve));
      let runs = 0;
      const bump = (first: number, second: number) => db.transaction(async (tx) => {
        runs += 1;
        await tx.query('UPDATE race_rows SET n = n + 1 WHERE id = $1', [first]);
        if (++held === 2) bothHold();
        await both;
        await tx.query('UPDATE race_rows SET n = n + 1 WHERE id = $1', [second]);
      });
      await Promise.all([bump(1, 2), bump(2, 1)]);
      expect((await db.sql.query<{ n: number }>('SELECT n FROM race_rows ORDER BY id')).rows.map((row) => row.n)).toEqual([2, 2]);
      expect(runs).toBe(3);
    } finally {
      await db.close();
    }
  }, 60_000);
});
