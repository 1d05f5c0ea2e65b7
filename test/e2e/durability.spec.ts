/**
 * The offline service's state lives in its data directory (DESIGN.md §8 "Durable"): every write
 * answered 2xx survives a killed process; export → reset → import gives the same answers; a second
 * process cannot open the same directory; a directory from a newer version is refused, not wiped.
 * The built command (`mock/dist/server.js`) is run as a merchant runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { MIGRATIONS } from '../../mock/store/migrations';
import { callMerchantApi } from '../fixtures/merchant-call';
import { startOwnWorld, type OwnWorld } from './own-world';

const SERVER = join(process.cwd(), 'mock', 'dist', 'server.js');

// Each test starts the service several times; its database takes seconds to start on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The built command on free ports, its state in `dataDir`. */
const start = (dataDir: string) => startOwnWorld('service', { dataDir });

/** Runs the command to its end: its exit code and what it printed. */
function run(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SERVER, ...args], { env: { ...process.env, PAYUI_MOCK_DATA: dataDir }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }));
  });
}

const call = (api: string, path: string, method = 'GET', body?: unknown) => callMerchantApi(api, method, path, body);

test('every write answered 2xx survives SIGKILL, sent while writes are still coming', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payui-durable-'));
  const first = await start(dataDir);
  const acknowledged: number[] = [];
  // Writes keep coming; the process is killed in the middle of them, without warning.
  const writer = (async () => {
    for (let i = 0; i < 400; i += 1) {
      const answer = await call(first.merchantApi, '/merchant/v2/merchants/100001/projects', 'POST', { name: { en: `Durable ${i}` }, descriptor: `D${i}` }).catch(() => null);
      if (!answer) return;
      if (answer.status === 201) acknowledged.push(answer.body.id);
    }
  })();
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(25);
  expect((await call(first.merchantApi, '/mock/projects/200001/webhooks', 'PUT', { url: 'http://127.0.0.1:9/hook', secret: 'kept-secret', variant: 'separate' })).status).toBe(200);
  await Promise.all([writer, first.kill('SIGKILL')]);

  const second = await start(dataDir);
  try {
    for (const id of acknowledged) {
      const project = await call(second.merchantApi, `/merchant/v2/projects/${id}`);
      expect(project.status, `project ${id}, acknowledged before the kill`).toBe(200);
    }
    expect((await call(second.merchantApi, '/mock/projects/200001/webhooks')).body).toEqual({ project_id: 200001, enabled: true, url: 'http://127.0.0.1:9/hook', variant: 'separate' });
    // A second process on the same directory is refused, in words.
    const other = await run(['--help'], dataDir);
    expect(other.code).toBe(0);
    const busy = await run(['export', join(dataDir, 'x.json')], dataDir);
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/in use by another payui-mock \(process \d+\)/);
  } finally {
    await second.kill('SIGTERM');
  }
  console.log(`durability: ${acknowledged.length} acknowledged writes before SIGKILL, all found after the restart`);
});

test('export → reset → import gives the same state back, and the service the same answers', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payui-snapshot-'));
  const service = await start(dataDir);
  const made = await call(service.merchantApi, '/merchant/v2/merchants/100001/projects', 'POST', { name: { en: 'Exported' }, descriptor: 'EXPORTED' });
  expect(made.status).toBe(201);
  await service.kill('SIGTERM');

  const a = join(dataDir, 'a.json');
  const b = join(dataDir, 'b.json');
  const c = join(dataDir, 'c.json');
  expect((await run(['export', a], dataDir)).code).toBe(0);
  expect((await run(['reset'], dataDir)).code).toBe(0);
  expect((await run(['export', b], dataDir)).code).toBe(0);
  expect(readFileSync(b, 'utf8')).not.toContain('Exported');
  expect((await run(['import', a], dataDir)).code).toBe(0);
  expect((await run(['export', c], dataDir)).code).toBe(0);
  expect(JSON.parse(readFileSync(c, 'utf8'))).toEqual(JSON.parse(readFileSync(a, 'utf8')));

  const again = await start(dataDir);
  try {
    expect((await call(again.merchantApi, `/merchant/v2/projects/${made.body.id}`)).body).toMatchObject({ id: made.body.id, descriptor: 'EXPORTED' });
    // Ids go on after the imported ones.
    const next = await call(again.merchantApi, '/merchant/v2/merchants/100001/projects', 'POST', { name: { en: 'After' } });
    expect(next.body.id).toBeGreaterThan(made.body.id);
  } finally {
    await again.kill('SIGTERM');
  }
  // A file that is not an export changes nothing.
  const d = join(dataDir, 'd.json');
  expect((await run(['export', d], dataDir)).code).toBe(0);
  const bad = await run(['import', SERVER], dataDir);
  expect(bad.code).toBe(1);
  expect(bad.out).toMatch(/import .*: /);
  const notAnExport = join(dataDir, 'not-an-export.json');
  writeFileSync(notAnExport, JSON.stringify({ format: 'payui-mock', version: MIGRATIONS.length, tables: { projects: [{ id: 'x' }] } }));
  const refused = await run(['import', notAnExport], dataDir);
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(/tables\.projects\[0\] \(id x\)\.id: must be an integer/);
  expect((await run(['export', b], dataDir)).code).toBe(0);
  expect(JSON.parse(readFileSync(b, 'utf8'))).toEqual(JSON.parse(readFileSync(d, 'utf8')));
});

