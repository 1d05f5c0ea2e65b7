/**
 * Reports and a user's transactions (issue 28 item 1, DESIGN.md §8 "Reports"): purchases made
 * through the payment UI's servers (live and sandbox) over HTTP are the transactions the merchant
 * API's search shows — as JSON, as CSV (read back with the RFC 4180 reader of test/fixtures/csv.ts) and
 * as a spreadsheet (read back with `read-excel-file`, not the library that wrote it); a refund marks
 * one `refunded`. One sandbox of the shared service for the file (a merchant of its own); each test
 * names its own users so they do not meet.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSheet } from 'read-excel-file/node';
import { createMerchantClient } from '../../src/server/client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ReportEntry, UserTransaction } from '../store/transactions';
import { csvObjects } from '../../test/fixtures/csv';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let origin: string;
let ui: SandboxWorld['ui'];
/** The sandbox's copies of the demo projects Star Miners (200001) and Puzzle Harbor (200002). */
let star: number;
let harbor: number;
/** The merchant API's paths of the sandbox's merchant. */
let REPORT: string;
let USERS: string;
/** When this file's purchases start: the date filters of the tests are around it. */
const started = new Date(Date.now() - 1000).toISOString();

beforeAll(async () => {
  world = await sandboxWorld();
  ({ origin, ui } = world);
  star = world.project(200001);
  harbor = world.project(200002);
  REPORT = `/merchant/v2/merchants/${world.merchantId}/reports/transactions`;
  USERS = `/merchant/v2/merchants/${world.merchantId}/users/transactions.json`;
});
afterAll(() => world.close());

async function call(path: string, method = 'GET', body?: unknown) {
  const headers: Record<string, string> = { authorization: world.authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return response;
}
async function json<T = unknown>(path: string): Promise<{ status: number; body: T; total: number }> {
  const response = await call(path);
  return { status: response.status, body: (await response.json()) as T, total: Number(response.headers.get('x-total-count')) };
}

const search = (query: Record<string, string | number | boolean>) =>
  json<ReportEntry[]>(`${REPORT}/search.json?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);

interface Buyer {
  user: string;
  name?: string;
  email?: string;
  phone?: string;
  externalId?: string;
  mode?: 'live' | 'sandbox';
  project?: number;
}

/** A token from the merchant API, paid in the payment UI of its mode: the transaction's id. */
async function buy(purchase: object, buyer: Buyer): Promise<number> {
  const result = await pay(purchase, buyer, 'success');
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true, status: 'done' });
  return result.invoice;
}

/** A token from the merchant API, and the payment UI's answer to Pay with the card's `outcome`. */
async function pay(
  purchase: object,
  { user, name = 'Star Pilot', email = `${user}@example.test`, phone, externalId, mode = 'live', project = star }: Buyer,
  outcome: 'success' | 'declined',
): Promise<{ ok: boolean; status: string; invoice: number; reason?: string }> {
  const body = {
    user: { id: { value: user }, email: { value: email }, name: { value: name }, country: { value: 'DE' }, ...(phone ? { phone: { value: phone } } : {}) },
    settings: { project_id: project, currency: 'USD', ...(mode === 'sandbox' ? { mode: 'sandbox' } : {}), ...(externalId ? { external_id: externalId } : {}) },
    purchase,
  };
  const token = await call(`/merchant/v2/merchants/${world.merchantId}/token`, 'POST', body);
  const answer = (await token.json()) as { token: string };
  expect(token.status, JSON.stringify(answer)).toBe(200);
  const paid = await fetch(`${ui[mode]}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui[mode] },
    body: JSON.stringify({ search: `?${new URLSearchParams({ access_token: answer.token })}`, outcome }),
  });
  return (await paid.json()) as { ok: boolean; status: string; invoice: number; reason?: string };
}

/** An item's USD price as the catalogue API shows it. */
async function price(sku: string): Promise<number> {
  const items = await json<{ sku: string; prices: Record<string, number> }[]>(`/merchant/v2/projects/${star}/virtual_items/items?limit=100`);
  return items.body.find((item) => item.sku === sku)!.prices.USD!;
}

const crystals = { virtual_items: { items: [{ sku: 'crystals-100', amount: 1 }] } };
const refund = (id: number, reason?: string) => call(`/mock/transactions/${id}/refund`, 'POST', reason === undefined ? undefined : { reason });

