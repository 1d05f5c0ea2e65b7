// GET /mock/webhooks?type=…&after=…&state=…&wait=… (DESIGN.md §8b "Wait, replay, trigger"): a test
// waits for a webhook instead of polling the log. The wait answers as soon as a matching delivery
// of the caller's projects is in the log, or what there is when `wait` ms have passed, when the
// service stops, or not at all once the client went away (no timer or watcher left behind).
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForLog, WAITS_PER_MERCHANT } from '../webhooks/log';
import { createWebhookSender } from '../webhooks/sender';
import { sampleWebhook } from '../webhooks/payloads';
import type { RecordingListener } from './recording-listener';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';
import { startWorld } from './service-world';

let world: SandboxWorld;
let listener: RecordingListener;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;
beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  listener = await world.listen(200001, 'wait-secret');
});
afterAll(() => world.close());

const merchant = (method: string, path: string, body?: unknown) => world.merchant(method, path, body);
/** The id of the newest delivery of the log now (0: none): what `after` takes to wait for the next ones. */
const lastDelivery = async () => ((await merchant('GET', '/mock/webhooks')).body.deliveries[0]?.id ?? 0) as number;

/** 40 crystals for `user`, paid without a browser: the transaction id. */
async function buyCrystals(user: string): Promise<number> {
  const token = await merchant('POST', `/merchant/v2/merchants/${world.merchantId}/token`, {
    user: { id: { value: user }, email: { value: `${user}@example.test` } }, settings: { project_id: starMiners, mode: 'sandbox', currency: 'USD' },
    purchase: { virtual_currency: { quantity: 40 } },
  });
  const paid = await fetch(`${world.origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
  expect(paid.status).toBe(200);
  return ((await paid.json()) as { transaction_id: number }).transaction_id;
}

describe('GET /mock/webhooks with a wait', () => {
  it('answers when the delivery happens: the wait is started, then the payment made, and the answer holds its order_paid', async () => {
    const after = await lastDelivery();
    const waited = merchant('GET', `/mock/webhooks?type=order_paid&after=${after}&wait=30000`);
    const transaction = await buyCrystals('wait-one');
    const answer = await waited;
    expect(answer.status).toBe(200);
    expect(answer.body.deliveries).toEqual([expect.objectContaining({ id: expect.any(Number), project_id: starMiners, notification_type: 'order_paid' })]);
    expect(answer.body.deliveries[0].id).toBeGreaterThan(after);
    expect(JSON.parse(answer.body.deliveries[0].body).order.id).toBe(transaction);
    // The log's usual shape: the projects, and the attempts of the deliveries answered only.
    expect(answer.body.projects.map((p: { project_id: number }) => p.project_id)).toEqual([starMiners, world.project(200002)]);
    expect(answer.body.attempts.every((a: { delivery: number }) => a.delivery === answer.body.deliveries[0].id)).toBe(true);
  });

  it('with state=accepted answers once the listener took it, so the test reads its effects at once', async () => {
    const after = await lastDelivery();
    const waited = merchant('GET', `/mock/webhooks?type=order_paid&after=${after}&state=accepted&wait=30000`);
    const transaction = await buyCrystals('wait-two');
    const answer = await waited;
    expect(answer.body.deliveries).toEqual([expect.objectContaining({ notification_type: 'order_paid', state: 'accepted' })]);
    expect(answer.body.attempts).toEqual([expect.objectContaining({ delivery: answer.body.deliveries[0].id, accepted: true })]);
    expect(listener.received.some((r) => r.type === 'order_paid' && r.body.order.id === transaction)).toBe(true);
  });

  it('filters without a wait, and answers the empty list when nothing matches within the wait', async () => {
    await buyCrystals('wait-three');
    const all = (await merchant('GET', '/mock/webhooks')).body.deliveries;
    const paid = await merchant('GET', '/mock/webhooks?type=order_paid');
    expect(paid.body.deliveries.length).toBeGreaterThan(0);
    const ids = (list: { id: number }[]) => list.map((d) => d.id);
    expect(ids(paid.body.deliveries)).toEqual(ids(all.filter((d: { notification_type: string }) => d.notification_type === 'order_paid')));
    const newest = all[0].id;
    expect(ids((await merchant('GET', `/mock/webhooks?after=${newest - 1}`)).body.deliveries)).toEqual([newest]);
    const nothing = await merchant('GET', `/mock/webhooks?type=refund&after=${newest}&wait=50`);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ deliveries: [], attempts: [] });
  });

  it('refuses a wait beyond 30 s, and a type that is not a webhook type, at the parameter', async () => {
    const long = await merchant('GET', '/mock/webhooks?wait=30001');
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.extended_message.property_errors)).toEqual(['wait']);
    const type = await merchant('GET', '/mock/webhooks?type=order_shipped');
    expect(type.status).toBe(422);
    expect(Object.keys(type.body.extended_message.property_errors)).toEqual(['type']);
  });

  it('is per merchant: another merchant sees none of these deliveries, waiting or not', async () => {
    const other = await sandboxWorld({ seed: 'empty' });
    const ask = (query: string) => fetch(`${world.origin}/mock/webhooks?${query}`, { headers: { authorization: other.authorization } }).then((r) => r.json());
    const after = await lastDelivery();
    const theirs = ask(`type=order_paid&after=${after}&wait=1000`);
    const mine = merchant('GET', `/mock/webhooks?type=order_paid&after=${after}&wait=30000`);
    await buyCrystals('wait-four');
    expect((await mine).body.deliveries).toHaveLength(1);
    expect(await theirs).toEqual({ projects: [], deliveries: [], attempts: [] });
    expect(await ask(`after=${after}`)).toEqual({ projects: [], deliveries: [], attempts: [] });
    await other.close();
  });

  // A service of its own: the test stops it, and sees its sender's watchers.
  it('ends when the service stops: a wait of 30 s does not hold the stop', async () => {
    const own = await startWorld();
    const waited = fetch(`${own.origin}/mock/webhooks?type=refund&wait=30000`, { headers: { authorization: `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}` } })
      .then((r) => r.status, () => 'closed');
    // The wait is under way once the service has a watcher of its log.
    await expect.poll(() => own.sender.watching()).toBe(1);
    await own.close();
    expect([200, 'closed']).toContain(await waited);
    expect(own.sender.watching()).toBe(0);
  });
});

describe('waits per merchant', () => {
  // A service of its own: the test counts its sender's watchers.
  it('are capped: past WAITS_PER_MERCHANT under way, a clear 429 at once; another merchant still waits, and a wait that ended frees its place', async () => {
    const own = await startWorld();
    try {
      const demo = { authorization: `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}` };
      const made = await fetch(`${own.origin}/mock/sandboxes`, { method: 'POST' }).then((r) => r.json()) as { merchant_id: number; api_key: string };
      const other = { authorization: `Basic ${Buffer.from(`${made.merchant_id}:${made.api_key}`).toString('base64')}` };
      const stop = new AbortController();
      const waits = Array.from({ length: WAITS_PER_MERCHANT }, () =>
        fetch(`${own.origin}/mock/webhooks?type=refund&wait=30000`, { headers: demo, signal: stop.signal }).catch(() => 'aborted'));
      await expect.poll(() => own.sender.watching(), { timeout: 20_000 }).toBe(WAITS_PER_MERCHANT);
      const refused = await fetch(`${own.origin}/mock/webhooks?type=refund&wait=30000`, { headers: demo });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(`merchant 100001 has ${WAITS_PER_MERCHANT} waits of GET /mock/webhooks under way`);
      // A look without a wait is no wait; another merchant's wait is its own.
      expect((await fetch(`${own.origin}/mock/webhooks?type=refund`, { headers: demo })).status).toBe(200);
      expect((await fetch(`${own.origin}/mock/webhooks?type=refund&wait=1`, { headers: other })).status).toBe(200);
      // A wait its first look answers waits for nothing, so it takes no place (before, it was 429 here too).
      await own.sender.send(200001, [sampleWebhook('order_paid')]);
      const answered = await fetch(`${own.origin}/mock/webhooks?type=order_paid&wait=30000`, { headers: demo });
      expect(answered.status).toBe(200);
      expect(((await answered.json()) as { deliveries: unknown[] }).deliveries).toHaveLength(1);
      stop.abort();
      await Promise.all(waits);
      await expect.poll(() => own.sender.watching(), { timeout: 20_000 }).toBe(0);
      // Each ended wait takes its row out of the database's count (mock/store/webhook-waits.ts) as it answers.
      await expect.poll(async () => (await fetch(`${own.origin}/mock/webhooks?type=refund&wait=1`, { headers: demo })).status, { timeout: 20_000 }).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('are woken by their own projects\' log writes only', async () => {
    const sender = createWebhookSender({ initial: { 1: { url: 'http://127.0.0.1:9/', secret: 's', variant: 'combined' } } });
    const woken: string[] = [];
    const stop = [sender.watch(() => woken.push('of 1'), [1]), sender.watch(() => woken.push('of 2'), [2])];
    await sender.send(2, [{ notification_type: 'refund' } as never]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(woken).toEqual(['of 2']);
    for (const unwatch of stop) unwatch();
    await sender.close();
  });
});

describe('waitForLog', () => {
  afterEach(() => void vi.useRealTimers());

  it('leaves no timer and no watcher once the client went away, and answers what there is when its time is up', async () => {
    vi.useFakeTimers();
    const sender = createWebhookSender();
    const client = new EventEmitter();
    // A log that holds nothing yet (read from the database in the service).
    const quiet = { projects: [{ id: 200001, name: 'Star Miners' }], settings: new Map(), read: async () => ({ deliveries: [], attempts: [] }) };
    const gone = waitForLog(sender, quiet, { type: 'order_paid' }, 30_000, client);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    expect(sender.watching()).toBe(1);
    client.emit('close');
    await gone;
    expect(vi.getTimerCount()).toBe(0);
    expect(sender.watching()).toBe(0);
    expect(client.listenerCount('close')).toBe(0);

    const timed = waitForLog(sender, quiet, { type: 'order_paid' }, 5_000, client);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await timed).toMatchObject({ deliveries: [], attempts: [] });
    expect(vi.getTimerCount()).toBe(0);
    expect(sender.watching()).toBe(0);
    expect(client.listenerCount('close')).toBe(0);
    await sender.close();
  });
});
