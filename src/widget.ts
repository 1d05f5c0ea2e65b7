/**
 * The facade of DESIGN.md §1: options, state and events of one widget instance. It picks how
 * to show the payment UI (lightbox or child window), wires the channel to it, and turns the
 * UI's messages into events. Framework-free: the lightbox (Preact) arrives through `loadLightbox`.
 */
import { createChannel, type Channel } from './core/channel';
import { isMobile, readDeviceEnv } from './core/device';
import { createEmitter, type Emitter } from './core/emitter';
import { PayUIError, type ErrorCode } from './core/errors';
import {
  EVENT_NAMES, EventTypes, isPaymentStatus,
  type CloseReason, type EventMap, type PaymentInfo, type PaymentStatus,
} from './core/events';
import { normalizeOptions, originOf, type NormalizedOptions, type PayUIOptions } from './core/options';
import { WIDGET_DETECTED, type UiMessage } from './core/protocol';
import { openChildWindow } from './launchers/child-window';
import type { LightboxParams } from './launchers/lightbox/lightbox';
import type { Launcher, LauncherCallbacks } from './launchers/types';

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

export interface WidgetDeps {
  /** Loads the lightbox code: a dynamic import in the ESM build, a script beside payui.js in the classic one. */
  loadLightbox: () => Promise<LightboxModule>;
  /** The lightbox always fills the screen (the webview launcher). */
  fullScreen?: boolean;
}

/** How the webview launcher closes with a reason other than `api` (a native back button is `user`). */
const closers = new WeakMap<PayUIWidget, (reason: CloseReason) => void>();
export function closeWithReason(widget: PayUIWidget, reason: CloseReason): void {
  closers.get(widget)?.(reason);
}

export const VERSION: string = __PAYUI_VERSION__;
const LIGHTBOX_HOST = '[data-payui-lightbox]';

/** One open(): from the call until it settles. */
interface Session {
  readonly promise: Promise<PaymentResult>;
  /** Shown: a lightbox or a window is up (not while the lightbox code is still loading). */
  readonly shown: () => boolean;
  readonly focus: () => void;
  readonly send: (command: string, data?: object) => void;
  /** Tears down, emits the close events, settles the promise; once. */
  readonly finish: (reason: CloseReason) => void;
}

