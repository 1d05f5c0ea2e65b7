/**
 * A prepared database image: the state a new in-memory service starts with (the schema of every
 * migration and the seed fixtures), dumped once and loaded at each start instead of creating a
 * cluster, migrating and seeding (PGlite's `loadDataDir`). Most of a start was that work.
 *
 * An image is named by a hash of what made it (the migrations, the fixtures, PGlite's version), so
 * one made by another version is never loaded. They are looked for beside the built service (the
 * build writes the demo merchant's: `mock/dist/image-<hash>.tar.gz`, shipped in the package), then
 * in a cache of the system's temporary folder, where a start that had to build one leaves it for
 * the next (never in the working directory).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from './migrations';
import { ENGINE_SETTINGS } from './database';

/** Where a start that had to make an image leaves it. */
const CACHE = join(tmpdir(), 'payui-mock-images');

/** PGlite's version: its package.json, found above the file its name resolves to (its exports hide it). */
function findPgliteVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let up = 0; up < 4; up += 1, folder = dirname(folder)) {
    try {
      const found = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (found.name === '@electric-sql/pglite') return found.version ?? '';
    } catch {
      // Not this folder.
    }
  }
  return 'unknown';
}

let pgliteVersion: string | undefined;
/** Names already worked out, by fixtures object (the demo's is one object for the whole process). */
const names = new WeakMap<object, string>();
/** Images read this process, by name: each database made from one reads no file again. */
const loaded = new Map<string, Blob>();

/** The file name of the image of `fixtures` on this schema and this PGlite. */
export function imageName(fixtures: unknown): string {
  const known = typeof fixtures === 'object' && fixtures !== null ? names.get(fixtures) : undefined;
  if (known) return known;
  pgliteVersion ??= findPgliteVersion();
  const hash = createHash('sha256').update(JSON.stringify({ migrations: MIGRATIONS, fixtures, pglite: pgliteVersion, engine: ENGINE_SETTINGS })).digest('hex');
  const name = `image-${hash.slice(0, 20)}.tar.gz`;
  if (typeof fixtures === 'object' && fixtures !== null) names.set(fixtures, name);
  return name;
}

/** Where images are looked for, in order: beside the built service, then the cache. */
const places = (): string[] => [
  // Built: this code is in mock/dist/ or a chunk in mock/dist/assets/; from source, mock/store/.
  fileURLToPath(new URL('./', import.meta.url)),
  fileURLToPath(new URL('../', import.meta.url)),
  fileURLToPath(new URL('../dist/', import.meta.url)),
  CACHE,
];

/** The image of `fixtures`, or null when none was made yet. */
export function findImage(fixtures: unknown): Blob | null {
  const name = imageName(fixtures);
  const known = loaded.get(name);
  if (known) return known;
  for (const place of places()) {
    try {
      const image = new Blob([readFileSync(join(place, name))]);
      loaded.set(name, image);
      return image;
    } catch {
      // Not there: the next place.
    }
  }
  return null;
}

/**
 * Writes an image into `folder` (default: the cache), whole or not at all (two starts may write one
 * at once); it replaces one this process read (which did not load, say).
 */
export function saveImage(fixtures: unknown, bytes: Uint8Array, folder = CACHE): string {
  mkdirSync(folder, { recursive: true });
  const name = imageName(fixtures);
  loaded.delete(name);
  const file = join(folder, name);
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}
