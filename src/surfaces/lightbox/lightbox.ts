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
import { REVEAL_AFTER_LOAD_MS, type Surface, type SurfaceCallbacks } from '../surface';
import { Lightbox, dress, frameSize, userMayClose, type LightboxState } from './LightboxView';
import { lockPage } from './page-lock';
import { showHost, type FrameParts } from './frame';
import { lightboxSheets } from './styles';

/**
 * A frame prepared hidden (session/prepare.ts): the lightbox's styles, and the size it will be
 * shown at as the payment UI's `dimensions` say (at each one), or the whole screen where the open
 * will be full screen (`fullScreen`: a phone with `iframeOnly`, the webview launcher), so the payment UI lays out at that
 * size while hidden and the open shows it without laying it out again (it was 304 × 154, the
 * default of an iframe, and WebKit spent 50-100 ms of the open's task laying it out anew).
 */
export function sizeHidden(parts: FrameParts, options: NormalizedLightbox, dimensions: Dimensions | null, fullScreen: boolean): void {
  if (!parts.shadow.adoptedStyleSheets.length) parts.shadow.adoptedStyleSheets = lightboxSheets(options, fullScreen);
  const size = frameSize(options, dimensions, fullScreen);
  parts.dialog.style.setProperty('width', size.width);
  parts.dialog.style.setProperty('height', size.height);
}

export interface LightboxParams {
  /** The payment UI's frame, already navigating (or waiting for its address), and the elements above it (frame.ts). */
  frame: FrameParts;
  options: NormalizedLightbox;
  /** The session's words; the lightbox adds its own in the same language. */
  labels: CommonLabels;
  loadTimeout: number;
  /** Mobile with `iframeOnly`, the webview launcher, a blocked popup on mobile: no margins. */
  fullScreen: boolean;
  callbacks: SurfaceCallbacks;
}

export { REVEAL_AFTER_LOAD_MS };

/** The lightbox, with what only it can do. */
export interface LightboxSurface extends Surface {
  setDimensions(dimensions: Dimensions): void;
  /** Shows the player that the payment could not start, with a close button (TOKEN_FAILED). */
  fail(): void;
}

/**
 * Builds the lightbox around its frame (already in the page, hidden: frame.ts) without moving it:
 * styles, the top layer, the inert and unscrolled page, and the chrome Preact renders into the
 * frame's slots. The frame is never re-parented, so it never reloads.
 */
