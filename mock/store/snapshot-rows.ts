/**
 * What each row of an export must hold to be imported (`payui-mock import FILE`, the fixtures, a
 * reset): one JSON Schema per table of the current version — its columns, none unknown, each of
 * its type, and what the service relies on in them: records (`data`) that are objects, credentials
 * and secrets that are not empty, addresses it may call, password hashes it can check in bounded
 * time. The database checks what is left (keys, references, uniqueness). Problems are named by
 * table, row and field: `tables.projects[0] (id 200001).data: must be an object`.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { isSecureOrLoopback, SECURE_OR_LOOPBACK } from '../lib/address';
import { createValidators, extendedMessage } from '../spec/validators';
import { readHash } from '../lib/password';
import { isObject } from '../lib/plain';
import { settingsProblem } from './webhook-settings';
import type { TABLES } from './migrations';

type Table = (typeof TABLES)[number];
type Schema = Record<string, unknown>;

const id = { type: 'integer', minimum: 1 };
const integer = { type: 'integer' };
const text = { type: 'string' };
const name = { type: 'string', minLength: 1 };
const uuid = { type: 'string', format: 'uuid' };
const time = { type: 'string', format: 'date-time' };
const record = { type: 'object' };
const flag = { type: 'boolean' };
const httpUrl = { type: 'string', 'x-payui-format': 'url' };
/** `schema`, or null (a column that may be empty). */
const orNull = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] });

/** A row: its columns (`optional` ones may be left out or null); every other column is required. */
const row = (columns: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(columns).map(([column, schema]) => [column, optional.includes(column) ? orNull(schema) : schema])),
  required: Object.keys(columns).filter((column) => !optional.includes(column)),
  additionalProperties: false,
});

/** A record of a project's catalogue: its id, project, the column it is unique by, and its fields. */
const projectRecord = (key: string, keyOptional = false) => row({ id, project_id: id, [key]: text, data: record }, keyOptional ? [key] : []);

/**
 * The schema of a row of each table. A test holds them to the migrations' columns: a migration that
 * adds a table or a column adds its schema here.
 */
export const ROWS: Record<string, Schema> = {
  merchants: row({ id, api_key: name, sandbox: flag, seed: record, generation: integer }, ['seed', 'generation']),
  projects: row({ id, merchant_id: id, data: record }),
  virtual_currencies: row({ project_id: id, data: record }),
  packages: projectRecord('sku', true),
  item_groups: projectRecord('code', true),
  items: projectRecord('sku'),
  user_attributes: projectRecord('key'),
  games: projectRecord('sku'),
  game_keys: row({ id, game_id: id, drm: name, code: name, transaction_id: id }, ['transaction_id']),
  users: row({ project_id: id, user_id: name, data: record }),
  inventory: row({ project_id: id, user_id: name, item_id: id, sku: text, quantity: integer }),
  payments: row({ id, merchant_id: id, project_id: id, status: name, data: record, created_at: time }),
  spent_tokens: row({ token_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, project_id: id, data: record, created_at: time }),
  webhook_settings: row({ project_id: id, url: text, secret: text, variant: text, enabled: flag }, ['url', 'secret']),
  webhook_log: row({
    id, project_id: id, notification_type: name, state: { enum: ['waiting', 'sending', 'accepted', 'refused', 'failed'] }, reason: text, attempts: { type: 'integer', minimum: 0 },
    next_attempt: time, body: text, tries: { type: 'array', items: record },
  }, ['reason', 'next_attempt']),
  login_projects: row({
    id: uuid, project_id: id, secret_key: { type: 'string', minLength: 16 }, callback_urls: { type: 'array', items: httpUrl },
    email_confirmation: flag, new_user: httpUrl, user_verification: httpUrl, password_reset: httpUrl,
  }, ['new_user', 'user_verification', 'password_reset']),
  login_users: row({ id: uuid, login_project_id: uuid, username: name, email: { type: 'string', 'x-payui-format': 'email' }, password_hash: text, confirmed: flag, created_at: time }),
  login_links: row({
    token_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, kind: { enum: ['confirm', 'reset'] }, login_project_id: uuid, user_id: uuid,
    username: text, login_url: httpUrl, expires_at: time,
  }, ['user_id', 'login_url']),
  login_failures: row({ login_project_id: uuid, username: text, first_at: time, count: { type: 'integer', minimum: 0 } }),
  mail: row({ id, login_project_id: uuid, recipient: text, subject: text, body: text, links: { type: 'array', items: text }, sent_at: time }),
  subscription_plans: row({ id, project_id: id, external_id: text, status: name, data: record }, ['external_id']),
  subscription_products: row({ id, project_id: id, group_id: text, data: record }, ['group_id']),
  subscriptions: row({ id, merchant_id: id, project_id: id, plan_id: id, user_id: name, status: name, due_at: time, data: record }, ['due_at']),
  subscription_payments: row({ id, subscription_id: id, project_id: id, payment_id: id, status: name, date_payment: time }),
  merchant_clocks: row({ merchant_id: id, offset_ms: integer }),
  webhook_outbox: row({
    id, project_id: id, notification_type: name, body: name, sent_by: text, attempts: { type: 'integer', minimum: 0 }, next_attempt: time, delivery: id,
  }, ['sent_by', 'next_attempt', 'delivery']),
};


