// Failing on purpose (DESIGN.md §8b): `/mock/faults` rules fail the caller's own next requests to an
// operation (a status, a body, a latency, a dropped connection), `count` times; the
// `X-Payui-Mock-Fault` header fails one request. A shop's backend tests its error paths against them:
// here, through the kit, whose retries and errors see what a real outage looks like. Rules are per
// merchant: a sandbox of the shared service is the file's. (A rule seen through a second merchant API
// on the same database: mock/test/one-world.test.ts.)
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createMerchantClient, MerchantApiError } from '../../src/server/index';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';
import type { RecordingListener } from './recording-listener';
import { transactionOf } from './recording-listener';

let world: SandboxWorld;
/** The sandbox's copy of the demo project Star Miners (200001), and its path on the merchant API. */
let star: number;
let STAR: string;
let TOKEN: string;
let PLAYER: object;
beforeAll(async () => {
  world = await sandboxWorld();
  star = world.project(200001);
  STAR = `/merchant/v2/projects/${star}`;
  TOKEN = `/merchant/v2/merchants/${world.merchantId}/token`;
  PLAYER = { user: { id: { value: 'fault-player' }, email: { value: 'f@example.test' } }, settings: { project_id: star } };
});
afterAll(() => world.close());

const call = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
const kitOf = (options: { maxRetries: number; timeoutMs?: number }) => createMerchantClient({ ...world.credentials, baseUrl: world.origin, ...options });

describe('/mock/faults', () => {
  it('fails the next `count` requests to the operation, then answers as usual; the list says what is left', async () => {
    const created = await call('POST', '/mock/faults', { operation: 'createToken', status: 503, count: 2 });
    expect(created.status).toBe(201);
    expect((await call('GET', '/mock/faults')).body).toEqual([{ id: created.body.id, operation: 'createToken', status: 503, count: 2, remaining: 2 }]);
    const first = await call('POST', TOKEN, PLAYER);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ http_status_code: 503, request_id: expect.any(String) });
    expect((await call('GET', '/mock/faults')).body).toMatchObject([{ remaining: 1 }]);
    // Another operation is not touched.
    expect((await call('GET', STAR)).status).toBe(200);
    expect((await call('POST', TOKEN, PLAYER)).status).toBe(503);
    expect((await call('POST', TOKEN, PLAYER)).status).toBe(200);
    expect((await call('GET', '/mock/faults')).body).toEqual([]);
  });

  it('by method and path, with a body of its own; DELETE removes a rule', async () => {
    const path = '/merchant/{version}/projects/{project_id}';
    const { body: { id } } = await call('POST', '/mock/faults', { method: 'GET', path, status: 429, body: { said: 'slow down' }, count: 5 });
    const failed = await call('GET', `/merchant/v1/projects/${star}`);
    expect(failed).toMatchObject({ status: 429, body: { said: 'slow down' } });
    expect((await call('DELETE', `/mock/faults/${id}`)).status).toBe(204);
    expect((await call('GET', `/merchant/v1/projects/${star}`)).status).toBe(200);
    expect((await call('DELETE', `/mock/faults/${id}`)).status).toBe(404);
  });

  it('drops the connection, which the kit tries again (a GET) and reports as NETWORK when it goes on', async () => {
    await call('POST', '/mock/faults', { operation: 'getProject', drop: true, count: 1 });
    const kit = kitOf({ maxRetries: 1 });
    expect((await kit.projects.get(star)).id).toBe(star);
    await call('POST', '/mock/faults', { operation: 'getProject', drop: true, count: 2 });
    const error = await kit.projects.get(star).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error).toMatchObject({ code: 'NETWORK', status: null });
  });

  it('a latency alone answers late but as usual (the kit\'s timeout sees it)', async () => {
    await call('POST', '/mock/faults', { operation: 'getProject', latency_ms: 1500 });
    const kit = kitOf({ timeoutMs: 200, maxRetries: 0 });
    expect(await kit.projects.get(star).catch((e: unknown) => e)).toMatchObject({ code: 'TIMEOUT' });
    expect((await call('GET', STAR)).status).toBe(200);
  });

  it('touches only the merchant that made it', async () => {
    const other = await sandboxWorld({ seed: 'empty' });
    onTestFinished(() => other.close());
    const made = await other.merchant('POST', '/mock/faults', { operation: 'getProject', status: 500, count: 10 });
    expect(made.status).toBe(201);
    expect((await call('GET', STAR)).status).toBe(200);
    expect((await call('GET', '/mock/faults')).body).toEqual([]);
  });

  it("a reset drops the merchant's rules with the rest of its state", async () => {
    const other = await sandboxWorld({ seed: 'empty' });
    onTestFinished(() => other.close());
    expect((await other.merchant('POST', '/mock/faults', { operation: 'getProject', status: 500, count: 10 })).status).toBe(201);
    expect((await other.merchant('POST', '/mock/reset')).status).toBe(204);
    expect((await other.merchant('GET', '/mock/faults')).body).toEqual([]);
  });

  it('refuses a rule that names nothing, or does not say how to fail, at its field', async () => {
    const fields = async (body: unknown) => Object.keys((await call('POST', '/mock/faults', body)).body.extended_message.property_errors);
    expect(await fields({ operation: 'noSuchOperation', status: 500 })).toEqual(['operation']);
    expect(await fields({ method: 'GET', path: STAR, status: 500 })).toEqual(['path']);
    expect(await fields({ method: 'DELETE', path: '/merchant/{version}/projects/{project_id}', status: 500 })).toEqual(['method']);
    expect(await fields({ operation: 'getProject' })).toEqual(['status']);
    expect(await fields({ operation: 'getProject', status: 200 })).toEqual(['status']);
  });
});

