/**
 * The merchant console's server side: the page at /console/ (any address under it, the built
 * files, a strict CSP), and the resend of a logged webhook it offers (`POST
 * /mock/webhooks/{delivery_id}/resend`). The pages themselves: test/e2e/console.spec.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantApi, memoryDatabase } from '../api/server';
import { CONSOLE_CSP } from '../api/console';
import { listenLoopback, type Listening } from '../http/listen';
import type { Database } from '../store/database';
import { sampleWebhook } from '../webhooks/payloads';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';
import { webhookSignature } from '../../src/server/signature';
import { DEMO_AUTH as AUTH } from '../../test/fixtures/merchant-call';
import { quickRetry } from './quick-retry';

const OTHER = `Basic ${Buffer.from('100077:other-key').toString('base64')}`;
const FAST = quickRetry(20);
let db: Database;
let sender: WebhookSender;
const running: Listening[] = [];
let api: string;
let bare: string;
let received: { body: string; signature: string }[];
let listener: string;

async function serve(handler: Parameters<typeof listenLoopback>[0]): Promise<string> {
  const server = await listenLoopback(handler, 0);
  running.push(server);
  return `http://127.0.0.1:${server.port}`;
}

const readBody = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
};

beforeAll(async () => {
  db = await memoryDatabase();
  await db.sql.query("INSERT INTO merchants (id, api_key) VALUES (100077, 'other-key')");
  await db.sql.query(`INSERT INTO projects (id, merchant_id, data) VALUES (777777, 100077, '{"name": {"en": "Other"}}')`);
  const root = mkdtempSync(join(tmpdir(), 'payui-console-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/console/assets/app.js"></script>');
  writeFileSync(join(root, 'assets', 'app.js'), 'export {};');
  writeFileSync(join(root, '..', 'secret.txt'), 'not for the web');
  sender = createWebhookSender({ db, retry: FAST });
  api = await serve(await createMerchantApi({ db, sender, consoleRoot: root }));
  bare = await serve(await createMerchantApi({ db, sender, consoleRoot: join(root, 'not-built') }));
  received = [];
  listener = await serve(async (req, res) => {
    received.push({ body: await readBody(req), signature: String(req.headers.authorization) });
    res.writeHead(204).end();
  });
});
afterAll(async () => {
  sender.close();
  await Promise.all(running.map((s) => s.close()));
  await db.close();
});

describe('the console page', () => {
  it('answers the page at /console, /console/ and any deep link under it, with the strict CSP', async () => {
    for (const path of ['/console', '/console/', '/console/items', '/console/users?x=1', '/console/no/such/page']) {
      const response = await fetch(`${api}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toBe(CONSOLE_CSP);
      expect(await response.text(), path).toContain('/console/assets/app.js');
    }
    expect(CONSOLE_CSP).toBe("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
  });

  it('serves its built files; a missing file is 404, and nothing outside the build is reachable', async () => {
    const script = await fetch(`${api}/console/assets/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect((await fetch(`${api}/console/assets/missing.js`)).status).toBe(404);
    for (const path of ['/console/../secret.txt', '/console/%2e%2e/secret.txt', '/console/assets/..%2f..%2fsecret.txt']) {
      const response = await fetch(`${api}${path}`);
      expect(await response.text(), path).not.toContain('not for the web');
    }
  });

  it('says how to build it when it is not built', async () => {
    const response = await fetch(`${bare}/console/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('npm run build');
  });
});

describe('resending a logged webhook', () => {
  const resend = (id: number | string, auth = AUTH) => fetch(`${api}/mock/webhooks/${id}/resend`, { method: 'POST', headers: { authorization: auth } });

  it('queues the same body again as a new delivery, signed with the project\'s settings of now (202)', async () => {
    await sender.configure(200001, { url: listener, secret: 'first', variant: 'combined' });
    const queued = await sender.send(200001, [sampleWebhook('order_paid')]);
    expect(queued.queued).toBe(true);
    await sender.idle();
    const [id] = queued.queued ? queued.deliveries : [];
    await sender.configure(200001, { url: listener, secret: 'second', variant: 'combined' });
    const answer = await resend(id!);
    expect(answer.status).toBe(202);
    await sender.idle();
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.signature).toBe(`Signature ${webhookSignature(received[1]!.body, 'second')}`);
    const log = await (await fetch(`${api}/mock/webhooks`, { headers: { authorization: AUTH } })).json();
    expect(log.deliveries[0]).toMatchObject({ project_id: 200001, notification_type: 'order_paid', state: 'accepted', attempts: 1 });
    expect(log.deliveries[0].id).toBeGreaterThan(id!);
  });

  it('is 404 for a delivery the log does not hold or of another merchant\'s project; 401 without credentials; 409 without settings', async () => {
    await sender.configure(777777, { url: listener, secret: 'other', variant: 'combined' });
    const other = await sender.send(777777, [sampleWebhook('order_paid')]);
    await sender.idle();
    const otherId = other.queued ? other.deliveries[0]! : 0;
    expect((await resend(otherId)).status).toBe(404);
    expect((await resend(otherId, OTHER)).status).toBe(202);
    expect((await resend(999_999)).status).toBe(404);
    expect((await resend('0x1')).status).toBe(404);
    expect((await resend(otherId, 'Basic bm86bm8=')).status).toBe(401);
    const mine = sender.deliveries().find((d) => d.project_id === 200001)!;
    await sender.configure(200001, null);
    const refused = await resend(mine.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain('has no webhook settings');
    await sender.idle();
  });
});
