/**
 * Transactions as the reports show them (service-spec.md "Report transaction entry", "User
 * transaction entry"): every payment the payment UI took, read from the `payments` table (the
 * record `mock/domain/payments.ts` keeps), its project, the user's record and the project's
 * virtual currency. Nothing here writes: a payment or a refund changes what the reports show.
 *
 * Choices where the spec says "not shown" (also in openapi.json):
 * - Entries are in the order they happened (transfer date, then id): new payments come last, so
 *   paging with offset/limit neither skips nor repeats an entry while payments arrive.
 * - `datetime_from` and `datetime_to` both include their instant.
 * - `user_name` and `user_custom` match a part of the text, any case; `email` the whole address,
 *   any case; `phone` the same digits (`+1 555-0100` finds `+15550100`); the others exactly.
 * - Every transaction of the payment UI is of type `payment`; the other types select none (the
 *   offline service has no coupons, in-game purchases or internal transfers).
 * - The payment method is the token's `settings.payment_method` (`{id, name: "Payment method <id>"}`:
 *   the offline service lists no payment systems), else the sandbox's test card, `{id: 1, name: "Test card"}`; no sales tax.
 */
import type { components, operations } from 'payui-embed/server';
import type { KeptPayment } from './payments';
import type { Sql } from './database';
import type { PaidWith } from '../spec/session';
import { localize } from './sellables';

export type ReportEntry = components['schemas']['ReportTransaction'];
export type UserTransaction = components['schemas']['UserTransaction'];

/** The report's filters, as the search's query names them. */
export type TransactionFilter = Omit<NonNullable<operations['searchTransactions']['parameters']['query']>, 'offset' | 'limit'>;

/** One payment with what the reports add to it. */
export interface Transaction {
  status: string;
  payment: KeptPayment;
  projectName: string;
  userCustom: string | null;
  currencyName: string | null;
}

interface TransactionRow {
  status: string;
  data: KeptPayment;
  project_name: unknown;
  user_custom: string | null;
  vc_name: unknown;
  total: number;
}

const SELECT = `
  SELECT p.status, p.data, pr.data->'name' AS project_name, u.data->>'user_custom' AS user_custom, vc.data->'vc_name' AS vc_name,
         count(*) OVER ()::int AS total
    FROM payments p
    JOIN projects pr ON pr.id = p.project_id
    LEFT JOIN users u ON u.project_id = p.project_id AND u.user_id = p.data->'user'->>'id'
    LEFT JOIN virtual_currencies vc ON vc.project_id = p.project_id`;

/** The SQL condition of each filter, given the placeholder of its value. */
const CONDITIONS: Record<Exclude<keyof TransactionFilter, 'show_dry_run'>, (at: string) => string> = {
  datetime_from: (at) => `p.created_at >= ${at}::timestamptz`,
  datetime_to: (at) => `p.created_at <= ${at}::timestamptz`,
  project_id: (at) => `p.project_id = ${at}`,
  transaction_id: (at) => `p.id = ${at}`,
  phone: (at) => `regexp_replace(coalesce(p.data->'user'->>'phone', ''), '[^0-9]', '', 'g') = regexp_replace(${at}, '[^0-9]', '', 'g') AND ${at} ~ '[0-9]'`,
  user_id: (at) => `p.data->'user'->>'id' = ${at}`,
  user_name: (at) => `strpos(lower(coalesce(p.data->'user'->>'name', '')), lower(${at})) > 0`,
  user_custom: (at) => `strpos(lower(coalesce(u.data->>'user_custom', '')), lower(${at})) > 0`,
  email: (at) => `lower(p.data->'user'->>'email') = lower(${at})`,
  external_id: (at) => `p.data->>'externalId' = ${at}`,
  transaction_type: (at) => `${at} = 'payment'`,
  status: (at) => `p.status = ${at}`,
};

/**
 * The merchant's transactions that pass `filter`, in the order they happened: one page (`range`)
 * or all of them, and how many pass.
 */
