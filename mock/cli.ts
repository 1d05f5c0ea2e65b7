/**
 * `node node_modules/payui-embed/dist/mock/server.js`: the mock service alone (merchant API and
 * both payment UI origins), for a merchant's own offline tests. Ports as in the README.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { startMockService, stopOnSignals } from './server';

const here = dirname(fileURLToPath(import.meta.url));

startMockService(readConfig(), join(here, 'ui')).then(
  (service) => {
    console.log(`payui mock service
  merchant API        ${service.merchantApi}/merchant/v2/merchants/{merchant_id}/token
  payment UI live     ${service.live}
  payment UI sandbox  ${service.sandbox}
Press Ctrl-C to stop.`);
    stopOnSignals(service.close);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
