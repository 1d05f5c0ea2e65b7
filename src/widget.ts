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

interface Session {
  readonly promise: Promise<PaymentResult>;
  readonly resolve: (result: PaymentResult) => void;
  readonly reject: (error: PayUIError) => void;
  /** The options this open started with (a later init() applies to the next open). */
  readonly options: NormalizedOptions;
  mode: 'lightbox' | 'window' | null;
  launcher: Launcher | null;
  channel: Channel | null;
  paymentInfo: PaymentInfo | null;
  loaded: boolean;
}

export function createWidget(deps: WidgetDeps, initial?: PayUIOptions): PayUIWidget {
  const emitter = createEmitter<EventMap>(EVENT_NAMES);
  const messageHandlers = new Map<string, Set<(data: Record<string, unknown>) => void>>();
  const added: Element[] = [];
  let options: NormalizedOptions | null = null;
  let session: Session | null = null;
  let destroyed = false;

  const hasDom = () => typeof window !== 'undefined' && typeof document !== 'undefined';

  function fail(code: ErrorCode, message: string): PayUIError {
    const error = new PayUIError(code, message);
    emitter.emit('error', { code, message });
    return error;
  }

  function lastStatus(): PaymentStatus | null {
    const status = session?.paymentInfo?.status;
    return isPaymentStatus(status) ? status : null;
  }

  /** Ends the current session: tears down, emits close events, settles the promise once. */
  function finish(reason: CloseReason): void {
    const current = session;
    if (!current) return;
    const status = lastStatus();
    session = null;
    current.channel?.destroy();
    current.launcher?.destroy();
    if (current.mode) {
      const data = { reason, lastStatus: status };
      emitter.emit(current.mode === 'lightbox' ? 'close-lightbox' : 'close-window', data);
      emitter.emit('close', data);
    }
    current.resolve({ status, paymentInfo: current.paymentInfo, reason });
  }

  function onUiMessage(current: Session, message: UiMessage): void {
    if (session !== current) return;
    switch (message.command) {
      case 'widget-detection': {
        const extra = current.mode === 'lightbox' ? { lightBoxOptions: current.options.lightbox } : { childWindowOptions: current.options.childWindow };
        current.channel?.send(WIDGET_DETECTED, { version: VERSION, ...extra });
        if (current.mode === 'window' && !current.loaded) {
          current.loaded = true;
          emitter.emit('load', {});
        }
        break;
      }
      case 'dimensions':
        current.launcher?.setDimensions?.(message.data.dimensions);
        break;
      case 'status': {
        const { paymentInfo } = message.data;
        current.paymentInfo = paymentInfo;
        emitter.emit('status', { paymentInfo });
        if (isPaymentStatus(paymentInfo.status)) emitter.emit(`status-${paymentInfo.status}`, { paymentInfo });
        break;
      }
      case 'close':
      case 'widget-close':
        finish('ui');
        break;
      case 'user-country':
        emitter.emit('user-country', message.data);
        break;
      case 'fcp':
        emitter.emit('fcp', message.data);
        break;
      case 'error':
        emitter.emit('error', message.data);
        break;
    }
    toSubscribers(current, message.command, message.data);
  }

  /** `onMessage` subscribers hear every accepted message of their command, known or custom. */
  function toSubscribers(current: Session, command: string, data: Record<string, unknown>): void {
    if (session === current) messageHandlers.get(command)?.forEach((handler) => handler(data));
  }

  function connect(current: Session, launcher: Launcher, url: string): void {
    current.launcher = launcher;
    current.channel = createChannel({
      target: launcher.target,
      url,
      onMessage: (message) => onUiMessage(current, message),
      onOther: (message) => toSubscribers(current, message.command, message.data),
    });
  }

  function callbacksFor(current: Session): LauncherCallbacks {
    return {
      onUserClose: () => session === current && finish('user'),
      onLoad: (dimensions) => {
        if (session !== current || current.loaded) return;
        current.loaded = true;
        emitter.emit('load', dimensions ? { dimensions } : {});
      },
      onTimeout: () => {
        if (session === current) emitter.emit('error', { code: 'LOAD_TIMEOUT', message: `no load in ${current.options.loadTimeout} ms` });
      },
    };
  }

  function showLightbox(current: Session, url: string, fullScreen: boolean): void {
    const opts = current.options;
    const giveUp = (code: ErrorCode, message: string) => {
      session = null;
      current.reject(fail(code, message));
    };
    deps.loadLightbox().then(
      (module) => {
        if (session !== current) return;
        // Another widget's lightbox may have come up while this code was loading.
        if (document.querySelector(LIGHTBOX_HOST)) return giveUp('ALREADY_OPEN', 'another lightbox is open');
        let launcher: Launcher;
        try {
          launcher = module.openLightbox({
            url, options: opts.lightbox, language: opts.language, loadTimeout: opts.loadTimeout, fullScreen, callbacks: callbacksFor(current),
          });
        } catch (error) {
          // Never leave a half-open widget that cannot open again.
          document.querySelector(LIGHTBOX_HOST)?.remove();
          return giveUp('UNSUPPORTED_ENVIRONMENT', `the lightbox could not open: ${String(error)}`);
        }
        current.mode = 'lightbox';
        connect(current, launcher, url);
        emitter.emit('open', { mode: 'lightbox' });
        emitter.emit('open-lightbox', {});
      },
      (error: unknown) => {
        if (session === current) giveUp('LOAD_TIMEOUT', `lightbox code not loaded: ${String(error)}`);
      },
    );
  }

  /**
   * `preload: 'connect'`: in the next task (so init() itself stays well under a millisecond),
   * preconnect to the payment UI; when the page is idle, fetch the lightbox code if it will be needed.
   */
  let preloadTimer: ReturnType<typeof setTimeout> | undefined;
  function preload(opts: NormalizedOptions): void {
    if (opts.preload !== 'connect' || !hasDom()) return;
    clearTimeout(preloadTimer);
    preloadTimer = setTimeout(() => {
      const origin = originOf(opts.url);
      if (!document.head.querySelector(`link[rel="preconnect"][href="${origin}"]`)) {
        const link = document.createElement('link');
        link.rel = 'preconnect';
        link.href = origin;
        document.head.append(link);
        added.push(link);
      }
      if (!opts.iframeOnly && isMobile(readDeviceEnv())) return;
      const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
      idle(() => void deps.loadLightbox().catch(() => undefined));
    });
  }

  const widget: PayUIWidget = {
    init(next) {
      if (destroyed) throw new PayUIError('DESTROYED', 'widget destroyed');
      options = normalizeOptions(next);
      preload(options);
      emitter.emit('init', {});
    },

    open() {
      if (session) {
        session.launcher?.focus();
        return session.promise;
      }
      if (destroyed) return Promise.reject(fail('DESTROYED', 'widget destroyed'));
      if (!options) return Promise.reject(fail('NOT_INITIALIZED', 'call init() first'));
      if (!hasDom() || !document.body) return Promise.reject(fail('UNSUPPORTED_ENVIRONMENT', 'needs a page with <body>'));
      if (document.querySelector(LIGHTBOX_HOST)) return Promise.reject(fail('ALREADY_OPEN', 'another lightbox is open'));

      const opts = options;
      let settle!: Pick<Session, 'resolve' | 'reject'>;
      const promise = new Promise<PaymentResult>((resolve, reject) => (settle = { resolve, reject }));
      const current: Session = { promise, ...settle, options: opts, mode: null, launcher: null, channel: null, paymentInfo: null, loaded: false };
      session = current;
      const url = opts.url;
      const mobile = isMobile(readDeviceEnv());

      if (mobile && !opts.iframeOnly) {
        // Synchronously, inside the click, or the popup blocker steps in.
        const launcher = openChildWindow({ url, target: opts.childWindow.target, callbacks: callbacksFor(current) });
        if (launcher) {
          current.mode = 'window';
          connect(current, launcher, url);
          emitter.emit('open', { mode: 'window' });
          emitter.emit('open-window', {});
          return promise;
        }
        fail('POPUP_BLOCKED', 'popup blocked; using the lightbox');
      }
      showLightbox(current, url, mobile || deps.fullScreen === true);
      return promise;
    },

    close() {
      finish('api');
    },

    on: (types, handler) => emitter.on(types, handler),
    once: (types, handler) => emitter.once(types, handler),
    off: (types, handler) => emitter.off(types, handler),

    sendMessage(command, data) {
      if (typeof command !== 'string' || command === '') throw new PayUIError('INVALID_OPTION', 'expected a name', 'command');
      session?.channel?.send(command, data);
    },

    onMessage(command, handler) {
      if (typeof command !== 'string' || command === '') throw new PayUIError('INVALID_OPTION', 'expected a name', 'command');
      if (typeof handler !== 'function') throw new PayUIError('INVALID_OPTION', 'expected a function', 'handler');
      const wrapped = (data: Record<string, unknown>) => {
        try {
          handler(data);
        } catch (error) {
          console.error(error);
        }
      };
      const set = messageHandlers.get(command) ?? new Set();
      set.add(wrapped);
      messageHandlers.set(command, set);
      return () => void set.delete(wrapped);
    },

    destroy() {
      if (destroyed) return;
      finish('api');
      destroyed = true;
      clearTimeout(preloadTimer);
      emitter.off();
      messageHandlers.clear();
      added.splice(0).forEach((node) => node.remove());
      options = null;
    },

    /** True exactly while a lightbox or a window is shown (not while the lightbox code is still loading). */
    get isOpen() {
      return session?.launcher != null;
    },
    eventTypes: EventTypes,
    version: VERSION,
  };

  closers.set(widget, finish);
  if (initial !== undefined) widget.init(initial);
  return widget;
}
