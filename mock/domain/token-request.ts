/**
 * The token request body, checked against the service's token table (`../spec/token-table.ts`)
 * the way the service answers: every failing path at once, at its exact path (`items[0].sku`),
 * in a 422 `extended_message`. The table is the whole rule book, plus the catalogue checks the
 * service also makes (the project belongs to the merchant; SKUs and plans exist in it).
 */
import type { Sql } from '../store/database';
import { findProject, groupsByCode, sellables } from '../store/sellables';
import { planByExternalId, productById } from '../store/subscription-plans';
import { TOKEN_TABLE, type Param } from '../spec/token-table';
import { VALUE_FORMATS } from '../spec/formats';
import { isObject, type Plain } from '../lib/plain';
import type { ExtendedMessage } from '../spec/errors';


export type Add = (path: string, message: string) => void;

/** [test, what the value must be]; an empty string is checked like any other. */
const FORMATS = VALUE_FORMATS;

const TYPE_NAMES = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array',
} as const;


function hasType(value: unknown, type: Param['type']): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isObject(value);
    case 'array': return Array.isArray(value);
  }
}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
const has = (value: Plain, name: string) => Object.prototype.hasOwnProperty.call(value, name) && value[name] !== null;

/** The value at a dotted path of the body, for conditional requirements. */
function at(body: Plain, path: string): unknown {
  let value: unknown = body;
  for (const name of partsOf(path)) value = isObject(value) ? value[name] : undefined;
  return value;
}

/** A dotted path's names, split once a path (the paths are the table's and this file's, a few dozen). */
const pathParts = new Map<string, readonly string[]>();
function partsOf(path: string): readonly string[] {
  let parts = pathParts.get(path);
  if (!parts) pathParts.set(path, (parts = path.split('.')));
  return parts;
}

function check(param: Param, value: unknown, path: string, body: Plain, add: Add): void {
  if (!hasType(value, param.type)) return add(path, `must be ${TYPE_NAMES[param.type]}`);
  if (param.type === 'string') {
    const text = value as string;
    if (param.required && text.trim() === '') add(path, 'must not be empty');
    if (param.enum && !param.enum.includes(text)) add(path, `must be one of: ${param.enum.join(', ')}`);
    if (param.format) {
      const [test, message] = FORMATS[param.format];
      if (!test(text)) add(path, message);
    }
  } else if (param.type === 'integer' || param.type === 'number') {
    const number = value as number;
    if (param.minimum !== undefined && number < param.minimum) add(path, `must be at least ${param.minimum}`);
    if (param.exclusiveMinimum !== undefined && number <= param.exclusiveMinimum) add(path, `must be more than ${param.exclusiveMinimum}`);
    if (param.maximum !== undefined && number > param.maximum) add(path, `must be at most ${param.maximum}`);
  } else if (param.type === 'array') {
    (value as unknown[]).forEach((item, i) => check(param.items, item, `${path}[${i}]`, body, add));
  } else if (param.type === 'object' && param.fields !== 'free') {
    const object = value as Plain;
    for (const [name, sub] of Object.entries(param.fields)) {
      if (has(object, name)) check(sub, object[name], join(path, name), body, add);
      else missing(sub, join(path, name), body, add);
    }
    for (const name of Object.keys(object)) {
      if (!Object.prototype.hasOwnProperty.call(param.fields, name)) add(join(path, name), 'is not a known field');
    }
  }
}

/**
 * A parameter left out: an error when it is required, or required by a condition that holds
 * (`user.legal.*` when `user.is_legal` is true). A group left out is looked into for members of
 * the second kind only (`within`): what it requires itself applies when it is there.
 */
function missing(param: Param, path: string, body: Plain, add: Add, within = false): void {
  if (param.required === true) {
    if (!within) add(path, 'is required');
  } else if (param.required && at(body, param.required) === true) add(path, `is required when ${param.required} is true`);
  else if (param.type === 'object' && param.fields !== 'free') {
    for (const [name, sub] of Object.entries(param.fields)) missing(sub, join(path, name), body, add, true);
  }
}

