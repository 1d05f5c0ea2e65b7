/**
 * The mock service on loopback: the merchant API and the payment UI on two origins, live and
 * sandbox. `npm start` runs it with the demo storefront; `mock/cli.ts` (built as
 * `mock/dist/server.js`) runs it on its own for merchants' offline tests.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { WorldConfig } from './config';
import { listenLoopback, type Listening } from './http/listen';
import { readJson } from './http/body';
import { answerAlways, serveStatic } from './http/static';
import { serviceError, serviceShape } from './http/service-error';
import { refuseBody, sendAnswer } from './http/answer';
import { createMerchantApi, openServiceDatabase } from './merchant-api/server';
import type { Database } from './store/database';
import { clockOf } from './store/clock';
import { oneTimerRound } from './store/due-lock';
import { createPayments, type PayRequest, type Payments } from './webhooks/payments';
import { TEST_FAILURES } from './spec/ui-errors';
import { createWebhookSender, type RetryPolicy, type WebhookSender, type WebhookSettings } from './webhooks/sender';
import { writeWebhookSettings } from './store/webhook-settings';
import type { TokenMode } from './shared/token';
import type { SessionResult } from './ui/session';

/** The payment UI may be framed by any merchant page, but loads nothing from anywhere else. */
export const PAYMENT_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // The catalogue's images are the merchant's (https only); nothing else comes from elsewhere.
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

/** The payment UI's test outcomes: it succeeds, is declined, its renewals are declined, or it meets one of the test failures. */
const OUTCOMES: readonly PayRequest['outcome'][] = ['success', 'declined', 'declined_renewals', ...TEST_FAILURES];
const isOutcome = (value: unknown): value is PayRequest['outcome'] => (OUTCOMES as readonly unknown[]).includes(value);

/** `POST /api/payments` of the payment UI: the player pressed Pay (see mock/webhooks/payments.ts). */
async function takePayment(payments: Payments, mode: TokenMode, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fail = (status: number, message: string, headers: Record<string, string> = {}) => sendAnswer(res, serviceError(status, message), headers);
  if (req.method !== 'POST') return fail(405, 'Method Not Allowed', { allow: 'POST' });
  // Same origin only: the payment UI's own page, never a merchant page or another site.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) return fail(403, 'only the payment UI itself may pay');
  const body = await readJson(req, 16 * 1024);
  if (!body.ok) return refuseBody(req, res, serviceError(body.status, body.message));
  const { search, outcome, drm } = (body.value ?? {}) as { search?: unknown; outcome?: unknown; drm?: unknown };
  if (typeof search !== 'string' || !isOutcome(outcome) || (drm !== undefined && typeof drm !== 'string')) {
    return fail(400, `expected {"search": "<the page's query string>", "outcome": ${OUTCOMES.map((o) => `"${o}"`).join(' | ')}, "drm"?: "<the DRM picked>"}`);
  }
  const result = await payments.pay({ search, outcome, pageMode: mode, ip: req.socket.remoteAddress ?? '', ...(drm !== undefined ? { drm } : {}) });
  // A token that paid already pays nothing more: 409. A refusal names the payment UI's error code
  // (0004-0001, …) as its message, for the page to show.
  if (!result.ok && 'paid' in result) return sendAnswer(res, serviceError(409, result.message));
  if (!result.ok) return sendAnswer(res, serviceError(422, result.code, { global_errors: [result.message], property_errors: {} }));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(result));
}

/**
 * `GET /api/session?<the page's query string>` of the payment UI: what the page sells, resolved
 * from the catalogue in the database (mock/store/sessions.ts), or the payment UI error code.
 */
