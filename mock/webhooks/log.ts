/**
 * The webhook log of the mock service, read from the database (mock/store/webhook-log.ts, written
 * by the sender of whichever process sent): `GET /mock/webhooks` (JSON; filtered, and waited for, by
 * `waitForLog`) and `GET /mock/webhooks.html` (a page that refreshes itself every 2 s). Secrets
 * are never shown.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { WebhookSender } from './sender';
import { readLog, type LogFilter, type LoggedAttempt, type LoggedDelivery } from '../store/webhook-log';
import { escapeHtml } from '../lib/plain';
import type { LoggedProject } from '../store/projects';
import { readManySettings, type WebhookSettings } from '../store/webhook-settings';
import type { Database } from '../store/database';
import { endWait, takeWait } from '../store/webhook-waits';

export type { LogFilter };

/** The projects whose log is read, with their webhook settings (read once per answer), and how their log is read. */
export interface LogScope {
  projects: readonly LoggedProject[];
  settings: Map<number, WebhookSettings>;
  read(filter: LogFilter): Promise<{ deliveries: LoggedDelivery[]; attempts: LoggedAttempt[] }>;
}

/** These projects (a merchant's) with their settings as they are kept now, and their log in `db`. */
export async function logScope(db: Database, projects: readonly LoggedProject[]): Promise<LogScope> {
  const ids = projects.map((p) => p.id);
  return { projects, settings: await readManySettings(db.sql, ids), read: (filter) => readLog(db.sql, ids, filter) };
}

/** The log of these projects (a merchant's): the deliveries `filter` keeps, and their attempts, newest first. */
export async function webhookLog({ projects, settings: kept, read }: LogScope, filter: LogFilter = {}) {
  const { deliveries, attempts } = await read(filter);
  return {
    projects: projects.map((project) => {
      const settings = kept.get(project.id);
      return { project_id: project.id, name: project.name, enabled: settings !== null, ...(settings ? { url: settings.url, variant: settings.variant } : {}) };
    }),
    deliveries,
    attempts,
  };
}

export type WebhookLog = Awaited<ReturnType<typeof webhookLog>>;

/** The connection of the client that waits: it emits `close` when the client goes away. */
export interface WaitingClient {
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
  readonly destroyed?: boolean;
}

/**
 * The log as `webhookLog` answers it, as soon as it holds a delivery (`GET /mock/webhooks?wait=`);
 * or as it is once `waitMs` have passed or the sender closed (the service stops). A write of its
 * projects' log makes it look again: this process's at once, another process's of a shared
 * database when its notice comes (the sender's `watch`), or at the latest at the next look of its
 * own (every `sender.logLookMs`, for a notice missed). A client that goes away ends the wait too:
 * no timer and no watcher are left behind.
 */
export async function waitForLog(sender: WebhookSender, scope: LogScope, filter: LogFilter, waitMs: number, client: WaitingClient): Promise<WebhookLog> {
  const look = () => webhookLog(scope, filter);
  const projectIds = scope.projects.map((project) => project.id);
  // Watched from before the first look: a write during it makes the wait look again.
  let woken = false;
  const early = waitMs > 0 ? sender.watch(() => void (woken = true), projectIds) : () => undefined;
  let first: WebhookLog;
  try {
    first = await look();
  } catch (error) {
    early();
    throw error;
  }
  if (first.deliveries.length > 0 || waitMs <= 0 || client.destroyed) {
    early();
    return first;
  }
  return new Promise((resolve, reject) => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      clearInterval(poll);
      unwatch();
      client.off('close', end);
      look().then(resolve, reject);
    };
    /** Looks again, and ends the wait once a delivery is there (a look that fails waits for the next). */
    const again = () => void look().then((log) => log.deliveries.length > 0 && end(), () => undefined);
    const timer = setTimeout(end, waitMs);
    const poll = sender.logLookMs ? setInterval(again, sender.logLookMs) : undefined;
    // Woken by its projects' log writes only: another merchant's deliveries cost it nothing.
    const unwatch = sender.watch((closed) => (closed ? end() : again()), projectIds);
    early();
    client.once('close', end);
    if (sender.closed()) end();
    else if (woken) again();
  });
}

