import { PayUIError } from './errors';
import { decodeMessage, encodeMessage, isKnownCommand, toUiMessage, type DecodedMessage, type UiMessage } from './protocol';

/** The part of a window the channel listens on (the merchant page's own window). */
export interface MessageHost {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The part of a window the channel talks to (the payment UI's iframe window or popup). */
export interface MessageTarget {
  postMessage(message: string, targetOrigin: string): void;
}

export interface ChannelOptions {
  /** The payment UI's window: messages from any other source are dropped. */
  target: MessageTarget;
  /** Any address on the payment UI's origin; only that exact origin is accepted and sent to. */
  url: string;
  onMessage: (message: UiMessage) => void;
  /** Well-formed messages with a command outside the protocol (for `onMessage` subscribers). */
  onOther?: (message: DecodedMessage) => void;
  /** Where to listen; the current window by default. */
  host?: MessageHost;
  /** Messages that arrived before the channel existed: checked like any other and delivered first, in order. */
  backlog?: readonly MessageEvent[];
}

export interface Channel {
  send(command: string, data?: object): void;
  destroy(): void;
}

/**
 * A two-way link to one payment UI window. Incoming messages count only when
 * `event.origin` is exactly the payment UI origin and `event.source` is exactly `target`;
 * outgoing ones are posted to that origin, never `'*'`.
 */
export function createChannel({ target, url, onMessage, onOther, host = globalThis as unknown as MessageHost, backlog = [] }: ChannelOptions): Channel {
  if (typeof host?.addEventListener !== 'function') {
    throw new PayUIError('UNSUPPORTED_ENVIRONMENT', 'no window');
  }
  // An http(s) address (normalizeOptions), so a real origin, never the opaque 'null'.
  const origin = new URL(url).origin;
  let live = true;

  const listener = (event: MessageEvent) => {
    if (!live || event.origin !== origin || event.source !== (target as unknown)) return;
    const decoded = decodeMessage(event.data);
    if (!decoded) return;
    const message = toUiMessage(decoded);
    try {
      if (message) onMessage(message);
      else if (onOther && !isKnownCommand(decoded.command)) onOther(decoded);
    } catch (error) {
      console.error(error);
    }
  };
  host.addEventListener('message', listener);
  // Before any later message (a task), but after the caller has the channel in hand.
  queueMicrotask(() => backlog.forEach(listener));

  return {
    send(command, data) {
      if (!live) return;
      try {
        target.postMessage(encodeMessage(command, data), origin);
      } catch {
        // The window is gone or uncloneable data: nothing to deliver to.
      }
    },
    destroy() {
      if (!live) return;
      live = false;
      host.removeEventListener('message', listener);
    },
  };
}
