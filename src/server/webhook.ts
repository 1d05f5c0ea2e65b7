/// <reference types="node" preserve="true" />
/**
 * `createWebhookHandler`: a Node `(req, res)` listener (Express-compatible) for the service's
 * webhooks. It reads the raw body (size-limited), checks the signature, dispatches by
 * `notification_type` and answers the way the service expects:
 *
 * | situation                                  | answer                                   |
 * |--------------------------------------------|------------------------------------------|
 * | the handler returned                       | 204                                      |
 * | no handler for this type                   | 204 (acknowledged, nothing done)         |
 * | the handler threw a `WebhookRefusal`       | its status (4xx), `{"error":{"code","message"}}` |
 * | the handler threw anything else            | 500 `INTERNAL_ERROR` (the service retries) |
 * | bad or missing signature                   | 400 `INVALID_SIGNATURE`                  |
 * | body over `maxBodyBytes`                   | 413 `PAYLOAD_TOO_LARGE`                  |
 * | not JSON, or no `notification_type`        | 400 `INVALID_PARAMETER`                  |
 * | not POST                                   | 405 `METHOD_NOT_ALLOWED`                 |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayUIError } from '../core/errors';
import type { NotificationType, WebhookPayloads } from './payloads';
import { codeError, readBody, refuseBody, sendAnswer } from './http';
import { webhookSignatureProblem } from './signature';

/** Thrown by a handler to refuse a webhook with a 4xx and a code, e.g. `INVALID_USER`. */
export class WebhookRefusal extends Error {
  override readonly name = 'WebhookRefusal';
  readonly code: string;
  readonly status: number;

  constructor(code: string, message = code, status = 400) {
    super(message);
    this.code = code;
    this.status = Number.isInteger(status) && status >= 400 && status < 500 ? status : 400;
  }
}

export type WebhookHandlers = {
  [K in NotificationType]?: (payload: WebhookPayloads[K]) => void | Promise<void>;
};

export interface WebhookHandlerOptions {
  /** The project's secret key (the service's webhook settings). */
  secret: string;
  on: WebhookHandlers;
  /** Larger bodies get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Told of a handler's unexpected throw, or of a body parsed before the handler (both answered
   * 500; `type` is null for the latter). Default: `console.error` of the error, never the payload.
   */
  onError?: (error: unknown, type: NotificationType | null) => void;
}

/** A request as Node's `http` and Express give it; Express's `express.raw()` leaves a Buffer in `body`. */
export type WebhookRequest = IncomingMessage & { body?: unknown };

export type WebhookListener = (req: WebhookRequest, res: ServerResponse) => Promise<void>;

/** Every type of webhook the service sends. */
export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  'user_validation', 'payment', 'refund', 'order_paid', 'order_canceled', 'create_subscription', 'update_subscription', 'cancel_subscription',
];
const DEFAULT_MAX_BODY = 1024 * 1024;

/** Messages of the codes the handler itself answers with. */
const MESSAGES: Record<string, string> = {
  METHOD_NOT_ALLOWED: 'only POST',
  INTERNAL_ERROR: 'the webhook could not be handled',
};

/** 2xx without a body, or an error `{"error": {"code", "message"}}`. */
function answer(res: ServerResponse, status: number, code?: string, message?: string): void {
  if (code !== undefined) return sendAnswer(res, codeError(status, code, message ?? MESSAGES[code] ?? code));
  if (res.headersSent) res.end();
  else res.writeHead(status).end();
}

/** The raw body, or null past `limit` (the rest left unread, for `refuseBody`). */
async function rawBody(req: WebhookRequest, limit: number): Promise<Buffer | null> {
  if (Buffer.isBuffer(req.body)) return req.body.length > limit ? null : req.body;
  if (req.body !== undefined && req.body !== null && !(typeof req.body === 'object' && Object.keys(req.body).length === 0)) {
    throw new PayUIError(
      'INVALID_OPTION',
      'the request body was already parsed; the signature needs the raw bytes: mount the handler before a JSON body parser, or use express.raw({ type: "*/*" })',
      'body',
    );
  }
  return readBody(req, limit);
}

export function createWebhookHandler(options: WebhookHandlerOptions): WebhookListener {
  const { secret, on, maxBodyBytes = DEFAULT_MAX_BODY, onError = (error: unknown) => console.error('payui webhook handler failed:', error) } = options ?? ({} as WebhookHandlerOptions);
  if (typeof secret !== 'string' || secret === '') throw new PayUIError('INVALID_OPTION', 'must be the project\'s secret key (a non-empty string)', 'secret');
  if (typeof on !== 'object' || on === null) throw new PayUIError('INVALID_OPTION', 'must be an object of handlers by notification type', 'on');
  for (const [type, handler] of Object.entries(on)) {
    if (!NOTIFICATION_TYPES.includes(type as NotificationType)) throw new PayUIError('INVALID_OPTION', `is not a notification type (${NOTIFICATION_TYPES.join(', ')})`, `on.${type}`);
    if (typeof handler !== 'function') throw new PayUIError('INVALID_OPTION', 'must be a function', `on.${type}`);
  }
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) throw new PayUIError('INVALID_OPTION', 'must be a positive integer', 'maxBodyBytes');

  return async (req, res) => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return answer(res, 405, 'METHOD_NOT_ALLOWED');
    }
    let body: Buffer | null;
    try {
      body = await rawBody(req, maxBodyBytes);
    } catch (error) {
      // A body parsed before us is the merchant's set-up to fix; anything else is the sender going away mid-body.
      if (!(error instanceof PayUIError)) return answer(res, 400, 'INVALID_PARAMETER', 'the body ended early');
      onError(error, null);
      return answer(res, 500, 'INTERNAL_ERROR');
    }
    // Answered at once; the rest of the body is read and dropped before the connection closes.
    if (body === null) return refuseBody(req, res, codeError(413, 'PAYLOAD_TOO_LARGE', `at most ${maxBodyBytes} bytes`));
    const badSignature = webhookSignatureProblem(body, req.headers.authorization, secret);
    if (badSignature) return answer(res, 400, 'INVALID_SIGNATURE', badSignature);

    let payload: { notification_type?: unknown };
    try {
      payload = JSON.parse(body.toString('utf8')) as { notification_type?: unknown };
    } catch {
      return answer(res, 400, 'INVALID_PARAMETER', 'the body is not JSON');
    }
    const type = payload?.notification_type;
    if (typeof type !== 'string' || type === '') return answer(res, 400, 'INVALID_PARAMETER', 'notification_type is missing');
    const handler = Object.hasOwn(on, type) ? (on[type as NotificationType] as ((payload: unknown) => void | Promise<void>) | undefined) : undefined;
    if (!handler) return answer(res, 204);
    try {
      await handler(payload);
    } catch (error) {
      if (error instanceof WebhookRefusal) return answer(res, error.status, error.code, error.message);
      onError(error, type as NotificationType);
      return answer(res, 500, 'INTERNAL_ERROR');
    }
    answer(res, 204);
  };
}
