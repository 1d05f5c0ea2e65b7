/**
 * The lightbox's frame, made in the task of open() (or of the token): the payment UI's iframe and
 * every element above it, which must never move (a moved iframe reloads) — the host under <body>,
 * its shadow root, the root, the viewport and the dialog. No Preact: this is session code, so the
 * payment UI's request starts before any of the lightbox's work. The host stays hidden until the
 * lightbox (lightbox.ts) has adopted its styles and rendered its chrome into the slots around the
 * frame, after the next paint.
 * mount() gets the same frame in the merchant's container instead (an in-flow host of no height
 * and no dialog role until the inline surface, surfaces/inline/inline.ts, dresses it).
 */
import type { NormalizedLightbox } from '../../core/options';

/** What the lightbox hears from the frame; told at once what has already happened. */
export interface FrameListener {
  /** The frame has its address (it is navigating to the payment UI). */
  address(): void;
  /** The frame loaded a document of the payment UI. */
  load(): void;
}

export interface FrameParts {
  readonly host: HTMLElement;
  readonly shadow: ShadowRoot;
  readonly root: HTMLElement;
  readonly dialog: HTMLElement;
  readonly frame: HTMLIFrameElement;
  /**
   * Where the lightbox renders its chrome (each a `display: contents` element): the overlay before
   * the viewport; the dialog's start (focus guard, close button) and end (focus guard) around the
   * frame; the status (indicator, message) after the viewport.
   */
  readonly slots: { readonly overlay: HTMLElement; readonly start: HTMLElement; readonly end: HTMLElement; readonly status: HTMLElement };
  /** Gives the frame its address, once (a token provider answered); later calls do nothing. */
  go(url: string): void;
  /** The lightbox listens from now on (one listener). */
  listen(listener: FrameListener): void;
  /** Removes the host and everything in it. Idempotent. */
  remove(): void;
}

/** Host styles the page's own CSS must not override: inline and !important, set through CSSOM (a strict CSP allows it). */
export function styleHost(host: HTMLElement, zIndex: number): void {
  const rules: [string, string][] = [
    ['display', 'block'], ['position', 'fixed'], ['inset', '0'], ['z-index', String(zIndex)],
    ['width', 'auto'], ['height', 'auto'], ['margin', '0'], ['padding', '0'], ['border', '0'],
    ['opacity', '1'], ['transform', 'none'], ['filter', 'none'],
    ['clip-path', 'none'], ['pointer-events', 'auto'], ['max-width', 'none'], ['max-height', 'none'],
    // What the browser gives a popover by default.
    ['background', 'none'], ['overflow', 'visible'], ['color', 'inherit'],
    // Until the lightbox shows it (see showHost).
    ['visibility', 'hidden'],
  ];
  for (const [name, value] of rules) host.style.setProperty(name, value, 'important');
}

/** The lightbox is built around the frame: the host shows. */
export const showHost = (host: HTMLElement) => host.style.setProperty('visibility', 'visible', 'important');

/**
 * The frame, navigating to `url` at once (null: when `go` gives it its address), in a hidden host
 * under <body>, or at the end of `container` (mount()).
 */
export function createFrame(options: NormalizedLightbox, url: string | null, container?: Element): FrameParts {
  const doc = document;
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: ParentNode) => {
    const element = doc.createElement(tag);
    element.className = className;
    parent.append(element);
    return element;
  };
  /** The frame's state: its address once it has one, whether it has loaded, who listens. */
  const state: { url: string | null; loaded: boolean; listener: FrameListener | null } = { url: null, loaded: false, listener: null };

  const host = doc.createElement('div');
  host.setAttribute(container ? 'data-payui-inline' : 'data-payui-lightbox', '');
  // Inline: no room taken and nothing shown until the inline surface styles it (inline.ts).
  const hidden: [string, string][] = [['height', '0'], ['overflow', 'hidden'], ['visibility', 'hidden']];
  if (container) for (const [name, value] of hidden) host.style.setProperty(name, value, 'important');
  else styleHost(host, options.zIndex);
  const shadow = host.attachShadow({ mode: 'open' });
  const root = make('div', 'root loading', shadow);
  const overlay = make('span', 'slot', root);
  const viewport = make('div', 'viewport', root);
  const dialog = make('div', 'dialog', viewport);
  if (!container) {
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.tabIndex = -1;
  }
  const start = make('span', 'slot', dialog);
  const frame = make('iframe', 'frame', dialog);
  const end = make('span', 'slot', dialog);
  const status = make('span', 'slot', root);
  // Permissions apply from the next navigation: set before the address.
  frame.allow = options.allow;
  frame.tabIndex = 0;
  frame.addEventListener('load', () => {
    // The frame's first, empty document while it waits for its address is no load.
    if (!state.url) return;
    state.loaded = true;
    state.listener?.load();
  });

  const go = (next: string) => {
    if (state.url) return;
    state.url = next;
    frame.src = next;
    state.listener?.address();
  };
  if (url) go(url);
  (container ?? doc.body).append(host);

  return {
    host, shadow, root, dialog, frame, slots: { overlay, start, end, status }, go,
    listen(listener) {
      state.listener = listener;
      if (state.url) listener.address();
      if (state.loaded) listener.load();
    },
    remove() {
      state.listener = null;
      host.remove();
    },
  };
}
