// The same kind of test with node:test and no test framework to install: a service started by the
// file itself, a sandbox, a token from the server kit, a headless payment and the webhook waited for.
// Run: node --test node/
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startPayuiMock } from 'payui-mock';
import { createMerchantClient, createWebhookHandler } from 'payui-embed/server';

// #region node-test
let mock;
let sandbox;
let listener;
const received = [];

before(async () => {
  mock = await startPayuiMock();
  sandbox = await mock.sandbox();
  const handler = createWebhookHandler({ secret: 'node-test-secret', on: { order_paid: (paid) => void received.push(paid) } });
  listener = createServer((req, res) => void handler(req, res));
  await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve));
  await sandbox.client.putWebhookSettings({
    path: { project_id: sandbox.projectIds[0] },
    body: { url: `http://127.0.0.1:${listener.address().port}/`, secret: 'node-test-secret', variant: 'combined' },
  });
});
after(async () => {
  listener.close();
  await mock.stop();
});

test('a paid order reaches the listener, signed', async () => {
  const kit = createMerchantClient({ merchantId: sandbox.merchantId, apiKey: sandbox.apiKey, baseUrl: mock.merchantApiUrl });
  const { token } = await kit.createToken({
    user: { id: { value: 'node-pilot' }, email: { value: 'node-pilot@example.test' } },
    settings: { project_id: sandbox.projectIds[0], mode: 'sandbox', currency: 'USD' },
    purchase: { virtual_currency: { quantity: 10 } },
  });
  const paid = await sandbox.client.createPayment({ body: { access_token: token } });
  await sandbox.client.listWebhookLog({ query: { type: 'order_paid', state: 'accepted', wait: 10_000 } });
  assert.equal(received.length, 1);
  assert.equal(received[0].order.id, paid.transaction_id);
});
// #endregion node-test
