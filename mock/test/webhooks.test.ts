// The offline world's webhooks on loopback (issue 16): the mock service's payment UI takes a
// payment, asks the game (user_validation), sends the paid webhooks one at a time per project with
// retries, and the demo server's listener (payui-embed/server) delivers; refunds, renewals, the
// separate variant, the settings API, the log, and the trigger command.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { createMerchantApi, demoFixtures, sharedMemoryDatabase } from '../api/server';
import { importState } from '../store/snapshot';
import { createPaymentUi } from '../payment-ui/server';
import { DEMO_MERCHANT, DEMO_WEBHOOK_SECRETS } from '../fixtures/catalog';
import { parseArgs, runTrigger, trigger } from '../app/trigger';
import { NOTIFICATION_TYPES } from '../webhooks/payloads';
import { createPayments } from '../domain/payments';
import { createWebhookSender, QUEUE_LIMIT, type Delivery, type RetryPolicy } from '../webhooks/sender';
import { settingsProblem, type Variant } from '../store/webhook-settings';
import { createDemoServer } from '../../server/demo';
import { signToken, type TokenPayload } from '../domain/token';
import { createWebhookHandler, verifyWebhookSignature, webhookSignature, WebhookRefusal } from '../../src/server/index';
import { quickRetry } from './quick-retry';

const FAST: RetryPolicy = quickRetry(20);
const AUTH = `Basic ${Buffer.from(`${DEMO_MERCHANT.id}:${DEMO_MERCHANT.apiKey}`).toString('base64')}`;
const SECRET = DEMO_WEBHOOK_SECRETS[200001]!;
let roots: { app: string; dist: string; ui: string };
const running: Listening[] = [];

beforeAll(async () => {
  await sharedMemoryDatabase();
  const root = mkdtempSync(join(tmpdir(), 'payui-webhooks-'));
  roots = { app: join(root, 'app'), dist: join(root, 'dist'), ui: join(root, 'ui') };
  for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true });
  writeFileSync(join(roots.ui, 'index.html'), '<meta name="payui-mock-mode" content="live">');
}, 60_000);
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(listener: RequestListener): Promise<string> {
  const server = await listenLoopback(listener, 0);
  running.push(server);
  return `http://localhost:${server.port}`;
}

/** The mock service (merchant API + sandbox payment UI) and the demo server, wired like `npm start`. */
async function world({ variant = 'combined' as Variant, demoListener = true, retry = FAST, queueLimit = QUEUE_LIMIT } = {}) {
  // Every world starts from the demo fixtures (webhook settings of an earlier test included).
  const db = await sharedMemoryDatabase();
  await importState(db, demoFixtures);
  const sender = createWebhookSender({ db, retry, queueLimit });
  const payments = createPayments(sender, db);
  const api = await serve(await createMerchantApi({ db, sender, payments }));
  const ui = await serve(createPaymentUi(roots.ui, 'sandbox', payments));
  const demo = await serve(createDemoServer({ appRoot: roots.app, distRoot: roots.dist, merchantApi: api, paymentUiOrigins: [], paymentUi: { live: ui, sandbox: ui } }));
  if (demoListener) await sender.configure(200001, { url: `${demo}/api/webhooks/200001`, secret: SECRET, variant });
  running.push({ port: 0, close: async () => sender.close() });
  return { sender, payments, api, ui, demo };
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A token from the demo server (its player, a new order of its own). */
async function demoPurchase(demo: string, purchase: object = { virtual_currency: { quantity: 550 } }): Promise<{ token: string; order: string }> {
  const { body } = await json(`${demo}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ purchase }) });
  return body;
}

/** A token straight from the merchant API, for any player. */
async function tokenFor(api: string, player: string, extra: object = {}): Promise<string> {
  const { body } = await json(`${api}/merchant/v2/merchants/${DEMO_MERCHANT.id}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: AUTH },
    body: JSON.stringify({ user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: 200001, mode: 'sandbox' }, ...extra }),
  });
  return body.token;
}

/** Pay as the payment UI does: its own page posts its query string to its own origin. */
function pay(ui: string, token: string, outcome = 'success') {
  return json(`${ui}/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ui },
    body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token)}`, outcome }),
  });
}

/** The offline service's own calls (`/mock/…`): refunds, renewals, webhook settings. */
const merchantCall = (api: string, path: string, method = 'POST', body?: object) =>
  json(`${api}/mock/${path}`, {
    method, headers: { authorization: AUTH, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
  });

interface Received { type: string; valid: boolean; body: any; attempt: number }

/**
 * A listener that checks each signature itself and records what came; `status(type, attempt)`
 * chooses the answer (attempt counts from 1 per notification of that body).
 */
async function recorder(secret: string, status: (type: string, attempt: number) => number = () => 204) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const url = await serve(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString('utf8'));
    const key = raw.toString('utf8');
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    received.push({ type: body.notification_type, valid: verifyWebhookSignature(raw, req.headers.authorization, secret), body, attempt });
    res.writeHead(status(body.notification_type, attempt)).end();
  });
  return { url, received };
}

