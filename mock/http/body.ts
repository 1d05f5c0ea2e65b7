import type { IncomingMessage } from 'node:http';

/** The body, or null past `limit` bytes: the rest is read and dropped, so the answer can be sent. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) chunks.length = 0;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/** A JSON body of at most `limit` bytes; an empty body is `{}`; a body cut short (the client went away) is a 400. */
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
