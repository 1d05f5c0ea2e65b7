/**
 * Each project's webhook settings, kept (the sender is told separately). They are the project's
 * own fields too (service-spec.md "Project": `payment_url` the webhook address, `key` the secret
 * key that signs them, `ipn_enabled` whether they are sent): written here together, in one
 * transaction, whichever way the merchant sets them — the projects API or the service's own
 * `/mock/projects/{id}/webhooks` (which adds the variant, combined or separate).
 */
import type { Database } from './database';
import type { WebhookSettings } from '../webhooks/sender';

export async function saveWebhookSettings(db: Database, projectId: number, { url, secret, variant }: WebhookSettings): Promise<void> {
  await db.transaction(async (sql) => {
    await sql.query(
      `INSERT INTO webhook_settings (project_id, url, secret, variant) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id) DO UPDATE SET url = $2, secret = $3, variant = $4`,
      [projectId, url, secret, variant],
    );
    await sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [projectId, JSON.stringify({ payment_url: url, key: secret, ipn_enabled: true })]);
  });
}

/** No webhooks for the project: its `ipn_enabled` is false (its address and key stay for a later switch on). */
export async function dropWebhookSettings(db: Database, projectId: number): Promise<void> {
  await db.transaction(async (sql) => {
    await sql.query('DELETE FROM webhook_settings WHERE project_id = $1', [projectId]);
    await sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [projectId, JSON.stringify({ ipn_enabled: false })]);
  });
}
