/**
 * The webview launcher page (dist/launcher/index.html): opens the payment UI full screen and
 * forwards every widget event to the native app as one JSON string
 * `{"source":"payui","v":1,"seq":n,"type":…,"data":…}`. Native code talks back through
 * `window.PayUILauncher.receive(json)` or `message` events: `{"type":"close"}`, `{"type":"back"}`.
 */
import { EventTypes } from '../core/events';
import { builtIn } from '../loaders/built-in';
import { createWidgetHandle } from '../widget';
import { createOutbox, findBridge, fromNativeSide } from './bridges';
import { readAllowLists } from './allow';
import { readParams } from './params';

declare global {
  interface Window {
    PayUILauncher: { receive(json: string): void; readonly bridge: string | null };
  }
}

const statusLine = document.getElementById('status')!;
const result = readParams(location, readAllowLists(document, location.origin));
const params = result.ok ? result.params : null;
const { bridge, channel, targetOrigin } = result.ok ? result.params : result.transport;
const debug = (...args: unknown[]) => params?.debug && console.info('[payui launcher]', ...args);

const outbox = createOutbox(
  () => findBridge(window, bridge, channel, targetOrigin),
  (count) => console.warn(`[payui launcher] no native bridge within 2 s: ${count} message(s) dropped`),
);
let seq = 0;
function toNative(type: string, data: unknown): void {
  seq += 1;
  const json = JSON.stringify({ source: 'payui', v: 1, seq, type, data });
  debug('→ native', json);
  outbox.send(json);
}

function showProblem(message: string): void {
  document.body.dataset.state = 'error';
  statusLine.textContent = message;
}

const handle = createWidgetHandle({ ...builtIn, fullScreen: true });
const { widget } = handle;
let closed = false;

/** Native → page. Anything that is not one of our commands is ignored. */
function receive(raw: unknown): void {
  let command: { type?: unknown };
  try {
    command = typeof raw === 'string' ? JSON.parse(raw) : (raw as object);
  } catch {
    return;
  }
  debug('← native', command);
  if (command?.type === 'close') widget.close();
  else if (command?.type === 'back') {
    handle.close('user');
    toNative('back-handled', {});
  }
}

/** Native hosts dispatch on window or document; only the native side or the bridge's own peer counts. */
function onMessage(event: Event): void {
  if (fromNativeSide(event as MessageEvent, window, targetOrigin)) receive((event as MessageEvent).data);
}

window.PayUILauncher = {
  receive,
  get bridge() {
    return outbox.bridge?.name ?? null;
  },
};
window.addEventListener('message', onMessage);
document.addEventListener('message', onMessage);

if (!params) {
  const message = (result as { message: string }).message;
  showProblem(`This payment cannot start: ${message}.`);
  const { path } = result as { path?: string };
  toNative('error', { code: 'INVALID_OPTION', message, ...(path ? { path } : {}) });
} else {
  for (const type of Object.values(EventTypes)) {
    widget.on(type, (data) => {
      if (type === 'close') {
        if (closed) return;
        closed = true;
      }
      toNative(type, data);
      if (type === 'close') {
        statusLine.textContent = 'Payment window closed.';
        document.body.dataset.state = 'closed';
      }
    });
  }
  // After the status has gone to the native side (handlers run in order).
  widget.on('status-done status-troubled', ({ paymentInfo }) => {
    const status = String(paymentInfo.status);
    if (params.closeOnDone && status === 'done') widget.close();
    if (params.returnUrl) {
      const back = new URL(params.returnUrl);
      back.searchParams.set('status', status);
      if (paymentInfo.invoice !== undefined) back.searchParams.set('invoice_id', String(paymentInfo.invoice));
      widget.close();
      // Let the bridge take the last messages before the page goes.
      setTimeout(() => location.assign(back.href), 50);
    }
  });
  try {
    widget.init(params.options);
    document.body.dataset.state = 'open';
    widget.open().catch((error: Error) => showProblem(error.message));
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    showProblem(`This payment cannot start: ${message}.`);
    toNative('error', { code: code ?? 'INVALID_OPTION', message });
  }
}
