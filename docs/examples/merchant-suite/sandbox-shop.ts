// What each test file does first: a sandbox of its own in the run's payui-mock, the shop pointed at
// it, and the sandbox's webhooks pointed at the shop; both gone after the file.
import { afterAll, beforeAll, inject } from 'vitest';
import { createMockClient, type MockClient } from 'payui-mock/client';  // the client alone: no service in this worker
import { startShop } from './shop';

// #region sandbox
export function sandboxShop(webhookSecret: string) {
  const the = {} as { sandbox: MockClient; shop: Awaited<ReturnType<typeof startShop>> };
  beforeAll(async () => {
    const service = createMockClient(inject('payuiMockUrl'));
    const made = await service.createSandbox();                  // a merchant of this file's own
    the.sandbox = service.as({ merchantId: made.merchant_id, apiKey: made.api_key });
    the.shop = await startShop({
      merchantApiUrl: inject('payuiMockUrl'), merchantId: made.merchant_id, apiKey: made.api_key,
      projectId: made.project_ids[0]!, webhookSecret,
    });
    await the.sandbox.putWebhookSettings({ path: { project_id: made.project_ids[0]! }, body: { url: the.shop.webhookUrl, secret: webhookSecret, variant: 'combined' } });
  });
  afterAll(async () => {
    await the.shop.close();
    await the.sandbox.deleteSandbox({ path: { merchant_id: the.sandbox.merchantId! } });
  });
  return the;
}
// #endregion sandbox
