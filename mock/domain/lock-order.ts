/**
 * The one order in which every money move takes its row locks (DESIGN.md §8d, issue 49). Two moves
 * that lock the same rows in opposite orders each hold one and wait for the other's: on a Postgres
 * server one of them is undone as a deadlock (`40P01`). Taken in one order, the second waits for
 * the first and goes on after it. The order:
 *
 * 1. the merchant's generation (`sameGeneration`, shared) and the due work's lock (`lockDueWork`),
 *    where a move takes them;
 * 2. the payment (`payments` row): a refund's; a cancel's with `cancel_subscription_payment`, the
 *    subscription's last paid one (`lockForChange`); a new payment's own row is new, no one else's;
 * 3. the subscription (`subscriptions` row): a refund's of a plan, a cancel's or change's, a
 *    renewal's, a plan change's, each due one of a clock step in due order;
 * 4. the user (`users` row: the balance), then the user's inventory rows by item id, as
 *    `creditUser` and `debitUser` (mock/store/users.ts) write them whatever the cart's order.
 *
 * A game key is taken with `SKIP LOCKED` (a key another sale holds is passed over, never waited for),
 * and a token is spent by its own row first (one payment per token): neither waits on a move of
 * another token. A move that learns which rows it needs only once it holds a later one (a renewal
 * charged between a cancel's read of the last payment and its lock of the subscription) does not
 * reach back: it is undone and run again (`RowsMoved`, the service's own signal to the database's
 * transaction, mock/store/database.ts `retryingRaces`), as a deadlock that still happens is.
 */
import { RowsMoved, type Sql } from '../store/database';
import { lockPayment } from '../store/payments';
import { lastDonePayment, subscriptionById, type SubscriptionRow } from '../store/subscriptions';

/**
 * Locks subscription `id` for a change, in the transaction of `sql`, in the lock order: when the
 * change may refund its last payment (`withLastPayment`), that payment's row first. Undefined when
 * the subscription is gone. `picked` (a test's pause) runs once the payment to lock is read, before
 * any lock is taken.
 */
export async function lockForChange(sql: Sql, id: number, withLastPayment: boolean, picked?: () => Promise<void>): Promise<SubscriptionRow | undefined> {
  if (!withLastPayment) return subscriptionById(sql, id, true);
  const last = await lastDonePayment(sql, id);
  await picked?.();
  if (last !== undefined) await lockPayment(sql, last);
  const row = await subscriptionById(sql, id, true);
  // Charged again between the read and the lock: the payment to refund is one not locked first.
  if (row && (await lastDonePayment(sql, id)) !== last) throw new RowsMoved(`subscription ${id} was charged while its change took its locks`);
  return row;
}
