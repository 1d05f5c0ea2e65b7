/**
 * An export of an older payui-mock brought to this version in memory (issue 44): each migration's
 * change to the rows (mock/store/migrations.ts), done on the document as plain data instead of by
 * SQL in a scratch database. A migration that adds or drops a table, or changes a table's columns or
 * rows, adds its step here; snapshot-versions.test.ts holds each step to its migration (the same
 * state upgraded both ways, every table compared). No database, no I/O: an import or a sandbox seeded
 * with an old export costs milliseconds, and being synchronous, one runs at a time in a process.
 */
import { MIGRATIONS } from './migrations';

type Row = Record<string, unknown>;
export type Tables = Record<string, Row[]>;

/** What one migration does to an export of the version before it. */
interface Step {
  /** Tables the migration makes (empty in an older export). */
  added?: readonly string[];
  /** Tables it drops (their rows moved elsewhere by `rows`, or never written). */
  dropped?: readonly string[];
  /** Its change to the rows (the document's tables, changed in place). */
  rows?: (tables: Tables) => void;
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A JSON value as Postgres's `->>` gives it: a string itself, null as null, anything else as its JSON. */
const asText = (value: unknown) => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
const instant = (value: unknown) => new Date(String(value)).getTime();
/** `rows` with `change` made to each that is an object (anything else is left for the row check to name). */
const eachRow = (rows: Row[], change: (row: Row) => Row) => rows.map((row) => (isRecord(row) ? change(row) : row));

/** Migration 10 on one set of rows (the state's, or a sandbox seed's): projects' webhook copies into their settings. */
function moveWebhookCopies(tables: Tables, settingsOf: (row: Row) => Row): void {
  const settings = eachRow(tables.webhook_settings ?? [], settingsOf);
  const kept = new Set(settings.map((row) => String(row.project_id)));
  for (const project of tables.projects ?? []) {
    const data = isRecord(project) ? project.data : undefined;
    if (!isRecord(data)) continue;
    const copies = typeof data.payment_url === 'string' || typeof data.key === 'string' || 'ipn_enabled' in data;
    if (copies && !kept.has(String(project.id))) {
      kept.add(String(project.id));
      settings.push({
        project_id: project.id, url: asText(data.payment_url), secret: asText(data.key), variant: 'combined',
        enabled: data.ipn_enabled === true && typeof data.payment_url === 'string' && typeof data.key === 'string',
      });
    }
    if ('payment_url' in data || 'key' in data || 'ipn_enabled' in data) {
      const { payment_url: _url, key: _key, ipn_enabled: _on, ...rest } = data;
      project.data = rest;
    }
  }
  if (settings.length || tables.webhook_settings) tables.webhook_settings = settings;
}

/** Each migration's step, by version (index 0: migration 1, which every export has). */
const STEPS: readonly Step[] = [
  // 1: the first tables (webhook_leases, fault_rules and webhook_waits, later, are never exported).
  { added: ['merchants', 'projects', 'virtual_currencies', 'packages', 'item_groups', 'items', 'user_attributes', 'games', 'game_keys', 'users', 'inventory', 'payments', 'webhook_settings', 'webhook_log'] },
  { added: ['login_projects', 'login_users', 'login_links', 'login_failures', 'mail'] },
  { added: ['subscription_plans', 'subscription_products', 'subscriptions', 'subscription_payments', 'service_clock'] },
  { added: ['webhook_outbox'] },
  // 5: a user's failed logins become one counter row: the first failure's time and how many.
  {
    rows: (t) => {
      if (!t.login_failures) return;
      const counted = new Map<string, Row>();
      const failures = t.login_failures.filter(isRecord);
      if (failures.length < t.login_failures.length) return;
      for (const failure of failures) {
        const key = JSON.stringify([failure.login_project_id, failure.username]);
        const row = counted.get(key);
        if (!row) counted.set(key, { login_project_id: failure.login_project_id, username: failure.username, first_at: failure.at, count: 1 });
        else {
          row.count = (row.count as number) + 1;
          if (instant(failure.at) < instant(row.first_at)) row.first_at = failure.at;
        }
      }
      t.login_failures = [...counted.values()];
    },
  },
  { added: ['spent_tokens'] },
  // 7: a clock per merchant, each where the service's one clock was; merchants gain `sandbox` and `seed`.
  {
    added: ['merchant_clocks'],
    dropped: ['service_clock'],
    rows: (t) => {
      const clock = t.service_clock?.[0];
      if (isRecord(clock)) t.merchant_clocks = (t.merchants ?? []).filter(isRecord).map((m) => ({ merchant_id: m.id, offset_ms: clock.offset_ms }));
      if (t.merchants) t.merchants = eachRow(t.merchants, (m) => ({ ...m, sandbox: false, seed: null }));
    },
  },
  // 8: the outbox's rows name the process they were handed to (none yet).
  { rows: (t) => void (t.webhook_outbox &&= eachRow(t.webhook_outbox, (row) => ({ ...row, sent_by: null }))) },
  {},
  // 10: webhook settings gain `enabled` (true: every row of before was on) and take the projects' copies, in the seeds too.
  {
    rows: (t) => {
      moveWebhookCopies(t, (row) => ({ ...row, enabled: true }));
      for (const merchant of t.merchants ?? []) {
        if (!isRecord(merchant.seed)) continue;
        const seed = structuredClone(merchant.seed) as Tables;
        seed.webhook_settings ??= [];
        seed.projects ??= [];
        moveWebhookCopies(seed, (row) => ({ ...row, enabled: true }));
        merchant.seed = seed;
      }
    },
  },
  // 11: the webhook log's table of migration 1, never written, is replaced by the log's own.
  { rows: (t) => void (t.webhook_log &&= []) },
  // 12: an outbox row keeps its place in the retry schedule: none made yet.
  { rows: (t) => void (t.webhook_outbox &&= eachRow(t.webhook_outbox, (row) => ({ ...row, attempts: 0, next_attempt: null, delivery: null }))) },
  // 13: a merchant's generation (null is 0).
  { rows: (t) => void (t.merchants &&= eachRow(t.merchants, (row) => ({ ...row, generation: null }))) },
  // 14: the waits under way (never exported): no row changes.
  {},
  // 15: an index of the payments' subscription ids: no row changes.
  {},
];

/** How many migrations have their step here: all of them (snapshot-upgrade.test.ts holds it so). */
export const UPGRADE_STEPS = STEPS.length;

/** The tables an export of schema `version` holds. */
export function tablesOfVersion(version: number): Set<string> {
  const tables = new Set<string>();
  for (const step of STEPS.slice(0, version)) {
    for (const table of step.added ?? []) tables.add(table);
    for (const table of step.dropped ?? []) tables.delete(table);
  }
  return tables;
}

/** The rows of an export of schema `from` (each table an array), as this version's: a new object, the input untouched. */
export function upgradeTables(tables: Tables, from: number): Tables {
  const out = structuredClone(tables);
  for (let version = from + 1; version <= MIGRATIONS.length; version += 1) {
    const step = STEPS[version - 1] ?? {};
    step.rows?.(out);
    for (const table of step.dropped ?? []) delete out[table];
  }
  return out;
}
