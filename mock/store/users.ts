/**
 * Users of a project (service-spec.md "User"): kept by the merchant's `user_id`, made by the API
 * or by a first purchase, credited by paid purchases (virtual currency to `balance` and
 * `wallet_amount`, items to the inventory).
 */
import type { components } from 'payui-embed/server';
import type { Sql } from './database';

/** The User record of openapi.json (the kit's generated type). */
export type UserRecord = components['schemas']['User'];

/** The record as the spec shows it, exactly its fields, from a row's `data` (`user_name` and `email` are strings there, empty when unknown; `user_custom` and `wallet_currency` may be null). */
export function userRecord(userId: string, data: Partial<UserRecord>): UserRecord {
  return {
    user_id: userId,
    user_name: data.user_name ?? '',
    user_custom: data.user_custom ?? null,
    email: data.email ?? '',
    enabled: data.enabled !== false,
    balance: data.balance ?? 0,
    register_date: data.register_date ?? new Date(0).toISOString(),
    wallet_amount: data.wallet_amount ?? 0,
    wallet_currency: data.wallet_currency ?? null,
  };
}

export type NewUser = Pick<UserRecord, 'user_id'> & Partial<Pick<UserRecord, 'user_name' | 'user_custom' | 'email'>>;

/** A new user's record, registered at `now` (with `held`: what a first purchase gives), and its row's `data` (the record but its key). */
function newUser(user: NewUser, now: Date, held: Partial<UserRecord> = {}): { record: UserRecord; data: Omit<UserRecord, 'user_id'> } {
  const record = userRecord(user.user_id, { ...user, enabled: true, register_date: now.toISOString(), ...held });
  const { user_id: _id, ...data } = record;
  return { record, data };
}

/** Adds a user (a duplicate `user_id` is Postgres' unique violation) and answers its record. */
export async function insertUser(sql: Sql, projectId: number, user: NewUser, now: Date): Promise<UserRecord> {
  const { record, data } = newUser(user, now);
  await sql.query('INSERT INTO users (project_id, user_id, data) VALUES ($1, $2, $3)', [projectId, user.user_id, JSON.stringify(data)]);
  return record;
}

export async function findUser(sql: Sql, projectId: number, userId: string): Promise<UserRecord | undefined> {
  const { rows } = await sql.query<{ data: Partial<UserRecord> }>('SELECT data FROM users WHERE project_id = $1 AND user_id = $2', [projectId, userId]);
  return rows[0] ? userRecord(userId, rows[0].data) : undefined;
}

/** Writes `fields` over the user's record; false when the project has no such user. */
export async function writeUserFields(sql: Sql, projectId: number, userId: string, fields: Partial<UserRecord>): Promise<boolean> {
  const { rowCount } = await sql.query('UPDATE users SET data = data || $3::jsonb WHERE project_id = $1 AND user_id = $2', [projectId, userId, JSON.stringify(fields)]);
  return Boolean(rowCount);
}

/** The project's users (only `userId`, when given) counted. */
export async function countUsers(sql: Sql, projectId: number, userId: string | null = null): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE project_id = $1 AND ($2::text IS NULL OR user_id = $2)', [projectId, userId]);
  return rows[0]!.n;
}

/** One page of the project's users' records, in `user_id` order. */
export async function usersPage(sql: Sql, projectId: number, { offset, limit }: { offset: number; limit: number }): Promise<UserRecord[]> {
  const { rows } = await sql.query<{ user_id: string; data: Partial<UserRecord> }>(
    'SELECT user_id, data FROM users WHERE project_id = $1 ORDER BY user_id OFFSET $2 LIMIT $3',
    [projectId, offset, limit],
  );
  return rows.map((row) => userRecord(row.user_id, row.data));
}

/** What a user holds: the items with a quantity above zero, in item id order. */
export interface UserHoldings {
  user_id: string;
  virtual_items: { id: number; quantity: number; sku: string }[];
}

/** One page of what the project's users (only `userId`, when given) hold, in `user_id` order. */
export async function holdingsPage(sql: Sql, projectId: number, userId: string | null, { offset, limit }: { offset: number; limit: number }): Promise<UserHoldings[]> {
  const { rows } = await sql.query<UserHoldings>(
    `SELECT u.user_id,
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', i.item_id, 'quantity', i.quantity, 'sku', i.sku) ORDER BY i.item_id)
                        FROM inventory i WHERE i.project_id = u.project_id AND i.user_id = u.user_id AND i.quantity > 0), '[]'::jsonb) AS virtual_items
       FROM users u WHERE u.project_id = $1 AND ($2::text IS NULL OR u.user_id = $2)
      ORDER BY u.user_id OFFSET $3 LIMIT $4`,
    [projectId, userId, offset, limit],
  );
  return rows;
}

