/**
 * Game delivery entities (service-spec.md "Game delivery entity", "Game keys"): create `{id}`
 * (`sku` of lowercase Latin letters, digits, dashes and underscores, unique in the project), read
 * and list with `drm[].codes` counting each DRM's keys, update, delete; and the offline service's
 * key pool (`/mock/projects/{project_id}/game_delivery/{game_id}/keys`), which a paid purchase of
 * the game draws from.
 */
import { addGameKeys as addKeys } from '../../domain/catalog';
import { decimalsRule, findings, fitsCurrency, gameRecord, integerOf, isObject, missingIds, projectRecord, type Data } from '../../store/catalog';
import { keyCounts, keysInPool, poolKeys } from '../../store/game-keys';
import type { Sql } from '../../store/database';
import { fieldError } from '../app';
import { projectRecords } from '../project-records';
import { idParam, notFound, unique, type Op, type OpCall } from './common';

/** A DRM's prices: one per currency, each in its currency's decimals. */
function checkPrices(found: ReturnType<typeof findings>, at: string, prices: unknown) {
  const seen = new Set<string>();
  (Array.isArray(prices) ? (prices as unknown[]) : []).forEach((price, j) => {
    if (!isObject(price) || typeof price.currency !== 'string') return;
    if (seen.has(price.currency)) found.add(`${at}[${j}].currency`, `${price.currency} is priced twice`);
    seen.add(price.currency);
    if (typeof price.amount === 'number' && !fitsCurrency(price.amount, price.currency)) found.add(`${at}[${j}].amount`, decimalsRule(price.currency));
  });
}

/** DRM ids once each, their prices; a parent game of this project other than the game itself. */
async function checkGame(sql: Sql, call: OpCall, body: Data, _game: Data, self?: number) {
  const found = findings();
  if (Array.isArray(body.drm)) {
    const seen = new Set<unknown>();
    (body.drm as unknown[]).forEach((drm, i) => {
      if (!isObject(drm)) return;
      checkPrices(found, `drm[${i}].prices`, drm.prices);
      if (drm.id === undefined) return;
      if (seen.has(drm.id)) found.add(`drm[${i}].id`, `DRM ${String(drm.id)} is listed twice`);
      seen.add(drm.id);
    });
  }
  const parent = integerOf(body.parent_id);
  if (parent !== null && Number.isSafeInteger(parent)) {
    if (parent === self) found.add('parent_id', 'a game cannot be its own parent');
    else if ((await missingIds(sql, 'games', idParam(call, 'project_id'), [parent])).size) found.add('parent_id', `no game ${parent} in this project`);
  }
  return found.result();
}

const games = projectRecords({
  table: 'games',
  param: 'game_id',
  what: 'game',
  unique: { field: 'sku', column: (data) => data.sku },
  keep: (data) => ({ drm: [], ...data }),
  async shape(sql, rows) {
    const counts = await keyCounts(sql, rows.map((row) => row.id));
    return rows.map((row) => gameRecord(row.id, row.data, counts.get(row.id)));
  },
  check: checkGame,
});

export const createGame = games.create;
export const getGame = games.get;
export const listGames = games.list;
export const updateGame = games.update;
export const deleteGame = games.remove;

async function gameOf(sql: Sql, call: OpCall): Promise<Data> {
  const data = await projectRecord(sql, 'games', idParam(call, 'project_id'), idParam(call, 'game_id'));
  if (!data) throw notFound(`no game ${call.params.game_id} in project ${call.params.project_id}`);
  return data;
}

/** The pool of each of the game's DRMs: its counts and its keys, oldest first. */
async function pool(sql: Sql, id: number, data: Data) {
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

export const getGameKeys: Op = async (call) => {
  const { sql } = call.context.db;
  return { body: await pool(sql, idParam(call, 'game_id'), await gameOf(sql, call)) };
};

/** Keys for one DRM of the game; a key already in the game's pool (any DRM) is 409 at its place. */
export const addGameKeys: Op = async (call) => {
  const id = idParam(call, 'game_id');
  const { drm_id: drmId, keys } = call.body as { drm_id: number; keys: string[] };
  let data: Data = {};
  const answer = await unique('keys', keys, () => addKeys(call.context.db, id, String(drmId), keys, async (sql) => {
    data = await gameOf(sql, call);
    if (!(Array.isArray(data.drm) && (data.drm as Data[]).some((drm) => drm.id === drmId))) {
      throw fieldError('drm_id', `the game has no DRM ${drmId}: add it to the game's drm first`);
    }
    const taken = await keysInPool(sql, id, keys);
    if (taken.size) {
      const at = keys.findIndex((key) => taken.has(key));
      throw fieldError(`keys[${at}]`, `${JSON.stringify(keys[at])} is already in this game's pool`, 409);
    }
  }, (sql) => pool(sql, id, data)));
  return { body: answer };
};
