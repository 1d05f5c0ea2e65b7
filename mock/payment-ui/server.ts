/**
 * The payment UI's server: one origin (live or sandbox) of the page the widget opens, with the calls
 * its page makes.
 */
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serveStatic } from '../http/static';
import { serviceError, serviceShape } from '../http/service-error';
import { judgedListener } from '../http/answer-watch';
import { createAnswerJudge } from '../spec/answers';
import { createValidators } from '../spec/validators';
import { PAYMENT_UI_DOCUMENT } from '../spec/payment-ui-answers';
import { sendAnswer } from '../http/answer';
import { ApiError, createServiceApp, fieldError, type DrainingListener } from '../http/service-app';
import { createPayments, type PayRequest, type Payments } from '../domain/payments';
import { TEST_FAILURES } from '../spec/ui-errors';
import { createWebhookSender } from '../webhooks/sender';
import { isChoice, isDrmPick, type SessionResult, type TokenMode } from '../spec/session';

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
 * and `POST /api/payments` (the player pressed Pay: mock/domain/payments.ts). Every error is the
 * service's body, written by the stack's one error handler.
 */
export function createPaymentUi(uiRoot: string, mode: TokenMode, payments: Payments = createPayments(createWebhookSender())): DrainingListener {
  const { app, listener } = createServiceApp({ bodyLimit: PAYMENT_BODY_LIMIT });
  const headers = { 'content-security-policy': PAYMENT_UI_CSP, 'referrer-policy': 'no-referrer' };
  const allowed: Record<string, string> = { '/api/payments': 'POST', '/api/session': 'GET, HEAD' };

  // Same origin only, checked before the body is read: the payment UI's own page, never a merchant page or another site.
  const ownPage = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${request.headers.host}`) throw new ApiError(403, 'only the payment UI itself may pay');
  };
  app.post('/api/payments', { onRequest: ownPage }, async (request, reply) => {
    const { search, outcome, drm, choice, method } = (request.body ?? {}) as { search?: unknown; outcome?: unknown; drm?: unknown; choice?: unknown; method?: unknown };
    if (
      typeof search !== 'string' || !isOutcome(outcome) || (drm !== undefined && !isDrmPick(drm)) || (choice !== undefined && !isChoice(choice))
      || (method !== undefined && typeof method !== 'string')
    ) {
      throw new ApiError(400, `expected {"search": "<the page's query string>", "outcome": ${OUTCOMES.map((o) => `"${o}"`).join(' | ')}, "drm"?: "<the DRM picked>" | {"<game SKU>": "<its DRM>"}, "choice"?: {"sku" | "package" | "plan": "…"} | {"amount": n}, "method"?: "<the payment method picked>"}`);
    }
    const result = await payments.pay({
      search, outcome, pageMode: mode, ip: request.socket.remoteAddress ?? '',
      ...(drm !== undefined ? { drm } : {}), ...(choice !== undefined ? { choice } : {}), ...(method !== undefined ? { method } : {}),
    });
    // A method the page does not offer: the request's mistake, at its field.
    if (!result.ok && 'field' in result) throw fieldError(result.field, result.message);
    // A token that paid already pays nothing more: 409. A refusal names the payment UI's error code
    // (0004-0001, …) as its message, for the page to show.
    if (!result.ok && ('paid' in result || 'reset' in result)) throw new ApiError(409, result.message);
    if (!result.ok) throw new ApiError(422, result.code, { global_errors: [result.message], property_errors: {} });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  });
  // `?<the page's query string>`; HEAD too. A failure is the error handler's 500, logged without the address (it carries the token).
  app.get('/api/session', async (request, reply) => {
    const result: SessionResult = await payments.session(new URL(request.url, 'http://mock').search, mode);
    // The page needs no merchant id, and whoever holds an address (tokenless access_data is anyone's) is told none.
    const answer = result.ok ? { ...result, session: { ...result.session, merchantId: undefined } } : result;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
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
  const answer: DrainingListener = (req, res) => void ready.then((app) => app(req, res), () => sendAnswer(res, serviceError(500, 'Internal Server Error')));
  // A stop waits for the requests under way (listen.ts).
  answer.drain = () => ready.then((app) => app.drain?.(), () => undefined);
  answer.shape = serviceShape;
  // The service's tests (issue 46 item 15): every answer, the listener's own too, checked against its description.
  return judgedListener(answer, () => createAnswerJudge(PAYMENT_UI_DOCUMENT, createValidators(PAYMENT_UI_DOCUMENT), 'payment UI'));
}
