#!/usr/bin/env node
/**
 * `npx payui-mock` (`mock/dist/server.js`): the offline service alone (merchant API and both
 * payment UI origins), for a merchant's own offline tests; its state in the data directory.
 * `payui-mock reset | export FILE | import FILE` work on that state; `payui-mock trigger …`
 * sends one sample webhook, or (`--transaction N`, `--subscription N`) asks a running service to
 * send the webhook of one of its payments (mock/app/trigger.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirOf, readConfig, webhooksFromEnv, type WorldConfig } from './config';
import { startMockService, stopOnSignals } from './service';
import { databaseUrlWarning, parseArgs, runTrigger } from './trigger';
import { openServiceDatabase, demoFixtures } from '../api/server';
import { exportState, importState, resetState } from '../store/snapshot';
import { redactUrl } from '../store/server-database';

const here = dirname(fileURLToPath(import.meta.url));

const argv = process.argv.slice(2);
const parsed = parseArgs(argv);
const warning = parsed.command === 'serve' ? databaseUrlWarning(argv) : null;
if (warning) console.error(warning);
if (parsed.command === 'serve') serve(parsed.inMemory, parsed.port, parsed.databaseUrl ?? (parsed.inMemory ? undefined : process.env.PAYUI_MOCK_DATABASE_URL || undefined));
else if (parsed.command === 'reset' || parsed.command === 'export' || parsed.command === 'import') {
  void data(parsed).then((code) => process.exit(code));
} else void runTrigger(argv).then((code) => process.exit(code));

function fail(error: unknown): never {
  console.error(`payui-mock: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

async function data(command: { command: 'reset' } | { command: 'export' | 'import'; file: string }): Promise<number> {
  // On a Postgres server when PAYUI_MOCK_DATABASE_URL names one, else the data directory.
  const databaseUrl = process.env.PAYUI_MOCK_DATABASE_URL || undefined;
  const dataDir = databaseUrl ? redactUrl(databaseUrl) : dataDirOf([]);
  let input: unknown;
  if (command.command === 'import') {
    try {
      input = JSON.parse(readFileSync(command.file, 'utf8'));
    } catch (error) {
      fail(`import ${command.file}: ${(error as Error).message}`);
    }
  }
  const db = await openServiceDatabase(databaseUrl ? null : dataDir, undefined, databaseUrl).catch(fail);
  try {
    if (command.command === 'export') {
      writeFileSync(command.file, `${JSON.stringify(await exportState(db), null, 1)}\n`);
      console.log(`payui-mock: the state of ${dataDir} written to ${command.file}`);
    } else if (command.command === 'import') {
      await importState(db, input);
      console.log(`payui-mock: the state of ${dataDir} replaced by ${command.file}`);
    } else {
      await resetState(db, demoFixtures);
      console.log(`payui-mock: the state of ${dataDir} reset to the demo merchant`);
    }
    return 0;
  } catch (error) {
    console.error(`payui-mock: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

/** `--port N`: the merchant API on N and the payment UI on the next two; 0: every one on a free port. */
function portsFrom(port: number | undefined): Partial<WorldConfig> {
  if (port === undefined) return {};
  return { merchantApiPort: port, liveUiPort: port && port + 1, sandboxUiPort: port && port + 2 };
}

function serve(inMemory: boolean, port?: number, databaseUrl?: string): void {
  const dataDir = inMemory || databaseUrl ? null : dataDirOf([]);
  const options = { webhooks: webhooksFromEnv(process.env), dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  startMockService({ ...readConfig(), ...portsFrom(port) }, join(here, 'ui'), options).then(
    (service) => {
      console.log(`payui mock service
    merchant API        ${service.merchantApi}/merchant/v2/…  (described at ${service.merchantApi}/openapi.json)
    merchant console    ${service.merchantApi}/console/
    payment UI live     ${service.live}
    payment UI sandbox  ${service.sandbox}
    webhooks            ${service.merchantApi}/mock/webhooks.html
    Login API           ${service.merchantApi}/api/…  (mailbox: ${service.merchantApi}/mock/mail)
    state               ${databaseUrl ? redactUrl(databaseUrl) : dataDir ?? 'in memory (gone when it stops)'}
  Press Ctrl-C to stop.`);
      stopOnSignals(service.close);
    },
    fail,
  );
}
