/** Databases in memory: seeded with the demo merchant, for tests and `--in-memory`. */
import { openDatabase, type Database } from './database';
import { importState, isEmpty } from './snapshot';
import demoFixtures from '../fixtures/demo.json' with { type: 'json' };

export { demoFixtures };

/** A database in memory holding the demo merchant (or `fixtures`). */
export async function memoryDatabase(fixtures: unknown = demoFixtures): Promise<Database> {
  const db = await openDatabase(null);
  await importState(db, fixtures);
  return db;
}

/** Opens the data directory (null: memory), seeding it with `fixtures` when it is new. */
export async function openServiceDatabase(dataDir: string | null, fixtures: unknown = demoFixtures): Promise<Database> {
  const db = await openDatabase(dataDir);
  if (await isEmpty(db)) await importState(db, fixtures);
  return db;
}

/** One database in memory per process, for services made without one (tests of other parts). */
let shared: Promise<Database> | undefined;
export const sharedMemoryDatabase = () => (shared ??= memoryDatabase());
