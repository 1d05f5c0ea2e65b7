/** Projects (table `projects`): a merchant's projects as the merchant API writes them, and as other parts of the service name them. */
import type { Database, Sql } from './database';
import { remembered } from './read-cache';

/** Adds a project of the merchant with `data` (what the merchant wrote); answers its id. */
export async function insertProject(sql: Sql, merchantId: number, data: object): Promise<number> {
  const { rows } = await sql.query<{ id: string }>('INSERT INTO projects (merchant_id, data) VALUES ($1, $2) RETURNING id', [merchantId, JSON.stringify(data)]);
  return Number(rows[0]!.id);
}

/** The merchant whose project `id` is; undefined when there is no such project. */
export function projectOwner(sql: Sql, id: number): Promise<number | undefined> {
  // Remembered on the embedded database until its next write (store/read-cache.ts).
  return remembered(sql, `owner ${id}`, async () => {
    const { rows } = await sql.query<{ merchant_id: string }>('SELECT merchant_id FROM projects WHERE id = $1', [id]);
    return rows[0] ? Number(rows[0].merchant_id) : undefined;
  });
}

/** What the merchant wrote of project `id`; undefined when there is no such project. */
export async function projectData<T extends object>(sql: Sql, id: number): Promise<T | undefined> {
  const { rows } = await sql.query<{ data: T }>('SELECT data FROM projects WHERE id = $1', [id]);
  return rows[0]?.data;
}

/**
 * Locks project `id`'s row for the rest of the transaction `sql` is: what a change of its settings
 * (its webhook fields, its virtual currency) reads is not changed by another before it writes.
 * Records of the project are still added meanwhile (no key is changed).
 */
export async function lockProject(sql: Sql, id: number): Promise<void> {
  await sql.query('SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE', [id]);
}

/** Writes the fields of `fields` over project `id`'s, keeping the others. */
export async function updateProjectFields(sql: Sql, id: number, fields: object): Promise<void> {
  await sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [id, JSON.stringify(fields)]);
}

/** A project as the log names it. */
export interface LoggedProject {
  id: number;
  name: string;
}

/** A merchant's projects by id with their names (in English, else any). */
export async function projectNames(db: Database, merchantId: number): Promise<LoggedProject[]> {
  const { rows } = await db.sql.query<{ id: string; name: string | null }>(
    `SELECT id, coalesce(data->'name'->>'en', (SELECT value FROM jsonb_each_text(coalesce(data->'name', '{}')) LIMIT 1), '') AS name
       FROM projects WHERE merchant_id = $1 ORDER BY id`,
    [merchantId],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? '' }));
}

