/**
 * The script-tag entry (`dist/payui.js`): defines `window.PayUI`, runs the calls queued on the
 * README's stub before it loaded, and opens the widget for every `[data-payui-open]` element.
 * It holds no Preact: the code of an open (`payui-session.js`) and the lightbox (`payui-lightbox.js`)
 * load from beside this script when first needed, or earlier when the page is idle after `init`
 * (`preload: 'connect'`).
 */
import { normalizeOptions, type PayUIOptions } from './core/options';
import { besideScript } from './loaders';
import { createWidgetHandle, type PayUIWidget } from './widget';

interface Stub {
  q?: [string, ArrayLike<unknown>][];
}

const OPEN_SELECTOR = '[data-payui-open]';

(() => {
  const existing = (window as { PayUI?: PayUIWidget | Stub }).PayUI;
  if (existing && 'version' in existing) return; // Loaded twice: keep the first.

  // Resolved now: document.currentScript exists only while this script runs.
  const handle = createWidgetHandle(besideScript((document.currentScript as HTMLScriptElement | null)?.src || location.href));
  const { widget } = handle;
  /** What PayUI.init was last given successfully: a button's own token is added to these. */
  let lastOptions: PayUIOptions | null = null;

  /** `[data-payui-open]`, on the element or an ancestor of what was clicked, present or added later. */
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const trigger = target?.closest?.(OPEN_SELECTOR) as HTMLElement | null;
    if (!trigger) return;
    event.preventDefault();
    try {
      // A per-button token (each product its own purchase): `data-access-token`.
      // For that open only: a plain button keeps buying what PayUI.init was given.
      const token = trigger.dataset.accessToken;
      handle
        .open(token ? normalizeOptions({ ...lastOptions, access_token: token, access_data: undefined, payment_url: undefined }) : undefined)
        .catch(() => undefined); // Reported through the `error` event.
    } catch (error) {
      console.error(error);
    }
  };
  document.addEventListener('click', onClick);

  const PayUI: PayUIWidget = {
    ...widget,
    init(options: PayUIOptions) {
      lastOptions = null;
      widget.init(options);
      lastOptions = options;
    },
    destroy() {
      document.removeEventListener('click', onClick);
      widget.destroy();
    },
    // The spread copied the value of the getter: define the live one again.
    get isOpen() {
      return widget.isOpen;
    },
  };
  (window as { PayUI?: PayUIWidget }).PayUI = PayUI;

  for (const [method, args] of (existing as Stub | undefined)?.q ?? []) {
    try {
      const result = (PayUI as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...Array.from(args));
      if (result instanceof Promise) result.catch(() => undefined);
    } catch (error) {
      console.error(error);
    }
  }
})();
