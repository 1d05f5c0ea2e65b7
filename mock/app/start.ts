/**
 * `startPayuiMock()`: the package's entry for code (built as `mock/dist/index.js`, typed by
 * mock/index.d.ts). The same service as the `payui-mock` command, on free ports unless told, in
 * memory unless given a data directory, and quiet unless asked.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PayuiMock, PayuiMockOptions, startPayuiMock as Declared } from '../index';
import { demoWebhooks } from './config';
import { DEMO_MERCHANT, PROJECTS } from '../fixtures/catalog';
import { startMockService } from './service';
import { redactUrl } from '../store/server-database';
import { createMockClient } from '../client';

const here = dirname(fileURLToPath(import.meta.url));

const portOf = (value: unknown, name: string): number => {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 65535) throw new TypeError(`startPayuiMock: ports.${name} must be a port number (0 for a free one)`);
  return value as number;
};

export const startPayuiMock: typeof Declared = async (options: PayuiMockOptions = {}): Promise<PayuiMock> => {
  const { dataDir, databaseUrl, ports = {}, webhook, log } = options;
  const config = {
    host: 'localhost',
    demoPort: 0,
    merchantApiPort: portOf(ports.merchantApi, 'merchantApi'),
    liveUiPort: portOf(ports.live, 'live'),
    sandboxUiPort: portOf(ports.sandbox, 'sandbox'),
  };
  const webhooks = webhook ? demoWebhooks(webhook, (path, message) => new TypeError(`startPayuiMock: webhook.${path} ${message}`)) : {};
  const say = log === true ? (line: string) => console.log(line) : typeof log === 'function' ? log : () => undefined;
  // Built, the payment UI's pages are in dist/ui beside this file; from source, the built copy.
  const uiRoot = here.endsWith('dist') ? join(here, 'ui') : join(here, '..', 'dist', 'ui');
  const service = await startMockService(config, uiRoot, { webhooks, dataDir: dataDir ?? null, ...(databaseUrl ? { databaseUrl } : {}) });
  const state = databaseUrl ? redactUrl(databaseUrl) : dataDir ?? 'in memory';
  say(`payui-mock: merchant API ${service.merchantApi}, payment UI ${service.live} (live) and ${service.sandbox} (sandbox), state ${state}`);
  let stopped: Promise<void> | undefined;
  const client = createMockClient(service.merchantApi, { merchantId: DEMO_MERCHANT.id, apiKey: DEMO_MERCHANT.apiKey });
  return {
    merchantApiUrl: service.merchantApi,
    liveUrl: service.live,
    sandboxUrl: service.sandbox,
    merchant: { merchantId: DEMO_MERCHANT.id, apiKey: DEMO_MERCHANT.apiKey, projectIds: Object.keys(PROJECTS).map(Number) },
    client,
    async sandbox({ seed } = {}) {
      const made = await client.createSandbox({ body: seed === undefined ? {} : { seed: seed as never } });
      const credentials = { merchantId: made.merchant_id, apiKey: made.api_key };
      return { ...credentials, projectIds: made.project_ids, loginProjectIds: made.login_project_ids, client: client.as(credentials) };
    },
    stop: () => (stopped ??= service.close().then(() => say('payui-mock: stopped'))),
  };
};

export { createMockClient, MockApiError } from '../client';
