// A subscription renewed on the sandbox's own clock: moving it a month runs the renewal, and the
// shop hears update_subscription. Other files' sandboxes keep their clocks.
import { expect, it } from 'vitest';
import { sandboxShop } from './sandbox-shop';

const the = sandboxShop('renewal-test-secret');

// #region renewal
it('renews the Captain\'s pass a month later, on the sandbox\'s clock', async () => {
  const checkout = await the.shop.checkout('captain-1', { subscription: { plan_id: 'captain-monthly' } });
  if (!('token' in checkout)) throw new Error(checkout.retryLater);
  await the.sandbox.createPayment({ body: { access_token: checkout.token } });
  const bought = await the.sandbox.listWebhookLog({ query: { type: 'create_subscription', state: 'accepted', wait: 10_000 } });
  const firstCharge = the.shop.passOf('captain-1')!.nextCharge!;
  await the.sandbox.moveClock({ body: { advance: 'P1M' } });         // this sandbox's clock only
  const renewed = await the.sandbox.listWebhookLog({ query: { type: 'update_subscription', after: bought.deliveries[0]!.id, state: 'accepted', wait: 10_000 } });
  expect(renewed.deliveries).toHaveLength(1);
  expect(the.shop.passOf('captain-1')).toEqual({ status: 'active', nextCharge: expect.any(String) });
  expect(new Date(the.shop.passOf('captain-1')!.nextCharge!).getTime()).toBeGreaterThan(new Date(firstCharge).getTime());
});
// #endregion renewal
