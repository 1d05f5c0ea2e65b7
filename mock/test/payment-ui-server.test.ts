// The mock payment UI's own server (mock/app/service.ts createPaymentUi): its page, read once and kept;
// the session it answers the page.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenLoopback, type Listening } from '../http/listen';
import { createPaymentUi } from '../payment-ui/server';
import { createPayments, type Payments } from '../domain/payments';
import { createWebhookSender } from '../webhooks/sender';
import { signToken } from '../domain/token';
import { returnLink } from '../payment-ui/App';
import type { Session } from '../spec/session';
import { outsideTheSpec } from './answers-on-purpose';

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
      let answer!: Response;
      const found = await outsideTheSpec(async () => {
        answer = await fetch(`http://127.0.0.1:${server.port}/api/session?access_token=secret-token-value`);
      });
      expect(answer.status).toBe(500);
      expect(found).toEqual(['paymentUiSession (GET /api/session): answered 500, which openapi.json does not list']);
      expect(await answer.json()).toMatchObject({ http_status_code: 500, request_id: expect.any(String) });
      expect(logged).toHaveBeenCalled();
      expect(JSON.stringify(logged.mock.calls)).not.toContain('secret-token-value');
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the return link', () => {
  // The demo merchant's signing key is made from its published API key (mock/domain/token.ts): a token the token endpoint never saw can say anything.
  const forged = (returnUrl: string) => {
    const iat = Math.floor(Date.now() / 1000);
    return signToken({
      merchant_id: 100001, project_id: 200001, mode: 'sandbox', iat, exp: iat + 600,
      user: { id: { value: 'return-link-player' }, email: { value: 'return-link@example.test' } },
      settings: { project_id: 200001, mode: 'sandbox', return_url: returnUrl },
      purchase: { virtual_currency: { quantity: 100 } },
    }, 'demo-api-key');
  };

  it('a return_url that is not http(s) is not taken into the session, however the token was made', async () => {
    const server = await listenLoopback(createPaymentUi(mkdtempSync(join(tmpdir(), 'payui-ui-return-')), 'sandbox'), 0);
    running.push(server);
    const sessionOf = async (returnUrl: string) =>
      (await (await fetch(`http://127.0.0.1:${server.port}/api/session?access_token=${encodeURIComponent(await forged(returnUrl))}`)).json());
    // A hand-made token is checked as the token request is: its return_url is refused at its path.
    for (const bad of ['javascript:alert(document.domain)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
      const answer = await sessionOf(bad);
      expect(answer, bad).toMatchObject({ ok: false, code: '0004-0001', message: expect.stringContaining('settings.return_url') });
    }
    expect(await sessionOf('https://game.example/back')).toMatchObject({ ok: true, session: { returnUrl: 'https://game.example/back' } });
  });

  it('the page makes no link of an address that is not http(s), whatever the session holds', () => {
    const session = { returnUrl: 'javascript:alert(1)', user: { id: 'p' }, externalId: null } as unknown as Session;
    expect(returnLink(session, 'done', 7)).toBeNull();
    expect(returnLink({ ...session, returnUrl: 'https://game.example/back' }, 'done', 7)).toBe('https://game.example/back?user_id=p&invoice_id=7&status=done');
  });
});

describe('a database that fails to open', () => {
  it('raises no unhandled rejection (which would end the process); the failure surfaces on the payment call, a 500', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sender = createWebhookSender();
    try {
      const payments = createPayments(sender, Promise.reject(new Error('the database did not open')));
      // Past the tick in which Node reports a rejection nobody handled.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await expect(payments.session('?access_token=t', 'sandbox')).rejects.toThrow('the database did not open');
      const server = await listenLoopback(createPaymentUi(mkdtempSync(join(tmpdir(), 'payui-ui-no-db-')), 'sandbox', payments), 0);
      running.push(server);
      let paid!: Response;
      const found = await outsideTheSpec(async () => {
        paid = await fetch(`http://127.0.0.1:${server.port}/api/payments`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ search: '?access_token=t', outcome: 'success' }),
        });
      });
      expect(paid.status).toBe(500);
      expect(found).toEqual(['paymentUiPay (POST /api/payments): answered 500, which openapi.json does not list']);
      expect(await paid.json()).toMatchObject({ http_status_code: 500, request_id: expect.any(String) });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
      logged.mockRestore();
      sender.close();
    }
  });
});
