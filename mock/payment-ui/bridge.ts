/**
 * The payment UI's side of DESIGN.md §4. It talks to its parent (iframe) or opener (child
 * window). The first message, `widget-detection`, carries nothing and goes to any origin; the
 * widget's `widget-detected` reply tells us the merchant page's exact origin, and every later
 * message (statuses, payment details) is sent to that origin only. Until the reply comes,
 * messages wait in order.
 */
import { WIDGET_DETECTED, decodeMessage, encodeMessage } from '../../src/core/protocol';

export interface Bridge {
  /** The page that opened or embeds us, if any. */
  readonly embedded: boolean;
  post(command: string, data?: object): void;
  /** What the widget said in `widget-detected`, once it has. */
  onDetected(handler: (data: Record<string, unknown>) => void): void;
}

export function createBridge(win: Window = window): Bridge {
  const peer: Window | null = win.parent !== win ? win.parent : (win.opener as Window | null);
  const queue: string[] = [];
  const detectedHandlers: ((data: Record<string, unknown>) => void)[] = [];
  let origin: string | null = null;

  if (peer) {
    win.addEventListener('message', (event) => {
      if (event.source !== peer || origin !== null) return;
      const message = decodeMessage(event.data);
      if (message?.command !== WIDGET_DETECTED) return;
      origin = event.origin;
      for (const text of queue.splice(0)) peer.postMessage(text, origin);
      detectedHandlers.forEach((handler) => handler(message.data));
    });
    peer.postMessage(encodeMessage('widget-detection'), '*');
  }

  return {
    embedded: peer !== null,
    post(command, data) {
      if (!peer) return;
      const text = encodeMessage(command, data);
      if (origin === null) queue.push(text);
      else peer.postMessage(text, origin);
    },
    onDetected(handler) {
      detectedHandlers.push(handler);
    },
  };
}
