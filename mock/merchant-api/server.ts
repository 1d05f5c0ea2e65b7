/**
 * The mock merchant API: `POST /merchant/v2/merchants/{merchant_id}/token` with Basic
 * credentials, validating the body like the service and answering `{ token }`. It is meant to
 * be called server-to-server, so it sends no CORS headers: a browser cannot call it directly.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DEMO_MERCHANT, MERCHANT_PROJECTS } from '../shared/catalog';
import { TOKEN_LIFETIME_SECONDS, signToken, type TokenPayload } from '../shared/token';
import { validateTokenRequest, type ExtendedMessage } from './validate';
import { readJson } from '../http/body';
import { answerAlways } from '../http/static';
import { serviceError, serviceShape } from '../http/service-error';
import { readBody, refuseBody, sendAnswer } from '../../src/server/http';
import { createPayments, type Payments } from '../webhooks/payments';
import { createWebhookSender, settingsProblem, type WebhookSender, type WebhookSettings } from '../webhooks/sender';
import { sendLogPage, webhookLog } from '../webhooks/log';

/** A plain decimal integer id, as in paths and credentials: `100001`, never `0x186a1`, ` 100001`, `100001.0` or `0100001`. */
const ID = '[1-9][0-9]{0,15}';
const merchantPath = (path: string) => new RegExp(`^/merchant/v2/merchants/(${ID})/${path}/?$`);
const TOKEN_PATH = merchantPath('token');
const MAX_BODY_BYTES = 256 * 1024;

/** Merchant id → API key of every merchant the mock knows. */
export type Credentials = ReadonlyMap<number, string>;
export const DEMO_CREDENTIALS: Credentials = new Map([[DEMO_MERCHANT.id, DEMO_MERCHANT.apiKey]]);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** An error in the service's shape (mock/http/service-error.ts). */
function fail(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendAnswer(res, serviceError(status, message), headers);
}

function unprocessable(res: ServerResponse, extended: Partial<ExtendedMessage>): void {
  sendAnswer(res, serviceError(422, 'Unprocessable Entity', { global_errors: [], property_errors: {}, ...extended }));
}

/** Equal keys, compared in constant time (digests first, so their lengths tell nothing either). */
const sameKey = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The merchant id whose credentials these are, or null when they are missing or wrong. */
function authenticate(header: string | undefined, credentials: Credentials): number | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const text = decoded.slice(0, Math.max(colon, 0));
  const id = new RegExp(`^${ID}$`).test(text) ? Number(text) : null;
  const key = id === null ? undefined : credentials.get(id);
  // The key is compared even for an unknown merchant, so the time taken tells nothing.
  const right = sameKey(key ?? '', decoded.slice(colon + 1));
  return key !== undefined && right ? id : null;
}

export interface MerchantApiOptions {
  credentials?: Credentials;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  /** The webhook sender and the payments the payment UI took (shared with the payment UI's server). */
  sender?: WebhookSender;
  payments?: Payments;
}

const SETTINGS_PATH = merchantPath(`projects/(${ID})/webhooks`);
const REFUND_PATH = merchantPath(`transactions/(${ID})/refund`);
const RENEW_PATH = merchantPath(`subscriptions/(${ID})/renew`);
const SMALL_BODY_BYTES = 16 * 1024;

/** The settings as the API shows them: the secret never leaves. */
const shown = (projectId: number, settings: WebhookSettings | null) =>
  ({ project_id: projectId, enabled: settings !== null, ...(settings ? { url: settings.url, variant: settings.variant } : {}) });

