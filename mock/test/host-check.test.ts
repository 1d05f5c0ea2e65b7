// DNS rebinding: a page of another site makes its own name resolve to 127.0.0.1, and the browser,
// seeing one origin, lets it call our servers and read the answers. Its requests carry its own name
// in `Host`, so every server of ours (the merchant API, the payment UI, the demo server) answers
// 421 unless `Host` names this machine (`localhost`, `127.0.0.1`, `[::1]`, with any port) or a name
// the operator allowed (`allowedHosts`, `PAYUI_ALLOWED_HOSTS`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHostsFromEnv, hostAllowed, listenLoopback, type Listening } from '../http/listen';
import { startMockService, type MockService } from '../app/service';
import { createDemoServer } from '../../server/demo';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';

let mock: MockService;
let demo: Listening;
let root: string;
const ports: Record<string, number> = {};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'payui-hosts-'));
  for (const dir of ['app/demo', 'dist', 'ui']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'ui/index.html'), '<meta name="payui-mock-mode" content="live">');
  writeFileSync(join(root, 'app/demo/index.html'), '<title>demo</title>');
  mock = await startMockService({ host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 }, join(root, 'ui'));
  demo = await listenLoopback(createDemoServer({ appRoot: join(root, 'app'), distRoot: join(root, 'dist'), merchantApi: mock.merchantApi, paymentUiOrigins: [], paymentUi: { live: mock.live, sandbox: mock.sandbox } }), 0);
  Object.assign(ports, { api: Number(new URL(mock.merchantApi).port), live: Number(new URL(mock.live).port), demo: demo.port });
});
afterAll(async () => {
  await Promise.all([mock.close(), demo.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** A request to 127.0.0.1:`port` whatever its `Host` says, as a rebound browser sends it. */
function send(port: number, method: string, path: string, host: string, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request({
      host: '127.0.0.1', port, method, path,
      headers: { host, authorization: DEMO_AUTH, ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}) },
    }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, json: /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(data) : data }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('the Host check', () => {
  it('refuses a rebound name on the merchant API with 421 in the service\'s error shape, and changes nothing', async () => {
    const project = '/merchant/v2/projects/200001';
    const before = await send(ports.api!, 'GET', project, `localhost:${ports.api}`);
    expect(before.status).toBe(200);
    const changed = await send(ports.api!, 'PUT', project, `rebind.evil.example:${ports.api}`, { enabled: !before.json.enabled });
    expect(changed.status).toBe(421);
    expect(changed.json).toMatchObject({ http_status_code: 421, message: expect.stringMatching(/^Misdirected Request/) });
    expect((await send(ports.api!, 'GET', project, `127.0.0.1:${ports.api}`)).json.enabled).toBe(before.json.enabled);
  });

  it.each([['the payment UI', 'live', '/'], ['the demo server', 'demo', '/'], ['the merchant API', 'api', '/health']])('refuses a rebound name on %s', async (_name, server, path) => {
    for (const host of ['rebind.evil.example', `rebind.evil.example:${ports[server]}`, 'localhost.evil.example', 'localhost.', '127.0.0.1.nip.example']) {
      expect((await send(ports[server]!, 'GET', path, host)).status, host).toBe(421);
    }
    for (const host of ['localhost', `LOCALHOST:${ports[server]}`, `127.0.0.1:${ports[server]}`, `[::1]:${ports[server]}`]) {
      expect((await send(ports[server]!, 'GET', path, host)).status, host).not.toBe(421);
    }
  });

  it('lets a name the operator allowed through', async () => {
    const server = await listenLoopback((_req, res) => res.end('ok'), 0, { allowedHosts: ['QA.Shop.test'] });
    try {
      expect((await send(server.port, 'GET', '/', `qa.shop.test:${server.port}`)).status).toBe(200);
      expect((await send(server.port, 'GET', '/', 'other.shop.test')).status).toBe(421);
    } finally {
      await server.close();
    }
    expect(allowedHostsFromEnv({ PAYUI_ALLOWED_HOSTS: ' qa.shop.test, Payui.Internal ,' })).toEqual(['qa.shop.test', 'payui.internal']);
    expect(hostAllowed('payui.internal:80', ['payui.internal'])).toBe(true);
    expect(hostAllowed('[::1', [])).toBe(false);
    expect(hostAllowed(undefined, [])).toBe(false);
  });
});
