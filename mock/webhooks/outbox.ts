/**
 * The webhook outbox (table `webhook_outbox`, migration 4): no webhook of a committed event is lost
 * when the process ends before its listener accepted it. An event's webhooks are written in the
 * event's own transaction (`keep`), handed to the sender once it commits (`deliver`), and taken
 * out of the outbox when the listener accepted them or the sender refused them. A new start sends
 * what is still in it (`restore`), oldest first, each where it was in its retry schedule (its
 * attempts, when the next is due on the merchant's clock, its delivery in the log: kept in the row
 * after each failed attempt), so a restart does not send early what waits for its next attempt. A stop waits for
 * the attempts under way (the sender's `close()`); a webhook whose acceptance came as a killed
 * process died, before it was taken out, is sent once more: at least once.
 *
 * On a database several processes share (a Postgres server, DESIGN.md §8c) a process sends only
 * what it claimed: a project's webhooks go out through one process at a time, the holder of the
 * project's lease (`webhook_leases`, migration 8), so they go once and in order. A claim takes the
 * free (or expired) leases of the projects with webhooks to send, skipping those another process is
 * claiming at that moment (`FOR UPDATE SKIP LOCKED`), and marks their rows as its own (`sent_by`).
 * The writer of an event claims right after its commit, so its webhooks usually go from where they
 * were made; each process also claims every `POLL_MS` (what a busy holder left, what a dead one
 * held). A lease lasts `LEASE_MS` and is renewed while its holder has webhooks of the project to
 * send; it is freed once it has none, and at a stop. A killed process's leases expire, and another
 * process claims its projects, with the rows it held and had not seen accepted (at least once), each
 * where it was in its retry schedule.
 * A lease rather than a lock held by an open transaction: a listener that is down keeps a project's
 * webhooks waiting for minutes, which would hold a connection (and a transaction) each that long.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '../store/database';
import type { KeptWebhook, WebhookSender } from './sender';
import { readWebhookSettings, type Variant } from '../store/webhook-settings';
import { noFaults, type Shaped, type Shaper } from './webhook-faults';
import { claimOutbox, freeLeases, outboxHolds, outboxRows, removeOutboxRow, renewLeases, scheduleOutboxRow, type OutboxRow, type OutboxSchedule } from '../store/outbox';

/** How long a lease holds without being renewed: a killed process's webhooks wait that long for another. */
export const LEASE_MS = 10_000;
/** How often a process on a shared database claims what it may send (and renews its leases). */
export const POLL_MS = 1_000;

export interface Outbox {
  /** Hands rows `keepWebhooks` wrote to the sender, once their transaction committed (on a shared database: claims them). */
  deliver(rows: OutboxRow[]): Promise<void>;
  /** Hands everything the outbox holds to the sender (at start; on a shared database: what this process may claim). */
  restore(): Promise<void>;
  /** The variant of the project's webhooks, or null when it has no settings: what an event writes to the outbox. */
  variant(sql: Sql, projectId: number): Promise<Variant | null>;
  /** Stops claiming and frees this process's leases, once the sender closed (its attempts settled). */
  close(): Promise<void>;
}


/** The variant of the project's webhooks as its settings hold them now (every process writes them there), in the event's transaction. */
const variant = async (sql: Sql, projectId: number): Promise<Variant | null> => (await readWebhookSettings(sql, projectId))?.variant ?? null;

/** `shape`: what the merchants' webhook faults make of the rows on their way to the sender (mock/webhooks/webhook-faults.ts). */
export function createOutbox(db: Database, sender: WebhookSender, shape: Shaper = noFaults): Outbox {
  return db.shared ? sharedOutbox(db, sender, shape) : ownOutbox(db, sender, shape);
}

/** Takes a row out of the outbox; a database already closed (the service stopping) keeps it, for the next start. */
const removeRow = (db: Database, id: number, owner?: string) => removeOutboxRow(db.sql, id, owner).catch(() => undefined);
/** Keeps a row's place in its retry schedule; a database already closed keeps the place before (the next start sends it sooner). */
const scheduleRow = (db: Database, id: number, at: OutboxSchedule) => scheduleOutboxRow(db.sql, id, at).catch(() => undefined);

/** Whether the outbox still holds a row (for `owner`); a database that cannot be read (closing) says it does: nothing is dropped for that. */
const holds = (db: Database, id: number, owner?: string) => outboxHolds(db.sql, id, owner).catch(() => true);

/**
 * Hands `rows` (in id order) to the sender, a project's in one go, as `shape` makes them, each
 * where it is in its retry schedule (a row tried before goes on from there, and the sender keeps
 * its place in the row after each failed attempt); `settle` makes each row's settle (a second copy
 * of a row has none: the row leaves the outbox once); the sender drops a row the outbox no longer
 * holds for `owner` (this process, on a shared database) before each attempt.
 */
