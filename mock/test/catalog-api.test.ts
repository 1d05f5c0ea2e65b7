/**
 * The catalog of the merchant API (service-spec.md "Resources and their fields", "Endpoints":
 * virtual currency, items and groups, user attributes, game keys) on the service as it runs: the
 * shapes of the spec's tables, what was written read back in v1 and v2, and DESIGN §8's
 * conventions (404, 409, 422 at field paths, pages with X-Total-Count).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conforms } from '../../test/fixtures/conforms';
import { merchantCaller, type Called } from '../../test/fixtures/merchant-call';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

/** A sandbox of the shared service: a merchant of its own with a copy of the demo catalogue. */
let world: SandboxWorld;
/** A project of the sandbox's merchant made for this file, with a virtual currency of its own. */
let project: number;
/** The sandbox's copy of the demo project Star Miners (200001). */
let star: number;

const call = merchantCaller(() => world.origin, () => world.credentials);

/** A merchant path of `project` (or of `projectId`), in v2 unless asked. */
const at = (rest: string, version = 'v2', projectId = project) => `/merchant/${version}/projects/${projectId}${rest}`;

/** Creates a record and answers its id, checking the answer is 201 `{id}`. */
async function create(path: string, body: unknown): Promise<number> {
  const answer = await call(path, 'POST', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body).toEqual({ id: expect.any(Number) });
  return answer.body.id;
}

async function ok(path: string, method: string, body?: unknown) {
  const answer = await call(path, method, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
  expect(answer.body).toBeUndefined();
}

/** An error answer of `status` in the service's shape, with exactly these field errors when given. */
function expectError(answer: Called, status: number, fields?: Record<string, unknown>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ http_status_code: status, message: expect.any(String), request_id: expect.any(String) });
  if (fields) expect(answer.body.extended_message.property_errors).toEqual(fields);
}

const keys = (value: object) => Object.keys(value).sort();


beforeAll(async () => {
  world = await sandboxWorld();
  star = world.project(200001);
  project = await create(`/merchant/v2/merchants/${world.merchantId}/projects`, { name: { en: 'Catalog tests' } });
  await ok(at('/virtual_currency'), 'PUT', { vc_name: { en: 'Gems' }, base: { USD: 0.01, JPY: 1 }, default_currency: 'USD' });
});
afterAll(() => world.close());

const PACKAGE_FIELDS = ['id', 'sku', 'amount', 'bonus', 'enabled', 'description', 'label', 'advertisement_type', 'advertisement_type_custom', 'image_url', 'prices_array'];
const CURRENCY_FIELDS = ['id', 'allow_user_sum', 'base', 'default_currency', 'image_url', 'is_currency_discrete', 'min', 'max', 'packets', 'type', 'vc_name'];
const ITEM_ENTRY_FIELDS = ['id', 'sku', 'localized_name', 'enabled', 'permanent', 'advertisement_type', 'default_currency', 'groups', 'prices', 'virtual_currency_price'];
const ATTRIBUTE_FIELDS = ['id', 'key', 'name', 'localized_name', 'type', 'list_of_values', 'skip_condition_on_nonexistent_key', 'visible'];

