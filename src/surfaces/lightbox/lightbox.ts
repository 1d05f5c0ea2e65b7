/**
 * The desktop lightbox (DESIGN.md §7): the payment UI in an iframe inside a shadow root on one
 * host element under <body>, focus kept inside, the page inert and unscrollable behind it. This
 * module and Preact load only when a lightbox opens (or is prefetched).
 */
import { effect, signal } from '@preact/signals-core';
import { createRef, h, render } from 'preact';
import type { Dimensions } from '../../core/events';
import type { NormalizedLightbox } from '../../core/options';
import { withLightboxLabels, type CommonLabels } from '../i18n';
import type { Surface, SurfaceCallbacks } from '../surface';
import { Lightbox, userMayClose, type LightboxState } from './LightboxView';
import { lockPage } from './page-lock';
import { lightboxSheets } from './styles';

export interface LightboxParams {
  /** The payment UI's address; null while a token provider has not answered (see `go`). */
  url: string | null;
  options: NormalizedLightbox;
  /** The session's words; the lightbox adds its own in the same language. */
  labels: CommonLabels;
  loadTimeout: number;
  /** Mobile with `iframeOnly`, the webview launcher, a blocked popup on mobile: no margins. */
  fullScreen: boolean;
  callbacks: SurfaceCallbacks;
}

/** After the iframe's `load`, how long to wait for `dimensions` before showing the content anyway. */
export const REVEAL_AFTER_LOAD_MS = 1000;

/** Host styles the page's own CSS must not override: inline and !important, set through CSSOM. */
function styleHost(host: HTMLElement, zIndex: number): void {
  const rules: [string, string][] = [
    ['display', 'block'], ['position', 'fixed'], ['inset', '0'], ['z-index', String(zIndex)],
    ['width', 'auto'], ['height', 'auto'], ['margin', '0'], ['padding', '0'], ['border', '0'],
    ['opacity', '1'], ['visibility', 'visible'], ['transform', 'none'], ['filter', 'none'],
    ['clip-path', 'none'], ['pointer-events', 'auto'], ['max-width', 'none'], ['max-height', 'none'],
    // What the browser gives a popover by default.
    ['background', 'none'], ['overflow', 'visible'], ['color', 'inherit'],
  ];
  for (const [name, value] of rules) host.style.setProperty(name, value, 'important');
}

/** The lightbox, with what only it can do. */
export interface LightboxSurface extends Surface {
  /** The frame goes to the payment UI (when a token provider has answered). */
  go(url: string): void;
  /** Shows the player that the payment could not start, with a close button (TOKEN_FAILED). */
  fail(): void;
}

