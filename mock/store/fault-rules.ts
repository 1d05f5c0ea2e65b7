/**
 * Failing on purpose (DESIGN.md §8b): a merchant's rules that make its own next requests to an
 * operation fail (a status and body, a latency, or a connection closed with no answer), each rule
 * for `count` requests; and the `X-Payui-Mock-Fault` header, which fails the one request that
 * carries it. A merchant's rules touch only requests made with its own credentials. Kept in the
 * database (every process of a shared one sees them), outside its exports.
 */
import type { Database, Sql } from './database';

export interface FaultRule {
  /** An operationId of openapi.json, or `method` + `path` (a path of openapi.json, `{…}` included). */
  operation?: string;
  method?: string;
  path?: string;
  /** The answer's status (400–599); absent with `latency_ms` alone: the request is answered late but as usual. */
  status?: number;
  /** The answer's JSON; absent: the service's error body. */
  body?: unknown;
  latency_ms?: number;
  /** Close the connection with no answer. */
  drop?: boolean;
  /** Instead of a request: the merchant's next webhooks sent twice, late, or last first (mock/webhooks/webhook-faults.ts). */
  webhooks?: WebhookFaultRule;
  count?: number;
}

/** One of these: how the next webhooks go wrong. */
export interface WebhookFaultRule {
  duplicate?: true;
  delay_ms?: number;
  order?: 'reverse';
}

/** A webhook fault taken for one webhook: the rule, and how many more webhooks it holds for (0: this was its last). */
export interface WebhookFault {
  rule: WebhookFaultRule;
  /** The rule's id: webhooks held back together (`order: reverse`) share it. */
  id: number;
  remaining: number;
  /** The rule's count: how many webhooks a reverse holds. */
  count: number;
}

export interface Fault {
  latencyMs: number;
  status: number | null;
  body: unknown;
  drop: boolean;
}

export interface ListedFault extends FaultRule {
  id: number;
  /** How many more requests it fails. */
  remaining: number;
}

export interface Faults {
  add(merchantId: number, rule: FaultRule): Promise<number>;
  list(merchantId: number): Promise<ListedFault[]>;
  remove(merchantId: number, id: number): Promise<boolean>;
  /** The fault the merchant's rules give this request (counted down), or null. */
  take(merchantId: number, operationId: string, method: string, path: string): Promise<Fault | null>;
  /** The webhook fault the rules of the project's merchant give its next webhook (counted down), or null. */
  takeWebhook(projectId: number): Promise<WebhookFault | null>;
  /** Whether any merchant has a webhook rule left: most deliveries meet none, and need no look per webhook. */
  anyWebhookRule(): Promise<boolean>;
  /** Whether rule `id` is still counting (not spent, removed, nor gone with its merchant's reset or delete). */
  counting(id: number): Promise<boolean>;
}

const faultOf = (rule: FaultRule): Fault => ({ latencyMs: rule.latency_ms ?? 0, status: rule.status ?? null, body: rule.body, drop: rule.drop === true });

/**
 * The rules in the database (`fault_rules`, migration 9), so that every process on a shared
 * Postgres server sees them: a rule is counted down by one conditional write (a rule of count 1
 * fails one request, whichever process takes it). Not part of an export: a test's rules are the
 * test's, not the state it saves.
 */
/**
 * Drops every rule of the merchant, in the transaction of `sql` (its reset's: a test's rules are the
 * test's; a deleted merchant's go with its row, by the table's cascade).
 */
export async function dropFaultRules(sql: Sql, merchantId: number): Promise<void> {
  await sql.query('DELETE FROM fault_rules WHERE merchant_id = $1', [merchantId]);
}

export function createFaults(db: Database): Faults {
  return {
    async add(merchantId, rule) {
      const { rows } = await db.sql.query<{ id: string }>(
        'INSERT INTO fault_rules (merchant_id, rule, remaining) VALUES ($1, $2, $3) RETURNING id',
        [merchantId, JSON.stringify(rule), rule.count ?? 1],
      );
      return Number(rows[0]!.id);
    },
    async list(merchantId) {
      const { rows } = await db.sql.query<{ id: string; rule: FaultRule; remaining: number }>(
        'SELECT id, rule, remaining FROM fault_rules WHERE merchant_id = $1 AND remaining > 0 ORDER BY id',
        [merchantId],
      );
      return rows.map((row) => ({ id: Number(row.id), ...row.rule, remaining: row.remaining }));
    },
    async remove(merchantId, id) {
      const { rows } = await db.sql.query('DELETE FROM fault_rules WHERE merchant_id = $1 AND id = $2 AND remaining > 0 RETURNING id', [merchantId, id]);
      return rows.length > 0;
    },
    async take(merchantId, operationId, method, path) {
      // The first rule that matches, counted down while it has requests left; one spent is dropped.
      const { rows } = await db.sql.query<{ id: string; rule: FaultRule; remaining: number }>(
        `UPDATE fault_rules SET remaining = remaining - 1
         WHERE remaining > 0 AND id = (
           SELECT id FROM fault_rules
           WHERE merchant_id = $1 AND remaining > 0
             AND (rule->>'operation' = $2 OR (rule->>'operation' IS NULL AND upper(rule->>'method') = $3 AND rule->>'path' = $4))
           ORDER BY id LIMIT 1 FOR UPDATE)
         RETURNING id, rule, remaining`,
        [merchantId, operationId, method.toUpperCase(), path],
      );
      const taken = rows[0];
      if (!taken) return null;
      if (taken.remaining <= 0) await db.sql.query('DELETE FROM fault_rules WHERE id = $1 AND remaining <= 0', [taken.id]);
      return faultOf(taken.rule);
    },
    async takeWebhook(projectId) {
      const { rows } = await db.sql.query<{ id: string; rule: FaultRule; remaining: number }>(
        `UPDATE fault_rules SET remaining = remaining - 1
         WHERE remaining > 0 AND id = (
           SELECT id FROM fault_rules
           WHERE merchant_id = (SELECT merchant_id FROM projects WHERE id = $1) AND remaining > 0 AND rule ? 'webhooks'
           ORDER BY id LIMIT 1 FOR UPDATE)
         RETURNING id, rule, remaining`,
        [projectId],
      );
      const taken = rows[0];
      if (!taken) return null;
      if (taken.remaining <= 0) await db.sql.query('DELETE FROM fault_rules WHERE id = $1 AND remaining <= 0', [taken.id]);
      return { rule: taken.rule.webhooks!, id: Number(taken.id), remaining: taken.remaining, count: taken.rule.count ?? 1 };
    },
    async counting(id) {
      const { rows } = await db.sql.query('SELECT 1 FROM fault_rules WHERE id = $1 AND remaining > 0', [id]);
      return rows.length > 0;
    },
    async anyWebhookRule() {
      const { rows } = await db.sql.query<{ found: boolean }>("SELECT EXISTS (SELECT 1 FROM fault_rules WHERE rule ? 'webhooks' AND remaining > 0) AS found");
      return rows[0]?.found === true;
    },
  };
}
