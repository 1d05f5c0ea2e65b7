/**
 * The offline service's raw error answers on `node:http`, for what happens before or beside its
 * Fastify routes: a Host it does not answer to (421), a client that stalls mid-request (408), a body
 * over the limit (413). The body itself is the server's `ErrorShape` (the service's is in
 * service-error.ts). The service's own code: `payui-mock` uses only the public `payui-embed/server`,
 * so it does not borrow the kit's internal helpers for this (the kit's webhook handler has its own).
 */
import { STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';

/** An error answer, ready to send: its status, the headers the shape adds, and the JSON text. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How a server shapes an error answer for a status, a code (`PAYLOAD_TOO_LARGE`) and a message. */
export type ErrorShape = (status: number, code: string, message: string) => ErrorAnswer;

/** `{"error": {"code", "message"}}`: the default of a loopback listener that is not the service's (the demo's). */
export const codeError: ErrorShape = (status, code, message) => ({ status, headers: {}, body: JSON.stringify({ error: { code, message } }) });

/** How long a refused body is read and dropped, at most, before the connection closes. */
export const LINGER_MS = 5_000;

const headersOf = (answer: ErrorAnswer, extra: Record<string, string>): OutgoingHttpHeaders => ({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-length': Buffer.byteLength(answer.body),
  ...answer.headers,
  ...extra,
});

/** Sends an error answer (with `headers` such as `allow`); an answer already begun is only ended. */
export function sendAnswer(res: ServerResponse, answer: ErrorAnswer, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(answer.status, headersOf(answer, headers)).end(answer.body);
}

/**
 * Answers a request whose body is not read to its end and closes the connection politely: the
 * whole answer goes out at once, the rest of the body is read and dropped, and the connection
 * closes when it has ended (or after `lingerMs`). Closing while the client still sends makes its
 * system answer with a reset, which can reach the client instead of the answer.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, answer: ErrorAnswer, lingerMs = LINGER_MS): void {
  if (req.complete || res.headersSent) return sendAnswer(res, answer);
  res.writeHead(answer.status, headersOf(answer, { connection: 'close' }));
  // The answer is whole (its length is declared); ending it closes the connection, so that waits.
  res.write(answer.body);
  const timer = setTimeout(() => {
    res.end();
    req.socket.destroy();
  }, lingerMs);
  timer.unref();
  const close = () => {
    clearTimeout(timer);
    res.end();
  };
  req.once('end', close);
  req.once('close', close);
  req.on('error', () => undefined);
  req.resume();
}

/** The answer as the bytes of a whole HTTP/1.1 response that closes its connection, for a socket that has no response object. */
export function rawAnswer(answer: ErrorAnswer): string {
  const headers = Object.entries(headersOf(answer, { connection: 'close' })).map(([name, value]) => `${name}: ${String(value)}\r\n`).join('');
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${headers}\r\n${answer.body}`;
}
