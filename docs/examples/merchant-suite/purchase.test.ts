// A purchase end to end, headless: the shop's checkout gets a token, the test pays as the player
// would (POST /mock/payments), waits for the webhook the shop took, and sees the crystals credited;
// then the service fails on purpose and the shop's error path shows.
import { expect, it } from 'vitest';
import { sandboxShop } from './sandbox-shop';

const the = sandboxShop('purchase-test-secret');

// #region purchase
it('credits the crystals a player paid for, once order_paid reached the shop', async () => {
  const checkout = await the.shop.checkout('pilot-1', { virtual_currency: { quantity: 40 } });
  if (!('token' in checkout)) throw new Error(checkout.retryLater);
  const paid = await the.sandbox.createPayment({ body: { access_token: checkout.token } });
  expect(paid.status).toBe('done');
  const { deliveries } = await the.sandbox.listWebhookLog({ query: { type: 'order_paid', state: 'accepted', wait: 10_000 } });
  expect(deliveries).toHaveLength(1);
  expect(the.shop.crystalsOf('pilot-1')).toBe(40);
});
// #endregion purchase

// #region fault
it('tells the player to come back when the payment service answers 503', async () => {
  await the.sandbox.createFault({ body: { operation: 'createToken', status: 503, count: 1 } });
  expect(await the.shop.checkout('pilot-2', { virtual_currency: { quantity: 5 } })).toEqual({ retryLater: expect.stringContaining('try again') });
  // The rule was for one request: the next checkout works.
  expect(await the.shop.checkout('pilot-2', { virtual_currency: { quantity: 5 } })).toEqual({ token: expect.any(String) });
});
// #endregion fault

// #region declined
it('answers a declined payment with 200 and the page\'s troubled status, and delivers nothing', async () => {
  const checkout = await the.shop.checkout('pilot-3', { virtual_currency: { quantity: 7 } });
  if (!('token' in checkout)) throw new Error(checkout.retryLater);
  const declined = await the.sandbox.createPayment({ body: { access_token: checkout.token, outcome: 'declined' } });
  expect(declined).toEqual({ status: 'troubled', reason: 'declined', transaction_id: expect.any(Number), invoice_id: expect.any(Number) });
  expect(the.shop.crystalsOf('pilot-3')).toBe(0);
});
// #endregion declined
