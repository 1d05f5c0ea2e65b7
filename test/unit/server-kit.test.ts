// payui-embed/server: the webhook handler's answer on every path, on a real HTTP server on
// loopback, and the merchant client against the mock merchant API (and stand-ins for what the
// mock never does: 403 to the client's own merchant, a hang, a 500, an answer without a token).
import { createServer, type RequestListener } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import {
  createMerchantClient, createWebhookHandler, MerchantApiError, PayUIError, signWebhook, TokenRequestError, WebhookRefusal, webhookSignature,
  type OrderPaidWebhook, type TokenRequest, type WebhookHandlerOptions, type WebhookRequest,
} from '../../src/server/index';
import { sandboxWorld, type SandboxWorld } from '../../mock/test/sandbox-world';

const SECRET = 'project-secret';
const running: Listening[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(listener: RequestListener): Promise<string> {
  const server = await listenLoopback(listener, 0);
  running.push(server);
  return `http://127.0.0.1:${server.port}`;
}

async function hook(options: Partial<WebhookHandlerOptions> & Pick<WebhookHandlerOptions, 'on'>, before?: (req: WebhookRequest) => void) {
  const handler = createWebhookHandler({ secret: SECRET, ...options });
  return serve((req, res) => {
    before?.(req);
    void handler(req, res);
  });
}

async function post(url: string, body: string | Buffer, { secret = SECRET, authorization, method = 'POST' }: { secret?: string; authorization?: string; method?: string } = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: authorization ?? `Signature ${webhookSignature(body, secret)}` },
    ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

const paid = JSON.stringify({ notification_type: 'order_paid', order: { id: 7 }, items: [], user: { id: 'p1', email: 'p@x.test' } });

describe('createWebhookHandler', () => {
  it('dispatches a signed webhook to its handler with the parsed payload and answers 204', async () => {
    const seen: unknown[] = [];
    const url = await hook({ on: { order_paid: (payload) => void seen.push(payload), user_validation: () => { throw new Error('not this one'); } } });
    expect(await post(url, paid)).toEqual({ status: 204, body: null });
    expect(seen).toEqual([JSON.parse(paid)]);
  });

  it('waits for an async handler before answering', async () => {
    let release!: () => void;
    const url = await hook({ on: { order_paid: () => new Promise<void>((resolve) => (release = resolve)) } });
    let answered = false;
    const pending = post(url, paid).then((r) => ((answered = true), r));
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await new Promise((r) => setTimeout(r, 30));
    expect(answered).toBe(false);
    release();
    expect((await pending).status).toBe(204);
  });

  it('acknowledges a type it has no handler for with 204, doing nothing', async () => {
    const url = await hook({ on: { order_paid: () => { throw new Error('wrong handler'); } } });
    expect((await post(url, JSON.stringify({ notification_type: 'refund' }))).status).toBe(204);
    expect((await post(url, JSON.stringify({ notification_type: 'toString' }))).status).toBe(204);
  });

  it('answers a refusal with its 4xx and code (user_validation of an unknown user → INVALID_USER)', async () => {
    const url = await hook({
      on: {
        user_validation: ({ user }) => {
          if (user.id !== 'known') throw new WebhookRefusal('INVALID_USER', 'no such player');
        },
        order_paid: () => { throw new WebhookRefusal('INVALID_PARAMETER', 'no such SKU', 422); },
        refund: () => { throw new WebhookRefusal('ODD', 'a 5xx is not a refusal', 503); },
      },
    });
    const validation = (id: string) => JSON.stringify({ notification_type: 'user_validation', user: { id, email: 'e@x.test', name: null, country: 'US', ip: '127.0.0.1', phone: null } });
    expect(await post(url, validation('stranger'))).toEqual({ status: 400, body: { error: { code: 'INVALID_USER', message: 'no such player' } } });
    expect((await post(url, validation('known'))).status).toBe(204);
    expect(await post(url, paid)).toEqual({ status: 422, body: { error: { code: 'INVALID_PARAMETER', message: 'no such SKU' } } });
    expect((await post(url, JSON.stringify({ notification_type: 'refund' }))).status).toBe(400);
  });

  it('answers 500 INTERNAL_ERROR when a handler throws, telling onError (so the service retries)', async () => {
    const onError = vi.fn();
    const url = await hook({ on: { order_paid: async () => Promise.reject(new Error('database down')) }, onError });
    expect(await post(url, paid)).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: expect.any(String) } } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database down' }), 'order_paid');
  });

  it('by default logs a throwing handler\'s error with console.error, never the payload', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = await hook({ on: { order_paid: () => { throw new Error('boom'); } } });
    expect((await post(url, paid)).status).toBe(500);
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.mock.calls[0])).not.toContain('p@x.test');
    log.mockRestore();
  });

  it('answers 400 INVALID_SIGNATURE to a wrong, missing or malformed signature, without calling a handler', async () => {
    const handler = vi.fn();
    const url = await hook({ on: { order_paid: handler } });
    // The message says why, as well-kept webhook libraries do: the header's form, or the body and secret.
    const malformed = { status: 400, body: { error: { code: 'INVALID_SIGNATURE', message: 'the authorization header must be "Signature <40 hex digits>"' } } };
    const mismatch = { status: 400, body: { error: { code: 'INVALID_SIGNATURE', message: expect.stringMatching(/^the signature does not match the raw body and the secret key/) } } };
    expect(await post(url, paid, { secret: 'another-secret' })).toEqual(mismatch);
    expect(await post(url, paid, { authorization: '' })).toEqual(malformed);
    expect(await post(url, paid, { authorization: `Signature ${webhookSignature(`${paid} `, SECRET)}` })).toEqual(mismatch);
    expect(await post(url, paid, { authorization: `Bearer ${webhookSignature(paid, SECRET)}` })).toEqual(malformed);
    expect(await post(url, paid, { authorization: `Signature ${webhookSignature(paid, SECRET).slice(0, 39)}` })).toEqual(malformed);
    expect(handler).not.toHaveBeenCalled();
  });

  it('checks the signature of the raw bytes: a body that is not UTF-8 passes when signed as sent', async () => {
    const seen: unknown[] = [];
    const url = await hook({ on: { order_paid: (p) => void seen.push(p) } });
    const body = Buffer.concat([Buffer.from('{"notification_type":"order_paid","note":"Zoë '), Buffer.from([0xff]), Buffer.from('"}')]);
    expect((await post(url, body)).status).toBe(204);
    expect(seen).toHaveLength(1);
  });

  it('answers 400 INVALID_PARAMETER to a signed body that is not JSON or has no notification_type', async () => {
    const url = await hook({ on: { order_paid: () => undefined } });
    expect(await post(url, 'not json')).toEqual({ status: 400, body: { error: { code: 'INVALID_PARAMETER', message: 'the body is not JSON' } } });
    for (const body of ['{}', '[]', 'null', '{"notification_type":""}', '{"notification_type":3}']) {
      expect((await post(url, body)).body, body).toEqual({ error: { code: 'INVALID_PARAMETER', message: 'notification_type is missing' } });
    }
  });

  it('answers 405 to anything but POST', async () => {
    const url = await hook({ on: {} });
    const response = await fetch(url, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) } });
  });

  it('answers 413 to a body over maxBodyBytes, declared or streamed, and stays up', async () => {
    const handler = vi.fn();
    const url = await hook({ on: { order_paid: handler }, maxBodyBytes: 1000 });
    const big = JSON.stringify({ notification_type: 'order_paid', pad: 'x'.repeat(2000) });
    expect(await post(url, big)).toEqual({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'at most 1000 bytes' } } });
    // Chunked, no Content-Length: read to its end, then refused.
    const chunks = [big.slice(0, 900), big.slice(900)];
    const stream = new ReadableStream({ pull(controller) { const next = chunks.shift(); if (next) controller.enqueue(new TextEncoder().encode(next)); else controller.close(); } });
    const response = await fetch(url, { method: 'POST', body: stream, duplex: 'half', headers: { authorization: `Signature ${webhookSignature(big, SECRET)}` } } as RequestInit);
    expect(response.status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
    expect((await post(url, paid)).status).toBe(204);
  });

  it('takes a Buffer body left by express.raw(), and refuses a body a JSON parser already took', async () => {
    const seen: unknown[] = [];
    const raw = await hook({ on: { order_paid: (p) => void seen.push(p) } }, (req) => {
      req.body = Buffer.from(paid);
      req.resume();
    });
    expect((await post(raw, paid)).status).toBe(204);
    expect(seen).toEqual([JSON.parse(paid)]);

    const onError = vi.fn();
    const parsed = await hook({ on: { order_paid: () => undefined }, onError }, (req) => {
      req.body = JSON.parse(paid);
      req.resume();
    });
    expect(await post(parsed, paid)).toEqual({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: expect.any(String) } } });
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'INVALID_OPTION', path: 'body' });
    expect(onError.mock.calls[0]![1]).toBeNull();
  });

  it('refuses bad options with PayUIError INVALID_OPTION and the option\'s path', () => {
    const cases: [unknown, string][] = [
      [{ on: {} }, 'secret'],
      [{ secret: '', on: {} }, 'secret'],
      [{ secret: 's' }, 'on'],
      [{ secret: 's', on: { order_payed: () => undefined } }, 'on.order_payed'],
      [{ secret: 's', on: { order_paid: 'deliver' } }, 'on.order_paid'],
      [{ secret: 's', on: {}, maxBodyBytes: 0 }, 'maxBodyBytes'],
    ];
    for (const [options, path] of cases) {
      expect(() => createWebhookHandler(options as WebhookHandlerOptions), path).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path }));
    }
    expect(() => createWebhookHandler(undefined as never)).toThrow(PayUIError);
  });
});

