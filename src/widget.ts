/**
 * The facade of DESIGN.md §1: options, state and events of one widget instance. open() decides
 * between the child window (opened here, synchronously, inside the click) and the lightbox; the
 * rest of an open — channel, message relay, the lightbox itself — is code that arrives on demand
 * through `loadSession` (session.ts) and `loadLightbox` (Preact), so payui.js stays small.
 */
import { isMobile, readDeviceEnv } from './core/device';
import { createEmitter, type Emitter } from './core/emitter';
import { PayUIError, type ErrorCode } from './core/errors';
import { EVENT_NAMES, EventTypes, type CloseReason, type EventMap, type PaymentInfo, type PaymentStatus } from './core/events';
import { normalizeOptions, originOf, type NormalizedOptions, type PayUIOptions } from './core/options';
import { closeChildWindow, openChildWindow } from './launchers/child-window';
import type { LightboxParams } from './launchers/lightbox/lightbox';
import type { Launcher } from './launchers/types';

export interface PaymentResult {
  /** The last status the payment UI reported, or null. Not proof of payment. */
  status: PaymentStatus | null;
  paymentInfo: PaymentInfo | null;
  reason: CloseReason;
}

export interface PayUIWidget extends Pick<Emitter<EventMap>, 'on' | 'once' | 'off'> {
  init(options: PayUIOptions): void;
  open(): Promise<PaymentResult>;
  close(): void;
  sendMessage(command: string, data?: object): void;
  onMessage(command: string, handler: (data: Record<string, unknown>) => void): () => void;
  destroy(): void;
  readonly isOpen: boolean;
  readonly eventTypes: typeof EventTypes;
  readonly version: string;
}

export type LightboxModule = { openLightbox(params: LightboxParams): Launcher };
export type SessionModule = { startSession(context: SessionContext): SessionControl };

export interface WidgetDeps {
  /** Loads the code of an open session (`session.ts`): on demand, like the lightbox. */
  loadSession: () => Promise<SessionModule>;
  /** Loads the lightbox code: a dynamic import in the ESM build, a script beside payui.js in the classic one. */
  loadLightbox: () => Promise<LightboxModule>;
  /** The lightbox always fills the screen (the webview launcher). */
  fullScreen?: boolean;
}

/** What the facade hands an open session. */
export interface SessionContext {
  readonly options: NormalizedOptions;
  /** The child window opened inside the click; null: show the lightbox, false: the popup was blocked, show the lightbox. */
  readonly popup: Window | null | false;
  /** What that window posted before the session code arrived. */
  readonly early: readonly MessageEvent[];
  readonly fullScreen: boolean;
  /** The lightbox code, on its way (when there is no window). */
  readonly lightbox: Promise<LightboxModule> | null;
  readonly emit: Emitter<EventMap>['emit'];
  /** To the `onMessage` subscribers of `command`. */
  readonly toSubscribers: (command: string, data: Record<string, unknown>) => void;
  /** Still this widget's current session. */
  readonly live: () => boolean;
  /** The session is over: open() resolves with this. */
  readonly end: (result: PaymentResult) => void;
  /** The session could not show: an `error` event, and open() rejects. */
  readonly fail: (code: ErrorCode, message: string) => void;
}

/** What the facade can ask of a running session. */
export interface SessionControl {
  /** A lightbox or a window is up (not while the lightbox code is still loading). */
  shown(): boolean;
  focus(): void;
  send(command: string, data?: object): void;
  /** Tears down, emits the close events, settles open(); once. */
  finish(reason: CloseReason): void;
}

/** How the webview launcher closes with a reason other than `api` (a native back button is `user`). */
const closers = new WeakMap<PayUIWidget, (reason: CloseReason) => void>();
export function closeWithReason(widget: PayUIWidget, reason: CloseReason): void {
  closers.get(widget)?.(reason);
}

export const VERSION: string = __PAYUI_VERSION__;

/** One open(): from the call until it settles. */
interface Session {
  readonly promise: Promise<PaymentResult>;
  /** Null until the session code has arrived. */
  control: SessionControl | null;
  /** A window is up from the click on; a lightbox once it has mounted. */
  readonly shown: () => boolean;
  readonly finish: (reason: CloseReason) => void;
}

