/**
 * The service's error body, answered by the mock merchant API and by the payment UI's own
 * endpoints (DESIGN.md §8): `{http_status_code, message, extended_message, request_id}`, the
 * request id also in `X-Request-Id`.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorAnswer, ErrorShape } from './answer';
import type { ExtendedMessage } from '../merchant-api/validate';

export function serviceError(status: number, message: string, extended: ExtendedMessage | null = null): ErrorAnswer {
  const requestId = randomUUID();
  return {
    status,
    headers: { 'x-request-id': requestId },
    body: JSON.stringify({ http_status_code: status, message, extended_message: extended, request_id: requestId }),
  };
}

/** The service's shape for answers that have a code and a message only (the shape has no code). */
export const serviceShape: ErrorShape = (status, _code, message) => serviceError(status, message);
