/**
 * Game delivery entities (service-spec.md "Game delivery entity", "Game keys"): create `{id}`
 * (`sku` of lowercase Latin letters, digits, dashes and underscores, unique in the project), read
 * and list with `drm[].codes` counting each DRM's keys, update, delete; and the offline service's
 * key pool (`/mock/projects/{project_id}/game_delivery/{game_id}/keys`), which a paid purchase of
 * the game draws from.
 */
import { addGameKeys as addKeys, keyPool } from '../../domain/catalog';
import { decimalsRule, findings, fitsCurrency, gameRecord, integerOf, isObject, missingIds, projectRecord, type Data } from '../../store/catalog';
import { keyCounts } from '../../store/game-keys';
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

export const getGameKeys: Op = async (call) => {
  const { sql } = call.context.db;
  const id = idParam(call, 'game_id');
  const data = await projectRecord(sql, 'games', idParam(call, 'project_id'), id);
  if (!data) throw noGame(call);
  return { body: await keyPool(sql, id, data) };
};

const noGame = (call: OpCall) => notFound(`no game ${call.params.game_id} in project ${call.params.project_id}`);

/** Keys for one DRM of the game; a key already in the game's pool (any DRM) is 409 at its place. */
export const addGameKeys: Op = async (call) => {
  const { drm_id: drmId, keys } = call.body as { drm_id: number; keys: string[] };
  const added = await unique('keys', keys, () => addKeys(call.context.db, idParam(call, 'project_id'), idParam(call, 'game_id'), drmId, keys));
  if (added.ok) return { body: added.pool };
  if (added.problem === 'no-game') throw noGame(call);
  if (added.problem === 'no-drm') throw fieldError('drm_id', `the game has no DRM ${drmId}: add it to the game's drm first`);
  throw fieldError(`keys[${added.at}]`, `${JSON.stringify(keys[added.at])} is already in this game's pool`, 409);
};
