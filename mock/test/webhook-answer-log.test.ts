// What the webhook log keeps of a listener's answer (issue 46 item 6): a sandbox may point its
// webhooks at any loopback or https service, so the log is no way to read another service's pages.
// It keeps the status; of a refusal shaped as a webhook listener answers (`{"error": {code,
// message}}`) a short excerpt, marked as the listener's; of any other answer only its length.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { createWebhookSender } from '../webhooks/sender';
import { quickRetry } from './quick-retry';

const servers: Listening[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function serve(status: number, type: string, body: string): Promise<string> {
  const server = await listenLoopback((_req: IncomingMessage, res: ServerResponse) => void res.writeHead(status, { 'content-type': type }).end(body), 0);
  servers.push(server);
  return `http://127.0.0.1:${server.port}/hook`;
}
async function logged(url: string): Promise<string> {
  const sender = createWebhookSender({ retry: quickRetry(1, 10_000) });
  try {
    await sender.configure(1, { url, secret: 's', variant: 'combined' });
    sender.send(1, [{ notification_type: 'order_paid' } as never]);
    await sender.idle();
    return sender.attempts()[0]!.answer;
  } finally {
    await sender.close();
  }
}

describe('the webhook log keeps of an answer', () => {
  it('nothing of an accepted one\'s body', async () => {
    expect(await logged(await serve(200, 'application/json', '{"admin_token":"secret-of-another-service"}'))).toBe('');
  });

  it('of a page that is not a listener\'s answer, its length only', async () => {
    const page = `<html><title>Internal admin</title>${'secret-of-another-service '.repeat(20)}</html>`;
    const answer = await logged(await serve(404, 'text/html', page));
    expect(answer).not.toContain('secret-of-another-service');
    expect(answer).not.toContain('Internal admin');
    expect(answer).toContain(`${page.length} characters`);
    const json = await logged(await serve(422, 'application/json', JSON.stringify({ rows: ['secret-of-another-service'] })));
    expect(json).not.toContain('secret-of-another-service');
  });

  it('of a listener\'s refusal, its code and a short excerpt of its message, marked', async () => {
    const message = `the signature does not match ${'x'.repeat(200)}`;
    const answer = await logged(await serve(400, 'application/json', JSON.stringify({ error: { code: 'INVALID_SIGNATURE', message } })));
    expect(answer).toMatch(/^listener's answer \(excerpt\): INVALID_SIGNATURE: the signature does not match x+…$/);
    expect(answer.length).toBeLessThanOrEqual(120);
  });
});
