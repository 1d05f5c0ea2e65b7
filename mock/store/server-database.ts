/**
 * The service's state on a Postgres server (DESIGN.md §8c): `PAYUI_MOCK_DATABASE_URL=postgres://…`.
 * The same migrations and the same SQL as the embedded database, through `pg` (node-postgres: the
 * long-kept driver whose `query(text, params) → {rows}` is the embedded database's own shape, so the
 * store runs unchanged). Several processes may share one database: the migrations take an advisory
 * lock, and every write is one transaction on one connection of the pool.
 */
import type pg from 'pg';

/** The driver, loaded when a Postgres server is used: a start on the embedded database does not pay its import (~240 ms). */
const driver = async () => (await import('pg')).default;
import { migrate, retryingRaces, type Database, type Sql } from './database';
import { MIGRATIONS } from './migrations';

/** At most this many statement texts are named (prepared); any text past them is sent unnamed. */
const NAMED_STATEMENTS = 1_000;
const names = new Map<string, string>();
/**
 * The name a statement with parameters is prepared under: each connection of the pool parses and plans
 * a text once and then only binds and runs it (an unnamed statement is parsed and planned again on
 * every request: on a token request that was 60 % of the server's CPU). A text has one name in the
 * process; the store's texts are a few hundred, and any past NAMED_STATEMENTS stay unnamed.
 */
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_STATEMENTS) names.set(text, (name = `payui_${names.size}`));
  return name;
}

/** Answers as the embedded database does: bigint (int8) and numeric as the text Postgres sends. */
const asSql = (client: pg.Pool | pg.PoolClient): Sql => ({
  query: async <T,>(text: string, params?: unknown[]) => {
    const name = params ? statementName(text) : undefined;
    const result = await client.query(name ? { name, text, values: params } : { text, values: params });
    return { rows: result.rows as T[], rowCount: result.rowCount };
  },
  exec: (text) => client.query(text),
});

/** How long a listening connection that was lost waits before it is made again. */
export const RELISTEN_MS = 1_000;

type Notice = (payload: string | null) => void;

/**
 * The process's one listening connection to the database at `url` (a Client of its own: a pool's
 * connections are shared by transactions and cannot hold a LISTEN), made when the first channel is
 * listened to. Each notice goes to the listeners of its channel. A connection that breaks is made
 * again after RELISTEN_MS, listening to the same channels, and every listener is told (null):
 * what was sent meanwhile was missed.
 */
function listenings(Client: typeof pg.Client, url: string) {
  const channels = new Map<string, Set<Notice>>();
  let current: Promise<pg.Client> | null = null;
  let closed = false;
  let again: NodeJS.Timeout | undefined;
  const command = (verb: 'LISTEN' | 'UNLISTEN', channel: string) => `${verb} "${channel}"`;

  function open(): Promise<pg.Client> {
    const client = new Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (current === made) current = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      again = setTimeout(() => {
        again = undefined;
        if (closed || current || channels.size === 0) return;
        current = open();
        void current.then(() => {
          for (const listeners of channels.values()) for (const listener of [...listeners]) listener(null);
        }, () => undefined);
      }, RELISTEN_MS);
      again.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => {
      for (const listener of [...(channels.get(channel) ?? [])]) listener(payload ?? '');
    });
    const made = (async () => {
      await client.connect();
      for (const channel of channels.keys()) await client.query(command('LISTEN', channel));
      return client;
    })();
    made.catch(lost);
    return made;
  }

  return {
    async listen(channel: string, listener: Notice): Promise<() => void> {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`a channel is a plain lower-case name, got ${JSON.stringify(channel)}`);
      if (closed) throw new Error('the database is closed');
      const listeners = channels.get(channel) ?? new Set<Notice>();
      const fresh = !channels.has(channel);
      channels.set(channel, listeners);
      listeners.add(listener);
      const connection = current;
      if (!connection) current = open();
      // A new connection listens to every channel as it starts; one already made is told of a new channel.
      else if (fresh) await connection.then((client) => client.query(command('LISTEN', channel))).catch(() => undefined);
      // Not listening (the server cannot be reached now): the connection is tried again, and the listener's own looks stand in meanwhile.
      await current?.catch(() => undefined);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        void current?.then((client) => client.query(command('UNLISTEN', channel))).catch(() => undefined);
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(again);
      const connection = current;
      current = null;
      await connection?.then((client) => client.end()).catch(() => undefined);
    },
  };
}

/** A name of the URL fit for a message: no password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    // The driver also takes `?password=` (and `sslpassword=`): any parameter named for a password.
    parsed.search = parsed.search.replace(/([?&])([^=&]*pass[^=&]*)=[^&]*/gi, '$1$2=***');
    return parsed.toString();
  } catch {
    return 'the database URL';
  }
}

/**
 * Opens the database at `url` (an empty one, owned by the role: its schema is made) and migrates it
 * (`migrations`: tests give a broken list).
 */
export async function openServerDatabase(url: string, migrations: readonly string[] = MIGRATIONS): Promise<Database> {
  const { Pool, Client } = await driver();
  const pool = new Pool({ connectionString: url, max: 10 });
  // A connection that breaks while idle is the pool's to replace, not the process's end.
  pool.on('error', () => undefined);
  const sql = asSql(pool);
  // A transaction a race with another process undid (a deadlock, a serialization failure) runs again.
  const transaction = retryingRaces(async <T,>(work: (tx: Sql) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(asSql(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
  try {
    await migrate({ ...sql, transaction }, redactUrl(url), migrations.length, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed = false;
  const notices = listenings(Client, url);
  return {
    sql,
    transaction,
    dataDir: null,
    shared: true,
    listen: notices.listen,
    dump: () => Promise.reject(new Error('a Postgres server database is not dumped as an image')),
    close: async () => {
      if (closed) return;
      closed = true;
      await notices.close();
      await pool.end();
    },
  };
}

/**
 * A database of its own on the server at `serverUrl` (a role that may create databases), dropped
 * when it closes: what an in-memory database is on the embedded engine, for the service's tests on
 * a Postgres server (`PAYUI_TEST_DATABASE_URL`).
 */
export async function scratchServerDatabase(serverUrl: string): Promise<Database> {
  const name = `payui_scratch_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let db: Database;
  try {
    db = await openServerDatabase(url.toString());
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    ...db,
    close: async () => {
      await db.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops database `name` on the server at `serverUrl`. A plain `DROP DATABASE` first: the server
 * stops an autovacuum worker busy in it and waits up to 5 s for closed sessions to leave.
 * `WITH (FORCE)` first would fail instead, for a role that is not a superuser, whenever autovacuum
 * happens to be in the database: its worker belongs to no role this one may signal. FORCE only
 * when sessions of this role are still there (`55006`, object in use).
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  try {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error;
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** One statement on its own connection to `url` (`CREATE DATABASE` cannot run in a transaction or a pool's session). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new (await driver()).Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
