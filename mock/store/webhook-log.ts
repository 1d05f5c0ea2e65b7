/**
 * The webhook log (table `webhook_log`, migration 11): every delivery the sender queued — its type,
 * exact body, state — with its attempts, written by whichever process sent it, so the log is kept
 * across restarts and every process of a shared database reads the same one. Bounded: a project
 * keeps its newest `LOG_SIZE` deliveries, the oldest dropped first as new ones come.
 */
import type { Sql } from './database';

/** How many deliveries of one project the log keeps (the newest). */
export const LOG_SIZE = 500;

export interface LoggedAttempt {
  delivery: number;
  project_id: number;
  notification_type: string;
  url: string;
  attempt: number;
  at: string;
  status: number | null;
  answer: string;
  ms: number;
  accepted: boolean;
  retry_in_ms: number | null;
}

export interface LoggedDelivery {
  id: number;
  project_id: number;
  notification_type: string;
  state: 'waiting' | 'sending' | 'accepted' | 'refused' | 'failed';
  reason: string | null;
  attempts: number;
  next_attempt: string | null;
  body: string;
}

/** Which deliveries a read answers (each left out: any). */
export interface LogFilter {
  type?: string | undefined;
  /** Only deliveries of a greater id: the ones after a delivery seen before. */
  after?: number | undefined;
  state?: LoggedDelivery['state'] | undefined;
}

interface Row {
  id: string;
  project_id: string;
  notification_type: string;
  state: LoggedDelivery['state'];
  reason: string | null;
  attempts: number;
  next_attempt: Date | string | null;
  body: string;
  tries: LoggedAttempt[];
}

const deliveryOf = (row: Row): LoggedDelivery => ({
  id: Number(row.id), project_id: Number(row.project_id), notification_type: row.notification_type, state: row.state, reason: row.reason,
  attempts: row.attempts, next_attempt: row.next_attempt === null ? null : new Date(row.next_attempt).toISOString(), body: row.body,
});

/**
 * The channel a write of the log is told on, to the processes of a shared database (`payload`:
 * the project's id, a space, and the writing process's mark), so that their waits for the
 * project's log look again (mock/webhooks/log.ts).
 */
export const LOG_CHANNEL = 'payui_webhook_log';

/** Tells every process listening on LOG_CHANNEL that project `projectId`'s log changed, when the transaction of `sql` commits. */
export async function tellLogChanged(sql: Sql, projectId: number, mark: string): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [LOG_CHANNEL, logChangeNotice(projectId, mark)]);
}

/** A notice on LOG_CHANNEL: project `projectId`'s log changed, written by the process of `mark`. */
export const logChangeNotice = (projectId: number, mark: string): string => `${projectId} ${mark}`;

/**
 * `text` (one UPDATE or DELETE, with `params`) that also tells LOG_CHANNEL `notice` (none: as it
 * is), in the same statement: Postgres sends a notice when its transaction commits, so a process
 * woken by it reads what was written. A notice of its own after each write was a statement more.
 */
function telling(text: string, params: unknown[], notice: string | undefined): [string, unknown[]] {
  if (notice === undefined) return [text, params];
  return [`WITH written AS (${text}) SELECT pg_notify($${params.length + 1}, $${params.length + 2})`, [...params, LOG_CHANNEL, notice]];
}

/** The project and the writer's mark of a notice on LOG_CHANNEL; null when it is not one. */
export function logNotice(payload: string): { projectId: number; mark: string } | null {
  const match = /^(\d+) (\S+)$/.exec(payload);
  return match ? { projectId: Number(match[1]), mark: match[2]! } : null;
}

/**
 * Logs a new delivery (its id is the log's) and drops the project's oldest past `LOG_SIZE`, in one
 * statement (two before; issue 48). Its DELETE sees the log as it was before the INSERT (one
 * snapshot for the whole statement), so it keeps the newest LOG_SIZE - 1 of those, and the new one.
 */
export async function logDelivery(sql: Sql, delivery: Omit<LoggedDelivery, 'id'>, notice?: string): Promise<number> {
  const params: unknown[] = [delivery.project_id, delivery.notification_type, delivery.state, delivery.reason, delivery.attempts, delivery.next_attempt, delivery.body, LOG_SIZE - 1];
  // `notice`: told LOG_CHANNEL in the same statement (see `telling`).
  const tell = notice === undefined ? '' : ', pg_notify($9, $10)';
  const { rows } = await sql.query<{ id: string }>(
    `WITH added AS (
       INSERT INTO webhook_log (project_id, notification_type, state, reason, attempts, next_attempt, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
     ), dropped AS (
       DELETE FROM webhook_log WHERE project_id = $1
         AND id <= (SELECT id FROM webhook_log WHERE project_id = $1 ORDER BY id DESC OFFSET $8 LIMIT 1)
     )
     SELECT id${tell} FROM added`,
    notice === undefined ? params : [...params, LOG_CHANNEL, notice],
  );
  return Number(rows[0]!.id);
}