describe('a purchase in the report, as JSON, CSV and a spreadsheet, then refunded', () => {
  it('the purchase is a transaction with the entry groups; a refund marks it refunded in every format', async () => {
    const purchase = { virtual_items: { items: [{ sku: 'crystals-100', amount: 2 }, { sku: 'plasma-drill', amount: 1 }] } };
    const id = await buy(purchase, { user: 'report-buyer', externalId: 'order-77', phone: '+49 30 1234567' });
    const found = await search({ transaction_id: id });
    expect(found.status).toBe(200);
    const PAID = Math.round((2 * 0.99 + await price('plasma-drill')) * 100) / 100;
    expect(found.total).toBe(1);
    expect(found.body).toEqual([{
      payment_details: { payment: { amount: PAID, amount_from_ps: PAID, currency: 'USD' }, sales_tax: { amount: 0, percent: 0 } },
      // The package's crystals are virtual currency; the items are listed as text.
      purchase: { pin_codes: null, simple_checkout: null, subscription: null, virtual_currency: { amount: 200, name: 'Crystals' }, virtual_items: 'plasma-drill x 1' },
      transaction: {
        id, external_id: 'order-77', dry_run: 0, is_refund_allowed: 1, payment_method: { id: 1, name: 'Test card' },
        project: { id: star, name: 'Star Miners' }, refund_reason: null, status: 'done', transfer_date: expect.any(String),
      },
      user: { id: 'report-buyer', name: 'Star Pilot', email: 'report-buyer@example.test', phone: '+49 30 1234567', country: 'DE', custom: null },
    }]);
    expect(Date.parse(found.body[0]!.transaction.transfer_date!)).toBeGreaterThanOrEqual(Date.parse(started));

    const csv = await call(`${REPORT}/search.csv?transaction_id=${id}`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="transactions.csv"');
    const [row] = csvObjects(await csv.text());
    expect(row).toMatchObject({
      'transaction.id': String(id), 'transaction.status': 'done', 'transaction.external_id': 'order-77', 'user.id': 'report-buyer',
      'payment_details.payment.amount': String(PAID), 'payment_details.payment.currency': 'USD', 'purchase.virtual_currency.amount': '200',
    });

    const xls = await call(`${REPORT}/search.xls?transaction_id=${id}`);
    expect(xls.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xls.headers.get('content-disposition')).toBe('attachment; filename="transactions.xlsx"');
    const sheet = await readSheet(Buffer.from(await xls.arrayBuffer()));
    const [header, cells] = sheet;
    const cell = (name: string) => cells![header!.indexOf(name)];
    expect(sheet).toHaveLength(2);
    expect(cell('transaction.id')).toBe(id);
    expect(cell('transaction.status')).toBe('done');
    expect(cell('payment_details.payment.amount')).toBe(PAID);
    expect(cell('transaction.transfer_date')).toBeInstanceOf(Date);
    // A spreadsheet keeps a date as a fraction of days: the millisecond may come back one off (seen in CI).
    expect(Math.abs((cell('transaction.transfer_date') as unknown as Date).getTime() - Date.parse(found.body[0]!.transaction.transfer_date!))).toBeLessThanOrEqual(1);

    expect((await refund(id, 'player asked')).status).toBe(200);
    const after = await search({ transaction_id: id });
    expect(after.body[0]!.transaction).toMatchObject({ status: 'refunded', is_refund_allowed: 0, refund_reason: 'player asked' });
    expect(csvObjects(await (await call(`${REPORT}/search.csv?transaction_id=${id}`)).text())[0]).toMatchObject({ 'transaction.status': 'refunded', 'transaction.refund_reason': 'player asked' });
    const [h, r] = await readSheet(Buffer.from(await (await call(`${REPORT}/search.xls?transaction_id=${id}`)).arrayBuffer()));
    expect(r![h!.indexOf('transaction.status')]).toBe('refunded');
    expect((await search({ status: 'refunded', user_id: 'report-buyer' })).body.map((e) => e.transaction.id)).toEqual([id]);
  });

  it('details give the whole transaction: the entry, the lines, the refund; another merchant\'s or an unknown id is 404', async () => {
    const id = await buy({ virtual_items: { items: [{ sku: 'crystals-100', amount: 3 }] } }, { user: 'detail-buyer' });
    const details = await json<ReportEntry & { lines: unknown[]; refund: unknown }>(`${REPORT}/${id}/details`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      transaction: { id, status: 'done' },
      lines: [{ sku: 'crystals-100', name: '100 Crystals', quantity: 3, unit_price: 0.99, currency: 'USD' }],
      refund: null,
    });
    await refund(id);
    expect((await json<{ refund: unknown }>(`${REPORT}/${id}/details`)).body.refund).toEqual({ reason: 'Refunded by the merchant', date: expect.any(String) });
    expect((await json(`${REPORT}/123456/details`)).status).toBe(404);
    expect((await json(`/merchant/v2/merchants/100002/reports/transactions/${id}/details`)).status).toBe(403);
  });
});

