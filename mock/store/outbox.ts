/**
 * The webhook outbox's rows (table `webhook_outbox`): an event's webhooks, written in the event's
 * own transaction. mock/webhooks/outbox.ts hands them to the sender and takes them out once settled;
 * on a shared database it claims them through the projects' leases (table `webhook_leases`), which
 * this module writes too.
 */
import type { Webhook } from 'payui-embed/server';
import type { Sql } from './database';

/** Where a webhook is in the retry schedule (mock/webhooks/sender.ts): kept with it, so whoever sends it next goes on from there. */
export interface OutboxSchedule {
  /** The attempts made so far. */
  attempts: number;
  /** When the next attempt is due on the clock of the project's merchant (ms since the epoch); null: at once. */
  nextAttempt: number | null;
  /** The log's delivery its attempts are logged on (mock/store/webhook-log.ts); null: none yet. */
  delivery: number | null;
}

/** A webhook in the outbox. */
export interface OutboxRow extends OutboxSchedule {
  id: number;
  projectId: number;
  type: string;
  body: string;
}

/** A webhook not tried yet. */
const UNTRIED: OutboxSchedule = { attempts: 0, nextAttempt: null, delivery: null };

/**
 * Writes an event's webhooks to the outbox, in the event's transaction `sql`, all or none: none when
 * the project's queue (its webhooks in the outbox, those of type `room.except` aside) has no room
 * for them all within `room.limit`. One statement, the count and the write. Answers the rows for
 * `deliver`, or null when they did not fit.
 */
export async function keepWebhooks(sql: Sql, projectId: number, payloads: Webhook[], room: { limit: number; except: string }): Promise<OutboxRow[] | null> {
  if (payloads.length === 0) return [];
  const types = payloads.map((payload) => payload.notification_type);
  const bodies = payloads.map((payload) => JSON.stringify(payload));
  const { rows } = await sql.query<{ id: string; notification_type: string; body: string }>(
    `INSERT INTO webhook_outbox (project_id, notification_type, body)
     SELECT $1, w.type, w.body FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS w(type, body, n)
     WHERE (SELECT count(*) FROM webhook_outbox WHERE project_id = $1 AND notification_type <> $5) + cardinality($2::text[]) <= $4
     ORDER BY w.n
     RETURNING id, notification_type, body`,
    [projectId, types, bodies, room.limit, room.except],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => ({ id: Number(row.id), projectId, type: row.notification_type, body: row.body, ...UNTRIED })).sort((a, b) => a.id - b.id);
}

/**
 * Writes one webhook of these exact bytes to the outbox, in the transaction `sql`; `delivery`: the
 * log's delivery it is sent on, logged already (a resend, a trigger, a question: the caller answers
 * its id before it is sent).
 */
export async function keepBody(sql: Sql, projectId: number, { type, body }: { type: string; body: string }, delivery: number | null = null): Promise<OutboxRow> {
  const { rows: [row] } = await sql.query<{ id: string }>(
    'INSERT INTO webhook_outbox (project_id, notification_type, body, delivery) VALUES ($1, $2, $3, $4) RETURNING id',
    [projectId, type, body, delivery],
  );
  return { id: Number(row!.id), projectId, type, body, ...UNTRIED, delivery };
}

/** How many webhooks of the project the outbox holds, those of type `except` aside (its queue, whichever process sends it). */
export async function outboxCount(sql: Sql, projectId: number, except: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_outbox WHERE project_id = $1 AND notification_type <> $2', [projectId, except]);
  return rows[0]!.n;
}

interface RowOf {
  id: string;
  project_id: string;
  notification_type: string;
  body: string;
  attempts: number;
  next_attempt: Date | string | null;
  delivery: string | null;
}
const rowOf = (row: RowOf): OutboxRow => ({
  id: Number(row.id), projectId: Number(row.project_id), type: row.notification_type, body: row.body, attempts: row.attempts,
  nextAttempt: row.next_attempt === null ? null : new Date(row.next_attempt).getTime(), delivery: row.delivery === null ? null : Number(row.delivery),
});
/** The columns `rowOf` reads. */
const COLUMNS = 'id, project_id, notification_type, body, attempts, next_attempt, delivery';

/** Everything the outbox holds, oldest first (a start on a database of its own sends it all). */
export async function outboxRows(sql: Sql): Promise<OutboxRow[]> {
  const { rows } = await sql.query<RowOf>(`SELECT ${COLUMNS} FROM webhook_outbox ORDER BY id`);
  return rows.map(rowOf);
}

/** Keeps where the webhook is in its retry schedule, after an attempt that failed. */
export async function scheduleOutboxRow(sql: Sql, id: number, { attempts, nextAttempt, delivery }: OutboxSchedule): Promise<void> {
  await sql.query('UPDATE webhook_outbox SET attempts = $2, next_attempt = $3, delivery = $4 WHERE id = $1', [
    id, attempts, nextAttempt === null ? null : new Date(nextAttempt).toISOString(), delivery,
  ]);
}

/**
 * Whether the outbox still holds row `id` (for `owner`, when given: handed to that process): a reset
 * or a delete of its merchant takes it out with the merchant's projects.
 */