export function openLightbox(params: LightboxParams): LightboxSurface {
  const { options, callbacks } = params;
  const doc = document;
  // Where focus goes back to on close: the element that opened us (the buy button, usually).
  const opener = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const host = doc.createElement('div');
  host.setAttribute('data-payui-lightbox', '');
  styleHost(host, options.zIndex);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = lightboxSheets(options, params.fullScreen);
  doc.body.append(host);
  // The top layer, where the browser has one: above every z-index the page may use, so a chat
  // bubble or an ad can never cover the payment. Elsewhere `zIndex` decides.
  if (host.showPopover) {
    host.popover = 'manual';
    host.showPopover();
  }
  const unlockPage = lockPage(host);

  const state: LightboxState = { phase: signal('loading'), dimensions: signal(null), url: signal(params.url) };
  const frameRef = createRef<HTMLIFrameElement>();
  const closeRef = createRef<HTMLButtonElement>();
  const dialogRef = createRef<HTMLDivElement>();
  const endGuardRef = createRef<HTMLSpanElement>();
  /** Focus is passing through the end guard on its way into the payment UI (see onKeyDown). */
  let passing = false;
  let revealTimer: ReturnType<typeof setTimeout> | undefined;
  // The load timeout counts from when the frame has its address.
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  const startLoading = () => (loadTimer = setTimeout(timedOut, params.loadTimeout));
  if (params.url) startLoading();
  let destroyed = false;

  /** The payment UI is there: shown, also when it comes after the timeout message. */
  function reveal(dimensions?: Dimensions): void {
    if (state.phase.peek() === 'ready') return;
    clearTimeout(revealTimer);
    clearTimeout(loadTimer);
    state.phase.value = 'ready';
    callbacks.onLoad(dimensions);
  }

  /** The player is told what went wrong, and the close button takes focus. */
  function problem(phase: 'timeout' | 'failed'): void {
    state.phase.value = phase;
    closeRef.current?.focus();
  }

  function timedOut(): void {
    loadTimer = undefined;
    if (state.phase.peek() !== 'loading') return;
    problem('timeout');
    callbacks.onTimeout();
  }

  function onFrameLoad(): void {
    // The frame's first, empty document while it waits for its address is no load.
    if (!state.url.peek()) return;
    clearTimeout(loadTimer);
    if (state.phase.peek() !== 'ready' && revealTimer === undefined) revealTimer = setTimeout(() => reveal(), REVEAL_AFTER_LOAD_MS);
  }

  /**
   * Focus reached a guard: Tab out of the end of the payment UI (the end guard), or in from the
   * browser's own controls (either guard). It goes to the close button, the first control of the
   * dialog; without one, to the frame. Where it came from is not asked: Firefox gives no
   * `relatedTarget` when focus leaves a cross-origin frame.
   */
  function onGuardFocus(): void {
    if (!passing) (closeRef.current ?? frameRef.current)?.focus();
  }

  const requestClose = () => {
    if (!destroyed) callbacks.onUserClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Shift+Tab on the close button: focus moves to the end guard first, so the browser's own
    // step backwards lands on the payment UI's last control (a script cannot focus inside a
    // cross-origin frame), with no stop on the frame element itself.
    // (`code`: WebKitGTK under automation reports a Tab's `key` as 'Unidentified'.)
    if ((event.key === 'Tab' || event.code === 'Tab') && event.shiftKey && closeRef.current && shadow.activeElement === closeRef.current) {
      passing = true;
      endGuardRef.current?.focus();
      passing = false;
      return;
    }
    // Esc anywhere in the host page (inside the iframe the payment UI handles its own keys).
    if (event.key !== 'Escape' || !options.closeByKeyboard || !userMayClose(options, state.phase.peek())) return;
    event.preventDefault();
    requestClose();
  };
  doc.addEventListener('keydown', onKeyDown, true);

  // The component reads the signals while it renders, so this effect renders again, synchronously,
  // whenever one of them changes (signals-core alone: no preact/hooks in this bundle).
  const props = {
    options, labels: withLightboxLabels(params.labels), fullScreen: params.fullScreen, state,
    frameRef, closeRef, dialogRef, endGuardRef, onCloseRequest: requestClose, onFrameLoad, onGuardFocus,
  };
  const stopRendering = effect(() => render(h(Lightbox, props), shadow));

  // The page behind is inert, so focus can only be in here or in the browser's own controls; the
  // guards keep Tab going round. Moving focus forces a layout of the whole page: in the next frame
  // it does not lengthen the task that opens the lightbox (measured: 15–60 ms off it in Chromium).
  const activation = requestAnimationFrame(() => (closeRef.current ?? dialogRef.current)?.focus());

  return {
    target: frameRef.current!.contentWindow!,
    go(url) {
      if (destroyed || state.url.peek()) return;
      state.url.value = url;
      startLoading();
    },
    fail() {
      if (!destroyed && state.phase.peek() === 'loading') problem('failed');
    },
    setDimensions(dimensions) {
      state.dimensions.value = dimensions;
      reveal(dimensions);
    },
    focus() {
      (closeRef.current ?? dialogRef.current)?.focus();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      cancelAnimationFrame(activation);
      clearTimeout(revealTimer);
      clearTimeout(loadTimer);
      doc.removeEventListener('keydown', onKeyDown, true);
      stopRendering();
      render(null, shadow);
      // The shared base sheet would otherwise keep a reference to this shadow root.
      shadow.adoptedStyleSheets = [];
      host.remove();
      // The page must be focusable again before focus can go back to the opener.
      unlockPage();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    },
  };
}
