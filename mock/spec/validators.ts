/**
 * Requests are checked against `mock/spec/openapi.json` and nothing else: Ajv (the validator Fastify
 * is built around) compiles the document's own schemas, and its findings are written as the
 * service writes a 422 — every failing field at once, at its path (`prices.USD`,
 * `purchase.virtual_items.items[0].sku`), in plain words.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormats from 'ajv-formats';
import type { ExtendedMessage } from './errors';
import { VALUE_FORMATS } from './formats';

/** The service's own formats (`x-payui-format`): [test, what the value must be]. */
export const PAYUI_FORMATS: Record<string, [(value: string) => boolean, string]> = VALUE_FORMATS;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array', null: 'null',
};

/**
 * Ajv and its formats, loaded at the first compile (both are CommonJS, so a synchronous require
 * keeps `compile` synchronous): importing them at start cost ~40 ms of CPU of every start, before
 * its first answer, for validators the first checked request or the warm-up makes later.
 */
let ajvModules: { Ajv: typeof Ajv2020; formats: typeof addFormats } | undefined;
function loadAjv(): NonNullable<typeof ajvModules> {
  if (!ajvModules) {
    const load = createRequire(import.meta.url);
    ajvModules = {
      Ajv: (load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020,
      formats: load('ajv-formats') as typeof addFormats,
    };
  }
  return ajvModules;
}

function newAjv(coerce: boolean): Ajv2020 {
  const { Ajv, formats } = loadAjv();
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    // A number is finite (`strict: false` would let 1e309, read as Infinity, pass as one).
    strictNumbers: true,
    coerceTypes: coerce,
    useDefaults: coerce,
    removeAdditional: false,
    // `x-…` keywords are descriptions for people and tools; `example` is OpenAPI's.
    keywords: ['example', 'xml', 'discriminator', 'externalDocs'],
    // The schemas are the document's own, checked against JSON Schema's meta-schema by
    // openapi.test.ts: checking them again here compiled the meta-schema at the first request of
    // any operation, 0.3–0.8 s of a new service's first sandbox (issue 46 item 12).
    validateSchema: false,
  });
  formats.default(ajv);
  ajv.addKeyword({
    keyword: 'x-payui-format',
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: function check(format: string, value: string) {
      const known = PAYUI_FORMATS[format];
      if (!known || known[0](value)) return true;
      (check as { errors?: Partial<ErrorObject>[] }).errors = [{ keyword: 'x-payui-format', message: known[1], params: { format } }];
      return false;
    },
  });
  return ajv;
}

export interface Validators {
  /** A validator of the schema at `pointer` in the document (`#/paths/…/requestBody/…/schema`). */
  compile(pointer: string, part: 'body' | 'query' | 'params'): ValidateFunction;
  /** A validator of a schema built from the document's parts (parameters); its `#/…` refs point into the document. */
  compileSchema(schema: object, part: 'query' | 'params'): ValidateFunction;
}

export function createValidators(document: object): Validators {
  // Bodies are taken as sent: a string where a number belongs is an error, not a number.
  // Query strings and path parameters are text, so they are read as the types their schemas say.
  // Made at the first compile (the first request that is checked), not at start: ~85 ms of a start.
  // The document is not checked against JSON Schema's meta-schema here: that took ~250 ms, and
  // openapi.test.ts checks every schema of it once (it is the service's own file, not input).
  let made: { strict: Ajv2020; coercing: Ajv2020 } | undefined;
  const ajv = () => {
    if (!made) {
      made = { strict: newAjv(false), coercing: newAjv(true) };
      made.strict.addSchema(document, 'openapi.json', undefined, false);
      made.coercing.addSchema(document, 'openapi.json', undefined, false);
    }
    return made;
  };
  const cache = new Map<string, ValidateFunction>();
  return {
    compile(pointer, part) {
      const key = `${part} ${pointer}`;
      let validate = cache.get(key);
      if (!validate) {
        validate = (part === 'body' ? ajv().strict : ajv().coercing).compile({ $ref: `openapi.json${pointer}` });
        cache.set(key, validate);
      }
      return validate;
    },
    compileSchema(schema, part) {
      return ajv().coercing.compile(intoDocument(schema) as object);
    },
  };
}

/** A copy whose local `$ref`s (`#/components/…`) point into the document added as `openapi.json`. */
function intoDocument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(intoDocument);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) =>
    [key, key === '$ref' && typeof v === 'string' && v.startsWith('#') ? `openapi.json${v}` : intoDocument(v)]));
}

