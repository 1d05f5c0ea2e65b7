/**
 * The inline surface (DESIGN.md §11): the payment UI inside the merchant's own page, in the frame
 * the session code already made at the end of the container (frame.ts), as wide as the container
 * and as tall as the payment UI says in `dimensions`. No overlay, no inert page, no scroll lock,
 * no focus move: the frame is one more stop in the page's own tab order. No Preact: a few elements
 * and two constructable stylesheets (a strict CSP allows them). Loaded on demand, like the lightbox.
 */
import type { Dimensions } from '../../core/events';
import type { NormalizedLightbox } from '../../core/options';
import { withLightboxLabels, type CommonLabels } from '../i18n';
import INDICATOR from '../indicator.css?inline';
import { REVEAL_AFTER_LOAD_MS, type Surface, type SurfaceCallbacks } from '../surface';
import type { FrameParts } from '../lightbox/frame';
import { optionSheet, sheet } from '../lightbox/styles';
import INLINE from './inline.css?inline';

export interface InlineParams {
  /** The payment UI's frame in the container, already navigating (or waiting for its address). */
  frame: FrameParts;
  options: NormalizedLightbox;
  /** The session's words; the surface adds the frame's title and the timeout message in the same language. */
  labels: CommonLabels;
  loadTimeout: number;
  callbacks: SurfaceCallbacks;
}

export interface InlineSurface extends Surface {
  setDimensions(dimensions: Dimensions): void;
  /** Shows the player that the payment could not start, with a close button (TOKEN_FAILED). */
  fail(): void;
}

/** The height, in px, until the payment UI reports its own (the indicator's, and a UI that never reports one). */
export const INLINE_HEIGHT = 500;

/**
 * The host in the merchant's container, where the page's own CSS must not move or hide it: in the
 * container's flow and as wide as it, inline and !important (through CSSOM: a strict CSP allows
 * it). Its height is the payment UI's (`setHeight`).
 */
const HOST_STYLES: [string, string][] = [
  ['display', 'block'], ['position', 'relative'], ['inset', 'auto'], ['z-index', 'auto'], ['float', 'none'],
  ['width', 'auto'], ['min-width', '0'], ['max-width', 'none'], ['min-height', '0'], ['max-height', 'none'],
  ['margin', '0'], ['padding', '0'], ['border', '0'], ['box-sizing', 'content-box'], ['overflow', 'hidden'],
  ['opacity', '1'], ['transform', 'none'], ['filter', 'none'], ['clip-path', 'none'], ['pointer-events', 'auto'],
  ['background', 'none'], ['color', 'inherit'], ['visibility', 'visible'],
];

let baseSheet: CSSStyleSheet | undefined;

