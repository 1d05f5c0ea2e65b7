// What a read and a payment cost the database (issue 48 item 1): a token request and a catalog read each run the
// statements the answer needs, and write nothing (before, each also counted down the merchant's
// fault rules with an UPDATE, whether it had any or not, and read its API key twice). The measure
// is the statements the service sends, counted by wrapping the database it is given; `npm run
// bench:service` prints the same per request under load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantApi } from '../api/server';
import { listenLoopback, type Listening } from '../http/listen';
import type { Database, Sql } from '../store/database';
import { memoryDatabase } from '../store/memory';
import { createWebhookSender } from '../webhooks/sender';
import { sampleWebhook } from '../webhooks/payloads';

let db: Database;
let api: Listening;
let origin: string;
/** Every statement the merchant API sent since the last `take()`, BEGIN and COMMIT of a transaction included. */
let sent: string[] = [];
const take = () => sent.splice(0);

/** `db` with every statement written down (its own `sql` keeps the embedded database's read cache: store/read-cache.ts). */
function counted(db: Database): Database {
  const wrap = (sql: Sql): Sql => ({
    ...sql,
    query: (text, params) => (sent.push(text), sql.query(text, params)),
    exec: (text) => (sent.push(text), sql.exec(text)),
  });
  return { ...db, sql: wrap(db.sql), transaction: (work) => (sent.push('BEGIN'), db.transaction((tx) => work(wrap(tx))).finally(() => sent.push('COMMIT'))) };
}

let sender: ReturnType<typeof createWebhookSender>;

beforeAll(async () => {
  db = await memoryDatabase();
  // The webhooks' sender on the database itself: its own work is not the requests'.
  sender = createWebhookSender({ db });
  api = await listenLoopback(await createMerchantApi({ db: counted(db), sender }), 0);
  origin = `http://localhost:${api.port}`;
});
afterAll(async () => {
  await api?.close();
  // Its work after the last payment (a clock read for the next delivery) ends before the database
  // does: on a Postgres server it met a closed pool ('Cannot use a pool after calling end on the pool').
  await sender?.close();
  await db?.close();
});

const headers = { authorization: `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}`, 'content-type': 'application/json' };
const tokenBody = { user: { id: { value: 'reader' }, email: { value: 'reader@example.test' } }, settings: { project_id: 200001, mode: 'sandbox' }, purchase: { virtual_currency: { quantity: 10 } } };
const token = () => fetch(`${origin}/merchant/v2/merchants/100001/token`, { method: 'POST', headers, body: JSON.stringify(tokenBody) });
const items = () => fetch(`${origin}/merchant/v2/projects/200001/virtual_items/items`, { headers });
/** The embedded database remembers reads until its next write (store/read-cache.ts): this is one, of nothing. */
const forget = () => db.transaction(async () => undefined);
/**
 * A request asked twice (the first warms what a first request compiles), with a write between, so
 * that the second reads the database: the second's answer, 200, and its statements.
 */
async function once(request: () => Promise<Response>): Promise<{ response: Response; statements: string[] }> {
  expect((await request()).status).toBe(200);
  await forget();
  take();
  const response = await request();
  const statements = take();
  expect(response.status).toBe(200);
  return { response, statements };
}
const writes = (statements: string[]) => statements.filter((text) => !/^\s*SELECT\b/i.test(text));

