/**
 * The offline service as `npm start` wires it, on free ports, for tests that buy in the payment UI
 * and read the result from the merchant API: one database in memory (the demo merchant), one
 * webhook sender and one payments service shared by the merchant API and the payment UI (live and
 * sandbox). `close()` stops all of it. `recordingListener` (mock/test/recording-listener.ts) is a
 * webhook listener that keeps what it is sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMerchantApi, memoryDatabase } from '../api/server';
import { createPaymentUi } from '../payment-ui/server';
import { listenLoopback } from '../http/listen';
import { createPayments, type PaymentsHook } from '../domain/payments';
import { createWebhookSender, type RetryPolicy, type WebhookSender } from '../webhooks/sender';
import type { Database } from '../store/database';

export interface ServiceWorld {
  db: Database;
  /** The merchant API's origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** The payment UI's origins. */
  ui: { live: string; sandbox: string };
  sender: WebhookSender;
  close(): Promise<void>;
}

/** `retry`: the sender's backoff (the service's own by default); `hook`: the payments' test hook (a pause to make a race real, a throw to fail a clock step). */
export async function startWorld({ retry, hook }: { retry?: RetryPolicy; hook?: PaymentsHook } = {}): Promise<ServiceWorld> {
  const db = await memoryDatabase();
  const sender = createWebhookSender({ db, ...(retry ? { retry } : {}) });
  const uiRoot = mkdtempSync(join(tmpdir(), 'payui-world-'));
  const payments = createPayments(sender, db, undefined, hook);
  const api = await listenLoopback(await createMerchantApi({ db, sender, payments }), 0);
  const live = await listenLoopback(createPaymentUi(uiRoot, 'live', payments), 0);
  const sandbox = await listenLoopback(createPaymentUi(uiRoot, 'sandbox', payments), 0);
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    db,
    origin: at(api.port),
    ui: { live: at(live.port), sandbox: at(sandbox.port) },
    sender,
    async close() {
      sender.close();
      await Promise.all([api, live, sandbox].map((s) => s.close()));
      await db.close();
      rmSync(uiRoot, { recursive: true, force: true });
    },
  };
}

/** A sandbox as `POST /mock/sandboxes` answers it. */
export interface Sandbox { merchant_id: number; api_key: string; project_ids: number[] }

/**
 * `method path` on the world's merchant API as the sandbox `s` (null: without credentials), `body`
 * sent as JSON; answers the status and the parsed body.
 */
export async function callAs(world: ServiceWorld, s: Sandbox | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = s ? { authorization: `Basic ${Buffer.from(`${s.merchant_id}:${s.api_key}`).toString('base64')}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${world.origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export { recordingListener, type Received } from './recording-listener';
