/**
 * Which items a player is offered by their `user.attributes` (the token's key-value pairs): an
 * item's `user_attribute_conditions` are `{attribute, operator, value}` (DESIGN.md §8b; the spec
 * leaves the shape open), and the item is offered when every condition holds. `operator`: `eq`,
 * `ne`, `gt`, `ge`, `lt`, `le` (numbers compared as numbers, else as text), `in` (`value` a list,
 * or a comma-separated text). A condition on an attribute the token does not carry holds only when
 * the project's user attribute of that key says `skip_condition_on_nonexistent_key`.
 */
import { isObject, type Plain } from '../lib/plain';
import type { Sql } from './database';

export const OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'] as const;
type Operator = (typeof OPERATORS)[number];

/** A scalar as a number when it is one (`5`, `"5"`), else as text. */
function scalar(value: unknown): number | string {
  if (typeof value === 'number') return value;
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value ?? null);
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/** -1, 0, 1: numbers as numbers, anything else as text. */
function compare(a: unknown, b: unknown): number {
  const [x, y] = [scalar(a), scalar(b)];
  if (typeof x === 'number' && typeof y === 'number') return Math.sign(x - y);
  return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

const TESTS: Record<Operator, (attribute: unknown, value: unknown) => boolean> = {
  eq: (a, v) => compare(a, v) === 0,
  ne: (a, v) => compare(a, v) !== 0,
  gt: (a, v) => compare(a, v) > 0,
  ge: (a, v) => compare(a, v) >= 0,
  lt: (a, v) => compare(a, v) < 0,
  le: (a, v) => compare(a, v) <= 0,
  in: (a, v) => (Array.isArray(v) ? v : String(v).split(',')).some((one) => compare(a, one) === 0),
};

/** The keys of the project's user attributes whose conditions hold when a token lacks them. */
export async function skippedWhenMissing(sql: Sql, projectId: number): Promise<Set<string>> {
  const { rows } = await sql.query<{ key: string }>(
    "SELECT key FROM user_attributes WHERE project_id = $1 AND data->>'skip_condition_on_nonexistent_key' = 'true'",
    [projectId],
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * Whether an item with these `conditions` is offered to a player with these `attributes`; `skip`:
 * the attribute keys whose conditions hold when the token does not carry them. A condition of
 * another shape (which the merchant API refuses) never holds.
 */
export function offeredTo(conditions: unknown, attributes: Plain, skip: ReadonlySet<string>): boolean {
  if (!Array.isArray(conditions)) return true;
  return conditions.every((condition) => {
    if (!isObject(condition) || typeof condition.attribute !== 'string' || !(OPERATORS as readonly unknown[]).includes(condition.operator)) return false;
    if (!Object.prototype.hasOwnProperty.call(attributes, condition.attribute)) return skip.has(condition.attribute);
    return TESTS[condition.operator as Operator](attributes[condition.attribute], condition.value);
  });
}
