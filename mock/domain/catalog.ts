/**
 * The merchant's changes of the catalogue (items, groups, currency packages, user attributes, games,
 * the virtual currency, game keys), each one use case (the records around it: domain/records.ts): its transaction, the lock it changes a record under, and what else a
 * change takes with it. The handlers (api/) check what is sent and shape the answer; the rules of
 * the change are here. A change made from what a record holds is made under the record's lock, so
 * that another change at the same time, through this process or another, waits and loses nothing
 * (DESIGN.md §8c).
 */
import {
  currencyOf, deleteProjectRecord, dropGroupFromItems, insertProjectRecord, orphanChildren, projectRecord, updateProjectRecord, writeCurrency,
  type CatalogTable, type Data,
} from '../store/catalog';
import type { Database, Sql } from '../store/database';
import { addKeys, keysInPool, poolKeys } from '../store/game-keys';
import { lockProject } from '../store/projects';

/** Adds a record to the project's `table`, its unique field's column `column`; answers its id (a duplicate is Postgres' unique violation). */
export const addProjectRecord = (db: Database, table: CatalogTable, projectId: number, field: string, column: unknown, data: Data): Promise<number> =>
  insertProjectRecord(db.sql, table, projectId, field, column, data);

/** A record's new data and its unique field's column, made from what it holds (`sql`: the change's transaction, for reads). */
export type RecordChange = (sql: Sql, stored: Data) => Promise<{ data: Data; column: unknown }>;

/** Changes record `id` of the project by `change`, under the record's lock; false when the project has no such record. */
export function changeProjectRecord(db: Database, table: CatalogTable, projectId: number, id: number, field: string, change: RecordChange): Promise<boolean> {
  return db.transaction(async (sql) => {
    const stored = await projectRecord(sql, table, projectId, id, true);
    if (!stored) return false;
    const { data, column } = await change(sql, stored);
    await updateProjectRecord(sql, table, id, field, column, data);
    return true;
  });
}

/**
 * Removes record `id` of the project, and in the same transaction what hangs from it: a group
 * leaves its items (they lose it from `groups`) and its child groups (they become top level); a
 * game its child games (its key pool goes with it, by the table's cascade). False when there is none.
 */
export function removeProjectRecord(db: Database, table: CatalogTable, projectId: number, id: number): Promise<boolean> {
  return db.transaction(async (sql) => {
    if (!(await deleteProjectRecord(sql, table, projectId, id))) return false;
    if (table === 'item_groups') await dropGroupFromItems(sql, projectId, id);
    if (table === 'item_groups' || table === 'games') await orphanChildren(sql, table, projectId, id);
    return true;
  });
}

/** Writes the project's virtual currency as `make` makes it from what it holds (undefined: none yet), under the project's lock. */
export function changeVirtualCurrency(db: Database, projectId: number, make: (stored: Data | undefined) => Data): Promise<void> {
  return db.transaction(async (sql) => {
    await lockProject(sql, projectId);
    await writeCurrency(sql, projectId, make(await currencyOf(sql, projectId)));
  });
}

/** The pool of each of a game's DRMs: its counts and its keys, oldest first, a sold one with whom it went to. */
export interface KeyPool {
  game_id: number;
  drm: { drm_id: number; name: string; total: number; active: number; used: number; keys: { key: string; used: boolean; transaction_id?: number; user_id?: string | null }[] }[];
}

/** The pool of game `id` (`data`: the game's fields, which name its DRMs), read in `sql`. */
export async function keyPool(sql: Sql, id: number, data: Data): Promise<KeyPool> {
  // A sold key says to whom: its transaction and the user it went to (a gift's receiver; a payment undone meanwhile leaves it unused).
  const rows = await poolKeys(sql, id);
  const drms = Array.isArray(data.drm) ? (data.drm as { id: number; name: string }[]) : [];
  return {
    game_id: id,
    drm: drms.map((drm) => {
      const keys = rows.filter((row) => row.drm === String(drm.id)).map((row) => ({
        key: row.code,
        used: row.transactionId !== null,
        ...(row.transactionId !== null ? { transaction_id: row.transactionId, user_id: row.userId } : {}),
      }));
      const used = keys.filter((key) => key.used).length;
      return { drm_id: drm.id, name: drm.name, total: keys.length, active: keys.length - used, used, keys };
    }),
  };
}

/** Keys added (the pool with them), or why not: no such game in the project, no such DRM of the game, a key (its place) in the game's pool already. */
export type KeysAdded = { ok: true; pool: KeyPool } | { ok: false; problem: 'no-game' } | { ok: false; problem: 'no-drm' } | { ok: false; problem: 'taken'; at: number };

/**
 * Adds `keys` to the pool of DRM `drmId` of game `gameId` of the project, in one transaction: the
 * game must have that DRM, and no key may be in its pool already (of any DRM); answers the pool
 * with them. A key another request adds at the same time is Postgres' unique violation.
 */
export function addGameKeys(db: Database, projectId: number, gameId: number, drmId: number, keys: string[]): Promise<KeysAdded> {
  return db.transaction(async (sql): Promise<KeysAdded> => {
    const game = await projectRecord(sql, 'games', projectId, gameId);
    if (!game) return { ok: false, problem: 'no-game' };
    if (!(Array.isArray(game.drm) && (game.drm as Data[]).some((drm) => drm.id === drmId))) return { ok: false, problem: 'no-drm' };
    const taken = await keysInPool(sql, gameId, keys);
    if (taken.size) return { ok: false, problem: 'taken', at: keys.findIndex((key) => taken.has(key)) };
    await addKeys(sql, gameId, String(drmId), keys);
    return { ok: true, pool: await keyPool(sql, gameId, game) };
  });
}