describe('virtual currency', () => {
  it("the demo's record has the spec's fields, its packages grouped by currency with `price` and `description`, `label`, `advertisement_type_custom` as arrays", async () => {
    const answer = await call(`/merchant/v1/projects/${star}/virtual_currency`);
    expect(answer.status).toBe(200);
    expect(keys(answer.body)).toEqual([...CURRENCY_FIELDS].sort());
    conforms(answer.body, 'VirtualCurrency');
    expect(answer.body).toMatchObject({ id: star, vc_name: { en: 'Crystals' }, base: { USD: 0.0099 }, default_currency: 'USD', type: 'discounts' });
    const usd = answer.body.packets.USD as Record<string, unknown>[];
    expect(usd.length).toBeGreaterThan(0);
    const first = usd[0]!;
    expect(keys(first)).toEqual([...PACKAGE_FIELDS.filter((f) => f !== 'prices_array'), 'price'].sort());
    expect(first).toMatchObject({ sku: 'crystals-100', amount: 100, price: 0.99, description: [{ en: '100 Crystals' }], label: [], advertisement_type_custom: [] });
    expect(usd.map((p) => p.id)).toEqual([...usd.map((p) => p.id as number)].sort((a, b) => a - b));
  });

  it('a package priced in two currencies is listed under each with that price', async () => {
    const id = await create(at('/virtual_currency/packages'), {
      sku: 'gems-500', amount: 500, prices_array: [{ name: 'USD', value: 4.99 }, { name: 'JPY', value: 700 }], label: { en: 'Best' }, advertisement_type_custom: { color: 'gold' },
    });
    const { body } = await call(at('/virtual_currency', 'v1'));
    expect(Object.keys(body.packets)).toEqual(['JPY', 'USD']);
    // The spec's arrays: a value is the array's one entry, none an empty array.
    expect(body.packets.USD).toEqual([expect.objectContaining({ id, price: 4.99, label: [{ en: 'Best' }], description: [], advertisement_type_custom: [{ color: 'gold' }] })]);
    conforms(body, 'VirtualCurrency');
    expect(body.packets.JPY).toEqual([expect.objectContaining({ id, price: 700 })]);
    await ok(at(`/virtual_currency/packages/${id}`), 'DELETE');
  });

  it('its own fields are written and read back; a field left out keeps its value', async () => {
    await ok(at('/virtual_currency', 'v1'), 'PUT', { min: 5, max: 500, allow_user_sum: true });
    const { body } = await call(at('/virtual_currency', 'v2'));
    expect(body).toMatchObject({ id: project, vc_name: { en: 'Gems' }, base: { USD: 0.01, JPY: 1 }, min: 5, max: 500, allow_user_sum: true, is_currency_discrete: true });
  });

  it('a project without one answers 404 until its first PUT, which fills the fields left out', async () => {
    const bare = await create(`/merchant/v2/merchants/${world.merchantId}/projects`, { name: { en: 'No currency' } });
    expectError(await call(at('/virtual_currency', 'v2', bare)), 404);
    await ok(at('/virtual_currency', 'v2', bare), 'PUT', { vc_name: { en: 'Coins' } });
    const { body } = await call(at('/virtual_currency', 'v2', bare));
    expect(body).toEqual({
      id: bare, vc_name: { en: 'Coins' }, base: {}, default_currency: 'USD', min: 1, max: 100000, is_currency_discrete: true, allow_user_sum: false,
      image_url: '', type: 'discounts', packets: {},
    });
  });

  it('422 at the field: bounds the wrong way round, a default currency outside base, unknown fields', async () => {
    expectError(await call(at('/virtual_currency'), 'PUT', { min: 10, max: 2 }), 422, { max: ['must be at least min (10)'] });
    expectError(await call(at('/virtual_currency'), 'PUT', { default_currency: 'EUR', colour: 'red', min: -1 }), 422, {
      default_currency: ['must be one of the currencies of base (JPY, USD)'], colour: ['is not a known field'], min: ['must be at least 0'],
    });
  });
});

