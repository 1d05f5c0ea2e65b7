/**
 * The mock service on loopback: the merchant API and the payment UI on two origins, live and
 * sandbox. `npm start` runs it with the demo storefront; `mock/cli.ts` (built as
 * `mock/dist/server.js`) runs it on its own for merchants' offline tests.
 */
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorldConfig } from './config';
import { listenLoopback, type Listening } from './http/listen';
import { serveStatic } from './http/static';
import { serviceError, serviceShape } from './http/service-error';
import { sendAnswer } from './http/answer';
import { ApiError, createServiceApp } from './http/service-app';
import { createMerchantApi, openServiceDatabase } from './merchant-api/server';
import type { Database } from './store/database';
import { clockOf } from './store/clock';
import { oneTimerRound } from './store/due-lock';
import { createPayments, type PayRequest, type Payments } from './webhooks/payments';
import { TEST_FAILURES } from './spec/ui-errors';
import { createWebhookSender, type RetryPolicy, type WebhookSender, type WebhookSettings } from './webhooks/sender';
import { writeWebhookSettings } from './store/webhook-settings';
import type { TokenMode } from './shared/token';
import { isChoice, type SessionResult } from './ui/session';

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

/** The largest body the payment UI takes (its Pay: the page's query string and the outcome). */
const PAYMENT_BODY_LIMIT = 16 * 1024;

/**
 * The payment UI's origin (live or sandbox) on the service's HTTP stack (mock/http/service-app.ts,
 * as the merchant API): its page, told which environment this origin is; its built files; `GET
 * /api/session` (what the page sells, resolved from the catalogue, or the payment UI's error code)
 * and `POST /api/payments` (the player pressed Pay: mock/webhooks/payments.ts). Every error is the
 * service's body, written by the stack's one error handler.
 */
export function createPaymentUi(uiRoot: string, mode: TokenMode, payments: Payments = createPayments(createWebhookSender())): RequestListener {
  const { app, listener } = createServiceApp({ bodyLimit: PAYMENT_BODY_LIMIT });
  const headers = { 'content-security-policy': PAYMENT_UI_CSP, 'referrer-policy': 'no-referrer' };
  const allowed: Record<string, string> = { '/api/payments': 'POST', '/api/session': 'GET, HEAD' };

  // Same origin only, checked before the body is read: the payment UI's own page, never a merchant page or another site.
  const ownPage = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${request.headers.host}`) throw new ApiError(403, 'only the payment UI itself may pay');
  };
  app.post('/api/payments', { onRequest: ownPage }, async (request, reply) => {
    const { search, outcome, drm, choice } = (request.body ?? {}) as { search?: unknown; outcome?: unknown; drm?: unknown; choice?: unknown };
    if (typeof search !== 'string' || !isOutcome(outcome) || (drm !== undefined && typeof drm !== 'string') || (choice !== undefined && !isChoice(choice))) {
      throw new ApiError(400, `expected {"search": "<the page's query string>", "outcome": ${OUTCOMES.map((o) => `"${o}"`).join(' | ')}, "drm"?: "<the DRM picked>", "choice"?: {"sku" | "package" | "plan": "…"} | {"amount": n}}`);
    }
    const result = await payments.pay({
      search, outcome, pageMode: mode, ip: request.socket.remoteAddress ?? '', ...(drm !== undefined ? { drm } : {}), ...(choice !== undefined ? { choice } : {}),
    });
    // A token that paid already pays nothing more: 409. A refusal names the payment UI's error code
    // (0004-0001, …) as its message, for the page to show.
    if (!result.ok && 'paid' in result) throw new ApiError(409, result.message);
    if (!result.ok) throw new ApiError(422, result.code, { global_errors: [result.message], property_errors: {} });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  });
  // `?<the page's query string>`; HEAD too. A failure is the error handler's 500, logged without the address (it carries the token).
  app.get('/api/session', async (request, reply) => {
    const result: SessionResult = await payments.session(new URL(request.url, 'http://mock').search, mode);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  });

  // Read once and kept; a failed read is forgotten, so the page is served once the build is there.
  let page: Promise<string> | undefined;
  const answerPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    page ??= readFile(join(uiRoot, 'index.html'), 'utf8').then(
      (html) => html.replace('name="payui-mock-mode" content="live"', `name="payui-mock-mode" content="${mode}"`),
      (error: unknown) => {
        page = undefined;
        throw error;
      },
    );
    const html = await page.catch(() => null);
    if (html === null) throw new ApiError(404, 'Not Found');
    return reply.type('text/html; charset=utf-8').headers(headers).send(html);
  };
  app.get('/', answerPage);
  app.get('/index.html', answerPage);

  // The page's built files; a known path asked with another method is 405; anything else 404.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const allow = allowed[pathname.replace(/\/$/, '')];
    if (allow) throw new ApiError(405, `Method Not Allowed: ${pathname} answers ${allow}`, null, { allow });
    reply.hijack();
    if (await serveStatic(uiRoot, request.raw, reply.raw, { headers })) return;
    sendAnswer(reply.raw, serviceError(404, 'Not Found'));
  });

  const ready = listener();
  // Ready before a server listens (listen.ts); a request that comes earlier waits for it.
  void ready.catch(() => undefined);
  return (req, res) => void ready.then((answer) => answer(req, res), () => sendAnswer(res, serviceError(500, 'Internal Server Error')));
}

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
