// A new in-memory service starts from a prepared image of its seeded database (mock/store/image.ts)
// instead of creating, migrating and seeding one: the image is named by what made it, kept in the
// system's temporary folder (never the working directory), holds exactly the seeded state, and a
// broken one is made again rather than trusted.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoFixtures, memoryDatabase } from '../store/memory';
import { findImage, imageName } from '../store/image';
import { exportState } from '../store/snapshot';

// Fixtures of this test's own, so its images are not the ones other test files load.
const fixtures = structuredClone(demoFixtures) as { tables: { merchants: { api_key: string }[] } };
fixtures.tables.merchants[0]!.api_key = `image-test-${process.pid}`;
const cached = join(tmpdir(), 'payui-mock-images', imageName(fixtures));

// The embedded engine's: on a Postgres server (npm run test:server) an "in memory" database is a scratch database there.
describe.skipIf(Boolean(process.env.PAYUI_TEST_DATABASE_URL))('the database image', { timeout: 60_000 }, () => {
  it('is made by the first start, loaded by the next, and holds the same state', async () => {
    rmSync(cached, { force: true });
    expect(findImage(fixtures)).toBeNull();
    const first = await memoryDatabase(fixtures);
    expect(existsSync(cached)).toBe(true);
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

  it('is named by the fixtures (and the schema and PGlite): other fixtures, another image', () => {
    expect(imageName(fixtures)).not.toBe(imageName(demoFixtures));
    expect(imageName(structuredClone(fixtures))).toBe(imageName(fixtures));
  });

  it('that is broken is not trusted: the start makes the database and a good image again', async () => {
    // Fixtures of their own again: this process has read the first test's image already, and keeps it.
    const other = structuredClone(fixtures);
    other.tables.merchants[0]!.api_key = `image-test-broken-${process.pid}`;
    const broken = join(tmpdir(), 'payui-mock-images', imageName(other));
    writeFileSync(broken, 'not a tarball');
    const db = await memoryDatabase(other);
    try {
      expect((await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants')).rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    expect(findImage(other)!.size).toBeGreaterThan(1000);
    rmSync(broken, { force: true });
    rmSync(cached, { force: true });
  });
});
