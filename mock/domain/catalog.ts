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
import { addKeys } from '../store/game-keys';
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

/**
 * Adds keys to the pool of DRM `drm` of game `id`, in one transaction with `before` (which reads the
 * game and may refuse) and `after` (what the answer reads, the pool with them).
 */
export function addGameKeys<T>(db: Database, id: number, drm: string, keys: string[], before: (sql: Sql) => Promise<void>, after: (sql: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (sql) => {
    await before(sql);
    await addKeys(sql, id, drm, keys);
    return after(sql);
  });
}
