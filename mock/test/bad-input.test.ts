// Input no field's schema expected: NUL characters and lone surrogates in any string (Postgres
// stores neither), numbers that read as Infinity, a body nested thousands deep, a clock moved by a
// billion years. Each is a 4xx naming its path, never a 500; a request without credentials learns
// nothing about its body (401 before 400); guessing a merchant's key meets 429 (the right key is
// never locked out); and a 500's log
// line carries no parameter of the request or its query.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEMO_LOGIN } from '../fixtures/catalog';
import { answerAlways } from '../../server/http';
import { listenLoopback } from '../http/listen';
import { codeError } from '../../src/server/http';
import { DEMO_AUTH } from '../../test/fixtures/merchant-call';
import { startWorld, type ServiceWorld } from './service-world';
import { outsideTheSpec } from './answers-on-purpose';

let world: ServiceWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

/** `method path` with `body` as the JSON text given (so lone surrogates survive) and the demo's credentials unless told. */
async function call(method: string, path: string, text?: string, authorization: string | null = DEMO_AUTH) {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (text !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${world.origin}${path}`, { method, headers, body: text });
  const raw = await response.text();
  return { status: response.status, body: raw ? JSON.parse(raw) : undefined, headers: response.headers };
}
const fieldsOf = (answer: { body: any }) => Object.keys(answer.body?.extended_message?.property_errors ?? {});
const TOKEN = '/merchant/v2/merchants/100001/token';
const token = (name: string) => JSON.stringify({ user: { id: { value: 'p1' }, name: { value: name } }, settings: { project_id: 200001 } }).replace('NAME', name);

describe('strings Postgres cannot keep', () => {
  it.each([['a NUL character', '\\u0000'], ['a lone high surrogate', '\\ud800'], ['a lone low surrogate', 'x\\udfffy']])('%s in a body is 422 at its path', async (_name, escaped) => {
    const text = `{"user":{"id":{"value":"p1"},"name":{"value":"A${escaped}B"}},"settings":{"project_id":200001}}`;
    const answer = await call('POST', TOKEN, text);
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toEqual(['user.name.value']);
    // In a key too, and in the Login API, which takes no credentials.
    expect(fieldsOf(await call('POST', '/merchant/v2/projects/200001/users', `{"user_id":"u-${escaped}","enabled":true}`))).toEqual(['user_id']);
    const login = await call('POST', `/api/login?projectId=${DEMO_LOGIN[200001]!.projectId}`, `{"username":"a${escaped}","password":"secret-1"}`, null);
    expect(login.status).toBe(422);
    expect(fieldsOf(login)).toEqual(['username']);
    const user = await call('POST', `/api/user?projectId=${DEMO_LOGIN[200001]!.projectId}`, `{"username":"a${escaped}","password":"secret-1","email":"a@b.example"}`, null);
    expect(user.status).toBe(422);
    expect(fieldsOf(user)).toEqual(['username']);
  });

  it('in a query or a path is a 4xx, never 500', async () => {
    const query = await call('GET', '/merchant/v2/merchants/100001/reports/transactions/search.json?user_id=a%00b&datetime_from=2020-01-01T00:00:00Z&datetime_to=2030-01-01T00:00:00Z');
    expect(query.status).toBe(422);
    expect(fieldsOf(query)).toEqual(['user_id']);
    expect([400, 404, 422]).toContain((await call('GET', '/merchant/v2/projects/200001/users/a%00b')).status);
    expect([400, 404, 422]).toContain((await call('GET', '/merchant/v2/projects/200001/users/a%ED%A0%80b')).status);
  });
});

describe('access_data the payment UI is opened with', () => {
  const accessData = (user: string, extra = '') =>
    `?access_data=${encodeURIComponent(`{"user":{"id":{"value":"${user}"},"email":{"value":"a@b.example"}},"settings":{"project_id":200002},"purchase":{"virtual_currency":{"quantity":5}}${extra}}`)}`;

  it.each([['a NUL character', 'a\\u0000b', ''], ['a lone surrogate', 'a\\ud800b', ''], ['a NUL in custom_parameters', 'p1', ',"custom_parameters":{"k":"\\u0000"}']])(
    'with %s is 0004-0009 at its path in the page and the payment, not a 500',
    async (_name, user, extra) => {
      const search = accessData(user, extra);
      const session = await fetch(`${world.ui.live}/api/session${search}`);
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ ok: false, code: '0004-0009', message: expect.stringMatching(/(user\.id\.value|custom_parameters\.k): must not contain a NUL/) });
      const paid = await fetch(`${world.ui.live}/api/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ search, outcome: 'success' }) });
      expect(paid.status).toBe(422);
      expect(await paid.json()).toMatchObject({ message: '0004-0009' });
    },
  );
});

