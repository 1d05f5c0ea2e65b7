// payui-embed/server's client of every operation (DESIGN.md §13), against the offline service as it
// runs (a sandbox of the run's shared service, mock/test/sandbox-world.ts): its paths, paged lists, errors with
// the service's request id and field errors, and — against small stand-ins that fail on purpose —
// its retries.
import { createServer, type RequestListener } from 'node:http';
import { afterAll, afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { PROJECTS } from '../../mock/fixtures/catalog';
import { createDemoServer } from '../../server/demo';
import { createShop } from '../../server/shop';
import {
  createMerchantClient, MerchantApiError, TokenRequestError, type ApiVersion, type components, type MerchantClientOptions,
} from '../../src/server/index';
import { sandboxWorld } from '../../mock/test/sandbox-world';
import { RaceLost } from '../../mock/store/database';

type Schemas = components['schemas'];

// One sandbox for the file.
const world = await sandboxWorld();
const base = world.origin;
/** The sandbox's Star Miners (the demo's project 200001). */
const starMiners = world.project(200001);
afterAll(() => world.close());

const AUTH = world.authorization;
const client = <V extends ApiVersion = 'v2'>(options: Partial<MerchantClientOptions> & { apiVersion?: V } = {}) =>
  createMerchantClient<V>({ ...world.credentials, baseUrl: base, ...options });

const stands: Listening[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stands.splice(0).map((s) => s.close()));
});
/** A stand-in service on loopback; `seen` collects each request's method and address. */
async function standIn(listener: RequestListener) {
  const seen: string[] = [];
  const server = await listenLoopback((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    listener(req, res);
  }, 0);
  stands.push(server);
  return { url: `http://127.0.0.1:${server.port}`, seen };
}
const answer = (status: number, body: unknown, headers: Record<string, string> = {}): RequestListener => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
};
const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('it succeeded'), (error: unknown) => error as MerchantApiError);

