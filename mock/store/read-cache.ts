/**
 * Reads answered without the database, on the embedded database only (issue 48, DESIGN.md §8b):
 * there one process owns the data (its data directory's lock), so every write that could change a
 * remembered answer goes through this process. What a request's preamble and a catalog read look
 * up (an API key's merchant, a project's owner, whether a merchant has a fault rule, its clock's
 * offset, a page of a project's records) is remembered until the next write, and then ALL of it is
 * forgotten: one generation, moved by every transaction and every statement outside one that is not
 * a plain read; no time to live, no per-key invalidation to get wrong. A Postgres server is never
 * remembered (§8c: other processes write), nor a transaction's reads (they must see its own writes).
 */
import type { Sql } from './sql';

/** The key under which an Sql carries its reads' memory: only the embedded database's own `sql` has one. */
const READS = Symbol('payui.reads');

/** Past this many remembered answers, all are forgotten (a long read-only run of ever new pages stays small). */
export const READ_CACHE_LIMIT = 2000;

export interface ReadCache {
  /** Forgets everything: a write happened (or is about to). */
  drop(): void;
  /** What `load` answers, remembered under `key` until the next `drop`. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A read's answer is shared by every request that asks it: frozen, so that none can change another's. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) frozen(inner);
    if (value instanceof Map) for (const inner of value.values()) frozen(inner);
  }
  return value;
}

export function createReadCache(): ReadCache {
  let generation = 0;
  let kept = new Map<string, Promise<unknown>>();
  return {
    drop() {
      generation += 1;
      if (kept.size) kept = new Map();
    },
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const known = kept.get(key);
      if (known) return known as Promise<T>;
      const at = generation;
      const answer = load().then(frozen);
      if (kept.size >= READ_CACHE_LIMIT) kept = new Map();
      kept.set(key, answer);
      // A write while it was read: the answer may predate it, so it is not kept (the caller still
      // gets it, as it would have without a cache). A failed read is never kept.
      const forget = () => {
        if (kept.get(key) === answer) kept.delete(key);
      };
      answer.then(() => at !== generation && forget(), forget);
      return answer;
    },
  };
}

/** A plain read: a SELECT that moves no sequence. Anything else may write. */
const isPlainRead = (text: string) => /^\s*SELECT\b/i.test(text) && !/\b(nextval|setval)\s*\(/i.test(text);

/**
 * The embedded database's `sql` with a read cache: each statement that may write drops it before it
 * runs and after it ends (a read that started in between is not kept, `remember`).
 */
export function cachingSql(sql: Sql, cache: ReadCache): Sql {
  const written = <T>(text: string, run: () => Promise<T>): Promise<T> => {
    if (isPlainRead(text)) return run();
    cache.drop();
    return run().finally(() => cache.drop());
  };
  return {
    query: (text, params) => written(text, () => sql.query(text, params)),
    exec: (text) => written(text, () => sql.exec(text)),
    [READS]: cache,
  } as Sql;
}

/**
 * What `load` answers, remembered under `key` when `sql` is the embedded database's own (see the
 * top of this file); read afresh on a Postgres server and in a transaction. `key` must name
 * everything the read depends on.
 */
export function remembered<T>(sql: Sql, key: string, load: () => Promise<T>): Promise<T> {
  const cache = (sql as { [READS]?: ReadCache })[READS];
  return cache ? cache.remember(key, load) : load();
}

/**
 * `sql`, whose reads named in `reads` (by the keys `remembered` takes) are answered from there: what
 * a request's credentials statement read for its operation (store/sandboxes.ts `callerRecord`), so
 * that the operation's own read is not a second statement (issue 48). Everything else is read as
 * through `sql` (and remembered, on the embedded database). One request's, never shared.
 */
export function withReads(sql: Sql, reads: ReadonlyMap<string, unknown> | undefined): Sql {
  if (!reads || reads.size === 0) return sql;
  const cache = (sql as { [READS]?: ReadCache })[READS];
  const known: ReadCache = {
    drop: () => cache?.drop(),
    remember: <T>(key: string, load: () => Promise<T>) => (reads.has(key) ? Promise.resolve(reads.get(key) as T) : cache ? cache.remember(key, load) : load()),
  };
  return { query: (text, params) => sql.query(text, params), exec: (text) => sql.exec(text), [READS]: known } as Sql;
}
