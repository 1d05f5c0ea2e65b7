/**
 * The demo server's own `node:http` helpers (a merchant's server, on the kit's internal helpers):
 * a JSON body read within a limit, and a handler wrapped so every request is answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendAnswer, type ErrorShape } from '../src/server/http';

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/**
 * A JSON body of at most `limit` bytes; an empty body is `{}`; a body cut short (the client went
 * away) is a 400. A 413 leaves the rest of the body unread: answer it with `refuseBody`.
 */
export async function readJson(req: IncomingMessage, limit: number): Promise<JsonBody> {
  const raw = await readBody(req, limit).catch(() => undefined);
  if (raw === undefined) return { ok: false, status: 400, message: 'the request body ended early' };
  if (raw === null) return { ok: false, status: 413, message: `the request body must be at most ${limit} bytes` };
  if (raw.length === 0) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'the request body is not valid JSON' };
  }
}

/**
 * Wraps a request handler so that every request is answered: a handler that throws or rejects
 * gives a 500 in the server's error shape (or ends an answer already begun), never an unhandled
 * rejection that stops the server.
 */
export function answerAlways(handler: (req: IncomingMessage, res: ServerResponse) => unknown, shape: ErrorShape): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const fail = (error: unknown) => {
      // The path only (a query may carry a token) and the error's kind (its message may quote a value).
      const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
      const kind = error instanceof Error ? `${error.name}${typeof code === 'string' ? ` ${code}` : ''}` : typeof error;
      console.error(`payui: ${req.method} ${(req.url ?? '').split('?')[0]} failed: ${kind}\n${error instanceof Error ? (error.stack ?? '').split('\n').slice(1).join('\n') : ''}`);
      sendAnswer(res, shape(500, 'INTERNAL_ERROR', 'Internal error'));
    };
    try {
      void Promise.resolve(handler(req, res)).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
