// POST /mock/payments (DESIGN.md §8b): a purchase paid without a browser, with the token as its
// credential, does what the payment UI's Pay does — the transaction the reports show, the balance,
// the webhook — and answers the page's errors: a backend's CI buys without a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';
import type { RecordingListener } from './recording-listener';
import { playerOf, transactionOf } from './recording-listener';

let world: SandboxWorld;
let listener: RecordingListener;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;
beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  listener = await world.listen(200001, 'headless-secret');
});
afterAll(() => world.close());

const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
async function token(purchase: object, user = 'headless-pilot', mode = 'sandbox'): Promise<string> {
  const answer = await merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: starMiners, mode, currency: 'USD' }, purchase,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}
/** POST /mock/payments with no credentials: the token is one. */
async function pay(body: object) {
  const response = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('POST /mock/payments', () => {
  it('pays a token as the page does: done, a transaction in the report, user_validation asked, order_paid sent', async () => {
    const accessToken = await token({ virtual_currency: { quantity: 40 } }, 'headless-one');
    const paid = await pay({ access_token: accessToken });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: 'done', transaction_id: expect.any(Number), invoice_id: paid.body.transaction_id });
    const details = await merchant('GET', `/merchant/v2/merchants/${world.merchantId}/reports/transactions/${paid.body.transaction_id}/details`);
    expect(details.status).toBe(200);
    expect(details.body.transaction).toMatchObject({ id: paid.body.transaction_id });
    // user_validation asked first, then order_paid for this transaction, 40 crystals.
    await expect.poll(() => listener.received.filter((r) => r.type === 'order_paid' && transactionOf(r.body) === paid.body.transaction_id).length).toBe(1);
    const orderPaid = listener.received.find((r) => r.type === 'order_paid' && transactionOf(r.body) === paid.body.transaction_id)!;
    expect(orderPaid.body.items).toEqual([expect.objectContaining({ type: 'virtual_currency', quantity: 40 })]);
    expect(listener.received.some((r) => r.type === 'user_validation' && playerOf(r.body) === 'headless-one')).toBe(true);
    // The token paid once, as in the page.
    const again = await pay({ access_token: accessToken });
    expect(again.status).toBe(409);
  });

  it('pays access_data too (live, as its settings say), and a declined outcome keeps a failed transaction', async () => {
    const accessData = { user: { id: { value: 'headless-two' }, email: { value: 'two@example.test' } }, settings: { project_id: world.project(200002) }, purchase: { virtual_currency: { quantity: 5 } } };
    const declined = await pay({ access_data: accessData, outcome: 'declined' });
    expect(declined).toMatchObject({ status: 200, body: { status: 'troubled', reason: 'declined', transaction_id: expect.any(Number) } });
    const paid = await pay({ access_data: JSON.stringify(accessData) });
    expect(paid).toMatchObject({ status: 200, body: { status: 'done' } });
    const report = await merchant('GET', `/merchant/v2/merchants/${world.merchantId}/reports/transactions/${declined.body.transaction_id}/details`);
    expect(report.body.transaction).toMatchObject({ id: declined.body.transaction_id });
  });

  it('answers the page\'s errors: a bad token 0004-0001, an asked-for code as the page would show it, nothing paid', async () => {
    const bad = await pay({ access_token: 'not-a-token' });
    expect(bad).toMatchObject({ status: 422, body: { message: '0004-0001', extended_message: { global_errors: [expect.stringMatching(/token/)] } } });
    const asked = await pay({ access_token: await token({ virtual_currency: { quantity: 5 } }, 'headless-three'), outcome: '0010-0001' });
    expect(asked).toMatchObject({ status: 422, body: { message: '0010-0001' } });
    const report = await merchant('GET', `/merchant/v2/merchants/${world.merchantId}/reports/transactions/search.json?user_id=headless-three&datetime_from=2000-01-01T00:00:00Z&datetime_to=2100-01-01T00:00:00Z&show_dry_run=true`);
    expect(report.body).toEqual([]);
    const unknown = await pay({ access_token: 'x', outcome: '9999-9999' });
    expect(Object.keys(unknown.body.extended_message.property_errors)).toEqual(['outcome']);
  });

  it('takes the choice the page would ask for only where it is what the token sells', async () => {
    const plan = await token({ subscription: { plan_id: 'captain-monthly' } }, 'headless-four');
    const wrong = await pay({ access_token: plan, plan: 'captain-yearly' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.extended_message.property_errors)).toEqual(['plan']);
    expect((await pay({ access_token: plan, sku: 'captain-monthly' })).status).toBe(422);
    const right = await pay({ access_token: plan, plan: 'captain-monthly' });
    expect(right).toMatchObject({ status: 200, body: { status: 'done' } });
    const subscriptions = await merchant('GET', `/merchant/v2/projects/${starMiners}/subscriptions/payments?user_id=headless-four`);
    expect(subscriptions.body.length).toBeGreaterThan(0);
  });

  it('takes exactly one of access_token and access_data, with no credentials needed', async () => {
    const neither = await pay({ outcome: 'success' });
    expect(neither.status).toBe(422);
    const both = await pay({ access_token: 'a', access_data: '{}' });
    expect(both.status).toBe(422);
  });
});
