// mock/spec/openapi.json, the one description of the service: a valid OpenAPI 3.1 document that lists
// every operation agreed for the service (by operationId) and every path of the spec's
// "Endpoints", with DESIGN §8's conventions on each operation; its token request schema says what
// the token table (mock/spec/token-table.ts) says; and the server kit's types
// (src/server/api-types.ts) are the ones generated from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { TOKEN_TABLE, type Param } from '../../mock/spec/token-table';
import { SOURCE, TARGET, renderApiTypes } from '../../scripts/openapi-types.js';
import type { components, operations } from '../../src/server/api-types';

type Plain = Record<string, any>;
const doc = JSON.parse(readFileSync(SOURCE, 'utf8')) as Plain;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface Operation {
  path: string;
  method: string;
  op: Plain;
  /** Path-level and operation-level parameters, references resolved. */
  parameters: Plain[];
}
const resolve = (value: Plain): Plain => {
  if (typeof value.$ref !== 'string') return value;
  const target = (value.$ref as string).slice(2).split('/').reduce<Plain>((node, key) => node[key], doc);
  return resolve(target);
};
const operationList: Operation[] = Object.entries(doc.paths as Plain).flatMap(([path, item]: [string, Plain]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    path, method, op: item[method],
    parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map(resolve),
  })));
const byId = new Map(operationList.map((o) => [o.op.operationId as string, o]));

// The agreed surface (the lead's table of session 7): exactly these operationIds.
const OPERATION_IDS = [
  'createToken', 'createProject', 'listProjects', 'getProject', 'updateProject',
  'getVirtualCurrency', 'updateVirtualCurrency', 'createPackage', 'getPackage', 'updatePackage', 'deletePackage',
  'listItems', 'createItem', 'getItem', 'updateItem', 'deleteItem',
  'listGroups', 'createGroup', 'getGroup', 'updateGroup', 'deleteGroup',
  'listUserAttributes', 'createUserAttribute', 'getUserAttribute', 'updateUserAttribute', 'deleteUserAttribute',
  'listGames', 'createGame', 'getGame', 'updateGame', 'deleteGame',
  'createPlanV1', 'createPlanV2', 'listPlansV1', 'listPlansV2', 'getPlanV1', 'getPlanV2', 'updatePlanV1', 'updatePlanV2', 'deletePlanV1', 'deletePlanV2',
  'createProduct', 'listProducts', 'updateProduct', 'deleteProduct',
  'getSubscription', 'listSubscriptionPayments', 'updateUserSubscription',
  'createUser', 'listUsers', 'getUser', 'updateUser', 'listUserVirtualItemsTotal',
  'listUserTransactions', 'searchTransactions', 'getTransactionDetails',
  'loginRegister', 'login', 'proxyRegister', 'proxyLogin', 'proxyPasswordReset', 'passwordReset',
  'getWebhookSettings', 'putWebhookSettings', 'deleteWebhookSettings', 'listWebhookLog', 'resendWebhook', 'triggerWebhook',
  'refundTransaction', 'renewSubscription', 'getGameKeys', 'addGameKeys',
  'getClock', 'moveClock', 'createFault', 'listFaults', 'deleteFault', 'createPayment', 'listMail', 'getLoginSettings', 'putLoginSettings',
  'listSubscriptions', 'createSandbox', 'deleteSandbox', 'resetMerchant',
];

