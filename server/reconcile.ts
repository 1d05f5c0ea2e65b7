/**
 * Reconciling the game's sales with the service's reports API, as a merchant's back office does
 * once a day: every transaction of a period, as the service reports it, against what the game
 * delivered (server/shop.ts's ledger, filled by the webhooks). docs/server-kit.md quotes this code
 * ("Reconciling sales with the reports API"); test/unit/reconcile.test.ts runs it.
 */
import type { MerchantClient } from 'payui-embed/server';
import type { SalesLedger } from './shop';

/** A paid transaction the game has no delivery of. */
export interface MissingDelivery {
  transaction_id: number;
  /** Our order id (`external_id`), when the token named one. */
  order: string | null;
  user: string;
  amount: number;
  currency: string;
  date: string;
}

/** A refunded transaction, and whether the game took back what it delivered. */
export interface RefundedSale {
  transaction_id: number;
  user: string;
  amount: number;
  currency: string;
  /** The game delivered it and has taken it back (the order refunded, the pass canceled). */
  taken_back: boolean;
  /** The service's reason for the refund. */
  reason: string | null;
}

export interface Reconciliation {
  from: string;
  to: string;
  /** Transactions of the period the service reports (every status). */
  checked: number;
  /** Paid and delivered: transaction ids. */
  delivered: number[];
  missing: MissingDelivery[];
  refunded: RefundedSale[];
}

export interface ReconcileOptions {
  projectId: number;
  /** ISO 8601 timestamps; both included. */
  from: string;
  to: string;
  /** Also the sandbox's test payments (the demo's are all sandbox). */
  includeTest?: boolean;
}

/** The day before `now` (UTC), midnight to midnight: the period of a nightly reconciliation. */
export function yesterday(now = new Date()): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - 86_400_000).toISOString(), to: new Date(today - 1).toISOString() };
}

// #region reconcile
export async function reconcileSales(client: MerchantClient, ledger: SalesLedger, { projectId, from, to, includeTest = false }: ReconcileOptions): Promise<Reconciliation> {
  const report: Reconciliation = { from, to, checked: 0, delivered: [], missing: [], refunded: [] };
  const query = { project_id: projectId, datetime_from: from, datetime_to: to, show_dry_run: includeTest };
  // Every page of the report (the listing asks for the next while there are more).
  for await (const { transaction, payment_details: { payment }, purchase, user } of client.reports.transactions(query)) {
    report.checked += 1;
    if (transaction.status !== 'done' && transaction.status !== 'refunded') continue; // never paid: nothing to deliver
    const sale = { transaction_id: transaction.id, user: user.id, amount: payment?.amount ?? 0, currency: payment?.currency ?? '' };
    const order = ledger.orderOf(transaction.id);
    // A plan's renewal has no order of its own: the game delivered it if the pass runs past the charge.
    let pass = null;
    if (!order && purchase.subscription) {
      const { subscription } = await client.reports.details(transaction.id);
      pass = subscription ? ledger.passOf(subscription.id) : null;
    }
    if (transaction.status === 'refunded') {
      const takenBack = order?.status === 'refunded' || pass?.status === 'canceled';
      report.refunded.push({ ...sale, taken_back: takenBack, reason: transaction.refund_reason ?? null });
      continue;
    }
    const date = transaction.transfer_date ?? '';
    const paidThrough = pass?.date_next_charge ?? pass?.date_end;
    if (order || (paidThrough && Date.parse(paidThrough) > Date.parse(date))) report.delivered.push(transaction.id);
    else report.missing.push({ ...sale, order: transaction.external_id ?? null, date });
  }
  return report;
}
// #endregion reconcile