export function openInline(params: InlineParams): InlineSurface {
  const { options, callbacks, frame: parts } = params;
  const { host, shadow, root, frame } = parts;
  const doc = document;
  const labels = withLightboxLabels(params.labels);
  /** The surface's state: where it is, its timers, what watches the container. */
  const state = {
    phase: 'loading' as 'loading' | 'ready' | 'timeout' | 'failed',
    /** Shows the content 1 s after a load without `dimensions`. */
    revealTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** `loadTimeout`, counted from when the frame has its address. */
    loadTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** What is shown over the frame: the indicator, or a failure with its close button. */
    cover: null as HTMLElement | null,
    destroyed: false,
  };
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: ParentNode) => {
    const element = doc.createElement(tag);
    element.className = className;
    parent.append(element);
    return element;
  };

  baseSheet ??= sheet(INDICATOR + INLINE);
  shadow.adoptedStyleSheets = [baseSheet, optionSheet(options, '0px')];
  frame.title = labels.frame;

  /** The host (the page below moves with it, smoothly) and the frame (at once) take `height` px. */
  const setHeight = (height: number) => {
    host.style.setProperty('height', `${height}px`, 'important');
    frame.style.setProperty('height', `${height}px`);
  };

  /** The root's phase, and what covers the frame in it. */
  function show(phase: typeof state.phase): void {
    state.phase = phase;
    root.className = `root ${phase}`;
    state.cover?.remove();
    state.cover = null;
    if (phase === 'ready') return;
    const cover = (state.cover = make('div', phase === 'loading' ? 'loading' : 'message', parts.slots.status));
    if (phase === 'loading') {
      cover.setAttribute('role', 'status');
      indicator(options, cover, make);
      make('span', 'hidden', cover).textContent = labels.loading;
    } else {
      cover.setAttribute('role', 'alert');
      make('p', '', cover).textContent = phase === 'failed' ? labels.failed : labels.timeout;
      const close = make('button', 'close', cover);
      close.type = 'button';
      close.textContent = labels.close;
      close.addEventListener('click', () => state.destroyed || callbacks.onUserClose());
    }
  }

  /** The payment UI is there: shown, also when it comes after the timeout message. */
  function reveal(dimensions?: Dimensions): void {
    if (state.phase === 'ready') return;
    clearTimeout(state.revealTimer);
    clearTimeout(state.loadTimer);
    show('ready');
    callbacks.onLoad(dimensions);
  }

  function timedOut(): void {
    state.loadTimer = undefined;
    if (state.phase !== 'loading') return;
    show('timeout');
    callbacks.onTimeout();
  }

  // The merchant's page took the container (or the frame) out of the document, e.g. an app's
  // route changed: the payment UI is gone, so the open ends. An element taken out is observed
  // once more, at no size.
  const observer = new ResizeObserver(() => host.isConnected || state.destroyed || callbacks.onGone?.());
  observer.observe(host);

  show('loading');
  setHeight(INLINE_HEIGHT);
  for (const [name, value] of HOST_STYLES) host.style.setProperty(name, value, 'important');

  // What the frame did before this surface was here, and does from now on.
  parts.listen({
    address: () => (state.loadTimer ??= setTimeout(timedOut, params.loadTimeout)),
    load() {
      clearTimeout(state.loadTimer);
      if (state.phase !== 'ready' && state.revealTimer === undefined) state.revealTimer = setTimeout(() => reveal(), REVEAL_AFTER_LOAD_MS);
    },
  });

  return {
    target: frame.contentWindow!,
    fail() {
      if (!state.destroyed && state.phase === 'loading') show('failed');
    },
    setDimensions(dimensions) {
      if (dimensions.height > 0) setHeight(dimensions.height);
      reveal(dimensions);
    },
    // In the page's own flow: nothing to bring to the front, and focus is the player's.
    focus() {},
    destroy() {
      if (state.destroyed) return;
      state.destroyed = true;
      clearTimeout(state.revealTimer);
      clearTimeout(state.loadTimer);
      observer.disconnect();
      // The shared base sheet would otherwise keep a reference to this shadow root.
      shadow.adoptedStyleSheets = [];
      parts.remove();
    },
  };
}

/** The loading indicator `options.spinner` asks for (the lightbox draws the same with Preact: LightboxView.tsx). */
function indicator(
  options: NormalizedLightbox,
  parent: HTMLElement,
  make: <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: ParentNode) => HTMLElementTagNameMap[K],
): void {
  const kind = options.spinner;
  if (kind === 'none') return;
  if (kind === 'custom') {
    const image = make('img', `custom${options.spinnerRotationPeriod > 0 ? ' turning' : ''}`, parent);
    image.alt = '';
    image.src = options.spinnerUrl ?? '';
    image.dataset.spinner = kind;
    return;
  }
  const drawn = make('div', kind === 'round' ? 'ring' : 'dots', parent);
  drawn.dataset.spinner = kind;
  // The default indicator ('xsolla', the service's name for it): three neutral dots.
  if (kind !== 'round') for (let dot = 0; dot < 3; dot++) make('span', '', drawn);
}
