/**
 * Sandboxes (DESIGN.md §8b): a merchant of its own per test, made from a seed (the service's
 * fixtures, an export, or nothing) with ids of its own, so nothing one sandbox does reaches another.
 * A merchant's seed is kept with it (`merchants.seed`, in the merchant's own ids): a reset deletes
 * what the merchant holds and writes the seed back, the same ids again. The service's own merchants
 * (the fixtures') have no kept seed: theirs is the fixtures' rows.
 *
 * A seed gives a merchant its catalogue, settings, players and their inventory, and its unsold game
 * keys; the history of the export (payments, subscriptions, webhooks, mail, the clock) stays out.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Database, Sql } from './database';
import { insertRows, rowName, type Snapshot, type Table } from './snapshot';
import { remembered } from './read-cache';
import { pageKey, pageRow, pageWhere, type PageAsked } from './pages';
import { dropMerchantLeases } from './outbox';
import type { Variant } from './webhook-settings';
import { projectKey, type ProjectRecord } from './sellables';

type Row = Record<string, unknown>;
type Rows = Partial<Record<Table, Row[]>>;

/** What a seed holds, parents before children (the order rows are written in). */
const SEEDED = [
  'projects', 'virtual_currencies', 'packages', 'item_groups', 'items', 'user_attributes', 'games', 'game_keys',
  'users', 'inventory', 'webhook_settings', 'login_projects', 'login_users', 'subscription_plans', 'subscription_products',
] as const satisfies readonly Table[];

/** Tables whose `id` is an identity: a sandbox's rows take the next values, as new records would. */
const IDENTITIES = ['projects', 'packages', 'item_groups', 'items', 'user_attributes', 'games', 'game_keys', 'subscription_plans', 'subscription_products'] as const;

/** Columns that name another seeded row: the table whose id they carry. */
const REFERENCES: Partial<Record<Table, Record<string, Table>>> = {
  game_keys: { game_id: 'games' },
  inventory: { item_id: 'items' },
  login_users: { login_project_id: 'login_projects' },
};

export interface SandboxAnswer {
  merchant_id: number;
  api_key: string;
  project_ids: number[];
  login_project_ids: string[];
}

export class SandboxSeedError extends Error {
  override name = 'SandboxSeedError';
}

/** There are `cap` sandboxes already: none was made. */
export class SandboxCapError extends Error {
  override name = 'SandboxCapError';
  constructor(readonly cap: number) {
    super(`there are ${cap} sandboxes, as many as the service keeps at once`);
  }
}

/** The advisory lock sandboxes are made under, one at a time (beside the migrations' 4242017 and the due work's). */
const SANDBOX_MAKING = 4242020;

const num = (value: unknown) => Number(value);

/** The seed rows of `merchantId` in `snapshot` (every merchant's when null): its projects and what hangs from them. */
export function merchantRows(snapshot: Snapshot, merchantId: number | null): Rows {
  const t = snapshot.tables;
  const projects = (t.projects ?? []).filter((p) => merchantId === null || num(p.merchant_id) === merchantId);
  const projectIds = new Set(projects.map((p) => num(p.id)));
  const ofProject = (rows: Row[] | undefined) => (rows ?? []).filter((row) => projectIds.has(num(row.project_id)));
  const games = ofProject(t.games);
  const gameIds = new Set(games.map((g) => num(g.id)));
  const logins = ofProject(t.login_projects);
  const loginIds = new Set(logins.map((l) => String(l.id)));
  const rows: Rows = { projects, games, login_projects: logins };
  for (const table of SEEDED) rows[table] ??= ofProject(t[table]);
  // Keys not sold yet (a sold one belongs to a payment the seed leaves out), the Login projects' players.
  rows.game_keys = (t.game_keys ?? []).filter((k) => gameIds.has(num(k.game_id)) && (k.transaction_id === null || k.transaction_id === undefined));
  rows.login_users = (t.login_users ?? []).filter((u) => loginIds.has(String(u.login_project_id)));
  return rows;
}

/** Tables whose rows a seed names by `id` (renumbered, or given new uuids): two rows of one id cannot both be kept. */
const KEYED = [...IDENTITIES, 'login_projects', 'login_users'] as const;

/**
 * What a seed holds that passed the export's check but cannot be a sandbox's: two rows of one id,
 * a row naming a project (or game, item, Login project) the seed does not have. Each named by its row.
 */
