/**
 * Webhook faults (DESIGN.md §8b "Fail on purpose"): a merchant's rule `{"webhooks": {…}, "count": n}`
 * makes its next `n` webhooks go wrong on their way from the outbox to the sender — each sent twice
 * (`duplicate`), late (`delay_ms`; the project's later webhooks wait behind, as behind a slow
 * attempt), or held until all `n` were made and then sent last first (`order: reverse`) — so a test
 * sees its listener take a repeated, late or out-of-order webhook. The rules are counted down in the
 * database (mock/store/fault-rules.ts), one webhook each, whichever process sends.
 *
 * A reverse hold is derived from the database: held rows stay in the outbox, and this process keeps
 * only which rows its rule holds. It looks at the rule every `HOLD_LOOK_MS`: once the rule no longer
 * counts (removed through any process, or gone with its merchant's reset or delete) the hold ends
 * at once. It hands its rows on at once, last first, in the order it took them: the sender drops,
 * unsent, any the outbox no longer holds (a reset's or a delete's), as it does every row.
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
/** How often a hold looks whether its rule still counts. */
const HOLD_LOOK_MS = 500;

/** Shapes rows for the sender, then hands them (`hand` may be called later, for held rows). */
export type Shaper = (rows: OutboxRow[], hand: (shaped: Shaped[]) => void) => Promise<void>;

/** Rows as they are: no faults. */
export const noFaults: Shaper = async (rows, hand) => hand(rows.map((row) => ({ row, copies: 1, delayMs: 0 })));

export function webhookFaults(db: Database): Shaper {
  const faults = createFaults(db);
  /** Reverse rules (by id) → the rows they hold, the timer that sends them if the rest never come, and the look at the rule. */
  const held = new Map<number, { rows: Shaped[]; timer: NodeJS.Timeout; look: NodeJS.Timeout; hand: (shaped: Shaped[]) => void }>();
  /** Webhooks being matched against the rules now: a rule one of them just spent is not yet held here. */
  let taking = 0;
  const release = (id: number) => {
    const holding = held.get(id);
    if (!holding) return;
    held.delete(id);
    clearTimeout(holding.timer);
    clearInterval(holding.look);
    // At once, in this call: rows handed after it would otherwise overtake them (the project's order).
    holding.hand(holding.rows.reverse());
  };
  const hold = (fault: WebhookFault, shaped: Shaped, hand: (shaped: Shaped[]) => void) => {
    let holding = held.get(fault.id);
    if (!holding) {
      // The rule's last take ends the hold itself; between that take's write and its hold here the
      // rule no longer counts, so the look waits while a take is under way.
      const look = setInterval(() => {
        if (taking === 0) void faults.counting(fault.id).then((counting) => counting || taking > 0 || release(fault.id), () => undefined);
      }, HOLD_LOOK_MS);
      holding = { rows: [], timer: setTimeout(() => release(fault.id), REVERSE_HOLD_MS), look, hand };
      holding.timer.unref();
      look.unref();
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
      taking += 1;
      try {
        const fault = await faults.takeWebhook(row.projectId);
        const shaped: Shaped = { row, copies: fault?.rule.duplicate ? 2 : 1, delayMs: fault?.rule.delay_ms ?? 0 };
        if (fault?.rule.order === 'reverse') hold(fault, shaped, hand);
        else now.push(shaped);
      } finally {
        taking -= 1;
      }
    }
    if (now.length) hand(now);
  };
}
