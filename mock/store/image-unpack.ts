/**
 * A database image (mock/store/image.ts: a gzipped tarball of a data directory) unpacked for a
 * start, without PGlite's own loader (its `loadDataDir`). That loader decompressed through a web
 * stream, copied every file out of the tarball, and wrote each one into Emscripten's file system by
 * its path, looking up every folder above it first: about half of an in-memory start's CPU
 * (issue 48 item 3). Here the tarball is gunzipped on libuv's thread pool (beside the WebAssembly's
 * compile), read by nanotar (which gives each file's bytes as a view of the tarball, and drops `..`
 * and leading slashes from names), and its files are handed over as they are:
 * - in memory, into Emscripten's memory file system, each file owning its view (no copy);
 * - in a new data directory, written by Node into a folder beside `pg` that becomes `pg` by one
 *   rename, so a start cut short leaves no half-made database behind.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { MemoryFS } from '@electric-sql/pglite';
import { parseTar } from 'nanotar';

/** A file or folder of an image: its path inside the data directory, its mode, and a file's bytes. */
export interface ImageEntry {
  path: string;
  folder: boolean;
  mode: number;
  data: Uint8Array;
}

const gunzipped = promisify(gunzip);
const EMPTY = new Uint8Array(0);

/** The entries of the image `gzipped`, folders before what they hold (as the tarball lists them). */
export async function imageEntries(gzipped: Uint8Array): Promise<ImageEntry[]> {
  // In pieces of 1 MB: with zlib's 16 KB, the 11 MB took ~700 trips between the thread pool and the
  // main thread, 55-80 ms and as much CPU; so, 20 ms, spent on the thread pool.
  const tar = await gunzipped(gzipped, { chunkSize: 1 << 20 });
  // nanotar reads `data.buffer` from its start: a view that starts further in is copied first.
  const whole = tar.byteOffset === 0 && tar.byteLength === tar.buffer.byteLength ? tar : new Uint8Array(tar);
  return parseTar(whole).map((entry) => ({
    path: entry.name.replace(/\/$/, ''),
    folder: entry.type === 'directory',
    mode: Number.parseInt(entry.attrs?.mode ?? '', 8) & 0o777 || (entry.type === 'directory' ? 0o750 : 0o600),
    data: entry.data ?? EMPTY,
  }));
}

/** The part of Emscripten's file system an image is written through. */
interface EmscriptenFs {
  analyzePath(path: string): { exists: boolean };
  mkdir(path: string, mode?: number): unknown;
  writeFile(path: string, data: Uint8Array, options: { canOwn: boolean; mode: number }): void;
}

/**
 * Writes `entries` under `root` of Emscripten's file system, each file owning its bytes (MEMFS
 * keeps the view it is given; a write past its end moves the file into an array of its own).
 */
function writeInto(fs: EmscriptenFs, root: string, entries: ImageEntry[]): void {
  const made = new Set<string>();
  const folder = (path: string): void => {
    if (made.has(path)) return;
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (parent) folder(parent);
    if (!fs.analyzePath(path).exists) fs.mkdir(path);
    made.add(path);
  };
  folder(root);
  for (const entry of entries) {
    const path = `${root}/${entry.path}`;
    if (entry.folder) {
      folder(path);
      continue;
    }
    folder(path.slice(0, path.lastIndexOf('/')));
    fs.writeFile(path, entry.data, { canOwn: true, mode: entry.mode });
  }
}

/**
 * PGlite's in-memory file system, holding the image's files at `pgdata` before Postgres starts (PGlite
 * then finds a database there and opens it, as it opens a data directory).
 */
export class ImageMemoryFS extends MemoryFS {
  #entries: ImageEntry[] | undefined;
  readonly #pgdata: string;

  constructor(entries: ImageEntry[], pgdata: string) {
    super();
    this.#entries = entries;
    this.#pgdata = pgdata;
  }

  override async initialSyncFs(): Promise<void> {
    const entries = this.#entries;
    this.#entries = undefined;
    if (entries) writeInto(this.pg!.Module.FS as unknown as EmscriptenFs, this.#pgdata, entries);
  }
}

/**
 * Writes `entries` as the folder `target`: into `target.unpacking`, then renamed to `target`. The
 * caller holds the data directory's lock and has found no database in `target`. An unpack cut short
 * is removed first; a `target` that holds something else (no Postgres opens a folder without its
 * PG_VERSION) is kept beside it as `target.before-<time>`, never deleted.
 */
export function unpackInto(target: string, entries: ImageEntry[]): void {
  const partial = `${target}.unpacking`;
  rmSync(partial, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, `${target}.before-${Date.now()}`);
  try {
    const made = new Set<string>();
    const folder = (path: string, mode: number): void => {
      if (!made.has(path)) mkdirSync(path, { recursive: true, mode });
      made.add(path);
    };
    folder(partial, 0o700);
    for (const entry of entries) {
      const path = join(partial, entry.path);
      if (entry.folder) folder(path, entry.mode);
      else {
        folder(dirname(path), 0o700);
        writeFileSync(path, entry.data, { mode: entry.mode });
      }
    }
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}