// Every [method, path] of service-spec.md "Endpoints" as the spec writes it (v2, `{v}` both, `...`
// spelled out), and the Login API's paths without their query.
const SPEC_ENDPOINTS: [string, string][] = [
  ['get', '/merchant/v2/projects/{project_id}/virtual_currency/packages/{package_id}'],
  ['put', '/merchant/v2/projects/{project_id}/virtual_currency/packages/{package_id}'],
  ['get', '/merchant/v2/projects/{project_id}/virtual_currency'],
  ['put', '/merchant/v2/projects/{project_id}/virtual_items/items/{item_id}'],
  ['delete', '/merchant/v2/projects/{project_id}/virtual_items/items/{item_id}'],
  ['get', '/merchant/v2/projects/{project_id}/virtual_items/items'],
  ['post', '/merchant/v2/projects/{project_id}/virtual_items/groups'],
  ['get', '/merchant/v2/projects/{project_id}/user_attributes'],
  ['post', '/merchant/v2/projects/{project_id}/game_delivery'],
  ['post', '/api/user'],
  ['post', '/api/login'],
  ['post', '/api/proxy/registration'],
  ['post', '/api/proxy/login'],
  ['post', '/api/proxy/password/reset'],
  ...['v1', 'v2'].flatMap((v): [string, string][] => [
    ['post', `/merchant/${v}/projects/{project_id}/subscriptions/plans`],
    ['put', `/merchant/${v}/projects/{project_id}/subscriptions/plans/{plan_id}`],
    ['post', `/merchant/${v}/projects/{project_id}/subscriptions/products`],
    ['put', `/merchant/${v}/projects/{project_id}/subscriptions/products/{product_id}`],
    ['delete', `/merchant/${v}/projects/{project_id}/subscriptions/products/{product_id}`],
    ['get', `/merchant/${v}/projects/{project_id}/subscriptions/products`],
    ['get', `/merchant/${v}/projects/{project_id}/subscriptions/{subscription_id}`],
    ['get', `/merchant/${v}/projects/{project_id}/subscriptions/payments`],
  ]),
  ['put', '/merchant/v2/projects/{project_id}/users/{user_id}/subscriptions/{subscription_id}'],
  ['post', '/merchant/v2/merchants/{merchant_id}/projects'],
  ['get', '/merchant/v2/projects/{project_id}'],
  ['post', '/merchant/v2/projects/{project_id}/users'],
  ['get', '/merchant/v2/projects/{project_id}/users/{user_id}'],
  ['put', '/merchant/v2/projects/{project_id}/users/{user_id}'],
  ['get', '/merchant/v2/merchants/{merchant_id}/users/transactions.json'],
  ['get', '/merchant/v2/projects/{project_id}/users/virtual_items/total'],
  ['get', '/merchant/v2/merchants/{merchant_id}/reports/transactions/search.{format}'],
  ['get', '/merchant/v2/merchants/{merchant_id}/reports/transactions/{transaction_id}/details'],
  ['post', '/merchant/v2/merchants/{merchant_id}/token'],
];

/** The document's operation that answers [method, path] (a concrete version in place of `{version}`). */
function find(method: string, path: string): Operation | undefined {
  return operationList.find((o) => o.method === method && (o.path === path || ['v1', 'v2'].some((v) => o.path.replace('{version}', v) === path && path.includes(`/${v}/`))));
}

const isLogin = (o: Operation) => o.path.startsWith('/api/');
const isOffline = (o: Operation) => o.path.startsWith('/mock/');
const bodySchema = (o: Operation): Plain | undefined => o.op.requestBody?.content?.['application/json']?.schema;

/** Every schema reachable from `schema` (references followed once). */
function reachable(schema: Plain, seen = new Set<Plain>()): Plain[] {
  const own = resolve(schema);
  if (seen.has(own)) return [];
  seen.add(own);
  const children: Plain[] = [
    ...Object.values(own.properties ?? {}),
    ...['allOf', 'anyOf', 'oneOf'].flatMap((key) => own[key] ?? []),
    ...['items', 'then', 'if', 'else'].map((key) => own[key]).filter((s) => s && typeof s === 'object'),
    ...(own.additionalProperties && typeof own.additionalProperties === 'object' ? [own.additionalProperties] : []),
  ];
  return [own, ...children.flatMap((child) => reachable(child, seen))];
}

function ajv() {
  const validator = new Ajv2020({ allErrors: true, strict: false });
  addFormats(validator);
  validator.addSchema({ $id: 'openapi.json', components: doc.components });
  return validator;
}

