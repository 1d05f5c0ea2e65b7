/**
 * What the webhook sender reads of a listener's answer (mock/webhooks/sender.ts `post`): its
 * status and the start of its body, never more than `ANSWER_BYTES`. A listener that answers a
 * body far bigger than that sees its connection closed before it has written it all, so no
 * listener can make the service hold its answer in memory.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { ANSWER_BYTES, createWebhookSender, post } from '../webhooks/sender';
import { quickRetry } from './quick-retry';

/** 64 MiB: what the listener tries to answer. */
const HUGE = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** How the last answer went: bytes the listener got written before the connection closed, and whether it wrote them all. */
let last: Promise<{ written: number; all: boolean }>;
let listener: Listening;
let url: string;

beforeAll(async () => {
  listener = await listenLoopback((_req, res) => {
    last = new Promise((resolve) => {
      let written = 0;
      const socket = res.socket as Socket;
      socket.on('close', () => resolve({ written, all: written >= HUGE }));
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(HUGE) });
      // Writes as fast as the connection takes it (kernel buffers included) until all is written or it closes.
      const pump = () => {
        while (written < HUGE && !socket.destroyed) {
          written += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        if (written >= HUGE) res.end();
      };
      pump();
    });
  }, 0);
  url = `http://127.0.0.1:${listener.port}/hook`;
});
afterAll(() => listener.close());

describe("a listener's answer", () => {
  it('is read up to ANSWER_BYTES: a 64 MiB answer is cut off, its connection closed before the listener wrote it all', async () => {
    const result = await post(url, '{}', 'Signature x', 10_000);
    expect(result.status).toBe(200);
    expect(result.answer.length).toBeLessThanOrEqual(ANSWER_BYTES);
    expect(result.answer.startsWith('xxxx')).toBe(true);
    const { written, all } = await last;
    expect(all).toBe(false);
    expect(written).toBeLessThan(HUGE);
  });

  it('the sender accepts such a listener by its status, and logs nothing of an accepted answer\'s body', async () => {
    const sender = createWebhookSender({ retry: quickRetry(10, 10_000) });
    sender.configure(1, { url, secret: 's', variant: 'combined' });
    sender.send(1, [{ notification_type: 'order_paid' } as never]);
    await sender.idle();
    const [attempt] = sender.attempts();
    expect(attempt).toMatchObject({ status: 200, accepted: true });
    expect(attempt!.answer).toBe('');
    expect((await last).all).toBe(false);
    await sender.close();
  });
});