/** What a paid purchase gives: virtual currency, and items by id and SKU. */
export interface Credit {
  currency: number;
  items: { id: number; sku: string; quantity: number }[];
}

/**
 * A purchase's items in the order their inventory rows are locked: by item id, whatever the cart's
 * order (mock/domain/lock-order.ts). Two carts of one player, `[a, b]` and `[b, a]`, take the rows
 * one after the other instead of each holding one and waiting for the other's (a deadlock).
 */
const inKeyOrder = (items: Credit['items']): Credit['items'] => [...items].sort((a, b) => a.id - b.id);

/** One entry per item, its quantities added (a cart may name one twice: a statement writes a row once), in item id order. */
function perItem(items: Credit['items']): Credit['items'] {
  const byId = new Map<number, Credit['items'][number]>();
  for (const item of items) byId.set(item.id, { ...item, quantity: (byId.get(item.id)?.quantity ?? 0) + item.quantity });
  return inKeyOrder([...byId.values()]);
}

/**
 * Credits a user, made first (from what the token says of them) when the project does not know them:
 * the user's row in one statement (made, or its balance added to), then the inventory rows in one
 * statement, in item id order. `locked` (a test's pause) runs once the inventory rows are written
 * and held.
 */
export async function creditUser(sql: Sql, projectId: number, user: NewUser, credit: Credit, now: Date, locked?: () => Promise<void>): Promise<void> {
  const { data } = newUser(user, now, { balance: credit.currency, wallet_amount: credit.currency });
  // Two first purchases at once both make the user: the second's insert gives way to the first's
  // row (and, with currency, adds to it, locking the user's row before the inventory's).
  await sql.query(
    credit.currency
      ? `INSERT INTO users (project_id, user_id, data) VALUES ($1, $2, $3) ON CONFLICT (project_id, user_id) DO UPDATE SET data = users.data || jsonb_build_object(
           'balance', coalesce((users.data->>'balance')::numeric, 0) + $4::numeric,
           'wallet_amount', coalesce((users.data->>'wallet_amount')::numeric, 0) + $4::numeric)`
      : 'INSERT INTO users (project_id, user_id, data) VALUES ($1, $2, $3) ON CONFLICT (project_id, user_id) DO NOTHING',
    [projectId, user.user_id, JSON.stringify(data), ...(credit.currency ? [credit.currency] : [])],
  );
  if (!credit.items.length) return;
  const items = perItem(credit.items);
  await sql.query(
    `INSERT INTO inventory (project_id, user_id, item_id, sku, quantity)
     SELECT $1, $2, item.id, item.sku, item.quantity FROM unnest($3::bigint[], $4::text[], $5::bigint[]) WITH ORDINALITY AS item(id, sku, quantity, at) ORDER BY item.at
     ON CONFLICT (project_id, user_id, item_id) DO UPDATE SET quantity = inventory.quantity + EXCLUDED.quantity, sku = EXCLUDED.sku`,
    [projectId, user.user_id, items.map((item) => item.id), items.map((item) => item.sku), items.map((item) => item.quantity)],
  );
  await locked?.();
}

/**
 * Takes back what a refunded purchase gave (never below zero: what was spent stays spent): the
 * user's row, then the inventory rows in one statement, locked in item id order (its `FOR UPDATE`
 * takes them as its `ORDER BY` sorts them), as `creditUser` writes them.
 */
export async function debitUser(sql: Sql, projectId: number, userId: string, credit: Credit): Promise<void> {
  if (credit.currency) {
    await sql.query(
      `UPDATE users SET data = data || jsonb_build_object(
         'balance', greatest(coalesce((data->>'balance')::numeric, 0) - $3::numeric, 0),
         'wallet_amount', greatest(coalesce((data->>'wallet_amount')::numeric, 0) - $3::numeric, 0))
       WHERE project_id = $1 AND user_id = $2`,
      [projectId, userId, credit.currency],
    );
  }
  if (!credit.items.length) return;
  const items = perItem(credit.items);
  await sql.query(
    `WITH taken AS (
       SELECT i.item_id, t.quantity FROM inventory i JOIN unnest($3::bigint[], $4::bigint[]) AS t(item_id, quantity) ON t.item_id = i.item_id
       WHERE i.project_id = $1 AND i.user_id = $2 ORDER BY i.item_id FOR UPDATE OF i)
     UPDATE inventory SET quantity = greatest(inventory.quantity - taken.quantity, 0) FROM taken
     WHERE inventory.project_id = $1 AND inventory.user_id = $2 AND inventory.item_id = taken.item_id`,
    [projectId, userId, items.map((item) => item.id), items.map((item) => item.quantity)],
  );
}
