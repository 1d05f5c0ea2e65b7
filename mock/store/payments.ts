/**
 * Payments as the `payments` table keeps them: what the payment UI (or `POST /mock/payments`) took,
 * the record every webhook and report entry about it is made of; its one writer.
 */
import { randomInt } from 'node:crypto';
import type { Gift, PaidWith } from '../spec/session';
import type { Sql } from './database';
import type { Credit } from './users';
import type { SpentToken } from './spent-tokens';

export interface PaymentLine {
  sku: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  /** A line of virtual currency (a package, or an amount): the units it gave, all its quantity. */
  units?: number;
  /** A game key sold: its DRM and the key. */
  drm?: string;
  key?: string;
}

/** A payment the mock UI took: what the webhooks are made of. */
export interface PaymentRecord {
  /** The transaction id, shown as the invoice in the payment UI. */
  id: number;
  merchantId: number;
  projectId: number;
  mode: 'live' | 'sandbox';
  kind: 'items' | 'virtual_currency' | 'subscription' | 'game';
  user: { id: string; email: string; name: string | null; country: string; phone: string | null };
  /** The player's address as the payment UI saw it (absent in payments kept before it was kept). */
  ip?: string;
  externalId: string | null;
  currency: string;
  amount: number;
  lines: PaymentLine[];
  /** ISO 8601. */
  date: string;
  customParameters?: Record<string, unknown>;
  /** A gift: the friend who gets what was bought (`user` is the giver, who paid). */
  gift?: Gift;
  /** What it was paid with: the method the player picked on the page, or the id the token's `settings.payment_method` names; absent: the test card. */
  paymentMethod?: PaidWith;
  /** For a subscription purchase or renewal: the subscription (its state is the `subscriptions` table's). */
  subscription?: { id: number; planId: string; trialDays: number };
  /** A subscription's renewal, charged by the clock (its webhooks are `payment` and `update_subscription`, never `order_paid`). */
  renewal?: true;
  refunded: boolean;
}

/** A payment as the `payments` table keeps it: the record the webhooks are made of, and what it gave. */
export type KeptPayment = PaymentRecord & { credit?: Credit; refund?: { reason: string; date: string } };

/** A payment's state: `done`, `refunded`, `error` (declined) or `canceled` (the game refused the player). */
export type PaymentStatus = 'done' | 'refunded' | 'error' | 'canceled';

/** Payment `id` as kept, with its status; undefined when there is none. */
export async function paymentById(sql: Sql, id: number): Promise<{ status: string; payment: KeptPayment } | undefined> {
  const { rows } = await sql.query<{ status: string; data: KeptPayment }>('SELECT status, data FROM payments WHERE id = $1', [id]);
  return rows[0] && { status: rows[0].status, payment: rows[0].data };
}

