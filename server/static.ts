import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticOptions {
  /** Headers added to every file answer (CSP and the like). */
  headers?: Record<string, string>;
  /** Served for `/` and for directory addresses. */
  index?: string;
}

/**
 * Serves files under `root` for GET and HEAD; false when there is no such file, so the
 * caller can answer 404 or try something else. Paths never leave `root`.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, options: StaticOptions = {}): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const base = resolve(root);
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return false;
  }
  if (pathname.includes('\0')) return false;
  let file = resolve(join(base, normalize(pathname)));
  if (file !== base && !file.startsWith(base + sep)) return false;
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      file = join(file, options.index ?? 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) return false;
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      ...options.headers,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  } catch {
    return false;
  }
}

export function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found\n');
}
