/**
 * The offline service's state: one embedded Postgres (PGlite) in the data directory, or in memory
 * for tests. Plain SQL only (no PGlite-only features), so a Postgres server could take its place.
 * Migrations are numbered; a data directory written by a newer payui-mock is refused, never wiped.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS } from './migrations';
import { imageEntries, ImageMemoryFS, unpackInto } from './image-unpack';
import { cachingSql, createReadCache } from './read-cache';

import type { Sql } from './sql';

export type { Sql };

export interface Database {
  sql: Sql;
  /**
   * Runs `work` in one transaction: all of its writes are kept, or none. A transaction the server
   * undid for a race (`retryingRaces`) is run again, so `work` may run more than once: it keeps
   * nothing outside the transaction but what it answers.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** Where the state lives: a directory, or null in memory. */
  readonly dataDir: string | null;
  /**
   * Whether other processes may work on this database at the same time (a Postgres server): then
   * the outbox is claimed and the clock's due work locked across processes. The embedded database
   * is one process's alone (its data directory's lock).
   */
  readonly shared: boolean;
  /**
   * Calls `listener` with the payload of each notice sent on `channel` (`pg_notify`, delivered when
   * the sending transaction commits) by any process of the database, over one connection of this
   * process kept for listening; with null when that connection was lost and made again (notices
   * may have been missed meanwhile). Resolves once listening, with how to stop. Only a database
   * other processes share has it: the embedded one is one process's, which wakes its own.
   */
  listen?(channel: string, listener: (payload: string | null) => void): Promise<() => void>;
  /** The whole data directory as a gzipped tarball (an image to start another database from); embedded only. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * SQLSTATEs of a transaction a Postgres server undid because it met another at the same moment:
 * a deadlock (`40P01`) and a serialization failure (`40001`). Nothing of it was kept; the same
 * work run again may well go through.
 */
const RACE_CODES = new Set(['40P01', '40001']);

/**
 * Thrown in a transaction whose rows another changed between its reads and its locks, when taking
 * them again would break the lock order (mock/domain/lock-order.ts): undone and run again, as a
 * transaction the server undid for a race is. The service's own signal, not a SQLSTATE.
 */
export class RowsMoved extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RowsMoved';
  }
}

/**
 * The race that undid `error`'s transaction, in a word: the server's SQLSTATE (RACE_CODES), or
 * `rows moved` (RowsMoved); undefined when it failed for any other reason.
 */
export function raceOf(error: unknown): string | undefined {
  if (error instanceof RowsMoved) return 'rows moved';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RACE_CODES.has(code) ? code : undefined;
}

/** Whether `error` undid its transaction for a race with another (raceOf). */
export const isRace = (error: unknown): boolean => raceOf(error) !== undefined;

/**
 * A transaction that met a race on every one of its attempts: nothing was done. Answered 409 by the
 * service's one error handler (its `statusCode`), never 500: the request may be sent again.
 */
export class RaceLost extends Error {
  readonly statusCode = 409;
  constructor(attempts: number, cause: unknown) {
    super(`the request met others changing the same records at the same moment ${attempts} times (${raceOf(cause) ?? 'a race'}); nothing was done: send it again`, { cause });
    this.name = 'RaceLost';
  }
}

/** How often a transaction is run before `RaceLost`, and the base of the pause between attempts (ms). */
export const RACE_RETRY = { attempts: 5, pauseMs: 10 };

/** Told of each transaction a race undid, before it runs again: the race (raceOf) and the attempt that failed. */
export type RaceRerun = (race: string, attempt: number) => void;

/**
 * The service's line for a transaction run again, on stderr: rare, and worth an operator's eye when
 * not (requests of a team meeting on the same records). Tests of several processes count them
 * (mock/test/service-processes.ts `reruns`).
 */
export const RERUN_LINE = 'payui-mock: a transaction met another on the same records';
const logRerun: RaceRerun = (race, attempt) => console.error(`${RERUN_LINE} (${race}); run again, attempt ${attempt + 1} of ${RACE_RETRY.attempts}`);

/**
 * `transaction` that runs a transaction a race undid (isRace) again, up to RACE_RETRY.attempts
 * times, after a short pause that doubles each time and is jittered (two requests that met once do
 * not meet again at the same instant), telling `rerun` each time; then `RaceLost`. The embedded
 * database runs one transaction at a time and never meets a race; a Postgres server shared by
 * processes does (DESIGN.md §8c).
 */
export function retryingRaces(transaction: Database['transaction'], rerun: RaceRerun = logRerun): Database['transaction'] {
  return async (work) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(work);
      } catch (error) {
        const race = raceOf(error);
        if (race === undefined) throw error;
        if (attempt >= RACE_RETRY.attempts) throw new RaceLost(attempt, error);
        rerun(race, attempt);
        const pause = RACE_RETRY.pauseMs * 2 ** (attempt - 1);
        await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
      }
    }
  };
}

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`${dataDir} is in use by another payui-mock (process ${pid}); stop it, or give this one another PAYUI_MOCK_DATA or --in-memory`);
    this.name = 'DatabaseInUseError';
  }
}