describe('the search filters', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    expect((await call(`/merchant/v2/projects/${star}/users`, 'POST', { user_id: 'filter-a', user_custom: 'VIP tier' })).status).toBe(201);
    ids.a = await buy(crystals, { user: 'filter-a', name: 'Alice Miner', email: 'Alice@Example.test', phone: '+1 555-0100', externalId: 'ext-a' });
    ids.b = await buy({ virtual_items: { items: [{ sku: 'pearls-50', amount: 1 }] } }, { user: 'filter-b', name: 'Bob Digger', externalId: 'ext-b', project: harbor });
    ids.sandbox = await buy(crystals, { user: 'filter-a', name: 'Alice Miner', mode: 'sandbox' });
  });
  const only = async (query: Record<string, string | number | boolean>) => (await search({ show_dry_run: true, ...query })).body.map((e) => e.transaction.id);

  it('sandbox payments are dry_run 1 and hidden unless show_dry_run=true', async () => {
    expect((await search({ user_id: 'filter-a' })).body.map((e) => e.transaction.id)).toEqual([ids.a]);
    const all = await search({ user_id: 'filter-a', show_dry_run: true });
    expect(all.body.map((e) => [e.transaction.id, e.transaction.dry_run])).toEqual([[ids.a, 0], [ids.sandbox, 1]]);
    expect(all.total).toBe(2);
  });

  it('by project, transaction id, user id, external id, status and type', async () => {
    expect(await only({ project_id: harbor })).toEqual([ids.b]);
    expect(await only({ transaction_id: ids.b! })).toEqual([ids.b]);
    expect(await only({ user_id: 'filter-b' })).toEqual([ids.b]);
    expect(await only({ external_id: 'ext-a' })).toEqual([ids.a]);
    expect(await only({ user_id: 'filter-a', status: 'done' })).toEqual([ids.a, ids.sandbox]);
    expect(await only({ user_id: 'filter-a', status: 'refunded' })).toEqual([]);
    expect(await only({ user_id: 'filter-a', transaction_type: 'payment' })).toEqual([ids.a, ids.sandbox]);
    expect(await only({ user_id: 'filter-a', transaction_type: 'coupon' })).toEqual([]);
  });

  it('by name and custom (a part, any case), email (any case), phone (its digits)', async () => {
    expect(await only({ user_name: 'bob dig' })).toEqual([ids.b]);
    expect(await only({ user_custom: 'vip' })).toEqual([ids.a, ids.sandbox]);
    expect((await search({ user_custom: 'vip' })).body[0]!.user.custom).toBe('VIP tier');
    expect(await only({ email: 'alice@example.TEST' })).toEqual([ids.a]);
    expect(await only({ email: 'alice@example' })).toEqual([]);
    expect(await only({ phone: '+15550100' })).toEqual([ids.a]);
    expect(await only({ phone: '+1 555 0199' })).toEqual([]);
  });

  it('by dates, each including its instant', async () => {
    const { body: [entry] } = await search({ transaction_id: ids.b! });
    const at = entry!.transaction.transfer_date!;
    expect(await only({ transaction_id: ids.b!, datetime_from: at, datetime_to: at })).toEqual([ids.b]);
    const later = new Date(Date.parse(at) + 1).toISOString();
    expect(await only({ transaction_id: ids.b!, datetime_from: later })).toEqual([]);
    expect(await only({ transaction_id: ids.b!, datetime_to: new Date(Date.parse(at) - 1).toISOString() })).toEqual([]);
    expect(await only({ user_id: 'filter-a', datetime_from: started, datetime_to: new Date(Date.now() + 60_000).toISOString() })).toEqual([ids.a, ids.sandbox]);
  });

  it('a bad filter is 422 at its name; another merchant is 403', async () => {
    const bad = await json<{ extended_message: { property_errors: Record<string, string[]> } }>(`${REPORT}/search.json?status=lost&datetime_from=yesterday&limit=101`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.extended_message.property_errors).sort()).toEqual(['datetime_from', 'limit', 'status']);
    expect((await json(`/merchant/v2/merchants/${world.merchantId + 1}/reports/transactions/search.json`)).status).toBe(403);
    expect((await json(`${REPORT}/search.pdf`)).status).toBe(404);
  });

  it('a project filter names one of the merchant\'s projects: another merchant\'s is 403, none 422 at project_id', async () => {
    const other = await sandboxWorld({ seed: 'empty' });
    onTestFinished(() => other.close());
    const theirs = (await other.merchant('POST', `/merchant/v2/merchants/${other.merchantId}/projects`, { name: { en: 'Theirs' } })).body.id as number;
    for (const format of ['json', 'csv', 'xls']) expect((await json(`${REPORT}/search.${format}?project_id=${theirs}`)).status, format).toBe(403);
    const period = `datetime_from=2020-01-01T00:00:00Z&datetime_to=2099-01-01T00:00:00Z`;
    expect((await json(`${USERS}?user_id=filter-a&${period}&project_id=${theirs}`)).status).toBe(403);
    const none = await json<{ extended_message: { property_errors: Record<string, string[]> } }>(`${REPORT}/search.json?project_id=999999`);
    expect(none.status).toBe(422);
    expect(none.body.extended_message.property_errors).toEqual({ project_id: ['no project 999999'] });
    expect((await json(`${REPORT}/search.json?project_id=${star}`)).status).toBe(200);
  });
});

