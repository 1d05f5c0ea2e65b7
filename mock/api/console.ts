/**
 * The merchant console (DESIGN.md §14) on the merchant API's origin: the built page of
 * `mock/console/` (`mock/dist/console/`) at `/console/`, under a strict CSP. Its files are served
 * as they are; any other address under `/console` (a deep link such as `/console/items`) answers
 * the page, whose router shows what it names. The page calls the API of the same origin.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveStatic } from '../http/static';
import { sendAnswer } from '../http/answer';
import { serviceError } from '../http/service-error';
import { ApiError } from '../http/service-app';

export const CONSOLE_PREFIX = '/console';

/** The console loads nothing from anywhere else, runs no inline code, and is framed by no one. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const HEADERS = { 'content-security-policy': CONSOLE_CSP, 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };

export function registerConsole(app: FastifyInstance, root: string): void {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname } = new URL(request.url, 'http://console');
    // An address naming a file (`/console/assets/app.js`) is that file or 404; any other is the page.
    const isFile = extname(pathname) !== '';
    if (isFile) {
      reply.hijack();
      if (await serveStatic(root, request.raw, reply.raw, { headers: HEADERS, prefix: CONSOLE_PREFIX })) return;
      // In the service's error body, as every error of its servers (issue 46 item 15).
      sendAnswer(reply.raw, serviceError(404, 'Not Found'), HEADERS);
      return;
    }
    let html: string;
    try {
      html = await readFile(join(root, 'index.html'), 'utf8');
    } catch {
      reply.headers(HEADERS);
      throw new ApiError(404, 'Not Found: the merchant console is not built here: run `npm run build` (it writes mock/dist/console/)');
    }
    return reply.code(200).type('text/html; charset=utf-8').headers(HEADERS).send(request.method === 'HEAD' ? undefined : html);
  };
  app.get(CONSOLE_PREFIX, answer);
  app.get(`${CONSOLE_PREFIX}/*`, answer);
}
