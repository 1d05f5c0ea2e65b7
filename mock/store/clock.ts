/**
 * The service clocks (DESIGN.md §8b): each merchant has its own, real time unless a test moved it,
 * then real time plus how far it was moved (`merchant_clocks.offset_ms`, kept in the database so a
 * restart goes on from there). A sandbox's clock moves its renewals, expiries and token lifetimes,
 * and no other merchant's.
 */
import type { Database, Sql } from './database';

export interface Clock {
  /** Milliseconds since the epoch, as the merchant's clock says. */
  now(merchantId: number): number;
  /** Whether a test moved the merchant's clock. */
  moved(merchantId: number): boolean;
  /** Reads the offsets kept in the database (at start, after an import or a reset). */
  load(): Promise<void>;
  /**
   * Writes the merchant's clock moved on to `at` in the transaction of `sql` (an `at` not later
   * than its now writes nothing), and answers the move for `apply` once that transaction
   * committed: a move whose transaction was undone never reaches the clock.
   */
  set(sql: Sql, merchantId: number, at: number): Promise<ClockMove | null>;
  /** Moves a clock as a committed `set` wrote it. */
  apply(move: ClockMove | null): void;
  /**
   * Calls `listener` after a clock moved (a committed move applied, or the offsets read again: another
   * process's move on a shared database, an import); answers how to stop. What waits for a time on a
   * merchant's clock (a webhook's next attempt) looks again then.
   */
  watch(listener: () => void): () => void;
}

/** A move of a merchant's clock written in a transaction, not yet applied. */
export interface ClockMove {
  merchantId: number;
  offset: number;
}

const clocks = new WeakMap<Database, Clock>();
/** How old this process's copy of the clocks may get on a shared database before it reads them again. */
const SHARED_RELOAD_MS = 1000;

export function clockOf(db: Database): Clock {
  let clock = clocks.get(db);
  if (clock) return clock;
  const offsets = new Map<number, number>();
  const offset = (merchantId: number) => offsets.get(merchantId) ?? 0;
  // On a database other processes share (a Postgres server), their moves are read again at most
  // a second after: a clock read older than that starts a reload for the reads after it.
  let loadedAt = 0;
  /** Moves applied so far, and the count at each merchant's last one. */
  let moves = 0;
  const movedAt = new Map<number, number>();
  let loading: Promise<void> | null = null;
  const watchers = new Set<() => void>();
  const tell = () => {
    for (const listener of [...watchers]) listener();
  };
  const fresh = () => {
    if (db.shared && !loading && Date.now() - loadedAt > SHARED_RELOAD_MS) loading = clock!.load().catch(() => undefined).finally(() => (loading = null));
  };
  clock = {
    now: (merchantId) => {
      fresh();
      return Date.now() + offset(merchantId);
    },
    moved: (merchantId) => offsets.has(merchantId),
    async load() {
      const started = moves;
      const { rows } = await db.sql.query<{ merchant_id: string; offset_ms: string }>('SELECT merchant_id, offset_ms FROM merchant_clocks');
      loadedAt = Date.now();
      // A move this process applied while the rows were read is newer than they are: it stays.
      const kept = [...movedAt].filter(([, at]) => at > started).map(([merchant]) => [merchant, offsets.get(merchant)!] as const);
      offsets.clear();
      for (const row of rows) offsets.set(Number(row.merchant_id), Number(row.offset_ms));
      for (const [merchant, value] of kept) offsets.set(merchant, value);
      tell();
    },
    async set(sql, merchantId, at) {
      // Never backwards, and real time needs no offset kept.
      if (at <= Date.now() + offset(merchantId)) return null;
      const next = at - Date.now();
      await sql.query(
        'INSERT INTO merchant_clocks (merchant_id, offset_ms) VALUES ($1, $2) ON CONFLICT (merchant_id) DO UPDATE SET offset_ms = GREATEST(merchant_clocks.offset_ms, $2)',
        [merchantId, next],
      );
      return { merchantId, offset: next };
    },
    apply(move) {
      if (!move) return;
      offsets.set(move.merchantId, Math.max(move.offset, offset(move.merchantId)));
      movedAt.set(move.merchantId, ++moves);
      tell();
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