describe('statements of a read', () => {
  // Before: 2, the credentials and then the project the body names (findProject).
  it('a token request: one statement, the credentials with the merchant\'s fault rules, clock and projects; no write', async () => {
    const { response, statements } = await once(token);
    expect((await response.json()).token).toEqual(expect.any(String));
    expect(writes(statements)).toEqual([]);
    expect(statements).toEqual([expect.stringMatching(/\bFROM projects p WHERE p\.merchant_id = m\.id\b.*\bFROM merchants m\b/s)]);
  });

  // A merchant with more projects than the credentials' read carries: its token's project is read by findProject.
  it('a token request of a merchant with more than 20 projects: its project read by a statement of its own, every one of them found', async () => {
    const { rows } = await db.sql.query<{ id: string }>(`INSERT INTO projects (merchant_id, data) SELECT 100001, '{"name": "more"}'::jsonb FROM generate_series(1, 20) RETURNING id`);
    const newest = Number(rows.at(-1)!.id);
    try {
      const forNewest = () => fetch(`${origin}/merchant/v2/merchants/100001/token`, { method: 'POST', headers, body: JSON.stringify({ ...tokenBody, settings: { project_id: newest, mode: 'sandbox' }, purchase: undefined }) });
      for (const request of [token, forNewest]) {
        const { response, statements } = await once(request);
        expect((await response.json()).token).toEqual(expect.any(String));
        expect(statements).toEqual([expect.stringMatching(/\bFROM merchants m\b/), expect.stringMatching(/^\s*SELECT p\.merchant_id, p\.data\b/)]);
      }
    } finally {
      await db.sql.query('DELETE FROM projects WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
    }
  });

  // Before: 2, the credentials and then the page (readPage).
  it('a catalog read: one statement, the credentials (with the project and fault rules) and the page with its total; no write', async () => {
    const { response, statements } = await once(items);
    expect(response.headers.get('x-total-count')).toBe(String((await response.json()).length));
    expect(writes(statements)).toEqual([]);
    expect(statements).toEqual([expect.stringMatching(/\bFROM merchants m\b.*\bLEFT JOIN LATERAL \(SELECT \* FROM items\b/s)]);
  });

  it('a page read with the credentials is the page read alone (a list with a query); an empty list too', async () => {
    for (const list of ['virtual_items/items', 'virtual_items/groups']) {
      await forget();
      const withCredentials = await fetch(`${origin}/merchant/v2/projects/200001/${list}`, { headers });
      await forget();
      take();
      const alone = await fetch(`${origin}/merchant/v2/projects/200001/${list}?offset=0`, { headers });
      // Read by statements of its own (and an empty page's total by one more).
      expect(take().length).toBeGreaterThan(1);
      expect(withCredentials.status).toBe(200);
      expect(withCredentials.headers.get('x-total-count')).toBe(alone.headers.get('x-total-count'));
      expect(await withCredentials.json()).toEqual(await alone.json());
    }
    // Another merchant's project: 403, its page is not answered.
    const made = await fetch(`${origin}/mock/sandboxes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(made.status).toBe(201);
    const { project_ids: [another] } = (await made.json()) as { project_ids: number[] };
    expect((await fetch(`${origin}/merchant/v2/projects/${another}/virtual_items/items`, { headers })).status).toBe(403);
  });

  // The embedded database is this process's alone: a read asked again before any write is answered
  // from memory. A Postgres server is shared by processes (DESIGN.md §8c): read every time.
  it('a token request and a catalog read asked again: no statement in embedded mode, the same 1 on a Postgres server', async () => {
    for (const [request, read] of [[token, 1], [items, 1]] as const) {
      await once(request);
      const again = await request();
      expect(again.status).toBe(200);
      expect(take()).toHaveLength(db.shared ? read : 0);
    }
    // The answers from memory are the answers from the database.
    const remembered = await (await items()).json();
    await forget();
    expect(await (await items()).json()).toEqual(remembered);
  });

  it('the lists of plans, products, projects, users and subscriptions, a project and its currency asked again: no statement in embedded mode, the same on a Postgres server', async () => {
    const get = (path: string) => () => fetch(`${origin}${path}`, { headers });
    for (const request of [
      get('/merchant/v2/projects/200001/subscriptions/plans'),
      get('/merchant/v1/projects/200001/subscriptions/plans'),
      get('/merchant/v2/projects/200001/subscriptions/products'),
      get('/merchant/v2/merchants/100001/projects'),
      get('/mock/projects/200001/subscriptions?user_id=reader'),
      get('/merchant/v2/projects/200001/subscriptions/payments'),
      get('/merchant/v2/projects/200001/users'),
      get('/merchant/v2/projects/200001'),
      get('/merchant/v2/projects/200001/virtual_currency'),
    ]) {
      const { response, statements } = await once(request);
      const fresh = await response.text();
      const again = await request();
      expect(again.status).toBe(200);
      expect(take()).toHaveLength(db.shared ? statements.length : 0);
      // The answer from memory is the answer from the database, its total too.
      expect(await again.text()).toBe(fresh);
      expect(again.headers.get('x-total-count')).toBe(response.headers.get('x-total-count'));
    }
  });

  it('a merchant with a fault rule has it taken (and only then a write)', async () => {
    expect((await fetch(`${origin}/mock/faults`, { method: 'POST', headers, body: JSON.stringify({ operation: 'listItems', status: 503, count: 1 }) })).status).toBe(201);
    take();
    expect((await items()).status).toBe(503);
    // Counted down, and dropped once spent.
    expect(writes(take())).toEqual([expect.stringMatching(/^UPDATE fault_rules/), expect.stringMatching(/^DELETE FROM fault_rules/)]);
    expect((await items()).status).toBe(200);
    expect(writes(take())).toEqual([]);
  });
});

describe('statements of a change', () => {
  // Before: 3 (the handler read the merchant's clock by a statement of its own, though the
  // credentials' read had just brought it).
  it('a user made: the credentials (with the clock) and the insert, no clock read of its own', async () => {
    const make = (user: string) => fetch(`${origin}/merchant/v2/projects/200001/users`, { method: 'POST', headers, body: JSON.stringify({ user_id: user }) });
    expect((await make('counted-warm')).status).toBe(201);
    take();
    const response = await make('counted-user');
    const statements = take();
    expect(response.status).toBe(201);
    expect((await response.json()).register_date).toEqual(expect.any(String));
    expect(statements.filter((text) => /^SELECT offset_ms FROM merchant_clocks/.test(text))).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  // Before: 2 (made if need be and read outside the transaction, then read again under the lock).
  it("a project's Login settings PUT: the Login project read once, under its lock", async () => {
    const put = (body: object) => fetch(`${origin}/mock/projects/200001/login`, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect((await put({ email_confirmation: true })).status).toBe(200);
    take();
    const response = await put({ email_confirmation: false });
    const statements = take();
    expect(response.status).toBe(200);
    expect((await response.json()).email_confirmation).toBe(false);
    expect(statements.filter((text) => /^SELECT \* FROM login_projects\b/.test(text))).toHaveLength(1);
  });

  // Before: the checks ran twice, before the lock (for the schema's 422) and again under it.
  it("an item's PUT: its checks read the groups and the currency once, under the item's lock", async () => {
    const items = `${origin}/merchant/v2/projects/200001/virtual_items/items`;
    const made = await fetch(items, { method: 'POST', headers, body: JSON.stringify({ sku: 'counted-item', name: { en: 'Counted' }, prices: { USD: 1 } }) });
    expect(made.status).toBe(201);
    const { id } = await made.json();
    const put = (body: object) => fetch(`${items}/${id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    expect((await put({ virtual_currency_price: 4 })).status).toBe(204);
    take();
    expect((await put({ virtual_currency_price: 5 })).status).toBe(204);
    expect(take().filter((text) => /\bFROM virtual_currencies\b/.test(text))).toHaveLength(1);
    // Refused under the lock, as it was before it: the 422 at the field.
    const refused = await put({ groups: [999_999] });
    expect(take().filter((text) => /\bFROM item_groups\b/.test(text))).toHaveLength(1);
    expect(refused.status).toBe(422);
    expect((await refused.json()).extended_message.property_errors).toEqual({ 'groups[0]': ['no item group 999999 in this project'] });
  });
});

/** A token for `purchase`, paid headless (`POST /mock/payments`): its answer, and the statements the payment sent. */
async function paid(purchase: object, user: string): Promise<{ body: { status: string }; statements: string[] }> {
  const response = await fetch(`${origin}/merchant/v2/merchants/100001/token`, { method: 'POST', headers, body: JSON.stringify({ ...tokenBody, user: { id: { value: user }, email: { value: `${user}@example.test` } }, purchase }) });
  expect(response.status).toBe(200);
  const { token: accessToken } = await response.json();
  take();
  const payment = await fetch(`${origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken }) });
  const statements = take();
  const body = await payment.json();
  expect(payment.status, JSON.stringify(body)).toBe(200);
  // The figure the bench prints per request, and what makes it, for whoever cuts it next.
  console.log(`${statements.length} statements:\n${statements.map((text) => `  ${text.replace(/\s+/g, ' ').slice(0, 140)}`).join('\n')}`);
  return { body, statements };
}

describe('statements of a payment', () => {
  const cart = { virtual_items: { items: ['starter-pack', 'plasma-drill', 'hull-skin-aurora'].map((sku) => ({ sku, amount: 1 })) } };

  // Before: 25 statements each (the currency and the player read twice, the merchant's row and clock
  // twice, the packages twice, the player found, made, then credited; an inventory write per item);
  // then 17: the merchant's row, its clock, the spent token and a new id's check each a read of its
  // own, the player and the currency two, user_validation's transaction (BEGIN, the settings, COMMIT)
  // for a project without webhooks, the webhooks' settings read again after the generation's lock, and
  // the packages a read of their own.
  it('a virtual currency purchase: each row read once, the player made and credited in one write', async () => {
    await paid({ virtual_currency: { quantity: 10 } }, 'payer-warm');
    const { body, statements } = await paid({ virtual_currency: { quantity: 10 } }, 'payer-currency');
    expect(body.status).toBe('done');
    expect(statements.filter((text) => /\busers\b/.test(text))).toHaveLength(2);
    // Before the transaction, one read of the merchant (key, generation, clock), the token (spent?),
    // the project's webhooks and the new id; no question asked of a project without webhooks (no
    // transaction of its own); in it, the generation locked and the webhooks' variant in one.
    expect(statements.filter((text) => /\bFROM merchants\b/.test(text))).toHaveLength(2);
    expect(statements.filter((text) => /\bmerchant_clocks\b/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /\bFROM spent_tokens\b/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /\bwebhook_settings\b/.test(text))).toHaveLength(2);
    expect(statements.filter((text) => text === 'BEGIN')).toHaveLength(1);
    // The packages that price the amount, read with the player and the currency.
    expect(statements.filter((text) => /\bFROM packages\b/.test(text))).toEqual([expect.stringMatching(/\bFROM users\b.*\bFROM virtual_currencies\b/s)]);
    // The project is read by the payment in either mode: its token took it with the credentials
    // (callerRecord's projects), not by findProject, whose answer the embedded database remembered.
    expect(statements).toHaveLength(9);
  });

  it('a cart of three items: loaded in one query, written to the inventory in one', async () => {
    const { body, statements } = await paid(cart, 'payer-cart');
    expect(body.status).toBe('done');
    expect(statements.filter((text) => /\bFROM items\b/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /\binventory\b/.test(text))).toHaveLength(1);
    expect(statements).toHaveLength(11);
  });
});

describe('statements of a store opened', () => {
  // Before: opening the payment UI on a token read the merchant's key, its clock and the spent token by a statement each.
  it("a store token paid with the player's pick: the session and the payment each check the token in one read", async () => {
    const response = await fetch(`${origin}/merchant/v2/merchants/100001/token`, { method: 'POST', headers, body: JSON.stringify({ ...tokenBody, purchase: undefined }) });
    const { token: accessToken } = await response.json();
    take();
    const payment = await fetch(`${origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken, package: 'crystals-100' }) });
    const statements = take();
    expect(payment.status, await payment.text()).toBe(200);
    expect(statements.filter((text) => /\bmerchant_clocks\b/.test(text))).toEqual([expect.stringMatching(/^SELECT m\.api_key\b/), expect.stringMatching(/^SELECT m\.api_key\b/)]);
    expect(statements.filter((text) => /\bFROM spent_tokens\b/.test(text))).toHaveLength(2);
  });
});

