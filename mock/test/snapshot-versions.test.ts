/**
 * State of an older payui-mock (DESIGN.md §8 "Durable"): a data directory of an older schema version
 * is upgraded when the service opens it, and an export file of an older version is imported the same
 * way (its rows upgraded by the later migrations), never refused for being old and never wiped; a
 * newer one is refused in words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../store/memory';
import { migrate, MigrationError, openDatabase, type Database } from '../store/database';
import { MIGRATIONS } from '../store/migrations';
import { exportState, importState, insertRows, SnapshotError, type Snapshot, type Table } from '../store/snapshot';
import { TABLES } from '../store/migrations';
import { tablesOfVersion } from '../store/snapshot-upgrade';
import { demoFixtures } from '../store/memory';

let db: Database;
let current: Snapshot;
beforeAll(async () => {
  db = await memoryDatabase();
  current = await exportState(db);
});
afterAll(() => db.close());

/** The rows of the tables an export of schema `version` holds (their check: snapshot-upgrade.test.ts), as a payui-mock of that version exported them. */
function exportOfVersion(version: number, snapshot: Snapshot): Snapshot {
  const names = tablesOfVersion(version);
  const tables = Object.fromEntries(Object.entries(snapshot.tables).filter(([name]) => names.has(name)));
  return { format: 'payui-mock', version, tables };
}

// An older file's rows are brought up in memory (mock/store/snapshot-upgrade.ts): no database of its own.
describe('an export of an older payui-mock', () => {
  it('of the version before this one is imported: every row it holds is there, the newer tables start empty', async () => {
    const older = exportOfVersion(MIGRATIONS.length - 1, current);
    expect(older.version).toBe(MIGRATIONS.length - 1);
    await importState(db, older);
    const after = await exportState(db);
    expect(after.version).toBe(MIGRATIONS.length);
    // Columns a later migration added come on top of the rows' own.
    for (const [table, rows] of Object.entries(older.tables)) expect(after.tables[table as keyof Snapshot['tables']], table).toEqual(rows.map((row) => expect.objectContaining(row)));
  });

  it("of version 4 carries a user's failed logins over as their count (version 5 counts them in one row)", async () => {
    const star = '7c1e2a90-4b3d-4f5e-8a6b-000000200001';
    const failures = ['2026-01-01T12:00:05+00:00', '2026-01-01T12:00:01+00:00', '2026-01-01T12:00:09+00:00'].map((at) => ({ login_project_id: star, username: 'ann', at }));
    const four = exportOfVersion(4, current);
    await importState(db, { ...four, tables: { ...four.tables, login_failures: failures } });
    const { rows } = await db.sql.query<{ username: string; count: number; first_at: Date }>('SELECT username, count, first_at FROM login_failures');
    expect(rows).toEqual([{ username: 'ann', count: 3, first_at: new Date('2026-01-01T12:00:01Z') }]);
  });

  it('of version 1 is imported too: its merchants and projects answer, identities go on after its ids', async () => {
    const first = exportOfVersion(1, current);
    expect(first.tables).not.toHaveProperty('subscription_plans');
    await importState(db, first);
    const { rows } = await db.sql.query<{ id: number }>('SELECT id FROM projects ORDER BY id');
    expect(rows.map((r) => Number(r.id))).toEqual(first.tables.projects!.map((p) => Number(p.id)));
    const next = await db.sql.query<{ id: number }>("INSERT INTO projects (merchant_id, data) VALUES (100001, '{}') RETURNING id");
    expect(Number(next.rows[0]!.id)).toBeGreaterThan(Math.max(...rows.map((r) => Number(r.id))));
    // Plans came with the later migrations, not with the file: none.
    expect((await db.sql.query('SELECT 1 FROM subscription_plans')).rows).toEqual([]);
  });

  it('with a table its version did not have is refused, and the state is left as it was', async () => {
    await importState(db, current);
    const before = await exportState(db);
    const wrong = { ...(exportOfVersion(1, current)), tables: { ...current.tables } };
    await expect(importState(db, wrong)).rejects.toThrow(SnapshotError);
    expect(await exportState(db)).toEqual(before);
  });
});

describe('versions this payui-mock cannot read', () => {
  it.each([
    [MIGRATIONS.length + 1, /newer payui-mock: upgrade this one/],
    [0, /reads versions 1 to/],
    [1.5, /reads versions 1 to/],
    ['4', /reads versions 1 to/],
  ])('version %s is refused in words, the state untouched', async (version, words) => {
    const before = await exportState(db);
    await expect(importState(db, { ...current, version })).rejects.toThrow(words);
    expect(await exportState(db)).toEqual(before);
  });
});

