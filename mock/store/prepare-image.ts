/**
 * `node mock/dist/prepare-image.js` (run by the repository's build): writes the demo merchant's
 * database image and its SHA-256 beside the built service, so a new in-memory service loads it instead of creating
 * and seeding a database (mock/store/image.ts).
 */
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database';
import { saveImage } from './image';
import { demoFixtures } from './memory';
import { importState } from './snapshot';

const db = await openDatabase(null);
try {
  await importState(db, demoFixtures);
  const file = saveImage(demoFixtures, await db.dump(), fileURLToPath(new URL('./', import.meta.url)));
  console.log(`build: the demo database image, ${file}`);
} finally {
  await db.close();
}
