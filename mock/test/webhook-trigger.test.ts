// POST /mock/webhooks/trigger and `payui-mock trigger <type> --transaction N` (DESIGN.md §8b "Wait,
// replay, trigger"): the webhook the service would send for a transaction or subscription it holds,
// sent again to the project's listener by the normal sender (signed, logged); 404 for what is not
// the caller's, 422 for a type that does not fit, 409 for a project without webhook settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, runTrigger } from '../app/trigger';
import { verifyWebhookSignature } from '../../src/server/index';
import { recordingListener } from './recording-listener';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let listener: Awaited<ReturnType<typeof recordingListener>>;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;
const SECRET = 'trigger-secret';
const listenHere = () => world.merchant('PUT', `/mock/projects/${starMiners}/webhooks`, { url: listener.url, secret: SECRET, variant: 'combined' });
beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  listener = await recordingListener();
  expect((await listenHere()).status).toBe(200);
});
afterAll(async () => {
  await world.close();
  await listener.server.close();
});

const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
const triggerCall = (body: object) => merchant('POST', '/mock/webhooks/trigger', body);
/** The deliveries after `after` that `query` keeps, once one is accepted by the listener. */
const accepted = async (after: number, query = '') =>
  (await merchant('GET', `/mock/webhooks?after=${after}&state=accepted&wait=30000${query}`)).body.deliveries as { id: number; notification_type: string; body: string }[];
const lastDelivery = async () => ((await merchant('GET', '/mock/webhooks')).body.deliveries[0]?.id ?? 0) as number;

/** `purchase` for `user`, paid without a browser: the transaction id. */
async function buy(user: string, purchase: object, choice: object = {}): Promise<number> {
  const token = await merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD' }, purchase,
  });
  const paid = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token, ...choice }) });
  expect(paid.status).toBe(200);
  return ((await paid.json()) as { transaction_id: number }).transaction_id;
}