describe('statements of a plan bought', () => {
  // Before: 13 (the subscription's new id checked by a read of its own, after the payment's).
  it("a plan: the payment's id and the subscription's are checked in the payment's first read", async () => {
    await paid({ subscription: { plan_id: 'captain-monthly' } }, 'payer-plan-warm');
    const { body, statements } = await paid({ subscription: { plan_id: 'captain-yearly' } }, 'payer-plan');
    expect(body.status).toBe('done');
    expect(statements.filter((text) => /\bFROM payments\b/.test(text))).toEqual([expect.stringMatching(/^SELECT m\.api_key\b/)]);
    expect(statements).toHaveLength(13);
  });
});

describe('statements of a refund', () => {
  // Before: one inventory write per item of the cart.
  it("a cart's refund takes its items back in one statement", async () => {
    const cart = { virtual_items: { items: ['starter-pack', 'plasma-drill', 'hull-skin-aurora', 'plasma-drill'].map((sku) => ({ sku, amount: 1 })) } };
    const { body } = await paid(cart, 'refunded-cart');
    const id = (body as unknown as { transaction_id: number }).transaction_id;
    const holds = async () => (await (await fetch(`${origin}/merchant/v2/projects/200001/users/virtual_items/total?user_id=refunded-cart`, { headers })).json()) as { virtual_items: { sku: string; quantity: number }[] }[];
    const bought = (await holds())[0]!.virtual_items;
    expect(bought.find((item) => item.sku === 'plasma-drill')?.quantity).toBe(2);
    take();
    const refunded = await fetch(`${origin}/mock/transactions/${id}/refund`, { method: 'POST', headers, body: '{}' });
    const statements = take();
    expect(refunded.status).toBe(200);
    expect(statements.filter((text) => /\binventory\b/.test(text))).toHaveLength(1);
    // Every item taken back, the one bought twice twice.
    expect(bought.length).toBeGreaterThan(1);
    expect((await holds())[0]!.virtual_items).toEqual([]);
  });
});

