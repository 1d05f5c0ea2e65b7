/**
 * The key pools of the game delivery entities (table `game_keys`): keys added per DRM by the
 * merchant, counted, listed with to whom each sold one went, and handed out by a paid purchase.
 */
import type { Sql } from './database';
import { keyNames } from './sellables';

export interface KeyCounts {
  total: number;
  active: number;
  used: number;
}

/** Key counts per game and DRM (`game id` → `drm id` → counts); a used key is one a payment handed out. */
export async function keyCounts(sql: Sql, gameIds: number[]): Promise<Map<number, Map<string, KeyCounts>>> {
  const { rows } = gameIds.length
    ? await sql.query<{ game_id: number; drm: string; total: number; used: number }>(
      `SELECT game_id, drm, count(*)::int AS total, count(transaction_id)::int AS used
         FROM game_keys WHERE game_id = ANY($1::bigint[]) GROUP BY game_id, drm`,
      [gameIds],
    )
    : { rows: [] };
  const counts = new Map<number, Map<string, KeyCounts>>();
  for (const row of rows) {
    const game = counts.get(Number(row.game_id)) ?? new Map<string, KeyCounts>();
    game.set(row.drm, { total: row.total, active: row.total - row.used, used: row.used });
    counts.set(Number(row.game_id), game);
  }
  return counts;
}

/** A key of a game's pool, oldest first: its DRM, whether a transaction took it, and the user it went to (a gift's receiver). */
export interface PoolKey {
  drm: string;
  code: string;
  transactionId: number | null;
  userId: string | null;
}

/** The game's keys, oldest first (a payment undone meanwhile leaves its key unused). */
export async function poolKeys(sql: Sql, gameId: number): Promise<PoolKey[]> {
  const { rows } = await sql.query<{ drm: string; code: string; transaction_id: string | null; user_id: string | null }>(
    `SELECT k.drm, k.code, k.transaction_id, coalesce(p.data->'gift'->'receiver'->>'id', p.data->'user'->>'id') AS user_id
       FROM game_keys k LEFT JOIN payments p ON p.id = k.transaction_id WHERE k.game_id = $1 ORDER BY k.id`,
    [gameId],
  );
  return rows.map((row) => ({ drm: row.drm, code: row.code, transactionId: row.transaction_id === null ? null : Number(row.transaction_id), userId: row.user_id }));
}

/** Which of `codes` the game's pool holds already (under any DRM). */
export async function keysInPool(sql: Sql, gameId: number, codes: string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ code: string }>('SELECT code FROM game_keys WHERE game_id = $1 AND code = ANY($2::text[])', [gameId, codes]);
  return new Set(rows.map((row) => row.code));
}

/** Adds `codes` to the game's pool of DRM `drm`, in their order (a code the pool has is Postgres' unique violation). */
export async function addKeys(sql: Sql, gameId: number, drm: string, codes: string[]): Promise<void> {
  await sql.query(
    'INSERT INTO game_keys (game_id, drm, code) SELECT $1, $2, code FROM unnest($3::text[]) WITH ORDINALITY AS k (code, n) ORDER BY n',
    [gameId, drm, codes],
  );
}

/** Whether the game has an unused key of this DRM. */
export async function hasFreeKey(sql: Sql, gameId: number, drm: string): Promise<boolean> {
  const { rows } = await sql.query<{ free: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM game_keys WHERE game_id = $1 AND lower(drm) = ANY($2::text[]) AND transaction_id IS NULL) AS free',
    [gameId, await keyNames(sql, gameId, drm)],
  );
  return rows[0]!.free;
}

/**
 * Hands out the oldest unused key of this DRM to a transaction; null when none is left. The write
 * holds only while the key is unused, and a key another transaction is handing out is skipped, so
 * two sales at the same moment never get one key (on a Postgres server too).
 */
export async function takeKey(sql: Sql, gameId: number, drm: string, transactionId: number): Promise<string | null> {
  const { rows } = await sql.query<{ code: string }>(
    `UPDATE game_keys SET transaction_id = $3 WHERE transaction_id IS NULL AND id = (
       SELECT id FROM game_keys WHERE game_id = $1 AND lower(drm) = ANY($2::text[]) AND transaction_id IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING code`,
    [gameId, await keyNames(sql, gameId, drm), transactionId],
  );
  return rows[0]?.code ?? null;
}