describe('pages and files', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i += 1) ids.push(await buy(crystals, { user: 'pager', name: i === 1 ? '=HYPERLINK("http://evil.test","x")' : `Pager, "${i}"` }));
  });

  it('offset and limit page in the order the payments happened, with the total in X-Total-Count', async () => {
    const first = await search({ user_id: 'pager', limit: 2 });
    expect(first.body.map((e) => e.transaction.id)).toEqual(ids.slice(0, 2));
    expect(first.total).toBe(3);
    const second = await search({ user_id: 'pager', limit: 2, offset: 2 });
    expect(second.body.map((e) => e.transaction.id)).toEqual(ids.slice(2));
    const past = await search({ user_id: 'pager', offset: 10 });
    expect([past.body, past.total]).toEqual([[], 3]);
  });

  it('CSV quotes what RFC 4180 asks and defuses a formula-like name; the spreadsheet keeps it as text', async () => {
    const text = await (await call(`${REPORT}/search.csv?user_id=pager`)).text();
    expect(text.startsWith('transaction.id,transaction.external_id,transaction.status,')).toBe(true);
    expect(text).toContain(`,"Pager, ""0""",`);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""x"")",`);
    expect(csvObjects(text).map((row) => row['user.name'])).toEqual(['Pager, "0"', `'=HYPERLINK("http://evil.test","x")`, 'Pager, "2"']);
    // A page of a file, when asked for, with the same total.
    const page = await call(`${REPORT}/search.csv?user_id=pager&limit=1&offset=1`);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(csvObjects(await page.text()).map((row) => Number(row['transaction.id']))).toEqual([ids[1]]);
    const [header, ...rows] = await readSheet(Buffer.from(await (await call(`${REPORT}/search.xls?user_id=pager`)).arrayBuffer()));
    expect(rows.map((row) => row[header!.indexOf('user.name')])).toEqual(['Pager, "0"', '=HYPERLINK("http://evil.test","x")', 'Pager, "2"']);
  });

  it('a download without limit holds every transaction, beyond the JSON page size', async () => {
    // 101 purchases paid headless (POST /mock/payments), 8 at a time: more than a JSON page may hold (limit 100).
    const request = { user: { id: { value: 'bulk' }, email: { value: 'bulk@example.test' } }, settings: { project_id: star, currency: 'USD' }, purchase: crystals };
    const next = Array.from({ length: 101 }, () => async () => {
      const token = await world.merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, request);
      return world.client.createPayment({ body: { access_token: token.body.token } });
    });
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let paying = next.pop(); paying; paying = next.pop()) expect(await paying()).toMatchObject({ status: 'done' });
    }));
    expect((await search({ user_id: 'bulk' })).body).toHaveLength(20);
    expect(csvObjects(await (await call(`${REPORT}/search.csv?user_id=bulk`)).text())).toHaveLength(101);
    expect(await readSheet(Buffer.from(await (await call(`${REPORT}/search.xls?user_id=bulk`)).arrayBuffer()))).toHaveLength(102);
  });
});

