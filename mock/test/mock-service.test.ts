// The service object (mock/app/service.ts startMockService) owns its start and its stop: what the
// `payui-mock` command, `npm start` and startPayuiMock run. A stop asked again while one is under
// way (Ctrl-C, then SIGTERM) is the same stop, not a second one failing on a database half closed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockService } from '../app/service';

describe('the service', () => {
  it('stops once however often it is asked, every ask settled when its servers and database are closed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'payui-service-'));
    writeFileSync(join(root, 'index.html'), '<meta name="payui-mock-mode" content="live">');
    const service = await startMockService({ host: '127.0.0.1', demoPort: 0, merchantApiPort: 0, liveUiPort: 0, sandboxUiPort: 0 }, root);
    expect((await fetch(`${service.merchantApi}/health`)).status).toBe(200);
    const asks = await Promise.allSettled([service.close(), service.close()]);
    expect(asks.map((ask) => ask.status)).toEqual(['fulfilled', 'fulfilled']);
    await expect(service.close()).resolves.toBeUndefined();
    await expect(fetch(`${service.merchantApi}/health`)).rejects.toThrow();
    await expect(fetch(service.live)).rejects.toThrow();
  });
});
