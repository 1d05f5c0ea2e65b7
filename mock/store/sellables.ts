/**
 * The catalogue as the rest of the service reads it from the database: what a token may name and
 * what the payment UI sells (items and virtual currency packages by SKU, the project's virtual
 * currency, item groups, games), with names localized and prices as numbers.
 */
import { isObject, type Plain } from '../lib/plain';
import type { Sql } from './database';
import { remembered } from './read-cache';
import { userRecord, type UserRecord } from './users';
import { DRM } from '../spec/token-table';


/** A localized map's text in `language`, else English, else any language it has, else `fallback`. */
export function localize(map: unknown, language: string, fallback = ''): string {
  if (!isObject(map)) return typeof map === 'string' && map !== '' ? map : fallback;
  const text = (key: string) => (typeof map[key] === 'string' && map[key] !== '' ? (map[key] as string) : null);
  return text(language) ?? text('en') ?? Object.keys(map).map(text).find((t) => t !== null) ?? fallback;
}

export interface ProjectRecord {
  id: number;
  merchantId: number;
  data: Plain;
  /** Whether the project has a virtual currency (what a token's catalogue check asks first, mock/domain/token-request.ts). */
  hasVirtualCurrency: boolean;
}

/** The key findProject's answer is remembered under (store/read-cache.ts), and read with the credentials under (store/sandboxes.ts). */
export const projectKey = (id: number) => `project ${id}`;

/** A project, and whether it has a virtual currency, in one statement. */
export async function findProject(sql: Sql, id: number): Promise<ProjectRecord | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  // Remembered on the embedded database until its next write (store/read-cache.ts).
  return remembered(sql, projectKey(id), () => readProject(sql, id));
}

