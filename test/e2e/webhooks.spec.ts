// Issue 16 in the browser: on the game site, a purchase shows as delivered only after the demo
// server got the verified order_paid webhook, and a refund's order_canceled takes it back. The test
// runs a world of its own (mock service + demo server on free ports), with a gate between the mock's
// webhooks and the demo listener, so it can hold order_paid back without touching other tests.
import { execFile } from 'node:child_process';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { startMockService, type MockService } from '../../mock/app/service';
import { DEMO_WEBHOOK_SECRETS } from '../../mock/fixtures/catalog';
import { createDemoServer } from '../../server/demo';
import { createWebhookHandler } from '../../src/server/index';
import { quickRetry } from '../../mock/test/quick-retry';

const ROOT = join(import.meta.dirname, '..', '..');

test.describe('delivery by webhook', () => {
  let mock: MockService;
  let demo: Listening;
  let gate: Listening;
  /** order_paid passes the gate only when open; while closed the gate answers 503 and the mock retries. */
  let open = false;
  /** While set, the gate answers user_validation as a game that does not know the player. */
  let refuse = false;
  const seen: string[] = [];

  test.beforeAll(async () => {
    mock = await startMockService({ host: 'localhost', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 }, join(ROOT, 'mock', 'dist', 'ui'), {
      retry: quickRetry(100, 5000),
    });
    const origins = [mock.live, mock.sandbox].map((url) => new URL(url).origin);
    demo = await listenLoopback(
      createDemoServer({ appRoot: join(ROOT, 'build', 'app'), distRoot: join(ROOT, 'dist'), merchantApi: mock.merchantApi, paymentUiOrigins: origins, paymentUi: { live: mock.live, sandbox: mock.sandbox } }),
      0,
    );
    // The gate forwards the raw request (signature and all) to the demo listener.
    gate = await listenLoopback((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const type = (JSON.parse(body.toString('utf8')) as { notification_type: string }).notification_type;
        seen.push(type);
        if (type === 'order_paid' && !open) return void res.writeHead(503).end();
        if (type === 'user_validation' && refuse) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"code":"INVALID_USER"}}');
        const forward = httpRequest(`http://localhost:${demo.port}/api/webhooks/200001`, { method: 'POST', headers: { authorization: req.headers.authorization, 'content-type': 'application/json' } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502);
          answer.pipe(res);
        });
        forward.end(body);
      });
    }, 0);
    await mock.webhooks.configure(200001, { url: `http://localhost:${gate.port}/`, secret: DEMO_WEBHOOK_SECRETS[200001]!, variant: 'combined' });
  });

  test.afterEach(() => {
    refuse = false;
  });

  test.afterAll(async () => {
    await Promise.all([mock?.close(), demo?.close(), gate?.close()]);
  });

  test('the game site shows crystals delivered only after the verified order_paid, and a refund takes them back', async ({ page }) => {
    await page.goto(`http://localhost:${demo.port}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await page.getByRole('button', { name: 'Buy 550 Crystals' }).click();
    const ui = page.frameLocator('[data-payui-lightbox] iframe');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await ui.getByRole('button', { name: 'Close', exact: true }).click();

    // The payment UI said done; the server has not had a webhook it accepted: nothing delivered.
    const status = page.getByRole('status');
    await expect(status).toHaveText('Paid. Waiting for our server to confirm the order…');
    await expect.poll(() => seen.filter((t) => t === 'order_paid').length).toBeGreaterThanOrEqual(3);
    await expect(status).toHaveText('Paid. Waiting for our server to confirm the order…');
    await expect(page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem')).toHaveCount(0);

    open = true;
    await expect(status).toHaveText('550 Crystals delivered! Our server confirmed the order through a signed webhook.');
    const line = page.getByRole('list', { name: 'Your purchases' }).getByRole('listitem');
    await expect(line).toHaveText(/550 Crystals: delivered/);
    expect(seen.slice(0, 1)).toEqual(['user_validation']);

    await line.getByRole('button', { name: 'Refund 550 Crystals' }).click();
    await expect(line).toHaveText('550 Crystals: refunded, taken back');
    expect(seen.at(-1)).toBe('order_canceled');
  });

  test('a player the game refuses (user_validation → INVALID_USER): the payment fails in the payment UI and the page hears troubled', async ({ page }) => {
    refuse = true;
    const before = seen.length;
    await page.goto(`http://localhost:${demo.port}/game.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await page.getByRole('button', { name: 'Buy 100 Crystals' }).click();
    const ui = page.frameLocator('[data-payui-lightbox] iframe');
    await ui.getByRole('button', { name: /^Pay/ }).click();
    await expect(ui.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(ui.getByText('The game did not confirm your account (INVALID_USER). No money was taken.')).toBeVisible();
    await expect(page.locator('#log')).toContainText('status-troubled');
    await ui.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('The payment was declined: no crystals this time.');
    expect(seen.slice(before)).toEqual(['user_validation']);
  });
});

test('the built payui-mock command triggers a signed sample and a badly signed one at a listener made with the kit', async () => {
  const got: string[] = [];
  const handler = createWebhookHandler({ secret: 'cli-secret', on: { order_paid: () => void got.push('order_paid') } });
  const listener = await listenLoopback((req, res) => void handler(req, res), 0);
  const run = (...args: string[]) => new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, [join(ROOT, 'mock', 'dist', 'server.js'), 'trigger', 'order_paid', '--to', `http://localhost:${listener.port}/`, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr });
    });
  });
  try {
    const good = await run('--secret', 'cli-secret');
    expect(good.code).toBe(0);
    expect(good.out).toContain('passed: the listener accepted it');
    const bad = await run('--secret', 'cli-secret', '--bad-signature');
    expect(bad.code).toBe(0);
    expect(bad.out).toContain('answer: 400 {"error":{"code":"INVALID_SIGNATURE","message":');
    expect(got).toEqual(['order_paid']);
    const refused = await run('--secret', 'another-secret');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('failed: a signed order_paid must get a 2xx, got 400');
    expect(refused.out).toContain('hint: the listener says the signature is wrong (400 INVALID_SIGNATURE)');
  } finally {
    await listener.close();
  }
});
