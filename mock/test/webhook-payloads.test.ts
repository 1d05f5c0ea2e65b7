// The `webhooks` section of mock/spec/openapi.json (issue 36, item 4): it describes every type the
// service sends, and every webhook the service sends — from a running service, in both variants,
// and from the payload builders for what a short run does not reach (a trial, every sample) —
// validates against its type's schema. The kit's payload types are generated from the same section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createValidators } from '../spec/validators';
import document from '../spec/openapi.json';
import { NOTIFICATION_TYPES as SERVICE_TYPES, paidWebhooks, refundWebhooks, renewalWebhooks, sampleWebhook, subscriptionWebhook } from '../webhooks/payloads';
import { type PaymentRecord } from '../store/payments';
import type { SubscriptionData } from '../store/subscriptions';
import { NOTIFICATION_TYPES as KIT_TYPES } from '../../src/server/webhook';
import { recordingListener, type Received } from './recording-listener';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

type Plain = Record<string, any>;
/** Whose webhook: `user.id` (payment, refund, user_validation, subscriptions) or `user.external_id` (orders). */
const playerOf = (body: Plain) => body.user?.id ?? body.user?.external_id;
const doc = document as unknown as Plain;
const SECTION_TYPES = Object.keys(doc.webhooks);
const validators = createValidators(document);
const schemaOf = new Map<string, ValidateFunction>(SECTION_TYPES.map((type) => [type, validators.compile(`#/webhooks/${type}/post/requestBody/content/application~1json/schema`, 'body')]));

/** The payload is what the section says of its type (the errors, when not). */
function expectValid(payload: Plain): void {
  const validate = schemaOf.get(payload.notification_type);
  expect(validate, `no schema for ${payload.notification_type}`).toBeDefined();
  expect(validate!(payload) ? [] : validate!.errors, JSON.stringify(payload)).toEqual([]);
}

describe('the webhooks section of openapi.json', () => {
  it('describes exactly the types the service sends and the kit dispatches, each a signed POST of one JSON schema', () => {
    expect(SECTION_TYPES.sort()).toEqual([...SERVICE_TYPES].sort());
    expect(SECTION_TYPES.sort()).toEqual([...KIT_TYPES].sort());
    for (const type of SECTION_TYPES) {
      const post = doc.webhooks[type].post;
      expect(Object.keys(doc.webhooks[type]), type).toEqual(['post']);
      expect(post.parameters.map((p: Plain) => [p.in, p.name]), type).toEqual([['header', 'Authorization']]);
      expect(post.requestBody.content['application/json'].schema.$ref, type).toMatch(/^#\/components\/schemas\/\w+Webhook$/);
    }
  });

  it('tells the variants apart: order_paid and order_canceled validate as exactly one of combined and separate', () => {
    const p = record('items');
    const [combinedPaid] = paidWebhooks(p, 'combined');
    const [, separatePaid] = paidWebhooks(p, 'separate');
    const variant = (name: string) => validators.compile(`#/components/schemas/${name}`, 'body');
    expect([variant('OrderPaidCombinedWebhook')(combinedPaid), variant('OrderPaidSeparateWebhook')(combinedPaid)]).toEqual([true, false]);
    expect([variant('OrderPaidCombinedWebhook')(separatePaid), variant('OrderPaidSeparateWebhook')(separatePaid)]).toEqual([false, true]);
    // A field the service does not send is refused: the schema is the whole shape.
    expect(schemaOf.get('order_paid')!({ ...combinedPaid, extra: 1 })).toBe(false);
    expect(schemaOf.get('payment')!({ ...paidWebhooks(p, 'separate')[0], transaction: undefined })).toBe(false);
  });
});

function record(kind: PaymentRecord['kind'], extra: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 41, merchantId: 100001, projectId: 200001, mode: 'live', kind,
    user: { id: 'p-1', email: 'p-1@example.test', name: null, country: 'FR', phone: null },
    externalId: null, currency: 'EUR', amount: 3, lines: [{ sku: kind === 'virtual_currency' ? null : 'x', name: 'X', quantity: 2, unitPrice: 1.5 }],
    date: '2026-03-01T10:00:00.000Z', refunded: false, ...extra,
  };
}

