/**
 * What `payui-mock import FILE` takes (DESIGN.md §8 "Durable"): each row of each table is checked
 * by its table's schema before anything is written, and a file that holds a row the service cannot
 * use — a project that is not an object, a merchant whose key is empty, a password hash that costs
 * seconds to check — is refused with every problem named by its row and field, the state untouched.
 * And a password hash beyond scrypt's limits is never computed where a login checks it.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchantApi } from '../api/server';
import { listenLoopback } from '../http/listen';
import { memoryDatabase } from '../store/memory';
import type { Database } from '../store/database';
import { exportState, importState, SnapshotError, type Snapshot } from '../store/snapshot';
import { ROWS } from '../store/snapshot-rows';
import { MIGRATIONS, NOT_EXPORTED } from '../store/migrations';
import { checkPassword, hashPassword } from '../lib/password';
import { authenticate } from '../api/auth';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';

/** The demo merchant's state, and a database to import into. */
const db: Database = await memoryDatabase();
const current: Snapshot = await exportState(db);
afterAll(() => db.close());

type Rows = Record<string, unknown>[];
/** The current state with `change` made to a copy of its tables. */
function edited(change: (tables: Record<string, Rows>) => void): Snapshot {
  const copy = structuredClone(current);
  change(copy.tables as Record<string, Rows>);
  return copy;
}

