/**
 * The contract between the facade (`widget.ts`, in payui.js) and the code of an open
 * (`session.ts`, payui-session.js, loaded on demand). One `Session` object holds the whole state
 * of one open(); the facade owns its lifecycle and ends it through one function (`end`), which
 * the session code calls too. Types only: nothing here adds a byte to a build.
 */
import type { ErrorCode } from '../core/errors';
import type { CloseReason, Dimensions, EventMap, PaymentInfo, PaymentStatus } from '../core/events';
import type { NormalizedLightbox, NormalizedOptions } from '../core/options';
import type { InlineParams, InlineSurface } from '../surfaces/inline/inline';
import type { LightboxParams, LightboxSurface } from '../surfaces/lightbox/lightbox';
import type { Surface } from '../surfaces/surface';
import type { FrameParts } from '../surfaces/lightbox/frame';

export type Mode = 'lightbox' | 'window' | 'inline';

/** An end that is a failure: the `error` event, and open() rejects with a PayUIError of this code. */
export type Failure = [code: ErrorCode, message: string, path?: string];

/**
 * One open(), from the call until it has ended:
 * `loading` (the code or the lightbox is on its way) → `shown` (a window or a lightbox is up,
 * `open` has been emitted) → `ended` (detached from the widget, torn down, settled).
 * A session may go from `loading` straight to `ended` (closed early, or it failed).
 */
export interface Session {
  phase: 'loading' | 'shown' | 'ended';
  /** How it is shown; set with `phase: 'shown'` by `show` (for a window by the facade, in the click; for a lightbox or inline by the session code). */
  mode?: Mode;
  /** The last `paymentInfo` the payment UI sent, and its status when it is one of the four. */
  paymentInfo?: PaymentInfo;
  status?: PaymentStatus;
  /** The options it started with (a later init() is for the next open). */
  readonly options: NormalizedOptions;
  /**
   * The child window opened inside the click (on the widget's loading page while a token provider
   * answers); null: the lightbox; false: the popup was blocked (the lightbox).
   */
  readonly popup: Window | null | false;
  /**
   * mount(): what it was given, an element or a selector, found and checked by the session code
   * (an element in the page, or `INVALID_OPTION` at `container`); absent for open().
   */
  readonly mount?: [container: unknown];
  /** What the token provider answered (not yet checked), when `access_token` is a provider; asked at open(). */
  readonly token?: Promise<unknown>;
  /** The payment UI prepared for this open (DESIGN.md §15), handed over by the facade: its frame is shown, not made. */
  readonly prepared?: PreparedUI;
  /** When open() was called (ms since the epoch): `tokenTimeout` counts from here. */
  readonly at: number;
  /** The click's feedback (surfaces/pending.ts), removed once what it stood for is shown (and at the end). */
  pending?: HTMLElement;
  /** What that window posted before the session code arrived, kept for the channel to check and replay. */
  readonly early: MessageEvent[];
  /** Everything the session added, undone in reverse order when it ends. */
  readonly teardown: (() => void)[];
  /** The running session code, once it has started. */
  control?: SessionControl;
  /**
   * The one way it is shown, called once while `loading`: `phase` becomes `shown`, `mode` is set
   * and `open` + `open-<mode>` are emitted. Nothing else writes those two.
   */
  readonly show: (mode: Mode) => void;
  /** The one way it ends (see `start` in widget.ts); the first call counts. */
  readonly end: (outcome: CloseReason | Failure) => void;
  readonly promise: Promise<PaymentResult>;
}

/** What the facade gives the session code. */
export interface SessionContext {
  readonly session: Session;
  /** The lightbox is always full screen (a phone with iframeOnly, a blocked popup on a phone, the webview launcher). */
  readonly fullScreen: boolean | undefined;
  /** The code of the surface on its way: the lightbox's (no window), or the inline surface's (`mount`). */
  readonly surface: Promise<LightboxModule | InlineModule> | null;
  /** Emits events as one group: handlers that call back into the widget see the group complete first. */
  readonly emit: Emit;
  /** To the `onMessage` subscribers of a command. */
  readonly toSubscribers: (command: string, data: Record<string, unknown>) => void;
}

/** What the facade may ask of running session code. */
export interface SessionControl {
  focus(): void;
  send(command: string, data?: object): void;
}

export type Emit = (...events: { [K in keyof EventMap]: [K, EventMap[K]] }[keyof EventMap][]) => void;

export interface PaymentResult {
  /** The last status the payment UI reported, or null. Not proof of payment. */
  status: PaymentStatus | null;
  paymentInfo: PaymentInfo | null;
  reason: CloseReason;
}

export interface SessionModule {
  startSession(context: SessionContext): SessionControl;
  /**
   * Warms the next open (`preload: 'connect'`): a `<link rel="preconnect">` to the payment UI's
   * origin, added to the page, and the lightbox code fetched when `loadLightbox` is given.
   */
  warm(url: string, loadLightbox: (() => Promise<unknown>) | false): HTMLLinkElement;
  /**
   * Prepares the next open (DESIGN.md §15): asks for a token (`{ trigger, preload: true }`), loads
   * the lightbox code and the payment UI in a hidden frame inside the closed lightbox. Silent:
   * whatever fails drops it and the next open works as without it.
   */
  prepare(context: PrepareContext): PreparedUI;
}

export interface PrepareContext {
  readonly options: NormalizedOptions;
  /** The `data-payui-open` element the player showed intent on, or null (idle, `prepare()`). */
  readonly trigger: Element | null;
  /** The open will be full screen (a phone with `iframeOnly`, the webview launcher): the hidden frame is laid out at that size. */
  readonly fullScreen: boolean | undefined;
  readonly loadLightbox: () => Promise<LightboxModule>;
  /** After `preloadTtl`, once it has dropped itself with `preload: 'ui'`: prepares anew for the same trigger. */
  readonly again: () => void;
}

/** A payment UI prepared and hidden, at most one per widget; the facade holds it until an open takes it. */
export interface PreparedUI {
  /** Settles (never rejects) once its payment UI has loaded, or it was declined or dropped. */
  readonly loaded: Promise<void>;
  /**
   * An open for `trigger` with these options may show it: the same purchase, not dropped, its frame
   * navigating (`loading`: or its token still on its way, for a prepare() that can wait for it), within `preloadTtl`.
   */
  fits(trigger: Element | null, options: NormalizedOptions, loading?: true): boolean;
  /** Removes its frame, its listeners and timers. Idempotent; nothing once an open has taken it. */
  drop(): void;
  /**
   * An open takes it (after `fits`): the frame is no longer hidden and no longer its own; what the
   * payment UI posted while hidden is handed over (for the channel to check and replay), with
   * the lightbox code, already here.
   */
  take(): { frame: FrameParts; early: MessageEvent[]; lightbox: LightboxModule; answered: boolean };
}
export type LightboxModule = {
  openLightbox(params: LightboxParams): LightboxSurface;
  /** Styles and sizes a frame prepared hidden as it will be shown (absent: it lays out at the open). */
  sizeHidden?(frame: FrameParts, options: NormalizedLightbox, dimensions: Dimensions | null, fullScreen: boolean): void;
};
export type InlineModule = { openInline(params: InlineParams): InlineSurface };

/** Where the on-demand code comes from (one implementation per delivery in src/loaders/). */
export interface Loaders {
  loadSession: () => Promise<SessionModule>;
  loadLightbox: () => Promise<LightboxModule>;
  loadInline: () => Promise<InlineModule>;
}
