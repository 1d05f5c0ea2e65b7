import type { IncomingMessage } from 'node:http';

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