export function openLightbox(params: LightboxParams): LightboxSurface {
  const { options, callbacks, frame: parts } = params;
  const { host, shadow, frame } = parts;
  const doc = document;
  // Where focus goes back to on close: the element that opened us (the buy button, usually).
  const opener = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  shadow.adoptedStyleSheets = lightboxSheets(options, params.fullScreen);
  showHost(host);
  // The top layer, where the browser has one: above every z-index the page may use, so a chat
  // bubble or an ad can never cover the payment. Elsewhere `zIndex` decides.
  if (host.showPopover) {
    host.popover = 'manual';
    host.showPopover();
  }
  const unlockPage = lockPage(host);

  const view: LightboxState = { phase: signal('loading'), dimensions: signal(null) };
  const closeRef = createRef<HTMLButtonElement>();
  const endGuardRef = createRef<HTMLSpanElement>();
  /** The lightbox's own state, besides what the chrome shows (`view`). */
  const state = {
    /** Focus is passing through the end guard on its way into the payment UI (see onKeyDown). */
    passing: false,
    /** Shows the content 1 s after a load without `dimensions`. */
    revealTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** `loadTimeout`, counted from when the frame has its address. */
    loadTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** The first render's focus move, in the next frame. */
    activation: 0,
    destroyed: false,
  };

  /** The payment UI is there: shown, also when it comes after the timeout message. */
  function reveal(dimensions?: Dimensions): void {
    if (view.phase.peek() === 'ready') return;
    clearTimeout(state.revealTimer);
    clearTimeout(state.loadTimer);
    view.phase.value = 'ready';
    callbacks.onLoad(dimensions);
  }

  /** The player is told what went wrong, and the close button takes focus. */
  function problem(phase: 'timeout' | 'failed'): void {
    view.phase.value = phase;
    closeRef.current?.focus();
  }

  function timedOut(): void {
    state.loadTimer = undefined;
    if (view.phase.peek() !== 'loading') return;
    problem('timeout');
    callbacks.onTimeout();
  }

  /**
   * Focus reached a guard: Tab out of the end of the payment UI (the end guard), or in from the
   * browser's own controls (either guard). It goes to the close button, the first control of the
   * dialog; without one, to the frame. Where it came from is not asked: Firefox gives no
   * `relatedTarget` when focus leaves a cross-origin frame.
   */
  function onGuardFocus(): void {
    if (!state.passing) (closeRef.current ?? frame).focus();
  }

  const requestClose = () => {
    if (!state.destroyed) callbacks.onUserClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Shift+Tab on the close button: focus moves to the end guard first, so the browser's own
    // step backwards lands on the payment UI's last control (a script cannot focus inside a
    // cross-origin frame), with no stop on the frame element itself.
    // (`code`: WebKitGTK under automation reports a Tab's `key` as 'Unidentified'.)
    if ((event.key === 'Tab' || event.code === 'Tab') && event.shiftKey && closeRef.current && shadow.activeElement === closeRef.current) {
      state.passing = true;
      endGuardRef.current?.focus();
      state.passing = false;
      return;
    }
    // Esc anywhere in the host page (inside the iframe the payment UI handles its own keys).
    if (event.key !== 'Escape' || !options.closeByKeyboard || !userMayClose(options, view.phase.peek())) return;
    event.preventDefault();
    requestClose();
  };
  doc.addEventListener('keydown', onKeyDown, true);

  // The component reads the signals while it renders, so this effect renders again, synchronously,
  // whenever one of them changes (signals-core alone: no preact/hooks in this bundle).
  const props = {
    options, labels: withLightboxLabels(params.labels), fullScreen: params.fullScreen, state: view, parts,
    closeRef, endGuardRef, onCloseRequest: requestClose, onGuardFocus,
  };
  const stopRendering = effect(() => {
    dress(props);
    render(h(Lightbox, props), parts.slots.status);
  });

  // What the frame did before the lightbox was here, and does from now on.
  parts.listen({
    address: () => (state.loadTimer ??= setTimeout(timedOut, params.loadTimeout)),
    load() {
      clearTimeout(state.loadTimer);
      if (view.phase.peek() !== 'ready' && state.revealTimer === undefined) state.revealTimer = setTimeout(() => reveal(), REVEAL_AFTER_LOAD_MS);
    },
  });

  // The page behind is inert, so focus can only be in here or in the browser's own controls; the
  // guards keep Tab going round. Moving focus forces a layout of the whole page: in the next frame
  // it does not lengthen the task that opens the lightbox (measured: 15–60 ms off it in Chromium).
  state.activation = requestAnimationFrame(() => (closeRef.current ?? parts.dialog).focus());

  return {
    target: frame.contentWindow!,
    fail() {
      if (!state.destroyed && view.phase.peek() === 'loading') problem('failed');
    },
    setDimensions(dimensions) {
      view.dimensions.value = dimensions;
      reveal(dimensions);
    },
    focus() {
      (closeRef.current ?? parts.dialog).focus();
    },
    destroy() {
      if (state.destroyed) return;
      state.destroyed = true;
      cancelAnimationFrame(state.activation);
      clearTimeout(state.revealTimer);
      clearTimeout(state.loadTimer);
      doc.removeEventListener('keydown', onKeyDown, true);
      stopRendering();
      render(null, parts.slots.status);
      // The shared base sheet would otherwise keep a reference to this shadow root.
      shadow.adoptedStyleSheets = [];
      parts.remove();
      // The page must be focusable again before focus can go back to the opener.
      unlockPage();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    },
  };
}