async function answerSession(payments: Payments, mode: TokenMode, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendAnswer(res, serviceError(405, 'Method Not Allowed'), { allow: 'GET, HEAD' });
  const { search } = new URL(req.url ?? '/', 'http://mock');
  let result: SessionResult;
  try {
    result = await payments.session(search, mode);
  } catch (error) {
    // Logged here, without the address: it carries the access token.
    console.error('payui: GET /api/session failed:', error instanceof Error ? error.message : error);
    return sendAnswer(res, serviceError(500, 'Internal Server Error'));
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(result));
}

/** Serves the built payment UI, telling the page which environment this origin is, and takes its payments. */
export function createPaymentUi(uiRoot: string, mode: TokenMode, payments: Payments = createPayments(createWebhookSender())): RequestListener {
  const headers = { 'content-security-policy': PAYMENT_UI_CSP, 'referrer-policy': 'no-referrer' };
  const notFound = (res: ServerResponse) => sendAnswer(res, serviceError(404, 'Not Found'));
  let page: Promise<string> | undefined;
  return answerAlways((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://mock');
    if (pathname === '/api/payments') return takePayment(payments, mode, req, res);
    if (pathname === '/api/session') return answerSession(payments, mode, req, res);
    if (pathname === '/' || pathname === '/index.html') {
      // Read once and kept; a failed read is forgotten, so the page is served once the build is there.
      page ??= readFile(join(uiRoot, 'index.html'), 'utf8').then(
        (html) => html.replace('name="payui-mock-mode" content="live"', `name="payui-mock-mode" content="${mode}"`),
        (error: unknown) => {
          page = undefined;
          throw error;
        },
      );
      void page.then(
        (html) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
          res.end(req.method === 'HEAD' ? undefined : html);
        },
        () => notFound(res),
      );
      return;
    }
    return serveStatic(uiRoot, req, res, { headers }).then((served) => served || notFound(res));
  }, serviceShape);
}

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
  const { rows } = await db.sql.query<{ merchant_id: string }>('SELECT DISTINCT merchant_id FROM subscriptions WHERE due_at IS NOT NULL');
  for (const { merchant_id: merchant } of rows) await payments.runDue(Number(merchant), clockOf(db).now(Number(merchant)));
}

export async function startMockService(config: WorldConfig, uiRoot: string, options: MockServiceOptions = {}): Promise<MockService> {
  const running: Listening[] = [];
  const db = await openServiceDatabase(options.dataDir ?? null, options.fixtures, options.databaseUrl);
  const sender = createWebhookSender({ ...(options.retry ? { retry: options.retry } : {}) });
  const payments = createPayments(sender, db);
  // Real time runs what falls due too (renewals, ends), as a moved clock does: each merchant's by its own clock.
  const ticks = setInterval(() => {
    oneTimerRound(db, () => runAllDue(db, payments)).catch((error: unknown) => console.error('payui: renewals failed:', error instanceof Error ? error.message : error));
  }, 60_000);
  ticks.unref();
  const stop = async () => {
    clearInterval(ticks);
    // The attempts under way end first (what they delivered is taken out of the outbox), then the database.
    await Promise.all([sender.close(), ...running.map((s) => s.close())]);
    await payments.close();
    await db.close();
  };
  try {
    // Settings given at start (the environment's) are kept like those the API sets.
    for (const [project, settings] of Object.entries(options.webhooks ?? {})) await db.transaction((sql) => writeWebhookSettings(sql, Number(project), settings));
    // The webhooks the last run committed and its listeners did not accept go first (they wait for their settings, loaded next).
    await payments.resume();
    // Every server of the service answers its errors, the 408 of a stalled request too, in the service's shape.
    const listen = { shape: serviceShape, ...(options.idleMs ? { idleMs: options.idleMs } : {}) };
    // The API names its own origin (the Login JWT's `iss`, mailed links) once it knows its port.
    let merchantApi = '';
    const api = await listenLoopback(await createMerchantApi({
      db, sender, payments, origin: () => merchantApi, consoleRoot: options.consoleRoot ?? join(uiRoot, '..', 'console'),
      ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}), startWebhooks: options.webhooks ?? {},
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
