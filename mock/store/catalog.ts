/**
 * The catalog as the service keeps and shows it: money in a currency's decimals, a record's name
 * in English (else its first), the rows of one project, and each record in the shape
 * service-spec.md shows, made from the `data` the merchant wrote (which is the write body's shape,
 * with prices as numbers and ids as integers).
 */
import type { ExtendedMessage } from '../spec/errors';
import type { Sql } from './database';
import { isObject } from '../lib/plain';
import { localize } from './sellables';
import type { KeyCounts } from './game-keys';

export { isObject };

export type Data = Record<string, unknown>;

const DECIMALS = new Map<string, number>();

/** ISO 4217 minor units of a currency (USD 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  let decimals = DECIMALS.get(currency);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    DECIMALS.set(currency, decimals);
  }
  return decimals;
}

/** A price (a number or a numeric string) as a number in the currency's decimals. */
export const money = (value: unknown, currency: string): number => Number(Number(value).toFixed(currencyDecimals(currency)));

/** Whether `value` needs no more decimals than `currency` has. */
export function fitsCurrency(value: unknown, currency: string): boolean {
  const scaled = Number(value) * 10 ** currencyDecimals(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export const decimalsRule = (currency: string) => {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? `must be a whole amount: ${currency} has no decimals` : `must have at most ${decimals} decimals for ${currency}`;
};

/** A currency → price map as numbers in each currency's decimals. */
export const moneyMap = (prices: unknown): Record<string, number> =>
  Object.fromEntries(Object.entries(isObject(prices) ? prices : {}).map(([currency, value]) => [currency, money(value, currency)]));


/** The `en` text of a localized map, else its first text, else '' (`localized_name`). */
export const localizedName = (map: unknown): string => localize(map, 'en');

/** An integer sent as a number or a decimal string (`"12"`), or null. */
export const integerOf = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : null;

/** The catalog's tables; each row belongs to one project. */
export type CatalogTable = 'packages' | 'items' | 'item_groups' | 'user_attributes' | 'games';

/**
 * The `data` of record `id` of the project, or undefined: another project's record is unknown too.
 * `lock`: the row is locked for the rest of the transaction `sql` is (a change made from it is not
 * lost to another's at the same time, which waits).
 */
export async function projectRecord(sql: Sql, table: CatalogTable, projectId: number, id: number, lock = false): Promise<Data | undefined> {
  const { rows } = await sql.query<{ data: Data }>(`SELECT data FROM ${table} WHERE id = $1 AND project_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, projectId]);
  return rows[0]?.data;
}

/**
 * Adds a record to the project's `table`, its unique field `field` (a column of the table too) as
 * `column`; answers its id. A duplicate of the unique field is Postgres' unique violation.
 */
export async function insertProjectRecord(sql: Sql, table: CatalogTable, projectId: number, field: string, column: unknown, data: Data): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO ${table} (project_id, ${field}, data) VALUES ($1, $2, $3) RETURNING id`,
    [projectId, column, JSON.stringify(data)],
  );
  return Number(rows[0]!.id);
}

/** Writes record `id` of `table` as `data`, its unique field `field` as `column` (a duplicate is Postgres' unique violation). */
export async function updateProjectRecord(sql: Sql, table: CatalogTable, id: number, field: string, column: unknown, data: Data): Promise<void> {
  await sql.query(`UPDATE ${table} SET ${field} = $2, data = $3 WHERE id = $1`, [id, column, JSON.stringify(data)]);
}

/** Deletes record `id` of the project (in `sql`, maybe a transaction): false when it has none. */
export async function deleteProjectRecord(sql: Sql, table: CatalogTable, projectId: number, id: number): Promise<boolean> {
  const { rows } = await sql.query(`DELETE FROM ${table} WHERE id = $1 AND project_id = $2 RETURNING id`, [id, projectId]);
  return rows.length > 0;
}

/** The records of the project whose `parent_id` is `id` lose their parent (they become top level). */
export async function orphanChildren(sql: Sql, table: 'item_groups' | 'games', projectId: number, id: number): Promise<void> {
  await sql.query(
    `UPDATE ${table} SET data = jsonb_set(data, '{parent_id}', 'null'::jsonb) WHERE project_id = $1 AND data->'parent_id' = to_jsonb($2::bigint)`,
    [projectId, id],
  );
}

/** The group `id` of the project and its parents, nearest first. */
export async function groupAncestors(sql: Sql, projectId: number, id: number): Promise<number[]> {
  const { rows } = await sql.query<{ id: number }>(
    `WITH RECURSIVE chain (id, parent, depth) AS (
       SELECT id, (data->>'parent_id')::bigint, 0 FROM item_groups WHERE id = $1 AND project_id = $2
       UNION ALL
       SELECT g.id, (g.data->>'parent_id')::bigint, chain.depth + 1 FROM item_groups g JOIN chain ON g.id = chain.parent
        WHERE g.project_id = $2 AND chain.depth < 1000
     ) SELECT id FROM chain ORDER BY depth`,
    [id, projectId],
  );
  return rows.map((row) => Number(row.id));
}

/** The project's items lose group `groupId` from their `groups` (the group is deleted). */
export async function dropGroupFromItems(sql: Sql, projectId: number, groupId: number): Promise<void> {
  await sql.query(
    `UPDATE items SET data = jsonb_set(data, '{groups}', coalesce(
       (SELECT jsonb_agg(g.value ORDER BY g.n) FROM jsonb_array_elements(data->'groups') WITH ORDINALITY AS g (value, n) WHERE g.value <> to_jsonb($2::bigint)),
       '[]'::jsonb))
      WHERE project_id = $1 AND data->'groups' @> jsonb_build_array($2::bigint)`,
    [projectId, groupId],
  );
}

/** Whether every id names a record of the project's `table`: the ids that do not. */
export async function missingIds(sql: Sql, table: CatalogTable, projectId: number, ids: number[]): Promise<Set<number>> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id));
  const { rows } = wanted.length
    ? await sql.query<{ id: number }>(`SELECT id FROM ${table} WHERE project_id = $1 AND id = ANY($2::bigint[])`, [projectId, wanted])
    : { rows: [] };
  const found = new Set(rows.map((row) => Number(row.id)));
  return new Set(ids.filter((id) => !found.has(id)));
}