/**
 * One process at a time in a data directory: `lock` holds the owner's pid. A lock whose process
 * is gone (killed) is taken over.
 */
function lock(dataDir: string): () => void {
  const file = join(dataDir, 'lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DatabaseInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DatabaseVersionError extends Error {
  constructor(dataDir: string, found: number) {
    super(
      `${dataDir} holds payui-mock data of schema version ${found}, newer than this payui-mock knows (${MIGRATIONS.length}). ` +
        'Upgrade payui-mock, or point PAYUI_MOCK_DATA at another directory; the data was left as it is.',
    );
    this.name = 'DatabaseVersionError';
  }
}

/**
 * How the embedded engine's Postgres is set up. The service's tables are small: Postgres's default
 * 128 MB of shared buffers (sized for a server) took about 100 MB of the process's memory for
 * nothing, so 16 MB. A new cluster writes its WAL in 1 MB segments instead of 16 MB: in memory, the
 * current segment is held whole. Each is measured in the issue notes (RSS of a loaded image and a
 * little work: 430 MB before, about 300 MB after). Images leave out the template databases (`dump`):
 * loading one took 1.75 s of CPU with them and 1.3 s without, 300 MB RSS and 252 MB.
 */
export const ENGINE_SETTINGS = {
  start: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  initdb: ['--wal-segsize=1'],
  imageTemplates: false,
  // Images hold only the WAL segment in use (dropWalAhead).
  imageWalAhead: false,
} as const;

let engine: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * Postgres's WebAssembly, compiled once a process (every embedded database of the process shares
 * it) and by V8's baseline compiler only. Left to itself, V8 also recompiles the hot part of the
 * 9 MB module with its optimizing compiler, on background threads: on a 2-core machine that work
 * competes with the start it is meant to speed up, and its code and compile memory stayed in the
 * process. Measured on the loaded demo image (issue 37 note): RSS 288–305 MB → 225–231 MB, a start
 * 1.6–1.9 s → 1.3–1.5 s, token requests per second unchanged; only long runs of pure SQL are slower
 * (~20 %), which a team's load belongs on a Postgres server for. The flag is V8's, process-wide,
 * so it is set for this compilation and put back. Where it cannot be (an engine without it),
 * PGlite compiles the module itself, as before.
 */
export function postgresEngine(): Promise<WebAssembly.Module | undefined> {
  return (engine ??= (async () => {
    // Read at once (3 ms from the file cache): an asynchronous read's callback waited for the main
    // thread, which was loading Fastify, so the compile began ~50 ms later than it could.
    const bytes = readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'));
    try {
      setFlagsFromString('--liftoff-only');
    } catch {
      return undefined;
    }
    try {
      return await WebAssembly.compile(bytes);
    } finally {
      setFlagsFromString('--no-liftoff-only');
    }
  })());
}

// Compiled from the moment this module loads, not when the first database opens: V8 compiles it on
// background threads while the main thread goes on loading the service's code (Fastify, the
// routes), which a start otherwise waited for first (issue 48 item 3). A failure is the first
// openDatabase's to report.
postgresEngine().catch(() => undefined);

/** Whether the data directory `dataDir` holds no database yet (PGlite's cluster is in its `pg`). */
export const isNewDataDir = (dataDir: string): boolean => !existsSync(join(dataDir, 'pg', 'PG_VERSION'));

/**
 * Opens (and creates or upgrades) the database; `dataDir` null keeps everything in memory. It starts
 * from `image` (a dumped data directory, mock/store/image.ts) when one is given: in memory, and in a
 * data directory that holds no database yet (isNewDataDir), whose first start then unpacks the image
 * into it instead of creating a cluster (initdb), migrating and seeding (before: 2.6-2.7 s of CPU,
 * 2.7-2.9 s of time and 580 MB of RSS; now 0.8-0.9 s and 190-200 MB). A data directory that holds
 * one is opened as it is.
 */
