/** Databases in memory: seeded with the demo merchant, for tests and `--in-memory`. */
import { isNewDataDir, openDatabase, type Database } from './database';
import { importState, isEmpty } from './snapshot';
import { findImage, saveImage } from './image';
import { openServerDatabase, scratchServerDatabase } from './server-database';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };

export { demoFixtures };

/**
 * A database in memory holding the demo merchant (or `fixtures`): loaded from their prepared image
 * when there is one (mock/store/image.ts), else made and seeded, and its image kept for next time.
 */
export async function memoryDatabase(fixtures: unknown = demoFixtures): Promise<Database> {
  // The service's tests on a Postgres server: each "in memory" database is one of its own there.
  const server = process.env.PAYUI_TEST_DATABASE_URL;
  if (server) {
    const scratch = await scratchServerDatabase(server);
    await importState(scratch, fixtures);
    return scratch;
  }
  const image = findImage(fixtures);
  if (image) {
    try {
      return await openDatabase(null, image);
    } catch {
      // An image that does not load (cut short, say) is made again below.
    }
  }
  const db = await openDatabase(null);
  await importState(db, fixtures);
  try {
    saveImage(fixtures, await db.dump());
  } catch {
    // No cache (a read-only temporary folder): the next start makes its own.
  }
  return db;
}

/**
 * Opens the service's database, seeding it with `fixtures` when it is new: on the Postgres server at
 * `databaseUrl` when one is given, else the data directory (null: memory).
 */
export async function openServiceDatabase(dataDir: string | null, fixtures: unknown = demoFixtures, databaseUrl?: string): Promise<Database> {
  if (databaseUrl) {
    const db = await openServerDatabase(databaseUrl);
    if (await isEmpty(db)) await importState(db, fixtures);
    return db;
  }
  if (dataDir === null) return memoryDatabase(fixtures);
  // A new data directory starts as a copy of the fixtures' image when there is one: already seeded.
  const db = await openDatabase(dataDir, isNewDataDir(dataDir) ? findImage(fixtures) ?? undefined : undefined);
  if (await isEmpty(db)) await importState(db, fixtures);
  return db;
}

/** One database in memory per process, for services made without one (tests of other parts). */
let shared: Promise<Database> | undefined;
export const sharedMemoryDatabase = () => (shared ??= memoryDatabase());
