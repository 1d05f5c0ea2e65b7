// The kit's webhook handler mounted in Fastify (fastify-webhooks.ts), in a sandbox of this file's
// own: a paid order reaches it signed and is accepted; a body signed with another secret is refused.
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { createMockClient, type MockClient } from 'payui-mock/client';
import { createMerchantClient, signWebhook, type OrderPaidWebhook } from 'payui-embed/server';
import { startFastifyShop } from './fastify-webhooks';

const secret = 'fastify-test-secret';
const paid: OrderPaidWebhook[] = [];
let sandbox: MockClient;
let shop: Awaited<ReturnType<typeof startFastifyShop>>;
let projectId: number;
let apiKey: string;

beforeAll(async () => {
  const made = await createMockClient(inject('payuiMockUrl')).createSandbox();
  [projectId, apiKey] = [made.project_ids[0]!, made.api_key];
  sandbox = createMockClient(inject('payuiMockUrl'), { merchantId: made.merchant_id, apiKey });
  shop = await startFastifyShop({ secret, on: { order_paid: (order) => void paid.push(order) } });
  await sandbox.putWebhookSettings({ path: { project_id: projectId }, body: { url: shop.webhookUrl, secret, variant: 'combined' } });
});
afterAll(async () => {
  await shop.close();
  await sandbox.deleteSandbox({ path: { merchant_id: sandbox.merchantId! } });
});

it('takes a paid order through Fastify, signature checked on the raw body', async () => {
  const kit = createMerchantClient({ merchantId: sandbox.merchantId!, apiKey, baseUrl: inject('payuiMockUrl') });
  const { token } = await kit.createToken({
    user: { id: { value: 'fastify-pilot' }, email: { value: 'fastify-pilot@example.test' } },
    settings: { project_id: projectId, mode: 'sandbox', currency: 'USD' },
    purchase: { virtual_currency: { quantity: 10 } },
  });
  const payment = await sandbox.createPayment({ body: { access_token: token } });
  const { deliveries } = await sandbox.listWebhookLog({ query: { type: 'order_paid', state: 'accepted', wait: 10_000 } });
  expect(deliveries).toHaveLength(1);
  expect(paid.map((order) => order.order.id)).toEqual([payment.transaction_id]);
});

it('refuses a webhook signed with another secret: 400 INVALID_SIGNATURE', async () => {
  const forged = signWebhook('{"notification_type": "order_paid"}', 'not-the-secret');
  const answer = await fetch(shop.webhookUrl, { method: 'POST', ...forged });
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
});