/** A scrypt hash in the service's form with the given cost (`scrypt$N$r$p$salt$key`). */
function scryptHash(password: string, N: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STAR_LOGIN = '7c1e2a90-4b3d-4f5e-8a6b-000000200001';
const loginUser = (password_hash: string) => ({
  id: '0b6d2c1e-1111-4222-8333-444455556666', login_project_id: STAR_LOGIN, username: 'ann', email: 'ann@example.test',
  password_hash, confirmed: true, created_at: '2026-01-01T00:00:00+00:00',
});

/** The import's refusal, after checking that it changed nothing. */
async function refusal(snapshot: unknown): Promise<string> {
  const before = await exportState(db);
  const error = await importState(db, snapshot).then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(SnapshotError);
  expect(await exportState(db)).toEqual(before);
  return (error as Error).message;
}

describe('rows the service cannot use are refused, each named by its row and field', () => {
  it("a project whose data is a string, not the object of the project's fields", async () => {
    const message = await refusal(edited((t) => void (t.projects![0]!.data = 'Star Miners')));
    expect(message).toContain('tables.projects[0] (id 200001).data: must be an object');
  });

  it('a merchant whose api_key is empty (it would let in an empty password)', async () => {
    const message = await refusal(edited((t) => void (t.merchants![0]!.api_key = '')));
    expect(message).toContain('tables.merchants[0] (id 100001).api_key: must not be empty');
  });

  it("a password hash whose scrypt cost is beyond the limits (p = 64 made each login take 10 s), or that is not one", async () => {
    const costly = await refusal(edited((t) => void (t.login_users = [loginUser('scrypt$32768$8$64$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U')])));
    expect(costly).toMatch(/tables\.login_users\[0\] \(id 0b6d2c1e-[^)]*\)\.password_hash: scrypt's p is 64; at most \d+/);
    const huge = await refusal(edited((t) => void (t.login_users = [loginUser('scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U')])));
    expect(huge).toMatch(/password_hash: scrypt's N is 1048576; at most \d+/);
    const plain = await refusal(edited((t) => void (t.login_users = [loginUser('hunter2')])));
    expect(plain).toContain('tables.login_users[0] (id 0b6d2c1e-1111-4222-8333-444455556666).password_hash: must be a scrypt hash');
  });

  it('every problem of the file at once: columns of the wrong type, unknown or missing, bad addresses, a short Login secret', async () => {
    const message = await refusal(edited((t) => {
      t.projects![1]!.merchant_id = '100001';
      t.items![0]!.colour = 'red';
      delete t.packages![0]!.data;
      t.login_projects![0]!.secret_key = 'short';
      t.login_projects![0]!.callback_urls = ['javascript:alert(1)'];
      t.webhook_settings = [{ project_id: 200001, url: 'http://listener.example/hook', secret: 's', variant: 'combined', enabled: true }];
      t.merchant_clocks = [{ merchant_id: 100001, offset_ms: 'soon' }];
    }));
    for (const problem of [
      'tables.projects[1] (id 200002).merchant_id: must be an integer',
      'tables.items[0] (id 1).colour: is not a known field',
      'tables.packages[0] (id 1).data: is required',
      'tables.login_projects[0] (id 7c1e2a90-4b3d-4f5e-8a6b-000000200001).secret_key: must be at least 16 characters',
      'tables.login_projects[0] (id 7c1e2a90-4b3d-4f5e-8a6b-000000200001).callback_urls[0]: must be an http(s) URL',
      'tables.webhook_settings[0].url: must be an https address, or http to a loopback address (localhost, 127.0.0.1, [::1])',
      'tables.merchant_clocks[0].offset_ms: must be an integer',
    ]) expect(message).toContain(problem);
  });

  it("a row that is not an object is named as such", async () => {
    const message = await refusal(edited((t) => void (t.merchants = ['100001:demo-api-key' as unknown as Record<string, unknown>])));
    expect(message).toContain('tables.merchants[0]: must be an object');
  });
});

describe('what the service writes imports as it was', () => {
  it("each table's row schema names exactly the columns the migrations made", async () => {
    const { rows } = await db.sql.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name, column_name",
    );
    const columns: Record<string, string[]> = {};
    for (const { table_name: table, column_name: column } of rows) {
      if (!(NOT_EXPORTED as readonly string[]).includes(table)) (columns[table] ??= []).push(column);
    }
    const described = Object.fromEntries(Object.entries(ROWS).map(([table, schema]) => [table, Object.keys((schema as { properties: object }).properties).sort()]));
    expect(described).toEqual(columns);
  });

  it('an export with a player of its own hash goes back in unchanged', async () => {
    const snapshot = structuredClone(current);
    snapshot.tables.login_users = [loginUser(await hashPassword('secret-1'))];
    await importState(db, snapshot);
    expect(await exportState(db)).toEqual(snapshot);
    await importState(db, current);
  });

  it('the Login projects, players, their passwords and the mailbox: a mailed link and a password work after the import', async () => {
    // A merchant API on the database, started again after the import: the import holds this
    // process for seconds, long enough for a server's idle timeout to close a kept-alive connection
    // the client would then reuse (ECONNRESET); a new server has no connection to reuse.
    let origin = '';
    const listen = async () => {
      const started = await listenLoopback(await createMerchantApi({ db, origin: () => origin }), 0);
      origin = `http://127.0.0.1:${started.port}`;
      return started;
    };
    let server = await listen();
    try {
      const post = (path: string, body: unknown) => fetch(`${origin}/api/${path}?projectId=${STAR_LOGIN}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const player = { username: 'state-player', password: 'state-secret-1', email: 'state-player@example.test' };
      expect((await post('user', player)).status).toBe(204);
      const mail = (await (await fetch(`${origin}/mock/mail`, { headers: { authorization: DEMO_AUTH } })).json()) as { to: string; links: string[] }[];
      const link = new URL(mail.find((m) => m.to === player.email)!.links[0]!);
      const snapshot = await exportState(db);
      expect(snapshot.tables.login_projects!.length).toBeGreaterThanOrEqual(2);
      await server.close();
      await importState(db, JSON.parse(JSON.stringify(snapshot)));
      server = await listen();
      expect((await fetch(`${origin}${link.pathname}${link.search}`)).status).toBe(200);
      const login = await post('login', { username: player.username, password: player.password });
      expect(login.status).toBe(200);
      expect(new URL(((await login.json()) as { login_url: string }).login_url).searchParams.get('token')).toEqual(expect.any(String));
      expect(await exportState(db)).toMatchObject({ version: MIGRATIONS.length, tables: { login_projects: snapshot.tables.login_projects, mail: snapshot.tables.mail } });
    } finally {
      await server.close();
    }
  });
});

describe('credentials a database may hold from before the checks', () => {
  it('a merchant whose key is empty is not let in by an empty password', async () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(await authenticate(basic('100001:'), async () => '')).toBeNull();
    expect(await authenticate(basic('100001:demo-api-key'), async () => 'demo-api-key')).toBe(100001);
  });
});

describe('a login never computes a hash beyond the limits', () => {
  it('a hash kept with p = 64 (written before the limits) does not match even its own password: it is not computed', async () => {
    const costly = scryptHash('secret-1', 1024, 1, 64);
    expect(await checkPassword('secret-1', costly)).toBe(false);
    expect(await checkPassword('secret-1', scryptHash('secret-1', 1024, 1, 1))).toBe(true);
  });
});