/** The delivery's state as it is now, and the attempt just made (if one was); `notice`: see `telling`. */
export async function updateDelivery(sql: Sql, delivery: LoggedDelivery, attempt?: LoggedAttempt, notice?: string): Promise<void> {
  await sql.query(...telling(
    `UPDATE webhook_log SET state = $2, reason = $3, attempts = $4, next_attempt = $5, tries = tries || $6::jsonb WHERE id = $1`,
    [delivery.id, delivery.state, delivery.reason, delivery.attempts, delivery.next_attempt, JSON.stringify(attempt ? [attempt] : [])],
    notice,
  ));
}

/**
 * Goes on with a delivery logged before (a webhook an earlier start or another process tried, sent
 * on by this one): its row, as the delivery is now; a new row when the log no longer has it (the
 * project's oldest are dropped). Answers its id.
 */
export async function resumeDelivery(sql: Sql, delivery: LoggedDelivery, notice?: string): Promise<number> {
  const params: unknown[] = [delivery.id, delivery.project_id, delivery.state, delivery.reason, delivery.attempts, delivery.next_attempt];
  const update = 'UPDATE webhook_log SET state = $3, reason = $4, attempts = $5, next_attempt = $6 WHERE id = $1 AND project_id = $2 RETURNING id';
  // Told only when the row was there (`notice`: see `telling`); else logDelivery makes it and tells.
  const { rows } = await sql.query<{ id: string }>(
    notice === undefined ? update : `WITH written AS (${update}) SELECT id, pg_notify($7, $8) FROM written`,
    notice === undefined ? params : [...params, LOG_CHANNEL, notice],
  );
  if (rows[0]) return delivery.id;
  const { id: _none, ...fields } = delivery;
  return logDelivery(sql, fields, notice);
}

/** Takes a delivery out of the log: one dropped unsent because its project's merchant was reset or deleted; `notice`: see `telling`. */
export async function forgetDelivery(sql: Sql, id: number, notice?: string): Promise<void> {
  await sql.query(...telling('DELETE FROM webhook_log WHERE id = $1', [id], notice));
}

/** One logged delivery, or none. */
export async function loggedDelivery(sql: Sql, id: number): Promise<LoggedDelivery | null> {
  const { rows } = await sql.query<Row>('SELECT * FROM webhook_log WHERE id = $1', [id]);
  return rows[0] ? deliveryOf(rows[0]) : null;
}

/**
 * Where delivery `id` is now, with its last attempt (a question's answer, read by whichever process
 * asked it, mock/webhooks/outbox.ts); null once the log no longer holds it (its merchant reset or
 * deleted).
 */
export async function deliveryNow(sql: Sql, id: number): Promise<{ delivery: LoggedDelivery; last: LoggedAttempt | null } | null> {
  const { rows } = await sql.query<Row>('SELECT * FROM webhook_log WHERE id = $1', [id]);
  const row = rows[0];
  return row ? { delivery: deliveryOf(row), last: row.tries.at(-1) ?? null } : null;
}

/** The log of these projects, newest first: the deliveries `filter` keeps, and their attempts (newest first). */
export async function readLog(sql: Sql, projectIds: readonly number[], { type, after, state }: LogFilter = {}): Promise<{ deliveries: LoggedDelivery[]; attempts: LoggedAttempt[] }> {
  const { rows } = await sql.query<Row>(
    `SELECT * FROM webhook_log WHERE project_id = ANY($1::bigint[])
       AND ($2::text IS NULL OR notification_type = $2) AND ($3::bigint IS NULL OR id > $3) AND ($4::text IS NULL OR state = $4)
     ORDER BY id DESC`,
    [projectIds, type ?? null, after ?? null, state ?? null],
  );
  const attempts = rows.flatMap((row) => row.tries).sort((a, b) => b.at.localeCompare(a.at) || b.delivery - a.delivery || b.attempt - a.attempt);
  return { deliveries: rows.map(deliveryOf), attempts };
}