export function createWidget(deps: WidgetDeps, initial?: PayUIOptions): PayUIWidget {
  const { on, once, off, emit } = createEmitter<EventMap>(EVENT_NAMES);
  const subscribers = new Map<string, Set<(data: Record<string, unknown>) => void>>();
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
    let launcher: Launcher | null = null;
    let channel: Channel | null = null;
    let paymentInfo: PaymentInfo | null = null;
    let loaded = false;
    let settle!: [resolve: (result: PaymentResult) => void, reject: (error: PayUIError) => void];
    const promise = new Promise<PaymentResult>((...both) => (settle = both));
    const live = () => session === current;

    const load = (data: EventMap['load']) => {
      if (live() && !loaded) {
        loaded = true;
        emit('load', data);
      }
    };

    /** `onMessage` subscribers hear every accepted message of their command, known or custom. */
    const toSubscribers = (command: string, data: Record<string, unknown>) => {
      if (live()) subscribers.get(command)?.forEach((handler) => handler(data));
    };

    function onUiMessage({ command, data }: UiMessage): void {
      if (!live()) return;
      if (command === 'widget-detection') {
        channel?.send(WIDGET_DETECTED, { version: VERSION, ...(mode === 'lightbox' ? { lightBoxOptions: opts.lightbox } : { childWindowOptions: opts.childWindow }) });
        // A window has no load event we can see: its UI answering is the load.
        if (mode === 'window') load({});
      } else if (command === 'dimensions') launcher?.setDimensions?.(data.dimensions);
      else if (command === 'status') {
        paymentInfo = data.paymentInfo;
        emit('status', data);
        if (isPaymentStatus(paymentInfo.status)) emit(`status-${paymentInfo.status}`, data);
      } else if (command === 'close' || command === 'widget-close') finish('ui');
      else emit(command, data as never); // user-country, fcp, error: as they came
      toSubscribers(command, data);
    }

    let mode: 'lightbox' | 'window' | null = null;
    /** The launcher is up: wire the channel to it and announce it. */
    function show(next: Launcher, as: 'lightbox' | 'window'): void {
      launcher = next;
      mode = as;
      channel = createChannel({ target: next.target, url: opts.url, onMessage: onUiMessage, onOther: (m) => toSubscribers(m.command, m.data) });
      emit('open', { mode: as });
      emit(`open-${as}`, {});
    }

    function finish(reason: CloseReason): void {
      if (!live()) return;
      session = null;
      channel?.destroy();
      launcher?.destroy();
      const status = isPaymentStatus(paymentInfo?.status) ? paymentInfo.status : null;
      if (mode) {
        const data = { reason, lastStatus: status };
        emit(`close-${mode}`, data);
        emit('close', data);
      }
      settle[0]({ status, paymentInfo, reason });
    }

    const giveUp = (code: ErrorCode, message: string) => {
      session = null;
      settle[1](fail(code, message));
    };

    const callbacks: LauncherCallbacks = {
      onUserClose: () => finish('user'),
      onLoad: (dimensions) => load(dimensions ? { dimensions } : {}),
      onTimeout: () => live() && emit('error', { code: 'LOAD_TIMEOUT', message: `no load in ${opts.loadTimeout} ms` }),
    };

    const current: Session = {
      promise,
      shown: () => launcher !== null,
      focus: () => launcher?.focus(),
      send: (command, data) => channel?.send(command, data),
      finish,
    };
    session = current;

    const onMobile = mobile();
    if (onMobile && !opts.iframeOnly) {
      // Synchronously, inside the click, or the popup blocker steps in.
      const popup = openChildWindow({ url: opts.url, target: opts.childWindow.target, callbacks });
      if (popup) {
        show(popup, 'window');
        return current;
      }
      fail('POPUP_BLOCKED', 'popup blocked; using the lightbox');
    }
    deps.loadLightbox().then(
      (module) => {
        if (!live()) return;
        // Another widget's lightbox may have come up while this code was loading.
        if (document.querySelector(LIGHTBOX_HOST)) return giveUp('ALREADY_OPEN', 'another lightbox is open');
        let lightbox: Launcher;
        try {
          lightbox = module.openLightbox({
            url: opts.url, options: opts.lightbox, language: opts.language, loadTimeout: opts.loadTimeout,
            fullScreen: onMobile || deps.fullScreen === true, callbacks,
          });
        } catch (error) {
          // Never leave a half-open widget that cannot open again.
          document.querySelector(LIGHTBOX_HOST)?.remove();
          return giveUp('UNSUPPORTED_ENVIRONMENT', `the lightbox could not open: ${String(error)}`);
        }
        show(lightbox, 'lightbox');
      },
      (error: unknown) => live() && giveUp('LOAD_TIMEOUT', `lightbox code not loaded: ${String(error)}`),
    );
    return current;
  }

  /**
   * `preload: 'connect'`: in the next task (so init() itself stays well under a millisecond),
   * preconnect to the payment UI; when the page is idle, fetch the lightbox code if it will be needed.
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
      if (opts.iframeOnly || !mobile()) (window.requestIdleCallback ?? setTimeout)(() => deps.loadLightbox().catch(() => undefined));
    });
  }

  const widget: PayUIWidget = {
    init(next) {
      if (destroyed) throw new PayUIError('DESTROYED', 'widget destroyed');
      options = normalizeOptions(next);
      preload(options);
      emit('init', {});
    },

    open() {
      if (session) {
        session.focus();
        return session.promise;
      }
      const refused: [ErrorCode, string] | null = destroyed
        ? ['DESTROYED', 'widget destroyed']
        : !options
          ? ['NOT_INITIALIZED', 'call init() first']
          : !hasDom() || !document.body
            ? ['UNSUPPORTED_ENVIRONMENT', 'needs a page with <body>']
            : document.querySelector(LIGHTBOX_HOST)
              ? ['ALREADY_OPEN', 'another lightbox is open']
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
      session?.send(command, data);
    },

    onMessage(command, handler) {
      checkName(command);
      if (typeof handler !== 'function') throw new PayUIError('INVALID_OPTION', 'expected a function', 'handler');
      const wrapped = (data: Record<string, unknown>) => {
        try {
          handler(data);
        } catch (error) {
          console.error(error);
        }
      };
      const set = subscribers.get(command) ?? new Set();
      subscribers.set(command, set.add(wrapped));
      return () => void set.delete(wrapped);
    },

    destroy() {
      if (destroyed) return;
      session?.finish('api');
      destroyed = true;
      clearTimeout(preloadTimer);
      off();
      subscribers.clear();
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
