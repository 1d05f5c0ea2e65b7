/**
 * The mock service on loopback: the merchant API and the payment UI on two origins, live and
 * sandbox. `npm start` runs it with the demo storefront; `mock/app/cli.ts` (built as
 * `mock/dist/server.js`) runs it on its own for merchants' offline tests.
 */
import { join } from 'node:path';
import { sandboxLimitsFromEnv, type WorldConfig } from './config';
import { listenLoopback, type Listening } from '../http/listen';
import { serviceShape } from '../http/service-error';
import { createMerchantApi, openServiceDatabase } from '../api/server';
import { createPaymentUi } from '../payment-ui/server';
import type { Database } from '../store/database';
import { clockOf } from '../store/clock';
import { oneTimerRound } from '../store/due-lock';
import { merchantsWithDueWork } from '../store/subscriptions';
import { createPayments, type Payments } from '../domain/payments';
import { createWebhookSender, type RetryPolicy, type WebhookSender } from '../webhooks/sender';
import { writeWebhookSettings, type WebhookSettings } from '../store/webhook-settings';

/**
 * The running service: what it serves where, its state, and its one stop (servers, the webhooks
 * under way, the payments' timers, then the database), which any number of asks share.
 */
export interface MockService {
  merchantApi: string;
  /** The service's state. */
  db: Database;
  live: string;
  sandbox: string;
  webhooks: WebhookSender;
  close(): Promise<void>;
}

export interface MockServiceOptions {
  /** Webhook settings of projects from the start (project id → settings); the API can change them. */
  webhooks?: Record<number, WebhookSettings>;
  retry?: RetryPolicy;
  /** How often a wait for the webhook log looks again by itself (the sender's `logLookMs`; tests make it long). */
  logLookMs?: number;
  /** The most webhooks one project's queue holds (the sender's `queueLimit`; tests make it small). */
  queueLimit?: number;
  /** Milliseconds a client may send nothing in the middle of a request before its 408 (tests make it short). */
  idleMs?: number;
  /** The data directory; null or left out: in memory, gone when the service stops. */
  dataDir?: string | null;
  /** A Postgres server's database (`postgres://…`) to keep the state in instead (DESIGN.md §8c). */
  databaseUrl?: string;
  /** The state a new data directory starts with (default: the demo merchant, mock/fixtures/demo.json). */
  fixtures?: unknown;
  /** The built merchant console; default: `console` beside the payment UI's root (mock/dist/console). */
  consoleRoot?: string;
}

/** Runs what fell due for every merchant with a subscription waiting, by that merchant's clock. */
async function runAllDue(db: Database, payments: Payments): Promise<void> {
  for (const merchant of await merchantsWithDueWork(db.sql)) await payments.runDue(merchant);
}

export async function startMockService(config: WorldConfig, uiRoot: string, options: MockServiceOptions = {}): Promise<MockService> {
  const running: Listening[] = [];
  const db = await openServiceDatabase(options.dataDir ?? null, options.fixtures, options.databaseUrl);
  const sender = createWebhookSender({ db, ...(options.retry ? { retry: options.retry } : {}), ...(options.logLookMs !== undefined ? { logLookMs: options.logLookMs } : {}), ...(options.queueLimit !== undefined ? { queueLimit: options.queueLimit } : {}) });
  const payments = createPayments(sender, db);
  // Real time runs what falls due too (renewals, ends), as a moved clock does: each merchant's by its own clock.
  const ticks = setInterval(() => {
    oneTimerRound(db, () => runAllDue(db, payments)).catch((error: unknown) => console.error('payui: renewals failed:', error instanceof Error ? error.message : error));
  }, 60_000);
  ticks.unref();
  // One stop, however often it is asked (Ctrl-C, then SIGTERM): a second ask waits for the first.
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopAll());
  const stopAll = async () => {
    clearInterval(ticks);
    // The attempts under way end first (what they delivered is taken out of the outbox), then the database.
    await Promise.all([sender.close(), ...running.map((s) => s.close())]);
    await payments.close();
    await db.close();
  };
  try {
    // Settings given at start (the environment's) are kept like those the API sets.
    for (const [project, settings] of Object.entries(options.webhooks ?? {})) await db.transaction((sql) => writeWebhookSettings(sql, Number(project), settings));
    // The webhooks the last run committed and its listeners did not accept go first.
    await payments.resume();
    // Other processes' writes of the log are heard before the first request (a wait is woken by them).
    await sender.listening();
    // Every server of the service answers its errors, the 408 of a stalled request too, in the service's shape.
    const listen = { shape: serviceShape, ...(options.idleMs ? { idleMs: options.idleMs } : {}) };
    // The API names its own origin (the Login JWT's `iss`, mailed links) once it knows its port.
    let merchantApi = '';
    const api = await listenLoopback(await createMerchantApi({
      db, sender, payments, origin: () => merchantApi, consoleRoot: options.consoleRoot ?? join(uiRoot, '..', 'console'),
      ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}), startWebhooks: options.webhooks ?? {},
      sandboxLimits: sandboxLimitsFromEnv(process.env),
    }), config.merchantApiPort, listen);
    merchantApi = `http://${config.host}:${api.port}`;
    running.push(api);
    const live = await listenLoopback(createPaymentUi(uiRoot, 'live', payments), config.liveUiPort, listen);
    running.push(live);
    const sandbox = await listenLoopback(createPaymentUi(uiRoot, 'sandbox', payments), config.sandboxUiPort, listen);
    running.push(sandbox);
    return {
      merchantApi,
      live: `http://${config.host}:${live.port}/`,
      sandbox: `http://${config.host}:${sandbox.port}/`,
      db,
      webhooks: sender,
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Ctrl-C and SIGTERM close every server, then the process ends. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0), () => process.exit(1));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
