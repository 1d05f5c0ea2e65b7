/**
 * Each project's webhook settings, kept (the sender is told separately). They are the project's
 * own fields too (service-spec.md "Project": `payment_url` the webhook address, `key` the secret
 * key that signs them, `ipn_enabled` whether they are sent): written here together, in the caller's
 * transaction, whichever way the merchant sets them — the projects API or the service's own
 * `/mock/projects/{id}/webhooks` (which adds the variant, combined or separate).
 */
import type { Sql } from './database';
import { isSecureOrLoopback } from '../lib/address';

export type Variant = 'combined' | 'separate';

export interface WebhookSettings {
  url: string;
  secret: string;
  variant: Variant;
}

/** Why these settings cannot be used, or null. HTTPS anywhere; plain HTTP to loopback only. */
export function settingsProblem(settings: unknown): { path: string; message: string } | null {
  const s = (typeof settings === 'object' && settings !== null ? settings : {}) as Record<string, unknown>;
  let url: URL | null = null;
  try {
    url = typeof s.url === 'string' ? new URL(s.url) : null;
  } catch {
    url = null;
  }
  if (!url || !isSecureOrLoopback(url)) {
    return { path: 'url', message: 'must be an https address, or http to a loopback address (localhost, 127.0.0.1, [::1])' };
  }
  if (typeof s.secret !== 'string' || s.secret === '') return { path: 'secret', message: 'must be a non-empty string' };
  if (s.variant !== 'combined' && s.variant !== 'separate') return { path: 'variant', message: 'must be "combined" or "separate"' };
  return null;
}


/** The project's webhook settings, or none (`null`: its `ipn_enabled` false; its address and key stay for a later switch on). */
export async function writeWebhookSettings(sql: Sql, projectId: number, settings: WebhookSettings | null): Promise<void> {
  if (settings) {
    const { url, secret, variant } = settings;
    await sql.query(
      `INSERT INTO webhook_settings (project_id, url, secret, variant) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id) DO UPDATE SET url = $2, secret = $3, variant = $4`,
      [projectId, url, secret, variant],
    );
  } else {
    await sql.query('DELETE FROM webhook_settings WHERE project_id = $1', [projectId]);
  }
  const fields = settings ? { payment_url: settings.url, key: settings.secret, ipn_enabled: true } : { ipn_enabled: false };
  await sql.query('UPDATE projects SET data = data || $2::jsonb WHERE id = $1', [projectId, JSON.stringify(fields)]);
}
