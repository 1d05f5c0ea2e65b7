// Stalled and oversized uploads (issue 23 item 9). A client that sends headers and part of a body
// and then waits is answered 408 soon after its last byte (here a short idle timeout; the
// production default is at most 10 s), in the server's error shape, with `Connection: close`, and
// the server stays up. A body over the limit gets a 413 the client can read: the server reads and
// drops the rest before it closes, so the client never sees a reset instead of the answer.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, listenLoopback, type Listening } from '../../mock/http/listen';
import { startMockService, type MockService } from '../../mock/app/service';
import { createDemoServer } from '../../server/demo';
import { createWebhookHandler } from '../../src/server/index';
import { DEMO_AUTH as AUTH } from '../fixtures/merchant-call';

/** The idle timeout the servers of this test use: short, so nothing waits 10 s. */
const IDLE_MS = 300;

interface Exchange {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** What went wrong on the client's side (`ECONNRESET`, `timeout`), if anything. */
  error: string | null;
  ms: number;
}

/** The answer in `bytes`, once it is whole (its Content-Length read), else null. */
function parse(bytes: Buffer): Omit<Exchange, 'error' | 'ms'> | null {
  const text = bytes.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    if (!body.endsWith('0\r\n\r\n')) return null;
    body = body.replace(/([0-9a-f]+)\r\n([\s\S]*?)\r\n/g, (_all, _size, data: string) => data);
  } else if (body.length < Number(headers['content-length'] ?? 0)) return null;
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]) || null, headers, body };
}

/**
 * Sends the head, then the body in `pieces` (a pause between them), as a client would, keeping
 * its side open; resolves with the answer once it is whole, or with what went wrong when the
 * connection ends first or after `timeoutMs`. Never rejects.
 */
function exchange(port: number, head: string, body: Buffer | string, { pieces = [] as (Buffer | string)[], pauseMs = 0, timeoutMs = 5000 } = {}): Promise<Exchange & { sent: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let sent = 0;
    const finish = (error: string | null) => {
      clearTimeout(timer);
      clearInterval(trickle);
      socket.destroy();
      const answer = parse(Buffer.concat(chunks));
      resolve({ status: null, headers: {}, body: '', ...answer, error: answer ? null : error, ms: performance.now() - started, sent });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    socket.on('close', () => finish('closed'));
    // Like most clients, it reads the answer once it has sent all it meant to send.
    const read = () => socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parse(Buffer.concat(chunks))) finish(null);
    });
    socket.write(head);
    socket.write(body, pieces.length === 0 ? read : undefined);
    const trickle = setInterval(() => {
      const next = pieces[sent];
      if (next === undefined) return;
      sent += 1;
      socket.write(next, sent === pieces.length ? read : undefined);
    }, pauseMs || 1000);
  });
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

const serviceShape = (body: string, status: number) => expect(JSON.parse(body)).toEqual({
  http_status_code: status, message: expect.any(String), extended_message: null, request_id: expect.any(String),
});
const codeShape = (body: string, code: string) => expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });

let mock: MockService;
let demo: Listening;
let kitServer: Server;
const ports: Record<string, number> = {};

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'payui-stalls-'));
  for (const dir of ['app/demo', 'dist', 'ui']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'ui/index.html'), '<meta name="payui-mock-mode" content="live">');
  mock = await startMockService({ host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 }, join(root, 'ui'), { idleMs: IDLE_MS });
  demo = await listenLoopback(createDemoServer({ appRoot: join(root, 'app'), distRoot: join(root, 'dist'), merchantApi: mock.merchantApi, paymentUiOrigins: [], paymentUi: { live: mock.live, sandbox: mock.sandbox } }), 0, { idleMs: IDLE_MS });
  // The kit's handler as a merchant mounts it: on a plain Node server of their own.
  kitServer = createServer(createWebhookHandler({ secret: 's', on: { order_paid: () => undefined }, maxBodyBytes: 1000 }) as RequestListener);
  await new Promise<void>((done) => kitServer.listen(0, '127.0.0.1', done));
  Object.assign(ports, {
    api: Number(new URL(mock.merchantApi).port), live: Number(new URL(mock.live).port), sandbox: Number(new URL(mock.sandbox).port),
    demo: demo.port, kit: (kitServer.address() as { port: number }).port,
  });
});
afterAll(async () => {
  await Promise.all([mock.close(), demo.close(), new Promise((done) => kitServer.close(done))]);
});

