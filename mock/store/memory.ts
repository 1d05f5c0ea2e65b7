/** Databases in memory: seeded with the demo merchant, for tests and `--in-memory`. */
import { openDatabase, type Database } from './database';
import { importState, isEmpty } from './snapshot';
import { findImage, saveImage } from './image';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };

export { demoFixtures };

/**
 * A database in memory holding the demo merchant (or `fixtures`): loaded from their prepared image
 * when there is one (mock/store/image.ts), else made and seeded, and its image kept for next time.
 */
export async function memoryDatabase(fixtures: unknown = demoFixtures): Promise<Database> {
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

/** Opens the data directory (null: memory), seeding it with `fixtures` when it is new. */
export async function openServiceDatabase(dataDir: string | null, fixtures: unknown = demoFixtures): Promise<Database> {
  if (dataDir === null) return memoryDatabase(fixtures);
  const db = await openDatabase(dataDir);
  if (await isEmpty(db)) await importState(db, fixtures);
  return db;
}

/** One database in memory per process, for services made without one (tests of other parts). */
let shared: Promise<Database> | undefined;
export const sharedMemoryDatabase = () => (shared ??= memoryDatabase());