describe('virtual currency packages', () => {
  it('create → the single record, exactly the spec\'s fields → update keeps what is left out → delete', async () => {
    const id = await create(at('/virtual_currency/packages', 'v1'), { sku: 'gems-100', amount: 100, prices_array: [{ name: 'USD', value: 0.99 }] });
    const read = await call(at(`/virtual_currency/packages/${id}`, 'v2'));
    expect(read.status).toBe(200);
    conforms(read.body, 'VirtualCurrencyPackage');
    expect(read.body).toEqual({
      id, sku: 'gems-100', amount: 100, bonus: 0, enabled: true, description: null, label: null, advertisement_type: null,
      advertisement_type_custom: null, image_url: '', prices_array: [{ name: 'USD', value: 0.99 }],
    });
    // The spec's request sample: the package-record shape.
    await ok(at(`/virtual_currency/packages/${id}`, 'v1'), 'PUT', {
      advertisement_type: 'best_deal', advertisement_type_custom: null, bonus: 10, description: { en: '100 gems' }, enabled: false,
      image_url: '//cdn.example.test/gems.png', label: { en: 'Hot' }, prices_array: [{ name: 'USD', value: 1.49 }, { name: 'JPY', value: 200 }],
    });
    expect((await call(at(`/virtual_currency/packages/${id}`, 'v1'))).body).toEqual({
      id, sku: 'gems-100', amount: 100, bonus: 10, enabled: false, description: { en: '100 gems' }, label: { en: 'Hot' }, advertisement_type: 'best_deal',
      advertisement_type_custom: null, image_url: '//cdn.example.test/gems.png', prices_array: [{ name: 'USD', value: 1.49 }, { name: 'JPY', value: 200 }],
    });
    await ok(at(`/virtual_currency/packages/${id}`), 'DELETE');
    expectError(await call(at(`/virtual_currency/packages/${id}`)), 404);
    expectError(await call(at(`/virtual_currency/packages/${id}`), 'DELETE'), 404);
    expectError(await call(at(`/virtual_currency/packages/${id}`), 'PUT', { bonus: 1 }), 404);
  });

  it("a duplicate sku in the project is 409 at sku; another project's package is unknown", async () => {
    const id = await create(at('/virtual_currency/packages'), { sku: 'gems-dup', amount: 10 });
    const other = await create(at('/virtual_currency/packages'), { sku: 'gems-other', amount: 20 });
    expectError(await call(at('/virtual_currency/packages'), 'POST', { sku: 'gems-dup', amount: 5 }), 409, { sku: ['"gems-dup" is already used in this project'] });
    expectError(await call(at(`/virtual_currency/packages/${other}`), 'PUT', { sku: 'gems-dup' }), 409);
    // The demo's project has its own `crystals-100`; the same sku here is fine.
    await create(at('/virtual_currency/packages'), { sku: 'crystals-100', amount: 100 });
    expectError(await call(`/merchant/v2/projects/${star}/virtual_currency/packages/${id}`), 404);
    expectError(await call(`/merchant/v2/projects/${star}/virtual_currency/packages/${id}`, 'DELETE'), 404);
  });

  it("422 at the field: required, a price twice, more decimals than the currency, a fractional amount of a discrete currency", async () => {
    expectError(await call(at('/virtual_currency/packages'), 'POST', { bonus: 5 }), 422, { sku: ['is required'], amount: ['is required'] });
    expectError(await call(at('/virtual_currency/packages'), 'POST', {
      sku: 'gems-bad', amount: 10.5, prices_array: [{ name: 'USD', value: 0.999 }, { name: 'JPY', value: 100.5 }, { name: 'USD', value: 1 }], extra: 1,
    }), 422, {
      amount: ['must be a whole number: the virtual currency is discrete'],
      'prices_array[0].value': ['must have at most 2 decimals for USD'],
      'prices_array[1].value': ['must be a whole amount: JPY has no decimals'],
      'prices_array[2].name': ['USD is priced twice'],
      extra: ['is not a known field'],
    });
    expectError(await call(at('/virtual_currency/packages'), 'POST', { sku: 'gems-bad', amount: 1, prices_array: [{ name: 'XYZ', value: 1 }], advertisement_type: 'cheap' }), 422);
  });
});

