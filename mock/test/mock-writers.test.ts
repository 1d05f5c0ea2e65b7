// One writer per table, in store/ (issue 36 item 2, DESIGN.md §8d): every INSERT, UPDATE, DELETE and
// TRUNCATE of a table in the offline service (its migrations aside) is in one module of mock/store/,
// the table's writer, so what can change a table is found in one place; and no SQL at all outside
// mock/store/ (handlers and the domain call the store's functions by what they do).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MOCK = resolve(import.meta.dirname, '../../mock');

/** The schema's migrations write whatever they need: they are not a table's writer. */
const SKIPPED = new Set(['store/migrations.ts']);

/**
 * Modules that write with the table's name in a variable, and the tables that may be. The catalogue's
 * five record tables share one writer (store/catalog.ts, typed by its `CatalogTable`).
 */
const DYNAMIC: Record<string, string[]> = {
  'store/catalog.ts': ['packages', 'items', 'item_groups', 'user_attributes', 'games'],
};

/**
 * The whole-merchant operations, named exceptions: they write tables other modules own, because
 * they work on everything a merchant (or the service) holds at once, in one transaction. Their
 * writes of these tables do not make them the tables' writers.
 */
const WHOLE_MERCHANT: Record<string, { why: string; tables: string[] | 'every table' }> = {
  'store/snapshot.ts': { why: "a snapshot's import empties and writes every table (the service's whole state)", tables: 'every table' },
  'store/sandboxes.ts': {
    why: "a sandbox's reset or removal deletes what the merchant holds that no cascade from its projects or merchant row takes",
    tables: ['merchant_clocks', 'payments', 'projects', 'subscriptions', 'webhook_log'],
  },
};

/** Writes still outside their table's one writer, waiting for work under way. Remove each line once its write has moved. */
const PENDING: Record<string, string[]> = {};

/** Files outside store/ that still hold SQL, waiting for the same work (see PENDING). */
const PENDING_SQL: Record<string, string> = {};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // The service's tests (mock/test/) set up what they check with SQL of their own: they are not the service.
    if (entry.name === 'node_modules' || entry.name === 'dist' || (dir === MOCK && entry.name === 'test')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The tables a module's statements write: a name, or `*` for one held in a variable (`${table}`). */
export function writtenTables(text: string): string[] {
  const found = [...text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+([a-z_][a-z0-9_]*|\$\{)/g)].map((m) => (m[1] === '${' ? '*' : m[1]!));
  return [...new Set(found)];
}

/** Whether a module holds SQL: a query called on a statement, or a statement's text in a string. */
export function holdsSql(text: string): boolean {
  return /\.(?:query|exec)\s*(?:<[^>]*>)?\(\s*['"`]/.test(text)
    || /\b(?:sql|db\.sql|tx|client)\.(?:query|exec)\s*(?:<[^>]*>)?\(/.test(text)
    || /['"`]\s*(?:SELECT\b[^'"`]*\bFROM\b|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+[a-z_]+\s+SET\b|WITH\s+(?:RECURSIVE\s+)?[a-z_]+\s*(?:\([^)]*\)\s*)?AS\s*\()/.test(text);
}

/** Tables written by more than one module, or by a module outside store/, among `files` (path under mock/ → text). */
export function writerProblems(files: Map<string, string>): string[] {
  const writers = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (SKIPPED.has(file)) continue;
    const whole = WHOLE_MERCHANT[file];
    for (const written of writtenTables(text)) {
      if (whole && (whole.tables === 'every table' || whole.tables.includes(written))) continue;
      if (PENDING[file]?.includes(written)) continue;
      const tables = written === '*' ? DYNAMIC[file] : [written];
      if (!tables) {
        problems.push(`${file} writes a table named in a variable: list the tables it may be in DYNAMIC`);
        continue;
      }
      for (const table of tables) {
        if (!writers.has(table)) writers.set(table, new Set());
        writers.get(table)!.add(file);
      }
    }
  }
  for (const [table, by] of [...writers].sort(([a], [b]) => a.localeCompare(b))) {
    if (by.size > 1) problems.push(`${table} is written by ${[...by].sort().join(' and ')}: one module of store/ writes it, the others call it`);
    for (const file of by) if (!file.startsWith('store/')) problems.push(`${table} is written outside store/, by ${file}`);
  }
  return problems;
}

describe('the service inside: one writer per table', () => {
  const files = new Map(sources(MOCK).map((file) => [relative(MOCK, file), readFileSync(file, 'utf8')] as const));

  it('reads the statements (the walk finds the writers it should)', () => {
    expect(writtenTables(files.get('store/payments.ts')!)).toContain('payments');
    expect(writtenTables(files.get('store/catalog.ts')!)).toEqual(expect.arrayContaining(['*', 'items', 'virtual_currencies']));
  });

  it('has each table written by one module of store/ (its writer), the whole-merchant operations named apart', () => {
    expect(writerProblems(files)).toEqual([]);
  });

  it("lists the catalogue's record tables as store/catalog.ts types them", () => {
    const type = /export type CatalogTable = ([^;]+);/.exec(files.get('store/catalog.ts')!)?.[1] ?? '';
    expect([...type.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort()).toEqual([...DYNAMIC['store/catalog.ts']!].sort());
  });

  it('keeps no exception that nothing needs (each named write is still there)', () => {
    for (const [file, { tables }] of Object.entries(WHOLE_MERCHANT)) {
      const written = writtenTables(files.get(file) ?? '');
      expect(written.length, file).toBeGreaterThan(0);
      if (tables !== 'every table') for (const table of tables) expect(written, `${file} → ${table}`).toContain(table);
    }
  });

  it('finds a second writer, a writer outside store/ and a table in a variable (the check can fail)', () => {
    const made = new Map([
      ['store/payments.ts', "await sql.query('INSERT INTO payments (id) VALUES ($1)', [id]);"],
      ['domain/refunds.ts', "await sql.query(\"UPDATE payments SET status = 'refunded' WHERE id = $1\", [id]);"],
      ['api/records.ts', 'await sql.query(`DELETE FROM ${table} WHERE id = $1`, [id]);'],
      ['store/sandboxes.ts', "await sql.query('DELETE FROM payments WHERE merchant_id = $1', [id]);"],
    ]);
    expect(writerProblems(made)).toEqual([
      'api/records.ts writes a table named in a variable: list the tables it may be in DYNAMIC',
      'payments is written by domain/refunds.ts and store/payments.ts: one module of store/ writes it, the others call it',
      'payments is written outside store/, by domain/refunds.ts',
    ]);
  });
});

describe('the service inside: SQL only in store/', () => {
  const files = new Map(sources(MOCK).map((file) => [relative(MOCK, file), readFileSync(file, 'utf8')] as const));

  it('has no SQL outside mock/store/ (handlers and the domain call the store)', () => {
    const outside = [...files].filter(([file, text]) => !file.startsWith('store/') && !(file in PENDING_SQL) && holdsSql(text)).map(([file]) => file);
    expect(outside).toEqual([]);
  });

  it('tells SQL from a regular expression and an HTTP method (the check can fail)', () => {
    expect(holdsSql("const { rows } = await call.context.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users', []);")).toBe(true);
    expect(holdsSql('await sql.query(\n  `UPDATE items SET data = $2 WHERE id = $1`, [id, data]);')).toBe(true);
    expect(holdsSql('const text = `WITH RECURSIVE chain (id, parent) AS (SELECT 1)`;')).toBe(true);
    expect(holdsSql("const match = /^Basic (.+)$/.exec(header ?? '');\nawait api('DELETE', path);")).toBe(false);
  });
});