describe('POST /mock/webhooks/trigger', () => {
  it('sends a paid transaction\'s order_paid again: the body the payment sent, signed, logged and taken by the listener', async () => {
    const before = await lastDelivery();
    const transaction = await buy('trigger-one', { virtual_currency: { quantity: 40 } });
    const [original] = await accepted(before, '&type=order_paid');
    const sent = await triggerCall({ type: 'order_paid', transaction_id: transaction });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ id: expect.any(Number), project_id: starMiners, notification_type: 'order_paid', body: original!.body });
    const [again] = await accepted(original!.id, '&type=order_paid');
    expect(again!.id).toBe(sent.body.id);
    const got = listener.bodies.filter((body) => body === original!.body);
    expect(got).toHaveLength(2);
    const index = listener.bodies.lastIndexOf(original!.body);
    expect(verifyWebhookSignature(listener.bodies[index]!, listener.signatures[index], SECRET)).toBe(true);
    // payment too (the separate variant's shape), for the same transaction.
    const payment = await triggerCall({ type: 'payment', transaction_id: transaction });
    expect(payment.status).toBe(202);
    expect(JSON.parse(payment.body.body)).toMatchObject({ notification_type: 'payment', transaction: { id: transaction }, settings: { project_id: starMiners } });
  });

  it('sends refund and order_canceled only for a refunded transaction, with the refund\'s reason', async () => {
    const transaction = await buy('trigger-two', { virtual_currency: { quantity: 40 } });
    const early = await triggerCall({ type: 'order_canceled', transaction_id: transaction });
    expect(early.status).toBe(422);
    expect(early.body.extended_message.property_errors.type).toEqual([expect.stringMatching(/not refunded/)]);
    expect((await merchant('POST', `/mock/transactions/${transaction}/refund`, { reason: 'changed my mind' })).status).toBe(200);
    const canceled = await triggerCall({ type: 'order_canceled', transaction_id: transaction });
    expect(canceled.status).toBe(202);
    expect(JSON.parse(canceled.body.body)).toMatchObject({ notification_type: 'order_canceled', order: { id: transaction, status: 'canceled' }, billing: { refund_details: { reason: 'changed my mind' } } });
    const refund = await triggerCall({ type: 'refund', transaction_id: transaction });
    expect(JSON.parse(refund.body.body)).toMatchObject({ notification_type: 'refund', refund_details: { reason: 'changed my mind' } });
    // A refunded transaction was paid: its order_paid is still the one it sent.
    expect((await triggerCall({ type: 'order_paid', transaction_id: transaction })).status).toBe(202);
  });

  it('sends a subscription\'s create_subscription and update_subscription as it is now; cancel_subscription only once it is canceled', async () => {
    const before = await lastDelivery();
    await buy('trigger-three', { subscription: { plan_id: 'captain-monthly' } }, { plan: 'captain-monthly' });
    const [created] = await accepted(before, '&type=create_subscription');
    const subscription = Number(JSON.parse(created!.body).subscription.subscription_id);
    const create = await triggerCall({ type: 'create_subscription', subscription_id: subscription });
    expect(create.status).toBe(202);
    expect(create.body.body).toBe(created!.body);
    const update = await triggerCall({ type: 'update_subscription', subscription_id: subscription });
    expect(JSON.parse(update.body.body)).toMatchObject({ notification_type: 'update_subscription', subscription: { subscription_id: String(subscription), date_next_charge: expect.any(String) } });
    const cancel = await triggerCall({ type: 'cancel_subscription', subscription_id: subscription });
    expect(cancel.status).toBe(422);
    expect(Object.keys(cancel.body.extended_message.property_errors)).toEqual(['type']);
  });

  it('sends a renewal\'s payment as the renewal sent it, and no order_paid, which a renewal never sends', async () => {
    const before = await lastDelivery();
    const bought = await buy('trigger-renewal', { subscription: { plan_id: 'captain-monthly' } }, { plan: 'captain-monthly' });
    const [created] = await accepted(before, '&type=create_subscription');
    const subscription = Number(JSON.parse(created!.body).subscription.subscription_id);
    const renewedAt = await lastDelivery();
    expect((await merchant('POST', `/mock/subscriptions/${subscription}/renew`)).status).toBe(200);
    const [updated] = await accepted(renewedAt, '&type=update_subscription');
    const renewal = (await merchant('GET', `/merchant/v2/merchants/${world.merchantId}/reports/transactions/search.json?datetime_from=2000-01-01T00:00:00Z&datetime_to=2200-01-01T00:00:00Z&user_id=trigger-renewal&show_dry_run=true`)).body
      .map((t: { transaction: { id: number } }) => t.transaction.id).find((id: number) => id !== bought) as number;
    expect(updated).toBeDefined();
    const paid = await triggerCall({ type: 'order_paid', transaction_id: renewal });
    expect(paid.status, JSON.stringify(paid.body)).toBe(422);
    expect(paid.body.extended_message.property_errors.type, JSON.stringify(paid.body)).toEqual([expect.stringMatching(/renewal/)]);
    const payment = await triggerCall({ type: 'payment', transaction_id: renewal });
    expect(payment.status).toBe(202);
    expect(JSON.parse(payment.body.body)).toMatchObject({ notification_type: 'payment', transaction: { id: renewal } });
  });

  it('answers 404 for what is not the caller\'s, 422 for a type that does not fit the object, 409 without webhook settings', async () => {
    const transaction = await buy('trigger-four', { virtual_currency: { quantity: 40 } });
    expect((await triggerCall({ type: 'order_paid', transaction_id: 999_999_999 })).status).toBe(404);
    expect((await triggerCall({ type: 'create_subscription', subscription_id: 999_999_999 })).status).toBe(404);
    const other = await sandboxWorld({ seed: 'empty' });
    try {
      const theirs = await fetch(`${world.origin}/mock/webhooks/trigger`, {
        method: 'POST', headers: { authorization: other.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'order_paid', transaction_id: transaction }),
      });
      expect(theirs.status).toBe(404);
    } finally {
      await other.close();
    }
    const fields = async (body: object) => Object.keys((await triggerCall(body)).body.extended_message.property_errors);
    expect(await fields({ type: 'create_subscription', transaction_id: transaction })).toEqual(['type']);
    expect(await fields({ type: 'user_validation', transaction_id: transaction })).toEqual(['type']);
    expect(await fields({ type: 'order_paid', transaction_id: transaction, subscription_id: 1 })).toEqual(['subscription_id']);
    expect(await fields({ type: 'order_paid' })).toEqual(['transaction_id']);
    expect(await fields({ type: 'order_shipped', transaction_id: transaction })).toEqual(['type']);
    expect((await merchant('DELETE', `/mock/projects/${starMiners}/webhooks`)).status).toBe(200);
    try {
      const off = await triggerCall({ type: 'order_paid', transaction_id: transaction });
      expect(off.status).toBe(409);
      expect(off.body.message).toMatch(/no webhook settings/);
    } finally {
      expect((await listenHere()).status).toBe(200);
    }
  });
});

