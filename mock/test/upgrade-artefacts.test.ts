/**
 * State written by every earlier release opens in this one (DESIGN.md §8e), tried on the real thing:
 * mock/test/artefacts/vN/ holds, for each earlier schema version N, a data directory and an export
 * that the release with N migrations wrote itself (scripts/make-artefacts.mjs ran it: the demo seed
 * and a merchant's own writes made through its API), with every table's rows as its own database
 * engine read them (rows.json). Today's release opens a copy of the directory and imports the
 * export, and every table must hold what the artefact held: the same rows, changed only by what a
 * migration deliberately does to them (UPGRADES below, one entry per migration that touches rows
 * already there). A migration that adds no artefact of the version before it fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../store/database';
import { memoryDatabase } from '../store/memory';
import { MIGRATIONS } from '../store/migrations';
import { importState, type Snapshot } from '../store/snapshot';

type Row = Record<string, unknown>;
type Tables = Record<string, Row[]>;

const ARTEFACTS = join(import.meta.dirname, 'artefacts');
const VERSIONS = Array.from({ length: MIGRATIONS.length - 1 }, (_, i) => i + 1);

/**
 * What each migration does to rows that were there before it (mock/store/migrations.ts), applied in
 * order to an artefact's rows to get the rows today's release must hold. A migration that only adds
 * tables has no entry (its tables must be empty); nothing else may change, appear or disappear.
 */
const UPGRADES: Record<number, (tables: Tables) => void> = {
  // 5: a user's failed logins (a row per attempt) become one counter row: the first attempt's time and the count.
  5: (t) => {
    const byUser = new Map<string, Row>();
    for (const failure of t.login_failures ?? []) {
      const key = `${String(failure.login_project_id)} ${String(failure.username)}`;
      const at = String(failure.at);
      const counted = byUser.get(key);
      if (!counted) byUser.set(key, { login_project_id: failure.login_project_id, username: failure.username, first_at: at, count: 1 });
      else {
        counted.count = (counted.count as number) + 1;
        if (Date.parse(at) < Date.parse(String(counted.first_at))) counted.first_at = at;
      }
    }
    t.login_failures = [...byUser.values()];
  },
  // 7: the service's one clock becomes each merchant's own (each starts where it was); merchants gain `sandbox` and `seed`.
  7: (t) => {
    const clock = t.service_clock ?? [];
    t.merchant_clocks = (t.merchants ?? []).flatMap((m) => clock.map((c) => ({ merchant_id: m.id, offset_ms: c.offset_ms })));
    delete t.service_clock;
    t.merchants = (t.merchants ?? []).map((m) => ({ ...m, sandbox: false, seed: null }));
  },
  // 8: an outbox row gains `sent_by` (none yet).
  8: (t) => {
    t.webhook_outbox = (t.webhook_outbox ?? []).map((row) => ({ ...row, sent_by: null }));
  },
  // 10: a project's `payment_url`, `key` and `ipn_enabled` leave `projects.data` for its webhook_settings row
  // (a row already there wins, and is on); on only when `ipn_enabled` was true with an address and a key.
  // A sandbox's seed (the state its reset puts back) is moved the same way.
  10: (t) => {
    moveWebhookCopies(t);
    for (const merchant of t.merchants ?? []) {
      if (merchant.seed !== null && typeof merchant.seed === 'object') moveWebhookCopies(merchant.seed as Tables);
    }
  },
  // 11: the webhook log of migration 1, never written, is replaced by the one the sender writes.
  11: (t) => {
    expect(t.webhook_log ?? [], 'the webhook log of migration 1 was never written').toEqual([]);
    t.webhook_log = [];
  },
  // 12: an outbox row gains its place in the retry schedule: no attempt made yet, none due, no delivery.
  12: (t) => {
    t.webhook_outbox = (t.webhook_outbox ?? []).map((row) => ({ ...row, attempts: 0, next_attempt: null, delivery: null }));
  },
  // 13: a merchant gains its generation (null is 0: never reset).
  13: (t) => {
    t.merchants = (t.merchants ?? []).map((m) => ({ ...m, generation: null }));
  },
};

/** Migration 10 on one set of tables (the state's, or a seed's): the projects' webhook copies into webhook_settings. */
function moveWebhookCopies(t: Tables): void {
  const settings: Row[] = (t.webhook_settings ?? []).map((row) => ({ ...row, enabled: true }));
  const has = new Set(settings.map((row) => row.project_id));
  const moved = ['payment_url', 'key', 'ipn_enabled'];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  for (const project of t.projects ?? []) {
    const data = project.data as Row;
    if (!moved.some((name) => name in data)) continue;
    if (!has.has(project.id)) {
      settings.push({
        project_id: project.id,
        url: text(data.payment_url),
        secret: text(data.key),
        variant: 'combined',
        enabled: data.ipn_enabled === true && typeof data.payment_url === 'string' && typeof data.key === 'string',
      });
    }
    project.data = Object.fromEntries(Object.entries(data).filter(([name]) => !moved.includes(name)));
  }
  t.webhook_settings = settings;
}