export async function findTransactions(
  sql: Sql,
  merchantId: number,
  filter: TransactionFilter & { party?: string },
  range: { offset: number; limit: number | null },
): Promise<{ transactions: Transaction[]; total: number }> {
  const values: unknown[] = [merchantId];
  const where = ['p.merchant_id = $1'];
  // `party` (not a filter of the search): the user paid, or was given what was bought.
  if (filter.party !== undefined) {
    values.push(filter.party);
    where.push(`(p.data->'user'->>'id' = $${values.length} OR p.data->'gift'->'receiver'->>'id' = $${values.length})`);
  }
  if (filter.show_dry_run !== true) where.push("p.data->>'mode' = 'live'");
  for (const [name, condition] of Object.entries(CONDITIONS) as [keyof typeof CONDITIONS, (at: string) => string][]) {
    const value = filter[name];
    if (value === undefined) continue;
    values.push(value);
    where.push(condition(`$${values.length}`));
  }
  const clause = where.join(' AND ');
  const page = range.limit === null ? `OFFSET ${Number(range.offset)}` : `OFFSET ${Number(range.offset)} LIMIT ${Number(range.limit)}`;
  const { rows } = await sql.query<TransactionRow>(`${SELECT} WHERE ${clause} ORDER BY p.created_at, p.id ${page}`, values);
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the total still says how many there are.
    const count = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM payments p LEFT JOIN users u ON u.project_id = p.project_id AND u.user_id = p.data->'user'->>'id' WHERE ${clause}`, values);
    total = count.rows[0]!.total;
  }
  return { transactions: rows.map(transactionOf), total };
}

function transactionOf(row: TransactionRow): Transaction {
  return {
    status: row.status,
    payment: row.data,
    projectName: localize(row.project_name, 'en'),
    userCustom: row.user_custom,
    currencyName: row.vc_name === null || row.vc_name === undefined ? null : localize(row.vc_name, 'en'),
  };
}

/** The report's `payment_method` of the page's offline methods: fixed ids (docs/offline-service.md, openapi.json). */
const OFFLINE_METHODS = { 'test-card': { id: 1, name: 'Test card' }, paybycash: { id: 2, name: 'Pay by cash' }, giftcard: { id: 3, name: 'Gift card' } } as const;
/** A payment's method as the report and the webhooks name it: `{id, name}`. */
export const reportMethod = (paidWith: PaidWith | undefined): { id: number; name: string } =>
  (typeof paidWith === 'number' ? { id: paidWith, name: `Payment method ${paidWith}` } : { ...OFFLINE_METHODS[paidWith ?? 'test-card'] });

/** A transaction as the report shows it. */
export function reportEntry({ status, payment: p, projectName, userCustom, currencyName }: Transaction): ReportEntry {
  const money = { amount: p.amount, currency: p.currency };
  const given = p.credit?.currency ?? 0;
  const items = p.kind === 'items' ? p.lines.filter((line) => !p.credit || p.credit.items.some((item) => item.sku === line.sku)) : [];
  return {
    payment_details: { payment: { ...money, amount_from_ps: p.amount }, sales_tax: { amount: 0, percent: 0 } },
    purchase: {
      pin_codes: p.kind === 'game' ? { ...money, content: p.lines.map((line) => line.sku).join(', ') || null } : null,
      simple_checkout: null,
      subscription: p.kind === 'subscription' ? { name: p.lines[0]?.name ?? null } : null,
      virtual_currency: given > 0 ? { amount: given, name: currencyName } : null,
      virtual_items: items.length ? items.map((line) => `${line.sku ?? line.name} x ${line.quantity}`).join(', ') : null,
    },
    transaction: {
      id: p.id,
      external_id: p.externalId,
      dry_run: p.mode === 'sandbox' ? 1 : 0,
      is_refund_allowed: status === 'done' ? 1 : 0,
      payment_method: reportMethod(p.paymentMethod),
      project: { id: p.projectId, name: projectName },
      refund_reason: p.refund?.reason ?? null,
      status,
      transfer_date: p.date,
    },
    user: { id: p.user.id, name: p.user.name, email: p.user.email || null, phone: p.user.phone, country: p.user.country, custom: userCustom },
  };
}

/**
 * The whole transaction (`…/details`): the report entry, and what it was made of — the lines
 * bought (a game key sold named on its line), the custom parameters of the token, the refund, the
 * subscription it started, the gift (to whom it went).
 */
export function transactionDetails(transaction: Transaction) {
  const p = transaction.payment;
  return {
    ...reportEntry(transaction),
    lines: p.lines.map((line) => ({
      sku: line.sku, name: line.name, quantity: line.quantity, unit_price: line.unitPrice, currency: p.currency,
      ...(line.key !== undefined ? { drm: line.drm!, key: line.key } : {}),
    })),
    custom_parameters: p.customParameters ?? null,
    refund: p.refund ?? null,
    subscription: p.subscription ? { id: p.subscription.id, plan_id: p.subscription.planId } : null,
    ...(p.gift ? { gift: { receiver: p.gift.receiver, giver_id: p.gift.giverId, message: p.gift.message, hide_giver_from_receiver: p.gift.hideGiver } } : {}),
  };
}

/** One transaction of the merchant, whatever its mode. */
export async function findTransaction(sql: Sql, merchantId: number, id: number): Promise<Transaction | undefined> {
  const { rows } = await sql.query<TransactionRow>(`${SELECT} WHERE p.merchant_id = $1 AND p.id = $2`, [merchantId, id]);
  return rows[0] ? transactionOf(rows[0]) : undefined;
}

/**
 * A user's operations (service-spec.md "User transaction entry"): each paid payment (`payment`, what it
 * added) and each refund (`cancellation`, what it took back), oldest first, with the user's
 * balance after each. A payment's `operation_id` is twice its transaction id, its refund's one more.
 */
export async function userTransactions(
  sql: Sql,
  merchantId: number,
  query: { user_id: string; datetime_from: string; datetime_to: string; project_id?: number; transaction_type?: string },
): Promise<UserTransaction[]> {
  // All of the user's payments, and the gifts they were given: the balance after an operation counts every one before it.
  const { transactions } = await findTransactions(sql, merchantId, { party: query.user_id, show_dry_run: true, ...(query.project_id ? { project_id: query.project_id } : {}) }, { offset: 0, limit: null });
  const operations: (UserTransaction & { at: number })[] = [];
  // A payment that failed (`error`, `canceled`) moved nothing of the user's.
  for (const t of transactions.filter(({ status }) => status === 'done' || status === 'refunded')) {
    const p = t.payment;
    // What it gave went to the user (their own purchase, or a gift to them), else to the friend they gave it to.
    const credit = (p.gift?.receiver.id ?? p.user.id) === query.user_id ? p.credit : undefined;
    const base = {
      transaction_id: p.id, sum: p.amount, currency: p.currency, comment: null, coupon_code: null, external_id: p.externalId,
      user_id: query.user_id, user_name: p.user.id === query.user_id ? p.user.name : p.gift?.receiver.name ?? null, user_custom: t.userCustom, project: { id: p.projectId, localized_name: t.projectName },
      amount: credit?.currency ?? 0, user_balance: 0,
      virtual_items: (credit?.items ?? []).map((item) => ({
        amount: item.quantity,
        virtual_item: { sku: item.sku, localized_name: p.lines.find((line) => line.sku === item.sku)?.name ?? item.sku },
      })),
    };
    operations.push({ ...base, operation_id: 2 * p.id, transaction_type: 'payment', status: t.status, date: p.date, digital_operation_type: 'add', at: Date.parse(p.date) });
    if (p.refund) {
      operations.push({ ...base, operation_id: 2 * p.id + 1, transaction_type: 'cancellation', status: 'done', date: p.refund.date, digital_operation_type: 'remove', comment: p.refund.reason, at: Date.parse(p.refund.date) });
    }
  }
  operations.sort((a, b) => a.at - b.at || a.operation_id - b.operation_id);
  // The balance of each project, as the payments and refunds moved it (a refund never below zero).
  const balances = new Map<number, number>();
  for (const op of operations) {
    const before = balances.get(op.project.id) ?? 0;
    const after = op.digital_operation_type === 'add' ? before + op.amount : Math.max(before - op.amount, 0);
    balances.set(op.project.id, after);
    op.user_balance = after;
  }
  const from = Date.parse(query.datetime_from);
  const to = Date.parse(query.datetime_to);
  return operations
    .filter((op) => op.at >= from && op.at <= to && (query.transaction_type === undefined || op.transaction_type === query.transaction_type))
    .map(({ at: _at, ...entry }) => entry);
}
