/**
 * Two requests raced for real on a Postgres server database (issue 49 item 8), so that a test that
 * passes proves they met: the test's own transaction (`holder`) takes the lock both need first,
 * `first` is sent and waits for it inside its transaction, then `second`, until both wait at once;
 * then the lock is let go. Who waits is seen through another connection (`watcher`), outside any
 * transaction: a transaction sees pg_stat_activity as it was when it first read it.
 */
import pg from 'pg';
import { expect } from 'vitest';

export interface RaceHolder {
  /** The holder's connection (for the test's own reads between rounds). */
  holder: pg.Client;
  /** One round: `lock` (a statement that takes one lock, answering one row) held while `first`, then `second`, come to wait for it. */
  round<T>(lock: string, params: unknown[], first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]>;
  end(): Promise<void>;
}

/** A holder on the database at `url`; `waits` is the SQL condition on pg_stat_activity of a request waiting for the lock. */
export async function raceHolder(url: string, waits: string): Promise<RaceHolder> {
  const holder = new pg.Client({ connectionString: url });
  const watcher = new pg.Client({ connectionString: url });
  await Promise.all([holder.connect(), watcher.connect()]);
  const waiting = async () =>
    (await watcher.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND ${waits}`)).rows[0]!.n;
  return {
    holder,
    async round<T>(lock: string, params: unknown[], first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> {
      const answers: Promise<T>[] = [];
      await holder.query('BEGIN');
      try {
        expect((await holder.query(lock, params)).rowCount).toBe(1);
        answers.push(first());
        await expect.poll(waiting, { timeout: 30_000 }).toBe(1);
        answers.push(second());
        await expect.poll(waiting, { timeout: 30_000 }).toBe(2);
      } finally {
        await holder.query('COMMIT');
      }
      const [a, b] = await Promise.all(answers);
      return [a as T, b as T];
    },
    end: async () => {
      await Promise.all([holder.end(), watcher.end()]);
    },
  };
}
