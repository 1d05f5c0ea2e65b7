/**
 * The webhook outbox's rows (table `webhook_outbox`): an event's webhooks, written in the event's
 * own transaction. mock/webhooks/outbox.ts hands them to the sender and takes them out once settled.
 */
import type { Webhook } from 'payui-embed/server';
import type { Sql } from './database';

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
