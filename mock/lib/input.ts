/**
 * What no schema of the document says but every request must keep to: strings Postgres can store
 * (no NUL character, no lone UTF-16 surrogate, which it cannot encode), finite numbers, and bodies
 * nested no deeper than `MAX_DEPTH`. The first place that breaks one is named as a 422 names a field
 * (`user.name.value`, `items[0].sku`).
 */

/** How deep a body may nest: objects and arrays within each other, the body itself 1. */
export const MAX_DEPTH = 32;

export interface InputProblem {
  path: string;
  message: string;
}

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

const stringProblem = (text: string): string | null =>
  UNSTORABLE.test(text) ? 'must not contain a NUL character or an unpaired surrogate (text the service cannot store)' : null;

/** The first place in `value` (a parsed body, a query or path parameters) that no request may hold, or null. */
export function inputProblem(value: unknown, path = '', depth = 0): InputProblem | null {
  if (typeof value === 'string') {
    const message = stringProblem(value);
    return message ? { path, message } : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, message: 'must be a finite number' };
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) {
    // Named at its outermost field: the path to the depth would be 32 names long.
    return { path: path.split(/[.[]/)[0]!, message: `must not nest deeper than ${MAX_DEPTH} levels` };
  }
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const at = join(path, key);
    if (typeof key === 'string' && stringProblem(key)) return { path: at.replace(new RegExp(UNSTORABLE.source, 'g'), '?'), message: 'is a name with a NUL character or an unpaired surrogate' };
    const problem = inputProblem(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}
