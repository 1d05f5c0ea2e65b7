/** Projects as other parts of the service name them. */
import type { Database } from './database';

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

