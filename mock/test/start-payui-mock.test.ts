// `import { startPayuiMock } from 'payui-mock'` (DESIGN.md §8b): a merchant's test suite starts the
// offline service from code, on free ports, in memory unless given a data directory, and stops it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startPayuiMock } from '../app/start';
import { createMerchantClient } from '../../src/server/index';
import type { PayuiMock } from 'payui-mock';

const started: PayuiMock[] = [];
afterAll(() => Promise.all(started.map((service) => service.stop())));
const start = async (...args: Parameters<typeof startPayuiMock>) => {
  const service = await startPayuiMock(...args);
  started.push(service);
  return service;
};

describe('startPayuiMock', () => {
  it('starts two services at once on free ports, each a world of its own, quietly; stop() frees its ports', async () => {
    const hadState = existsSync('.payui-mock');
    const printed: string[] = [];
    const original = console.log;
    console.log = (...parts: unknown[]) => void printed.push(parts.join(' '));
    let a: PayuiMock;
    let b: PayuiMock;
    try {
      [a, b] = await Promise.all([start(), start()]);
    } finally {
      console.log = original;
    }
    expect(printed).toEqual([]);
    const urls = [a.merchantApiUrl, a.liveUrl, a.sandboxUrl, b.merchantApiUrl, b.liveUrl, b.sandboxUrl];
    expect(new Set(urls.map((url) => new URL(url).port)).size).toBe(6);
    expect(a.merchant).toEqual({ merchantId: 100001, apiKey: 'demo-api-key', projectIds: [200001, 200002] });
    // The kit, as a merchant's backend uses it, against one; what it writes is not the other's.
    const kit = (service: PayuiMock) => createMerchantClient({ merchantId: service.merchant.merchantId, apiKey: service.merchant.apiKey, baseUrl: service.merchantApiUrl });
    const { token } = await kit(a).createToken({ user: { id: { value: 'p1' }, email: { value: 'p1@example.test' } }, settings: { project_id: 200001 } } as never);
    expect(token).toMatch(/\S+/);
    await kit(a).projects.update(200001, { enabled: false } as never);
    expect((await kit(b).projects.get(200001)).enabled).toBe(true);
    // In memory: nothing in the working directory.
    expect(existsSync('.payui-mock')).toBe(hadState);
    await a.stop();
    await a.stop();
    await expect(fetch(`${a.merchantApiUrl}/health`)).rejects.toThrow();
    expect((await fetch(`${b.merchantApiUrl}/health`)).status).toBe(200);
  });

  it('keeps its state in dataDir across a stop and a start, on the ports asked for', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'payui-start-'));
    try {
      const lines: string[] = [];
      const first = await start({ dataDir, log: (line) => lines.push(line) });
      expect(lines.join('\n')).toMatch(/merchant API http:\/\/localhost:\d+/);
      const kit = createMerchantClient({ merchantId: 100001, apiKey: 'demo-api-key', baseUrl: first.merchantApiUrl });
      const { id } = await kit.projects.create({ name: { en: 'Kept' } } as never);
      const port = Number(new URL(first.merchantApiUrl).port);
      await first.stop();
      const again = await start({ dataDir, ports: { merchantApi: port } });
      expect(again.merchantApiUrl).toBe(`http://localhost:${port}`);
      const kept = createMerchantClient({ merchantId: 100001, apiKey: 'demo-api-key', baseUrl: again.merchantApiUrl });
      expect((await kept.projects.get(id)).name).toEqual({ en: 'Kept' });
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000); // two starts on a data directory: a new cluster each time (~10 s on a busy machine)

  it('stop() resolves once a request a latency fault holds has ended, and prints nothing after', async () => {
    const service = await start();
    const errors: string[] = [];
    const original = console.error;
    console.error = (...parts: unknown[]) => void errors.push(parts.join(' '));
    try {
      const headers = { authorization: `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}`, 'x-payui-mock-fault': 'latency=1500' };
      const held = fetch(`${service.merchantApiUrl}/merchant/v2/projects/200001`, { headers }).then(() => 'answered', () => 'dropped');
      // The request is in the service (held by its latency) before the stop.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await service.stop();
      expect(['answered', 'dropped']).toContain(await held);
      // Past the latency: the held request's handler did not go on against the closed database
      // (before, a 500 with the database's stack trace was printed ~1.2 s after stop()).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(errors).toEqual([]);
    } finally {
      console.error = original;
    }
  });

  it('has what a first sandbox needs ready once it has started: that request compiles no validator (issue 46 item 12)', async () => {
    const compiles = vi.spyOn(Ajv2020.prototype, 'compile');
    try {
      const service = await start();
      // The warming runs a moment after the start, in the background: wait until it has begun and
      // compiled all it does.
      while (compiles.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      let seen = -1;
      while (seen !== compiles.mock.calls.length) {
        seen = compiles.mock.calls.length;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(seen).toBeGreaterThan(0);
      compiles.mockClear();
      // Before, the first sandbox compiled JSON Schema's meta-schema, its operation's validators and
      // the seed's row checks here: 0.8–2 s, where the next took 20–60 ms.
      const sandbox = await service.sandbox();
      expect(sandbox.projectIds).toHaveLength(2);
      // (The answers' validators are the tests' own check of each answer, mock/spec/answers.ts.)
      const compiled = compiles.mock.calls.map(([schema]) => JSON.stringify(schema)).filter((schema) => !schema.includes('/responses/'));
      expect(compiled).toEqual([]);
    } finally {
      compiles.mockRestore();
    }
  });

  it('refuses a bad port or webhook address before starting anything', async () => {
    await expect(startPayuiMock({ ports: { live: 70000 } })).rejects.toThrow(/ports\.live/);
    await expect(startPayuiMock({ webhook: { url: 'ftp://x' } })).rejects.toThrow(/webhook\.url/);
  });
});