describe('a data directory of an older payui-mock', { timeout: 60_000 }, () => {
  it('is upgraded when opened, and keeps what it held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-old-'));
    try {
      const old = await PGlite.create(join(dir, 'pg'));
      await migrate(old, dir, MIGRATIONS.length - 1);
      await old.query("INSERT INTO merchants (id, api_key) VALUES (424242, 'kept-key')");
      await old.close();
      const opened = await openDatabase(dir);
      try {
        expect((await opened.sql.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]!.version).toBe(MIGRATIONS.length);
        expect((await opened.sql.query<{ api_key: string }>('SELECT api_key FROM merchants WHERE id = 424242')).rows).toEqual([{ api_key: 'kept-key' }]);
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("of version 4 holding the demo seed, whose projects carry a webhook key but no ipn_enabled, opens with every row", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-v4-'));
    try {
      await writeOldDirectory(dir, 4, versionFourDemo());
      const opened = await openDatabase(dir);
      try {
        const { rows } = await opened.sql.query<{ project_id: string; url: string | null; secret: string; enabled: boolean }>('SELECT project_id, url, secret, enabled FROM webhook_settings ORDER BY project_id');
        expect(rows).toEqual([
          { project_id: 200001, url: null, secret: 'star-miners-webhook-secret', enabled: false },
          { project_id: 200002, url: null, secret: 'puzzle-harbor-webhook-secret', enabled: false },
        ]);
        expect((await opened.sql.query('SELECT id FROM items')).rows).toHaveLength(versionFourDemo().tables.items!.length);
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('left at version 9 by a failed upgrade of an earlier release (each migration committed alone) opens too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-v9-'));
    try {
      await writeOldDirectory(dir, 4, versionFourDemo(), 9);
      const opened = await openDatabase(dir);
      try {
        expect((await opened.sql.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]!.version).toBe(MIGRATIONS.length);
        expect((await opened.sql.query('SELECT 1 FROM webhook_settings')).rows).toHaveLength(2);
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is upgraded whole or not at all: a migration that fails leaves it at its version, which its own release opens, and says which and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-atomic-'));
    try {
      await writeOldDirectory(dir, 4, versionFourDemo(), 9);
      const broken = [...MIGRATIONS, 'ALTER TABLE nowhere ADD COLUMN never integer'];
      const db = await PGlite.create(join(dir, 'pg'));
      try {
        const error = await migrate(db, dir, broken.length, broken).then(() => null, (thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(MigrationError);
        expect((error as Error).message).toMatch(new RegExp(`from schema version 9 failed in migration ${broken.length} .*relation "nowhere" does not exist.*at version 9`));
        expect((await db.query<{ version: number }>('SELECT version FROM schema_version')).rows).toEqual([{ version: 9 }]);
        // Migration 10, which ran before the broken one, was undone with it; the rows are as they were.
        expect((await db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'webhook_settings' AND column_name = 'enabled'")).rows).toEqual([]);
        expect((await db.query<{ key: string }>("SELECT data->>'key' AS key FROM projects ORDER BY id")).rows.map((r) => r.key)).toEqual(['star-miners-webhook-secret', 'puzzle-harbor-webhook-secret']);
        // The release of version 9 opens it: nothing to run.
        await migrate(db, dir, 9, MIGRATIONS.slice(0, 9));
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a data directory of this payui-mock, or of a newer one', { timeout: 60_000 }, () => {
  it('of this version is opened with one read of its version: no lock taken, nothing written', async () => {
    const pg = await PGlite.create();
    try {
      await migrate(pg, 'memory');
      const statements: string[] = [];
      const counted = {
        query: (text: string, params?: unknown[]) => (statements.push(text), pg.query<never>(text, params)),
        exec: (text: string) => (statements.push(text), pg.exec(text)),
        transaction: <T,>(work: (sql: typeof pg) => Promise<T>) => (statements.push('BEGIN'), pg.transaction((tx) => work(tx as unknown as typeof pg))),
      };
      await migrate(counted, 'memory');
      expect(statements).toEqual(['SELECT version FROM schema_version']);
    } finally {
      await pg.close();
    }
  });

  it('of a newer version is refused in words and left at its version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-newer-'));
    try {
      const newer = await PGlite.create(join(dir, 'pg'));
      await migrate(newer, dir);
      await newer.query('UPDATE schema_version SET version = $1', [MIGRATIONS.length + 1]);
      await newer.close();
      await expect(openDatabase(dir)).rejects.toThrow(new RegExp(`schema version ${MIGRATIONS.length + 1}, newer than this payui-mock knows \\(${MIGRATIONS.length}\\).*the data was left as it is`));
      const again = await PGlite.create(join(dir, 'pg'));
      try {
        expect((await again.query<{ version: number }>('SELECT version FROM schema_version')).rows).toEqual([{ version: MIGRATIONS.length + 1 }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The demo fixtures as release 4 shipped them: each project with a webhook `key` in its fields, no address, no `ipn_enabled`. */
function versionFourDemo(): Snapshot {
  const four = structuredClone(demoFixtures) as Snapshot;
  four.version = 4;
  for (const project of four.tables.projects!) (project.data as Record<string, unknown>).key = project.id === 200001 ? 'star-miners-webhook-secret' : 'puzzle-harbor-webhook-secret';
  for (const merchant of four.tables.merchants!) for (const column of ['sandbox', 'seed']) delete merchant[column];
  return four;
}

/** A data directory as a payui-mock of schema `version` left it, holding `snapshot`'s rows; then, as one of `leftAt` left it. */
async function writeOldDirectory(dir: string, version: number, snapshot: Snapshot, leftAt = version): Promise<void> {
  const old = await PGlite.create(join(dir, 'pg'));
  try {
    await migrate(old, dir, version);
    await old.transaction(async (sql) => {
      for (const table of TABLES) await insertRows(sql, table as Table, snapshot.tables[table]);
    });
    await migrate(old, dir, leftAt);
  } finally {
    await old.close();
  }
}