/** The project's virtual currency as written, or undefined when it has none. */
export async function currencyOf(sql: Sql, projectId: number): Promise<Data | undefined> {
  const { rows } = await sql.query<{ data: Data }>('SELECT data FROM virtual_currencies WHERE project_id = $1', [projectId]);
  return rows[0]?.data;
}

/** Writes the project's virtual currency as `data`; the first write makes it. */
export async function writeCurrency(sql: Sql, projectId: number, data: Data): Promise<void> {
  await sql.query(
    `INSERT INTO virtual_currencies (project_id, data) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET data = excluded.data`,
    [projectId, JSON.stringify(data)],
  );
}

/** The project's packages, in id order. */
export async function projectPackages(sql: Sql, projectId: number): Promise<{ id: number; data: Data }[]> {
  const { rows } = await sql.query<{ id: number; data: Data }>('SELECT id, data FROM packages WHERE project_id = $1 ORDER BY id', [projectId]);
  return rows.map((row) => ({ id: Number(row.id), data: row.data }));
}

/** Findings of a 422 collected field by field. */
export function findings() {
  const found: ExtendedMessage = { global_errors: [], property_errors: {} };
  return {
    add: (path: string, message: string) => void (found.property_errors[path] ??= []).push(message),
    result: (): ExtendedMessage | null => (Object.keys(found.property_errors).length ? found : null),
  };
}

// ---- Virtual currency and packages ----

/** What a virtual currency is until the merchant writes its fields. */
export const CURRENCY_DEFAULTS: Data = {
  vc_name: {}, base: {}, default_currency: 'USD', min: 1, max: 100000, is_currency_discrete: true, allow_user_sum: false, image_url: '', type: 'discounts',
};

/** What a package is until the merchant writes its fields. */
export const PACKAGE_DEFAULTS: Data = {
  bonus: 0, enabled: true, description: null, label: null, advertisement_type: null, advertisement_type_custom: null, image_url: '', prices_array: [],
};

type PriceEntry = { name: string; value: unknown };
const priceEntries = (data: Data): PriceEntry[] => (Array.isArray(data.prices_array) ? (data.prices_array as PriceEntry[]) : []);

/** A package's prices as numbers in their currencies' decimals. */
const packagePrices = (data: Data) => priceEntries(data).map((p) => ({ name: p.name, value: money(p.value, p.name) }));

/** A package as it is kept: its prices as numbers in their currencies' decimals. */
export const packageData = (data: Data): Data => ({ ...data, prices_array: packagePrices(data) });

/** The single package record, exactly the spec's fields. */
export function packageRecord(id: number, stored: Data) {
  const data = { ...PACKAGE_DEFAULTS, ...stored };
  return {
    id,
    sku: data.sku ?? null,
    amount: data.amount,
    bonus: data.bonus,
    enabled: data.enabled,
    description: data.description,
    label: data.label,
    advertisement_type: data.advertisement_type,
    advertisement_type_custom: data.advertisement_type_custom,
    image_url: data.image_url,
    prices_array: packagePrices(data),
  };
}

/**
 * A value or null as the package list inside the currency record sends it, an array (service-spec.md):
 * null is `[]`, an array stays one, any other value (a localized map, a custom label) is its one entry.
 */