test('a data directory written by a newer payui-mock is refused with a clear message and left as it was', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payui-newer-'));
  expect((await run(['reset'], dataDir)).code).toBe(0);
  const db = await PGlite.create(join(dataDir, 'pg'));
  await db.query('UPDATE schema_version SET version = 99');
  await db.close();
  const refused = await run(['export', join(dataDir, 'x.json')], dataDir);
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(/schema version 99, newer than this payui-mock knows/);
  const check = await PGlite.create(join(dataDir, 'pg'));
  expect((await check.query<{ n: number }>('SELECT count(*)::int AS n FROM projects')).rows[0]!.n).toBeGreaterThan(0);
  expect((await check.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]!.version).toBe(99);
  await check.close();
});

test('a webhook committed but not yet accepted survives SIGKILL: the next start sends it, once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payui-outbox-'));
  // The listener: user_validation always accepted; the rest refused (503) while it is down.
  let up = false;
  const paid: number[] = [];
  const listener = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text);
      if (!up && body.notification_type !== 'user_validation') return void res.writeHead(503).end();
      if (body.notification_type === 'order_paid') paid.push(body.order.id);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(listener.address() as { port: number }).port}/hook`;
  let attempts = 0;
  listener.on('request', () => (attempts += 1));
  /** Buys 100 crystals in the sandbox payment UI; answers the invoice. */
  const buy = async ({ merchantApi, sandbox }: OwnWorld) => {
    const token = await call(merchantApi, '/merchant/v2/merchants/100001/token', 'POST', {
      user: { id: { value: 'kill-player' }, email: { value: 'kill-player@example.test' } }, settings: { project_id: 200001, mode: 'sandbox' },
      purchase: { virtual_currency: { quantity: 100 } },
    });
    const answer = await fetch(`${sandbox}/api/payments`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: sandbox },
      body: JSON.stringify({ search: `?access_token=${encodeURIComponent(token.body.token)}`, outcome: 'success' }),
    });
    const result = await answer.json();
    expect(result).toMatchObject({ ok: true, status: 'done' });
    return result.invoice as number;
  };
  try {
    const first = await start(dataDir);
    expect((await call(first.merchantApi, '/mock/projects/200001/webhooks', 'PUT', { url, secret: 'kill-secret', variant: 'combined' })).status).toBe(200);
    const lost = await buy(first);
    // Refused at least once (user_validation, then order_paid), then killed while it waits for its retry.
    await expect.poll(() => attempts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await first.kill('SIGKILL');
    expect(paid).toEqual([]);

    // Sent one at a time in order: once a later payment's order_paid is in, an earlier one sent twice would be seen.
    up = true;
    const second = await start(dataDir);
    // Its next attempt is due 5 minutes after the refused one, on the merchant's clock (its place in
    // the retry schedule is kept with it, when the kill came after it was written): move the clock there.
    expect((await call(second.merchantApi, '/mock/clock', 'POST', { advance: 'PT5M' })).status).toBe(200);
    const next = await buy(second);
    await expect.poll(() => paid.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(paid).toEqual([lost, next]);
    await second.kill('SIGTERM');

    const third = await start(dataDir);
    const last = await buy(third);
    await expect.poll(() => paid.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(paid).toEqual([lost, next, last]);
    await third.kill('SIGTERM');
  } finally {
    listener.close();
  }
});