export async function openDatabase(dataDir: string | null, image?: Uint8Array): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lock(dataDir) : () => {};
  let db: PGlite;
  try {
    // The image is gunzipped on the thread pool while the engine's compile finishes.
    const entries = image && (dataDir === null || isNewDataDir(dataDir)) ? imageEntries(image) : undefined;
    entries?.catch(() => undefined);
    const pgliteWasmModule = await postgresEngine();
    const settings = { startParams: [...ENGINE_SETTINGS.start], initDbStartParams: [...ENGINE_SETTINGS.initdb], ...(pgliteWasmModule ? { pgliteWasmModule } : {}) };
    if (dataDir) {
      if (entries) unpackInto(join(dataDir, 'pg'), await entries);
      db = await PGlite.create(join(dataDir, 'pg'), settings);
    } else {
      db = await PGlite.create({ ...settings, ...(entries ? { fs: new ImageMemoryFS(await entries, MEMORY_PGDATA) } : {}) });
    }
  } catch (error) {
    unlock();
    throw error;
  }
  try {
    await migrate({ query: (text, params) => db.query(text, params), exec: (text) => db.exec(text), transaction: (work) => db.transaction((tx) => work(tx)) }, dataDir ?? 'memory');
  } catch (error) {
    await db.close();
    unlock();
    throw error;
  }
  // PGlite runs one query at a time; transactions queue behind each other the same way. This
  // process alone writes here, so reads are remembered until its next write (store/read-cache.ts):
  // every transaction forgets them as it starts and once it has ended, committed or not.
  const reads = createReadCache();
  return {
    sql: cachingSql(db, reads),
    transaction: retryingRaces((work) => {
      reads.drop();
      return db.transaction((tx) => work(tx)).finally(() => reads.drop());
    }),
    dump: async () => {
      // An image holds what the service uses: Postgres's template databases (half the files, which
      // every load unpacks into memory) go first; the service never creates a database from them.
      for (const name of ['template0', 'template1']) {
        await db.query('UPDATE pg_database SET datistemplate = false WHERE datname = $1', [name]);
        await db.exec(`DROP DATABASE IF EXISTS ${name}`);
      }
      await dropWalAhead(db);
      return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    },
    dataDir,
    shared: false,
    close: async () => {
      if (db.closed) return;
      await db.close();
      unlock();
    },
  };
}

/** Where PGlite keeps an in-memory database's cluster in its virtual file system. */
const MEMORY_PGDATA = '/pglite/data';

/**
 * Leaves the in-memory cluster `db` only the WAL segment it writes in (after a checkpoint, the one
 * the cluster starts from). Postgres keeps the segments of finished checkpoints as the next ones to
 * write (4 of 1 MB in the demo image), and every load of an image unpacked them into memory and
 * held them there: loading the demo image took 0.58 s of CPU with them, 0.47 s without, and 25 MB
 * less RSS (issue 48 item 3). Postgres makes a segment when it needs a new one, so the running
 * database goes on as before.
 */
async function dropWalAhead(db: PGlite): Promise<void> {
  await db.exec('CHECKPOINT');
  const { rows } = await db.query<{ name: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS name');
  const current = rows[0]!.name;
  const folder = `${MEMORY_PGDATA}/pg_wal`;
  const fs = db.Module.FS;
  // Segment files are named by timeline and position in hex of one length: later sorts after.
  for (const file of fs.readdir(folder)) if (/^[0-9A-F]{24}$/.test(file) && file > current) fs.unlink(`${folder}/${file}`);
}

/** What migrating needs of a database: one statement at a time, or a transaction. */
export interface Migratable extends Sql {
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

export class MigrationError extends Error {
  constructor(where: string, readonly version: number, readonly found: number, cause: unknown) {
    super(
      `${where}: the upgrade from schema version ${found} failed in migration ${version} (${MIGRATIONS.length} in all): ${(cause as Error)?.message ?? String(cause)}. ` +
        `Nothing was changed: the data is at version ${found} as before, which the payui-mock that wrote it still opens.`,
      { cause },
    );
    this.name = 'MigrationError';
  }
}

/**
 * Runs the migrations `db` has not had yet, up to `upTo` (default: all of them), all in one
 * transaction: an upgrade is whole or not at all, so a failure leaves the data at its version (still
 * opened by the release that wrote it) and says which migration failed and why (MigrationError).
 * Several processes starting on one Postgres server at once apply each migration once: a
 * transaction-scoped advisory lock lets one at a time read the version and go on from there.
 * `migrations` is the list to run (tests give a broken one).
 */
export async function migrate(db: Migratable, where: string, upTo = MIGRATIONS.length, migrations: readonly string[] = MIGRATIONS): Promise<void> {
  const target = Math.min(upTo, migrations.length);
  // Most opens find the schema as it should be: one read says so, and nothing is locked or written.
  // Migrations only ever move a database forward, so a version read without the lock that is
  // already the target stays so. Any other answer (no table yet, an older or newer version, an
  // error) takes the locked way below, which decides and says why.
  const current = await db.query<{ version: number }>('SELECT version FROM schema_version').then(({ rows }) => (rows.length === 1 ? rows[0]!.version : undefined), () => undefined);
  if (current !== undefined && current >= target && current <= migrations.length) return;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(4242017)');
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_version');
    const found = rows[0]?.version ?? 0;
    if (found > migrations.length) throw new DatabaseVersionError(where, found);
    if (target <= found) return;
    for (let version = found + 1; version <= target; version += 1) {
      try {
        await tx.exec(migrations[version - 1]!);
      } catch (error) {
        throw new MigrationError(where, version, found, error);
      }
    }
    if (found === 0) await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [target]);
    else await tx.query('UPDATE schema_version SET version = $1', [target]);
  });
}
