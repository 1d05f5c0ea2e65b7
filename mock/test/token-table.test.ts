// The mock merchant API against the service's token table, case by case, generated from the
// table itself (mock/spec/token-table.ts): every parameter with a valid value gets a token that
// carries it, with invalid values a 422 at exactly that path; unknown keys at every level; the
// conditional legal block; several errors at once. (The server kit's TokenRequest type is
// generated from openapi.json, whose schema test/unit/openapi.test.ts holds to the same table.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTokenTable } from '../domain/token-request';
import { TOKEN_TABLE, type Format, type Leaf, type Param } from '../spec/token-table';
import { verifyToken } from '../domain/token';
import { everyGroup } from '../../test/types/token-request';
import { demoSeed, sandboxWorld, type SandboxWorld } from './sandbox-world';

type Plain = Record<string, any>;

/** Every parameter of the table with its path; array items are at index 0. */
function walk(param: Param, path = ''): [string, Param][] {
  const own: [string, Param][] = path ? [[path, param]] : [];
  if (param.type === 'array') return [...own, ...walk(param.items, `${path}[0]`)];
  if (param.type === 'object' && param.fields !== 'free') {
    return [...own, ...Object.entries(param.fields).flatMap(([name, sub]) => walk(sub, path ? `${path}.${name}` : name))];
  }
  return own;
}

const FORMAT_VALID: Record<Format, string> = {
  email: 'player@example.test', country: 'FR', language: 'de', currency: 'JPY', url: 'http://localhost:5173/return?x=1',
};
const FORMAT_INVALID: Record<Format, string[]> = {
  email: ['player42', '', 'a b@example.test'],
  country: ['de', 'DEU', 'QX', ''],
  language: ['DE', 'de-DE', ''],
  currency: ['EURO', 'eur', 'QQQ', ''],
  url: ['javascript:alert(1)', 'shop/return', ''],
};

/** Values that stand for the table's examples where those name a record of the demo's (its project, its product): the sandbox's copies. */
const copies = new Map<Param, unknown>();

function leafValid(param: Leaf): unknown {
  if (copies.has(param)) return copies.get(param);
  if (param.example !== undefined) return param.example;
  if (param.enum) return param.enum.at(-1);
  if (param.format) return FORMAT_VALID[param.format];
  return { string: 'any text, ünïcode too', integer: 3, number: 2.5, boolean: true }[param.type];
}

/** A value the table accepts for `param`: required children filled in. */
function validValue(param: Param): unknown {
  if (param.type === 'array') return [validValue(param.items)];
  if (param.type === 'object') {
    if (param.fields === 'free') return { anything: { nested: [1, 'two'] } };
    return Object.fromEntries(Object.entries(param.fields).filter(([, sub]) => sub.required === true).map(([name, sub]) => [name, validValue(sub)]));
  }
  return leafValid(param);
}

/** [what, value] pairs the table refuses for `param` at its own path. */
function invalidValues(param: Param): [string, unknown][] {
  const wrongType: Record<Param['type'], unknown[]> = {
    string: [7, true], integer: [1.5, '1'], number: ['2.5', true], boolean: ['true', 1], object: ['x', [1]], array: [{ 0: 'x' }, 'x'],
  };
  const cases: [string, unknown][] = wrongType[param.type].map((value) => [`${JSON.stringify(value)} (wrong type)`, value]);
  if (param.type === 'string' && param.enum) cases.push(['a value outside the enum', 'not-listed']);
  if (param.type === 'string' && param.format) cases.push(...FORMAT_INVALID[param.format].map((value): [string, unknown] => [`${JSON.stringify(value)} (format)`, value]));
  if (param.type === 'string' && param.required === true) cases.push(['blank', '  ']);
  return cases;
}

const base = (): Plain => ({ user: { id: { value: 'player-42' }, email: { value: 'player42@example.test' } }, settings: { project_id: validValue(paramAt('settings.project_id')) } });

/** A copy of `body` with `value` at `path` (objects and arrays made on the way). */
function put(body: Plain, path: string, value: unknown): Plain {
  const steps = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node: any = body;
  steps.slice(0, -1).forEach((step, i) => {
    const nextIsIndex = /^\d+$/.test(steps[i + 1]!);
    node[step] ??= nextIsIndex ? [] : {};
    node = node[step];
  });
  node[steps.at(-1)!] = value;
  return body;
}
function read(body: unknown, path: string): unknown {
  return path.replace(/\[(\d+)\]/g, '.$1').split('.').reduce<any>((node, step) => node?.[step], body);
}

