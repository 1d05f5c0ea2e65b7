import type { IncomingMessage } from 'node:http';
import { readBody } from '../../src/server/http';

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
