/// <reference types="node" preserve="true" />
/**
 * Reading request bodies and sending error answers (`{"error": {"code", "message"}}`), for the kit's
 * webhook handler (and the demo server). Internal: not exported by `payui-embed/server`, so the
 * offline service (which uses only the public kit) has its own, mock/http/answer.ts.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

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

/** How long a refused body is read and dropped, at most, before the connection closes. */
export const LINGER_MS = 5_000;

function headersOf(answer: ErrorAnswer, extra: Record<string, string>): OutgoingHttpHeaders {
  return {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(answer.body),
    ...answer.headers,
    ...extra,
  };
}

/** Sends an error answer (with `headers` such as `allow`), unless an answer has already begun: then it only ends it. */
export function sendAnswer(res: ServerResponse, answer: ErrorAnswer, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(answer.status, headersOf(answer, headers));
  res.end(answer.body);
}

/**
 * Answers a request whose body is not read to its end (over the limit), and closes the connection
 * politely: the whole answer goes out at once, the rest of the body is read and dropped, and only
 * when it has ended (or after `lingerMs`) does the connection close. Closing while the client still
 * sends makes its system answer with a reset, which can reach the client instead of the answer.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, answer: ErrorAnswer, lingerMs = LINGER_MS): void {
  if (req.complete || res.headersSent) return sendAnswer(res, answer);
  res.writeHead(answer.status, headersOf(answer, { connection: 'close' }));
  // The answer is whole (its length is declared); ending it closes the connection, so that waits.
  res.write(answer.body);
  const close = () => {
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(() => {
    res.end();
    req.socket.destroy();
  }, lingerMs);
  timer.unref();
  req.once('end', close);
  req.once('close', close);
  req.on('error', () => undefined);
  req.resume();
}

/**
 * The body, or null once it is over `limit` bytes, declared or counted: then the rest is left
 * unread, for `refuseBody` to drop while the answer goes out. Rejects when the client goes away
 * before the end.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