/** Locks payment `id`'s row until the transaction of `sql` ends (mock/domain/lock-order.ts); false when there is none. */
export async function lockPayment(sql: Sql, id: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** Keeps a payment with `status`, made at its `date`. */
export async function insertPayment(sql: Sql, payment: KeptPayment, status: PaymentStatus): Promise<void> {
  await sql.query(
    'INSERT INTO payments (id, merchant_id, project_id, status, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [payment.id, payment.merchantId, payment.projectId, status, JSON.stringify(payment), payment.date],
  );
}

/**
 * Marks payment `id` refunded (with when and why, as the reports show them) by a write that holds
 * only while it is `done`: answers it as refunded, or undefined when it was not `done` (a second
 * refund at the same moment finds it refunded).
 */
export async function markRefunded(sql: Sql, id: number, reason: string, date: string): Promise<KeptPayment | undefined> {
  const { rows } = await sql.query<{ data: KeptPayment }>(
    `UPDATE payments SET status = 'refunded', data = data || jsonb_build_object('refunded', true, 'refund', jsonb_build_object('reason', $2::text, 'date', $3::text))
     WHERE id = $1 AND status = 'done' RETURNING data`,
    [id, reason, date],
  );
  return rows[0]?.data;
}

/** A transaction id (nine digits) to try: `newPaymentId` keeps the first no payment nor subscription uses yet. */
export const paymentIdToTry = (): number => randomInt(100_000_000, 999_999_999);

/**
 * Whether one of the ids `$N…` is used by a payment or a subscription (as a payment's
 * `subscription.id`): in one pass over the payments, however many are asked.
 */
const idTaken = (...at: string[]) =>
  `EXISTS (SELECT 1 FROM payments WHERE id IN (${at.join(', ')}) OR data->'subscription'->>'id' IN (${at.map((a) => `${a}::text`).join(', ')}))`;

/** A new transaction id (nine digits), used by no payment nor subscription yet. */
export async function newPaymentId(sql: Sql): Promise<number> {
  for (;;) {
    const id = paymentIdToTry();
    const { rows } = await sql.query<{ taken: boolean }>(`SELECT ${idTaken('$1')} AS taken`, [id]);
    if (!rows[0]!.taken) return id;
  }
}

/** What a payment begins with (`paymentStart`). */
export interface PaymentStart {
  /** The key the merchant's tokens are signed with is made from it. */
  apiKey: string;
  /** The merchant's generation the payment begins under (a reset or delete after it refuses the payment). */
  generation: number;
  /** How far a test moved the merchant's clock (`merchant_clocks.offset_ms`), null when it is real time. */
  clockOffset: number | null;
  /** What the token (by its `tokenId`) paid, when it has. */
  spent: SpentToken | undefined;
  /** Whether the project asked about has webhook settings (a payment asks its listener `user_validation` only then). */
  webhooks: boolean;
  /**
   * The two ids to try, two and unused by any payment or subscription yet: the payment's and, for a
   * new subscription, the subscription's; else undefined (`newPaymentId` finds others).
   */
  freeIds: readonly [number, number] | undefined;
}

/**
 * What a payment reads before its transaction, in one statement (issue 48): merchant `merchantId`'s
 * API key, generation and clock, what the token `tokenHash` paid and, `paying`, whether project
 * `projectId` has webhook settings and whether the two `tryIds` are free for its ids; undefined when
 * there is no such merchant. Each was a statement of its own. Without `paying`, what opening the
 * payment UI on a token reads to check it (`webhooks` false, no `freeIds`).
 */
export async function paymentStart(
  sql: Sql, merchantId: number, tokenHash: string | null, paying?: { projectId: number | null; tryIds: readonly [number, number] },
): Promise<PaymentStart | undefined> {
  const { rows } = await sql.query<{ api_key: string; generation: string; clock_offset: string | null; spent: SpentToken | null; webhooks: boolean | null; taken: boolean | null }>(
    `SELECT m.api_key, coalesce(m.generation, 0) AS generation,
       (SELECT c.offset_ms FROM merchant_clocks c WHERE c.merchant_id = m.id) AS clock_offset,
       (SELECT t.data FROM spent_tokens t WHERE t.token_hash = $2) AS spent,
       ${paying ? `EXISTS (SELECT 1 FROM webhook_settings w WHERE w.project_id = $3 AND w.enabled) AS webhooks, ${idTaken('$4', '$5')} AS taken` : 'NULL AS webhooks, NULL AS taken'}
     FROM merchants m WHERE m.id = $1`,
    paying ? [merchantId, tokenHash, paying.projectId, ...paying.tryIds] : [merchantId, tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const tryIds = paying?.tryIds;
  return {
    apiKey: row.api_key,
    generation: Number(row.generation),
    clockOffset: row.clock_offset === null ? null : Number(row.clock_offset),
    spent: row.spent ?? undefined,
    webhooks: row.webhooks === true,
    freeIds: !tryIds || row.taken !== false || tryIds[0] === tryIds[1] ? undefined : tryIds,
  };
}
