/**
 * The webhook log of the mock service: `GET /mock/webhooks` (JSON; filtered, and waited for, by
 * `waitForLog`) and `GET /mock/webhooks.html` (a page that refreshes itself every 2 s). Secrets
 * are never shown.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Delivery, WebhookSender } from './sender';
import { escapeHtml } from '../lib/plain';
import type { LoggedProject } from '../store/projects';
import { readManySettings, type WebhookSettings } from '../store/webhook-settings';
import type { Sql } from '../store/database';

/** Which deliveries the log answers (each left out: any). */
export interface LogFilter {
  type?: string | undefined;
  /** Only deliveries of a greater id: the ones after a delivery seen before. */
  after?: number | undefined;
  state?: Delivery['state'] | undefined;
}

const matches = (d: Delivery, { type, after, state }: LogFilter) =>
  (type === undefined || d.notification_type === type) && (after === undefined || d.id > after) && (state === undefined || d.state === state);

/** The projects whose log is read, with their webhook settings (read once per answer). */
export interface LogScope {
  projects: readonly LoggedProject[];
  settings: Map<number, WebhookSettings>;
}

/** These projects (a merchant's) with their settings as they are kept now. */
export async function logScope(sql: Sql, projects: readonly LoggedProject[]): Promise<LogScope> {
  return { projects, settings: await readManySettings(sql, projects.map((p) => p.id)) };
}

/** The log of these projects (a merchant's): the deliveries `filter` keeps, and their attempts. */
export function webhookLog(sender: WebhookSender, { projects, settings: kept }: LogScope, filter: LogFilter = {}) {
  const ids = new Set(projects.map((p) => p.id));
  const deliveries = sender.deliveries().filter((d) => ids.has(d.project_id) && matches(d, filter)).reverse();
  const listed = new Set(deliveries.map((d) => d.id));
  return {
    projects: projects.map((project) => {
      const settings = kept.get(project.id);
      return { project_id: project.id, name: project.name, enabled: settings !== null, ...(settings ? { url: settings.url, variant: settings.variant } : {}) };
    }),
    deliveries,
    attempts: sender.attempts().filter((a) => listed.has(a.delivery)).reverse(),
  };
}

export type WebhookLog = ReturnType<typeof webhookLog>;

/** The connection of the client that waits: it emits `close` when the client goes away. */
export interface WaitingClient {
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
  readonly destroyed?: boolean;
}

/**
 * The log as `webhookLog` answers it, as soon as it holds a delivery (`GET /mock/webhooks?wait=`);
 * or as it is once `waitMs` have passed or the sender closed (the service stops). A client that
 * goes away ends the wait too: no timer and no watcher are left behind.
 */
export function waitForLog(sender: WebhookSender, scope: LogScope, filter: LogFilter, waitMs: number, client: WaitingClient): Promise<WebhookLog> {
  const look = () => webhookLog(sender, scope, filter);
  const first = look();
  if (first.deliveries.length > 0 || waitMs <= 0 || client.destroyed) return Promise.resolve(first);
  return new Promise((resolve) => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      unwatch();
      client.off('close', end);
      resolve(look());
    };
    const timer = setTimeout(end, waitMs);
    const unwatch = sender.watch((closed) => {
      if (closed || look().deliveries.length > 0) end();
    });
    client.once('close', end);
  });
}

const escape = escapeHtml;

const STYLE = 'body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1c2230}table{border-collapse:collapse;width:100%;margin-bottom:2rem}'
  + 'th,td{border-bottom:1px solid #d5d9e2;padding:.35rem .5rem;text-align:left;vertical-align:top}code{font-size:12px;word-break:break-all}'
  + '.ok{color:#17663a}.bad{color:#a11a1a}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function sendLogPage(res: ServerResponse, sender: WebhookSender, scope: LogScope): void {
  const log = webhookLog(sender, scope);
  const rows = (cells: unknown[][]) => cells.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Webhooks · payui mock service</title><style>${STYLE}</style></head>
<body><main>
<h1>Webhooks</h1>
<p>What the mock service sent to each project's listener, newest first. JSON, with the merchant's credentials: <code>/mock/webhooks</code>.</p>
<h2>Projects</h2>
<table><thead><tr><th>Project</th><th>Listener</th><th>Variant</th></tr></thead><tbody>
${rows(log.projects.map((p) => [`${escape(p.name)} (${p.project_id})`, p.enabled ? `<code>${escape(p.url)}</code>` : 'no webhooks', escape(p.variant ?? '')]))}
</tbody></table>
<h2>Attempts</h2>
<table><thead><tr><th>When</th><th>Delivery</th><th>Type</th><th>Attempt</th><th>Answer</th><th>ms</th></tr></thead><tbody>
${rows(log.attempts.map((a) => [
    escape(a.at), `#${a.delivery} · project ${a.project_id}`, escape(a.notification_type), a.attempt,
    `<span class="${a.accepted ? 'ok' : 'bad'}">${a.status ?? '—'}</span> <code>${escape(a.answer)}</code>${a.retry_in_ms === null ? '' : ` · again in ${a.retry_in_ms} ms`}`, a.ms,
  ]))}
</tbody></table>
<h2>Deliveries</h2>
<table><thead><tr><th>Delivery</th><th>Type</th><th>State</th><th>Attempts</th><th>Body</th></tr></thead><tbody>
${rows(log.deliveries.map((d) => [`#${d.id} · project ${d.project_id}`, escape(d.notification_type), escape(d.next_attempt ? `${d.state}, next ${d.next_attempt}` : d.reason ? `${d.state}: ${d.reason}` : d.state), d.attempts, `<code>${escape(d.body)}</code>`]))}
</tbody></table>
</main></body></html>`;
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  });
  res.end(html);
}
