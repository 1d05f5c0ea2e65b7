/**
 * Each project's webhook settings, in their one home: table `webhook_settings` (migration 10 made
 * it the only one). The project's own fields (service-spec.md "Project": `payment_url` the webhook
 * address, `key` the secret key that signs them, `ipn_enabled` whether they are sent) are this
 * row, read with the project and written here, whichever way the merchant sets them — the projects
 * API or the service's own `/mock/projects/{id}/webhooks` (which adds the variant, combined or
 * separate). The sender reads them here at each attempt, so a change any process makes holds at once.
 */
import type { Sql } from './database';
import type { OutboxRowRef } from './outbox';
import { isSecureOrLoopback } from '../lib/address';

export type Variant = 'combined' | 'separate';

export interface WebhookSettings {
  url: string;
  secret: string;
  variant: Variant;
}

/** The project fields that are its webhook settings, as its row holds them (a field never set: absent). */
export interface WebhookFields {
  payment_url?: string;
  key?: string;
  ipn_enabled?: boolean;
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

interface SettingsRow {
  project_id: string;
  url: string | null;
  secret: string | null;
  variant: Variant;
  enabled: boolean;
}

const settingsOf = (row: SettingsRow | undefined): WebhookSettings | null =>
  row?.enabled ? { url: row.url!, secret: row.secret!, variant: row.variant } : null;

/** The project's webhook settings when its webhooks are on, else null: one indexed read (each attempt makes it). */
export async function readWebhookSettings(sql: Sql, projectId: number): Promise<WebhookSettings | null> {
  const { rows } = await sql.query<SettingsRow>('SELECT * FROM webhook_settings WHERE project_id = $1', [projectId]);
  return settingsOf(rows[0]);
}

/**
 * The project's webhook settings (as readWebhookSettings), with what its merchant's clock needs: the
 * merchant (undefined: no such project) and the clock's offset (null: never moved). One read for an
 * attempt, which needed three (the settings, the project's owner, the clock).
 */
export async function readSettingsAndClock(sql: Sql, projectId: number, outboxRow?: OutboxRowRef): Promise<{ settings: WebhookSettings | null; merchantId: number | undefined; offset: number | null; held?: boolean }> {
  // With `outboxRow`, also whether the outbox still holds it (for its process), as outboxHolds says.
  const held = outboxRow ? ', EXISTS (SELECT 1 FROM webhook_outbox o WHERE o.id = $2 AND ($3::text IS NULL OR o.sent_by = $3)) AS held' : '';
  const { rows } = await sql.query<SettingsRow & { owner: string | null; clock_offset: string | null; held?: boolean }>(
    `SELECT w.project_id, w.url, w.secret, w.variant, w.enabled, p.merchant_id AS owner,
            (SELECT c.offset_ms FROM merchant_clocks c WHERE c.merchant_id = p.merchant_id) AS clock_offset${held}
       FROM (SELECT $1::bigint AS id) asked
       LEFT JOIN projects p ON p.id = asked.id
       LEFT JOIN webhook_settings w ON w.project_id = asked.id`,
    outboxRow ? [projectId, outboxRow.id, outboxRow.owner ?? null] : [projectId],
  );
  const row = rows[0]!;
  return {
    settings: settingsOf(row.project_id === null ? undefined : row),
    merchantId: row.owner === null ? undefined : Number(row.owner),
    offset: row.clock_offset === null ? null : Number(row.clock_offset),
    ...(outboxRow ? { held: Boolean(row.held) } : {}),
  };
}

/** The webhook settings of these projects (those with webhooks on). */
export async function readManySettings(sql: Sql, projectIds: readonly number[]): Promise<Map<number, WebhookSettings>> {
  const { rows } = await sql.query<SettingsRow>('SELECT * FROM webhook_settings WHERE project_id = ANY($1::bigint[]) AND enabled', [projectIds]);
  return new Map(rows.map((row) => [Number(row.project_id), settingsOf(row)!]));
}

/** The project fields its row holds (project id → fields), for these projects. */
export async function readWebhookFields(sql: Sql, projectIds: readonly number[]): Promise<Map<number, WebhookFields & { variant: Variant }>> {
  const { rows } = await sql.query<SettingsRow>('SELECT * FROM webhook_settings WHERE project_id = ANY($1::bigint[])', [projectIds]);
  return new Map(rows.map((row) => [Number(row.project_id), {
    ...(row.url !== null ? { payment_url: row.url } : {}),
    ...(row.secret !== null ? { key: row.secret } : {}),
    ipn_enabled: row.enabled,
    variant: row.variant,
  }]));
}

/**
 * The project's webhook settings (its webhooks on), or none (`null`: off; its address and key stay
 * for a later switch on), in the caller's transaction.
 */
export async function writeWebhookSettings(sql: Sql, projectId: number, settings: WebhookSettings | null): Promise<void> {
  if (settings) {
    const { url, secret, variant } = settings;
    await sql.query(
      `INSERT INTO webhook_settings (project_id, url, secret, variant, enabled) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (project_id) DO UPDATE SET url = $2, secret = $3, variant = $4, enabled = true`,
      [projectId, url, secret, variant],
    );
  } else {
    await sql.query('UPDATE webhook_settings SET enabled = false WHERE project_id = $1', [projectId]);
  }
}

/**
 * The project's fields `payment_url`, `key` and `ipn_enabled` as they are to be (its webhooks on
 * only with both an address and a key, which the caller checked), in the caller's transaction.
 */
export async function writeWebhookFields(sql: Sql, projectId: number, fields: WebhookFields, variant: Variant): Promise<void> {
  await sql.query(
    `INSERT INTO webhook_settings (project_id, url, secret, variant, enabled) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id) DO UPDATE SET url = $2, secret = $3, variant = $4, enabled = $5`,
    [projectId, fields.payment_url ?? null, fields.key ?? null, variant, fields.ipn_enabled === true],
  );
}