async function readProject(sql: Sql, id: number): Promise<ProjectRecord | undefined> {
  const { rows } = await sql.query<{ merchant_id: string; data: Plain; has_virtual_currency: boolean }>(
    `SELECT p.merchant_id, p.data,
       EXISTS (SELECT 1 FROM virtual_currencies v WHERE v.project_id = p.id AND jsonb_typeof(v.data) = 'object') AS has_virtual_currency
     FROM projects p WHERE p.id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { id, merchantId: Number(row.merchant_id), data: row.data, hasVirtualCurrency: row.has_virtual_currency === true } : undefined;
}

/** An item or a virtual currency package: what `purchase.virtual_items.items[].sku` may name. */
export interface Sellable {
  kind: 'item' | 'package';
  id: number;
  sku: string;
  enabled: boolean;
  /** The localized name (items) or description (packages). */
  name: unknown;
  /** Currency → price. */
  prices: Record<string, number>;
  defaultCurrency: string | null;
  image: string | null;
  /** Virtual currency a package gives (0 for an item). */
  amount: number;
  /** An item's `user_attribute_conditions` (which players it is offered to: mock/store/attributes.ts); none for a package. */
  conditions: unknown[];
}

const number = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN);

function pricesOf(data: Plain): Record<string, number> {
  const prices: Record<string, number> = {};
  if (isObject(data.prices)) {
    for (const [currency, value] of Object.entries(data.prices)) if (Number.isFinite(number(value))) prices[currency] = number(value);
  }
  if (Array.isArray(data.prices_array)) {
    for (const entry of data.prices_array) {
      if (isObject(entry) && typeof entry.name === 'string' && Number.isFinite(number(entry.value))) prices[entry.name] = number(entry.value);
    }
  }
  return prices;
}

const imageOf = (data: Plain) => (typeof data.image_url === 'string' && data.image_url !== '' ? data.image_url : null);

/** The items and packages of a project with these SKUs, by SKU (an item wins over a package of the same SKU). */
export async function sellables(sql: Sql, projectId: number, skus: string[]): Promise<Map<string, Sellable>> {
  const found = new Map<string, Sellable>();
  if (!skus.length) return found;
  const { rows } = await sql.query<{ kind: 'item' | 'package'; id: string; sku: string; data: Plain }>(
    `SELECT 'package' AS kind, id, sku, data FROM packages WHERE project_id = $1 AND sku = ANY($2::text[])
     UNION ALL SELECT 'item' AS kind, id, sku, data FROM items WHERE project_id = $1 AND sku = ANY($2::text[])`,
    [projectId, skus],
  );
  for (const row of rows) found.set(row.sku, sellableOf(row));
  return found;
}

/** A row of `items` or `packages` as a Sellable. */
function sellableOf(row: { kind: 'item' | 'package'; id: string; sku: string; data: Plain }): Sellable {
  return {
    kind: row.kind,
    id: Number(row.id),
    sku: row.sku,
    enabled: row.data.enabled !== false,
    name: row.kind === 'item' ? row.data.name : row.data.description,
    prices: pricesOf(row.data),
    defaultCurrency: typeof row.data.default_currency === 'string' ? row.data.default_currency : null,
    image: imageOf(row.data),
    amount: row.kind === 'package' ? number(row.data.amount) || 0 : 0,
    conditions: row.kind === 'item' && Array.isArray(row.data.user_attribute_conditions) ? row.data.user_attribute_conditions : [],
  };
}

/** The price in `currency`, else in the record's default currency, else the first it has. */
export function priceIn(prices: Record<string, number>, currency: string, defaultCurrency: string | null): { amount: number; currency: string } | null {
  for (const code of [currency, defaultCurrency, ...Object.keys(prices)]) {
    if (code && prices[code] !== undefined) return { amount: prices[code], currency: code };
  }
  return null;
}

export interface VirtualCurrency {
  name: unknown;
  /** Currency → price of one unit. */
  base: Record<string, number>;
  defaultCurrency: string | null;
  image: string | null;
}

/**
 * The paying player as the project keeps them (undefined: not yet) and the project's virtual
 * currency, in one statement: what every session of the payment UI reads first (whether the player
 * may pay, the balance and the currency's name), which were two (issue 48); `withPackages`: the
 * project's enabled packages too (`enabledPackages`), for a session that buys an amount of currency.
 */
export async function playerAndCurrency(
  sql: Sql, projectId: number, userId: string, withPackages = false,
): Promise<{ player: UserRecord | undefined; currency: VirtualCurrency | undefined; packages: Sellable[] | undefined }> {
  const { rows } = await sql.query<{ player: Partial<UserRecord> | null; currency: Plain | null; packages: PackageRow[] | null }>(
    `SELECT (SELECT u.data FROM users u WHERE u.project_id = $1 AND u.user_id = $2) AS player,
       (SELECT v.data FROM virtual_currencies v WHERE v.project_id = $1) AS currency,
       ${withPackages ? `(SELECT coalesce(jsonb_agg(jsonb_build_object('kind', 'package', 'id', p.id, 'sku', p.sku, 'data', p.data) ORDER BY p.id), '[]'::jsonb)
         FROM packages p WHERE ${ENABLED_PACKAGES})` : 'NULL'} AS packages`,
    [projectId, userId],
  );
  const { player, currency, packages } = rows[0]!;
  return {
    player: player ? userRecord(userId, player) : undefined,
    currency: virtualCurrencyOf(currency ?? undefined),
    packages: packages ? packagesOf(packages) : undefined,
  };
}

/** A `virtual_currencies` row's data as a VirtualCurrency. */
function virtualCurrencyOf(data: Plain | undefined): VirtualCurrency | undefined {
  if (!data) return undefined;
  const base: Record<string, number> = {};
  if (isObject(data.base)) for (const [code, value] of Object.entries(data.base)) if (Number.isFinite(number(value))) base[code] = number(value);
  return { name: data.vc_name, base, defaultCurrency: typeof data.default_currency === 'string' ? data.default_currency : null, image: imageOf(data) };
}

/** The enabled packages of project `$1` (`packages p`): an item of the same SKU wins over the package, as in `sellables`. Read in id order (then sorted by amount: `packagesOf`), wherever they are read. */
const ENABLED_PACKAGES = `p.project_id = $1 AND p.sku IS NOT NULL AND coalesce(p.data->>'enabled', 'true') <> 'false'
  AND NOT EXISTS (SELECT 1 FROM items i WHERE i.project_id = p.project_id AND i.sku = p.sku)`;

type PackageRow = { kind: 'package'; id: string; sku: string; data: Plain };
const packagesOf = (rows: PackageRow[]): Sellable[] => rows.map(sellableOf).sort((a, b) => a.amount - b.amount);

/** The project's enabled packages, smallest amount first. */
export async function enabledPackages(sql: Sql, projectId: number): Promise<Sellable[]> {
  // In one read of the rows.
  const { rows } = await sql.query<PackageRow>(`SELECT 'package' AS kind, p.id, p.sku, p.data FROM packages p WHERE ${ENABLED_PACKAGES} ORDER BY p.id`, [projectId]);
  return packagesOf(rows);
}

/** The project's enabled items (what its store may list), with the codes of their enabled groups, in id order. */
export async function enabledItems(sql: Sql, projectId: number): Promise<(Sellable & { groups: string[] })[]> {
  // The rows with their groups in one read (not their SKUs, then the rows again).
  const { rows } = await sql.query<{ kind: 'item'; id: string; sku: string; data: Plain; codes: string[] }>(
    `SELECT 'item' AS kind, i.id, i.sku, i.data, coalesce(array_agg(g.code ORDER BY g.id) FILTER (WHERE g.code IS NOT NULL), '{}') AS codes
     FROM items i LEFT JOIN item_groups g ON g.project_id = i.project_id AND i.data->'groups' @> to_jsonb(g.id)
       AND coalesce(g.data->>'enabled', 'true') <> 'false'
     WHERE i.project_id = $1 AND coalesce(i.data->>'enabled', 'true') <> 'false' GROUP BY i.id ORDER BY i.id`,
    [projectId],
  );
  return rows.map((row) => ({ ...sellableOf(row), groups: row.codes }));
}

/** The project's enabled item groups, code and localized name map, in id order. */
export async function enabledGroups(sql: Sql, projectId: number): Promise<{ code: string; name: unknown }[]> {
  const { rows } = await sql.query<{ code: string; name: unknown }>(
    "SELECT code, data->'name' AS name FROM item_groups WHERE project_id = $1 AND code IS NOT NULL AND coalesce(data->>'enabled', 'true') <> 'false' ORDER BY id",
    [projectId],
  );
  return rows;
}

/** Item groups of a project by code (as text), with whether each is enabled. */
export async function groupsByCode(sql: Sql, projectId: number, codes: string[]): Promise<Map<string, boolean>> {
  const { rows } = await sql.query<{ code: string; enabled: boolean }>(
    "SELECT code, coalesce(data->>'enabled', 'true') <> 'false' AS enabled FROM item_groups WHERE project_id = $1 AND code = ANY($2::text[])",
    [projectId, codes],
  );
  return new Map(rows.map((r) => [r.code, r.enabled]));
}

const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A DRM's name as the game record writes it (`Steam`, `Epic Games`) → as a token names it (`steam`, `epicgames`). */
function drmValue(name: unknown): string {
  const text = typeof name === 'string' ? name : '';
  return (DRM as readonly string[]).find((value) => bare(value) === bare(text)) ?? text.toLowerCase();
}

export interface Game {
  id: number;
  sku: string;
  name: unknown;
  prices: Record<string, number>;
  defaultCurrency: string | null;
  image: string | null;
  /** The enabled DRMs: their names as the token names them (`steam`, …). */
  drms: string[];
}

/** A game delivery entity by SKU. Its price: `prices` of the record (a map or an array), else its DRMs' `prices`. */
export async function findGame(sql: Sql, projectId: number, sku: string): Promise<Game | undefined> {
  const { rows } = await sql.query<{ id: string; data: Plain }>('SELECT id, data FROM games WHERE project_id = $1 AND sku = $2', [projectId, sku]);
  const row = rows[0];
  if (!row) return undefined;
  const drm = Array.isArray(row.data.drm) ? row.data.drm.filter(isObject).filter((d) => d.enabled !== false) : [];
  const prices = pricesOf(row.data);
  for (const d of drm) {
    if (!Array.isArray(d.prices)) continue;
    for (const p of d.prices.filter(isObject)) {
      const code = typeof p.currency === 'string' ? p.currency : typeof p.name === 'string' ? p.name : null;
      const value = number(p.amount ?? p.value);
      if (code && Number.isFinite(value)) prices[code] ??= value;
    }
  }
  return {
    id: Number(row.id),
    sku,
    name: row.data.name,
    prices,
    defaultCurrency: typeof row.data.default_currency === 'string' ? row.data.default_currency : null,
    image: imageOf(row.data),
    drms: drm.map((d) => drmValue(d.name)).filter((n) => n !== ''),
  };
}

/**
 * The DRM `drm` (its name, as a token names it) of a game: the text its keys are kept under in
 * `game_keys.drm` may be the name or the DRM's id; both are matched.
 */
export async function keyNames(sql: Sql, gameId: number, drm: string): Promise<string[]> {
  const { rows } = await sql.query<{ data: Plain }>('SELECT data FROM games WHERE id = $1', [gameId]);
  const entry = (Array.isArray(rows[0]?.data.drm) ? (rows[0]!.data.drm as unknown[]) : []).filter(isObject).find((d) => drmValue(d.name) === drm);
  return [drm, ...(typeof entry?.name === 'string' ? [entry.name.toLowerCase()] : []), ...(entry?.id !== undefined ? [String(entry.id)] : [])];
}
