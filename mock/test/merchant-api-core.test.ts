/**
 * The merchant API's conventions (DESIGN.md §8), on the service as it runs: credentials, the
 * error statuses and their shape, lists, ids, and the operations that are described but not yet
 * answered. Projects are the example resource.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWorld, type SandboxWorld } from './sandbox-world';

let world: SandboxWorld;
let base: string;
/** The sandbox's Star Miners (the demo's project 200001). */
let starMiners: number;

beforeAll(async () => {
  world = await sandboxWorld();
  starMiners = world.project(200001);
  base = world.origin;
});
afterAll(() => world.close());

async function call(path: string, init: { method?: string; body?: unknown; raw?: string; type?: string; auth?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (init.auth !== null) headers.authorization = init.auth ?? world.authorization;
  let body: string | undefined;
  if (init.raw !== undefined || init.body !== undefined) {
    headers['content-type'] = init.type ?? 'application/json';
    body = init.raw ?? JSON.stringify(init.body);
  }
  const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const expectError = (answer: { status: number; body: any; headers: Headers }, status: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ http_status_code: status, message: expect.any(String), request_id: expect.any(String) });
  expect(answer.headers.get('x-request-id')).toBe(answer.body.request_id);
};

describe('credentials', () => {
  it('no or wrong credentials are 401 with a Basic challenge', async () => {
    const none = await call(`/merchant/v2/projects/${starMiners}`, { auth: null });
    expectError(none, 401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);
    expectError(await call(`/merchant/v2/projects/${starMiners}`, { auth: `Basic ${Buffer.from(`${world.merchantId}:wrong`).toString('base64')}` }), 401);
    expectError(await call(`/merchant/v2/projects/${starMiners}`, { auth: `Basic ${Buffer.from(`0x${world.merchantId.toString(16)}:${world.apiKey}`).toString('base64')}` }), 401);
  });
  it("another merchant's merchant id or project is 403; an unknown project 404", async () => {
    expectError(await call('/merchant/v2/merchants/100002/projects'), 403);
    const other = await sandboxWorld();
    try {
      expectError(await call(`/merchant/v2/projects/${other.project(200001)}`), 403);
    } finally {
      await other.close();
    }
    expectError(await call('/merchant/v2/projects/999999'), 404);
  });
  it('a change asked by a page of another site, with credentials the browser kept, is 403; a backend, the console and reads are not', async () => {
    const change = (headers: Record<string, string>) => fetch(`${base}/merchant/v2/merchants/${world.merchantId}/projects`, {
      method: 'POST', headers: { authorization: world.authorization, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: { en: 'Forged' } }),
    });
    // What a browser sends with a form or a no-cors fetch from another site (Basic credentials are kept per origin).
    expect((await change({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await change({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' })).status).toBe(403);
    // A browser without Fetch Metadata: its Origin says it.
    expect((await change({ origin: 'http://evil.test' })).status).toBe(403);
    const refused = await (await change({ 'sec-fetch-site': 'cross-site' })).json();
    expect(refused.message).toMatch(/another site/);
    // The console (same origin), a backend (no such headers) and a read from anywhere go on.
    expect((await change({ 'sec-fetch-site': 'same-origin', origin: base })).status).toBe(201);
    expect((await change({})).status).toBe(201);
    expect((await fetch(`${base}/merchant/v2/merchants/${world.merchantId}/projects`, { headers: { authorization: world.authorization, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });
});

describe('errors in the service shape', () => {
  it('malformed JSON is 400, a body that is not JSON 415, a body over 1 MiB 413', async () => {
    expectError(await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { method: 'POST', raw: '{"name":' }), 400);
    expectError(await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { method: 'POST', raw: 'name=x', type: 'application/x-www-form-urlencoded' }), 415);
    expectError(await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { method: 'POST', raw: JSON.stringify({ name: { en: 'x'.repeat(1024 * 1024) } }) }), 413);
  });
  it('a wrong method is 405 with Allow; an unknown path 404', async () => {
    const answer = await call(`/merchant/v2/projects/${starMiners}`, { method: 'DELETE' });
    expectError(answer, 405);
    expect(answer.headers.get('allow')).toBe('GET, PUT');
    expectError(await call('/merchant/v2/nothing-here'), 404);
    expectError(await call(`/merchant/v3/projects/${starMiners}`), 404);
  });
  it('ids that are not plain decimal integers are 404', async () => {
    for (const id of [`0x${starMiners.toString(16)}`, `${starMiners}.0`, `%20${starMiners}`, `0${starMiners}`, '-1']) expectError(await call(`/merchant/v2/projects/${id}`), 404);
  });
  it('unknown and wrong fields are 422 at their paths, all at once', async () => {
    const answer = await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { method: 'POST', body: { name: { en: 'A' }, descriptor: 'much-longer-than-twelve', colour: 'red', enabled: 'yes' } });
    expectError(answer, 422);
    expect(answer.body.extended_message.property_errors).toEqual({
      descriptor: ['must be at most 12 characters'],
      colour: ['is not a known field'],
      enabled: ['must be a boolean'],
    });
  });
});

describe('projects', () => {
  it('create → read → update → read, in v1 and v2 alike', async () => {
    const created = await call(`/merchant/v1/merchants/${world.merchantId}/projects`, { method: 'POST', body: { name: { en: 'Moon Forge' }, descriptor: 'MOONFORGE', enabled: true } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number) });
    const id = created.body.id;
    expect((await call(`/merchant/v2/projects/${id}`)).body).toEqual({ id, name: { en: 'Moon Forge' }, descriptor: 'MOONFORGE', enabled: true });
    expect((await call(`/merchant/v2/projects/${id}`, { method: 'PUT', body: { name: { en: 'Moon Forge' }, enabled: false } })).status).toBe(204);
    expect((await call(`/merchant/v1/projects/${id}`)).body).toEqual({ id, name: { en: 'Moon Forge' }, descriptor: 'MOONFORGE', enabled: false });
  });
  it('a project created without `enabled` is enabled, and its read and list entry say so (the console showed "Enabled: no" while it sold)', async () => {
    const { body } = await call(`/merchant/v2/merchants/${world.merchantId}/projects`, { method: 'POST', body: { name: { en: 'Quiet Forge' }, send_json_to_payui: true } });
    expect((await call(`/merchant/v2/projects/${body.id}`)).body).toEqual({ id: body.id, name: { en: 'Quiet Forge' }, send_json_to_payui: true, enabled: true });
    const listed = (await call(`/merchant/v2/merchants/${world.merchantId}/projects?limit=100`)).body.find((p: { id: number }) => p.id === body.id);
    expect(listed).toMatchObject({ enabled: true });
  });
  it('lists page with offset and limit, in id order, with X-Total-Count', async () => {
    const all = await call(`/merchant/v2/merchants/${world.merchantId}/projects?limit=100`);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(all.body.map((p: { id: number }) => p.id)).toEqual([...all.body.map((p: { id: number }) => p.id)].sort((a, b) => a - b));
    const second = await call(`/merchant/v2/merchants/${world.merchantId}/projects?offset=1&limit=1`);
    expect(second.body).toEqual([all.body[1]]);
    const past = await call(`/merchant/v2/merchants/${world.merchantId}/projects?offset=${total}`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe(String(total));
    expectError(await call(`/merchant/v2/merchants/${world.merchantId}/projects?limit=101`), 422);
    expectError(await call(`/merchant/v2/merchants/${world.merchantId}/projects?offset=-1`), 422);
  });
});
