/**
 * A merchant made, put back to its seed or removed (DESIGN.md §8b: sandboxes and `POST /mock/reset`),
 * each one use case: the change in one transaction (mock/store/sandboxes.ts; a reset drops the
 * merchant's fault rules in it, a delete's go with the merchant's row), then told to the parts that
 * keep a merchant's state apart: the sender, which drops at once what the outbox no longer holds of
 * the merchant's projects of before (another process's sender drops it at its next look), and the
 * clocks.
 */
import { clockOf } from '../store/clock';
import type { Database } from '../store/database';
import { dropFaultRules } from '../store/fault-rules';
import { createSandbox, deleteSandbox, resetMerchant, SandboxCapError, SandboxSeedError, type SandboxAnswer } from '../store/sandboxes';
import { SnapshotError, type Snapshot } from '../store/snapshot';
import { writeWebhookSettings, type WebhookSettings } from '../store/webhook-settings';
import type { WebhookSender } from '../webhooks/sender';

/** What a merchant's change is told to. */
export interface MerchantParts {
  db: Database;
  sender: WebhookSender;
}

function changed(parts: MerchantParts, projectsBefore: readonly number[]): void {
  parts.sender.forget(projectsBefore);
  clockOf(parts.db).moved();
}

export type SandboxMade = { ok: true; sandbox: SandboxAnswer } | { ok: false; problem: 'full' } | { ok: false; problem: 'seed'; message: string };

/**
 * A new sandbox seeded with `seed` (none: empty), while there are fewer than `cap`. A new merchant
 * has no rules and a clock at real time: nothing to tell. A seed that passed the export's check but
 * breaks the tables' keys or references is refused with what it breaks.
 */
export async function makeSandbox(db: Database, seed: Snapshot | null, cap: number): Promise<SandboxMade> {
  try {
    return { ok: true, sandbox: (await createSandbox(db, seed, cap)).sandbox };
  } catch (error) {
    if (error instanceof SandboxCapError) return { ok: false, problem: 'full' };
    if (error instanceof SandboxSeedError || error instanceof SnapshotError) return { ok: false, problem: 'seed', message: error.message };
    throw error;
  }
}

/** Removes sandbox `merchantId` and all it holds; false when it is not a sandbox (the service's own merchant). */
export async function removeSandbox(parts: MerchantParts, merchantId: number): Promise<boolean> {
  const change = await deleteSandbox(parts.db, merchantId);
  if (!change) return false;
  changed(parts, change.before);
  return true;
}

/**
 * Puts the merchant back to its seed (a sandbox's, or `fixtures` for the service's own), and its
 * projects named in `startWebhooks` to the webhook settings the service was started with; false
 * when there is no such merchant.
 */
export async function resetToSeed(parts: MerchantParts, merchantId: number, fixtures: Snapshot, startWebhooks: Record<number, WebhookSettings>): Promise<boolean> {
  const started = Object.entries(startWebhooks);
  const change = await resetMerchant(parts.db, merchantId, fixtures, async (sql, projects) => {
    await dropFaultRules(sql, merchantId);
    for (const [project, settings] of started) if (projects.includes(Number(project))) await writeWebhookSettings(sql, Number(project), settings);
  });
  if (!change) return false;
  changed(parts, change.before);
  return true;
}