describe('virtual items', () => {
  let group: number;
  beforeAll(async () => {
    group = await create(at('/virtual_items/groups'), { name: { en: 'Weapons' }, code: '100' });
  });

  it('create with numeric-string prices → the item and its list entry, numbers in the currency\'s decimals, in v1 and v2', async () => {
    const id = await create(at('/virtual_items/items', 'v1'), {
      sku: 'laser-1', name: { de: 'Laser', fr: 'Laser FR' }, prices: { USD: '4.5', JPY: '700' }, groups: [group], virtual_currency_price: '250', permanent: true,
    });
    for (const version of ['v1', 'v2']) {
      const item = await call(at(`/virtual_items/items/${id}`, version));
      conforms(item.body, 'VirtualItem');
      expect(item.body).toEqual({
        id, sku: 'laser-1', name: { de: 'Laser', fr: 'Laser FR' }, localized_name: 'Laser', description: {}, long_description: {}, enabled: true, item_code: null,
        advertisement_type: null, item_type: null, keywords: {}, groups: [group], default_currency: 'USD', expiration: null, image_url: '', permanent: true,
        prices: { USD: 4.5, JPY: 700 }, user_attribute_conditions: [], virtual_currency_price: 250,
      });
    }
    const list = await call(at('/virtual_items/items'));
    conforms(list.body, '[VirtualItemListEntry]');
    const entry = list.body.find((e: { id: number }) => e.id === id);
    expect(keys(entry)).toEqual([...ITEM_ENTRY_FIELDS].sort());
    expect(entry).toEqual({
      id, sku: 'laser-1', localized_name: 'Laser', enabled: true, permanent: true, advertisement_type: null, default_currency: 'USD', groups: [group],
      prices: { USD: 4.5, JPY: 700 }, virtual_currency_price: 250,
    });
  });

  it('update: the fields sent replace theirs, the rest stay; the English name is the localized name', async () => {
    const id = await create(at('/virtual_items/items'), { sku: 'shield-1', name: { en: 'Shield' }, prices: { EUR: 2 } });
    await ok(at(`/virtual_items/items/${id}`, 'v1'), 'PUT', { enabled: false, name: { fr: 'Bouclier', en: 'Shield II' }, item_code: 'SH1', advertisement_type: 'recommended' });
    const entry = (await call(at(`/virtual_items/items/${id}`, 'v2'))).body;
    expect(entry).toMatchObject({ sku: 'shield-1', enabled: false, localized_name: 'Shield II', item_code: 'SH1', prices: { EUR: 2 }, default_currency: 'EUR', virtual_currency_price: null });
    await ok(at(`/virtual_items/items/${id}`), 'PUT', { sku: 'shield-2', item_code: null });
    expect((await call(at(`/virtual_items/items/${id}`))).body).toMatchObject({ sku: 'shield-2', item_code: null, enabled: false });
  });

  it("a duplicate sku is 409 at sku (on create and on update); another project's item is unknown", async () => {
    const id = await create(at('/virtual_items/items'), { sku: 'dup-item', name: { en: 'A' } });
    const other = await create(at('/virtual_items/items'), { sku: 'dup-other', name: { en: 'B' } });
    expectError(await call(at('/virtual_items/items'), 'POST', { sku: 'dup-item', name: { en: 'C' } }), 409, { sku: ['"dup-item" is already used in this project'] });
    expectError(await call(at(`/virtual_items/items/${other}`), 'PUT', { sku: 'dup-item' }), 409);
    await create(at('/virtual_items/items'), { sku: 'starter-pack', name: { en: 'Same sku as the demo, other project' } });
    for (const method of ['GET', 'DELETE']) expectError(await call(`/merchant/v2/projects/${star}/virtual_items/items/${id}`, method), 404);
    expectError(await call(`/merchant/v2/projects/${star}/virtual_items/items/${id}`, 'PUT', { enabled: true }), 404);
  });

  it('422 at the field: decimals, a default currency without a price, an unknown group, unknown and mistyped fields', async () => {
    expectError(await call(at('/virtual_items/items'), 'POST', {
      sku: 'bad-item', name: { en: 'Bad' }, prices: { USD: '4.999', JPY: 1.5, EUR: 'x' }, default_currency: 'GBP', groups: [group, 999999], colour: 'red',
    }), 422, {
      'prices.USD': ['must have at most 2 decimals for USD'],
      'prices.JPY': ['must be a whole amount: JPY has no decimals'],
      'prices.EUR': ['must match ^[0-9]+(\\.[0-9]+)?$'],
      default_currency: ['must be one of the item\'s price currencies (USD, JPY, EUR)'],
      'groups[1]': ['no item group 999999 in this project'],
      colour: ['is not a known field'],
    });
    expectError(await call(at('/virtual_items/items'), 'POST', { sku: 'bad item', name: { en: 'Bad' }, virtual_currency_price: 2.5 }), 422, {
      sku: ['must match ^[A-Za-z0-9_.-]{1,255}$'],
      virtual_currency_price: ['must be a whole number: the virtual currency is discrete'],
    });
    expectError(await call(at('/virtual_items/items'), 'POST', { name: { en: 'No sku' } }), 422, { sku: ['is required'] });
  });

  it('has_price keeps the items with a virtual currency price, or with a real-currency price', async () => {
    const scoped = await create(`/merchant/v2/merchants/${world.merchantId}/projects`, { name: { en: 'has_price' } });
    await ok(at('/virtual_currency', 'v2', scoped), 'PUT', { vc_name: { en: 'Gold' } });
    const real = await create(at('/virtual_items/items', 'v2', scoped), { sku: 'real', name: { en: 'Real' }, prices: { USD: 1 } });
    const virtual = await create(at('/virtual_items/items', 'v2', scoped), { sku: 'virtual', name: { en: 'Virtual' }, virtual_currency_price: 10 });
    const both = await create(at('/virtual_items/items', 'v2', scoped), { sku: 'both', name: { en: 'Both' }, prices: { USD: 2 }, virtual_currency_price: 20 });
    await create(at('/virtual_items/items', 'v2', scoped), { sku: 'none', name: { en: 'None' } });
    const ids = async (query: string) => {
      const answer = await call(at(`/virtual_items/items${query}`, 'v1', scoped));
      expect(answer.headers.get('x-total-count')).toBe(String(answer.body.length));
      return answer.body.map((e: { id: number }) => e.id);
    };
    expect(await ids('?has_price=virtual_currency')).toEqual([virtual, both]);
    expect(await ids('?has_price=real_currency')).toEqual([real, both]);
    expect(await ids('')).toHaveLength(4);
    expectError(await call(at('/virtual_items/items?has_price=gold', 'v2', scoped)), 422, { has_price: ['must be one of: virtual_currency, real_currency'] });
  });

  it('delete: 204, then unknown', async () => {
    const id = await create(at('/virtual_items/items'), { sku: 'gone', name: { en: 'Gone' } });
    await ok(at(`/virtual_items/items/${id}`, 'v1'), 'DELETE');
    expectError(await call(at(`/virtual_items/items/${id}`)), 404);
    expectError(await call(at(`/virtual_items/items/${id}`), 'DELETE'), 404);
  });
});

