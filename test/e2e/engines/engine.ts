/**
 * One way of driving a browser, whatever the engine: the journeys (../journeys.spec.ts) are written
 * once against this and run in Chromium and Firefox (Playwright) and in WebKit (WebKitWebDriver
 * driving WebKitGTK's MiniBrowser). Everything a journey needs and no more: pages are read with
 * scripts, and the player's own input (clicks, keys) goes through the engine's real input path.
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface Engine {
  readonly name: EngineName;
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page and returns what it returns (JSON-serialisable). */
  run<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** A real click at a point of the viewport (CSS pixels). */
  clickAt(x: number, y: number): Promise<void>;
  /** A real click on the page's element `css`, or the lightbox's when `css` starts with `lightbox `. */
  click(css: string): Promise<void>;
  /** The real pointer moved onto the page's element `css` (its centre), as a player points at it. */
  hover(css: string): Promise<void>;
  /**
   * A real click on the payment UI's button whose text starts with `text`, or its label (a choice)
   * of exactly that text: in the child window when the page opened one, else in the lightbox.
   */
  clickInPaymentUi(text: string, kind?: 'button' | 'label'): Promise<void>;
  /** The addresses of the windows the page opened that are still open (the child window, on a phone). */
  childWindows(): Promise<string[]>;
  /** The player closes the child window (as with its own close control). */
  closeChildWindow(): Promise<void>;
  /** What has focus inside the payment UI frame (its text or tag), or '' when nothing there has it. */
  focusInPaymentUi(): Promise<string>;
  press(key: 'Tab' | 'Shift+Tab' | 'Escape'): Promise<void>;
  close(): Promise<void>;
}

/** The centre of an element, found in the page or in the lightbox's shadow root (`lightbox .close`). */
export function centreOf(css: string): { x: number; y: number } | null {
  const inLightbox = css.startsWith('lightbox ');
  const root: ParentNode | null | undefined = inLightbox ? document.querySelector('[data-payui-lightbox]')?.shadowRoot : document;
  const element = root?.querySelector(inLightbox ? css.slice('lightbox '.length) : css);
  if (!element) return null;
  element.scrollIntoView({ block: 'nearest' });
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** In the page: where focus is around the lightbox — `close`, `guard`, `iframe`, `host`, `page:<id>` or `other:<tag>`. */
export function lightboxFocus(): string {
  const active = document.activeElement;
  if (!active?.hasAttribute('data-payui-lightbox')) return `page:${active?.id || active?.tagName}`;
  const inner = active.shadowRoot!.activeElement;
  if (!inner) return 'host';
  if (inner.matches('button.close')) return 'close';
  if (inner.matches('[data-part="focus-guard"]')) return 'guard';
  return inner.tagName === 'IFRAME' ? 'iframe' : `other:${inner.tagName}`;
}

/** In the payment UI frame: what has focus. */
export function focusedHere(): string {
  const active = document.activeElement;
  if (!document.hasFocus() || !active || active === document.body) return '';
  return (active.getAttribute('aria-label') || active.textContent || active.tagName).trim().slice(0, 40);
}
