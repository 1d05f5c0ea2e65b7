/**
 * The script-tag entry (`dist/payui.js`): defines `window.PayUI`, runs the calls queued on the
 * README's stub before it loaded, and opens the widget for every `[data-payui-open]` element.
 * It holds no Preact: the code of an open (`payui-session.js`) and the lightbox (`payui-lightbox.js`)
 * load from beside this script when first needed, or earlier when the page is idle after `init`
 * (`preload: 'connect'`).
 */
import { besideScript } from './loaders/beside-script';
import { createWidgetHandle, type PayUIWidget } from './widget';

interface Stub {
  q?: [string, Iterable<unknown>][];
}

const OPEN_SELECTOR = '[data-payui-open]';

(() => {
  const existing = (window as { PayUI?: PayUIWidget | Stub }).PayUI;
  if ((existing as PayUIWidget | undefined)?.version) return; // Loaded twice: keep the first.

  // Resolved now: document.currentScript exists only while this script runs.
  const handle = createWidgetHandle(besideScript((document.currentScript as HTMLScriptElement | null)?.src || location.href));
  const { widget } = handle;

  /** `[data-payui-open]`, on the element or an ancestor of what was clicked, present or added later. */
  const triggerOf = (event: Event) => (event.target as Element | null)?.closest?.(OPEN_SELECTOR) as HTMLElement | null | undefined;
  const onClick = (event: MouseEvent) => {
    const trigger = triggerOf(event);
    if (!trigger) return;
    event.preventDefault();
    // A per-button token (each product its own purchase): `data-access-token`, for that open
    // only: a plain button keeps buying what PayUI.init was given. A token provider is told which
    // button it was (`trigger.dataset.sku`). Any refusal is reported through the `error` event.
    handle.open(trigger.dataset.accessToken, trigger).catch(() => undefined);
  };
  /**
   * Intent on a `[data-payui-open]` button (the pointer over it, focus, a touch): with
   * `preload: 'ui'`, its payment UI is prepared before the click (DESIGN.md §15).
   */
  const onIntent = (event: Event) => {
    const trigger = triggerOf(event);
    if (trigger) handle.intent(trigger.dataset.accessToken, trigger);
  };
  const INTENT = ['pointerover', 'focusin', 'touchstart'];
  document.addEventListener('click', onClick);
  // (Passive by default on the document: a touch is never delayed.)
  for (const type of INTENT) document.addEventListener(type, onIntent);

  // The widget's own methods and its live isOpen, with a destroy() that also stops the delegation.
  const PayUI: PayUIWidget = Object.create(widget, {
    destroy: {
      value() {
        document.removeEventListener('click', onClick);
        for (const type of INTENT) document.removeEventListener(type, onIntent);
        widget.destroy();
      },
    },
  });
  (window as { PayUI?: PayUIWidget }).PayUI = PayUI;

  for (const [method, args] of (existing as Stub | undefined)?.q ?? []) {
    try {
      // open() rejects through the `error` event too: not an unhandled rejection.
      ((PayUI as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args) as Promise<unknown> | undefined)?.catch?.(() => undefined);
    } catch (error) {
      console.error(error);
    }
  }
})();