/** An outbox row, and the process it is handed to (none: the embedded database's own outbox). */
export interface OutboxRowRef {
  id: number;
  owner?: string;
}

export async function outboxHolds(sql: Sql, id: number, owner?: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM webhook_outbox WHERE id = $1 AND ($2::text IS NULL OR sent_by = $2)', [id, owner ?? null]);
  return rows.length > 0;
}

/**
 * Takes a settled webhook out of the outbox (`owner`, when given: only while it is handed to that
 * process, not taken over by another); answers whether it was there.
 */
export async function removeOutboxRow(sql: Sql, id: number, owner?: string): Promise<boolean> {
  const { rows } = await sql.query('DELETE FROM webhook_outbox WHERE id = $1 AND ($2::text IS NULL OR sent_by = $2) RETURNING id', [id, owner ?? null]);
  return rows.length > 0;
}

/**
 * Takes a webhook out of the outbox if no process claimed it (`sent_by` unset): a question its asker
 * gave up on; a claimed one is its claimant's to ask or drop, and to settle. Answers whether it went.
 */
export async function removeUnclaimedRow(sql: Sql, id: number): Promise<boolean> {
  const { rows } = await sql.query('DELETE FROM webhook_outbox WHERE id = $1 AND sent_by IS NULL RETURNING id', [id]);
  return rows.length > 0;
}

/**
 * A claim of process `owner` on a shared database (mock/webhooks/outbox.ts): the free (or expired, or
 * its own) leases of the projects with webhooks it has not been handed, taken for `leaseMs`, skipping
 * those another process is claiming at that moment; and those projects' rows, marked as its own.
 * Answers the projects whose leases it took and their rows, oldest first.
 */
export async function claimOutbox(sql: Sql, owner: string, leaseMs: number): Promise<{ projects: number[]; rows: OutboxRow[] }> {
  // Each project with webhooks to send has its lease row (in one order, so two claims never wait on each other crosswise).
  await sql.query(
    `INSERT INTO webhook_leases (project_id)
     SELECT DISTINCT project_id FROM webhook_outbox WHERE sent_by IS DISTINCT FROM $1 ORDER BY project_id
     ON CONFLICT DO NOTHING`,
    [owner],
  );
  // One statement (so one transaction of its own): the free leases taken, and their projects' rows marked as this process's.
  const { rows: found } = await sql.query<Partial<RowOf> & { project_id: string }>(
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
       RETURNING o.id, o.project_id, o.notification_type, o.body, o.attempts, o.next_attempt, o.delivery
     )
     SELECT project_id, NULL::bigint AS id, NULL AS notification_type, NULL AS body, NULL::integer AS attempts, NULL::timestamptz AS next_attempt, NULL::bigint AS delivery FROM leased
     UNION ALL SELECT project_id, id, notification_type, body, attempts, next_attempt, delivery FROM claimed`,
    [owner, leaseMs],
  );
  return {
    projects: found.filter((row) => row.id === null).map((row) => Number(row.project_id)),
    rows: found.filter((row) => row.id !== null).map((row) => rowOf(row as RowOf)).sort((a, b) => a.id - b.id),
  };
}

/**
 * Drops the free (or expired) leases of projects with nothing to send: a claim's insert that waited
 * on a reset or a delete (which drops the merchant's leases) can put one back after it committed.
 * Rare, so not on every claim: mock/webhooks/outbox.ts runs it after a claim that found nothing.
 */
export async function dropIdleLeases(sql: Sql): Promise<void> {
  await sql.query(
    `DELETE FROM webhook_leases l WHERE (l.owner IS NULL OR l.until < now())
       AND NOT EXISTS (SELECT 1 FROM webhook_outbox o WHERE o.project_id = l.project_id)`,
  );
}

/** Keeps `owner`'s leases of these projects for another `leaseMs`. */
export async function renewLeases(sql: Sql, owner: string, projectIds: number[], leaseMs: number): Promise<void> {
  await sql.query("UPDATE webhook_leases SET until = now() + $3 * interval '1 millisecond' WHERE owner = $1 AND project_id = ANY($2::bigint[])", [owner, projectIds, leaseMs]);
}

/** Drops the leases of the projects of merchant `merchantId` (its reset or delete, in that transaction `sql`): a project gone leaves no row. */
export async function dropMerchantLeases(sql: Sql, merchantId: number): Promise<void> {
  await sql.query('DELETE FROM webhook_leases WHERE project_id IN (SELECT id FROM projects WHERE merchant_id = $1)', [merchantId]);
}

/** Frees `owner`'s lease of the project (none given: all its leases), for the next claimant. */
export async function freeLeases(sql: Sql, owner: string, projectId?: number): Promise<void> {
  if (projectId === undefined) await sql.query("UPDATE webhook_leases SET owner = NULL, until = '-infinity' WHERE owner = $1", [owner]);
  else await sql.query("UPDATE webhook_leases SET owner = NULL, until = '-infinity' WHERE project_id = $1 AND owner = $2", [projectId, owner]);
}