/**
 * What the service checks against the merchant's catalogue in the database, beyond the table's
 * types: the project is the merchant's; item and package SKUs, item groups and the virtual
 * currency exist and are enabled; a plan is one of the project's, not deleted.
 */
export async function checkCatalogue(sql: Sql, body: Plain, merchantId: number, add: Add): Promise<void> {
  const settings = isObject(body.settings) ? body.settings : {};
  if (!Number.isSafeInteger(settings.project_id)) return;
  const projectId = settings.project_id as number;
  const project = await findProject(sql, projectId);
  if (!project || project.merchantId !== merchantId) {
    return add('settings.project_id', `project ${projectId} does not belong to merchant ${merchantId}`);
  }
  const items = at(body, 'purchase.virtual_items.items');
  if (Array.isArray(items)) {
    const named = items.map((item: unknown) => (isObject(item) && typeof item.sku === 'string' ? item.sku : null));
    const known = await sellables(sql, projectId, named.filter((sku): sku is string => sku !== null));
    named.forEach((sku, i) => {
      if (sku === null) return;
      const found = known.get(sku);
      if (!found) add(`purchase.virtual_items.items[${i}].sku`, `no item "${sku}" in project ${projectId}`);
      else if (!found.enabled) add(`purchase.virtual_items.items[${i}].sku`, `${found.kind} "${sku}" is disabled in project ${projectId}`);
    });
  }
  const groups = at(body, 'purchase.virtual_items.available_groups');
  if (Array.isArray(groups)) {
    const codes = groups.map((code: unknown) => (typeof code === 'string' || Number.isInteger(code) ? String(code) : null));
    const known = await groupsByCode(sql, projectId, codes.filter((code): code is string => code !== null));
    codes.forEach((code, i) => {
      if (code === null) return;
      const enabled = known.get(code);
      if (enabled === undefined) add(`purchase.virtual_items.available_groups[${i}]`, `no item group "${code}" in project ${projectId}`);
      else if (!enabled) add(`purchase.virtual_items.available_groups[${i}]`, `item group "${code}" is disabled in project ${projectId}`);
    });
  }
  if (isObject(at(body, 'purchase.virtual_currency')) && !project.hasVirtualCurrency) {
    add('purchase.virtual_currency', `project ${projectId} has no virtual currency`);
  }
  const planId = at(body, 'purchase.subscription.plan_id');
  if (typeof planId === 'string') {
    const plan = await planByExternalId(sql, projectId, planId);
    if (!plan) add('purchase.subscription.plan_id', `no plan "${planId}" in project ${projectId}`);
    else if (plan.status !== 'active') add('purchase.subscription.plan_id', `plan "${planId}" is deleted`);
  }
  const productId = at(body, 'purchase.subscription.product_id');
  if (productId !== undefined && !(await productById(sql, projectId, productId))) {
    add('purchase.subscription.product_id', `no product "${String(productId)}" in project ${projectId}`);
  }
}

/** Null when `body` follows the token table; else the 422 `extended_message` (no catalogue checks). */
export function checkTokenTable(body: unknown): ExtendedMessage | null {
  // No prototype, so a body field named __proto__ is reported like any other path.
  const result: ExtendedMessage = { global_errors: [], property_errors: Object.create(null) as Record<string, string[]> };
  const add: Add = (path, message) => {
    (result.property_errors[path] ??= []).push(message);
  };
  if (!isObject(body)) {
    result.global_errors.push('the request body must be a JSON object');
    return result;
  }
  check(TOKEN_TABLE, body, '', body, add);
  return result.global_errors.length || Object.keys(result.property_errors).length ? result : null;
}

/** Null when `body` is a valid token request for `merchantId` (the table and the catalogue); else the 422 `extended_message`. */
export async function checkTokenRequest(sql: Sql, body: unknown, merchantId: number): Promise<ExtendedMessage | null> {
  const result = checkTokenTable(body) ?? { global_errors: [], property_errors: Object.create(null) as Record<string, string[]> };
  if (isObject(body)) await checkCatalogue(sql, body, merchantId, (path, message) => (result.property_errors[path] ??= []).push(message));
  return result.global_errors.length || Object.keys(result.property_errors).length ? result : null;
}