describe('a purchase in the offline world', () => {
  it('sends user_validation, then order_paid with a valid signature, to the demo listener, which delivers the order', async () => {
    const { sender, ui, demo } = await world();
    const { token, order } = await demoPurchase(demo);
    expect((await json(`${demo}/api/orders/${order}`)).body.status).toBe('awaiting_payment');
    // The player's purchases: none yet (an order awaiting payment is no purchase).
    expect((await json(`${demo}/api/orders`)).body).toEqual([]);

    const paid = await pay(ui, token);
    expect(paid.body).toMatchObject({ ok: true, status: 'done' });
    await sender.idle();
    const attempts = sender.attempts();
    expect(attempts.map((a) => [a.notification_type, a.status])).toEqual([['user_validation', 204], ['order_paid', 204]]);
    expect(attempts.every((a) => a.url === `${demo}/api/webhooks/200001`)).toBe(true);

    const delivered = (await json(`${demo}/api/orders/${order}`)).body;
    // order_paid's line of currency bought by quantity: the shop names it in its own words.
    expect(delivered).toMatchObject({ status: 'delivered', transaction_id: paid.body.invoice, items: [{ sku: 'virtual_currency', type: 'virtual_currency', name: 'Crystals', quantity: 550 }] });
    expect((await json(`${demo}/api/orders`)).body).toEqual([delivered]);
  });

  it('signs each webhook with the project secret: the SHA-1 of the exact body sent and the secret', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    const listener = await recorder(SECRET);
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });
    await pay(ui, await tokenFor(api, 'player-42', { settings: { project_id: 200001, mode: 'sandbox', external_id: 'ord-1' }, custom_parameters: { campaign: 'winter' } }));
    await sender.idle();
    expect(listener.received.map((r) => [r.type, r.valid])).toEqual([['user_validation', true], ['order_paid', true]]);
    expect(listener.received[0]!.body).toEqual({
      notification_type: 'user_validation',
      settings: { project_id: 200001, merchant_id: 100001 },
      user: { id: 'player-42', email: 'player-42@example.test', country: 'US', ip: expect.stringMatching(/127\.0\.0\.1|::1/) },
    });
    expect(listener.received[1]!.body).toMatchObject({
      order: { status: 'paid', mode: 'sandbox', currency: 'USD', currency_type: 'real', invoice_id: String(listener.received[1]!.body.order.id) },
      user: { external_id: 'player-42' },
      billing: {
        notification_type: 'payment', settings: { project_id: 200001 }, transaction: { external_id: 'ord-1', dry_run: 1 }, payment_details: { payment: { currency: 'USD' } },
      },
      custom_parameters: { campaign: 'winter' },
    });
    expect(listener.received[1]!.body.order.id).toBe(listener.received[1]!.body.billing.transaction.id);
  });

  it('fails the payment when the game refuses the player (INVALID_USER), and sends nothing after', async () => {
    const { sender, ui, api } = await world();
    const refused = await pay(ui, await tokenFor(api, 'stranger'));
    expect(refused.body).toMatchObject({ ok: true, status: 'troubled', reason: 'user_refused', code: 'INVALID_USER' });
    await sender.idle();
    expect(sender.attempts().map((a) => [a.notification_type, a.status])).toEqual([['user_validation', 400]]);
    expect(sender.deliveries()[0]!.state).toBe('refused');
  });

  it('fails the payment when the listener does not answer user_validation, saying so', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    const closed = await listenLoopback(() => undefined, 0);
    await closed.close();
    await sender.configure(200001, { url: `http://localhost:${closed.port}/hooks`, secret: SECRET, variant: 'combined' });
    expect((await pay(ui, await tokenFor(api, 'player-42'))).body).toMatchObject({ status: 'troubled', code: 'NO_ANSWER' });
  });

  it('sends nothing for a declined payment, and nothing for a project without webhook settings', async () => {
    const { sender, ui, api } = await world();
    expect((await pay(ui, await tokenFor(api, 'player-42'), 'declined')).body).toMatchObject({ status: 'troubled', reason: 'declined' });
    await sender.configure(200001, null);
    expect((await pay(ui, await tokenFor(api, 'player-42'))).body).toMatchObject({ status: 'done' });
    await sender.idle();
    expect(sender.attempts()).toEqual([]);
  });

  it('refuses a payment request that is not the payment UI\'s own, or is malformed', async () => {
    const { ui, api } = await world();
    const token = await tokenFor(api, 'player-42');
    const post = (body: string, headers: Record<string, string> = {}) =>
      json(`${ui}/api/payments`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post(JSON.stringify({ search: `?access_token=${token}`, outcome: 'success' }), { origin: 'http://localhost:1' })).status).toBe(403);
    expect((await post('{')).status).toBe(400);
    expect(await post(JSON.stringify({ search: 1, outcome: 'success' }))).toMatchObject({ status: 400, body: { http_status_code: 400 } });
    expect((await post(JSON.stringify({ search: '?access_token=nope', outcome: 'success' }))).body).toMatchObject({ http_status_code: 422, message: '0004-0001' });
    expect((await json(`${ui}/api/payments`)).status).toBe(405);
  });

  it('refuses a correctly signed token whose payload is null with 0004-0001 (the demo merchant signs with a published key), and the page resolves it to the same error', async () => {
    const { ui } = await world();
    const token = await signToken(null as unknown as TokenPayload, 'demo-api-key');
    expect(await pay(ui, token)).toMatchObject({ status: 422, body: { message: '0004-0001' } });
    expect((await json(`${ui}/api/session?${new URLSearchParams({ access_token: token })}`)).body).toMatchObject({ ok: false, code: '0004-0001' });
  });
});