describe("a user's transactions", () => {
  const window = () => `datetime_from=${encodeURIComponent(started)}&datetime_to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

  it('each payment adds and each refund takes back, with the balance after it', async () => {
    const first = await buy({ virtual_currency: { quantity: 550 } }, { user: 'ledger', externalId: 'ledger-1' });
    const second = await buy({ virtual_items: { items: [{ sku: 'crystals-100', amount: 1 }] } }, { user: 'ledger', mode: 'sandbox' });
    await refund(first, 'chargeback');
    const answer = await json<UserTransaction[]>(`${USERS}?user_id=ledger&${window()}`);
    expect(answer.status).toBe(200);
    expect(answer.total).toBe(3);
    expect(answer.body.map((e) => [e.transaction_id, e.transaction_type, e.digital_operation_type, e.amount, e.user_balance, e.status])).toEqual([
      [first, 'payment', 'add', 550, 550, 'refunded'],
      [second, 'payment', 'add', 100, 650, 'done'],
      [first, 'cancellation', 'remove', 550, 100, 'done'],
    ]);
    expect(answer.body[0]).toMatchObject({
      operation_id: 2 * first, sum: expect.any(Number), currency: 'USD', external_id: 'ledger-1', user_id: 'ledger', user_name: 'Star Pilot',
      project: { id: star, localized_name: 'Star Miners' }, virtual_items: [], coupon_code: null,
    });
    expect(answer.body[2]).toMatchObject({ operation_id: 2 * first + 1, comment: 'chargeback' });
    expect(answer.body[1]!.virtual_items).toEqual([]);
    const refunds = await json<UserTransaction[]>(`${USERS}?user_id=ledger&transaction_type=cancellation&${window()}`);
    expect(refunds.body.map((e) => e.operation_id)).toEqual([2 * first + 1]);
    const page = await json<UserTransaction[]>(`${USERS}?user_id=ledger&offset=1&limit=1&${window()}`);
    expect([page.body.map((e) => e.transaction_id), page.total]).toEqual([[second], 3]);
    const before = await json<UserTransaction[]>(`${USERS}?user_id=ledger&datetime_from=2020-01-01T00:00:00Z&datetime_to=2020-02-01T00:00:00Z`);
    expect([before.body, before.total]).toEqual([[], 0]);
  });

  it('items bought are listed with their names', async () => {
    expect((await call(`/merchant/v2/projects/${star}/virtual_items/items`, 'POST', { sku: 'ledger-blade', name: { en: 'Ledger blade' }, prices: { USD: 3 } })).status).toBe(201);
    await buy({ virtual_items: { items: [{ sku: 'ledger-blade', amount: 2 }] } }, { user: 'ledger-items' });
    const { body } = await json<UserTransaction[]>(`${USERS}?user_id=ledger-items&${window()}`);
    expect(body.map((e) => e.virtual_items)).toEqual([[{ amount: 2, virtual_item: { sku: 'ledger-blade', localized_name: 'Ledger blade' } }]]);
  });

  it('user_id, datetime_from and datetime_to are required: 422 at each missing one', async () => {
    const missing = await json<{ extended_message: { property_errors: Record<string, string[]> } }>(USERS);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.extended_message.property_errors).sort()).toEqual(['datetime_from', 'datetime_to', 'user_id']);
    const one = await json<{ extended_message: { property_errors: Record<string, string[]> } }>(`${USERS}?user_id=ledger&datetime_from=2026-01-01T00:00:00Z`);
    expect(Object.keys(one.body.extended_message.property_errors)).toEqual(['datetime_to']);
  });
});

describe('the server kit', () => {
  it('reports.transactions pages the JSON entries; reports.download answers the CSV and the workbook as bytes', async () => {
    const id = await buy(crystals, { user: 'kit-buyer', externalId: 'kit-1' });
    const kit = createMerchantClient({ merchantId: world.merchantId, apiKey: world.apiKey, baseUrl: origin });
    const seen: number[] = [];
    for await (const entry of kit.reports.transactions({ user_id: 'kit-buyer' })) seen.push(entry.transaction.id);
    expect(seen).toEqual([id]);
    const csv = await kit.reports.download('csv', { user_id: 'kit-buyer' });
    expect(Buffer.isBuffer(csv)).toBe(true);
    expect(csvObjects(csv.toString('utf8')).map((row) => [row['transaction.id'], row['transaction.external_id']])).toEqual([[String(id), 'kit-1']]);
    const [header, row] = await readSheet(await kit.reports.download('xls', { user_id: 'kit-buyer' }));
    expect(row![header!.indexOf('transaction.id')]).toBe(id);
    const details = await kit.reports.details(id);
    expect(details.lines).toEqual([{ sku: 'crystals-100', name: '100 Crystals', quantity: 1, unit_price: 0.99, currency: 'USD' }]);
    await expect(kit.reports.download('csv', { status: 'lost' as 'done' })).rejects.toMatchObject({ status: 422, propertyErrors: { status: [expect.any(String)] } });
  });
});

describe('payments that failed', () => {
  it('a declined card is an error transaction and one the game refused is canceled: shown, not refundable, in no balance', async () => {
    const declined = await pay(crystals, { user: 'unlucky' }, 'declined');
    expect(declined).toMatchObject({ status: 'troubled', reason: 'declined' });
    // The project's listener refuses the player at user_validation.
    const listener = createServer((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"INVALID_USER"}}'));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
    try {
      expect((await call(`/mock/projects/${star}/webhooks`, 'PUT', { url, secret: 'reports-secret', variant: 'combined' })).status).toBe(200);
      expect(await pay(crystals, { user: 'unlucky' }, 'success')).toMatchObject({ status: 'troubled', reason: 'user_refused' });
    } finally {
      await call(`/mock/projects/${star}/webhooks`, 'DELETE');
      listener.close();
    }
    const entries = (await search({ user_id: 'unlucky' })).body;
    expect(entries.map((e) => [e.transaction.status, e.transaction.is_refund_allowed])).toEqual([['error', 0], ['canceled', 0]]);
    expect(entries[0]!.transaction.id).toBe(declined.invoice);
    expect((await search({ user_id: 'unlucky', status: 'error' })).body.map((e) => e.transaction.id)).toEqual([declined.invoice]);
    expect((await refund(declined.invoice)).status).toBe(409);
    const window = `datetime_from=${encodeURIComponent(started)}&datetime_to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    expect((await json(`${USERS}?user_id=unlucky&${window}`)).body).toEqual([]);
    expect((await call(`/merchant/v2/projects/${star}/users/unlucky`)).status).toBe(404);
  });
});

