// Error bodies of our servers (issue 23 item 11): one shape per kind of server. The merchant API
// and the payment UI's own endpoints answer the service's shape (DESIGN.md §8), the demo server
// and the kit's webhook handler `{"error": {"code", "message"}}`.
import { mkdirSync, mkdtempSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { createDemoServer } from '../../server/demo';
import { createWebhookHandler } from '../../src/server/index';
import { sandboxWorld, type SandboxWorld } from '../../mock/test/sandbox-world';

/** The merchant API and the payment UI: the run's shared service (a sandbox of it); the demo server and a webhook handler: this file's. */
const origins: Record<'api' | 'ui' | 'demo' | 'hook', string> = {} as never;
const url = (name: keyof typeof origins, path: string) => `${origins[name]}${path}`;
let world: SandboxWorld;
const running: Listening[] = [];

beforeAll(async () => {
  world = await sandboxWorld({ seed: 'empty' });
  origins.api = world.origin;
  origins.ui = world.ui.sandbox;
  const root = mkdtempSync(join(tmpdir(), 'payui-shapes-'));
  for (const dir of ['app/demo', 'dist']) mkdirSync(join(root, dir), { recursive: true });
  const serve = async (listener: RequestListener) => {
    const server = await listenLoopback(listener, 0);
    running.push(server);
    return `http://127.0.0.1:${server.port}`;
  };
  origins.demo = await serve(createDemoServer({ appRoot: join(root, 'app'), distRoot: join(root, 'dist'), merchantApi: origins.api, paymentUiOrigins: [], paymentUi: { live: url('ui', '/'), sandbox: url('ui', '/') } }));
  origins.hook = await serve(createWebhookHandler({ secret: 's', on: {} }) as RequestListener);
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.close()));
  await world?.close();
});

const json = (body: string, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
/** The sandbox's merchant in a path (`{merchant}`), and its credentials (asked for when the request is made: the table is read before the sandbox is). */
const sandboxed = (path: string) => path.replace('{merchant}', String(world.merchantId));
const AUTH = () => world.authorization;

describe('the service\'s shape: {http_status_code, message, extended_message, request_id} and X-Request-Id', () => {
  it.each<[string, keyof typeof origins, string, (RequestInit | (() => RequestInit))?]>([
    ['merchant API: no credentials (401)', 'api', '/merchant/v2/merchants/{merchant}/token', json('{}')],
    ['merchant API: another merchant (403)', 'api', '/merchant/v2/merchants/100002/token', () => json('{}', { authorization: AUTH() })],
    ['merchant API: no such operation (404)', 'api', '/merchant/v2/nothing'],
    ['merchant API: wrong method (405)', 'api', '/merchant/v2/merchants/{merchant}/token'],
    ['merchant API: invalid fields (422)', 'api', '/merchant/v2/merchants/{merchant}/token', () => json('{}', { authorization: AUTH() })],
    ['merchant API: unknown project (404)', 'api', '/merchant/v2/merchants/{merchant}/projects/1/webhooks', () => ({ headers: { authorization: AUTH() } })],
    ['payment UI: wrong method (405)', 'ui', '/api/payments'],
    ['payment UI: another origin (403)', 'ui', '/api/payments', json('{}', { origin: 'http://localhost:1' })],
    ['payment UI: malformed JSON (400)', 'ui', '/api/payments', json('{')],
    ['payment UI: wrong fields (400)', 'ui', '/api/payments', json('{"search":1}')],
    ['payment UI: a refused token (422)', 'ui', '/api/payments', json('{"search":"?access_token=nope","outcome":"success"}')],
    ['payment UI: no such file (404)', 'ui', '/missing.js'],
  ])('%s', async (_name, server, path, init) => {
    const response = await fetch(url(server, sandboxed(path)), typeof init === 'function' ? init() : init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['extended_message', 'http_status_code', 'message', 'request_id']);
    expect(body.http_status_code).toBe(response.status);
    expect(body.message).toEqual(expect.stringMatching(/\S/));
    expect(body.request_id).toEqual(expect.stringMatching(/\S/));
    expect(response.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('the payment UI and the merchant API are one stack: the same failure gets the same answer from both, its id on every answer', async () => {
    const both = async (init: RequestInit) => Promise.all([url('api', `/merchant/v2/merchants/${world.merchantId}/token`), url('ui', '/api/payments')].map(async (address) => {
      const response = await fetch(address, init);
      const body = (await response.json()) as Record<string, unknown>;
      return [response.status, body.message];
    }));
    const [api, ui] = await both(json('{', { authorization: AUTH() }));
    expect(ui).toEqual(api);
    expect(ui).toEqual([400, 'Bad Request: the request body is not valid JSON']);
    // A body that is not JSON is refused before it is read, by both.
    const [apiType, uiType] = await both({ method: 'POST', headers: { 'content-type': 'text/plain', authorization: AUTH() }, body: '{"search":"?access_token=nope","outcome":"success"}' });
    expect(uiType).toEqual(apiType);
    expect(uiType![0]).toBe(415);
    const page = await fetch(url('ui', '/api/session?access_token=nope'));
    expect(page.headers.get('x-request-id')).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it('the payment UI\'s refusal carries its payment UI error code, for the page to show', async () => {
    const response = await fetch(url('ui', '/api/payments'), json('{"search":"?access_token=nope","outcome":"success"}'));
    expect(await response.json()).toMatchObject({ http_status_code: 422, message: '0004-0001' });
  });
});

describe('the kit\'s shape: {"error": {"code", "message"}}', () => {
  it.each<[string, keyof typeof origins, string, RequestInit?]>([
    ['demo: malformed JSON for a token (400)', 'demo', '/api/token', json('{')],
    ['demo: malformed JSON for a <payui-checkout> token (400)', 'demo', '/api/checkout-token', json('{')],
    ['demo: a <payui-checkout> pack the game does not sell (422)', 'demo', '/api/checkout-token', json('{"pack":"7"}')],
    ['demo: no such order (404)', 'demo', '/api/orders/x'],
    ['demo: wrong method (405)', 'demo', '/api/orders/x/refund'],
    ['demo: no such page (404)', 'demo', '/missing.html'],
    ['demo: no such listener (404)', 'demo', '/api/webhooks/1', json('{}')],
    ['demo: a listener refusing a bad signature (400)', 'demo', '/api/webhooks/200001', json('{}')],
    ['webhook handler: wrong method (405)', 'hook', '/'],
    ['webhook handler: bad signature (400)', 'hook', '/', json('{}', { authorization: 'Signature 00' })],
  ])('%s', async (_name, server, path, init) => {
    const response = await fetch(url(server, path), init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
    expect(body.error.code).toEqual(expect.stringMatching(/^[A-Z_]+$/));
    expect(body.error.message).toEqual(expect.stringMatching(/\S/));
  });
});
