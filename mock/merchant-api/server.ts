/**
 * The mock merchant API: `POST /merchant/v2/merchants/{merchant_id}/token` with Basic
 * credentials, validating the body like the service and answering `{ token }`. It is meant to
 * be called server-to-server, so it sends no CORS headers: a browser cannot call it directly.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DEMO_MERCHANT } from '../shared/catalog';
import { TOKEN_LIFETIME_SECONDS, signToken, type TokenPayload } from '../shared/token';
import { validateTokenRequest, type ExtendedMessage } from './validate';

const TOKEN_PATH = /^\/merchant\/v2\/merchants\/([^/]+)\/token\/?$/;
const MAX_BODY_BYTES = 256 * 1024;

/** Merchant id → API key of every merchant the mock knows. */
export type Credentials = ReadonlyMap<number, string>;
export const DEMO_CREDENTIALS: Credentials = new Map([[DEMO_MERCHANT.id, DEMO_MERCHANT.apiKey]]);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

function unprocessable(res: ServerResponse, extended: Partial<ExtendedMessage>): void {
  send(res, 422, {
    http_status_code: 422,
    message: 'Unprocessable Entity',
    extended_message: { global_errors: [], property_errors: {}, ...extended },
  });
}

/** The merchant id whose credentials these are, or null when they are missing or wrong. */
function authenticate(header: string | undefined, credentials: Credentials): number | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = Number(decoded.slice(0, colon));
  return colon > 0 && credentials.get(id) === decoded.slice(colon + 1) ? id : null;
}

/** The body, or null past MAX_BODY_BYTES (the rest is read and dropped, so the answer can be sent). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface MerchantApiOptions {
  credentials?: Credentials;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
}

export function createMerchantApi({ credentials = DEMO_CREDENTIALS, now = Date.now }: MerchantApiOptions = {}): RequestListener {
  return (req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { http_status_code: 500, message: 'Internal Server Error' });
      else res.end();
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let pathname: string;
    try {
      ({ pathname } = new URL(req.url ?? '/', 'http://mock'));
    } catch {
      return send(res, 400, { http_status_code: 400, message: 'Bad Request' });
    }
    if (pathname === '/health') return send(res, 200, { ok: true });
    const match = TOKEN_PATH.exec(pathname);
    if (!match) return send(res, 404, { http_status_code: 404, message: 'Not Found' });
    if (req.method !== 'POST') return send(res, 405, { http_status_code: 405, message: 'Method Not Allowed' }, { allow: 'POST' });

    const merchantId = authenticate(req.headers.authorization, credentials);
    if (merchantId === null) {
      return send(res, 401, { http_status_code: 401, message: 'Unauthorized' }, { 'www-authenticate': 'Basic realm="payui mock merchant API"' });
    }
    if (String(merchantId) !== match[1]) {
      return send(res, 403, { http_status_code: 403, message: `These credentials are for merchant ${merchantId}` });
    }

    const declared = Number(req.headers['content-length']);
    const raw = declared > MAX_BODY_BYTES ? null : await readBody(req);
    if (raw === null) {
      // Answered at once; the connection closes after it (the rest of the body is not read).
      res.setHeader('connection', 'close');
      return send(res, 413, { http_status_code: 413, message: `Payload Too Large: the request body must be at most ${MAX_BODY_BYTES} bytes` });
    }
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
}
