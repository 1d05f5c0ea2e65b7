// One direction between the packages (issue 36, item 4), and inside the service (item 6): the offline service, `payui-mock`, uses
// the server kit only through its public entry, `payui-embed/server`, as a merchant's code does —
// never a module of src/ by its path — so the kit's internals can change without the service
// noticing, and what the service relies on is what merchants get.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MOCK = join(ROOT, 'mock');
const SRC = join(ROOT, 'src');

/**
 * Imports of src/ the service keeps, each with why. The payment UI's page speaks the widget's wire
 * format (it is the other end of the widget's channel), which no public entry exports.
 */
const KEPT: Record<string, string[]> = {
  'mock/payment-ui/bridge.ts': ['src/core/protocol'],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function specifiers(text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return [...new Set(found)];
}

describe('payui-mock and the server kit', () => {
  // The service itself: its tests (mock/test/) may test it against the kit's own modules.
  const files = sources(MOCK).filter((file) => !file.startsWith(join(MOCK, 'test') + '/'));

  it('reads its sources (the walk finds the service)', () => {
    expect(files.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['mock/app/service.ts', 'mock/webhooks/payloads.ts', 'mock/api/app.ts']));
  });

  it('imports nothing of src/ by path: the kit only as payui-embed/server', () => {
    const reaching: string[] = [];
    for (const file of files) {
      const name = relative(ROOT, file);
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(ROOT, resolve(dirname(file), specifier));
        if (resolve(ROOT, target).startsWith(SRC + '/') && !(KEPT[name] ?? []).includes(target)) reaching.push(`${name} → ${target}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it('finds such an import where there is one (the check can fail)', () => {
    expect(specifiers("import type { Webhook } from '../../src/server/payloads';\nconst m = await import('../src/server/http');")).toEqual(['../../src/server/payloads', '../src/server/http']);
  });
});

/**
 * The service's folders from the bottom up (DESIGN.md §8d): a folder imports only folders below it,
 * so no folder reaches up (store/ never to domain/ or the payment UI) and no two folders lean on each
 * other. `lib/` is plain helpers that know nothing of the service; `spec/` the contract; `store/`
 * SQL, one module per table; `http/` the one HTTP stack; `webhooks/` the outbox's sender and the
 * payloads; `domain/` payments, billing, sessions, tokens; then what answers requests (`api/`, the
 * payment UI's server and page, the console) and, on top, `app/` (start, stop, the command) and `bin/`.
 */
const LAYERS: Record<string, number> = {
  lib: 0,
  spec: 1,
  fixtures: 1,
  store: 2,
  http: 2,
  webhooks: 3,
  domain: 4,
  api: 5,
  'payment-ui': 5,
  console: 5,
  '.': 5,
  app: 6,
  bin: 7,
  // The service's tests: they may use any part; no part uses them.
  test: 8,
};

/** The folder of `mock/` a file is in (`.` for the package's own top-level files). */
const folderOf = (file: string) => {
  const parts = relative(MOCK, file).split('/');
  return parts.length > 1 ? parts[0]! : '.';
};

/** The file a relative specifier names, if it is a source of the service. */
function target(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((path) => known.has(path));
}

/** Arrows that go against LAYERS, and file-level import circles, among `files` (path → text). */
export function layerProblems(files: Map<string, string>): string[] {
  const known = new Set(files.keys());
  const problems: string[] = [];
  const edges = new Map<string, string[]>();
  for (const [file, text] of files) {
    const from = folderOf(file);
    const to = specifiers(text).flatMap((s) => (s.startsWith('.') ? [target(file, s, known)].filter((t): t is string => t !== undefined) : []));
    edges.set(file, to);
    for (const t of to) {
      const into = folderOf(t);
      if (into === from) continue;
      if (!(from in LAYERS) || !(into in LAYERS)) problems.push(`${relative(MOCK, file)} → ${relative(MOCK, t)}: a folder LAYERS does not place`);
      else if (LAYERS[into]! >= LAYERS[from]!) problems.push(`${relative(MOCK, file)} → ${relative(MOCK, t)}: ${from}/ may not import ${into}/`);
    }
  }
  // File-level circles (a folder may import itself, but not round in a circle).
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      problems.push(`circle: ${[...path.slice(path.indexOf(file)), file].map((f) => relative(MOCK, f)).join(' → ')}`);
      return;
    }
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files.keys()) visit(file, []);
  return problems;
}

describe('the service inside: folders import one way', () => {
  const files = new Map(sources(MOCK).map((file) => [file, readFileSync(file, 'utf8')] as const));

  it('has every import going down the layers, and no import circle', () => {
    expect(layerProblems(files)).toEqual([]);
  });

  it('finds an arrow up and a circle where there are (the check can fail)', () => {
    const at = (name: string) => join(MOCK, name);
    const made = new Map([
      [at('store/a.ts'), "import { b } from '../domain/b';"],
      [at('domain/b.ts'), "import { c } from './c';"],
      [at('domain/c.ts'), "import { b } from './b';"],
    ]);
    expect(layerProblems(made)).toEqual([
      'store/a.ts → domain/b.ts: store/ may not import domain/',
      'circle: domain/b.ts → domain/c.ts → domain/b.ts',
    ]);
  });
});

/**
 * `api/` is transport (issue 49 item 9): it reads what it answers from `store/` as it likes, but a
 * change goes through a use case of `domain/`, which holds the rules of the change (its transaction,
 * its locks, what else changes with it), never through a writer of `store/` called from a handler.
 * Reads stay: a GET that reads the catalogue has no rule to keep, and a domain function that only
 * passed the read on would add nothing. A store function writes when its body holds an INSERT,
 * UPDATE, DELETE or TRUNCATE, or calls one of its module's functions that does.
 */
export function storeWriters(text: string): string[] {
  const starts = [...text.matchAll(/^(export\s+)?(?:async\s+)?function\s+([A-Za-z0-9_$]+)|^(export\s+)?const\s+([A-Za-z0-9_$]+)\s*=/gm)]
    .map((m) => ({ name: (m[2] ?? m[4])!, exported: Boolean(m[1] ?? m[3]), at: m.index }));
  const bodies = new Map(starts.map((f, i) => [f.name, text.slice(f.at, starts[i + 1]?.at ?? text.length).replace(/^[^(=]*/, '')] as const));
  const writes = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:[a-z_][a-z0-9_]*|\$\{)/;
  const writers = new Set([...bodies].filter(([, body]) => writes.test(body)).map(([name]) => name));
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, body] of bodies) {
      if (!writers.has(name) && [...writers].some((writer) => new RegExp(`\\b${writer.replace('$', '\\$')}\\s*\\(`).test(body))) {
        writers.add(name);
        grew = true;
      }
    }
  }
  return starts.filter((f) => f.exported && writers.has(f.name)).map((f) => f.name);
}

/** The names a module imports for its run (not `import type`, not `type X`), by the file they come from. */
function importedNames(file: string, text: string, known: Set<string>): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const m of text.matchAll(/^import\s+\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/gm)) {
    const from = m[2]!.startsWith('.') ? target(file, m[2]!, known) : undefined;
    if (!from) continue;
    const own = m[1]!.split(',').map((part) => part.trim()).filter((part) => part && !part.startsWith('type ')).map((part) => part.split(/\s+as\s+/)[0]!.trim());
    names.set(from, [...(names.get(from) ?? []), ...own]);
  }
  return names;
}

/**
 * Writers of store/ that api/ still calls, waiting for their move into domain/: remove each once it
 * has moved. None now: the request context (the clocks, the fault rules) is put together in
 * mock/domain/service-context.ts.
 */
const API_WRITES_PENDING: Record<string, string[]> = {};

/** What api/ files call of store/'s writers, among `files` (path → text), less `pending`'s. */
export function apiWriteProblems(files: Map<string, string>, pending: Record<string, string[]> = {}): string[] {
  const known = new Set(files.keys());
  const writers = new Map([...files].filter(([file]) => folderOf(file) === 'store').map(([file, text]) => [file, new Set(storeWriters(text))] as const));
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (folderOf(file) !== 'api') continue;
    const name = relative(MOCK, file);
    for (const [from, names] of importedNames(file, text, known)) {
      for (const called of names.filter((n) => writers.get(from)?.has(n))) {
        if (!pending[name]?.includes(called)) problems.push(`${name} calls ${relative(MOCK, from)}'s ${called}: a change goes through domain/`);
      }
    }
  }
  return problems;
}

describe('the service inside: api/ is transport, and changes go through domain/', () => {
  const files = new Map(sources(MOCK).map((file) => [file, readFileSync(file, 'utf8')] as const));

  it('has no handler that calls a writer of store/ (but those still pending)', () => {
    expect(apiWriteProblems(files, API_WRITES_PENDING)).toEqual([]);
  });

  it('keeps no pending line that nothing needs', () => {
    const now = apiWriteProblems(files);
    for (const [file, names] of Object.entries(API_WRITES_PENDING)) {
      for (const name of names) expect(now.some((problem) => problem.startsWith(`${file} calls `) && problem.includes(`'s ${name}:`)), `${file}: ${name}`).toBe(true);
    }
  });

  it('finds a write a handler calls, through a helper of its module too, and lets reads and domain/ be (the check can fail)', () => {
    const at = (name: string) => join(MOCK, name);
    const made = new Map([
      [at('store/things.ts'), [
        "export async function readThing(sql) { return sql.query('SELECT data FROM things WHERE id = $1'); }",
        "async function write(sql, id) { await sql.query('UPDATE things SET data = $2 WHERE id = $1', [id]); }",
        'export async function renameThing(sql, id) { await write(sql, id); }',
        "export const dropThing = (sql, id) => sql.query('DELETE FROM things WHERE id = $1', [id]);",
      ].join('\n')],
      [at('domain/things.ts'), "import { renameThing } from '../store/things';"],
      [at('api/things.ts'), "import { readThing, renameThing, type Thing } from '../store/things';\nimport { dropThing as drop } from '../store/things';"],
    ]);
    expect(storeWriters(made.get(at('store/things.ts'))!)).toEqual(['renameThing', 'dropThing']);
    expect(apiWriteProblems(made)).toEqual([
      "api/things.ts calls store/things.ts's renameThing: a change goes through domain/",
      "api/things.ts calls store/things.ts's dropThing: a change goes through domain/",
    ]);
  });
});

/**
 * What a module loads when it runs: its relative imports that are not `import type` / `export type`
 * (erased), followed to the end, and the packages they name.
 */
export function loadedBy(entry: string, read: (file: string) => string | undefined): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = read(file);
    if (text === undefined) return;
    files.add(file);
    const runtime = text.replace(/^\s*(?:import|export)\s+type\b[^;]*;/gm, '');
    for (const specifier of specifiers(runtime)) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const base = resolve(dirname(file), specifier);
        const next = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => read(path) !== undefined);
        if (next) visit(next);
      }
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(MOCK, file)), packages: [...packages] };
}

describe('payui-mock/client: the typed client alone (issue 46 item 13)', () => {
  const read = (file: string) => {
    try {
      return /\.(ts|tsx|json)$/.test(file) ? readFileSync(file, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };

  it('is an entry of the package, built from mock/client.ts, typed', () => {
    const pkg = JSON.parse(readFileSync(join(MOCK, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; files: string[] };
    expect(pkg.exports['./client']).toEqual({ types: './client-entry.d.ts', default: './dist/client.js' });
    expect(pkg.files).toContain('client-entry.d.ts');
    expect(readFileSync(join(ROOT, 'vite.config.ts'), 'utf8')).toContain("client: root('mock/client.ts')");
  });

  it('loads none of the service: only the contract it reads its routes from, and no package', () => {
    expect(loadedBy(join(MOCK, 'client.ts'), read)).toEqual({ files: ['client.ts', 'spec/openapi.json'], packages: [] });
  });

  it('sees what the whole entry loads (the check can fail)', () => {
    const whole = loadedBy(join(MOCK, 'app', 'start.ts'), read);
    expect(whole.files).toEqual(expect.arrayContaining(['app/service.ts', 'store/database.ts', 'client.ts']));
    expect(whole.packages).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite']));
  });
});