describe('delivery one at a time per project', () => {
  it('retries a listener answering 500 on the schedule, holds later webhooks back until it recovers, then delivers all in order, each accepted once; a payment\'s question goes ahead of them', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    let down = true;
    const listener = await recorder(SECRET, (type) => (type === 'user_validation' ? 204 : down ? 500 : 204));
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });

    const first = (await pay(ui, await tokenFor(api, 'player-42'))).body.invoice;
    await expect.poll(() => listener.received.filter((r) => r.type === 'order_paid').length, { timeout: 8000 }).toBeGreaterThanOrEqual(2);
    // The second payment's user_validation is a question its payment waits for: asked at once, not
    // behind the first order_paid that waits for its next attempt; the payment goes through.
    const second = (await pay(ui, await tokenFor(api, 'p-7'))).body.invoice;
    expect(second).toEqual(expect.any(Number));
    expect(listener.received.filter((r) => r.type === 'user_validation')).toHaveLength(2);
    // Its order_paid waits behind the first: nothing of it reached the listener yet.
    expect(new Set(listener.received.filter((r) => r.type === 'order_paid').map((r) => r.body.order.id))).toEqual(new Set([first]));

    down = false;
    await sender.idle();
    const paidAttempts = sender.attempts().filter((a) => a.notification_type === 'order_paid');
    const accepted = paidAttempts.filter((a) => a.accepted);
    expect(accepted.map((a) => JSON.parse(sender.deliveries().find((d) => d.id === a.delivery)!.body).order.id)).toEqual([first, second]);
    // The schedule, as the log shows it: each failure schedules the next attempt after the
    // schedule's next wait; the accepted attempt schedules none.
    const firstAttempts = paidAttempts.filter((a) => a.delivery === accepted[0]!.delivery);
    expect(firstAttempts.map((a) => a.retry_in_ms)).toEqual([...FAST.waitsMs.slice(0, firstAttempts.length - 1), null]);
    // The listener saw the first one several times (its failures) and each exactly once accepted.
    const orderPaid = listener.received.filter((r) => r.type === 'order_paid');
    expect(orderPaid.filter((r) => r.body.order.id === first).length).toBeGreaterThan(1);
    expect(orderPaid.filter((r) => r.body.order.id === second)).toHaveLength(1);
    expect(orderPaid.at(-1)!.body.order.id).toBe(second);
  });

  it('close() while a webhook waits for its next attempt stops the retries and settles idle()', async () => {
    // The next attempt would come only after a minute: idle() can resolve in time only through close().
    const { sender, ui, api } = await world({ demoListener: false, retry: quickRetry(60_000) });
    const listener = await recorder(SECRET, (type) => (type === 'user_validation' ? 204 : 500));
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });
    await pay(ui, await tokenFor(api, 'player-42'));
    const orderPaid = () => sender.deliveries().find((d) => d.notification_type === 'order_paid');
    await expect.poll(() => orderPaid()?.next_attempt ?? null).not.toBeNull();

    const waiting = sender.idle();
    sender.close();
    await waiting;
    await sender.idle();
    expect(orderPaid()).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(listener.received.filter((r) => r.type === 'order_paid')).toHaveLength(1);
  });

  it('bounds a project\'s queue: an event that does not fit is refused whole, with the reason in the log; the refund completes and the older webhooks go out in order', async () => {
    const queueLimit = 3;
    const { sender, ui, api } = await world({ demoListener: false, queueLimit });
    let down = true;
    const listener = await recorder(SECRET, (type) => (type === 'user_validation' ? 204 : down ? 500 : 204));
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });

    // Paid while the listener takes everything; then it fails, and refunds (no question asked) fill the queue.
    // Each payment's webhooks are delivered before the next is paid: with a queue of three, a plan's
    // two paid while an earlier order_paid or two still wait would be refused (CI28, load ~6).
    down = false;
    const paid = async (...args: Parameters<typeof tokenFor>) => {
      const done = await pay(ui, await tokenFor(...args));
      await sender.idle();
      return done;
    };
    const orders = [(await paid(api, 'player-42')).body.invoice, (await paid(api, 'p-7')).body.invoice];
    const plan = await paid(api, 'player-42', { purchase: { subscription: { plan_id: 'captain-monthly' } } });
    expect(plan.body).toMatchObject({ ok: true, status: 'done' });
    const last = (await paid(api, 'p-7')).body.invoice;
    down = true;
    const refund = (id: number) => json(`${api}/mock/transactions/${id}/refund`, { method: 'POST', headers: { authorization: AUTH } });
    for (const id of orders) expect((await refund(id)).status).toBe(200);
    // A plan's refund brings two webhooks (refund, cancel_subscription); with two waiting they do not fit. It is a refund all the same.
    expect((await refund(plan.body.invoice)).status).toBe(200);
    // One more fits, behind the older ones.
    expect((await refund(last)).status).toBe(200);
    orders.push(last);

    // The log (newest first) shows both of the plan refund's webhooks refused, never tried, and why.
    // (On a shared database the outbox hands them to the sender after the refund answered: the log says so a moment later.)
    const refusedNow = async () => ((await json(`${api}/mock/webhooks?state=refused`, { headers: { authorization: AUTH } })).body.deliveries as Delivery[]);
    await expect.poll(async () => (await refusedNow()).map((d) => [d.notification_type, d.attempts])).toEqual([['cancel_subscription', 0], ['refund', 0]]);
    const refused = await refusedNow();
    expect(JSON.parse(refused[1]!.body).transaction.id).toBe(plan.body.invoice);
    for (const d of refused) expect(d.reason).toContain(`at most ${queueLimit}`);

    down = false;
    await sender.idle();
    expect(listener.received.map((r) => r.type)).not.toContain('cancel_subscription');
    const delivered = sender.attempts().filter((a) => a.notification_type === 'order_canceled' && a.accepted);
    expect(delivered.map((a) => JSON.parse(sender.deliveries().find((d) => d.id === a.delivery)!.body).order.id)).toEqual(orders);
  });

  it('wakes a wait for refused deliveries when an event is refused, though nothing else is logged', async () => {
    // One place: a failed order_paid holds it, waiting a minute for its retry, and the log stays still.
    const { sender, ui, api } = await world({ demoListener: false, queueLimit: 1, retry: { waitsMs: [60_000], timeoutMs: 2_000 } });
    const listener = await recorder(SECRET, (type) => (type === 'user_validation' ? 204 : 500));
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });
    const paid = (await pay(ui, await tokenFor(api, 'player-42'))).body.invoice;
    const log = async (query = '') => (await json(`${api}/mock/webhooks${query}`, { headers: { authorization: AUTH } })).body.deliveries as Delivery[];
    await expect.poll(async () => (await log('?type=order_paid')).map((d) => [d.state, d.attempts])).toEqual([['waiting', 1]]);
    const before = (await log())[0]!.id;
    let woken: Delivery[] | undefined;
    const waited = json(`${api}/mock/webhooks?state=refused&after=${before}&wait=30000`, { headers: { authorization: AUTH } }).then((r) => (woken = r.body.deliveries), () => undefined);
    await expect.poll(() => sender.watching()).toBe(1);
    // The refund's order_canceled does not fit: refused, in the refund's transaction; the wait hears of it then, not in 30 s.
    expect((await json(`${api}/mock/transactions/${paid}/refund`, { method: 'POST', headers: { authorization: AUTH } })).status).toBe(200);
    await expect.poll(() => woken?.map((d) => [d.notification_type, d.state])).toEqual([['order_canceled', 'refused']]);
    await waited;
  });

  it('the demo listener delivers an order once however often order_paid comes (idempotent by transaction id)', async () => {
    const { sender, ui, demo } = await world();
    const { token, order } = await demoPurchase(demo);
    await pay(ui, token);
    await sender.idle();
    const delivery = sender.deliveries().find((d) => d.notification_type === 'order_paid')!;
    // The same webhook again, as a retry would bring it.
    const again = await fetch(`${demo}/api/webhooks/200001`, { method: 'POST', body: delivery.body, headers: { authorization: `Signature ${webhookSignature(delivery.body, SECRET)}` } });
    expect(again.status).toBe(204);
    const after = (await json(`${demo}/api/orders/${order}`)).body;
    expect(after.status).toBe('delivered');
    expect(after.items).toHaveLength(1);
  });

  it('a wrong secret at the listener means INVALID_SIGNATURE, retried, nothing delivered', async () => {
    const { sender, ui, demo } = await world();
    await sender.configure(200001, { url: `${demo}/api/webhooks/200001`, secret: 'not-the-secret', variant: 'combined' });
    const { token, order } = await demoPurchase(demo);
    expect((await pay(ui, token)).body).toMatchObject({ status: 'troubled', code: 'INVALID_SIGNATURE' });
    expect((await json(`${demo}/api/orders/${order}`)).body.status).toBe('awaiting_payment');
  });
});

