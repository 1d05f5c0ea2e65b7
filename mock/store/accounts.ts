/**
 * The player's account as the payment UI shows it in `ui.mode: user_account` (service-spec.md's
 * token table): their virtual currency balance, their purchases in the project (the `payments`
 * table, newest first) and their subscriptions with each plan's name. Read only.
 */
import type { Account } from '../spec/session';
import type { Sql } from './database';
import { localize } from './sellables';
import { findUser } from './users';

/** At most this many purchases are listed, newest first. */
const HISTORY_LIMIT = 20;

export async function accountOf(sql: Sql, projectId: number, userId: string, language: string): Promise<Account> {
  const user = await findUser(sql, projectId, userId);
  const payments = await sql.query<{ id: string; status: string; created_at: Date | string; amount: number; currency: string; names: string[] | null }>(
    `SELECT id, status, created_at, (data->>'amount')::float8 AS amount, data->>'currency' AS currency,
       (SELECT array_agg(l->>'name') FROM jsonb_array_elements(data->'lines') AS l) AS names
     FROM payments WHERE project_id = $1 AND data->'user'->>'id' = $2 ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`,
    [projectId, userId],
  );
  const subscriptions = await sql.query<{ id: string; status: string; data: { date_next_charge: string | null; charge_amount: number; currency: string }; name: unknown; external_id: string | null }>(
    `SELECT s.id, s.status, s.data, p.data->'name' AS name, p.external_id FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
     WHERE s.project_id = $1 AND s.user_id = $2 ORDER BY s.id`,
    [projectId, userId],
  );
  return {
    balance: Number(user?.balance ?? 0),
    history: payments.rows.map((row) => ({
      id: Number(row.id),
      date: new Date(row.created_at).toISOString(),
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      what: (row.names ?? []).join(', '),
    })),
    subscriptions: subscriptions.rows.map((row) => ({
      id: Number(row.id),
      plan: localize(row.name, language, row.external_id ?? `#${row.id}`),
      status: row.status,
      nextCharge: row.data.date_next_charge,
      amount: row.data.charge_amount,
      currency: row.data.currency,
    })),
  };
}
