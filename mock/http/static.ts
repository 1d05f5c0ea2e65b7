import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
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
  /** The part of the address before the root's paths (`/console` serves `/console/app.js` from `root/app.js`). */
  prefix?: string;
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
  if (options.prefix) {
    if (pathname !== options.prefix && !pathname.startsWith(`${options.prefix}/`)) return false;
    pathname = pathname.slice(options.prefix.length) || '/';
  }
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
    // A file that goes away while it is read: the status line is out, so the answer ends short
    // (the length header tells the client); never an unhandled stream error.
    else pipeline(createReadStream(file), res, () => undefined);
    return true;
  } catch {
    return false;
  }
}