describe('numbers and depths past every limit', () => {
  it('offset=1e309 and project_id=1e400 are 422 at the parameter', async () => {
    const offset = await call('GET', '/merchant/v2/merchants/100001/projects?offset=1e309');
    expect(offset.status).toBe(422);
    expect(fieldsOf(offset)).toEqual(['offset']);
    const project = await call('GET', '/merchant/v2/merchants/100001/reports/transactions/search.json?project_id=1e400&datetime_from=2020-01-01T00:00:00Z&datetime_to=2030-01-01T00:00:00Z');
    expect(project.status).toBe(422);
    expect(fieldsOf(project)).toEqual(['project_id']);
  });

  it('custom_parameters 5,000 deep is 422 at custom_parameters', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const answer = await call('POST', TOKEN, token('Deep').replace('"settings":{', `"custom_parameters":${deep},"settings":{`));
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toEqual(['custom_parameters']);
  });

  it('a clock moved by P999999999Y is 422 at advance, and the clock has not moved', async () => {
    const before = (await call('GET', '/mock/clock')).body;
    const answer = await call('POST', '/mock/clock', '{"advance":"P999999999Y"}');
    expect(answer.status).toBe(422);
    expect(fieldsOf(answer)).toEqual(['advance']);
    const after = (await call('GET', '/mock/clock')).body;
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);
  });
});

describe('credentials first', () => {
  it('a request without credentials (or with wrong ones) and a body that is not JSON is 401, not 400', async () => {
    expect((await call('POST', TOKEN, '{not json', null)).status).toBe(401);
    expect((await call('POST', TOKEN, '{not json', `Basic ${Buffer.from('100001:wrong').toString('base64')}`)).status).toBe(401);
    expect((await call('PUT', '/merchant/v2/projects/200001', 'x'.repeat(10), null)).status).toBe(401);
    // Signed in, the body is judged.
    expect((await call('POST', TOKEN, '{not json')).status).toBe(400);
  });
});