describe('statements of a resend', () => {
  // Before: the project's webhook settings were read twice, by the operation and again where the webhook is kept.
  // Before: 7 statements (the log's INSERT and its trim, the settings, the project's owner and its
  // merchant's clock each read on its own, the two UPDATEs of the attempt).
  it('a delivery: logged in one statement, its settings read with its merchant clock in one, its attempt in two updates', async () => {
    const listener = await listenLoopback((_req, res) => void res.writeHead(204).end(), 0);
    const countedSender = createWebhookSender({ db: counted(db) });
    try {
      await countedSender.configure(200001, { url: `http://127.0.0.1:${listener.port}`, secret: 'resend', variant: 'combined' });
      await countedSender.send(200001, [sampleWebhook('order_paid')]);
      await countedSender.idle();
      take();
      const result = await countedSender.send(200001, [sampleWebhook('order_paid')]);
      await countedSender.idle();
      const statements = take();
      expect(result.queued).toBe(true);
      expect(countedSender.deliveries().at(-1)!.state).toBe('accepted');
      console.log(`${statements.length} statements:\n${statements.map((text) => `  ${text.replace(/\s+/g, ' ').slice(0, 140)}`).join('\n')}`);
      expect(statements.filter((text) => /\bINSERT INTO webhook_log\b/.test(text))).toEqual([expect.stringMatching(/\bDELETE FROM webhook_log\b/)]);
      expect(statements.filter((text) => /\bwebhook_settings\b/.test(text))).toEqual([expect.stringMatching(/\bmerchant_clocks\b/)]);
      expect(statements.filter((text) => /\bUPDATE webhook_log\b/.test(text))).toHaveLength(2);
      // On a Postgres server each log write also tells the other processes (pg_notify), in its own statement.
      expect(statements.filter((text) => /\bpg_notify\b/.test(text))).toHaveLength(db.shared ? 3 : 0);
      expect(statements).toHaveLength(4);
    } finally {
      await countedSender.close();
      await listener.close();
    }
  });

  it('reads the project\'s webhook settings once', async () => {
    const listener = await listenLoopback((_req, res) => void res.writeHead(204).end(), 0);
    const sender = createWebhookSender({ db });
    try {
      await sender.configure(200001, { url: `http://127.0.0.1:${listener.port}`, secret: 'resend', variant: 'combined' });
      const sent = await sender.send(200001, [sampleWebhook('order_paid')]);
      await sender.idle();
      const id = sent.queued ? sent.deliveries[0]! : 0;
      take();
      const response = await fetch(`${origin}/mock/webhooks/${id}/resend`, { method: 'POST', headers });
      const statements = take();
      expect(response.status).toBe(202);
      expect(statements.filter((text) => /\bFROM webhook_settings\b/.test(text))).toHaveLength(1);
    } finally {
      await sender.close();
      await listener.close();
    }
  });
});