describe('what was bought, by kind', () => {
  it('a plan is purchase.subscription (and the details name the subscription); a game key is purchase.pin_codes', async () => {
    const plan = await buy({ subscription: { plan_id: 'captain-monthly' } }, { user: 'kinds' });
    const game = {
      sku: 'deluxe-report', name: { en: 'Star Miners Deluxe' }, description: { en: 'The deluxe edition' }, system_requirements: '4 GB RAM', default_currency: 'USD',
      drm: [{ id: 1, name: 'Steam', enabled: true, prices: [{ currency: 'USD', amount: 19.99 }] }],
    };
    const made = await call(`/merchant/v2/projects/${star}/game_delivery`, 'POST', game);
    expect(made.status).toBe(201);
    const gameId = ((await made.json()) as { id: number }).id;
    expect((await call(`/mock/projects/${star}/game_delivery/${gameId}/keys`, 'POST', { drm_id: 1, keys: ['STEAM-REPORT'] })).status).toBe(200);
    const key = await buy({ pin_codes: { codes: [{ digital_content: 'deluxe-report', drm: 'steam' }] } }, { user: 'kinds' });
    const [planEntry, keyEntry] = (await search({ user_id: 'kinds' })).body;
    expect(planEntry!.transaction.id).toBe(plan);
    expect(planEntry!.purchase).toMatchObject({ subscription: { name: expect.any(String) }, pin_codes: null, virtual_currency: null, virtual_items: null });
    expect((await json<{ subscription: { id: number; plan_id: string } }>(`${REPORT}/${plan}/details`)).body.subscription).toEqual({ id: expect.any(Number), plan_id: 'captain-monthly' });
    expect(keyEntry!.transaction.id).toBe(key);
    expect(keyEntry!.purchase).toMatchObject({ pin_codes: { amount: 19.99, currency: 'USD', content: 'deluxe-report' }, subscription: null, virtual_items: null });
  });
});