export function createMerchantApi({ credentials = DEMO_CREDENTIALS, now = Date.now, sender = createWebhookSender(), payments = createPayments(sender) }: MerchantApiOptions = {}): RequestListener {
  return answerAlways(handle, serviceShape);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let pathname: string;
    try {
      ({ pathname } = new URL(req.url ?? '/', 'http://mock'));
    } catch {
      return fail(res, 400, 'Bad Request');
    }
    if (pathname === '/health') return send(res, 200, { ok: true });
    if (pathname === '/mock/webhooks' || pathname === '/mock/webhooks.html') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
      return pathname.endsWith('.html') ? sendLogPage(res, sender) : send(res, 200, webhookLog(sender));
    }
    const route = ([[TOKEN_PATH, ['POST']], [SETTINGS_PATH, ['GET', 'PUT', 'DELETE']], [REFUND_PATH, ['POST']], [RENEW_PATH, ['POST']]] as const)
      .map(([pattern, methods]) => ({ pattern, methods: methods as readonly string[], match: pattern.exec(pathname) }))
      .find((r) => r.match);
    if (!route) return fail(res, 404, 'Not Found');
    const match = route.match!;
    if (!route.methods.includes(req.method ?? '')) {
      return fail(res, 405, 'Method Not Allowed', { allow: route.methods.join(', ') });
    }

    const merchantId = authenticate(req.headers.authorization, credentials);
    if (merchantId === null) {
      return fail(res, 401, 'Unauthorized', { 'www-authenticate': 'Basic realm="payui mock merchant API"' });
    }
    if (String(merchantId) !== match[1]) {
      return fail(res, 403, `These credentials are for merchant ${merchantId}`);
    }
    if (route.pattern !== TOKEN_PATH) return merchantCall(route.pattern, Number(match[2]), merchantId, req, res);

    const rawBytes = await readBody(req, MAX_BODY_BYTES).catch(() => undefined);
    if (rawBytes === undefined) return fail(res, 400, 'the request body ended early');
    // Answered at once; the rest of the body is read and dropped before the connection closes.
    if (rawBytes === null) return refuseBody(req, res, serviceError(413, `Payload Too Large: the request body must be at most ${MAX_BODY_BYTES} bytes`));
    const raw = rawBytes.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return unprocessable(res, { global_errors: ['the request body is not valid JSON'] });
    }
    const problems = validateTokenRequest(body, merchantId);
    if (problems) return unprocessable(res, problems);

    const request = body as Pick<TokenPayload, 'user' | 'settings' | 'purchase' | 'custom_parameters'>;
    const issuedAt = Math.floor(now() / 1000);
    const payload: TokenPayload = {
      merchant_id: merchantId,
      project_id: request.settings.project_id as number,
      mode: request.settings.mode === 'sandbox' ? 'sandbox' : 'live',
      iat: issuedAt,
      exp: issuedAt + TOKEN_LIFETIME_SECONDS,
      user: request.user,
      settings: request.settings,
      ...(request.purchase ? { purchase: request.purchase } : {}),
      ...(request.custom_parameters ? { custom_parameters: request.custom_parameters } : {}),
    };
    send(res, 200, { token: await signToken(payload) });
  }

  /** Webhook settings, refunds and renewals: the mock's own calls (the service documents none). */
  async function merchantCall(pattern: RegExp, id: number, merchantId: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!Number.isSafeInteger(id) || id < 1) return fail(res, 404, 'Not Found');
    const body = req.method === 'GET' || req.method === 'DELETE' ? ({ ok: true, value: {} } as const) : await readJson(req, SMALL_BODY_BYTES);
    if (!body.ok) return refuseBody(req, res, serviceError(body.status, body.message));
    const fields = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as Record<string, unknown>;

    if (pattern === SETTINGS_PATH) {
      if (!MERCHANT_PROJECTS[merchantId]?.includes(id)) return fail(res, 404, `Merchant ${merchantId} has no project ${id}`);
      if (req.method === 'PUT') {
        const problem = settingsProblem(fields);
        if (problem) return unprocessable(res, { property_errors: { [problem.path]: [problem.message] } });
        sender.configure(id, { url: String(fields.url), secret: String(fields.secret), variant: fields.variant as WebhookSettings['variant'] });
      }
      if (req.method === 'DELETE') sender.configure(id, null);
      return send(res, 200, shown(id, sender.settings(id)));
    }
    if (fields.reason !== undefined && typeof fields.reason !== 'string') return unprocessable(res, { property_errors: { reason: ['must be a string'] } });
    const result = pattern === REFUND_PATH ? payments.refund(merchantId, id, fields.reason as string | undefined) : payments.renew(merchantId, id);
    if (!result.ok) return fail(res, result.status, result.message);
    return send(res, 200, pattern === REFUND_PATH ? { transaction_id: id, status: 'refunded' } : { subscription_id: id, status: 'active' });
  }
}