describe('mock/spec/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:5174' })]);
  });

  it('holds schemas JSON Schema 2020-12 accepts (the service loads the document unchecked, for a faster start)', () => {
    const meta = new Ajv2020({ strict: false });
    /** Every schema of the document: its components' and each `schema` of its operations (parameters, bodies, answers). */
    const schemasOf = (document: any): [string, unknown][] => {
      const found: [string, unknown][] = Object.entries(document.components.schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema]);
      const walk = (node: unknown, at: string) => {
        if (typeof node !== 'object' || node === null) return;
        for (const [key, value] of Object.entries(node)) {
          if (key === 'schema') found.push([`${at}/schema`, value]);
          else walk(value, `${at}/${key}`);
        }
      };
      walk(document.paths, '#/paths');
      return found;
    };
    const invalid = (document: unknown) => schemasOf(document).filter(([, schema]) => !meta.validateSchema(schema as object)).map(([at]) => at);
    expect(schemasOf(doc).length).toBeGreaterThan(100);
    expect(invalid(doc)).toEqual([]);
    const broken = structuredClone(doc);
    broken.components.schemas.Broken = { type: 'strin' };
    expect(invalid(broken)).toEqual(['#/components/schemas/Broken']);
  });

  it('lists every status an operation answers (issue 46 item 15): 421 on all, 429 on every Basic one, a fault\'s as default, 500 on none', () => {
    const secured = (o: Operation) => ((o.op.security ?? doc.security ?? []) as object[]).some((s) => Object.keys(s).length > 0);
    const missing = operationList.flatMap((o) => {
      const statuses = Object.keys(o.op.responses ?? {});
      const wanted = ['421', '422', 'default', ...(secured(o) ? ['401', '429'] : []), ...(o.method === 'get' ? [] : ['400', '408', '413', '415'])];
      return wanted.filter((status) => !statuses.includes(status)).map((status) => `${o.op.operationId} ${status}`);
    });
    expect(missing).toEqual([]);
    // A 500 is the service failing, not an answer of the contract: listed, it could not be found outside it.
    expect(operationList.filter((o) => '500' in (o.op.responses ?? {})).map((o) => o.op.operationId)).toEqual([]);
    expect(operationList.filter(secured).length).toBeGreaterThan(70);
    expect(doc.components.responses.FaultAnswer.description).toMatch(/only a fault answers so/i);
  });

  it('requires access_token or access_data of a headless payment (createPayment), as the service does', () => {
    const validate = ajv().compile({ $ref: 'openapi.json#/components/schemas/HeadlessPayment' });
    expect(validate({ outcome: 'declined' })).toBe(false);
    expect(validate({})).toBe(false);
    expect(validate({ access_token: 'T', outcome: 'declined' })).toBe(true);
    expect(validate({ access_data: { settings: { project_id: 1 } } })).toBe(true);
  });

  it('lists exactly the agreed operations, each once', () => {
    const ids = operationList.map((o) => o.op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...OPERATION_IDS].sort());
  });

  it.each(SPEC_ENDPOINTS)('covers the spec\'s %s %s', (method, path) => {
    expect(find(method, path), `${method} ${path}`).toBeDefined();
  });

  it('has every merchant operation under v1 and v2: one path with the version parameter, or a pair (plans)', () => {
    const merchantOps = operationList.filter((o) => o.path.startsWith('/merchant/'));
    expect(merchantOps.length).toBeGreaterThan(50);
    for (const o of merchantOps) {
      if (o.path.startsWith('/merchant/{version}/')) {
        expect(o.parameters.find((p) => p.name === 'version')?.schema, o.op.operationId).toEqual({ type: 'string', enum: ['v1', 'v2'] });
        continue;
      }
      const [, version, rest] = /^\/merchant\/(v1|v2)(\/.*)$/.exec(o.path) ?? [];
      expect(version, o.path).toBeDefined();
      const other = version === 'v1' ? 'v2' : 'v1';
      const twin = find(o.method, `/merchant/${other}${rest}`);
      expect(twin?.op.operationId, o.op.operationId).toBe((o.op.operationId as string).replace(/V[12]$/, other.toUpperCase()));
      expect(o.op.operationId).toMatch(new RegExp(`${version!.toUpperCase()}$`));
    }
  });

  it('writes billing_retry into v1 plans only', () => {
    const v1 = reachable(bodySchema(byId.get('createPlanV1')!)!);
    const v2 = reachable(bodySchema(byId.get('createPlanV2')!)!);
    expect(v1.some((s) => s.properties?.billing_retry)).toBe(true);
    expect(v2.some((s) => s.properties?.billing_retry)).toBe(false);
    expect(doc.components.schemas.PlanV1.properties.billing_retry).toBeDefined();
    expect(doc.components.schemas.PlanV2.properties.billing_retry).toBeUndefined();
  });

  describe('request bodies', () => {
    const withBody = operationList.filter((o) => o.op.requestBody).map((o) => [o.op.operationId as string, o] as const);

    it.each(withBody)('%s: every object it describes refuses unknown properties, at any depth', (_id, o) => {
      const objects = reachable(bodySchema(o)!).filter((s) => s.properties);
      expect(objects.length).toBeGreaterThan(0);
      for (const s of objects) {
        // The token's `if`/`then` only add requirements; the objects they name are checked themselves.
        if (!s.type && Object.keys(s).every((k) => ['properties', 'required'].includes(k))) continue;
        expect(s.additionalProperties, `${Object.keys(s.properties).join(',')}`).toBe(false);
      }
    });

    it.each(withBody)('%s: a body with an unknown property is refused at that property', (_id, o) => {
      const validate = ajv().compile(bodySchema(o)!.$ref ? { $ref: `openapi.json${bodySchema(o)!.$ref}` } : bodySchema(o)!);
      expect(validate({ payui_not_a_field: 1 })).toBe(false);
      expect(validate.errors).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: 'payui_not_a_field' } }));
    });
  });

  describe('conventions of DESIGN §8 on every operation', () => {
    const all = operationList.map((o) => [o.op.operationId as string, o] as const);
    // The headless payment's credential is its token, as the payment UI's; a new sandbox needs none (loopback only).
    const tokenAsCredential = (o: Operation) => o.op.operationId === 'createPayment' || o.op.operationId === 'createSandbox';
    const merchant = all.filter(([, o]) => !isLogin(o) && !tokenAsCredential(o));

    it('createPayment takes no credentials: its token is one; createSandbox none either', () => {
      expect(byId.get('createPayment')!.op.security).toEqual([]);
      expect(byId.get('createSandbox')!.op.security).toEqual([]);
    });

    it.each(merchant)('%s takes Basic credentials and answers 401 and 405, and 403 and 404 when its path names a record', (_id, o) => {
      expect(o.op.security).toEqual([{ basicAuth: [] }]);
      for (const status of ['401', '405']) expect(o.op.responses[status], status).toBeDefined();
      const namesRecords = o.parameters.some((p) => p.in === 'path' && p.name !== 'version');
      // The trigger names its transaction or subscription in its body: 404 when it is not the caller's.
      expect(Boolean(o.op.responses['404']), '404').toBe(namesRecords || o.op.operationId === 'triggerWebhook');
      expect(Boolean(o.op.responses['403']), '403').toBe(namesRecords);
    });

    it.each(all.filter(([, o]) => isLogin(o)))('%s (Login API) takes no credentials', (_id, o) => {
      expect(o.op.security).toEqual([]);
      expect(o.op.responses['401']).toBeUndefined();
      expect(o.parameters.find((p) => p.name === 'projectId')).toMatchObject({ in: 'query', required: true });
    });

    it.each(all)('%s answers its errors with the error shape, X-Request-Id included', (_id, o) => {
      const errors = Object.entries(o.op.responses as Plain).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const resolved = resolve(response);
        expect(resolved.content['application/json'].schema, status).toEqual({ $ref: '#/components/schemas/Error' });
        expect(resolved.headers['X-Request-Id'], status).toBeDefined();
      }
      if (o.op.requestBody) {
        for (const status of ['400', '413', '415', '422']) expect(o.op.responses[status], status).toBeDefined();
      }
    });

    it.each(all)('%s is answered, never 501: every operation has its handler (mock/api/operations/index.ts)', (_id, o) => {
      expect(o.op.responses['501']).toBeUndefined();
    });

    it('answers 409 where a duplicate is possible: creates and updates of records with a unique key', () => {
      const duplicates = ['createPackage', 'updatePackage', 'createItem', 'updateItem', 'createGroup', 'updateGroup', 'createUserAttribute', 'updateUserAttribute',
        'createGame', 'updateGame', 'createPlanV1', 'createPlanV2', 'updatePlanV1', 'updatePlanV2', 'createUser', 'addGameKeys'];
      for (const id of duplicates) expect(byId.get(id)!.op.responses['409'], id).toBeDefined();
    });

    it.each(all.filter(([id]) => id.startsWith('list') && id !== 'listWebhookLog' && id !== 'listMail' && id !== 'listFaults' || id === 'searchTransactions'))(
      '%s pages with offset (from 0) and limit (1 to 100, default 20), and tells the total in X-Total-Count',
      (_id, o) => {
        expect(o.parameters.find((p) => p.name === 'offset')).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } });
        expect(o.parameters.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } });
        expect(resolve(o.op.responses['200'].headers['X-Total-Count']).schema).toEqual({ type: 'integer', minimum: 0 });
      },
    );

    it.each(all)('%s takes integer path ids as plain decimal strings, user_id as a string', (_id, o) => {
      for (const p of o.parameters.filter((q) => q.in === 'path' && !['version', 'format'].includes(q.name))) {
        expect(p.schema, p.name).toEqual(p.name === 'user_id' ? expect.objectContaining({ type: 'string' }) : { type: 'string', pattern: '^[1-9][0-9]{0,15}$' });
      }
    });

    it.each(all.filter(([, o]) => isOffline(o)))('%s is marked as the offline service\'s own', (_id, o) => {
      expect(o.op.tags).toEqual(['offline-service']);
      expect(o.op['x-payui-offline']).toBe(true);
      expect(o.op.description).toContain('the real service has no such path');
    });

    it('tags no other operation as the offline service\'s own', () => {
      const marked = operationList.filter((o) => o.op['x-payui-offline'] || o.op.tags.includes('offline-service'));
      expect(marked.every(isOffline)).toBe(true);
    });

    it('integer path ids refuse what is not a plain decimal integer', () => {
      const id = new RegExp(doc.components.parameters.project_id.schema.pattern);
      expect(['1', '200001', '9999999999999999'].filter((v) => id.test(v))).toHaveLength(3);
      expect(['0', '01', '0x1', '1.0', ' 1', '1 ', '-1', '+1', '1e3', '10000000000000000'].filter((v) => id.test(v))).toEqual([]);
    });

    it('states the conventions in info.description', () => {
      for (const words of ['401', '403', '404', '405', '409', '413', '415', '422', '501', '`offset`', '`limit`', 'X-Total-Count', 'X-Request-Id', 'request_id', '/merchant/v1/', '/merchant/v2/', '`/mock/`']) {
        expect(doc.info.description, words).toContain(words);
      }
    });
  });

  describe('schemas', () => {
    it('checks ISO codes the way the token does: x-payui-format on currency, country and language strings', () => {
      const s = doc.components.schemas;
      expect(s.CurrencyCode).toMatchObject({ type: 'string', 'x-payui-format': 'currency' });
      expect(s.CountryCode).toMatchObject({ type: 'string', 'x-payui-format': 'country' });
      expect(s.LanguageCode).toMatchObject({ type: 'string', 'x-payui-format': 'language' });
    });

    it('says what every array holds: each array schema has its items (the linters\' array-items rule)', () => {
      const bare: string[] = [];
      const walk = (value: unknown, at: string): void => {
        if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}/${i}`));
        if (typeof value !== 'object' || value === null) return;
        const schema = value as Plain;
        if ([schema.type].flat().includes('array') && !('items' in schema)) bare.push(at);
        for (const [key, v] of Object.entries(schema)) walk(v, `${at}/${key}`);
      };
      walk(doc, '#');
      expect(bare).toEqual([]);
    });

    it('gives the error body its four fields, extended_message an object or null', () => {
      const validate = ajv().compile({ $ref: 'openapi.json#/components/schemas/Error' });
      const ok = { http_status_code: 404, message: 'Not Found', extended_message: null, request_id: 'r-1' };
      expect(validate(ok)).toBe(true);
      expect(validate({ ...ok, http_status_code: 422, extended_message: { global_errors: [], property_errors: { 'prices.USD': ['must be a number'] } } })).toBe(true);
      expect(validate({ ...ok, request_id: '' })).toBe(false);
      expect(validate({ message: 'Not Found', extended_message: null, request_id: 'r-1' })).toBe(false);
    });

    it('requires user_id and enabled in a user update, user_id only in a create', () => {
      const validator = ajv();
      const create = validator.compile({ $ref: 'openapi.json#/components/schemas/UserCreate' });
      const update = validator.compile({ $ref: 'openapi.json#/components/schemas/UserUpdate' });
      expect(create({ user_id: 'p-1' })).toBe(true);
      expect(create({ user_name: 'Ann' })).toBe(false);
      expect(update({ user_id: 'p-1' })).toBe(false);
      expect(update({ user_id: 'p-1', enabled: false })).toBe(true);
    });

    it('limits a project descriptor to 12 characters and a plan external_id to 32', () => {
      const validator = ajv();
      const project = validator.compile({ $ref: 'openapi.json#/components/schemas/ProjectCreate' });
      expect(project({ name: { en: 'Star Miners' }, descriptor: 'STARMINERS12' })).toBe(true);
      expect(project({ name: { en: 'Star Miners' }, descriptor: 'STARMINERS123' })).toBe(false);
      expect(project({ descriptor: 'STAR' })).toBe(false);
      const plan = validator.compile({ $ref: 'openapi.json#/components/schemas/PlanWriteV2' });
      const charge = { amount: 9.99, currency: 'USD', period: { value: 1, type: 'month' } };
      expect(plan({ name: { en: 'Captain' }, charge, external_id: 'x'.repeat(32) })).toBe(true);
      expect(plan({ name: { en: 'Captain' }, charge, external_id: 'x'.repeat(33) })).toBe(false);
      expect(plan({ name: { en: 'Captain' }, charge, billing_retry: { value: 2 } })).toBe(false);
    });

    it('takes a game SKU of lowercase Latin letters, digits, dashes and underscores only', () => {
      const pattern = new RegExp(doc.components.schemas.GameDeliveryWrite.properties.sku.pattern);
      expect(['star-miners_2', 'abc'].every((v) => pattern.test(v))).toBe(true);
      expect(['Star', 'star miners', 'stär', ''].some((v) => pattern.test(v))).toBe(false);
    });
  });

  describe('the token request schema is the token table (mock/spec/token-table.ts)', () => {
    const token = doc.components.schemas.TokenRequest as Plain;

    /** Every parameter of the table with its path (array items as `[]`). */
    function tableEntries(param: Param, path = ''): [string, Param][] {
      const own: [string, Param][] = [[path, param]];
      if (param.type === 'array') return [...own, ...tableEntries(param.items, `${path}[]`)];
      if (param.type === 'object' && param.fields !== 'free') {
        return [...own, ...Object.entries(param.fields).flatMap(([name, sub]) => tableEntries(sub, path ? `${path}.${name}` : name))];
      }
      return own;
    }
    /** Every schema under the token request with its path, its parent and its own name. */
    function schemaEntries(schema: Plain, path = '', parent?: Plain, name?: string): [string, Plain, Plain | undefined, string | undefined][] {
      const own: [string, Plain, Plain | undefined, string | undefined][] = [[path, schema, parent, name]];
      if (schema.type === 'array') return [...own, ...schemaEntries(schema.items, `${path}[]`)];
      return [...own, ...Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => schemaEntries(sub as Plain, path ? `${path}.${key}` : key, schema, key))];
    }
    const tableMap = new Map(tableEntries(TOKEN_TABLE));
    const schemaMap = new Map(schemaEntries(token).map(([path, ...rest]) => [path, rest] as const));
    const FORMAT: Record<string, Plain> = {
      // Email is the service's own check (RFC 822, as for tokenless access_data), not JSON Schema's stricter format.
      email: { 'x-payui-format': 'email' }, url: { format: 'uri', pattern: '^https?://' },
      currency: { 'x-payui-format': 'currency' }, country: { 'x-payui-format': 'country' }, language: { 'x-payui-format': 'language' },
    };

    it('has the same paths as the table, no more, no fewer', () => {
      expect([...schemaMap.keys()].sort()).toEqual([...tableMap.keys()].sort());
      expect(tableMap.size).toBeGreaterThan(100);
    });

    it.each([...tableMap].filter(([path]) => path))('%s: same type, enum, format and requirement', (path, param) => {
      const [schema, parent, name] = schemaMap.get(path) ?? [];
      expect(schema, path).toBeDefined();
      expect(schema!.type).toBe(param.type);
      if (param.type !== 'object' && param.type !== 'array') {
        expect(schema!.enum).toEqual(param.enum ? [...param.enum] : undefined);
        if (param.format) expect(schema).toMatchObject(FORMAT[param.format]!);
        else expect(schema!.format ?? schema!['x-payui-format']).toBeUndefined();
        expect([schema!.minimum, schema!.exclusiveMinimum, schema!.maximum]).toEqual(
          param.type === 'string' ? [undefined, undefined, undefined] : [param.minimum, param.exclusiveMinimum, param.maximum],
        );
      }
      if (param.type === 'object') expect(schema!.additionalProperties).toBe(param.fields === 'free' ? true : false);
      if (name !== undefined) expect(parent!.required?.includes(name) ?? false).toBe(param.required === true);
    });

    it('requires the legal block\'s fields exactly when user.is_legal is true, as the table\'s conditions say', () => {
      const conditional = [...tableMap].filter(([, p]) => typeof p.required === 'string');
      expect(conditional.map(([path]) => path).sort()).toEqual(['user.legal.address', 'user.legal.country', 'user.legal.name', 'user.legal.vat_id']);
      expect(new Set(conditional.map(([, p]) => p.required))).toEqual(new Set(['user.is_legal']));
      const user = token.properties.user;
      expect(user.if).toEqual({ properties: { is_legal: { const: true } }, required: ['is_legal'] });
      expect(user.then.properties.legal.required.sort()).toEqual(['address', 'country', 'name', 'vat_id']);

      const validate = ajv().compile({ $ref: 'openapi.json#/components/schemas/TokenRequest' });
      const body = (user: Plain) => ({ user: { id: { value: 'p-1' }, email: { value: 'p@example.test' }, ...user }, settings: { project_id: 200001 } });
      expect(validate(body({}))).toBe(true);
      expect(validate(body({ is_legal: false }))).toBe(true);
      expect(validate(body({ is_legal: true }))).toBe(false);
      expect(validate(body({ is_legal: true, legal: { name: 'Acme GmbH', address: 'Hauptstr. 1', vat_id: 'DE1', country: 'DE' } }))).toBe(true);
      expect(validate(body({ is_legal: true, legal: { name: 'Acme GmbH' } }))).toBe(false);
    });
  });

  it('gives the server kit its types: src/server/api-types.ts is generated from it (run `npm run openapi:types`)', async () => {
    const committed = readFileSync(TARGET, 'utf8');
    expect(committed === await renderApiTypes(doc), 'src/server/api-types.ts differs from mock/spec/openapi.json: run npm run openapi:types').toBe(true);
  }, 30_000);
});

// Type-level: the kit's public types can be written from the generated ones.
type ItemEntry = components['schemas']['VirtualItemListEntry'];
type NewItem = operations['createItem']['requestBody']['content']['application/json'];
export const typeSamples = {
  entry: {
    id: 1, sku: 'starter-pack', localized_name: 'Starter pack', enabled: true, permanent: false, advertisement_type: null,
    default_currency: 'USD', groups: [], prices: { USD: 4.99 }, virtual_currency_price: null,
  } satisfies ItemEntry,
  // @ts-expect-error a new item needs its sku
  noSku: { name: { en: 'Starter pack' } } satisfies NewItem,
  item: { sku: 'starter-pack', name: { en: 'Starter pack' } } satisfies NewItem,
};