/** Checks beyond the schema, of a row the schema passed: [column, problem]. */
const MORE: Partial<Record<Table, (row: Record<string, unknown>) => [string, string][]>> = {
  login_users: (r) => {
    const hash = readHash(r.password_hash as string);
    return 'problem' in hash ? [['password_hash', hash.problem]] : [];
  },
  // The service posts to these from the server, as to a listener: the settings' own rules.
  // (Settings kept while the project's webhooks are off are checked when they are switched on.)
  webhook_settings: (r) => {
    const problem = r.enabled ? settingsProblem(r) : null;
    return problem ? [[problem.path, problem.path === 'url' ? SECURE_OR_LOOPBACK : problem.message]] : [];
  },
  login_projects: (r) => (['new_user', 'user_verification', 'password_reset'] as const)
    .filter((column) => typeof r[column] === 'string' && !isSecureOrLoopback(new URL(r[column] as string)))
    .map((column) => [column, SECURE_OR_LOOPBACK]),
};

let validators: Map<string, ValidateFunction> | undefined;
function validatorOf(table: string): ValidateFunction | undefined {
  if (!validators) {
    const compiler = createValidators({ $defs: ROWS });
    validators = new Map(Object.keys(ROWS).map((t) => [t, compiler.compile(`#/$defs/${t}`, 'body')]));
  }
  return validators.get(table);
}

/** What is wrong with the rows of `tables`, one line per problem: `tables.<table>[i] (id n).<field>: <problem>`. */
export function rowProblems(tables: Partial<Record<Table, unknown[]>>): string[] {
  const problems: string[] = [];
  for (const [table, rows] of Object.entries(tables) as [Table, unknown[]][]) {
    // A table without a schema yet (see ROWS) is checked by the database alone.
    const validate = validatorOf(table);
    rows.forEach((value, index) => {
      const at = `tables.${table}[${index}]`;
      if (!isObject(value)) return void problems.push(`${at}: must be an object`);
      const where = value.id === undefined ? at : `${at} (id ${String(value.id)})`;
      if (validate && !validate(value)) {
        const found = extendedMessage(validate.errors ?? [], value);
        for (const message of found.global_errors) problems.push(`${where}: ${message}`);
        for (const [field, messages] of Object.entries(found.property_errors)) for (const message of messages) problems.push(`${where}.${field}: ${message}`);
        return;
      }
      for (const [field, message] of MORE[table]?.(value) ?? []) problems.push(`${where}.${field}: ${message}`);
    });
  }
  return problems;
}
