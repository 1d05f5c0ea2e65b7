/**
 * Webhook faults (DESIGN.md §8b "Fail on purpose"): a merchant's rule `{"webhooks": {…}, "count": n}`
 * makes its next `n` webhooks go wrong on their way from the outbox to the sender — each sent twice
 * (`duplicate`), late (`delay_ms`; the project's later webhooks wait behind, as behind a slow
 * attempt), or held until all `n` were made and then sent last first (`order: reverse`) — so a test
 * sees its listener take a repeated, late or out-of-order webhook. The rules are counted down in the
 * database (mock/store/fault-rules.ts), one webhook each, whichever process sends.
 */
import { createFaults, type WebhookFault } from '../store/fault-rules';
import type { Database } from '../store/database';
import type { OutboxRow } from '../store/outbox';

/** A webhook on its way to the sender: sent `copies` times, the first attempt `delayMs` late. */
export interface Shaped {
  row: OutboxRow;
  copies: 1 | 2;
  delayMs: number;
}

/** What a reverse order holds at most before it sends what it has, last first. */
export const REVERSE_HOLD_MS = 10_000;

/** Shapes rows for the sender, then hands them (`hand` may be called later, for held rows). */
export type Shaper = (rows: OutboxRow[], hand: (shaped: Shaped[]) => void) => Promise<void>;

/** Rows as they are: no faults. */
export const noFaults: Shaper = async (rows, hand) => hand(rows.map((row) => ({ row, copies: 1, delayMs: 0 })));

export function webhookFaults(db: Database): Shaper {
  const faults = createFaults(db);
  /** Reverse rules (by id) → the rows they hold, and the timer that sends them if the rest never come. */
  const held = new Map<number, { rows: Shaped[]; timer: NodeJS.Timeout; hand: (shaped: Shaped[]) => void }>();
  const release = (id: number) => {
    const holding = held.get(id);
    if (!holding) return;
    held.delete(id);
    clearTimeout(holding.timer);
    holding.hand(holding.rows.reverse());
  };
  const hold = (fault: WebhookFault, shaped: Shaped, hand: (shaped: Shaped[]) => void) => {
    let holding = held.get(fault.id);
    if (!holding) {
      holding = { rows: [], timer: setTimeout(() => release(fault.id), REVERSE_HOLD_MS), hand };
      holding.timer.unref();
      held.set(fault.id, holding);
    }
    holding.rows.push(shaped);
    if (fault.remaining === 0) release(fault.id);
  };
  return async (rows, hand) => {
    // Most deliveries meet no rule: one look for any before a look per webhook.
    if (!(await faults.anyWebhookRule())) return hand(rows.map((row) => ({ row, copies: 1, delayMs: 0 })));
    const now: Shaped[] = [];
    for (const row of rows) {
      const fault = await faults.takeWebhook(row.projectId);
      const shaped: Shaped = { row, copies: fault?.rule.duplicate ? 2 : 1, delayMs: fault?.rule.delay_ms ?? 0 };
      if (fault?.rule.order === 'reverse') hold(fault, shaped, hand);
      else now.push(shaped);
    }
    if (now.length) hand(now);
  };
}
