/**
 * `user_validation` goes through the project's sequential queue (service-spec.md, webhook rule 3:
 * webhooks are sent one after another, and while one is not processed the next are not sent): a
 * payment's question waits behind the project's earlier webhooks, is asked once when its turn
 * comes, and a queue that does not move within the attempt timeout answers it as not answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook } from 'payui-embed/server';
import { listenLoopback, type Listening } from '../http/listen';
import { createWebhookSender } from '../webhooks/sender';
import { quickRetry } from './quick-retry';

let listener: Listening;
let url = '';
/** What the listener got, in order, with the status it answered. */
const got: { type: string; status: number }[] = [];
/** How many more order_paid the listener fails (500) before it takes one. */
let failing = 0;

beforeAll(async () => {
  listener = await listenLoopback(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const type = JSON.parse(Buffer.concat(chunks).toString('utf8')).notification_type as string;
    const status = type === 'order_paid' && failing > 0 ? 500 : 204;
    if (status === 500) failing -= 1;
    got.push({ type, status });
    res.writeHead(status).end();
  }, 0);
  url = `http://127.0.0.1:${listener.port}/hook`;
});
afterAll(() => listener.close());

const orderPaid = { notification_type: 'order_paid', order: { id: 1 } } as unknown as Webhook;
const question = { notification_type: 'user_validation', user: { id: 'p-1' } } as unknown as Webhook;

describe('user_validation in the project\'s queue', () => {
  it('waits behind an earlier webhook the listener has not taken yet, then is asked once', async () => {
    got.length = 0;
    failing = 2;
    const sender = createWebhookSender({ retry: quickRetry(50) });
    sender.configure(1, { url, secret: 's', variant: 'combined' });
    try {
      sender.send(1, [orderPaid]);
      const answer = await sender.ask(1, question);
      expect(answer).toEqual({ status: 204, answer: '' });
      expect(got).toEqual([
        { type: 'order_paid', status: 500 }, { type: 'order_paid', status: 500 }, { type: 'order_paid', status: 204 },
        { type: 'user_validation', status: 204 },
      ]);
      expect(sender.deliveries().map((d) => [d.notification_type, d.state])).toEqual([['order_paid', 'accepted'], ['user_validation', 'accepted']]);
    } finally {
      await sender.close();
    }
  });

  it('is answered as not asked when the queue does not move within the attempt timeout; the queue goes on without it', async () => {
    got.length = 0;
    failing = 1_000;
    const sender = createWebhookSender({ retry: quickRetry(50, 300) });
    sender.configure(1, { url, secret: 's', variant: 'combined' });
    try {
      sender.send(1, [orderPaid]);
      const answer = await sender.ask(1, question);
      expect(answer?.status).toBeNull();
      expect(answer?.answer).toMatch(/waiting/);
      expect(got.some((g) => g.type === 'user_validation')).toBe(false);
      const logged = sender.deliveries().find((d) => d.notification_type === 'user_validation')!;
      expect(logged.state).toBe('refused');
      failing = 0;
      await sender.idle();
      expect(got.filter((g) => g.type === 'user_validation')).toEqual([]);
    } finally {
      await sender.close();
    }
  });
});
