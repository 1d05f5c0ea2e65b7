/**
 * The webhook outbox (table `webhook_outbox`, migration 4): no webhook of a committed event is lost
 * when the process ends before its listener accepted it. An event's webhooks are written in the
 * event's own transaction (`keep`), handed to the sender once it commits (`deliver`), and taken
 * out of the outbox when the listener accepted them or the sender refused them. A new start sends
 * what is still in it (`restore`), oldest first, with the sender's retries as ever. A stop waits for
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
 * process claims its projects, with the rows it held and had not seen accepted (at least once).
 * A lease rather than a lock held by an open transaction: a listener that is down keeps a project's
 * webhooks waiting for minutes, which would hold a connection (and a transaction) each that long.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '../store/database';
import type { KeptWebhook, WebhookSender } from './sender';
import { readWebhookSettings, type Variant } from '../store/webhook-settings';
import { noFaults, type Shaped, type Shaper } from './webhook-faults';
import type { OutboxRow } from '../store/outbox';

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

interface Row {
  id: string;
  project_id: string;
  notification_type: string;
  body: string;
}
const rowOf = (row: Row): OutboxRow => ({ id: Number(row.id), projectId: Number(row.project_id), type: row.notification_type, body: row.body });

/** The variant of the project's webhooks as its settings hold them now (every process writes them there), in the event's transaction. */
const variant = async (sql: Sql, projectId: number): Promise<Variant | null> => (await readWebhookSettings(sql, projectId))?.variant ?? null;

/** `shape`: what the merchants' webhook faults make of the rows on their way to the sender (mock/webhooks/webhook-faults.ts). */
export function createOutbox(db: Database, sender: WebhookSender, shape: Shaper = noFaults): Outbox {
  return db.shared ? sharedOutbox(db, sender, shape) : ownOutbox(db, sender, shape);
}

/** Takes a row out of the outbox; a database already closed (the service stopping) keeps it, for the next start. */
const removeRow = (db: Database, id: number) => db.sql.query('DELETE FROM webhook_outbox WHERE id = $1', [id]).then(() => undefined, () => undefined);

/**
 * Hands `rows` (in id order) to the sender, a project's in one go, as `shape` makes them; `settle`
 * makes each row's settle (a second copy of a row has none: the row leaves the outbox once).
 */
async function handOver(sender: WebhookSender, rows: OutboxRow[], settle: (row: OutboxRow) => () => Promise<void>, shape: Shaper): Promise<void> {
  if (rows.length === 0) return;
  // The faults are a test's; a failure to read them (a database closing) sends the webhooks as they are.
  const hand = (shaped: Shaped[]) => {
    const projects = [...new Set(shaped.map(({ row }) => row.projectId))];
    for (const project of projects) {
      sender.sendKept(project, shaped.filter(({ row }) => row.projectId === project).flatMap(({ row, copies, delayMs }): KeptWebhook[] => [
        { type: row.type, body: row.body, settle: settle(row), ...(delayMs ? { delayMs } : {}) },
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
      await handOver(sender, rows, settle, shape);
    },
    async restore() {
      const { rows } = await db.sql.query<Row>('SELECT id, project_id, notification_type, body FROM webhook_outbox ORDER BY id');
      // One at a time: were there more than a project's queue holds, the oldest are kept and the rest refused, as ever.
      for (const row of rows) await handOver(sender, [rowOf(row)], settle, noFaults);
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
    return serial(() => db.sql.query("UPDATE webhook_leases SET owner = NULL, until = '-infinity' WHERE owner = $1", [me])).then(() => undefined, () => undefined);
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
    // Each project with webhooks to send has its lease row (in one order, so two claims never wait on each other crosswise).
    await db.sql.query(
      `INSERT INTO webhook_leases (project_id)
       SELECT DISTINCT project_id FROM webhook_outbox WHERE sent_by IS DISTINCT FROM $1 ORDER BY project_id
       ON CONFLICT DO NOTHING`,
      [me],
    );
    // One statement (so one transaction of its own): the free leases taken, and their projects' rows marked as this process's.
    const { rows: found } = await db.sql.query<Partial<Row> & { project_id: string }>(
      `WITH leased AS (
         UPDATE webhook_leases SET owner = $1, until = now() + $2 * interval '1 millisecond'
         WHERE project_id IN (
           SELECT project_id FROM webhook_leases
           WHERE (owner = $1 OR owner IS NULL OR until < now())
             AND project_id IN (SELECT project_id FROM webhook_outbox WHERE sent_by IS DISTINCT FROM $1)
           ORDER BY project_id FOR UPDATE SKIP LOCKED)
         RETURNING project_id
       ), claimed AS (
         UPDATE webhook_outbox o SET sent_by = $1 FROM leased
         WHERE o.project_id = leased.project_id AND o.sent_by IS DISTINCT FROM $1
         RETURNING o.id, o.project_id, o.notification_type, o.body
       )
       SELECT project_id, NULL::bigint AS id, NULL AS notification_type, NULL AS body FROM leased
       UNION ALL SELECT project_id, id, notification_type, body FROM claimed`,
      [me, LEASE_MS],
    );
    const projects = found.filter((row) => row.id === null).map((row) => Number(row.project_id));
    if (projects.length === 0) return;
    const claimed = { projects, rows: found.filter((row) => row.id !== null).map((row) => rowOf(row as Row)).sort((a, b) => a.id - b.id) };
    for (const row of claimed.rows) held.set(row.projectId, (held.get(row.projectId) ?? 0) + 1);
    await handOver(sender, claimed.rows, (row) => async () => {
      await removeRow(db, row.id);
      const left = (held.get(row.projectId) ?? 1) - 1;
      held.set(row.projectId, left);
      if (left === 0) void serial(() => release(row.projectId)).then(claim, () => undefined);
    }, shape);
    for (const project of claimed.projects) if (!held.get(project)) void serial(() => release(project)).catch(() => undefined);
  }

  /** Frees the project's lease, when this process has nothing of it left to send. */
  async function release(projectId: number): Promise<void> {
    if (closed || held.get(projectId)) return;
    held.delete(projectId);
    await db.sql.query("UPDATE webhook_leases SET owner = NULL, until = '-infinity' WHERE project_id = $1 AND owner = $2", [projectId, me]);
  }

  /** Keeps the leases of the projects this process still has webhooks of to send. */
  function renew(): Promise<void> {
    const holding = [...held].filter(([, n]) => n > 0).map(([project]) => project);
    if (holding.length === 0 || closed) return Promise.resolve();
    return serial(async () => {
      await db.sql.query("UPDATE webhook_leases SET until = now() + $3 * interval '1 millisecond' WHERE owner = $1 AND project_id = ANY($2::bigint[])", [me, holding, LEASE_MS]);
    });
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
