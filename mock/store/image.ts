/**
 * A prepared database image: the state a new in-memory service starts with (the schema of every
 * migration and the seed fixtures), dumped once and loaded at each start instead of creating a
 * cluster, migrating and seeding (PGlite's `loadDataDir`). Most of a start was that work.
 *
 * An image is named by a hash of what made it (the migrations, the fixtures, PGlite's version), so
 * one made by another version is never loaded. They are looked for beside the built service (the
 * build writes the demo merchant's: `mock/dist/image-<hash>.tar.gz`, shipped in the package with
 * the SHA-256 of its bytes in `image-<hash>.tar.gz.sha256`), then in the user's private cache, where
 * a start that had to build one leaves it for the next (never in the working directory).
 *
 * An image is the whole database the service trusts (its merchants' keys, their webhook addresses),
 * so no other local user may write one it reads: the cache is a folder of the user's own
 * (`$XDG_CACHE_HOME/payui-mock/images`, else `~/.cache/payui-mock/images`, else a per-user folder of
 * the temporary folder), made 0700, its files 0600; a folder or file that is not the user's, or that
 * others may write (or read), is not used. Every image is read only when its bytes match the
 * SHA-256 written beside it, so a cut-short or changed file is made again rather than loaded.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, type Stats } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from './migrations';
import { ENGINE_SETTINGS } from './database';

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
const loaded = new Map<string, Uint8Array>();

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

/** The user's id, where the system has one (not on Windows, whose temporary folder is the user's). */
const uid = (): number | undefined => process.getuid?.();

/** A folder or file of the user's own that no one else may write or read. */
function isPrivate(stats: Stats): boolean {
  const mine = uid();
  return mine === undefined || (stats.uid === mine && (stats.mode & 0o077) === 0);
}

/**
 * `parent/payui-mock…/images`, made (0700) where it is not there, when `top` (the folder of ours
 * under `parent`) and `images` are private folders of the user's; else null.
 */
function privateFolder(parent: string, top: string): string | null {
  const folder = join(parent, top, 'images');
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (const each of [join(parent, top), folder]) {
      const stats = lstatSync(each);
      if (!stats.isDirectory() || !isPrivate(stats)) return null;
    }
    return folder;
  } catch {
    return null;
  }
}

/**
 * The user's private image cache, or null when none can be had: `payui-mock/images` under
 * `XDG_CACHE_HOME` (absolute) or `~/.cache`, else `payui-mock-<uid>/images` in the temporary folder;
 * made 0700 and checked to be the user's and closed to others (a folder someone else made is not used).
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | null {
  const xdg = env.XDG_CACHE_HOME;
  let home = '';
  try {
    home = homedir();
  } catch {
    // No home folder: the temporary folder's.
  }
  const base = xdg && isAbsolute(xdg) ? xdg : home ? join(home, '.cache') : '';
  return (base ? privateFolder(base, 'payui-mock') : null) ?? privateFolder(tmpdir(), `payui-mock-${uid() ?? 'user'}`);
}

/** The SHA-256 of `bytes`, in hex: what the `.sha256` file beside an image holds. */
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A file's bytes, read without following a link; with `mustBePrivate`, only a private file of the user's. */
function readChecked(file: string, mustBePrivate: boolean): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || (mustBePrivate && !isPrivate(stats))) return null;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The image in `folder`, when its bytes match the SHA-256 beside it (and, in the cache, both are private files). */
function readImage(folder: string, name: string, cache: boolean): Buffer | null {
  const bytes = readChecked(join(folder, name), cache);
  if (!bytes) return null;
  const expected = readChecked(join(folder, `${name}.sha256`), cache)?.toString('utf8').trim();
  return expected === sha256(bytes) ? bytes : null;
}

/** The folders of the package where the build leaves its image: this code is in mock/dist/ or a chunk in mock/dist/assets/; from source, mock/store/. */
const packagePlaces = (): string[] => [
  fileURLToPath(new URL('./', import.meta.url)),
  fileURLToPath(new URL('../', import.meta.url)),
  fileURLToPath(new URL('../dist/', import.meta.url)),
];

/** `bytes` as the image `name` of this process. */
function keep(name: string, bytes: Buffer): Uint8Array {
  loaded.set(name, bytes);
  return bytes;
}

/** The image of `fixtures`, or null when none was made yet (or none that can be trusted). */
export function findImage(fixtures: unknown): Uint8Array | null {
  const name = imageName(fixtures);
  const known = loaded.get(name);
  if (known) return known;
  for (const place of packagePlaces()) {
    const bytes = readImage(place, name, false);
    if (bytes) return keep(name, bytes);
  }
  const cache = cacheFolder();
  const bytes = cache ? readImage(cache, name, true) : null;
  if (bytes) return keep(name, bytes);
  return null;
}

/** Writes `bytes` to `file`, whole or not at all (two starts may write one at once). */
function writeWhole(file: string, bytes: Uint8Array | string, mode: number): void {
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  writeFileSync(partial, bytes, { mode, flag: 'wx' });
  renameSync(partial, file);
}

/**
 * Writes an image and its SHA-256 into the user's private cache (files 0600), or with `shipped`
 * into that folder of the package (the build's, readable by all); it replaces one this process read
 * (which did not load, say). Throws when there is no private cache.
 */
export function saveImage(fixtures: unknown, bytes: Uint8Array, shipped?: string): string {
  const folder = shipped ?? cacheFolder();
  if (!folder) throw new Error('payui-mock: no private folder for the database image cache');
  const mode = shipped ? 0o644 : 0o600;
  const name = imageName(fixtures);
  loaded.delete(name);
  const file = join(folder, name);
  writeWhole(file, bytes, mode);
  writeWhole(`${file}.sha256`, `${sha256(bytes)}\n`, mode);
  return file;
}