/** A JSON pointer segment, escaped. */
export const pointerPart = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/purchase/virtual_items/items/0/sku` of `data` → `purchase.virtual_items.items[0].sku`. */
export function fieldPath(instancePath: string, data: unknown, extra?: string): string {
  let path = '';
  let value = data;
  const parts = instancePath === '' ? [] : instancePath.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  for (const part of parts) {
    path += Array.isArray(value) ? `[${part}]` : path ? `.${part}` : part;
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return path;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': return 'is required';
    case 'additionalProperties': return 'is not a known field';
    case 'type': {
      const types = ([] as string[]).concat(params.type as string | string[]);
      return `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}`;
    }
    case 'enum': return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const': return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minLength': return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength': return `must be at most ${String(params.limit)} characters`;
    case 'minimum': return `must be at least ${String(params.limit)}`;
    case 'maximum': return `must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum': return `must be more than ${String(params.limit)}`;
    case 'format': return params.format === 'email' ? 'must be an email address (RFC 822)' : params.format === 'uri' ? 'must be an absolute URL' : `must be a ${String(params.format)}`;
    case 'pattern': return params.pattern === '\\S' ? 'must not be empty' : `must match ${String(params.pattern)}`;
    case 'minItems': return `must have at least ${String(params.limit)} entries`;
    case 'maxItems': return `must have at most ${String(params.limit)} entries`;
    default: return error.message ?? 'is not valid';
  }
}

/** The schema at a JSON pointer of the document (`#/components/…`), or undefined. */
function schemaAt(document: object, pointer: string): Record<string, unknown> | undefined {
  const parts = pointer.replace(/^.*?#\/?/, '').split('/').filter(Boolean).map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown = document;
  for (const part of parts) {
    // Ajv names the place by the path it took, through `$ref`s: follow them.
    while (typeof value === 'object' && value !== null && !(part in value) && typeof (value as { $ref?: unknown }).$ref === 'string') {
      value = schemaAt(document, (value as { $ref: string }).$ref);
    }
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * A field required by a condition (`if` is_legal is true `then` legal and its fields): each field
 * it requires, named with the condition — what a merchant has to add, not just the group.
 */
function conditional(error: ErrorObject, data: unknown, document: object, add: (path: string, message: string) => void): boolean {
  const at = error.schemaPath.lastIndexOf('/then/required');
  if (error.keyword !== 'required' || at < 0) return false;
  const owner = schemaAt(document, error.schemaPath.slice(0, at));
  const condition = Object.entries((owner?.if as { properties?: Record<string, { const?: unknown }> } | undefined)?.properties ?? {})
    .map(([name, rule]) => `${fieldPath(error.instancePath, data, name)} is ${JSON.stringify(rule.const)}`).join(' and ');
  const missing = String((error.params as { missingProperty: string }).missingProperty);
  const group = (owner?.then as { properties?: Record<string, { required?: string[] }> } | undefined)?.properties?.[missing];
  const base = fieldPath(error.instancePath, data, missing);
  const when = condition ? `is required when ${condition}` : 'is required';
  if (group?.required?.length) for (const name of group.required) add(`${base}.${name}`, when);
  else add(base, when);
  return true;
}

/**
 * Ajv's findings as a 422's `extended_message`; combinators' own summaries are left out (their
 * parts say it), and a pattern is not repeated where the service's format says it in words.
 */
export function extendedMessage(errors: readonly ErrorObject[], data: unknown, document: object = {}): ExtendedMessage {
  const result: ExtendedMessage = { global_errors: [], property_errors: Object.create(null) as Record<string, string[]> };
  const add = (path: string, message: string) => {
    const messages = (result.property_errors[path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const worded = new Set(errors.filter((e) => e.keyword === 'x-payui-format').map((e) => e.instancePath));
  const combinators = ['if', 'anyOf', 'oneOf', 'not', 'then', 'else'];
  // Where a value failed one branch of an anyOf by its type and another by what it is (367 for
  // "a string, or an integer up to 366"), only the branch of its own type says what is wrong.
  const ofItsType = new Set(errors.filter((e) => e.keyword !== 'type' && !combinators.includes(e.keyword)).map((e) => e.instancePath));
  for (const error of errors) {
    if (combinators.includes(error.keyword)) continue;
    if (error.keyword === 'type' && ofItsType.has(error.instancePath) && errors.some((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) continue;
    if (error.keyword === 'pattern' && worded.has(error.instancePath)) continue;
    if (conditional(error, data, document, add)) continue;
    const params = error.params as Record<string, unknown>;
    const extra = error.keyword === 'required' ? String(params.missingProperty)
      : error.keyword === 'additionalProperties' ? String(params.additionalProperty)
        : undefined;
    const path = fieldPath(error.instancePath, data, extra);
    if (path === '') result.global_errors.push(error.keyword === 'type' ? 'the request body must be a JSON object' : describe(error));
    else add(path, describe(error));
  }
  return result;
}
