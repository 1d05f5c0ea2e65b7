/**
 * The offline service's merchant API origin: every operation of `mock/spec/openapi.json`, the service's own `/mock/…` calls, `GET /openapi.json`, the webhook
 * log page, and the pages the Login API's mailed links open. The merchant API is meant to be
 * called server-to-server and sends no CORS headers; the Login API (`/api/…`) answers CORS for
 * browser SDKs.
 */
import type { RequestListener } from 'node:http';
import document from '../spec/openapi.json' with { type: 'json' };
import { createApiApp, merchantOf, type Callers, type OpenApiDocument } from './app';
import type { Database } from '../store/database';
import { demoFixtures, memoryDatabase, openServiceDatabase, sharedMemoryDatabase } from '../store/memory';
import type { Payments } from '../domain/payments';
import { createServiceContext, type SandboxLimits } from '../domain/service-context';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';
import { type WebhookSettings } from '../store/webhook-settings';
import { logScope, sendLogPage, webhookLog } from '../webhooks/log';
import { OPERATIONS } from './operations';
import { projectNames, projectOwner } from '../store/projects';
import { callerRecord } from '../store/sandboxes';
import { loginPages } from './login-pages';
import { USER_STORE_TIMEOUT_MS } from '../domain/user-store';
import { DEFAULT_PORTS } from '../spec/ports';
import { registerConsole } from './console';

export { demoFixtures, memoryDatabase, openServiceDatabase, sharedMemoryDatabase };

export interface MerchantApiOptions {
  /** The service's database; none: one in memory shared by the process, seeded with the demo fixtures. */
  db?: Database;
  /** The webhook sender and the payments the payment UI took (shared with the payment UI's server). */
  sender?: WebhookSender;
  payments?: Payments;
  /**
   * The origin this API is reached at (the Login JWT's `iss`, the links in mailed messages); never
   * taken from a request's Host. Default `http://localhost:<PAYUI_MERCHANT_API_PORT or 5174>`.
   */
  origin?: () => string;
  /** Milliseconds the Login API waits for a merchant's user store (default 5000). */
  userStoreTimeoutMs?: number;
  /** The built merchant console (`mock/dist/console`), served at `/console/`; none: not served. */
  consoleRoot?: string;
  /** The fixtures the database was seeded with (default: the demo's): the seed of its merchants and of new sandboxes. */
  fixtures?: unknown;
  /** The webhook settings the service was started with (project id → settings), which a reset of the demo merchant puts back. */
  startWebhooks?: Record<number, WebhookSettings>;
  /** The caps of `POST /mock/sandboxes` (default mock/domain/service-context.ts SANDBOX_LIMITS). */
  sandboxLimits?: SandboxLimits;
}

export async function createMerchantApi(options: MerchantApiOptions = {}): Promise<RequestListener> {
  const db = options.db ?? (await sharedMemoryDatabase());
  const sender = options.sender ?? createWebhookSender({ db });
  const context = createServiceContext({
    db,
    sender,
    ...(options.payments ? { payments: options.payments } : {}),
    // Where the Login API's links and JWTs point; the service passes its own address, a bare app the default.
    origin: options.origin ?? (() => `http://localhost:${DEFAULT_PORTS.merchantApi}`),
    userStoreTimeoutMs: options.userStoreTimeoutMs ?? USER_STORE_TIMEOUT_MS,
    fixtures: options.fixtures ?? demoFixtures,
    ...(options.startWebhooks ? { startWebhooks: options.startWebhooks } : {}),
    ...(options.sandboxLimits ? { sandboxLimits: options.sandboxLimits } : {}),
  });
  const callers: Callers = (merchantId, projectId, withProjects, page) => callerRecord(db.sql, merchantId, projectId, withProjects, page);
  const { listener } = await createApiApp({
    document: document as unknown as OpenApiDocument,
    operations: OPERATIONS,
    context,
    callers,
    // A request's clock (`call.now()`): its merchant's, read in its transaction, or else by a statement of its own.
    clock: (merchantId, sql) => context.merchantNow(merchantId, sql ?? db.sql),
    corsPrefix: '/api/',
    faults: context.faults,
    // A test suite's first call is a sandbox (DESIGN.md §8b): its validators and its seed, the
    // fixtures checked row by row, are ready before it comes.
    warm: { operations: ['createSandbox'], also: context.fixtures },
    projectOwner: (projectId) => projectOwner(db.sql, projectId),
    extra: (app) => {
      app.get('/health', async () => ({ ok: true }));
      app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(document)));
      // The JSON log's page: the same merchant's projects only, with the same credentials.
      app.get('/mock/webhooks.html', async (request, reply) => {
        const merchantId = await merchantOf(request, callers);
        // Read before the answer is taken over: a failed read is still answered (by the error handler).
        const log = await webhookLog(await logScope(db, await projectNames(db, merchantId)));
        reply.hijack();
        sendLogPage(reply.raw, log);
      });
      loginPages(app, context);
      if (options.consoleRoot) registerConsole(app, options.consoleRoot);
    },
  });
  return listener;
}

