/**
 * The script-tag entry (`dist/payui.js`): defines `window.PayUI`, runs the calls queued on the
 * README's stub before it loaded, and opens the widget for every `[data-payui-open]` element.
 * It holds no Preact: the code of an open (`payui-session.js`) and the lightbox (`payui-lightbox.js`)
 * load from beside this script when first needed, or earlier when the page is idle after `init`
 * (`preload: 'connect'`).
 */
import type { PayUIOptions } from './core/options';
import { createWidget, type LightboxModule, type PayUIWidget, type SessionModule } from './widget';

interface Stub {
  q?: [string, ArrayLike<unknown>][];
}

const OPEN_SELECTOR = '[data-payui-open]';

(() => {
  const existing = (window as { PayUI?: PayUIWidget | Stub }).PayUI;
  if (existing && 'version' in existing) return; // Loaded twice: keep the first.

  // Resolved now: document.currentScript exists only while this script runs.
  const base = (document.currentScript as HTMLScriptElement | null)?.src || location.href;
  /** Code beside this script, imported once when first needed; a failed download may be retried by the next open(). */
  const loader = <T>(file: string) => {
    let loading: Promise<T> | undefined;
    return () =>
      (loading ??= (import(/* @vite-ignore */ new URL(file, base).href) as Promise<T>).catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  };
  const widget = createWidget({ loadSession: loader<SessionModule>('payui-session.js'), loadLightbox: loader<LightboxModule>('payui-lightbox.js') });
  let lastOptions: PayUIOptions | null = null;

  /** `[data-payui-open]`, on the element or an ancestor of what was clicked, present or added later. */
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const trigger = target?.closest?.(OPEN_SELECTOR) as HTMLElement | null;
    if (!trigger) return;
    event.preventDefault();
    try {
      // A per-button token (each product its own purchase): `data-access-token`.
      const token = trigger.dataset.accessToken;
      if (token) widget.init({ ...lastOptions, access_token: token, access_data: undefined, payment_url: undefined });
      widget.open().catch(() => undefined); // Reported through the `error` event.
    } catch (error) {
      console.error(error);
    }
  };
  document.addEventListener('click', onClick);

  const PayUI: PayUIWidget = {
    ...widget,
    init(options: PayUIOptions) {
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