export function seedProblems(snapshot: Snapshot): string[] {
  const t = snapshot.tables;
  const problems: string[] = [];
  const ids = new Map<Table, Set<string>>();
  for (const table of KEYED) {
    const first = new Map<string, number>();
    (t[table] ?? []).forEach((row, index) => {
      const id = String(row.id);
      const before = first.get(id);
      if (before === undefined) first.set(id, index);
      else problems.push(`${rowName(table, row, index)}.id: the id of tables.${table}[${before}] again`);
    });
    ids.set(table, new Set(first.keys()));
  }
  for (const table of SEEDED) {
    const references: Record<string, Table> = { ...(table === 'projects' ? {} : { project_id: 'projects' }), ...REFERENCES[table] };
    (t[table] ?? []).forEach((row, index) => {
      for (const [column, target] of Object.entries(references)) {
        if (!(column in row) || (table === 'game_keys' && row.transaction_id != null)) continue;
        if (!ids.get(target)?.has(String(row[column]))) problems.push(`${rowName(table, row, index)}.${column}: no row of tables.${target} with id ${JSON.stringify(row[column])} in the seed`);
      }
    });
  }
  return problems;
}

/** Next values of the identity of `table`, `n` of them. */
async function nextIds(sql: Sql, table: string, n: number): Promise<number[]> {
  if (!n) return [];
  const { rows } = await sql.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id FROM generate_series(1, $2)`, [table, n]);
  return rows.map((row) => num(row.id));
}

/** The seed rows moved to new ids of their own, and to the merchant `merchantId`. */
async function renumber(sql: Sql, rows: Rows, merchantId: number, names?: WeakMap<Row, string>): Promise<Rows> {
  const ids = new Map<Table, Map<string, unknown>>();
  for (const table of IDENTITIES) {
    const found = rows[table] ?? [];
    const fresh = await nextIds(sql, table, found.length);
    ids.set(table, new Map(found.map((row, i) => [String(row.id), fresh[i]])));
  }
  for (const table of ['login_projects', 'login_users'] as const) ids.set(table, new Map((rows[table] ?? []).map((row) => [String(row.id), randomUUID()])));
  const moved = (table: Table, value: unknown) => {
    const to = ids.get(table)?.get(String(value));
    if (to === undefined) throw new SandboxSeedError(`tables.${table}: no row with id ${JSON.stringify(value)} in the seed`);
    return to;
  };
  const out: Rows = {};
  for (const table of SEEDED) {
    out[table] = (rows[table] ?? []).map((row) => {
      const next: Row = { ...row };
      const name = names?.get(row);
      if (name) names!.set(next, name);
      if (ids.has(table)) next.id = moved(table, row.id);
      if ('project_id' in row) next.project_id = moved('projects', row.project_id);
      if (table === 'projects') next.merchant_id = merchantId;
      for (const [column, target] of Object.entries(REFERENCES[table] ?? {})) next[column] = moved(target, row[column]);
      return next;
    });
  }
  return out;
}

/** The seed's rows written; `names`: how the document named each (a refused row is named as the document has it). */
async function writeRows(sql: Sql, rows: Rows, names?: WeakMap<Row, string>): Promise<void> {
  for (const table of SEEDED) await insertRows(sql, table, rows[table], names && ((row, index) => names.get(row) ?? `tables.${table}[${index}]`));
}

const answerOf = (merchantId: number, apiKey: string, rows: Rows): SandboxAnswer => ({
  merchant_id: merchantId,
  api_key: apiKey,
  project_ids: (rows.projects ?? []).map((p) => num(p.id)),
  login_project_ids: (rows.login_projects ?? []).map((l) => String(l.id)),
});

/**
 * A new merchant seeded with `seed`'s rows (of every merchant in it), with ids of its own, a new
 * API key and a clock of its own at real time; one transaction. At most `cap` sandboxes may be there
 * with this one (else SandboxCapError, and nothing is kept): counted in the transaction that adds
 * one, once its seed is written, under a lock every such transaction takes from then to its commit,
 * through this process or another, so sandboxes asked for at once never pass the cap.
 */
export async function createSandbox(db: Database, seed: Snapshot | null, cap = Infinity): Promise<{ sandbox: SandboxAnswer; change: MerchantChange }> {
  const apiKey = randomBytes(24).toString('base64url');
  const problems = seed ? seedProblems(seed) : [];
  if (problems.length) throw new SandboxSeedError(`the seed holds rows a sandbox cannot keep (nothing was made):\n  ${problems.slice(0, 50).join('\n  ')}`);
  // Each row by its place in the document, for a row the database refuses.
  const names = new WeakMap<Row, string>();
  for (const [table, rows] of Object.entries(seed?.tables ?? {})) rows?.forEach((row, index) => names.set(row, rowName(table, row, index)));
  return db.transaction(async (sql) => {
    let merchantId = 0;
    // A random id, as the service's merchant ids look; taken (rarely): another.
    while (!merchantId) {
      const candidate = randomInt(1_000_000, 10_000_000);
      const { rows } = await sql.query('INSERT INTO merchants (id, api_key, sandbox) VALUES ($1, $2, true) ON CONFLICT (id) DO NOTHING RETURNING id', [candidate, apiKey]);
      if (rows.length) merchantId = candidate;
    }
    const rows = seed ? await renumber(sql, merchantRows(seed, null), merchantId, names) : {};
    await writeRows(sql, rows, names);
    await sql.query('UPDATE merchants SET seed = $2 WHERE id = $1', [merchantId, JSON.stringify(rows)]);
    // The cap, counted last (this one with the others) under a lock held to the commit: the seeds of
    // sandboxes asked for at once are written side by side, and only their counts take turns.
    await sql.query('SELECT pg_advisory_xact_lock($1)', [SANDBOX_MAKING]);
    if ((await sandboxCount(sql)) > cap) throw new SandboxCapError(cap);
    return { sandbox: answerOf(merchantId, apiKey, rows), change: { before: [], after: rows } };
  });
}

/** How many sandboxes there are. */
export async function sandboxCount(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants WHERE sandbox');
  return rows[0]!.n;
}

/** The API key of merchant `id`; undefined when there is no such merchant. */
export async function merchantApiKey(sql: Sql, id: number): Promise<string | undefined> {
  const { rows } = await sql.query<{ api_key: string }>('SELECT api_key FROM merchants WHERE id = $1', [id]);
  return rows[0]?.api_key;
}

/** What a request's credentials need of the database: read in one statement (issue 48). */
export interface CallerRecord {
  apiKey: string;
  /** Whether the merchant has a fault rule left (`/mock/faults`): only then is a request matched against them. */
  faultRules: boolean;
  /** The merchant of the project asked about; undefined when none was asked about or there is no such project. */
  projectOwner: number | undefined;
  /** How far a test moved the merchant's clock (`merchant_clocks.offset_ms`), null when it is real time. */
  clockOffset: number | null;
  /**
   * The list's page asked for (`page`), with its total, under readPage's key (mock/store/pages.ts),
   * and the merchant's projects (`withProjects`), each under findProject's (mock/store/sellables.ts):
   * handed to the operation through `withReads` (store/read-cache.ts). Empty when none was.
   */
  reads: ReadonlyMap<string, unknown>;
}

/**
 * Merchant `id`'s API key, whether it has a fault rule left, its clock's offset, when `projectId`
 * is given who owns that project, and with `withProjects` the merchant's projects (what
 * findProject reads of each), in one statement; undefined when there is no such merchant. A
 * request's credentials, its path's project, its faults, its clock and a token's project cost one
 * statement, not five; and a list's `page` (its rows and total, as readPage reads them) in the same
 * statement: a catalog read is one statement, not two.
 */
export function callerRecord(sql: Sql, id: number, projectId?: number, withProjects = false, page?: PageAsked): Promise<CallerRecord | undefined> {
  const asked = page ? ` ${pageKey(page.table, page.filter, page.wanted, page.condition)}` : '';
  // Remembered on the embedded database until its next write (store/read-cache.ts).
  return remembered(sql, `caller ${id} ${projectId ?? ''}${withProjects ? ' projects' : ''}${asked}`, () => readCallerRecord(sql, id, projectId, withProjects, page));
}

/** The caller's columns (readCallerRecord): not a page row's. */
const CALLER_COLUMNS = ['api_key', 'fault_rules', 'project_owner', 'clock_offset', 'projects', 'page_total'];

/**
 * At most this many of a merchant's projects are read with its credentials (`withProjects`): a
 * merchant with more gets none that way, and a token's project is read by findProject instead, so
 * that no request of a merchant with many projects carries them all.
 */
export const PROJECTS_WITH_CREDENTIALS = 20;

/** The merchant's projects, as findProject reads each (mock/store/sellables.ts), for callerRecord's `withProjects`: one more than kept, to know there are more. */
const PROJECTS = `,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'data', p.data, 'has_virtual_currency',
          EXISTS (SELECT 1 FROM virtual_currencies v WHERE v.project_id = p.id AND jsonb_typeof(v.data) = 'object'))), '[]'::jsonb)
        FROM (SELECT p.id, p.data FROM projects p WHERE p.merchant_id = m.id ORDER BY p.id LIMIT ${PROJECTS_WITH_CREDENTIALS + 1}) p) AS projects`;

async function readCallerRecord(sql: Sql, id: number, projectId: number | undefined, withProjects: boolean, page?: PageAsked): Promise<CallerRecord | undefined> {
  const paged = page ? pageWhere(page.filter, page.condition, 3) : null;
  const n = 2 + (paged?.values.length ?? 0);
  // With a page: its rows beside the caller's columns, by a lateral join (a merchant with no row on
  // the page is still one row, the page's columns null), and its total. A plain SELECT still: the
  // embedded read cache takes any other statement for a write.
  const { rows } = await sql.query<{
    api_key: string; fault_rules: boolean; project_owner: string | null; clock_offset: string | null;
    projects: { id: number | string; data: ProjectRecord['data']; has_virtual_currency: boolean }[] | null;
    page_total?: number; id?: unknown;
  } & Record<string, unknown>>(
    `${paged ? 'SELECT page.*, caller.* FROM (' : ''}SELECT m.api_key,
       EXISTS (SELECT 1 FROM fault_rules f WHERE f.merchant_id = m.id AND f.remaining > 0) AS fault_rules,
       (SELECT p.merchant_id FROM projects p WHERE p.id = $2) AS project_owner,
       (SELECT c.offset_ms FROM merchant_clocks c WHERE c.merchant_id = m.id) AS clock_offset${withProjects ? PROJECTS : ''}${
         paged ? `,
       (SELECT count(*)::int FROM ${page!.table} WHERE ${paged.where}) AS page_total` : ''}
     FROM merchants m WHERE m.id = $1${paged ? `) caller
     LEFT JOIN LATERAL (SELECT * FROM ${page!.table} WHERE ${paged.where} ORDER BY id OFFSET $${n + 1} LIMIT $${n + 2}) page ON true` : ''}`,
    [id, projectId ?? null, ...(paged ? [...paged.values, page!.wanted.offset, page!.wanted.limit] : [])],
  );
  const row = rows[0];
  if (!row) return undefined;
  const reads = new Map<string, unknown>();
  if (page) {
    const pageRows = row.id === null || row.id === undefined ? [] : rows.map((r) => pageRow(Object.fromEntries(Object.entries(r).filter(([column]) => !CALLER_COLUMNS.includes(column)))));
    reads.set(pageKey(page.table, page.filter, page.wanted, page.condition), { rows: pageRows, total: row.page_total ?? 0 });
  }
  if (row.projects && row.projects.length <= PROJECTS_WITH_CREDENTIALS) {
    for (const p of row.projects) {
      const record: ProjectRecord = { id: Number(p.id), merchantId: id, data: p.data, hasVirtualCurrency: p.has_virtual_currency === true };
      reads.set(projectKey(record.id), record);
    }
  }
  return {
    reads,
    apiKey: row.api_key,
    faultRules: row.fault_rules === true,
    projectOwner: row.project_owner === null ? undefined : Number(row.project_owner),
    clockOffset: row.clock_offset === null ? null : Number(row.clock_offset),
  };
}

/** Whether merchant `id` is a sandbox (`POST /mock/sandboxes`), not one of the service's own merchants. */
export async function isSandbox(sql: Sql, id: number): Promise<boolean> {
  const { rows } = await sql.query<{ sandbox: boolean }>('SELECT sandbox FROM merchants WHERE id = $1', [id]);
  return rows[0]?.sandbox === true;
}

/** The project ids a merchant holds now. */
export async function merchantProjects(sql: Sql, merchantId: number): Promise<number[]> {
  const { rows } = await sql.query<{ id: string }>('SELECT id FROM projects WHERE merchant_id = $1 ORDER BY id', [merchantId]);
  return rows.map((row) => num(row.id));
}

/**
 * The merchant's generation (migration 13): bumped by each reset and by its delete, in their
 * transaction. `lock`: held (shared) until the transaction of `sql` ends, so a reset or delete waits
 * for it, and it for them. Undefined when there is no such merchant.
 */
export async function merchantGeneration(sql: Sql, merchantId: number, lock = false): Promise<number | undefined> {
  const { rows } = await sql.query<{ generation: string }>(`SELECT coalesce(generation, 0) AS generation FROM merchants WHERE id = $1${lock ? ' FOR SHARE' : ''}`, [merchantId]);
  return rows[0] ? Number(rows[0].generation) : undefined;
}

/**
 * `merchantGeneration`, held (shared) until the transaction of `sql` ends, and the variant of project
 * `projectId`'s webhooks (null: it has no settings) in the same statement: what a payment's
 * transaction begins with, and writes its webhooks in (issue 48). Nothing of the settings is locked,
 * as `readWebhookSettings` locks nothing.
 */
export async function lockedGenerationAndVariant(sql: Sql, merchantId: number, projectId: number): Promise<{ generation: number | undefined; variant: Variant | null }> {
  const { rows } = await sql.query<{ generation: string; variant: Variant | null }>(
    `SELECT coalesce(m.generation, 0) AS generation, w.variant FROM merchants m
       LEFT JOIN webhook_settings w ON w.project_id = $2 AND w.enabled
     WHERE m.id = $1 FOR SHARE OF m`,
    [merchantId, projectId],
  );
  return rows[0] ? { generation: Number(rows[0].generation), variant: rows[0].variant } : { generation: undefined, variant: null };
}

/**
 * Deletes everything the merchant holds (its projects and all under them, its payments, subscriptions, clock, the
 * leases of its projects' webhooks); the merchant stays, a generation on.
 */
async function emptyMerchant(sql: Sql, merchantId: number): Promise<void> {
  await sql.query('UPDATE merchants SET generation = coalesce(generation, 0) + 1 WHERE id = $1', [merchantId]);
  await dropMerchantLeases(sql, merchantId);
  await sql.query('DELETE FROM webhook_log WHERE project_id IN (SELECT id FROM projects WHERE merchant_id = $1)', [merchantId]);
  await sql.query('DELETE FROM subscriptions WHERE merchant_id = $1', [merchantId]);
  await sql.query('DELETE FROM payments WHERE merchant_id = $1', [merchantId]);
  await sql.query('DELETE FROM projects WHERE merchant_id = $1', [merchantId]);
  await sql.query('DELETE FROM merchant_clocks WHERE merchant_id = $1', [merchantId]);
}

/** What a reset or a delete changed: the projects before and after (null after a delete), for the service's memory of them. */
export interface MerchantChange {
  before: number[];
  after: Rows | null;
}

/**
 * Puts the merchant back to its seed (a sandbox's kept one; the fixtures' rows for the service's own
 * merchants) in one transaction: everything it holds is deleted and the seed written again, the
 * same ids. Null when there is no such merchant.
 */
export async function resetMerchant(
  db: Database, merchantId: number, fixtures: Snapshot, then?: (sql: Sql, projectIds: number[]) => Promise<void>,
): Promise<MerchantChange | null> {
  return db.transaction(async (sql) => {
    const { rows: found } = await sql.query<{ seed: Rows | null }>('SELECT seed FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
    if (!found[0]) return null;
    const before = await merchantProjects(sql, merchantId);
    await emptyMerchant(sql, merchantId);
    const seed = found[0].seed ?? merchantRows(fixtures, merchantId);
    await writeRows(sql, seed);
    await then?.(sql, await merchantProjects(sql, merchantId));
    return { before, after: seed };
  });
}

/** Deletes a sandbox and all it holds; false when the merchant is not a sandbox (the service's own stay). */
export async function deleteSandbox(db: Database, merchantId: number): Promise<MerchantChange | false> {
  return db.transaction(async (sql) => {
    const { rows } = await sql.query<{ sandbox: boolean }>('SELECT sandbox FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
    if (!rows[0]?.sandbox) return false;
    const before = await merchantProjects(sql, merchantId);
    await emptyMerchant(sql, merchantId);
    await sql.query('DELETE FROM merchants WHERE id = $1', [merchantId]);
    return { before, after: null };
  });
}