async function handOver(
  db: Database, sender: WebhookSender, rows: OutboxRow[], settle: (row: OutboxRow) => () => Promise<void>, shape: Shaper, owner?: string,
): Promise<void> {
  if (rows.length === 0) return;
  // The faults are a test's; a failure to read them (a database closing) sends the webhooks as they are.
  const hand = (shaped: Shaped[]) => {
    const projects = [...new Set(shaped.map(({ row }) => row.projectId))];
    for (const project of projects) {
      sender.sendKept(project, shaped.filter(({ row }) => row.projectId === project).flatMap(({ row, copies, delayMs }): KeptWebhook[] => [
        {
          type: row.type, body: row.body, settle: settle(row), schedule: (at) => scheduleRow(db, row.id, at), kept: () => holds(db, row.id, owner),
          ...(row.attempts > 0 ? { resumed: { attempts: row.attempts, nextAttempt: row.nextAttempt, delivery: row.delivery } } : {}), ...(delayMs ? { delayMs } : {}),
        },
        ...(copies === 2 ? [{ type: row.type, body: row.body, settle: async () => undefined }] : []),
      ]));
    }
  };
  await shape(rows, hand).catch(() => noFaults(rows, hand));
}

/** The outbox of a database this process alone has (the embedded one): everything in it is this process's to send. */
function ownOutbox(db: Database, sender: WebhookSender, shape: Shaper): Outbox {
  const settle = (row: OutboxRow) => () => removeRow(db, row.id);
  return {
    async deliver(rows) {
      await handOver(db, sender, rows, settle, shape);
    },
    async restore() {
      // One at a time: were there more than a project's queue holds, the oldest are kept and the rest refused, as ever.
      for (const row of await outboxRows(db.sql)) await handOver(db, sender, [row], settle, noFaults);
    },
    variant,
    close: async () => undefined,
  };
}

/** The outbox of a database other processes share: this process sends what it claimed (see the top of the file). */
function sharedOutbox(db: Database, sender: WebhookSender, shape: Shaper): Outbox {
  const me = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Project → how many of its rows the sender holds, not yet settled. */
  const held = new Map<number, number>();
  let chain: Promise<unknown> = Promise.resolve();
  /** Runs `work` after this process's earlier claims, renewals and releases: one at a time. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  let waiting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Stops claiming and frees this process's leases at once: what it claimed and did not see accepted goes to the next claimant. */
  function stop(): Promise<void> {
    closed = true;
    clearInterval(timer);
    return serial(() => freeLeases(db.sql, me)).catch(() => undefined);
  }
  // A sender that closes sends nothing more: its leases are freed then, not when they run out.
  sender.onClose(() => void (closed || stop()));

  /** A claim after those under way; calls made before it starts share it. */
  function claim(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!timer) {
      timer = setInterval(() => void renew().then(claim).catch(() => undefined), POLL_MS);
      timer.unref();
    }
    waiting ??= serial(async () => {
      waiting = null;
      if (!closed) await claimOnce();
    });
    return waiting;
  }

  async function claimOnce(): Promise<void> {
    const claimed = await claimOutbox(db.sql, me, LEASE_MS);
    if (claimed.projects.length === 0) return;
    for (const row of claimed.rows) held.set(row.projectId, (held.get(row.projectId) ?? 0) + 1);
    await handOver(db, sender, claimed.rows, (row) => async () => {
      await removeRow(db, row.id, me);
      const left = (held.get(row.projectId) ?? 1) - 1;
      held.set(row.projectId, left);
      // The claim after it may fail too (a database closed meanwhile): the poll tries again, nothing is left unhandled.
      if (left === 0) void serial(() => release(row.projectId)).then(claim).catch(() => undefined);
    }, shape, me);
    for (const project of claimed.projects) if (!held.get(project)) void serial(() => release(project)).catch(() => undefined);
  }

  /** Frees the project's lease, when this process has nothing of it left to send. */
  async function release(projectId: number): Promise<void> {
    if (closed || held.get(projectId)) return;
    held.delete(projectId);
    await freeLeases(db.sql, me, projectId);
  }

  /** Keeps the leases of the projects this process still has webhooks of to send. */
  function renew(): Promise<void> {
    const holding = [...held].filter(([, n]) => n > 0).map(([project]) => project);
    if (holding.length === 0 || closed) return Promise.resolve();
    return serial(() => renewLeases(db.sql, me, holding, LEASE_MS));
  }

  return {
    async deliver(rows) {
      // The event committed whatever becomes of the claim: a claim that fails is the next poll's.
      if (rows.length > 0) await claim().catch(() => undefined);
    },
    restore: claim,
    variant,
    close: () => (closed ? chain.then(() => undefined) : stop()),
  };
}
