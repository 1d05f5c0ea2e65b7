/**
 * The clock's due work (renewals, expiries: `payments.runDue`) in one process at a time, when
 * several share a Postgres server (DESIGN.md §8c). Two advisory locks, transaction-scoped (a
 * process that dies frees them with its connection): each due step's transaction waits for the
 * other processes' of the same merchant, keyed by the merchant (`lockDueWork`; other merchants'
 * run meanwhile), and the minute timer's round runs in one process only, the
 * others skipping theirs while one is under way (`oneTimerRound`). On the embedded database the one
 * process runs its due work in one queue already (and a transaction held open around other
 * transactions would wait on itself there): nothing to lock.
 */
import type { Database, Sql } from './database';

const DUE_WORK = 4242018;
const DUE_TIMER = 4242019;

/** In a due step's transaction `sql`: waits until no other process runs the merchant's due work; held until it ends. Other merchants' run meanwhile. */
export async function lockDueWork(db: Database, sql: Sql, merchantId: number): Promise<void> {
  if (db.shared) await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [DUE_WORK, merchantId]);
}

/** Runs the timer's round `work`, unless another process's round is under way (then nothing: that one does it). */
export async function oneTimerRound(db: Database, work: () => Promise<void>): Promise<void> {
  if (!db.shared) return work();
  await db.transaction(async (sql) => {
    const { rows } = await sql.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [DUE_TIMER]);
    if (rows[0]?.locked) await work();
  });
}