export function createWidget(deps: WidgetDeps, initial?: PayUIOptions): PayUIWidget {
  const { on, once, off, emit } = createEmitter<EventMap>(EVENT_NAMES);
  // `onMessage` subscribers, by command: any command name is accepted.
  const messages = createEmitter<Record<string, Record<string, unknown>>>({ has: () => true });
  let options: NormalizedOptions | null = null;
  let session: Session | null = null;
  let destroyed = false;
  let preloadTimer: ReturnType<typeof setTimeout> | undefined;
  let preconnect: HTMLLinkElement | undefined;

  /** An error event now, and the error for the caller. */
  const fail = (code: ErrorCode, message: string) => {
    emit('error', { code, message });
    return new PayUIError(code, message);
  };
  const hasDom = () => typeof document !== 'undefined';
  const mobile = () => isMobile(readDeviceEnv());
  const checkName = (command: unknown) => {
    if (typeof command !== 'string' || !command) throw new PayUIError('INVALID_OPTION', 'expected a name', 'command');
  };

  function start(opts: NormalizedOptions): Session {
    let popup: Window | null | false = null;
    const onMobile = mobile();
    if (onMobile && !opts.iframeOnly) {
      // Synchronously, inside the click, or the popup blocker steps in.
      popup = openChildWindow(opts.url, opts.childWindow.target) ?? false;
    }
    // What the window says before the session code is here is kept for it (its own checks apply).
    const early: MessageEvent[] = [];
    const keep = (event: MessageEvent) => !current.control && event.source === popup && early.push(event);
    if (popup) addEventListener('message', keep);
    // Both downloads at once; the session handles a failure, if it ever runs.
    const lightbox = popup ? null : deps.loadLightbox();
    lightbox?.catch(() => undefined);

    let settle!: [resolve: (result: PaymentResult) => void, reject: (error: PayUIError) => void];
    const promise = new Promise<PaymentResult>((...both) => (settle = both));
    const live = () => session === current;
    const end = (outcome: PaymentResult | PayUIError) => {
      if (!live()) return;
      session = null;
      removeEventListener('message', keep);
      if (outcome instanceof PayUIError) settle[1](outcome);
      else settle[0](outcome);
    };
    /** Before the session code is here: close the window we opened, and settle. */
    const abandon = (outcome: PaymentResult | PayUIError) => {
      if (popup) closeChildWindow(popup, opts.childWindow.target);
      end(outcome);
    };

    const current: Session = {
      promise,
      control: null,
      shown: () => !!popup || !!current.control?.shown(),
      finish: (reason) => (current.control ? current.control.finish(reason) : abandon({ status: null, paymentInfo: null, reason })),
    };
    session = current;
    deps
      .loadSession()
      .then((module) => {
        if (!live()) return;
        current.control = module.startSession({
          options: opts, popup, early, fullScreen: onMobile || !!deps.fullScreen, lightbox, emit,
          toSubscribers: messages.emit, live, end, fail: (code, message) => end(fail(code, message)),
        });
      })
      // Not here, or could not start: never an open() that stays pending.
      .catch((error: unknown) => live() && abandon(fail('LOAD_TIMEOUT', `code not loaded: ${String(error)}`)));
    return current;
  }

  /**
   * `preload: 'connect'`: in the next task (so init() itself stays well under a millisecond),
   * preconnect to the payment UI; when the page is idle, fetch the session code, and the lightbox code if it will be needed.
   */
  function preload(opts: NormalizedOptions): void {
    clearTimeout(preloadTimer);
    if (opts.preload !== 'connect' || !hasDom()) return;
    preloadTimer = setTimeout(() => {
      preconnect?.remove();
      preconnect = document.createElement('link');
      preconnect.rel = 'preconnect';
      preconnect.href = originOf(opts.url);
      document.head.append(preconnect);
      (window.requestIdleCallback ?? setTimeout)(() => {
        deps.loadSession().catch(() => undefined);
        if (opts.iframeOnly || !mobile()) deps.loadLightbox().catch(() => undefined);
      });
    });
  }

  const widget: PayUIWidget = {
    init(next) {
      if (destroyed) throw new PayUIError('DESTROYED', 'destroyed');
      options = normalizeOptions(next);
      preload(options);
      emit('init', {});
    },

    open() {
      if (session) {
        session.control?.focus();
        return session.promise;
      }
      const refused: [ErrorCode, string] | null = destroyed
        ? ['DESTROYED', 'destroyed']
        : !options
          ? ['NOT_INITIALIZED', 'call init() first']
          : !hasDom() || !document.body
            ? ['UNSUPPORTED_ENVIRONMENT', 'no <body>']
            : null;
      return refused ? Promise.reject(fail(...refused)) : start(options!).promise;
    },

    close() {
      session?.finish('api');
    },

    on,
    once,
    off,

    sendMessage(command, data) {
      checkName(command);
      session?.control?.send(command, data);
    },

    onMessage(command, handler) {
      checkName(command);
      return messages.on(command, handler);
    },

    destroy() {
      if (destroyed) return;
      session?.finish('api');
      destroyed = true;
      clearTimeout(preloadTimer);
      off();
      messages.off();
      preconnect?.remove();
      options = null;
    },

    /** True exactly while a lightbox or a window is shown (not while the lightbox code is still loading). */
    get isOpen() {
      return !!session?.shown();
    },
    eventTypes: EventTypes,
    version: VERSION,
  };

  closers.set(widget, (reason) => session?.finish(reason));
  if (initial !== undefined) widget.init(initial);
  return widget;
}
