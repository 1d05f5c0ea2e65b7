/** Projects as other parts of the service name them. */
import type { Database } from './database';
import type { LoggedProject } from '../webhooks/log';

/** Projects by id with their names (in English, else any), of one merchant or of all. */
export async function projectNames(db: Database, merchantId?: number): Promise<LoggedProject[]> {
  const { rows } = await db.sql.query<{ id: string; name: string | null }>(
    `SELECT id, coalesce(data->'name'->>'en', (SELECT value FROM jsonb_each_text(coalesce(data->'name', '{}')) LIMIT 1), '') AS name
       FROM projects WHERE $1::bigint IS NULL OR merchant_id = $1 ORDER BY id`,
    [merchantId ?? null],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? '' }));
}

