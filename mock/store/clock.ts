/**
 * The service clock (DESIGN.md §8): real time unless a test moved it, then real time plus how far
 * it was moved (`service_clock.offset_ms`, kept in the database so a restart goes on from there).
 * One clock per database, shared by everything that uses it (the merchant API, the payments).
 */
import type { Database, Sql } from './database';

export interface Clock {
  /** Milliseconds since the epoch, as the service sees it. */
  now(): number;
  /** Whether a test moved the clock. */
  moved(): boolean;
  /** Reads the offset kept in the database (at start, after an import). */
  load(): Promise<void>;
  /**
   * Writes the clock moved on to `at` in the transaction of `sql` (an `at` not later than now
   * writes nothing), and answers the move for `apply` once that transaction committed: a move
   * whose transaction was undone never reaches the clock.
   */
  set(sql: Sql, at: number): Promise<ClockMove | null>;
  /** Moves the clock as a committed `set` wrote it. */
  apply(move: ClockMove | null): void;
}

/** A move of the clock written in a transaction, not yet applied. */
export interface ClockMove {
  offset: number;
}

const clocks = new WeakMap<Database, Clock>();

export function clockOf(db: Database): Clock {
  let clock = clocks.get(db);
  if (clock) return clock;
  let offset = 0;
  let moved = false;
  clock = {
    now: () => Date.now() + offset,
    moved: () => moved,
    async load() {
      const { rows } = await db.sql.query<{ offset_ms: string }>('SELECT offset_ms FROM service_clock WHERE id = 1');
      offset = rows[0] ? Number(rows[0].offset_ms) : 0;
      moved = rows[0] !== undefined;
    },
    async set(sql, at) {
      // Never backwards, and real time needs no offset kept.
      if (at <= Date.now() + offset) return null;
      const next = at - Date.now();
      await sql.query('INSERT INTO service_clock (id, offset_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET offset_ms = $1', [next]);
      return { offset: next };
    },
    apply(move) {
      if (!move) return;
      offset = move.offset;
      moved = true;
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