describe('what the payload builders make validates against the section', () => {
  it.each(SECTION_TYPES)('the trigger command\'s sample of %s', (type) => {
    expectValid(sampleWebhook(type as (typeof SERVICE_TYPES)[number], { userId: 'player-7', projectId: 200002 }));
  });

  it.each(['combined', 'separate'] as const)('%s: a purchase, a refund and a renewal of every kind, trials and every subscription status', (variant) => {
    const subscription = (status: SubscriptionData['status'], trialDays = 0): SubscriptionData => ({
      id: 9, status, charge_amount: 2.5, currency: 'EUR', comment: null, date_create: '2026-03-01T10:00:00+00:00', date_end: status === 'canceled' ? '2026-03-02T10:00:00+00:00' : null,
      date_last_charge: null, date_next_charge: status === 'canceled' ? null : '2026-04-01T10:00:00+00:00', user: { id: 'p-1', name: '' },
      plan: { id: 3, external_id: null }, period: { value: 1, type: 'month' }, trial_days: trialDays, expires_at: null, decline_renewals: false, failures: 0, model: record('subscription'),
    });
    for (const kind of ['items', 'virtual_currency', 'subscription', 'game'] as const) {
      for (const p of [record(kind), record(kind, { mode: 'sandbox', externalId: 'order-1', customParameters: { a: [1, { b: null }] }, user: { id: 'p-2', email: '', name: 'Ada', country: 'US', phone: '+33' } })]) {
        const sub = kind === 'subscription' ? subscription('active') : undefined;
        for (const payload of [...paidWebhooks(p, variant, sub), ...refundWebhooks(p, variant, 'sample', p.date, sub && subscription('canceled'))]) expectValid(payload);
        if (sub) for (const payload of renewalWebhooks(p, variant, sub)) expectValid(payload);
      }
    }
    for (const status of ['active', 'canceled', 'non_renewing', 'freeze', 'new'] as const) {
      expectValid(subscriptionWebhook('update_subscription', record('subscription'), subscription(status, status === 'new' ? 7 : 0)));
    }
  });
});