describe('projects, on the service', () => {
  it('create → get → update → get: what was written is read back', async () => {
    const projects = client().projects;
    const { id } = await projects.create({ name: { en: 'Moon Bakery' }, descriptor: 'MOONBAKERY', url: 'https://bakery.example.test' });
    expect(id).toEqual(expect.any(Number));
    expect(await projects.get(id)).toMatchObject({ id, name: { en: 'Moon Bakery' }, descriptor: 'MOONBAKERY' });
    expect(await projects.update(id, { descriptor: 'MOONBAKE' })).toBeUndefined();
    expect(await projects.get(id)).toMatchObject({ id, name: { en: 'Moon Bakery' }, descriptor: 'MOONBAKE' });
    // v1 answers the same record.
    expect(await client({ apiVersion: 'v1' }).projects.get(id)).toEqual(await projects.get(id));
  });

  it('a list walks every page in id order with `for await`, one request a page; page() gives one page and the total', async () => {
    for (let i = 0; i < 5; i += 1) await client().projects.create({ name: { en: `Paged ${i}` } });
    const { items: all, total } = await client().projects.list().page({ offset: 0, limit: 100 });
    expect(total).toBe(all.length);
    expect(total).toBeGreaterThanOrEqual(7);

    const fetches = vi.spyOn(globalThis, 'fetch');
    const walked: number[] = [];
    for await (const project of client().projects.list({ limit: 2 })) walked.push(project.id);
    expect(walked).toEqual(all.map((p) => p.id));
    expect(walked).toEqual([...walked].sort((a, b) => a - b));
    expect(fetches).toHaveBeenCalledTimes(Math.ceil(total / 2));
    expect(String(fetches.mock.calls[1]![0])).toMatch(new RegExp(`/merchant/v2/merchants/${world.merchantId}/projects\\?limit=2&offset=2$`));

    const page = await client().projects.list().page({ offset: 2, limit: 2 });
    expect(page).toEqual({ items: all.slice(2, 4), total });
    // From an offset, and past the end: nothing, after one request.
    const fromThird: number[] = [];
    for await (const project of client().projects.list({ offset: 2 })) fromThird.push(project.id);
    expect(fromThird).toEqual(all.slice(2).map((p) => p.id));
    fetches.mockClear();
    const none: unknown[] = [];
    for await (const project of client().projects.list({ offset: total + 5 })) none.push(project);
    expect(none).toEqual([]);
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('a break ends the walk without asking for the next page', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    for await (const project of client().projects.list({ limit: 1 })) {
      expect(project.id).toBe(starMiners);
      break;
    }
    expect(fetches).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('a refused body is MerchantApiError VALIDATION (not a token\'s TokenRequestError): status, field errors and the request id the service sent', async () => {
    const error = await fail(client().projects.create({ name: { en: 'X' }, descriptor: 'much-longer-than-twelve', colour: 'red' } as never));
    expect(error).toBeInstanceOf(MerchantApiError);
    expect(error).not.toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ name: 'MerchantApiError', status: 422, code: 'VALIDATION', globalErrors: [], requestId: expect.stringMatching(/.+/) });
    expect(Object.keys(error.propertyErrors).sort()).toEqual(['colour', 'descriptor']);
    expect(error.message).toMatch(/^the service refused the request: /);
    // A list's query too.
    const query = await fail(client().projects.list().page({ limit: 101 }));
    expect(query).toMatchObject({ status: 422, propertyErrors: { limit: [expect.any(String)] } });
  });

  it('a token request\'s 422 that echoes the key does not carry it in its message either', async () => {
    const echo = await standIn(answer(422, { extended_message: { global_errors: [], property_errors: { 'user.id.value': [`not ${world.apiKey}`] } } }));
    const error = await fail(client({ baseUrl: echo.url }).createToken({ user: { id: { value: 'p' } }, settings: { project_id: 1 } } as never));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.message).toBe('the service refused the token request: user.id.value: not [key]');
  });

  it('404 NOT_FOUND and 403 FORBIDDEN carry the service\'s message and request id', async () => {
    const missing = await fail(client().projects.get(999999));
    expect(missing).toMatchObject({ name: 'MerchantApiError', status: 404, code: 'NOT_FOUND', requestId: expect.stringMatching(/.+/), propertyErrors: {}, globalErrors: [] });
    expect(missing.message).toMatch(/^the merchant API answered HTTP 404: .*999999/);
    const other = await sandboxWorld({ seed: 'empty' });
    try {
      const theirs = createMerchantClient({ ...other.credentials, baseUrl: base });
      const { id } = await theirs.projects.create({ name: { en: 'Theirs' } });
      expect(await fail(client().projects.get(id))).toMatchObject({ status: 403, code: 'FORBIDDEN', requestId: expect.stringMatching(/.+/) });
      expect(await fail(client().projects.update(id, { descriptor: 'MINE' }))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      // Still theirs.
      expect((await theirs.projects.get(id)).descriptor).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('401 UNAUTHORIZED never carries the key, nor does a message an answer echoes it in', async () => {
    const key = 'wrong-key-123';
    const refused = await fail(client({ apiKey: key }).projects.get(starMiners));
    expect(refused).toMatchObject({ status: 401, code: 'UNAUTHORIZED', requestId: expect.stringMatching(/.+/) });
    expect(refused.message).not.toContain(key);
    const echo = await standIn((req, res) => answer(500, { message: `bad header ${req.headers.authorization} for key ${key}` })(req, res));
    const echoed = await fail(client({ apiKey: key, baseUrl: echo.url, maxRetries: 0 }).projects.get(1));
    expect(echoed).toMatchObject({ status: 500, code: 'HTTP_ERROR' });
    expect(echoed.message).toContain('bad header Basic [key] for key [key]');
    expect(echoed.message).not.toContain(key);
    expect(echoed.message).not.toContain(Buffer.from(`${world.merchantId}:${key}`).toString('base64'));
  });

  it('takes the request id from X-Request-Id when the body has none; an answer that is not JSON is BAD_RESPONSE', async () => {
    const plain = await standIn(answer(409, 'conflict, in plain text', { 'x-request-id': 'req-42' }));
    expect(await fail(client({ baseUrl: plain.url }).projects.create({ name: { en: 'A' } }))).toMatchObject({ status: 409, code: 'CONFLICT', requestId: 'req-42' });
    const garbled = await standIn(answer(200, '<html>'));
    expect(await fail(client({ baseUrl: garbled.url }).projects.get(1))).toMatchObject({ status: 200, code: 'BAD_RESPONSE' });
    const notAList = await standIn(answer(200, { projects: [] }));
    expect(await fail(client({ baseUrl: notAList.url }).projects.list().page())).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('an operation the service does not answer yet is NOT_IMPLEMENTED (501)', async () => {
    const stub = await standIn(answer(501, { http_status_code: 501, message: 'Not Implemented', extended_message: null, request_id: 'r-501' }));
    expect(await fail(client({ baseUrl: stub.url }).virtualItems.get(1, 2))).toMatchObject({ status: 501, code: 'NOT_IMPLEMENTED', requestId: 'r-501' });
    expect(stub.seen).toHaveLength(1); // not tried again
  });
});

describe('retries', () => {
  /** Answers each request with the next of `steps`: 'drop' closes the connection unanswered. */
  const script = (...steps: (number | 'drop')[]): RequestListener => (req, res) => {
    const step = steps.shift() ?? 200;
    if (step === 'drop') return req.socket.destroy();
    answer(step, step === 200 ? { id: 1, name: { en: 'P' } } : { http_status_code: step, message: 'busy', extended_message: null, request_id: `r-${steps.length}` })(req, res);
  };

  it('a GET, PUT or DELETE is tried again after a network error and a 5xx, twice at most', async () => {
    const flaky = await standIn(script('drop', 503));
    expect(await client({ baseUrl: flaky.url }).projects.get(1)).toEqual({ id: 1, name: { en: 'P' } });
    expect(flaky.seen).toEqual(['GET /merchant/v2/projects/1', 'GET /merchant/v2/projects/1', 'GET /merchant/v2/projects/1']);

    const down = await standIn(script(502, 503, 500, 200));
    expect(await fail(client({ baseUrl: down.url }).projects.update(1, { descriptor: 'D' }))).toMatchObject({ status: 500, code: 'HTTP_ERROR' });
    expect(down.seen).toEqual(['PUT /merchant/v2/projects/1', 'PUT /merchant/v2/projects/1', 'PUT /merchant/v2/projects/1']);

    const deleting = await standIn(script('drop', 204));
    expect(await client({ baseUrl: deleting.url }).gameKeys.delete(5, 6)).toBeUndefined();
    expect(deleting.seen).toEqual(['DELETE /merchant/v2/projects/5/game_delivery/6', 'DELETE /merchant/v2/projects/5/game_delivery/6']);
  });

  it('maxRetries: 0 tries once; a 4xx and a POST are never tried again', async () => {
    const once = await standIn(script(503));
    expect(await fail(client({ baseUrl: once.url, maxRetries: 0 }).projects.get(1))).toMatchObject({ status: 503 });
    expect(once.seen).toHaveLength(1);

    const dropped = await standIn(script('drop'));
    expect(await fail(client({ baseUrl: dropped.url, maxRetries: 0 }).projects.get(1))).toMatchObject({ status: null, code: 'NETWORK' });
    expect(dropped.seen).toHaveLength(1);

    const missing = await standIn(script(404, 200));
    expect(await fail(client({ baseUrl: missing.url }).projects.get(1))).toMatchObject({ status: 404 });
    expect(missing.seen).toHaveLength(1);

    const busy = await standIn(script(503, 201));
    expect(await fail(client({ baseUrl: busy.url }).projects.create({ name: { en: 'Once' } }))).toMatchObject({ status: 503, code: 'HTTP_ERROR' });
    expect(busy.seen).toEqual([`POST /merchant/v2/merchants/${world.merchantId}/projects`]);

    const cut = await standIn(script('drop', 201));
    expect(await fail(client({ baseUrl: cut.url }).virtualItems.create(5, { sku: 's', name: { en: 'S' } }))).toMatchObject({ code: 'NETWORK' });
    expect(cut.seen).toHaveLength(1);
    const token = await standIn(script(503, 200));
    expect(await fail(client({ baseUrl: token.url }).createToken({ user: { id: { value: 'p' }, email: { value: 'p@example.test' } }, settings: { project_id: 1 } }))).toMatchObject({ status: 503 });
    expect(token.seen).toHaveLength(1);
  });

  it('a list tries its page again', async () => {
    const flaky = await standIn((req, res) => (flaky.seen.length === 1 ? req.socket.destroy() : answer(200, [{ id: 3 }], { 'x-total-count': '1' })(req, res)));
    const ids: number[] = [];
    for await (const item of client({ baseUrl: flaky.url }).itemGroups.list(5)) ids.push(item.id);
    expect(ids).toEqual([3]);
    expect(flaky.seen).toEqual(['GET /merchant/v2/projects/5/virtual_items/groups?offset=0&limit=100', 'GET /merchant/v2/projects/5/virtual_items/groups?offset=0&limit=100']);
  });
});

describe('every method', () => {
  it('calls its operation: method, path (v2, or v1 when asked), arguments encoded, body and query', async () => {
    // A list (its query has `offset`) answers an empty page; anything else `{id, body}`.
    const echo = await standIn((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        const list = /[?&]offset=/.test(req.url ?? '');
        answer(200, !list ? { id: 1, body } : /\/users\?/.test(req.url ?? '') ? { data: [], recordsTotal: 0 } : [])(req, res);
      });
    });
    const kit = client({ baseUrl: echo.url });
    const calls: [() => Promise<unknown> | AsyncIterable<unknown>, string][] = [
      [() => kit.projects.create({ name: { en: 'P' } }), `POST /merchant/v2/merchants/${world.merchantId}/projects`],
      [() => kit.projects.get(7), 'GET /merchant/v2/projects/7'],
      [() => kit.projects.update(7, { descriptor: 'D' }), 'PUT /merchant/v2/projects/7'],
      [() => kit.projects.list(), `GET /merchant/v2/merchants/${world.merchantId}/projects?offset=0&limit=100`],
      [() => kit.virtualCurrency.get(7), 'GET /merchant/v2/projects/7/virtual_currency'],
      [() => kit.virtualCurrency.update(7, {} as never), 'PUT /merchant/v2/projects/7/virtual_currency'],
      [() => kit.virtualCurrency.packages.create(7, {} as never), 'POST /merchant/v2/projects/7/virtual_currency/packages'],
      [() => kit.virtualCurrency.packages.get(7, 8), 'GET /merchant/v2/projects/7/virtual_currency/packages/8'],
      [() => kit.virtualCurrency.packages.update(7, 8, {} as never), 'PUT /merchant/v2/projects/7/virtual_currency/packages/8'],
      [() => kit.virtualCurrency.packages.delete(7, 8), 'DELETE /merchant/v2/projects/7/virtual_currency/packages/8'],
      [() => kit.virtualItems.create(7, { sku: 's', name: { en: 'S' } }), 'POST /merchant/v2/projects/7/virtual_items/items'],
      [() => kit.virtualItems.get(7, 9), 'GET /merchant/v2/projects/7/virtual_items/items/9'],
      [() => kit.virtualItems.list(7, { has_price: 'real_currency', limit: 5 }), 'GET /merchant/v2/projects/7/virtual_items/items?has_price=real_currency&limit=5&offset=0'],
      [() => kit.virtualItems.update(7, 9, { enabled: false }), 'PUT /merchant/v2/projects/7/virtual_items/items/9'],
      [() => kit.virtualItems.delete(7, 9), 'DELETE /merchant/v2/projects/7/virtual_items/items/9'],
      [() => kit.virtualItems.groups.create(7, {} as never), 'POST /merchant/v2/projects/7/virtual_items/groups'],
      [() => kit.itemGroups.get(7, 3), 'GET /merchant/v2/projects/7/virtual_items/groups/3'],
      [() => kit.itemGroups.list(7), 'GET /merchant/v2/projects/7/virtual_items/groups?offset=0&limit=100'],
      [() => kit.itemGroups.update(7, 3, {} as never), 'PUT /merchant/v2/projects/7/virtual_items/groups/3'],
      [() => kit.itemGroups.delete(7, 3), 'DELETE /merchant/v2/projects/7/virtual_items/groups/3'],
      [() => kit.userAttributes.create(7, {} as never), 'POST /merchant/v2/projects/7/user_attributes'],
      [() => kit.userAttributes.get(7, 4), 'GET /merchant/v2/projects/7/user_attributes/4'],
      [() => kit.userAttributes.list(7), 'GET /merchant/v2/projects/7/user_attributes?offset=0&limit=100'],
      [() => kit.userAttributes.update(7, 4, {} as never), 'PUT /merchant/v2/projects/7/user_attributes/4'],
      [() => kit.userAttributes.delete(7, 4), 'DELETE /merchant/v2/projects/7/user_attributes/4'],
      [() => kit.gameKeys.create(7, {} as never), 'POST /merchant/v2/projects/7/game_delivery'],
      [() => kit.gameKeys.get(7, 5), 'GET /merchant/v2/projects/7/game_delivery/5'],
      [() => kit.gameKeys.list(7), 'GET /merchant/v2/projects/7/game_delivery?offset=0&limit=100'],
      [() => kit.gameKeys.update(7, 5, {} as never), 'PUT /merchant/v2/projects/7/game_delivery/5'],
      [() => kit.gameKeys.delete(7, 5), 'DELETE /merchant/v2/projects/7/game_delivery/5'],
      [() => kit.users.create(7, { user_id: 'a/b c' }), 'POST /merchant/v2/projects/7/users'],
      [() => kit.users.get(7, 'a/b c?'), 'GET /merchant/v2/projects/7/users/a%2Fb%20c%3F'],
      [() => kit.users.update(7, 'a/b', { user_id: 'a/b', enabled: false }), 'PUT /merchant/v2/projects/7/users/a%2Fb'],
      [() => kit.users.list(7), 'GET /merchant/v2/projects/7/users?offset=0&limit=100'],
      [() => kit.users.virtualItemsTotal(7, { user_id: 'p 1' }), 'GET /merchant/v2/projects/7/users/virtual_items/total?user_id=p+1&offset=0&limit=100'],
      // Issue 28's operations (the offline service answers them later).
      [() => kit.users.transactions({ user_id: 'p1', datetime_from: '2026-01-01', datetime_to: '2026-02-01' }),
        `GET /merchant/v2/merchants/${world.merchantId}/users/transactions.json?user_id=p1&datetime_from=2026-01-01&datetime_to=2026-02-01&offset=0&limit=100`],
      [() => kit.subscriptions.plans.create(7, {} as never), 'POST /merchant/v2/projects/7/subscriptions/plans'],
      [() => kit.subscriptions.plans.get(7, 2), 'GET /merchant/v2/projects/7/subscriptions/plans/2'],
      [() => kit.subscriptions.plans.list(7), 'GET /merchant/v2/projects/7/subscriptions/plans?offset=0&limit=100'],
      [() => kit.subscriptions.plans.update(7, 2, {} as never), 'PUT /merchant/v2/projects/7/subscriptions/plans/2'],
      [() => kit.subscriptions.plans.delete(7, 2), 'DELETE /merchant/v2/projects/7/subscriptions/plans/2'],
      [() => kit.subscriptions.products.create(7, {} as never), 'POST /merchant/v2/projects/7/subscriptions/products'],
      [() => kit.subscriptions.products.list(7, { group_id: 'g' }), 'GET /merchant/v2/projects/7/subscriptions/products?group_id=g&offset=0&limit=100'],
      [() => kit.subscriptions.products.update(7, 3, {} as never), 'PUT /merchant/v2/projects/7/subscriptions/products/3'],
      [() => kit.subscriptions.products.delete(7, 3), 'DELETE /merchant/v2/projects/7/subscriptions/products/3'],
      [() => kit.subscriptions.payments.list(7), 'GET /merchant/v2/projects/7/subscriptions/payments?offset=0&limit=100'],
      [() => kit.subscriptions.get(7, 11), 'GET /merchant/v2/projects/7/subscriptions/11'],
      [() => kit.subscriptions.update(7, 'p1', 11, { status: 'canceled' } as never), 'PUT /merchant/v2/projects/7/users/p1/subscriptions/11'],
      [() => kit.reports.transactions({ show_dry_run: true }), `GET /merchant/v2/merchants/${world.merchantId}/reports/transactions/search.json?show_dry_run=true&offset=0&limit=100`],
      [() => kit.reports.details(12), `GET /merchant/v2/merchants/${world.merchantId}/reports/transactions/12/details`],
      [() => kit.reports.download('xls', { user_id: 'p 1' }), `GET /merchant/v2/merchants/${world.merchantId}/reports/transactions/search.xls?user_id=p+1`],
    ];
    for (const [method, expected] of calls) {
      echo.seen.length = 0;
      const call = method();
      if (Symbol.asyncIterator in call) for await (const _ of call as AsyncIterable<unknown>) { /* empty lists */ }
      else await call;
      expect(echo.seen, expected).toEqual([expected]);
    }
    echo.seen.length = 0;
    expect(await client({ baseUrl: echo.url }).virtualItems.update(7, 9, { enabled: false })).toEqual({ id: 1, body: '{"enabled":false}' });
    await client({ baseUrl: echo.url, apiVersion: 'v1' }).userAttributes.get(7, 4);
    expect(echo.seen).toEqual(['PUT /merchant/v2/projects/7/virtual_items/items/9', 'GET /merchant/v1/projects/7/user_attributes/4']);
  });

  it('refuses bad options with the option\'s path', () => {
    const good = { merchantId: 1, apiKey: 'k', baseUrl: 'https://api.example.test' };
    for (const [change, path] of [[{ apiVersion: 'v3' }, 'apiVersion'], [{ maxRetries: -1 }, 'maxRetries'], [{ maxRetries: 1.5 }, 'maxRetries']] as const) {
      expect(() => createMerchantClient({ ...good, ...change } as never), path).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path }));
    }
    expect(() => createMerchantClient({ ...good, apiVersion: 'v1', maxRetries: 0 })).not.toThrow();
  });

  it('refuses a path argument the URL parser would collapse into another operation, before any request', async () => {
    // `users.update(200001, '..', …)` was `PUT …/projects/200001/`: it disabled the project.
    const echo = await standIn(answer(200, {}));
    const kit = client({ baseUrl: echo.url });
    const tries: [() => unknown, string][] = [];
    for (const bad of ['..', '.', '', '%2e', '%2E%2e', '.%2e', '%2e.']) {
      tries.push(
        [() => kit.users.update(200001, bad, { enabled: false } as never), 'userId'],
        [() => kit.users.get(200001, bad), 'userId'],
        [() => kit.subscriptions.update(200001, bad, 5, { status: 'canceled' } as never), 'userId'],
        [() => kit.virtualItems.get(bad as never, 1), 'projectId'],
        [() => kit.subscriptions.plans.delete(200001, bad as never), 'planId'],
      );
    }
    tries.push(
      [() => kit.projects.get(-1), 'projectId'],
      [() => kit.virtualItems.delete(200001, 1.5), 'itemId'],
      [() => kit.reports.details(Number.NaN), 'transactionId'],
      [() => kit.gameKeys.get(200001, '1/../2' as never), 'gameId'],
      [() => kit.reports.download('../token' as never), 'format'],
    );
    for (const [call, path] of tries) {
      let thrown: unknown;
      try {
        const listing = call();
        if (listing instanceof Promise) await listing;
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${call}`).toMatchObject({ code: 'INVALID_OPTION', path });
    }
    expect(echo.seen).toEqual([]);
    // A user id is the merchant's own text: dots inside it and other characters travel encoded.
    await kit.users.get(200001, '.player.');
    await kit.users.get(200001, 'a/..');
    expect(echo.seen).toEqual(['GET /merchant/v2/projects/200001/users/.player.', 'GET /merchant/v2/projects/200001/users/a%2F..']);
  });

  it('is typed from openapi.json', () => {
    const kit = client();
    expectTypeOf(kit.projects.get).returns.resolves.toEqualTypeOf<Schemas['Project']>();
    expectTypeOf(kit.projects.create).parameter(0).toEqualTypeOf<Schemas['ProjectCreate']>();
    expectTypeOf(kit.projects.update).returns.resolves.toBeVoid();
    expectTypeOf(kit.virtualItems.create).returns.resolves.toEqualTypeOf<Schemas['Created']>();
    expectTypeOf(kit.virtualItems.list).returns.toMatchTypeOf<AsyncIterable<Schemas['VirtualItemListEntry']>>();
    expectTypeOf(kit.users.list).returns.toMatchTypeOf<AsyncIterable<Schemas['User']>>();
    expectTypeOf(kit.users.get).parameters.toEqualTypeOf<[projectId: number, userId: string]>();
    expectTypeOf(kit.users.virtualItemsTotal(1).page).returns.resolves.toEqualTypeOf<{ items: Schemas['UserVirtualItemsTotal'][]; total: number }>();
    // The plans' shapes are the client's version's.
    expectTypeOf(kit.subscriptions.plans.get).returns.resolves.toEqualTypeOf<Schemas['PlanV2']>();
    expectTypeOf(client({ apiVersion: 'v1' }).subscriptions.plans.get).returns.resolves.toEqualTypeOf<Schemas['PlanV1']>();
    // @ts-expect-error a user's transactions need their query
    void (() => kit.users.transactions());
  });
});

describe('the catalog and users, on the service', () => {
  it('items: create → list → get', async () => {
    const kit = client();
    // In a project of its own: the demo project's items stay the seeded ones (the demo shop's test below).
    const { id: project } = await kit.projects.create({ name: { en: 'Kit items' } });
    const { id } = await kit.virtualItems.create(project, { sku: 'kit-test-lantern', name: { en: 'Lantern' }, prices: { USD: 2.5 }, default_currency: 'USD', enabled: true });
    for (const sku of ['kit-a', 'kit-b']) await kit.virtualItems.create(project, { sku, name: { en: sku } });
    const listed: Schemas['VirtualItemListEntry'][] = [];
    for await (const item of kit.virtualItems.list(project, { limit: 2 })) listed.push(item);
    expect(listed.map((item) => item.sku)).toEqual(['kit-test-lantern', 'kit-a', 'kit-b']);
    expect(listed[0]).toMatchObject({ id, localized_name: 'Lantern', prices: { USD: 2.5 } });
    expect(await kit.virtualItems.get(project, id)).toMatchObject({ id, sku: 'kit-test-lantern', name: { en: 'Lantern' } });
    const duplicate = await fail(kit.virtualItems.create(project, { sku: 'kit-test-lantern', name: { en: 'Again' } }));
    expect(duplicate).toMatchObject({ status: 409, code: 'CONFLICT', requestId: expect.stringMatching(/.+/) });
    // The message says what conflicts, not only "HTTP 409: Conflict".
    expect(duplicate.message).toBe('the merchant API answered HTTP 409: Conflict (sku: "kit-test-lantern" is already used in this project)');
  });

  it('users: create → get → update → list', async () => {
    const kit = client();
    const created = await kit.users.create(starMiners, { user_id: 'kit-user/1', user_name: 'Kit' });
    expect(created).toMatchObject({ user_id: 'kit-user/1', user_name: 'Kit', enabled: true });
    expect(await kit.users.get(starMiners, 'kit-user/1')).toMatchObject({ user_id: 'kit-user/1', balance: 0 });
    await kit.users.update(starMiners, 'kit-user/1', { user_id: 'kit-user/1', enabled: false });
    expect(await kit.users.get(starMiners, 'kit-user/1')).toMatchObject({ enabled: false });
    const ids: string[] = [];
    for await (const user of kit.users.list(starMiners, { limit: 1 })) ids.push(user.user_id);
    expect(ids).toContain('kit-user/1');
    expect((await kit.users.list(starMiners).page({ limit: 1 })).total).toBe(ids.length);
    expect(await fail(kit.users.get(starMiners, 'nobody-at-all'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

it('a refused connection is NETWORK after its tries', async () => {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const { port } = closed.address() as { port: number };
  await new Promise((r) => closed.close(r));
  const fetches = vi.spyOn(globalThis, 'fetch');
  expect(await fail(client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 }).projects.get(1))).toMatchObject({ code: 'NETWORK', status: null, requestId: null });
  expect(fetches).toHaveBeenCalledTimes(2);
});

describe('the demo shop (server/shop.ts, server/demo.ts)', () => {
  const shop = () => createShop({ ...world.credentials, merchantApi: base, players: new Set() });
  /** What the pages sold from the static catalogue: the seed fixtures hold the same items. */
  const seeded = PROJECTS[200001]!.items.map(({ sku, name, price }) => ({ sku, name, price }));

  it('syncs the catalogue through the kit: the items the service lists, with their names and prices', async () => {
    expect(await shop().syncCatalogue(starMiners)).toEqual(seeded);
  });

  it('looks a player up through the kit: their balance, 0 for one the service has not met', async () => {
    expect(await shop().balanceOf(starMiners, 'nobody-at-all')).toBe(0);
  });

  it('the demo server sells the catalogue synced from the service, and shows the player its balance there', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const demo = await listenLoopback(createDemoServer({ appRoot: '/nowhere', distRoot: '/nowhere', merchantApi: base, paymentUiOrigins: [], paymentUi: { live: base, sandbox: base } }), 0);
    stands.push(demo);
    const get = async (path: string) => (await fetch(`http://127.0.0.1:${demo.port}${path}`)).json();
    expect(await get('/api/catalogue')).toEqual({ items: seeded });
    expect(await get('/api/catalogue')).toEqual({ items: seeded });
    expect(log).not.toHaveBeenCalled();
    expect(await get('/api/player')).toEqual({ id: 'demo-player-1', name: 'Nova Rider', balance: expect.any(Number) });
  });
});

describe("the service's 429 and its race's 409, through the kit", () => {
  it('wrong keys past the limit are 429 HTTP_ERROR, its message with the wait, tried once each; the right key still gets in', async () => {
    // A merchant of its own: its wrong keys count against no other test's.
    const other = await sandboxWorld({ seed: 'empty' });
    try {
      const wrong = createMerchantClient({ merchantId: other.credentials.merchantId, apiKey: 'not-the-key', baseUrl: base });
      const fetches = vi.spyOn(globalThis, 'fetch');
      const errors: MerchantApiError[] = [];
      for (let i = 0; i < 11; i += 1) errors.push(await fail(wrong.projects.list().page()));
      expect(fetches).toHaveBeenCalledTimes(11);
      expect(errors.slice(0, 10).map((error) => error.code)).toEqual(Array(10).fill('UNAUTHORIZED'));
      expect(errors[10]).toMatchObject({ name: 'MerchantApiError', status: 429, code: 'HTTP_ERROR', requestId: expect.stringMatching(/.+/) });
      expect(errors[10]!.message).toMatch(/^the merchant API answered HTTP 429: Too Many Requests: too many wrong API keys for this merchant within a minute; try again in \d+ s$/);
      expect(errors[10]!.message).not.toContain('not-the-key');
      expect((await createMerchantClient({ ...other.credentials, baseUrl: base }).projects.list().page()).items).toEqual(expect.any(Array));
    } finally {
      await other.close();
    }
  });

  it("a 409 that says to send it again (the service's RaceLost on a Postgres server) is CONFLICT with that message, tried once: sending it again is the caller's", async () => {
    const lost = new RaceLost(5, Object.assign(new Error('deadlock'), { code: '40P01' }));
    const raced = await standIn(answer(409, { http_status_code: 409, message: lost.message, extended_message: null, request_id: 'r-409' }));
    const error = await fail(client({ baseUrl: raced.url }).projects.update(1, { descriptor: 'D' }));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', requestId: 'r-409' });
    expect(error.message).toBe(`the merchant API answered HTTP 409: ${lost.message}`);
    expect(error.message).toMatch(/nothing was done: send it again$/);
    expect(raced.seen).toEqual(['PUT /merchant/v2/projects/1']);
  });
});
