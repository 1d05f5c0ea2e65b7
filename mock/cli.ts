#!/usr/bin/env node
/**
 * `npx payui-mock` (`mock/dist/server.js`): the mock service alone (merchant API and both payment
 * UI origins), for a merchant's own offline tests. Ports as in the README; webhook settings from
 * the environment or the mock merchant API. `npx payui-mock trigger …` sends one sample webhook.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig, webhooksFromEnv } from './config';
import { startMockService, stopOnSignals } from './server';
import { runTrigger } from './trigger';

const here = dirname(fileURLToPath(import.meta.url));

const argv = process.argv.slice(2);
if (argv.length > 0 && argv[0] !== 'serve') {
  void runTrigger(argv).then((code) => process.exit(code));
} else {
  serve();
}

function serve(): void {
  startMockService(readConfig(), join(here, 'ui'), { webhooks: webhooksFromEnv(process.env) }).then(
    (service) => {
      console.log(`payui mock service
    merchant API        ${service.merchantApi}/merchant/v2/merchants/{merchant_id}/token
    payment UI live     ${service.live}
    payment UI sandbox  ${service.sandbox}
    webhooks            ${service.merchantApi}/mock/webhooks.html
  Press Ctrl-C to stop.`);
      stopOnSignals(service.close);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
