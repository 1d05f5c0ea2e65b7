/**
 * The service clocks (DESIGN.md §8b): each merchant has its own, real time unless a test moved it,
 * then real time plus how far it was moved (`merchant_clocks.offset_ms`, kept in the database so a
 * restart goes on from there). A sandbox's clock moves its renewals, expiries and token lifetimes,
 * and no other merchant's.
 */
import type { Database, Sql } from './database';

/** A merchant's clock as read in one transaction. */
export interface ClockReading {
  /** Milliseconds since the epoch, as the merchant's clock says. */
  now: number;
  /** Whether a test moved the merchant's clock. */
  moved: boolean;
}

export interface Clock {
  /**
   * The merchant's clock, read from its row in the transaction of `sql` (by default a statement of
   * its own): never a copy, so a move committed through any process is the clock of the next read.
   */
  read(merchantId: number, sql?: Sql): Promise<ClockReading>;
  /** Milliseconds since the epoch, as the merchant's clock says (`read`'s `now`). */
  now(merchantId: number, sql?: Sql): Promise<number>;
  /**
   * Moves the merchant's clock in the transaction of `sql` to `target` of its now: the row is
   * locked, the move written as `offset = offset + delta`, so two moves at once add up (two
   * `advance: P10D` move 20 days), and a move never computes from a clock another process moved
   * meanwhile. A target not later than now writes nothing. Answers the clock as the move left it,
   * and whether this move changed it.
   */
  move(sql: Sql, merchantId: number, target: (now: number) => number): Promise<ClockReading & { changed: boolean }>;
  /**
   * Tells the watchers a clock moved (a committed move, an import, a reset): what waits for a time
   * on a merchant's clock (a webhook's next attempt) looks again then. Another process's move is
   * seen by those that look again by themselves (the sender, every second on a shared database).
   */
  moved(): void;
  /** Calls `listener` after a clock moved (`moved`); answers how to stop. */
  watch(listener: () => void): () => void;
}

const clocks = new WeakMap<Database, Clock>();

/**
 * The advisory lock a move of a merchant's clock takes on a shared database (beside the migrations'
 * 4242017, the due work's 4242018–19 and the sandboxes' 4242020): a clock never moved has no row to
 * lock, and two first moves `to` one time would each add the whole way there.
 */
export const CLOCK_MOVE = 4242021;

/** The clock a merchant's offset makes now (`offset` undefined or null: real time, never moved). */
export const clockAt = (offset: number | null | undefined): ClockReading => ({ now: Date.now() + (offset ?? 0), moved: offset != null });

export function clockOf(db: Database): Clock {
  let clock = clocks.get(db);
  if (clock) return clock;
  const watchers = new Set<() => void>();
  const offsetIn = async (sql: Sql, merchantId: number, lock: boolean): Promise<number | undefined> => {
    const { rows } = await sql.query<{ offset_ms: string }>(`SELECT offset_ms FROM merchant_clocks WHERE merchant_id = $1${lock ? ' FOR UPDATE' : ''}`, [merchantId]);
    return rows[0] ? Number(rows[0].offset_ms) : undefined;
  };
  clock = {
    async read(merchantId, sql = db.sql) {
      return clockAt(await offsetIn(sql, merchantId, false));
    },
    now: async (merchantId, sql) => (await clock!.read(merchantId, sql)).now,
    async move(sql, merchantId, target) {
      if (db.shared) await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [CLOCK_MOVE, merchantId]);
      const offset = await offsetIn(sql, merchantId, true);
      const from = Date.now() + (offset ?? 0);
      const delta = target(from) - from;
      // Never backwards, and real time needs no offset kept.
      if (!(delta > 0)) return { ...clockAt(offset), changed: false };
      // The row is locked, or (a first move) inserted under the lock above.
      const { rows } = await sql.query<{ offset_ms: string }>(
        `INSERT INTO merchant_clocks (merchant_id, offset_ms) VALUES ($1, $2)
           ON CONFLICT (merchant_id) DO UPDATE SET offset_ms = merchant_clocks.offset_ms + $2 RETURNING offset_ms`,
        [merchantId, delta],
      );
      return { ...clockAt(Number(rows[0]!.offset_ms)), changed: true };
    },
    moved() {
      for (const listener of [...watchers]) listener();
    },
    watch(listener) {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
  };
  clocks.set(db, clock);
  return clock;
}

/**
 * `at` moved by an ISO 8601 duration (`P1M`, `P1Y2M10DT2H30M`, `P2W`, `PT36H`); null when it is not
 * one. Years and months are calendar units (a month from Jan 31 is Feb 28/29), the rest exact.
 */
export function addDuration(at: number, duration: string): number | null {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return null;
  const [, y, mo, w, d, h, mi, s] = match.map((part) => (part === undefined ? 0 : Number(part)));
  const date = new Date(at);
  const months = y! * 12 + mo!;
  if (months) {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    date.setUTCDate(Math.min(day, new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()));
  }
  return date.getTime() + ((w! * 7 + d!) * 86_400 + h! * 3600 + mi! * 60 + s!) * 1000;
}