describe('payui-mock trigger <type> --transaction N', () => {
  it('asks the running service to send that transaction\'s webhook, and says what it did', async () => {
    const before = await lastDelivery();
    const transaction = await buy('trigger-five', { virtual_currency: { quantity: 40 } });
    const [original] = await accepted(before, '&type=order_paid');
    const out: string[] = [];
    const err: string[] = [];
    const code = await runTrigger(['trigger', 'order_paid', '--transaction', String(transaction), '--api', world.origin, '--merchant', `${world.merchantId}:${world.apiKey}`], (l) => out.push(l), (l) => err.push(l));
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const [again] = await accepted(original!.id, '&type=order_paid');
    expect(again!.body).toBe(original!.body);
    expect(out.join('\n')).toContain(`delivery ${again!.id}`);
    // The service's refusal is the command's failure, with the service's words.
    const missing = await runTrigger(['trigger', 'order_paid', '--transaction', '999999999', '--api', world.origin, '--merchant', `${world.merchantId}:${world.apiKey}`], () => undefined, (l) => err.push(l));
    expect(missing).toBe(1);
    expect(err.join('\n')).toMatch(/404.*no transaction 999999999/);
    const wrongKey = await runTrigger(['trigger', 'order_paid', '--transaction', String(transaction), '--api', world.origin, '--merchant', `${world.merchantId}:wrong`], () => undefined, (l) => err.push(l));
    expect(wrongKey).toBe(1);
  });

  it('takes the running service\'s address and the merchant\'s credentials, with the demo\'s as defaults, and checks its arguments', () => {
    expect(parseArgs(['trigger', 'order_paid', '--transaction', '42'])).toEqual({
      command: 'replay', options: { type: 'order_paid', transactionId: 42, api: 'http://localhost:5174', merchantId: 100001, apiKey: 'demo-api-key' },
    });
    expect(parseArgs(['trigger', 'update_subscription', '--subscription', '7', '--api', 'http://127.0.0.1:9000/', '--merchant', '100002:key:with:colons'])).toEqual({
      command: 'replay', options: { type: 'update_subscription', subscriptionId: 7, api: 'http://127.0.0.1:9000', merchantId: 100002, apiKey: 'key:with:colons' },
    });
    const error = (argv: string[]) => {
      const parsed = parseArgs(argv);
      return parsed.command === 'error' ? parsed.message : null;
    };
    expect(error(['trigger', 'order_paid', '--transaction', '42', '--subscription', '7'])).toMatch(/one of --transaction and --subscription/);
    expect(error(['trigger', 'order_paid', '--transaction', 'x'])).toMatch(/--transaction/);
    expect(error(['trigger', 'order_paid', '--transaction', '42', '--to', 'http://localhost:1/'])).toMatch(/--to/);
    expect(error(['trigger', 'order_paid', '--transaction', '42', '--merchant', 'demo'])).toMatch(/--merchant/);
    expect(error(['trigger', 'order_paid', '--transaction', '42', '--api', 'ftp://x'])).toMatch(/--api/);
    expect(error(['trigger', 'order_paid', '--api', 'http://localhost:5174'])).toMatch(/--api/);
  });
});