describe('a stalled upload', () => {
  it('is cut off by default at most 10 s after the last byte', () => {
    expect(IDLE_TIMEOUT_MS).toBeGreaterThan(0);
    expect(IDLE_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });

  it.each<[string, string, string, 'service' | 'code']>([
    ['the merchant API', 'api', '/merchant/v2/merchants/100001/token', 'service'],
    ['the merchant API (a webhook settings call)', 'api', '/mock/projects/200001/webhooks', 'service'],
    ['the live payment UI', 'live', '/api/payments', 'service'],
    ['the sandbox payment UI', 'sandbox', '/api/payments', 'service'],
    ['the demo server', 'demo', '/api/token', 'code'],
    ['the demo server\'s webhook listener', 'demo', '/api/webhooks/200001', 'code'],
  ])('is answered 408 by %s, which stays up', async (_name, server, path, shape) => {
    const method = path.endsWith('/webhooks') ? 'PUT' : 'POST';
    const answer = await exchange(ports[server]!, head(method, path, { authorization: AUTH, 'content-type': 'application/json', 'content-length': 1000 }), '{"user":');
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    if (shape === 'service') serviceShape(answer.body, 408);
    else codeShape(answer.body, 'REQUEST_TIMEOUT');
    // Answered after the idle time, long before the 5 s the client would wait.
    expect(answer.ms).toBeLessThan(IDLE_MS + 3000);
    const again = await exchange(ports[server]!, head('GET', '/health', { connection: 'close' }), '');
    expect(again.status).not.toBeNull();
  });

  it('is answered 408 when even the headers stop coming', async () => {
    for (const server of ['api', 'live', 'demo']) {
      const answer = await exchange(ports[server]!, 'POST /api/token HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-le', '');
      expect(answer.status, server).toBe(408);
      expect(answer.headers.connection, server).toBe('close');
      expect(answer.ms, server).toBeLessThan(IDLE_MS + 3000);
    }
  });

  it('is answered 408 when the client trickles a byte now and then, counting from its last byte', async () => {
    // A byte every half idle time keeps the request going; then the client stops, and is answered.
    const answer = await exchange(ports.api!, head('POST', '/merchant/v2/merchants/100001/token', { authorization: AUTH, 'content-type': 'application/json', 'content-length': 1000 }), '{', {
      pieces: [...'"user":{}'], pauseMs: IDLE_MS / 2,
    });
    expect(answer.status).toBe(408);
    expect(answer.sent).toBe(9);
  });
});

describe('a body over the limit', () => {
  // Sent as a slow network delivers it: a first part, then the rest in pieces, while the server
  // has long answered; the client reads the answer when it has sent everything.
  const PIECES = 4;
  const PIECE_BYTES = 128 * 1024;
  const parts = (body: Buffer) => ({ first: body.subarray(0, body.length - PIECES * PIECE_BYTES), pieces: Array.from({ length: PIECES }, (_, i) => body.subarray(body.length - (PIECES - i) * PIECE_BYTES, body.length - (PIECES - i - 1) * PIECE_BYTES)) });
  const json = { 'content-type': 'application/json' };
  const declared = (path: string, size: number, headers: Record<string, string> = {}, method = 'POST') => (): [string, Buffer] => {
    const body = Buffer.alloc(size, 'x');
    return [head(method, path, { ...json, ...headers, 'content-length': size }), body];
  };
  const chunked = (path: string, size: number, headers: Record<string, string> = {}) => (): [string, Buffer] => {
    const data = Buffer.alloc(size, 'x');
    return [head('POST', path, { ...json, ...headers, 'transfer-encoding': 'chunked' }), Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from('\r\n0\r\n\r\n')])];
  };
  const cases: [string, string, () => [string, Buffer], 'service' | 'code'][] = [
    ['the merchant API (declared length)', 'api', declared('/merchant/v2/merchants/100001/token', 2 * 1024 * 1024, { authorization: AUTH }), 'service'],
    ['the merchant API (chunked)', 'api', chunked('/merchant/v2/merchants/100001/token', 2 * 1024 * 1024, { authorization: AUTH }), 'service'],
    ['the merchant API (a webhook settings call)', 'api', declared('/mock/projects/200001/webhooks', 2 * 1024 * 1024, { authorization: AUTH }, 'PUT'), 'service'],
    ['the sandbox payment UI', 'sandbox', declared('/api/payments', 1024 * 1024), 'service'],
    ['the live payment UI (chunked)', 'live', chunked('/api/payments', 1024 * 1024), 'service'],
    ['the demo server', 'demo', declared('/api/token', 1024 * 1024), 'code'],
    ['the demo server\'s webhook listener', 'demo', declared('/api/webhooks/200001', 2 * 1024 * 1024, { authorization: 'Signature 00' }), 'code'],
    ['the kit\'s webhook handler on a merchant\'s own server (declared)', 'kit', declared('/', 1024 * 1024, { authorization: 'Signature 00' }), 'code'],
    ['the kit\'s webhook handler on a merchant\'s own server (chunked)', 'kit', chunked('/', 1024 * 1024, { authorization: 'Signature 00' }), 'code'],
  ];

  it.each(cases)('gets a 413 from %s that the client reads, every one of 30 times', async (_name, server, make, shape) => {
    const seen: string[] = [];
    for (let run = 0; run < 30; run += 1) {
      const [top, body] = make();
      const { first, pieces } = parts(body);
      const answer = await exchange(ports[server]!, top, first, { pieces, pauseMs: 10 });
      seen.push(answer.status === 413 ? '413' : `${answer.status} ${answer.error}`);
      if (answer.status === 413) {
        if (shape === 'service') serviceShape(answer.body, 413);
        else codeShape(answer.body, 'PAYLOAD_TOO_LARGE');
      }
    }
    expect(seen.filter((s) => s !== '413')).toEqual([]);
  }, 60_000);
});