describe('pages', () => {
  it('offset and limit in id order, X-Total-Count, past the end, limit 100 and 101', async () => {
    const scoped = await create(`/merchant/v2/merchants/${world.merchantId}/projects`, { name: { en: 'Pages' } });
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push(await create(at('/virtual_items/items', 'v2', scoped), { sku: `page-${i}`, name: { en: `Item ${i}` } }));
    const all = await call(at('/virtual_items/items?limit=100', 'v2', scoped));
    expect(all.body.map((e: { id: number }) => e.id)).toEqual(made);
    expect(all.headers.get('x-total-count')).toBe('5');
    const page = await call(at('/virtual_items/items?offset=1&limit=2', 'v1', scoped));
    expect(page.body.map((e: { id: number }) => e.id)).toEqual(made.slice(1, 3));
    expect(page.headers.get('x-total-count')).toBe('5');
    const past = await call(at('/virtual_items/items?offset=5', 'v2', scoped));
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('5');
    expectError(await call(at('/virtual_items/items?limit=101', 'v2', scoped)), 422, { limit: ['must be at most 100'] });
    expectError(await call(at('/virtual_items/items?limit=0', 'v2', scoped)), 422);
    expectError(await call(at('/virtual_items/items?offset=-1', 'v2', scoped)), 422);
    // Each list answers the same way.
    for (const list of ['/virtual_items/groups', '/user_attributes', '/game_delivery']) {
      const empty = await call(at(`${list}?offset=3`, 'v2', scoped));
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers.get('x-total-count')).toBe('0');
      expectError(await call(at(`${list}?limit=101`, 'v2', scoped)), 422, { limit: ['must be at most 100'] });
    }
  });
});