describe('looking again at the clock (lookAgain)', () => {
  // Before, a look that found the only waiting retry due never resolved: the retry was sent, its queue
  // ended, and no later look came to say so.
  it('resolves once the retry it found due was sent, when nothing else waits', async () => {
    let now = 1_000_000;
    let status = 503;
    const url = await serve((_req, res) => void res.writeHead(status).end());
    const sender = createWebhookSender({
      initial: { 7: { url, secret: 's', variant: 'combined' } },
      retry: { waitsMs: [60_000], timeoutMs: 2_000 },
      clock: { now: async () => now, watch: () => () => undefined, lookMs: 0 },
    });
    try {
      await sender.send(7, [{ notification_type: 'refund' } as never]);
      // The first attempt failed: the retry waits for the clock.
      await expect.poll(() => sender.deliveries()[0]?.next_attempt ?? null, { timeout: 10_000 }).not.toBeNull();
      await sender.lookAgain();
      expect(sender.deliveries()[0]).toMatchObject({ state: 'waiting', attempts: 1 });
      now += 60_000;
      status = 204;
      await sender.lookAgain();
      expect(sender.deliveries()[0]).toMatchObject({ state: 'accepted', attempts: 2 });
    } finally {
      await sender.close();
    }
  });
});

describe('refunds, subscriptions and the separate variant', () => {
  it('a refund through the mock merchant API sends order_canceled, and the demo order is taken back', async () => {
    const { sender, ui, api, demo } = await world();
    const { token, order } = await demoPurchase(demo);
    const { invoice } = (await pay(ui, token)).body;
    await sender.idle();
    // Only as JSON (another site's form cannot ask), and only for an order of the player asking.
    expect((await json(`${demo}/api/orders/${order}/refund`, { method: 'POST' })).status).toBe(415);
    expect((await json(`${demo}/api/orders/${order}/refund`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await json(`${demo}/api/orders/demo-order-not-yours/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    expect((await json(`${demo}/api/orders/${order}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(202);
    await sender.idle();
    expect((await json(`${demo}/api/orders/${order}`)).body.status).toBe('refunded');
    const canceled = sender.deliveries().find((d) => d.notification_type === 'order_canceled')!;
    expect(JSON.parse(canceled.body)).toMatchObject({ order: { id: invoice, status: 'canceled' }, billing: { notification_type: 'refund', transaction: { id: invoice }, payment_details: { payment: { currency: 'USD' } } } });
    // Once only: a second refund is a conflict, and an unknown transaction is not found.
    expect((await merchantCall(api, `transactions/${invoice}/refund`)).status).toBe(409);
    expect((await merchantCall(api, 'transactions/123/refund')).status).toBe(404);
    expect((await json(`${demo}/api/orders/${order}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(409);
  });

  it('the separate variant sends payment + order_paid, then refund + order_canceled', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    const listener = await recorder(SECRET);
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'separate' });
    const { invoice } = (await pay(ui, await tokenFor(api, 'player-42', { purchase: { virtual_items: { items: [{ sku: 'plasma-drill', amount: 2 }] } } }))).body;
    await sender.idle();
    await merchantCall(api, `transactions/${invoice}/refund`, 'POST', { reason: 'player asked' });
    await sender.idle();
    expect(listener.received.map((r) => [r.type, r.valid])).toEqual([
      ['user_validation', true], ['payment', true], ['order_paid', true], ['refund', true], ['order_canceled', true],
    ]);
    const [, payment, paid, refund, canceled] = listener.received.map((r) => r.body);
    expect(payment).toMatchObject({ transaction: { id: invoice }, payment_details: { payment: { amount: 4.98, currency: 'USD' } }, purchase: { virtual_items: { items: [{ sku: 'plasma-drill', amount: 2 }] } } });
    expect(paid).toMatchObject({ order: { id: invoice }, items: [{ sku: 'plasma-drill', type: 'virtual_good', quantity: 2, amount: '4.98' }] });
    expect(paid).not.toHaveProperty('billing');
    expect(refund).toMatchObject({ transaction: { id: invoice }, refund_details: { reason: 'player asked' } });
    expect(canceled).toMatchObject({ order: { id: invoice, status: 'canceled' } });
    expect(canceled).not.toHaveProperty('billing');
  });

  it('a subscription sends create_subscription, a renewal update_subscription, a refund cancel_subscription', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    const listener = await recorder(SECRET);
    await sender.configure(200001, { url: listener.url, secret: SECRET, variant: 'combined' });
    const { invoice } = (await pay(ui, await tokenFor(api, 'player-42', { purchase: { subscription: { plan_id: 'captain-monthly' } } }))).body;
    await sender.idle();
    const created = listener.received.find((r) => r.type === 'create_subscription')!.body;
    expect(created.subscription).toMatchObject({ plan_id: 'captain-monthly', subscription_id: expect.any(String), date_next_charge: expect.any(String) });
    const id = Number(created.subscription.subscription_id);
    expect((await merchantCall(api, `subscriptions/${id}/renew`)).status).toBe(200);
    await merchantCall(api, `transactions/${invoice}/refund`);
    await sender.idle();
    // A plan's payments are payment and refund in either variant (mock/spec/webhook-sources.md).
    expect(listener.received.map((r) => r.type)).toEqual(['user_validation', 'payment', 'create_subscription', 'payment', 'update_subscription', 'refund', 'cancel_subscription']);
    expect(listener.received.every((r) => r.valid)).toBe(true);
    expect(listener.received.at(-1)!.body.subscription).toMatchObject({ subscription_id: String(id), date_end: expect.any(String) });
    expect((await merchantCall(api, `subscriptions/${id}/renew`)).status).toBe(409);
    expect((await merchantCall(api, 'subscriptions/5/renew')).status).toBe(404);
  });
});

describe('webhook settings, log and the trigger command', () => {
  it('sets, shows (never the secret) and removes a project\'s settings through the mock merchant API', async () => {
    const { api, sender } = await world({ demoListener: false });
    const put = await merchantCall(api, 'projects/200002/webhooks', 'PUT', { url: 'http://127.0.0.1:9/hook', secret: 'sek', variant: 'separate' });
    expect(put).toEqual({ status: 200, body: { project_id: 200002, enabled: true, url: 'http://127.0.0.1:9/hook', variant: 'separate' } });
    expect(await sender.settings(200002)).toEqual({ url: 'http://127.0.0.1:9/hook', secret: 'sek', variant: 'separate' });
    expect(JSON.stringify((await merchantCall(api, 'projects/200002/webhooks', 'GET')).body)).not.toContain('sek');
    expect((await merchantCall(api, 'projects/200002/webhooks', 'PUT', { url: 'http://example.test/hook', secret: 's', variant: 'combined' })).body.extended_message.property_errors).toHaveProperty('url');
    expect((await merchantCall(api, 'projects/200002/webhooks', 'PUT', { url: 'https://example.test/hook', secret: 's', variant: 'both' })).body.extended_message.property_errors).toHaveProperty('variant');
    expect((await merchantCall(api, 'projects/999/webhooks', 'GET')).status).toBe(404);
    expect((await merchantCall(api, 'projects/200002/webhooks', 'DELETE')).body).toEqual({ project_id: 200002, enabled: false });
    expect((await json(`${api}/mock/projects/200002/webhooks`)).status).toBe(401);
  });

  it('accepts HTTPS anywhere but plain HTTP only to loopback', () => {
    const ok = (url: string) => settingsProblem({ url, secret: 's', variant: 'combined' }) === null;
    expect(['http://localhost:1/h', 'http://127.0.0.1/h', 'http://[::1]:5/h', 'https://merchant.example/h'].every(ok)).toBe(true);
    expect(['http://merchant.example/h', 'http://10.0.0.1/h', 'ftp://localhost/h', 'not a url'].some(ok)).toBe(false);
  });

  it('logs every attempt as JSON and on a page, escaping what the listener said', async () => {
    const { sender, ui, api } = await world({ demoListener: false });
    const hostile = await serve((_req, res) => void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INVALID_USER', message: '<script>alert(1)</script>' } })));
    await sender.configure(200001, { url: hostile, secret: SECRET, variant: 'combined' });
    await pay(ui, await tokenFor(api, 'player-42'));
    const log = (await json(`${api}/mock/webhooks`, { headers: { authorization: AUTH } })).body;
    expect(log.attempts[0]).toMatchObject({ notification_type: 'user_validation', status: 400, answer: "listener's answer (excerpt): INVALID_USER: <script>alert(1)</script>", accepted: false, attempt: 1 });
    expect(log.projects.find((p: { project_id: number }) => p.project_id === 200001)).toEqual({ project_id: 200001, name: 'Star Miners', enabled: true, url: hostile, variant: 'combined' });
    expect(JSON.stringify(log)).not.toContain(SECRET);
    // The page shows what the JSON shows, to the same merchant only: without credentials, nothing.
    const anonymous = await fetch(`${api}/mock/webhooks.html`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await anonymous.text()).not.toContain('Star Miners');
    expect((await fetch(`${api}/mock/webhooks.html`, { headers: { authorization: `Basic ${Buffer.from('100001:wrong').toString('base64')}` } })).status).toBe(401);
    const page = await fetch(`${api}/mock/webhooks.html`, { headers: { authorization: AUTH } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('trigger: a signed sample of every type passes the kit\'s handler; a bad signature gets 4xx INVALID_SIGNATURE', async () => {
    const seen: string[] = [];
    const record = (payload: { notification_type: string }) => void seen.push(payload.notification_type);
    const handler = createWebhookHandler({ secret: 'sek', on: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, record])) });
    const url = await serve((req, res) => void handler(req, res));
    for (const type of NOTIFICATION_TYPES) {
      expect(await trigger({ type, to: url, secret: 'sek' }), type).toMatchObject({ passed: true, status: 204 });
      const bad = await trigger({ type, to: url, secret: 'sek', badSignature: true });
      expect(bad, type).toMatchObject({ passed: true, status: 400 });
      expect(JSON.parse(bad.answer)).toEqual({ error: { code: 'INVALID_SIGNATURE', message: expect.any(String) } });
    }
    expect(seen).toEqual(NOTIFICATION_TYPES);
  });

  it('trigger fails a listener that accepts a bad signature, or refuses a good one, with exit code 1', async () => {
    const lax = await serve((_req, res) => void res.writeHead(200).end('ok'));
    const lines: string[] = [];
    expect(await runTrigger(['trigger', 'order_paid', '--to', lax, '--secret', 's', '--bad-signature'], (l) => lines.push(l), (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toBe('failed: a bad signature must get a 4xx, got 200');
    const wrongCode = await serve((_req, res) => void res.writeHead(401).end('{"error":{"code":"NOPE"}}'));
    expect(await runTrigger(['trigger', 'order_paid', '--to', wrongCode, '--secret', 's', '--bad-signature'], () => undefined, () => undefined)).toBe(1);
    const strict = await serve((_req, res) => void res.writeHead(500).end());
    expect(await runTrigger(['trigger', 'payment', '--to', strict, '--secret', 's'], () => undefined, () => undefined)).toBe(1);
    expect(await runTrigger(['trigger', 'payment', '--to', lax, '--secret', 's'], () => undefined, () => undefined)).toBe(0);
  });

  it('trigger checks its arguments', async () => {
    expect(parseArgs([])).toEqual({ command: 'serve', inMemory: false });
    expect(parseArgs(['--in-memory'])).toEqual({ command: 'serve', inMemory: true });
    expect(parseArgs(['--in-memory', '--port', '0'])).toEqual({ command: 'serve', inMemory: true, port: 0 });
    expect(parseArgs(['serve', '--port', '6000'])).toEqual({ command: 'serve', inMemory: false, port: 6000 });
    expect(parseArgs(['--port', '70000'])).toMatchObject({ command: 'error', message: expect.stringMatching(/--port/) });
    expect(parseArgs(['--port'])).toMatchObject({ command: 'error' });
    expect(parseArgs(['--verbose'])).toEqual({ command: 'error', message: 'unknown argument "--verbose"' });
    expect(parseArgs(['--database-url', 'postgres://u:p@localhost/qa'])).toEqual({ command: 'serve', inMemory: false, databaseUrl: 'postgres://u:p@localhost/qa' });
    expect(parseArgs(['--database-url', 'mysql://x'])).toMatchObject({ command: 'error' });
    expect(parseArgs(['--in-memory', '--database-url', 'postgres://x'])).toMatchObject({ command: 'error', message: expect.stringMatching(/choose one/) });
    expect(parseArgs(['export', 'state.json'])).toEqual({ command: 'export', file: 'state.json' });
    expect(parseArgs(['import'])).toMatchObject({ command: 'error' });
    expect(parseArgs(['trigger', 'order_paid', '--to', 'http://localhost:1/h', '--secret', 's'])).toEqual({
      command: 'trigger', options: { type: 'order_paid', to: 'http://localhost:1/h', secret: 's', badSignature: false },
    });
    const errors = [
      ['trigger', 'order_payed', '--to', 'http://localhost:1/h', '--secret', 's'],
      ['trigger', 'order_paid', '--to', 'http://localhost:1/h'],
      ['trigger', 'order_paid', '--to', 'http://merchant.example/h', '--secret', 's'],
      ['trigger', 'order_paid', '--to'],
      ['trigger', 'order_paid', '--secret', 's', '--loud'],
      ['send'],
    ];
    for (const argv of errors) expect(parseArgs(argv).command, argv.join(' ')).toBe('error');
    const err: string[] = [];
    expect(await runTrigger(['trigger'], () => undefined, (l) => err.push(l))).toBe(2);
    expect(err[0]).toMatch(/^payui-mock: the type must be one of/);
    expect(await runTrigger(['--help'], (l) => err.push(l))).toBe(0);
  });

  it('trigger --help lists the types and every flag, and exits 0', async () => {
    for (const argv of [['--help'], ['trigger', '--help'], ['trigger', 'order_paid', '--to', 'http://localhost:1/h', '-h']]) {
      const out: string[] = [];
      expect(await runTrigger(argv, (l) => out.push(l), (l) => out.push(l)), argv.join(' ')).toBe(0);
      const text = out.join('\n');
      for (const word of [...NOTIFICATION_TYPES, '--to URL', '--secret SECRET', '--user-id ID', '--project ID', '--data FILE', '--bad-signature', '--help']) expect(text).toContain(word);
    }
  });

  /** A listener that keeps what it got and answers 204. */
  async function recorder() {
    const bodies: Record<string, any>[] = [];
    const url = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
    return { url, bodies };
  }
  const dataFile = (data: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), 'payui-trigger-')), 'data.json');
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
    return file;
  };

  it('trigger --user-id and --project set the sample\'s user id and project id where its type has them', async () => {
    const { url, bodies } = await recorder();
    const out: string[] = [];
    expect(await runTrigger(['trigger', 'order_paid', '--to', url, '--secret', 's', '--user-id', 'player-7', '--project', '200002'], (l) => out.push(l))).toBe(0);
    expect(bodies[0]).toMatchObject({ notification_type: 'order_paid', user: { external_id: 'player-7', email: 'sample-player@example.test' }, billing: { settings: { project_id: 200002 }, user: { id: 'player-7' } } });
    expect(out.join('\n')).not.toContain('note:');
    expect(await runTrigger(['trigger', 'create_subscription', '--to', url, '--secret', 's', '--user-id', 'player-7', '--project', '200002'], (l) => out.push(l))).toBe(0);
    expect(bodies[1]).toMatchObject({ notification_type: 'create_subscription', user: { id: 'player-7' } });
    expect(JSON.stringify(bodies[1])).not.toContain('200002');
    expect(out.at(-3)).toBe('note: a create_subscription sample carries no project id: --project changed nothing');
    // Without them, the sample's own.
    expect(await trigger({ type: 'payment', to: url, secret: 's' })).toMatchObject({ passed: true });
    expect(bodies[2]).toMatchObject({ user: { id: 'sample-player' }, settings: { project_id: 200001 } });
  });

  it('trigger --data FILE merges a JSON object over the sample: objects field by field, arrays and other values replaced, after --user-id', async () => {
    const { url, bodies } = await recorder();
    const file = dataFile({ user: { email: 'p7@example.test' }, items: [{ sku: 'gold-100', type: 'virtual_currency', is_pre_order: false, quantity: 2, amount: '9.98', promotions: [] }], custom_parameters: { level: 12 }, order: { comment: 'gift' } });
    expect(await runTrigger(['trigger', 'order_paid', '--to', url, '--secret', 's', '--data', file, '--user-id', 'player-7'], () => undefined)).toBe(0);
    expect(bodies[0]).toMatchObject({
      notification_type: 'order_paid',
      user: { external_id: 'player-7', email: 'p7@example.test' },
      items: [{ sku: 'gold-100', type: 'virtual_currency', is_pre_order: false, quantity: 2, amount: '9.98', promotions: [] }],
      custom_parameters: { level: 12 },
      order: { id: 900000001, status: 'paid', comment: 'gift' },
    });
    expect(bodies[0]!.items).toHaveLength(1);
    // The file wins over the flags, and a __proto__ key is a plain field, not a prototype.
    expect(await runTrigger(['trigger', 'order_paid', '--to', url, '--secret', 's', '--user-id', 'flag-id', '--data', dataFile('{"user":{"external_id":"file-id"},"__proto__":{"polluted":true}}')], () => undefined)).toBe(0);
    expect(bodies[1]!.user.external_id).toBe('file-id');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('trigger refuses bad --data, --user-id and --project with exit code 2 and says why', async () => {
    const base = ['trigger', 'order_paid', '--to', 'http://localhost:1/h', '--secret', 's'];
    const cases: [string[], RegExp][] = [
      [['--data', join(tmpdir(), 'payui-no-such-file.json')], /--data .*: cannot read it \(ENOENT\)/],
      [['--data', dataFile('{"user":')], /--data .*: not JSON/],
      [['--data', dataFile([1, 2])], /--data .*: must hold a JSON object/],
      [['--data', dataFile({ notification_type: 'refund' })], /its notification_type "refund" is not the type order_paid/],
      [['--data'], /--data needs a value/],
      [['--project', 'abc'], /--project must be a project id/],
      [['--project', '0'], /--project must be a project id/],
      [['--project', '2.5'], /--project must be a project id/],
      [['--user-id', ' '], /--user-id must not be empty/],
      [['--user-id'], /--user-id needs a value/],
    ];
    for (const [extra, message] of cases) {
      const err: string[] = [];
      expect(await runTrigger([...base, ...extra], () => undefined, (l) => err.push(l)), extra.join(' ')).toBe(2);
      expect(err[0]!.split('\n')[0], extra.join(' ')).toMatch(message);
    }
  });

  it('trigger says what a 4xx to a correctly signed sample usually means: a wrong secret, or a listener refusing the sample user', async () => {
    const handler = createWebhookHandler({
      secret: 'sek',
      on: { user_validation: (payload) => { if (payload.user.id !== 'player-7') throw new WebhookRefusal('INVALID_USER'); } },
    });
    const url = await serve((req, res) => void handler(req, res));
    const run = async (...args: string[]) => {
      const err: string[] = [];
      const code = await runTrigger(['trigger', 'user_validation', '--to', url, ...args], () => undefined, (l) => err.push(l));
      return { code, hint: err.find((l) => l.startsWith('hint: ')) };
    };
    expect(await run('--secret', 'sek')).toEqual({
      code: 1,
      hint: 'hint: the listener refused the sample (400 INVALID_USER): a listener that validates users refuses the sample\'s user id (sample-player); pass --user-id with one it knows',
    });
    expect(await run('--secret', 'sek', '--user-id', 'player-7')).toEqual({ code: 0, hint: undefined });
    expect((await run('--secret', 'other')).hint).toBe('hint: the listener says the signature is wrong (400 INVALID_SIGNATURE): --secret is not the secret it checks with (the project\'s secret key)');
    // A refusal without the kit's error shape: both likely causes.
    const bare = await serve((_req, res) => void res.writeHead(403).end('forbidden'));
    const result = await trigger({ type: 'order_paid', to: bare, secret: 's', userId: 'player-9' });
    expect(result).toMatchObject({ passed: false, status: 403 });
    expect(result.hint).toMatch(/^the listener refused the sample \(403\): either --secret is not its secret .* refuses the sample's user id \(player-9\); pass --user-id/);
    // No hint where it would mislead: a 5xx, or a bad signature on purpose.
    expect((await trigger({ type: 'order_paid', to: await serve((_req, res) => void res.writeHead(500).end()), secret: 's' })).hint).toBeNull();
    expect((await trigger({ type: 'order_paid', to: bare, secret: 's', badSignature: true })).hint).toBeNull();
  });
});
