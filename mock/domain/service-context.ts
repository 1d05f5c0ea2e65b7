/**
 * What the merchant API's use cases run with, put together here and not in the transport (issue 49
 * item 9): the database, the webhooks' sender, the payments, the merchants' clocks and fault rules,
 * the fixtures a sandbox is seeded from and the caps on sandboxes. mock/api/server.ts hands it to
 * the Fastify app; no part of it knows HTTP.
 */
import type { Database, Sql } from '../store/database';
import { clockOf } from '../store/clock';
import { createFaults, type Faults } from '../store/fault-rules';
import { readSnapshot, type Snapshot } from '../store/snapshot';
import type { WebhookSettings } from '../store/webhook-settings';
import type { WebhookSender } from '../webhooks/sender';
import { createPayments, type Payments } from './payments';

export interface ServiceContext {
  db: Database;
  sender: WebhookSender;
  payments: Payments;
  /**
   * Milliseconds since the epoch by merchant `merchantId`'s clock, read in the transaction of `sql`
   * (`db.sql`: a statement of its own; never `db.sql` inside an open transaction, where the embedded
   * database, one query at a time, would wait for that transaction forever). A request's own
   * merchant's clock is `call.now()` (mock/api/app.ts), which reads it with the credentials.
   */
  merchantNow: (merchantId: number, sql: Sql) => Promise<number>;
  /** The merchant API's (and Login API's) origin: the JWT's `iss` and the links in mailed messages. */
  origin: () => string;
  /** Milliseconds the Login API waits for a merchant's user store (proxy variants). */
  userStoreTimeoutMs: number;
  /** The merchants' fault rules (`/mock/faults`). */
  faults: Faults;
  /** The service's fixtures, checked: the demo merchant's seed, and a sandbox's by default. */
  fixtures: () => Promise<Snapshot>;
  /** The webhook settings the service was started with (project id → settings): part of its own merchants' seed. */
  startWebhooks: Record<number, WebhookSettings>;
  /** How many sandboxes may be at once, and how big a sandbox's seed may be (JSON bytes). */
  sandboxLimits: SandboxLimits;
}

/** The caps of `POST /mock/sandboxes`. */
export interface SandboxLimits {
  /** Sandboxes at once (`PAYUI_MOCK_MAX_SANDBOXES`): the next is 429 until one is deleted. */
  count: number;
  /** A seed document's size in bytes of JSON (`PAYUI_MOCK_MAX_SEED_BYTES`): a bigger one is 413. */
  seedBytes: number;
}

/** The caps by default: room for every test file of a big suite at once, and seeds of a real catalogue. */
export const SANDBOX_LIMITS: SandboxLimits = { count: 500, seedBytes: 256 * 1024 };

export interface ServiceContextOptions {
  db: Database;
  sender: WebhookSender;
  /** The payments the payment UI took (shared with the payment UI's server); none: made on `db` and `sender`. */
  payments?: Payments;
  origin: () => string;
  userStoreTimeoutMs: number;
  /** The fixtures the database was seeded with (checked at first use). */
  fixtures: unknown;
  startWebhooks?: Record<number, WebhookSettings>;
  sandboxLimits?: SandboxLimits;
}

export function createServiceContext(options: ServiceContextOptions): ServiceContext {
  const { db, sender } = options;
  let fixtures: Promise<Snapshot> | undefined;
  const clock = clockOf(db);
  return {
    db,
    sender,
    payments: options.payments ?? createPayments(sender, db),
    // The merchant's clock: real time unless a test moved it (POST /mock/clock).
    merchantNow: (merchantId, sql) => clock.now(merchantId, sql),
    origin: options.origin,
    userStoreTimeoutMs: options.userStoreTimeoutMs,
    faults: createFaults(db),
    fixtures: () => (fixtures ??= readSnapshot(options.fixtures)),
    startWebhooks: options.startWebhooks ?? {},
    sandboxLimits: options.sandboxLimits ?? SANDBOX_LIMITS,
  };
}