/** The rows today's release must hold for an artefact's rows of schema `version`. */
function upgraded(version: number, tables: Tables): Tables {
  const t: Tables = structuredClone(tables);
  delete t.schema_version;
  for (let migration = version + 1; migration <= MIGRATIONS.length; migration++) UPGRADES[migration]?.(t);
  return t;
}

/** Every table's rows (schema_version aside), as to_jsonb gives them. */
async function rowsOf(db: Database): Promise<Tables> {
  const { rows: names } = await db.sql.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_version' ORDER BY 1",
  );
  const tables: Tables = {};
  for (const { name } of names) {
    const { rows } = await db.sql.query<{ row: Row }>(`SELECT to_jsonb(t) AS row FROM ${name} t`);
    tables[name] = rows.map((r) => r.row);
  }
  return tables;
}

/**
 * A value as it compares: timestamps as instants (engines may print the offset differently), keys in
 * order, and a seed's tables (a state, like an export's) as sets of rows.
 */
function canonical(value: unknown, key?: string): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d/.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  if (Array.isArray(value)) return value.map((item) => canonical(item));
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((name) => [name, canonical((value as Row)[name], name)] as const);
    if (key !== 'seed') return Object.fromEntries(entries);
    return Object.fromEntries(entries.map(([name, rows]) => [name, Array.isArray(rows) ? rows.map((row) => JSON.stringify(row)).sort() : rows]));
  }
  return value;
}

/** Each table's rows in one order, for comparing tables whatever order the engine read them in. */
function comparable(tables: Tables, names: Iterable<string>): Record<string, string[]> {
  return Object.fromEntries([...names].sort().map((name) => [name, (tables[name] ?? []).map((row) => JSON.stringify(canonical(row))).sort()]));
}

const read = (version: number, file: string) => JSON.parse(readFileSync(join(ARTEFACTS, `v${version}`, file), 'utf8')) as unknown;

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

it('holds the artefacts of every earlier schema version (a new migration adds the one of the version before it)', () => {
  const missing = VERSIONS.flatMap((v) => ['data.tar.xz', 'export.json', 'rows.json', 'made.json'].filter((f) => !existsSync(join(ARTEFACTS, `v${v}`, f))).map((f) => `v${v}/${f}`));
  expect(missing, 'make them with `node scripts/make-artefacts.mjs N` (mock/test/artefacts/README.md)').toEqual([]);
  for (const v of VERSIONS) expect((read(v, 'made.json') as { version: number }).version, `v${v}/made.json`).toBe(v);
});

describe.each(VERSIONS)('the artefacts of schema version %i', { timeout: 60_000 }, (version) => {
  const rows = () => read(version, 'rows.json') as Tables;

  it('were written at one moment: the export holds the data directory\'s rows', () => {
    const exported = read(version, 'export.json') as Snapshot;
    expect(exported.version).toBe(version);
    const names = Object.keys(exported.tables);
    expect(comparable(exported.tables as Tables, names)).toEqual(comparable(rows(), names));
  });

  it('its data directory opens in this release with every row kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), `payui-artefact-v${version}-`));
    temporary.push(dir);
    execFileSync('tar', ['-xJf', join(ARTEFACTS, `v${version}`, 'data.tar.xz'), '-C', dir]);
    const started = performance.now();
    const db = await openDatabase(dir);
    try {
      const opened = performance.now() - started;
      const { rows: found } = await db.sql.query<{ version: number }>('SELECT version FROM schema_version');
      expect(found).toEqual([{ version: MIGRATIONS.length }]);
      const now = await rowsOf(db);
      const expected = upgraded(version, rows());
      expect(comparable(now, Object.keys(now))).toEqual(comparable(expected, Object.keys(now)));
      expect(Object.keys(expected).filter((name) => !(name in now)), 'tables gone').toEqual([]);
      console.log(`artefact v${version}: data directory opened and upgraded in ${Math.round(opened)} ms`);
    } finally {
      await db.close();
    }
  });

  it('its export imports into this release with every row kept', async () => {
    const exported = read(version, 'export.json') as Snapshot;
    const db = await memoryDatabase();
    try {
      const started = performance.now();
      await importState(db, exported);
      const took = performance.now() - started;
      const now = await rowsOf(db);
      const expected = upgraded(version, exported.tables as Tables);
      expect(comparable(now, Object.keys(now))).toEqual(comparable(expected, Object.keys(now)));
      expect(Object.keys(expected).filter((name) => !(name in now)), 'tables gone').toEqual([]);
      console.log(`artefact v${version}: export imported in ${Math.round(took)} ms`);
    } finally {
      await db.close();
    }
  });
});
