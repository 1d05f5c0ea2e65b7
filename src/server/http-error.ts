/// <reference types="node" preserve="true" />
/**
 * Error answers as JSON, each shape built by one function and sent by one: `codeError` builds
 * `{"error": {"code", "message"}}` (the kit's webhook handler, the demo server), the mock service
 * builds the service's own shape (mock/http/service-error.ts), and `sendAnswer` sends either.
 * Internal to the kit and the offline world: not exported by `payui-embed/server`.
 */
import type { ServerResponse } from 'node:http';

/** An error answer, ready to send: its status, the headers the shape adds, and the JSON text. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How a server shapes an error answer for a status, a code (`PAYLOAD_TOO_LARGE`) and a message. */
export type ErrorShape = (status: number, code: string, message: string) => ErrorAnswer;

/** `{"error": {"code", "message"}}`. */
export const codeError: ErrorShape = (status, code, message) => ({ status, headers: {}, body: JSON.stringify({ error: { code, message } }) });

/** Sends an error answer (with `headers` such as `allow`), unless an answer has already begun: then it only ends it. */
export function sendAnswer(res: ServerResponse, answer: ErrorAnswer, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers, ...headers });
  res.end(answer.body);
}
