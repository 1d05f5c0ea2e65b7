/**
 * Every answer a server of the service writes, as it goes out on `node:http` (issue 46 item 15):
 * a route's, the error handler's, a hijacked reply's (the 413 of a body over the limit, a static
 * file), the loopback listener's 421 and 408. Under the service's tests (`PAYUI_MOCK_CHECK_ANSWERS`
 * names a file when the listener is made) each is judged against the server's description, and
 * what is off is written to the file the variable names at that moment, a line each; otherwise
 * nothing is watched.
 */
import { appendFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { ErrorShape } from './answer';
import type { AnswerJudge, WrittenAnswer as Written } from '../spec/answers';

/** An answer as written, and what judges it (mock/spec/answers.ts). */
export type { AnswerJudge, WrittenAnswer as Written } from '../spec/answers';

/**
 * A listener as the loopback listener takes it: what ends its work (`drain`), the error shape of
 * its server (for the listener's own 421 and 408), and, when its answers are judged, the judge.
 */
export type JudgedListener = RequestListener & { drain?: () => Promise<void>; shape?: ErrorShape; judge?: AnswerJudge };

const faulted = new WeakSet<ServerResponse>();
const watched = new WeakSet<ServerResponse>();
/** Enough of any body the services write; a larger one (a built file) is judged by its first bytes. */
const KEPT_BYTES = 4 * 1024 * 1024;

/** This answer is a fault's (its status and body are the rule's). */
export const markFaulted = (res: ServerResponse): void => void faulted.add(res);

function report(judge: AnswerJudge, written: Written): void {
  const file = process.env.PAYUI_MOCK_CHECK_ANSWERS;
  if (!file) return;
  const found = judge(written);
  if (found) appendFileSync(file, `${found.where} (${written.method || '-'} ${written.url.split('?')[0] || '-'}): ${found.problem}\n`);
}

/** Judges an answer written on a bare socket (no request object yet). */
export function judgeRaw(judge: AnswerJudge, status: number, headers: Record<string, string>, body: string): void {
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  report(judge, { method: '', url: '', status, contentType: type, body: Buffer.from(body), faulted: false });
}

const headerOf = (headers: unknown, wanted: string): string | undefined => {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return undefined;
  const found = Object.entries(headers as OutgoingHttpHeaders).find(([name]) => name.toLowerCase() === wanted);
  return found === undefined ? undefined : String(found[1]);
};

/**
 * Judges the answer `res` writes, once: when the body it declared is whole, or at its end (a
 * refused upload's 413 is whole long before its connection ends). Watching twice is once.
 */
export function watchAnswer(req: IncomingMessage, res: ServerResponse, judge: AnswerJudge): void {
  if (watched.has(res)) return;
  watched.add(res);
  const chunks: Buffer[] = [];
  let size = 0;
  let judged = false;
  let type: string | undefined;
  let declared: number | undefined;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    if (size < KEPT_BYTES) chunks.push(bytes);
    size += bytes.length;
  };
  const judgeOnce = () => {
    if (judged) return;
    judged = true;
    const contentType = type ?? (res.getHeader('content-type') as string | undefined);
    report(judge, { method: req.method ?? '', url: req.url ?? '', status: res.statusCode, contentType, body: Buffer.concat(chunks), faulted: faulted.has(res) });
  };
  const { writeHead, write, end } = res;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((part) => typeof part === 'object');
    type = headerOf(headers, 'content-type') ?? type;
    const length = headerOf(headers, 'content-length') ?? (res.getHeader('content-length') as string | number | undefined);
    declared = length === undefined ? undefined : Number(length);
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    const result = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    if (declared !== undefined && size >= declared) judgeOnce();
    return result;
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (!judged) keep(chunk, rest[0]);
    const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    judgeOnce();
    return result;
  } as typeof res.end;
}

/**
 * The listener with its answers judged, when the run checks them (the variable set as it is made);
 * otherwise the listener itself. `judge` is made at the first answer.
 */
export function judgedListener(listener: JudgedListener, makeJudge: () => AnswerJudge): JudgedListener {
  if (!process.env.PAYUI_MOCK_CHECK_ANSWERS) return listener;
  let made: AnswerJudge | undefined;
  const judge: AnswerJudge = (written) => (made ??= makeJudge())(written);
  const judged: JudgedListener = (req, res) => {
    watchAnswer(req, res, judge);
    listener(req, res);
  };
  judged.judge = judge;
  if (listener.shape) judged.shape = listener.shape;
  if (listener.drain) judged.drain = () => listener.drain!();
  return judged;
}
