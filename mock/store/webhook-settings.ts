/** Each project's webhook settings, kept (the sender is told separately). */
import type { Database } from './database';
import type { WebhookSettings } from '../webhooks/sender';

export async function saveWebhookSettings(db: Database, projectId: number, { url, secret, variant }: WebhookSettings): Promise<void> {
  await db.sql.query(
    `INSERT INTO webhook_settings (project_id, url, secret, variant) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id) DO UPDATE SET url = $2, secret = $3, variant = $4`,
    [projectId, url, secret, variant],
  );
}