const params = walk(TOKEN_TABLE);
const paramAt = (path: string) => params.find(([at]) => at === path)![1];

/** `base()` with `value` at `path`, each group on the way made with its required members (an item's sku and amount). */
function placed(path: string, value: unknown): Plain {
  const body = base();
  for (const [outer, param] of params) {
    const inside = path.startsWith(outer) && /^[.[]/.test(path.slice(outer.length));
    if (inside && read(body, outer) === undefined) put(body, outer, validValue(param));
  }
  return put(body, path, value);
}
const required = params.filter(([, p]) => p.required === true);
const groups = params.filter(([, p]) => p.type === 'object' && p.fields !== 'free');

describe('the token table', () => {
  it('has every parameter group of the service spec', () => {
    const paths = params.map(([path]) => path);
    expect(paths.length).toBeGreaterThan(120);
    for (const path of [
      'user.id.value', 'user.legal.vat_id', 'user.utm.utm_content', 'settings.ui.header.visible_virtual_currency_balance',
      'settings.ui.license_url', 'settings.ui.user_account.payment_accounts.enable', 'settings.ui.desktop.virtual_item_list.view',
      'settings.ui.mobile.footer.is_visible', 'settings.ui.components.virtual_currency.custom_amount',
      'purchase.virtual_currency.currency', 'purchase.virtual_items.currency', 'purchase.virtual_items.items[0].sku',
      'purchase.pin_codes.codes[0].drm', 'purchase.pin_codes.upgrade.id_user_history', 'purchase.gift.friends[0].email',
      'purchase.coupon_code.hidden', 'purchase.subscription.trial_days', 'custom_parameters',
    ]) expect(paths).toContain(path);
    const drm = params.find(([path]) => path === 'purchase.pin_codes.codes[0].drm')![1] as Leaf;
    expect(drm.enum).toHaveLength(11);
  });

  it('accepts the body of the type test that uses every group (type and validation agree)', () => {
    expect(checkTokenTable(everyGroup)).toBeNull();
  });
});

describe('the mock merchant API, parameter by parameter', () => {
  let world: SandboxWorld;
  beforeAll(async () => {
    // The service checks a token's groups against the project's: the sandbox's Star Miners is seeded with one named like every valid string here.
    world = await sandboxWorld({ seed: demoSeed({ item_groups: [{ id: 1, project_id: 200001, code: validValue({ type: 'string' } as Param), data: {} }] }) });
    const products = await world.merchant('GET', `/merchant/v2/projects/${world.project(200001)}/subscriptions/products`);
    copies.set(paramAt('settings.project_id'), world.project(200001));
    copies.set(paramAt('purchase.subscription.product_id'), String(products.body[0].id));
  });
  afterAll(() => {
    copies.clear();
    return world.close();
  });
  const post = (body: unknown) => fetch(`${world.origin}/merchant/v2/merchants/${world.merchantId}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: world.authorization },
    body: JSON.stringify(body),
  });

  it.each(params)('%s: a valid value gets a token that carries it', async (path, param) => {
    const value = validValue(param);
    const response = await post(placed(path, value));
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    const verified = await verifyToken(((await response.json()) as { token: string }).token, async () => world.apiKey);
    expect(verified.ok && read(verified.payload, path)).toEqual(value);
  });

  const invalid = params.flatMap(([path, param]) => invalidValues(param).map(([what, value]): [string, string, unknown] => [path, what, value]));
  it.each(invalid)('%s: %s is refused at exactly that path', async (path, _what, value) => {
    const response = await post(placed(path, value));
    expect(response.status).toBe(422);
    const { extended_message } = (await response.json()) as { extended_message: { property_errors: Record<string, string[]> } };
    expect(Object.keys(extended_message.property_errors)).toEqual([path]);
  });

  it.each(groups)('%s: an unknown key is refused at its path', (path, param) => {
    const result = checkTokenTable(put(base(), path, { ...(validValue(param) as Plain), surplus: 1 }));
    expect(Object.keys(result?.property_errors ?? {})).toEqual([`${path}.surplus`]);
  });

  it('refuses an unknown top-level key, and keys the earlier mock carried', () => {
    const result = checkTokenTable({
      ...put(put(put(put(base(), 'user.age', 30), 'user.id.hidden', true), 'settings.redirect_policy', { delay: 5 }), 'purchase.checkout', { amount: 1, currency: 'USD' }),
      token_ttl: 5,
    });
    expect(Object.keys(result!.property_errors).sort()).toEqual(['purchase.checkout', 'settings.redirect_policy', 'token_ttl', 'user.age', 'user.id.hidden']);
  });

  it('takes anything inside user.attributes and custom_parameters', () => {
    const body = put(put(base(), 'user.attributes', { level: 12, tags: ['a'], deep: { x: null } }), 'custom_parameters', { a: { b: { c: [true] } } });
    expect(checkTokenTable(body)).toBeNull();
  });

  it.each(required)('%s is required', (path) => {
    const body = base();
    put(body, path, null);
    expect(Object.keys(checkTokenTable(body)?.property_errors ?? {})).toContain(path);
  });

  it.each(['purchase.virtual_currency.currency', 'purchase.virtual_items.currency', 'purchase.subscription.currency', 'purchase.pin_codes.currency'])(
    '%s is an ISO 4217 code like every currency of the service: usd and DOLLAR are refused there',
    (path) => {
      for (const value of ['usd', 'DOLLAR']) {
        expect(Object.keys(checkTokenTable(put(base(), path, value))?.property_errors ?? {}), value).toEqual([path]);
      }
      expect(checkTokenTable(put(base(), path, 'USD'))).toBeNull();
    },
  );

  it.each<[string, Plain, string]>([
    ['without sku', { amount: 1 }, 'sku'],
    ['without amount', { sku: 'starter-pack' }, 'amount'],
  ])('refuses a purchase.virtual_items.items entry %s (a purchase of nothing) at its path', (_name, item, field) => {
    const body = put(base(), 'purchase.virtual_items.items', [{ sku: 'plasma-drill', amount: 1 }, item]);
    expect(checkTokenTable(body)?.property_errors).toEqual({ [`purchase.virtual_items.items[1].${field}`]: ['is required'] });
  });

  it('refuses renew as a subscription operation (the table lists change_plan only)', () => {
    expect(checkTokenTable(put(base(), 'purchase.subscription.operation', 'renew'))?.property_errors).toEqual({
      'purchase.subscription.operation': ['must be one of: change_plan'],
    });
  });

  describe('the legal block, required when user.is_legal is true', () => {
    const legal = { name: 'Acme GmbH', address: 'Hauptstr. 1, Berlin', vat_id: 'DE123456789', country: 'DE' };
    it.each<[string, Plain, string[]]>([
      ['is_legal with the whole block', { is_legal: true, legal }, []],
      ['a legal block without is_legal', { legal: { name: 'Acme GmbH' } }, []],
      ['is_legal false without a block', { is_legal: false }, []],
      ['is_legal without a block', { is_legal: true }, ['user.legal.address', 'user.legal.country', 'user.legal.name', 'user.legal.vat_id']],
      ['is_legal with a null block', { is_legal: true, legal: null }, ['user.legal.address', 'user.legal.country', 'user.legal.name', 'user.legal.vat_id']],
      ['is_legal without vat_id', { is_legal: true, legal: { ...legal, vat_id: undefined } }, ['user.legal.vat_id']],
    ])('%s', (_name, user, paths) => {
      const body = base();
      Object.assign(body.user, JSON.parse(JSON.stringify(user)));
      expect(Object.keys(checkTokenTable(body)?.property_errors ?? {}).sort()).toEqual(paths);
    });
  });

  it('answers every error of a body at once, array indexes included', async () => {
    const body = put(put(put(put(put(base(), 'settings.currency', ''), 'settings.language', ''), 'purchase.virtual_items.items', [{ sku: 'starter-pack', amount: 1 }, { sku: 'nope', amount: '2' }]), 'settings.ui.desktop.header.type', 'big'), 'user.is_legal', true);
    const response = await post(body);
    expect(response.status).toBe(422);
    const { extended_message } = (await response.json()) as { extended_message: { property_errors: Record<string, string[]> } };
    expect(extended_message.property_errors).toEqual({
      'settings.currency': ['must be an ISO 4217 currency code such as USD'],
      'settings.language': ['must be a lowercase 2-letter ISO 639-1 code such as en'],
      'settings.ui.desktop.header.type': ['must be one of: compact, normal'],
      'purchase.virtual_items.items[1].amount': ['must be an integer'],
      'purchase.virtual_items.items[1].sku': [`no item "nope" in project ${world.project(200001)}`],
      'user.legal.name': ['is required when user.is_legal is true'],
      'user.legal.address': ['is required when user.is_legal is true'],
      'user.legal.vat_id': ['is required when user.is_legal is true'],
      'user.legal.country': ['is required when user.is_legal is true'],
    });
  });
});