describe('statements of a payment\'s webhooks', () => {
  // Before: each delivery the outbox keeps read its row (`SELECT 1 FROM webhook_outbox`), its
  // settings, its project's owner and its merchant's clock on their own before its attempt.
  it('each delivery the outbox keeps reads its row, its settings and its clock in one statement', async () => {
    const own = await memoryDatabase();
    const listener = await listenLoopback((_req, res) => void res.writeHead(204).end(), 0);
    const ownSender = createWebhookSender({ db: counted(own) });
    const ownApi = await listenLoopback(await createMerchantApi({ db: counted(own), sender: ownSender }), 0);
    try {
      await ownSender.configure(200001, { url: `http://127.0.0.1:${listener.port}`, secret: 'outbox', variant: 'combined' });
      const pay = async (user: string) => {
        const made = await fetch(`http://localhost:${ownApi.port}/merchant/v2/merchants/100001/token`, { method: 'POST', headers, body: JSON.stringify({ ...tokenBody, user: { id: { value: user }, email: { value: `${user}@example.test` } } }) });
        const { token: accessToken } = await made.json();
        take();
        const paid = await fetch(`http://localhost:${ownApi.port}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken }) });
        expect(paid.status).toBe(200);
        await ownSender.idle();
        return take();
      };
      await pay('hooked-warm');
      const statements = await pay('hooked');
      const delivered = ownSender.deliveries().slice(-2);
      expect(delivered.map((d) => [d.notification_type, d.state])).toEqual([['user_validation', 'accepted'], ['order_paid', 'accepted']]);
      console.log(`${statements.length} statements:\n${statements.map((text) => `  ${text.replace(/\s+/g, ' ').slice(0, 140)}`).join('\n')}`);
      // The question and order_paid: each its settings, clock and outbox row in one read.
      const reads = statements.filter((text) => /\bmerchant_clocks c WHERE c.merchant_id = p.merchant_id\b/.test(text));
      expect(reads).toEqual([expect.stringMatching(/\bwebhook_outbox\b/), expect.stringMatching(/\bwebhook_outbox\b/)]);
      expect(statements.filter((text) => /^SELECT 1 FROM webhook_outbox\b/.test(text))).toHaveLength(0);
      expect(statements.filter((text) => /^SELECT merchant_id FROM projects\b/.test(text))).toHaveLength(0);
    } finally {
      await ownApi.close();
      await ownSender.close();
      await listener.close();
      await own.close();
    }
  });
});