describe('guessing a key', () => {
  it('meets 429 with Retry-After after a few wrong keys, and the right key is never locked out by them', async () => {
    // A merchant of its own, so the demo merchant's other tests are not held up.
    await world.db.sql.query("INSERT INTO merchants (id, api_key) VALUES (100055, 'right-key') ON CONFLICT DO NOTHING");
    const basic = (key: string) => `Basic ${Buffer.from(`100055:${key}`).toString('base64')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await call('GET', '/merchant/v2/merchants/100055/projects', undefined, basic(`guess-${i}`))).status);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(statuses.indexOf(429))).toEqual(statuses.slice(statuses.indexOf(429)).map(() => 429));
    const wrong = await call('GET', '/merchant/v2/merchants/100055/projects', undefined, basic('still-guessing'));
    expect(wrong.status).toBe(429);
    expect(Number(wrong.headers.get('retry-after'))).toBeGreaterThan(0);
    // A stranger's wrong keys do not lock the merchant's own backend out: the right key gets in.
    expect((await call('GET', '/merchant/v2/merchants/100055/projects', undefined, basic('right-key'))).status).toBe(200);
    expect((await call('GET', '/merchant/v2/merchants/100055/projects', undefined, basic('guess-after'))).status).toBe(429);
    // Another merchant is not held up by it.
    expect((await call('GET', '/merchant/v2/merchants/100001/projects')).status).toBe(200);
  });

  it('counts wrong keys only: thirty requests with the right key at once are all answered, and wrong ones sent at once stop at ten', async () => {
    await world.db.sql.query("INSERT INTO merchants (id, api_key) VALUES (100056, 'busy-key') ON CONFLICT DO NOTHING");
    const basic = (key: string) => `Basic ${Buffer.from(`100056:${key}`).toString('base64')}`;
    // The key is read as from a Postgres server across a network: 20 ms, so the requests overlap.
    const query = world.db.sql.query.bind(world.db.sql);
    const slow = vi.spyOn(world.db.sql, 'query').mockImplementation(async (text: string, params?: unknown[]) => {
      if (text.startsWith('SELECT api_key FROM merchants')) await new Promise((resolve) => setTimeout(resolve, 20));
      return query(text, params);
    });
    onTestFinished(() => slow.mockRestore());
    const right = await Promise.all(Array.from({ length: 30 }, () => call('GET', '/merchant/v2/merchants/100056/projects', undefined, basic('busy-key'))));
    expect(right.map((r) => r.status)).toEqual(right.map(() => 200));
    const wrong = await Promise.all(Array.from({ length: 30 }, (_, i) => call('GET', '/merchant/v2/merchants/100056/projects', undefined, basic(`guess-${i}`))));
    expect(wrong.filter((r) => r.status === 401)).toHaveLength(10);
    expect(wrong.filter((r) => r.status === 429)).toHaveLength(20);
  });
});

describe('a 500', () => {
  it('logs no parameter of the request nor of its query', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const secret = 'whsec-never-in-a-log-42';
    // The database refuses the write as Postgres does: the query's parameters in the error, a value in its message.
    const broken = vi.spyOn(world.db, 'transaction').mockImplementation(async () => {
      throw Object.assign(new Error(`invalid input value "${secret}"`), { code: '22P02', query: 'INSERT INTO webhook_settings …', params: [200001, secret] });
    });
    try {
      let answer!: Awaited<ReturnType<typeof call>>;
      const found = await outsideTheSpec(async () => {
        answer = await call('PUT', '/mock/projects/200001/webhooks', JSON.stringify({ url: 'http://localhost:1/h', secret, variant: 'combined' }));
      });
      expect(answer.status).toBe(500);
      expect(found).toEqual([expect.stringMatching(/answered 500, which openapi.json does not list$/)]);
      const logged = errors.mock.calls.flat().map((part) => (part instanceof Error ? `${part.message} ${part.stack} ${JSON.stringify(part)}` : String(part))).join('\n');
      expect(logged).toMatch(/payui-mock/);
      expect(logged).not.toContain(secret);
    } finally {
      broken.mockRestore();
      errors.mockRestore();
    }
  });
});

describe('a page whose read fails', () => {
  it('is still answered: the webhook log page is a 500 in the service\'s shape, not a request left hanging', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const original = world.db.sql.query.bind(world.db.sql);
    const broken = vi.spyOn(world.db.sql, 'query').mockImplementation(async (text: string, params?: unknown[]) => {
      if (/FROM projects/i.test(text) && /merchant_id/i.test(text) && !/SELECT merchant_id/i.test(text)) throw new Error('the database went away');
      return original(text, params as never);
    });
    try {
      let page!: Response;
      const found = await outsideTheSpec(async () => {
        page = await fetch(`${world.origin}/mock/webhooks.html`, { headers: { authorization: DEMO_AUTH }, signal: AbortSignal.timeout(10_000) });
      });
      expect(page.status).toBe(500);
      expect(found).toEqual(['merchant API, no operation (GET /mock/webhooks.html): answered 500']);
      expect(await page.json()).toMatchObject({ http_status_code: 500 });
    } finally {
      broken.mockRestore();
      errors.mockRestore();
    }
  });
});

describe('a failure of the payment UI\'s or the demo\'s server', () => {
  it('is logged without the address\'s query (a token) nor the error\'s message', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await listenLoopback(answerAlways(async () => {
      throw new Error('invalid input value "tok-secret-in-message"');
    }, codeError), 0);
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/api/session?access_token=tok-secret-in-query`);
      expect(answer.status).toBe(500);
      const logged = errors.mock.calls.flat().map(String).join('\n');
      expect(logged).toMatch(/GET \/api\/session failed: Error/);
      expect(logged).not.toMatch(/tok-secret/);
    } finally {
      await server.close();
      errors.mockRestore();
    }
  });
});
