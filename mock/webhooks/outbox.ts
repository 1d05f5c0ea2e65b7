/**
 * The webhook outbox (table `webhook_outbox`, migration 4): no webhook of a committed event is lost
 * when the process ends before its listener accepted it. An event's webhooks are written in the
 * event's own transaction (`keep`), handed to the sender once it commits (`deliver`), and taken
 * out of the outbox when the listener accepted them or the sender refused them. A new start sends
 * what is still in it (`restore`), oldest first, with the sender's retries as ever. A stop waits for
 * the attempts under way (the sender's `close()`); a webhook whose acceptance came as a killed
 * process died, before it was taken out, is sent once more: at least once.
 */
import type { Webhook } from 'payui-embed/server';
import type { Database, Sql } from '../store/database';
import type { WebhookSender } from './sender';

/** A webhook in the outbox. */
export interface OutboxRow {
  id: number;
  projectId: number;
  type: string;
  body: string;
}

/** Writes an event's webhooks to the outbox, in the event's transaction `sql`; answers the rows for `deliver`. */
export async function keepWebhooks(sql: Sql, projectId: number, payloads: Webhook[]): Promise<OutboxRow[]> {
  const rows: OutboxRow[] = [];
  for (const payload of payloads) {
    const body = JSON.stringify(payload);
    const { rows: [row] } = await sql.query<{ id: string }>(
      'INSERT INTO webhook_outbox (project_id, notification_type, body) VALUES ($1, $2, $3) RETURNING id',
      [projectId, payload.notification_type, body],
    );
    rows.push({ id: Number(row!.id), projectId, type: payload.notification_type, body });
  }
  return rows;
}

export interface Outbox {
  /** Hands rows `keepWebhooks` wrote to the sender, once their transaction committed. */
  deliver(rows: OutboxRow[]): void;
  /** Hands everything the outbox holds to the sender (at start). */
  restore(): Promise<void>;
}

export function createOutbox(db: Database, sender: WebhookSender): Outbox {
  // Taken out of the outbox; a database already closed (the service stopping) keeps the row, for the next start.
  const settle = (id: number) => () => db.sql.query('DELETE FROM webhook_outbox WHERE id = $1', [id]).then(() => undefined, () => undefined);
  const deliver = (rows: OutboxRow[]) => {
    const projects = [...new Set(rows.map((row) => row.projectId))];
    for (const project of projects) {
      sender.sendKept(project, rows.filter((row) => row.projectId === project).map((row) => ({ type: row.type, body: row.body, settle: settle(row.id) })));
    }
  };
  return {
    deliver,
    async restore() {
      const { rows } = await db.sql.query<{ id: string; project_id: string; notification_type: string; body: string }>(
        'SELECT id, project_id, notification_type, body FROM webhook_outbox ORDER BY id',
      );
      // One at a time: were there more than a project's queue holds, the oldest are kept and the rest refused, as ever.
      for (const row of rows) deliver([{ id: Number(row.id), projectId: Number(row.project_id), type: row.notification_type, body: row.body }]);
    },
  };
}
