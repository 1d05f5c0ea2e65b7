/**
 * Pages of the service's lists: rows of one table that match a filter, in id order, `offset` and
 * `limit` as the list call sent them, and how many match in all (a list's `X-Total-Count`). The
 * filter is columns and their values (a value left undefined filters nothing), plus at most one of
 * the named conditions a list offers beyond equality (`has_price` of the items).
 */
import type { CatalogTable } from './catalog';
import type { Sql } from './database';
import { remembered } from './read-cache';

/** The tables a list reads. */
export type ListedTable = CatalogTable | 'projects' | 'subscriptions' | 'subscription_payments' | 'subscription_plans' | 'subscription_products';

/** The conditions beyond a column's value: items with a price in virtual currency, or in real currency. */
const CONDITIONS = {
  virtual_currency_price: "jsonb_typeof(data->'virtual_currency_price') = 'number'",
  real_currency_price: "jsonb_typeof(data->'prices') = 'object' AND data->'prices' <> '{}'::jsonb",
} as const;
export type PageCondition = keyof typeof CONDITIONS;

export interface PageWanted {
  offset: number;
  limit: number;
}

/** A row as the table keeps it, its id a number. */
export type PageRow = Record<string, unknown> & { id: number };

/** One page of `table`'s rows matching `filter` (and `condition`), and the total of all pages. */
export async function readPage(
  sql: Sql,
  table: ListedTable,
  filter: Record<string, unknown>,
  { offset, limit }: PageWanted,
  condition?: PageCondition,
): Promise<{ rows: PageRow[]; total: number }> {
  // Remembered on the embedded database until its next write (store/read-cache.ts).
  return remembered(sql, pageKey(table, filter, { offset, limit }, condition), () => readPageAfresh(sql, { table, filter, wanted: { offset, limit }, condition }));
}

/** A page wanted: what `readPage` is asked. */
export interface PageAsked {
  table: ListedTable;
  filter: Record<string, unknown>;
  wanted: PageWanted;
  condition?: PageCondition | undefined;
}

/** The name of a page's read (the read cache's, and a request's reads made with its credentials: store/read-cache.ts). */
export function pageKey(table: ListedTable, filter: Record<string, unknown>, { offset, limit }: PageWanted, condition?: PageCondition): string {
  return `page ${table} ${JSON.stringify(filter)} ${offset} ${limit} ${condition ?? ''}`;
}

/** The WHERE of a page's rows, its values numbered from `$${first}`. */
export function pageWhere(filter: Record<string, unknown>, condition: PageCondition | undefined, first = 1): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const terms = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => {
      if (!/^[a-z_]+$/.test(column)) throw new Error(`not a column: ${column}`);
      return `${column} = $${first - 1 + values.push(value)}`;
    });
  if (condition) terms.push(CONDITIONS[condition]);
  return { where: terms.length ? terms.join(' AND ') : 'true', values };
}

/** A row of a page as read, its id a number. */
export const pageRow = (row: Record<string, unknown>): PageRow => ({ ...row, id: Number(row.id) });

async function readPageAfresh(sql: Sql, { table, filter, wanted: { offset, limit }, condition }: PageAsked): Promise<{ rows: PageRow[]; total: number }> {
  const { where, values } = pageWhere(filter, condition);
  const n = values.length;
  const { rows } = await sql.query<PageRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM ${table} WHERE ${where} ORDER BY id OFFSET $${n + 1} LIMIT $${n + 2}`,
    [...values, offset, limit],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the total still says how many there are.
    const count = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table} WHERE ${where}`, values);
    total = count.rows[0]!.total;
  }
  return { rows: rows.map(({ total: _total, ...row }) => pageRow(row)), total };
}