describe('item groups', () => {
  it('create (code and parent as the sample\'s strings) → read → list → update', async () => {
    const parent = await create(at('/virtual_items/groups', 'v1'), { name: { en: 'Gear' }, code: '200', description: { en: 'All gear' }, enabled: true });
    const child = await create(at('/virtual_items/groups'), { name: { de: 'Helme' }, code: '201', parent_id: String(parent) });
    expect((await call(at(`/virtual_items/groups/${child}`, 'v1'))).body).toEqual({
      id: child, code: 201, name: { de: 'Helme' }, localized_name: 'Helme', description: {}, enabled: true, parent_id: parent,
    });
    const list = await call(at('/virtual_items/groups?limit=100'));
    conforms(list.body, '[ItemGroup]');
    expect(list.body).toEqual(expect.arrayContaining([
      { id: parent, code: 200, name: { en: 'Gear' }, localized_name: 'Gear', description: { en: 'All gear' }, enabled: true, parent_id: null },
    ]));
    expect(list.headers.get('x-total-count')).toBe(String(list.body.length));
    await ok(at(`/virtual_items/groups/${child}`, 'v2'), 'PUT', { enabled: false, code: 202, parent_id: null });
    expect((await call(at(`/virtual_items/groups/${child}`))).body).toMatchObject({ code: 202, enabled: false, parent_id: null, name: { de: 'Helme' } });
  });

  it('a duplicate code (as number or string) is 409 at code; a parent must be another group of the project', async () => {
    const a = await create(at('/virtual_items/groups'), { name: { en: 'A' }, code: 300 });
    const b = await create(at('/virtual_items/groups'), { name: { en: 'B' }, parent_id: a });
    expectError(await call(at('/virtual_items/groups'), 'POST', { name: { en: 'C' }, code: '0300' }), 409, { code: ['300 is already used in this project'] });
    expectError(await call(at(`/virtual_items/groups/${b}`), 'PUT', { code: '300' }), 409);
    expectError(await call(at('/virtual_items/groups'), 'POST', { name: { en: 'D' }, parent_id: 999999 }), 422, { parent_id: ['no item group 999999 in this project'] });
    expectError(await call(at(`/virtual_items/groups/${a}`), 'PUT', { parent_id: a }), 422, { parent_id: ['a group cannot be its own parent'] });
    expectError(await call(at(`/virtual_items/groups/${a}`), 'PUT', { parent_id: b }), 422, { parent_id: [`group ${b} is inside this group`] });
    expectError(await call(at('/virtual_items/groups'), 'POST', { code: 'x' }), 422, { name: ['is required'], code: ['must match ^[0-9]{1,16}$'] });
    expectError(await call(`/merchant/v2/projects/${star}/virtual_items/groups/${a}`), 404);
  });

  it("a deleted group leaves its items' groups and its children's parent", async () => {
    const keep = await create(at('/virtual_items/groups'), { name: { en: 'Keep' } });
    const gone = await create(at('/virtual_items/groups'), { name: { en: 'Gone' } });
    const child = await create(at('/virtual_items/groups'), { name: { en: 'Child' }, parent_id: gone });
    const item = await create(at('/virtual_items/items'), { sku: 'grouped', name: { en: 'Grouped' }, groups: [gone, keep] });
    const lonely = await create(at('/virtual_items/items'), { sku: 'grouped-only', name: { en: 'Only gone' }, groups: [gone] });
    await ok(at(`/virtual_items/groups/${gone}`, 'v1'), 'DELETE');
    expectError(await call(at(`/virtual_items/groups/${gone}`)), 404);
    expectError(await call(at(`/virtual_items/groups/${gone}`), 'DELETE'), 404);
    expect((await call(at(`/virtual_items/items/${item}`))).body.groups).toEqual([keep]);
    expect((await call(at(`/virtual_items/items/${lonely}`))).body.groups).toEqual([]);
    expect((await call(at(`/virtual_items/groups/${child}`))).body.parent_id).toBeNull();
  });
});

describe('user attributes', () => {
  it('create → read and list with exactly the spec\'s fields → update → delete', async () => {
    const id = await create(at('/user_attributes', 'v1'), { key: 'level', name: { en: 'Level' }, type: 'int', list_of_values: [1, 2, 3] });
    const expected = { id, key: 'level', name: { en: 'Level' }, localized_name: 'Level', type: 'int', list_of_values: [1, 2, 3], skip_condition_on_nonexistent_key: false, visible: true };
    expect((await call(at(`/user_attributes/${id}`, 'v2'))).body).toEqual(expected);
    const list = await call(at('/user_attributes'));
    conforms(list.body, '[UserAttribute]');
    expect(list.body).toContainEqual(expected);
    for (const entry of list.body) expect(keys(entry)).toEqual([...ATTRIBUTE_FIELDS].sort());
    await ok(at(`/user_attributes/${id}`, 'v2'), 'PUT', { visible: false, list_of_values: [5] });
    expect((await call(at(`/user_attributes/${id}`, 'v1'))).body).toEqual({ ...expected, visible: false, list_of_values: [5] });
    await ok(at(`/user_attributes/${id}`), 'DELETE');
    expectError(await call(at(`/user_attributes/${id}`)), 404);
  });

  it("409 for a duplicate key; 422 for values not of the type and unknown types; another project's attribute is unknown", async () => {
    const id = await create(at('/user_attributes'), { key: 'rank', name: { en: 'Rank' }, type: 'string', list_of_values: ['a'] });
    const other = await create(at('/user_attributes'), { key: 'rank-2', name: { en: 'Rank 2' }, type: 'string' });
    expectError(await call(at('/user_attributes'), 'POST', { key: 'rank', name: { en: 'Again' }, type: 'int' }), 409, { key: ['"rank" is already used in this project'] });
    expectError(await call(at(`/user_attributes/${other}`), 'PUT', { key: 'rank' }), 409);
    expectError(await call(at('/user_attributes'), 'POST', { key: 'age', name: { en: 'Age' }, type: 'int', list_of_values: [1, 'two', 1] }), 422, {
      'list_of_values[1]': ['must be an integer: the attribute is of type int'],
      'list_of_values[2]': ['is listed twice'],
    });
    expectError(await call(at(`/user_attributes/${id}`), 'PUT', { type: 'int' }), 422, { 'list_of_values[0]': ['must be an integer: the attribute is of type int'] });
    expectError(await call(at('/user_attributes'), 'POST', { key: 'x', name: { en: 'X' }, type: 'float' }), 422, { type: ['must be one of: int, string'] });
    expectError(await call(`/merchant/v2/projects/${star}/user_attributes/${id}`), 404);
  });
});