/**
 * The most waits (`GET /mock/webhooks?wait=`) one merchant may have under way, through every process
 * of the database: each holds a connection, a timer and a look at the log after each of its
 * projects' writes, and a test suite needs a handful. Past it a wait is refused (429) at once.
 */
export const WAITS_PER_MERCHANT = 50;
/** How much longer than its own time a wait's row counts, should its process die: the wait's last look and answer. */
const WAIT_ROW_SLACK_MS = 5_000;

/**
 * Counts one more wait of `merchantId`, lasting at most `waitMs`, in the database
 * (mock/store/webhook-waits.ts); answers how to count it done, or null when the merchant has
 * `WAITS_PER_MERCHANT` under way already, through any process.
 */
export async function holdWait(db: Database, merchantId: number, waitMs: number): Promise<(() => Promise<void>) | null> {
  const id = await takeWait(db, merchantId, waitMs + WAIT_ROW_SLACK_MS, WAITS_PER_MERCHANT);
  if (id === null) return null;
  let done = false;
  return async () => {
    if (done || id === 0) return;
    done = true;
    await endWait(db, id);
  };
}

const escape = escapeHtml;

/** A wait as the page says it: whole minutes from a minute on (the published schedule's), else milliseconds. */
const waitText = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms} ms`);

const STYLE = 'body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1c2230}table{border-collapse:collapse;width:100%;margin-bottom:2rem}'
  + 'th,td{border-bottom:1px solid #d5d9e2;padding:.35rem .5rem;text-align:left;vertical-align:top}code{font-size:12px;word-break:break-all}'
  + '.ok{color:#17663a}.bad{color:#a11a1a}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Writes the page of `log` (the scope's `webhookLog`). */
export function sendLogPage(res: ServerResponse, log: WebhookLog): void {
  const rows = (cells: unknown[][]) => cells.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Webhooks · payui mock service</title><style>${STYLE}</style></head>
<body><main>
<h1>Webhooks</h1>
<p>What the mock service sent to each project's listener, newest first. Times are the merchant's clock's (<code>/mock/clock</code>): move it to a delivery's next attempt to bring it. JSON, with the merchant's credentials: <code>/mock/webhooks</code>.</p>
<h2>Projects</h2>
<table><thead><tr><th>Project</th><th>Listener</th><th>Variant</th></tr></thead><tbody>
${rows(log.projects.map((p) => [`${escape(p.name)} (${p.project_id})`, p.enabled ? `<code>${escape(p.url)}</code>` : 'no webhooks', escape(p.variant ?? '')]))}
</tbody></table>
<h2>Attempts</h2>
<table><thead><tr><th>When</th><th>Delivery</th><th>Type</th><th>Attempt</th><th>Answer</th><th>ms</th></tr></thead><tbody>
${rows(log.attempts.map((a) => [
    escape(a.at), `#${a.delivery} · project ${a.project_id}`, escape(a.notification_type), a.attempt,
    `<span class="${a.accepted ? 'ok' : 'bad'}">${a.status ?? '—'}</span> <code>${escape(a.answer)}</code>${a.retry_in_ms === null ? '' : ` · again after ${waitText(a.retry_in_ms)}`}`, a.ms,
  ]))}
</tbody></table>
<h2>Deliveries</h2>
<table><thead><tr><th>Delivery</th><th>Type</th><th>State</th><th>Attempts</th><th>Body</th></tr></thead><tbody>
${rows(log.deliveries.map((d) => [`#${d.id} · project ${d.project_id}`, escape(d.notification_type), escape(d.next_attempt ? `${d.state}, next attempt due ${d.next_attempt}` : d.reason ? `${d.state}: ${d.reason}` : d.state), d.attempts, `<code>${escape(d.body)}</code>`]))}
</tbody></table>
</main></body></html>`;
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  });
  res.end(html);
}
