/**
 * The whole state as one JSON document: `payui-mock export FILE`, `import FILE`, `reset`, and the
 * fixtures the service is seeded with on first start (the demo's catalogue is such a file).
 * An import replaces everything in one transaction: a bad file changes nothing, and a file whose
 * rows break their table's schema (mock/store/snapshot-rows.ts) is refused before anything is written.
 */
import type { Database, Sql } from './database';
import { clockOf } from './clock';
import { MIGRATIONS, TABLES } from './migrations';
import { rowProblems } from './snapshot-rows';
import { tablesOfVersion, upgradeTables } from './snapshot-upgrade';

/** A table of the state. */
export type Table = (typeof TABLES)[number];

export interface Snapshot {
  format: 'payui-mock';
  /** The schema version the rows are written in. */
  version: number;
  tables: Partial<Record<Table, Record<string, unknown>[]>>;
}

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

export async function exportState(db: Pick<Database, 'sql'>): Promise<Snapshot> {
  const tables: Snapshot['tables'] = {};
  for (const table of TABLES) {
    const { rows } = await db.sql.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY 1`);
    tables[table] = rows.map((r) => r.row);
  }
  return { format: 'payui-mock', version: MIGRATIONS.length, tables };
}

/** Empties every table (identities start again). */
async function empty(sql: Sql): Promise<void> {
  await sql.exec(`TRUNCATE ${[...TABLES].reverse().join(', ')} RESTART IDENTITY CASCADE`);
}

export function checkSnapshot(value: unknown): Snapshot {
  const snapshot = value as Partial<Snapshot> | null;
  if (typeof snapshot !== 'object' || snapshot === null || snapshot.format !== 'payui-mock') {
    throw new SnapshotError('not a payui-mock export: expected {"format": "payui-mock", "version": n, "tables": {…}}');
  }
  const { version } = snapshot;
  if (!Number.isInteger(version) || version! < 1 || version! > MIGRATIONS.length) {
    throw new SnapshotError(
      `the file is of schema version ${String(version)}; this payui-mock reads versions 1 to ${MIGRATIONS.length}` +
        (Number.isInteger(version) && version! > MIGRATIONS.length ? ' (the file was written by a newer payui-mock: upgrade this one)' : ''),
    );
  }
  const tables = snapshot.tables;
  if (typeof tables !== 'object' || tables === null) throw new SnapshotError('"tables" must be an object of arrays');
  // An older export holds the tables of its version (`service_clock` before version 7, say).
  const known = tablesOfVersion(version!);
  for (const [name, rows] of Object.entries(tables)) {
    if (!known.has(name)) throw new SnapshotError(`unknown table "${name}" (an export of schema version ${version!} has ${[...known].join(', ')})`);
    if (!Array.isArray(rows)) throw new SnapshotError(`tables.${name} must be an array of rows`);
  }
  return snapshot as Snapshot;
}

/** How many of a file's problems its error lists. */
const PROBLEMS_SHOWN = 50;

/** Every row by its table's schema (mock/store/snapshot-rows.ts): a file with any problem is refused, each named. */
function checkRows(snapshot: Snapshot): void {
  const problems = rowProblems(snapshot.tables);
  if (!problems.length) return;
  const more = problems.length > PROBLEMS_SHOWN ? `\n  … and ${problems.length - PROBLEMS_SHOWN} more` : '';
  throw new SnapshotError(`the file holds rows payui-mock cannot keep (nothing was imported):\n  ${problems.slice(0, PROBLEMS_SHOWN).join('\n  ')}${more}`);
}

/** How a row of an export is named in an error: `tables.items[3] (id 7)`. */
export const rowName = (table: string, row: Record<string, unknown>, index: number) => `tables.${table}[${index}]${row.id === undefined ? '' : ` (id ${String(row.id)})`}`;

/**
 * Rows of an export into `table` as they are (their ids too). A row the database refuses (a
 * duplicate key, a reference to no row) is a SnapshotError naming it (`name`: how; default its place
 * in `rows`) and the database's reason: the rows are tried one at a time to find it, after a
 * savepoint, which only a refusal costs more than the one insert.
 */
export async function insertRows(
  sql: Sql, table: Table, rows: readonly Record<string, unknown>[] | undefined, name: (row: Record<string, unknown>, index: number) => string = (row, i) => rowName(table, row, i),
): Promise<void> {
  if (!rows?.length) return;
  const insert = (some: readonly Record<string, unknown>[]) =>
    sql.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [JSON.stringify(some)]);
  await sql.query('SAVEPOINT payui_rows');
  try {
    await insert(rows);
    await sql.query('RELEASE SAVEPOINT payui_rows');
    return;
  } catch (error) {
    await sql.query('ROLLBACK TO SAVEPOINT payui_rows');
    for (const [index, row] of rows.entries()) {
      try {
        await insert([row]);
      } catch (refused) {
        throw new SnapshotError(`${name(row, index)}: ${reason(refused)}`);
      }
    }
    throw new SnapshotError(`tables.${table}: ${reason(error)}`);
  }
}

/** The database's words for a refused row, with its detail (`Key (id)=(1) already exists.`). */
const reason = (error: unknown) => {
  const { message, detail } = error as { message: string; detail?: string };
  return detail ? `${message} (${detail})` : message;
};

/** The snapshot's rows into empty tables of its version, parents first; identities go on after them. */
async function fill(sql: Sql, snapshot: Snapshot): Promise<void> {
  for (const table of TABLES) await insertRows(sql, table, snapshot.tables[table]);
  // Identities go on after the highest id imported (an empty table starts again where it started).
  const { rows: identities } = await sql.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'",
  );
  for (const { table_name: table } of identities) {
    await sql.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`, [table]);
  }
}

/** An export checked whole and brought to this version: its form, its version, every row. */
export async function readSnapshot(value: unknown): Promise<Snapshot> {
  let snapshot = checkSnapshot(value);
  // An older export's rows are brought up in memory, each migration's step in turn (mock/store/snapshot-upgrade.ts).
  if (snapshot.version < MIGRATIONS.length) {
    snapshot = { format: 'payui-mock', version: MIGRATIONS.length, tables: upgradeTables(snapshot.tables as Record<string, Record<string, unknown>[]>, snapshot.version) };
  }
  checkRows(snapshot);
  return snapshot;
}

/** Replaces the whole state by the snapshot's (an older version's first brought to this one). */
export async function importState(db: Database, value: unknown): Promise<void> {
  const snapshot = await readSnapshot(value);
  await db.transaction(async (sql) => {
    await empty(sql);
    await fill(sql, snapshot);
  });
  // The clock is the imported one (or real time again).
  clockOf(db).moved();
}

/** Back to the first start: everything gone, then the fixtures (when given) loaded. */
export async function resetState(db: Database, fixtures?: unknown): Promise<void> {
  if (fixtures !== undefined) return importState(db, fixtures);
  await db.transaction(empty);
}

/** Whether the service has never been seeded (no merchant at all). */
export async function isEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
  return rows[0]!.n === 0;
}