describe('game delivery entities and their key pools', () => {
  const game = (sku: string, extra: object = {}) => ({
    sku, name: { en: 'Star Miners Deluxe' }, description: { en: 'The deluxe edition' }, system_requirements: '4 GB RAM', default_currency: 'USD', ...extra,
  });
  const DRM = [{ id: 1, name: 'Steam', enabled: true, platforms: [{ id: 1, name: 'Windows' }] }, { id: 2, name: 'DRM-free' }];

  it('the sku rule: lowercase Latin letters, digits, dashes and underscores only', async () => {
    for (const sku of ['Star-Miners', 'star miners', 'star.miners', 'стар', '']) {
      expectError(await call(at('/game_delivery'), 'POST', game(sku)), 422, { sku: ['must match ^[a-z0-9_-]{1,255}$'] });
    }
    await create(at('/game_delivery'), game('star_miners-2'));
    expectError(await call(at('/game_delivery'), 'POST', game('star_miners-2')), 409, { sku: ['"star_miners-2" is already used in this project'] });
    expectError(await call(at('/game_delivery'), 'POST', { sku: 'x' }), 422, {
      name: ['is required'], description: ['is required'], system_requirements: ['is required'], default_currency: ['is required'],
    });
  });

  it('create → read with drm[].codes counting the key pool (strings) → keys added and handed out → update → delete', async () => {
    // Steam keys priced, so that one can be bought.
    const drm = [{ ...DRM[0], prices: [{ currency: 'USD', amount: 19.99 }] }, DRM[1]];
    const id = await create(at('/game_delivery', 'v1'), game('deluxe', { drm, release_date: '2027-03-31T00:00:00+00:00' }));
    const read = await call(at(`/game_delivery/${id}`, 'v2'));
    conforms(read.body, 'GameDelivery');
    expect(read.body).toMatchObject({ id, sku: 'deluxe', name: { en: 'Star Miners Deluxe' }, default_currency: 'USD', release_date: '2027-03-31T00:00:00+00:00' });
    expect(read.body.drm).toEqual([
      { ...drm[0], codes: { total: '0', active: '0', used: '0' } },
      { ...drm[1], codes: { total: '0', active: '0', used: '0' } },
    ]);
    const added = await call(`/mock/projects/${project}/game_delivery/${id}/keys`, 'POST', { drm_id: 1, keys: ['AAAA-1', 'AAAA-2', 'AAAA-3'] });
    expect(added.status).toBe(200);
    conforms(added.body, 'GameKeys');
    expect(added.body).toEqual({
      game_id: id,
      drm: [
        { drm_id: 1, name: 'Steam', total: 3, active: 3, used: 0, keys: [{ key: 'AAAA-1', used: false }, { key: 'AAAA-2', used: false }, { key: 'AAAA-3', used: false }] },
        { drm_id: 2, name: 'DRM-free', total: 0, active: 0, used: 0, keys: [] },
      ],
    });
    await call(`/mock/projects/${project}/game_delivery/${id}/keys`, 'POST', { drm_id: 2, keys: ['FREE-1'] });
    // A paid purchase hands a key out: it is tied to the transaction.
    const token = await call(`/merchant/v2/merchants/${world.merchantId}/token`, 'POST', {
      user: { id: { value: 'key-buyer' }, email: { value: 'key-buyer@example.test' } }, settings: { project_id: project, mode: 'sandbox', currency: 'USD' },
      purchase: { pin_codes: { codes: [{ digital_content: 'deluxe', drm: 'steam' }] } },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const paid = await world.client.createPayment({ body: { access_token: token.body.token } });
    expect(paid).toMatchObject({ status: 'done' });
    const sold = (await call(`/mock/projects/${project}/game_delivery/${id}/keys`)).body.drm[0].keys.filter((k: { used: boolean }) => k.used);
    expect(sold).toEqual([{ key: expect.stringMatching(/^AAAA-[123]$/), used: true, transaction_id: paid.transaction_id, user_id: 'key-buyer' }]);
    expect((await call(at(`/game_delivery/${id}`, 'v1'))).body.drm.map((d: { codes: unknown }) => d.codes)).toEqual([
      { total: '3', active: '2', used: '1' },
      { total: '1', active: '1', used: '0' },
    ]);
    const games = (await call(at('/game_delivery?limit=100'))).body;
    conforms(games, '[GameDelivery]');
    const listed = games.find((g: { id: number }) => g.id === id);
    expect(listed.drm[0].codes).toEqual({ total: '3', active: '2', used: '1' });
    expect((await call(`/mock/projects/${project}/game_delivery/${id}/keys`)).body.drm[0]).toMatchObject({ total: 3, active: 2, used: 1 });

    await ok(at(`/game_delivery/${id}`, 'v2'), 'PUT', { genre: 'Mining', drm: [DRM[0]] });
    const updated = (await call(at(`/game_delivery/${id}`))).body;
    expect(updated).toMatchObject({ sku: 'deluxe', genre: 'Mining', system_requirements: '4 GB RAM' });
    expect(updated.drm).toEqual([{ ...DRM[0], codes: { total: '3', active: '2', used: '1' } }]);

    await ok(at(`/game_delivery/${id}`), 'DELETE');
    expectError(await call(at(`/game_delivery/${id}`)), 404);
    // The pool went with the game (game_keys rows go with their game: ON DELETE CASCADE).
    expectError(await call(`/mock/projects/${project}/game_delivery/${id}/keys`), 404);
  });

  it("the pool: a key already in it is 409 at its place, a DRM the game lacks 422; another project's game is unknown", async () => {
    const id = await create(at('/game_delivery'), game('pool-game', { drm: DRM }));
    const keysAt = `/mock/projects/${project}/game_delivery/${id}/keys`;
    await call(keysAt, 'POST', { drm_id: 1, keys: ['K-1'] });
    expectError(await call(keysAt, 'POST', { drm_id: 2, keys: ['K-2', 'K-1'] }), 409, { 'keys[1]': ['"K-1" is already in this game\'s pool'] });
    expectError(await call(keysAt, 'POST', { drm_id: 9, keys: ['K-3'] }), 422, { drm_id: ["the game has no DRM 9: add it to the game's drm first"] });
    expectError(await call(keysAt, 'POST', { drm_id: 1, keys: ['K-4', 'K-4'] }), 422);
    expectError(await call(keysAt, 'POST', { drm_id: 1, keys: [] }), 422, { keys: ['must have at least 1 entries'] });
    expect((await call(keysAt)).body.drm.map((d: { total: number }) => d.total)).toEqual([1, 0]);
    expectError(await call(`/mock/projects/${star}/game_delivery/${id}/keys`), 404);
    expectError(await call(`/merchant/v2/projects/${star}/game_delivery/${id}`), 404);
  });

  it('422 at the field: a DRM twice, an unknown parent game, codes (the service counts them), a price', async () => {
    expectError(await call(at('/game_delivery'), 'POST', game('bad-game', {
      drm: [{ id: 1, name: 'Steam' }, { id: 1, name: 'Steam again', codes: { total: '5', active: '5', used: '0' } }], parent_id: 999999,
    })), 422, {
      'drm[1].id': ['DRM 1 is listed twice'],
      'drm[1].codes': ['is not a known field'],
      parent_id: ['no game 999999 in this project'],
    });
    expectError(await call(at('/game_delivery'), 'POST', game('bad-price', {
      drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: 19.999 }, { currency: 'JPY', amount: 2000.5 }, { currency: 'USD', amount: 20 }] }],
    })), 422, {
      'drm[0].prices[0].amount': ['must have at most 2 decimals for USD'],
      'drm[0].prices[1].amount': ['must be a whole amount: JPY has no decimals'],
      'drm[0].prices[2].currency': ['USD is priced twice'],
    });
    expectError(await call(at('/game_delivery'), 'POST', game('text-price', { drm: [{ id: 1, name: 'Steam', prices: [{ name: 'USD', value: 19.99 }] }] })), 422, {
      'drm[0].prices[0].currency': ['is required'],
      'drm[0].prices[0].amount': ['is required'],
      'drm[0].prices[0].name': ['is not a known field'],
      'drm[0].prices[0].value': ['is not a known field'],
    });
    const id = await create(at('/game_delivery'), game('self-parent'));
    expectError(await call(at(`/game_delivery/${id}`), 'PUT', { parent_id: id }), 422, { parent_id: ['a game cannot be its own parent'] });
  });
});
