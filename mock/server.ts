/**
 * The mock service on loopback: the merchant API and the payment UI on two origins, live and
 * sandbox. `npm start` runs it with the demo storefront; `mock/cli.ts` (built as
 * `dist/mock/server.js`) runs it on its own for merchants' offline tests.
 */
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { WorldConfig } from './config';
import { listenLoopback, type Listening } from './http/listen';
import { answerAlways, notFound, serveStatic } from './http/static';
import { createMerchantApi } from './merchant-api/server';
import type { TokenMode } from './shared/token';

/** The payment UI may be framed by any merchant page, but loads nothing from anywhere else. */
export const PAYMENT_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

/** Serves the built payment UI, telling the page which environment this origin is. */
export function createPaymentUi(uiRoot: string, mode: TokenMode): RequestListener {
  const headers = { 'content-security-policy': PAYMENT_UI_CSP, 'referrer-policy': 'no-referrer' };
  let page: Promise<string> | undefined;
  return answerAlways((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://mock');
    if (pathname === '/' || pathname === '/index.html') {
      page ??= readFile(join(uiRoot, 'index.html'), 'utf8').then((html) =>
        html.replace('name="payui-mock-mode" content="live"', `name="payui-mock-mode" content="${mode}"`),
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
  });
}

export interface MockService {
  merchantApi: string;
  live: string;
  sandbox: string;
  close(): Promise<void>;
}

export async function startMockService(config: WorldConfig, uiRoot: string): Promise<MockService> {
  const running: Listening[] = [];
  try {
    const api = await listenLoopback(createMerchantApi(), config.merchantApiPort);
    running.push(api);
    const live = await listenLoopback(createPaymentUi(uiRoot, 'live'), config.liveUiPort);
    running.push(live);
    const sandbox = await listenLoopback(createPaymentUi(uiRoot, 'sandbox'), config.sandboxUiPort);
    running.push(sandbox);
    return {
      merchantApi: `http://${config.host}:${api.port}`,
      live: `http://${config.host}:${live.port}/`,
      sandbox: `http://${config.host}:${sandbox.port}/`,
      close: () => Promise.all(running.map((s) => s.close())).then(() => undefined),
    };
  } catch (error) {
    await Promise.all(running.map((s) => s.close()));
    throw error;
  }
}

/** Ctrl-C and SIGTERM close every server, then the process ends. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0), () => process.exit(1));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
