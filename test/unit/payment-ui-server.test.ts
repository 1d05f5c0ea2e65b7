// The mock payment UI's own server (mock/server.ts createPaymentUi): its page, read once and kept.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLoopback, type Listening } from '../../mock/http/listen';
import { createPaymentUi } from '../../mock/server';

const running: Listening[] = [];
afterEach(() => Promise.all(running.splice(0).map((s) => s.close())));

describe('the payment UI page', () => {
  it('is served once the build is there, even after a request that found none (a failed read is not kept)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'payui-ui-page-'));
    const server = await listenLoopback(createPaymentUi(root, 'sandbox'), 0);
    running.push(server);
    const page = () => fetch(`http://127.0.0.1:${server.port}/`);
    expect((await page()).status).toBe(404);
    writeFileSync(join(root, 'index.html'), '<meta name="payui-mock-mode" content="live"><title>pay</title>');
    const answer = await page();
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('content="sandbox"');
  });
});
