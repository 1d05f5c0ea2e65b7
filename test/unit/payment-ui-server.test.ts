// The mock payment UI's own server (mock/server.ts createPaymentUi): its page, read once and kept;
// the session it answers the page.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { createPaymentUi } from '../../mock/server';
import type { Payments } from '../../mock/webhooks/payments';

const running: Listening[] = [];
afterEach(() => Promise.all(running.splice(0).map((s) => s.close())));

describe('the payment UI page', () => {
  it('is served once the build is there, even after a request that found none (a failed read is not kept)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'payui-ui-page-'));
    const server = await listenLoopback(createPaymentUi(root, 'sandbox'), 0);
    running.push(server);
    const page = () => fetch(`http://127.0.0.1:${server.port}/`);
    expect((await page()).status).toBe(404);
    writeFileSync(join(root, 'index.html'), '<meta name="payui-mock-mode" content="live"><title>pay</title>');
    const answer = await page();
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('content="sandbox"');
  });
});

describe('GET /api/session', () => {
  it('answers what the page sells (or its error code), never kept in a cache; other methods are 405', async () => {
    const server = await listenLoopback(createPaymentUi(mkdtempSync(join(tmpdir(), 'payui-ui-session-')), 'sandbox'), 0);
    running.push(server);
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/session?access_token=nope`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({ ok: false, code: '0004-0001', message: expect.any(String) });
    const post = await fetch(`http://127.0.0.1:${server.port}/api/session`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('a failure is a 500 in the service\'s shape, logged without the address that carries the token', async () => {
    const failing = { session: () => Promise.reject(new Error('the database is gone')) } as unknown as Payments;
    const server = await listenLoopback(createPaymentUi(mkdtempSync(join(tmpdir(), 'payui-ui-session-')), 'sandbox', failing), 0);
    running.push(server);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/api/session?access_token=secret-token-value`);
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ http_status_code: 500, request_id: expect.any(String) });
      expect(logged).toHaveBeenCalled();
      expect(JSON.stringify(logged.mock.calls)).not.toContain('secret-token-value');
    } finally {
      logged.mockRestore();
    }
  });
});
