/**
 * The native side of the webview launcher: which bridge the host app installed, and a queue
 * that holds messages until one appears (up to 2 s) so nothing sent at start-up is lost.
 */
import type { BridgeName } from './params';

export type Send = (json: string) => void;
export interface Bridge {
  name: Exclude<BridgeName, 'auto' | 'none'>;
  send: Send;
}

type PostTarget = { postMessage: (message: string, targetOrigin?: string) => void };
type Host = Window & {
  ReactNativeWebView?: PostTarget;
  webkit?: { messageHandlers?: Record<string, PostTarget | undefined> };
  [channel: string]: unknown;
};

const post = (target: unknown): target is PostTarget => typeof (target as PostTarget | undefined)?.postMessage === 'function';

/** Finds one bridge by name; `auto` tries them in DESIGN.md §9 order. */
export function findBridge(win: Window, name: BridgeName, channel: string, targetOrigin: string | null): Bridge | null {
  const host = win as Host;
  const handlers = host.webkit?.messageHandlers;
  const candidates: [Bridge['name'], () => Send | null][] = [
    ['rn', () => (post(host.ReactNativeWebView) ? (json) => host.ReactNativeWebView!.postMessage(json) : null)],
    // iOS: a handler named after the channel; React Native with Apple Pay registers ReactNativeWebView here.
    ['webkit', () => {
      const handler = [handlers?.[channel], handlers?.ReactNativeWebView].find(post);
      return handler ? (json) => handler.postMessage(json) : null;
    }],
    // Flutter JavaScriptChannel, Android addJavascriptInterface / addWebMessageListener.
    ['channel', () => {
      const target = host[channel];
      return post(target) ? (json) => target.postMessage(json) : null;
    }],
    ['cordova', () => (post(handlers?.cordova_iab) ? (json) => handlers!.cordova_iab!.postMessage(json) : null)],
    ['parent', () => (targetOrigin && win.parent !== win ? (json) => win.parent.postMessage(json, targetOrigin) : null)],
    ['opener', () => (targetOrigin && post(win.opener) ? (json) => (win.opener as Window).postMessage(json, targetOrigin) : null)],
  ];
  for (const [candidate, make] of candidates) {
    if (name !== 'auto' && name !== candidate) continue;
    const send = make();
    if (send) return { name: candidate, send };
  }
  return null;
}

export interface Outbox {
  /** Sends now, or queues until a bridge appears. */
  send(json: string): void;
  readonly bridge: Bridge | null;
  /** Stops looking (the queue is dropped). */
  stop(): void;
}

/** How long messages wait for a bridge that the host app installs late. */
export const BRIDGE_WAIT_MS = 2000;
const RETRY_MS = 50;

export function createOutbox(find: () => Bridge | null, onDropped: (count: number) => void): Outbox {
  let bridge = find();
  const queue: string[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let waited = 0;

  const deliver = (json: string) => {
    try {
      bridge!.send(json);
    } catch (error) {
      console.error(error);
    }
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const look = () => {
    waited += RETRY_MS;
    bridge = find();
    if (bridge) {
      stop();
      queue.splice(0).forEach(deliver);
    } else if (waited >= BRIDGE_WAIT_MS) {
      stop();
      if (queue.length) onDropped(queue.splice(0).length);
    }
  };

  return {
    send(json) {
      if (bridge) return deliver(json);
      if (waited >= BRIDGE_WAIT_MS && !timer) return onDropped(1);
      queue.push(json);
      timer ??= setInterval(look, RETRY_MS);
    },
    get bridge() {
      return bridge;
    },
    stop() {
      stop();
      queue.length = 0;
    },
  };
}

/**
 * Whether a `message` event carries a command the launcher obeys: the native side's own (the page
 * posting to itself, as React Native does, or an event with no source *and* no origin, as a
 * native `evaluateJavascript` or WebMessage gives), or the bridge's peer (`parent`/`opener`) on
 * `target_origin`. A page that opened or framed the launcher may post from a frame it then removes:
 * the event has no source but that page's origin, and is dropped.
 */
export function fromNativeSide(event: Pick<MessageEvent, 'source' | 'origin'>, win: Window, targetOrigin: string | null): boolean {
  const { source, origin } = event;
  if (source === win || (source === null && origin === '')) return true;
  return targetOrigin !== null && origin === targetOrigin && source !== null && (source === win.parent || source === win.opener);
}
