/**
 * The service's error body (DESIGN.md §8): `{http_status_code, message, extended_message,
 * request_id}`, the request id also in `X-Request-Id`. Written here only: by the error handler of
 * every origin's Fastify app (service-app.ts), and, for what is answered before or beside Fastify
 * (a Host refused, a stalled request), as a whole answer by `serviceError`.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorAnswer, ErrorShape } from './answer';
import type { ExtendedMessage } from '../spec/errors';

export interface ServiceErrorBody {
  http_status_code: number;
  message: string;
  extended_message: ExtendedMessage | null;
  request_id: string;
}

export const errorBody = (status: number, message: string, extended: ExtendedMessage | null, requestId: string): ServiceErrorBody =>
  ({ http_status_code: status, message, extended_message: extended, request_id: requestId });

/** A whole error answer, with a request id of its own. */
export function serviceError(status: number, message: string, extended: ExtendedMessage | null = null): ErrorAnswer {
  const requestId = randomUUID();
  return { status, headers: { 'x-request-id': requestId }, body: JSON.stringify(errorBody(status, message, extended, requestId)) };
}

/** The service's shape for answers that have a code and a message only (the shape has no code). */
export const serviceShape: ErrorShape = (status, _code, message) => serviceError(status, message);
