// A new in-memory service starts from a prepared image of its seeded database (mock/store/image.ts)
// instead of creating, migrating and seeding one: the image is named by what made it, kept in the
// user's private cache (never the working directory, never a folder another local user can write),
// holds exactly the seeded state, and a broken, foreign or changed one is made again rather than trusted.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoFixtures, memoryDatabase, openServiceDatabase } from '../store/memory';
import { cacheFolder, findImage, imageName, saveImage } from '../store/image';
import { exportState } from '../store/snapshot';

// This file's own cache home, as a user's XDG_CACHE_HOME.
const cacheHome = mkdtempSync(join(tmpdir(), 'payui-image-cache-'));
process.env.XDG_CACHE_HOME = cacheHome;
const cache = join(cacheHome, 'payui-mock', 'images');
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

// Fixtures of this test's own, so its images are not the ones other test files load.
const fixtures = structuredClone(demoFixtures) as { tables: { merchants: { api_key: string }[] } };
fixtures.tables.merchants[0]!.api_key = `image-test-${process.pid}`;
const cached = join(cache, imageName(fixtures));

// The embedded engine's: on a Postgres server (npm run test:server) an "in memory" database is a scratch database there.
describe.skipIf(Boolean(process.env.PAYUI_TEST_DATABASE_URL))('the database image', { timeout: 60_000 }, () => {
  it('is made by the first start, loaded by the next, and holds the same state', async () => {
    rmSync(cached, { force: true });
    expect(findImage(fixtures)).toBeNull();
    const first = await memoryDatabase(fixtures);
    expect(existsSync(cached)).toBe(true);
    // Private: the folder the user's alone, the image and its hash readable by the user only.
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(statSync(cached).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${cached}.sha256`, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(process.cwd(), imageName(fixtures)))).toBe(false);
    const second = await memoryDatabase(fixtures);
    try {
      const [a, b] = await Promise.all([exportState(first), exportState(second)]);
      expect(b).toEqual(a);
      expect(JSON.stringify(b)).toContain(`image-test-${process.pid}`);
      // Two databases, not one: a write to one is not in the other.
      await first.sql.query("UPDATE merchants SET api_key = 'changed'");
      expect((await second.sql.query<{ api_key: string }>('SELECT api_key FROM merchants')).rows[0]!.api_key).toBe(`image-test-${process.pid}`);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('holds only the WAL segment in use (issue 48 item 3), and a database from it writes on past it', async () => {
    const db = await memoryDatabase(fixtures);
    const segments = async () => (await db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'")).rows[0]!.n;
    try {
      // Loaded from the image the first test made: before, it held four more, Postgres's for later.
      expect(await segments()).toBe(1);
      // A dump leaves the running database a segment alone too; it makes the next ones it needs.
      await db.dump();
      await db.sql.exec("CREATE TABLE wal_fill AS SELECT repeat(md5(i::text), 40) AS t FROM generate_series(1, 3000) AS i");
      expect((await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM wal_fill')).rows[0]!.n).toBe(3000);
      expect(await segments()).toBeGreaterThan(1);
    } finally {
      await db.close();
    }
  });

  it('starts a new data directory too: its first start unpacks the image, already seeded; the next opens it as it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-image-data-'));
    try {
      const inMemory = await memoryDatabase(fixtures);
      const expected = await exportState(inMemory).finally(() => inMemory.close());
      const first = await openServiceDatabase(dir, fixtures);
      try {
        expect(await exportState(first)).toEqual(expected);
        // The image's cluster (its template databases left out), not one made here and seeded.
        expect((await first.sql.query('SELECT datname FROM pg_database ORDER BY datname')).rows).toEqual([{ datname: 'postgres' }]);
        await first.sql.query("UPDATE merchants SET api_key = 'written-here'");
      } finally {
        await first.close();
      }
      const again = await openServiceDatabase(dir, fixtures);
      try {
        expect((await again.sql.query<{ api_key: string }>('SELECT api_key FROM merchants')).rows[0]!.api_key).toBe('written-here');
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unpacked into a new data directory, never over what an earlier start left there: a cut-short unpack goes, anything else is kept aside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payui-image-left-'));
    try {
      // A start cut short while unpacking, and a `pg` folder that holds no database (no PG_VERSION) but a file of someone's.
      mkdirSync(join(dir, 'pg.unpacking', 'base'), { recursive: true });
      writeFileSync(join(dir, 'pg.unpacking', 'base', 'half'), 'cut short');
      mkdirSync(join(dir, 'pg'));
      writeFileSync(join(dir, 'pg', 'notes.txt'), 'mine');
      const db = await openServiceDatabase(dir, fixtures);
      try {
        expect((await db.sql.query<{ api_key: string }>('SELECT api_key FROM merchants')).rows[0]!.api_key).toBe(fixtures.tables.merchants[0]!.api_key);
      } finally {
        await db.close();
      }
      expect(existsSync(join(dir, 'pg.unpacking'))).toBe(false);
      expect(existsSync(join(dir, 'pg', 'notes.txt'))).toBe(false);
      const kept = readdirSync(dir).filter((name) => name.startsWith('pg.before-'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(dir, kept[0]!, 'notes.txt'), 'utf8')).toBe('mine');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is named by the fixtures (and the schema and PGlite): other fixtures, another image', () => {
    expect(imageName(fixtures)).not.toBe(imageName(demoFixtures));
    expect(imageName(structuredClone(fixtures))).toBe(imageName(fixtures));
  });

  it('that is broken is not trusted: the start makes the database and a good image again', async () => {
    // Fixtures of their own again: this process has read the first test's image already, and keeps it.
    const other = structuredClone(fixtures);
    other.tables.merchants[0]!.api_key = `image-test-broken-${process.pid}`;
    const broken = join(cache, imageName(other));
    writeFileSync(broken, 'not a tarball');
    const db = await memoryDatabase(other);
    try {
      expect((await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants')).rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    expect(findImage(other)!.byteLength).toBeGreaterThan(1000);
    rmSync(broken, { force: true });
    rmSync(cached, { force: true });
  });

  it('in a cache others can write, or changed since it was written, is not loaded', () => {
    // Planted bytes under names of their own (this process keeps what it has read once).
    const bytes = new Uint8Array(4096).fill(7);
    const named = (what: string) => {
      const other = structuredClone(fixtures);
      other.tables.merchants[0]!.api_key = `image-test-${what}-${process.pid}`;
      return { other, file: saveImage(other, bytes) };
    };
    expect(findImage(named('kept').other)!.byteLength).toBe(4096);
    const spoil: [string, (file: string) => void][] = [
      ['an image others may write', (file) => chmodSync(file, 0o666)],
      ['an image others may read', (file) => chmodSync(file, 0o644)],
      ['a hash others may write', (file) => chmodSync(`${file}.sha256`, 0o622)],
      ['bytes that are not the hash\'s', (file) => writeFileSync(file, 'planted', { mode: 0o600 })],
      ['no hash', (file) => rmSync(`${file}.sha256`)],
    ];
    for (const [what, change] of spoil) {
      const { other, file } = named(what.replace(/\W/g, '-'));
      change(file);
      expect(findImage(other), what).toBeNull();
    }
  });

  it('lives in a private folder of the user: one someone else opened to others is not used', () => {
    const home = mkdtempSync(join(tmpdir(), 'payui-image-home-'));
    try {
      mkdirSync(join(home, 'payui-mock', 'images'), { recursive: true });
      chmodSync(join(home, 'payui-mock'), 0o777);
      const folder = cacheFolder({ XDG_CACHE_HOME: home });
      expect(folder).not.toBe(join(home, 'payui-mock', 'images'));
      // The fallback: a per-user folder of the temporary folder, as private.
      expect(folder).toBe(join(tmpdir(), `payui-mock-${process.getuid!()}`, 'images'));
      expect(statSync(join(tmpdir(), `payui-mock-${process.getuid!()}`)).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