describe('signWebhook', () => {
  it('signs a payload as the service does, so a merchant\'s test posts it to its own handler and the handler takes it', async () => {
    const seen: unknown[] = [];
    const url = await hook({ on: { order_paid: (payload) => void seen.push(payload) } });
    const payload = JSON.parse(paid) as OrderPaidWebhook;
    const signed = signWebhook(payload, SECRET);
    expect(signed).toEqual({ body: paid, headers: { 'content-type': 'application/json', authorization: `Signature ${webhookSignature(paid, SECRET)}` } });
    const response = await fetch(url, { method: 'POST', ...signed });
    expect(response.status).toBe(204);
    expect(seen).toEqual([payload]);
    // A body given as text is signed as it is; another secret's signature is refused.
    expect(signWebhook(paid, SECRET).body).toBe(paid);
    const forged = await fetch(url, { method: 'POST', ...signWebhook(payload, 'another-secret') });
    expect(forged.status).toBe(400);
    expect(seen).toHaveLength(1);
  });

  it('needs a secret', () => {
    expect(() => signWebhook(JSON.parse(paid) as OrderPaidWebhook, '')).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'secret' }));
  });
});

describe('createMerchantClient', () => {
  // A sandbox of the run's shared service (mock/test/sandbox-world.ts), made in a hook with its own
  // time: on a busy machine the service's start alone can take most of a test's 20 s.
  let world: SandboxWorld;
  let base: string;
  /** A player's token request, in the sandbox's Star Miners. */
  let PLAYER: TokenRequest;
  beforeAll(async () => {
    world = await sandboxWorld();
    base = world.origin;
    PLAYER = { user: { id: { value: 'p1' }, email: { value: 'p1@example.test' } }, settings: { project_id: world.project(200001) } };
  });
  afterAll(() => world?.close());

  it('gets a token from the merchant API, with Basic credentials', async () => {
    const { token } = await createMerchantClient({ ...world.credentials, baseUrl: base }).createToken(PLAYER);
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    // A base with a path keeps it, with or without the last slash.
    const paths: string[] = [];
    const prefixed = await serve((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"t"}');
    });
    for (const baseUrl of [`${prefixed}/api`, `${prefixed}/api/`]) await createMerchantClient({ merchantId: 9, apiKey: 'k', baseUrl }).createToken(PLAYER);
    expect(paths).toEqual(['/api/merchant/v2/merchants/9/token', '/api/merchant/v2/merchants/9/token']);
  });

  it('maps 422 to TokenRequestError with the service\'s property_errors and global_errors', async () => {
    const client = createMerchantClient({ ...world.credentials, baseUrl: `${base}/` });
    const error = await client.createToken({ ...PLAYER, settings: { project_id: String(world.project(200001)) as unknown as number, currency: 'usd' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION', globalErrors: [] });
    expect(Object.keys((error as TokenRequestError).propertyErrors).sort()).toEqual(['settings.currency', 'settings.project_id']);
    expect((error as TokenRequestError).propertyErrors['settings.project_id']![0]).toMatch(/integer/);
    expect((error as Error).message).toMatch(/^the service refused the token request: settings\./);
  });

  it('maps 401 to MerchantApiError UNAUTHORIZED, never putting the key in the message', async () => {
    const error = await createMerchantClient({ merchantId: world.merchantId, apiKey: 'wrong-key-123', baseUrl: base }).createToken(PLAYER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error).not.toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(String((error as Error).message)).not.toContain('wrong-key-123');
  });

  it('maps 403, other statuses, answers without a token, hangs and refused connections', async () => {
    const answers: Record<string, [number, string]> = { '1': [403, '{}'], '2': [500, 'oops'], '3': [200, '{"tok":"x"}'], '4': [200, 'not json'] };
    const standIn = await serve((req, res) => {
      const id = /merchants\/(\d+)\//.exec(req.url ?? '')?.[1] ?? '';
      if (id === '5') return; // never answers
      const [status, body] = answers[id]!;
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    const call = (merchantId: number) => createMerchantClient({ merchantId, apiKey: 'k', baseUrl: standIn, timeoutMs: 300 }).createToken(PLAYER).catch((e: unknown) => e);
    expect(await call(1)).toMatchObject({ name: 'MerchantApiError', code: 'FORBIDDEN', status: 403 });
    expect(await call(2)).toMatchObject({ code: 'HTTP_ERROR', status: 500 });
    expect(await call(3)).toMatchObject({ code: 'BAD_RESPONSE', status: 200 });
    expect(await call(4)).toMatchObject({ code: 'BAD_RESPONSE', status: 200 });
    const started = performance.now();
    expect(await call(5)).toMatchObject({ code: 'TIMEOUT', status: null, message: 'the merchant API did not answer within 300 ms' });
    expect(performance.now() - started).toBeLessThan(5000);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as { port: number };
    await new Promise((r) => closed.close(r));
    const refused = await createMerchantClient({ merchantId: 1, apiKey: 'k', baseUrl: `http://127.0.0.1:${port}` }).createToken(PLAYER).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'NETWORK', status: null });
  });

  it('refuses bad options with the option\'s path; plain HTTP only to loopback', () => {
    const good = { merchantId: 1, apiKey: 'k', baseUrl: 'https://api.example.test' };
    const cases: [object, string][] = [
      [{ merchantId: 0 }, 'merchantId'],
      [{ merchantId: '1' }, 'merchantId'],
      [{ apiKey: '' }, 'apiKey'],
      [{ baseUrl: 'api.example.test' }, 'baseUrl'],
      [{ baseUrl: 'http://api.example.test' }, 'baseUrl'],
      [{ baseUrl: 'ftp://localhost' }, 'baseUrl'],
      [{ timeoutMs: 0 }, 'timeoutMs'],
    ];
    for (const [change, path] of cases) {
      expect(() => createMerchantClient({ ...good, ...change } as never), path).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path }));
    }
    for (const baseUrl of ['http://localhost:5174', 'http://127.0.0.1:1', 'http://[::1]:2', 'https://api.example.test/base/']) {
      expect(() => createMerchantClient({ ...good, baseUrl }), baseUrl).not.toThrow();
    }
  });
});