describe('X-Payui-Mock-Fault', () => {
  const withHeader = (value: string) => fetch(`${world.origin}${STAR}`, { headers: { authorization: world.authorization, 'x-payui-mock-fault': value } });

  it('fails the one request that carries it', async () => {
    const failed = await withHeader('status=503');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ http_status_code: 503 });
    await expect(withHeader('drop')).rejects.toThrow();
    expect((await withHeader('latency=10')).status).toBe(200);
    expect((await call('GET', STAR)).status).toBe(200);
  });

  it('that it does not understand is 422 at the header', async () => {
    const answer = await withHeader('status=200');
    expect(answer.status).toBe(422);
    expect(Object.keys((await answer.json()).extended_message.property_errors)).toEqual(['X-Payui-Mock-Fault']);
  });
});

describe('webhook faults', () => {
  /** A headless payment of `quantity` crystals by a new player; its transaction id. */
  async function pay(player: string, quantity: number): Promise<number> {
    const token = await call('POST', TOKEN, { user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: star, mode: 'sandbox', currency: 'USD' }, purchase: { virtual_currency: { quantity } } });
    const paid = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
    return (await paid.json()).transaction_id;
  }
  let listener: RecordingListener;
  beforeAll(async () => {
    // Closed with the sandbox.
    listener = await world.listen(200001, 'fault-secret');
  });
  const orderPaid = () => listener.received.filter((r) => r.type === 'order_paid').map((r) => transactionOf(r.body) as number);

  it('duplicate sends each of the next webhooks twice, the same body; the rule is spent after count', async () => {
    expect((await call('POST', '/mock/faults', { webhooks: { duplicate: true }, count: 1 })).status).toBe(201);
    const first = await pay('dup-1', 3);
    await expect.poll(orderPaid).toEqual([first, first]);
    const bodies = listener.bodies.filter((b) => b.includes('"order_paid"'));
    expect(bodies[0]).toBe(bodies[1]);
    const second = await pay('dup-2', 3);
    await expect.poll(orderPaid).toEqual([first, first, second]);
    expect((await call('GET', '/mock/faults')).body).toEqual([]);
  });

  it('order reverse holds the next webhooks and sends them last first', async () => {
    listener.received.length = 0;
    expect((await call('POST', '/mock/faults', { webhooks: { order: 'reverse' }, count: 2 })).status).toBe(201);
    const first = await pay('rev-1', 3);
    const second = await pay('rev-2', 3);
    await expect.poll(orderPaid).toEqual([second, first]);
    expect((await call('POST', '/mock/faults', { webhooks: { order: 'reverse' }, count: 1 })).status).toBe(422);
  });

  it("order reverse: what the last held webhook's payment sends after it waits behind the held ones (the project's order)", async () => {
    listener.received.length = 0;
    const setVariant = (variant: string) => call('PUT', `/mock/projects/${star}/webhooks`, { url: listener.url, secret: 'fault-secret', variant });
    // Separate: a payment sends `payment`, then `order_paid`, handed to the sender together.
    expect((await setVariant('separate')).status).toBe(200);
    try {
      expect((await call('POST', '/mock/faults', { webhooks: { order: 'reverse' }, count: 3 })).status).toBe(201);
      const first = await pay('rev-order-1', 3);
      const second = await pay('rev-order-2', 3);
      // The questions (user_validation) are asked beside the queue, and no fault takes them.
      const sent = () => listener.received.filter((r) => r.type !== 'user_validation').map((r) => `${r.type} ${transactionOf(r.body)}`);
      await expect.poll(() => sent().length).toBe(4);
      // Held: first's payment and order_paid, second's payment (the third, which ends the hold); then second's order_paid.
      expect(sent()).toEqual([`payment ${second}`, `order_paid ${first}`, `payment ${first}`, `order_paid ${second}`]);
    } finally {
      expect((await setVariant('combined')).status).toBe(200);
    }
  });

  it('order reverse: a rule removed while it holds a webhook (through any process: the hold looks at the database) sends what it held at once, not after its 10 s', async () => {
    listener.received.length = 0;
    const rule = await call('POST', '/mock/faults', { webhooks: { order: 'reverse' }, count: 3 });
    expect(rule.status).toBe(201);
    const first = await pay('rev-removed', 3);
    await expect.poll(async () => ((await call('GET', '/mock/faults')).body as { remaining: number }[])[0]?.remaining).toBe(2);
    expect(orderPaid()).toEqual([]);
    expect((await call('DELETE', `/mock/faults/${(rule.body as { id: number }).id}`)).status).toBe(204);
    // Well within the hold's 10 s (REVERSE_HOLD_MS), which is when it went before.
    await expect.poll(orderPaid, { timeout: 6_000 }).toEqual([first]);
  });

  it('delay_ms sends the next webhook late, and the project\'s later ones behind it', async () => {
    listener.received.length = 0;
    expect((await call('POST', '/mock/faults', { webhooks: { delay_ms: 600 }, count: 1 })).status).toBe(201);
    const before = Date.now();
    const first = await pay('late-1', 3);
    const second = await pay('late-2', 3);
    await expect.poll(orderPaid).toEqual([first, second]);
    // The first went out no sooner than its delay after it was made, and the second after it.
    const { attempts } = (await call('GET', '/mock/webhooks?type=order_paid')).body as { attempts: { notification_type: string; at: string }[] };
    const sent = attempts.filter((a) => a.notification_type === 'order_paid').map((a) => new Date(a.at).getTime()).sort((a, b) => a - b).slice(-2);
    expect(sent[0]! - before).toBeGreaterThanOrEqual(600);
    expect(sent[1]!).toBeGreaterThanOrEqual(sent[0]!);
  });

  it('a webhook rule takes no request fields, and a request rule no webhooks', async () => {
    const both = await call('POST', '/mock/faults', { operation: 'createToken', status: 503, webhooks: { duplicate: true } });
    expect(both.status).toBe(422);
    expect((await call('POST', '/mock/faults', { webhooks: {} })).status).toBe(422);
    expect((await call('POST', '/mock/faults', { webhooks: { duplicate: true, order: 'reverse' } })).status).toBe(422);
  });
});