describe('what a running service sends validates against the section', () => {
  let world: SandboxWorld;
  let listener: Awaited<ReturnType<typeof recordingListener>>;
  /** The sandbox's Star Miners (the demo's project 200001). */
  let starMiners: number;
  beforeAll(async () => {
    [world, listener] = await Promise.all([sandboxWorld(), recordingListener()]);
    starMiners = world.project(200001);
    const game = await merchant('POST', `/merchant/v2/projects/${starMiners}/game_delivery`, {
      sku: 'schema-game', name: { en: 'Schema Game' }, description: { en: 'Keys for the schema test' }, system_requirements: '-', default_currency: 'USD',
      drm: [{ id: 1, name: 'Steam', prices: [{ currency: 'USD', amount: 9.99 }] }],
    });
    expect(game.status, JSON.stringify(game.body)).toBe(201);
    expect((await merchant('POST', `/mock/projects/${starMiners}/game_delivery/${game.body.id}/keys`, { drm_id: 1, keys: ['SCHEMA-1', 'SCHEMA-2'] })).status).toBe(200);
  });
  afterAll(async () => {
    await world?.close();
    await listener?.server.close();
  });

  const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
  async function pay(player: string, purchase: object, extra: object = {}): Promise<number> {
    const token = await merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
      user: { id: { value: player }, email: { value: `${player}@example.test` }, name: { value: 'Nova' } },
      settings: { project_id: starMiners, mode: 'sandbox', external_id: `${player}-order` }, purchase, ...extra,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const paid = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    const answer = await paid.json() as Plain;
    expect(answer.status, JSON.stringify(answer)).toBe('done');
    return answer.transaction_id as number;
  }
  /** The player's webhooks the listener got, once there are `count` of them. */
  async function receivedFor(player: string, count: number): Promise<Received[]> {
    const mine = () => listener.received.filter((r) => playerOf(r.body) === player);
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
    return mine();
  }
  /** The first webhook of `type` the player got, once it came. */
  async function first(player: string, type: string): Promise<Received> {
    const find = () => listener.received.find((r) => playerOf(r.body) === player && r.type === type);
    await expect.poll(find, { timeout: 15_000 }).toBeDefined();
    return find()!;
  }

  // A plan's payments are `payment` and `refund` in both variants (mock/spec/webhook-sources.md).
  const planWebhooks = ['user_validation', 'payment', 'create_subscription', 'payment', 'update_subscription', 'refund', 'cancel_subscription'];
  it.each([
    ['combined', ['user_validation', 'order_paid', 'order_canceled', 'user_validation', 'order_paid', ...planWebhooks, 'user_validation', 'order_paid']],
    ['separate', ['user_validation', 'payment', 'order_paid', 'refund', 'order_canceled', 'user_validation', 'payment', 'order_paid', ...planWebhooks, 'user_validation', 'payment', 'order_paid']],
  ] as const)('%s: items bought and refunded, currency by quantity, a plan bought, renewed and refunded, a game key', async (variant, expected) => {
    const settings = await merchant('PUT', `/mock/projects/${starMiners}/webhooks`, { url: listener.url, secret: `secret-${variant}`, variant });
    expect(settings.status, JSON.stringify(settings.body)).toBeLessThan(300);
    const player = `schema-${variant}`;
    const items = await pay(player, { virtual_items: { items: [{ sku: 'starter-pack', amount: 2 }] } }, { custom_parameters: { campaign: 'spring', nested: { n: [1] } } });
    expect((await merchant('POST', `/mock/transactions/${items}/refund`, { reason: 'schema test' })).status).toBe(200);
    await pay(player, { virtual_currency: { quantity: 40 } });
    const plan = await pay(player, { subscription: { plan_id: 'captain-monthly' } });
    const created = await first(player, 'create_subscription');
    expect((await merchant('POST', `/mock/subscriptions/${created.body.subscription.subscription_id}/renew`)).status).toBe(200);
    expect((await merchant('POST', `/mock/transactions/${plan}/refund`, {})).status).toBe(200);
    await pay(player, { pin_codes: { codes: [{ digital_content: 'schema-game', drm: 'steam' }] } });

    const received = await receivedFor(player, expected.length);
    // The project's webhooks in order, one at a time; a payment's question (user_validation) is asked
    // beside that queue, so it may come before the previous operation's last webhook: only its count
    // is fixed, and that each comes before the webhooks of its own payment.
    const queued = (types: readonly string[]) => types.filter((type) => type !== 'user_validation');
    const types = received.map((r) => r.type);
    expect(queued(types)).toEqual(queued(expected));
    expect(types.filter((type) => type === 'user_validation')).toHaveLength(expected.filter((type) => type === 'user_validation').length);
    const paid = received.filter((r) => r.type === 'order_paid' || r.type === 'create_subscription');
    const questions = received.flatMap((r, i) => (r.type === 'user_validation' ? [i] : []));
    for (const [n, question] of questions.entries()) expect(question, `question ${n + 1}`).toBeLessThan(received.indexOf(paid[n]!));
    for (const { body } of received) expectValid(body);
    // The published lines: the currency bought by quantity is a virtual_currency line, the key a game_key named <sku>_<drm>; sums are strings.
    const orders = received.filter((r) => r.type === 'order_paid').map((r) => r.body);
    expect(orders.map((o) => o.items.map((i: Plain) => [i.type, i.sku, i.quantity, i.amount]))).toEqual([
      [['virtual_good', 'starter-pack', 2, '9.98']], [['virtual_currency', 'virtual_currency', 40, expect.any(String)]], [['game_key', 'schema-game_steam', 1, '9.99']],
    ]);
    expect(orders.map((o) => [o.order.status, o.order.mode, o.order.invoice_id, o.order.amount])).toEqual(orders.map((o) => ['paid', 'sandbox', String(o.order.id), expect.stringMatching(/^\d+(\.\d+)?$/)]));
    const payments = variant === 'combined' ? orders.map((o) => o.billing) : received.filter((r) => r.type === 'payment').map((r) => r.body);
    expect(payments[0]).toMatchObject({
      settings: { project_id: starMiners, merchant_id: world.merchantId }, user: { id: player, ip: expect.any(String) },
      transaction: { id: items, external_id: `${player}-order`, dry_run: 1, agreement: 1, payment_method: 1 }, payment_details: { payment: { currency: 'USD', amount: 9.98 } },
      purchase: { virtual_items: { items: [{ sku: 'starter-pack', amount: 2 }] }, total: { currency: 'USD', amount: 9.98 } },
    });
  }, 60_000);

});