const asListValue = (value: unknown) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The virtual currency record: its own fields, `id` (the project's: one currency per project) and
 * `packets`, the packages by currency, each with `price` in that currency in place of `prices_array`.
 */
export function currencyRecord(projectId: number, stored: Data, packages: { id: number; data: Data }[]) {
  const data = { ...CURRENCY_DEFAULTS, ...stored };
  const packets: Record<string, unknown[]> = {};
  for (const { id, data: own } of packages) {
    const { prices_array: prices, ...record } = packageRecord(id, own);
    for (const { name, value } of prices) {
      (packets[name] ??= []).push({
        ...record,
        price: value,
        description: asListValue(record.description),
        label: asListValue(record.label),
        advertisement_type_custom: asListValue(record.advertisement_type_custom),
      });
    }
  }
  return {
    id: projectId,
    allow_user_sum: data.allow_user_sum,
    base: data.base,
    default_currency: data.default_currency,
    image_url: data.image_url,
    is_currency_discrete: data.is_currency_discrete,
    min: data.min,
    max: data.max,
    packets: Object.fromEntries(Object.keys(packets).sort().map((currency) => [currency, packets[currency]])),
    type: data.type,
    vc_name: data.vc_name,
  };
}

// ---- Virtual items ----

/** What an item is until the merchant writes its fields (`default_currency`: its first price's). */
export const ITEM_DEFAULTS: Data = {
  description: {}, long_description: {}, enabled: true, item_code: null, advertisement_type: null, item_type: null, keywords: {}, groups: [],
  expiration: null, image_url: '', permanent: false, prices: {}, user_attribute_conditions: [], virtual_currency_price: null,
};

/** An item as it is kept: prices and the virtual currency price as numbers, groups listed once. */
export function itemData(data: Data): Data {
  const prices = moneyMap(data.prices);
  const vc = data.virtual_currency_price;
  return {
    ...data,
    default_currency: data.default_currency ?? Object.keys(prices)[0] ?? 'USD',
    groups: [...new Set(Array.isArray(data.groups) ? (data.groups as number[]) : [])],
    prices,
    virtual_currency_price: vc === null || vc === undefined ? null : Number(vc),
  };
}

/** A single item: the write body's fields with `id`, `localized_name` and `virtual_currency_price`. */
export function itemRecord(id: number, stored: Data) {
  const data = itemData({ ...ITEM_DEFAULTS, ...stored });
  return {
    id,
    sku: data.sku,
    name: data.name,
    localized_name: localizedName(data.name),
    description: data.description,
    long_description: data.long_description,
    enabled: data.enabled,
    item_code: data.item_code,
    advertisement_type: data.advertisement_type,
    item_type: data.item_type,
    keywords: data.keywords,
    groups: data.groups,
    default_currency: data.default_currency,
    expiration: data.expiration,
    image_url: data.image_url,
    permanent: data.permanent,
    prices: data.prices,
    user_attribute_conditions: data.user_attribute_conditions,
    virtual_currency_price: data.virtual_currency_price,
  };
}

/** The item list entry, exactly the spec's fields. */
export function itemListEntry(id: number, stored: Data) {
  const item = itemRecord(id, stored);
  return {
    id,
    sku: item.sku,
    localized_name: item.localized_name,
    enabled: item.enabled,
    permanent: item.permanent,
    advertisement_type: item.advertisement_type,
    default_currency: item.default_currency,
    groups: item.groups,
    prices: item.prices,
    virtual_currency_price: item.virtual_currency_price,
  };
}

// ---- Item groups ----

/** A group as it is kept: `code` and `parent_id` as integers (or null; a parent 0 is none). */
export function groupData(data: Data): Data {
  const parent = integerOf(data.parent_id);
  return { description: {}, enabled: true, ...data, code: integerOf(data.code), parent_id: parent ? parent : null };
}

export function groupRecord(id: number, stored: Data) {
  const data = groupData(stored);
  return {
    id,
    code: data.code,
    name: data.name,
    localized_name: localizedName(data.name),
    description: data.description,
    enabled: data.enabled,
    parent_id: data.parent_id,
  };
}

// ---- User attributes ----

export const ATTRIBUTE_DEFAULTS: Data = { list_of_values: [], skip_condition_on_nonexistent_key: false, visible: true };

export function attributeRecord(id: number, stored: Data) {
  const data = { ...ATTRIBUTE_DEFAULTS, ...stored };
  return {
    id,
    key: data.key,
    name: data.name,
    localized_name: localizedName(data.name),
    type: data.type,
    list_of_values: data.list_of_values,
    skip_condition_on_nonexistent_key: data.skip_condition_on_nonexistent_key,
    visible: data.visible,
  };
}

// ---- Game delivery entities and their key pools ----

const NO_KEYS: KeyCounts = { total: 0, active: 0, used: 0 };

/** A game: what the merchant wrote, `id`, and `drm[].codes` counting each DRM's keys (as strings, the spec's form). */
export function gameRecord(id: number, data: Data, counts: Map<string, KeyCounts> | undefined) {
  const drm = (Array.isArray(data.drm) ? (data.drm as Data[]) : []).map((entry) => {
    const own = counts?.get(String(entry.id)) ?? NO_KEYS;
    return { ...entry, codes: { total: String(own.total), active: String(own.active), used: String(own.used) } };
  });
  return { id, ...data, drm };
}
