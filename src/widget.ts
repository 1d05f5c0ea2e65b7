/**
 * The facade of DESIGN.md §1: options, state and events of one widget instance, and the one
 * lifecycle of an open (see `Session` in session/contract.ts). open() opens the child window
 * here, synchronously, inside the click; the rest of an open — channel, message relay, the
 * lightbox, the inline view — is code that arrives on demand (`loadSession`, `loadLightbox`,
 * `loadInline`), so payui.js stays small.
 */
import { isMobile } from './core/device';
import { createEmitter, type Emitter } from './core/emitter';
import { invalid, PayUIError } from './core/errors';
import { EVENT_NAMES, EventTypes, type CloseReason, type EventMap } from './core/events';
import { normalizeOptions, type NormalizedOptions, type PayUIOptions } from './core/options';
import type { Emit, Failure, Loaders, Mode, PaymentResult, PreparedUI, Session } from './session/contract';
import { openChildWindow } from './surfaces/child-window';
import { showPending } from './surfaces/pending';

export type { PaymentResult, LightboxModule, InlineModule, SessionModule } from './session/contract';

export interface PayUIWidget extends Pick<Emitter<EventMap>, 'on' | 'once' | 'off'> {
  init(options: PayUIOptions): void;
  open(): Promise<PaymentResult>;
  /**
   * The payment UI inside the merchant's own page (DESIGN.md §11): in `container` (an element in
   * the page, or a selector of one), as wide as it is, as tall as the UI's content. Settles like open().
   */
  mount(container: Element | string): Promise<PaymentResult>;
  /**
   * Loads the next open's payment UI, hidden, for `trigger` (the button the player is about to
   * press; none: open()), so that open() shows it at once (DESIGN.md §15). Resolves when it has
   * loaded, or at once when there is nothing to prepare (a phone's window, an open, no init());
   * never rejects: a failure is silent and the next open() works as without it.
   */
  prepare(trigger?: Element): Promise<void>;
  close(): void;
  sendMessage(command: string, data?: object): void;
  onMessage(command: string, handler: (data: Record<string, unknown>) => void): () => void;
  destroy(): void;
  readonly isOpen: boolean;
  readonly eventTypes: typeof EventTypes;
  readonly version: string;
}

export interface WidgetDeps extends Loaders {
  /** The lightbox always fills the screen (the webview launcher). */
  fullScreen?: boolean;
}

/** A widget and what the widget's own pages (script tag, webview launcher) may do beyond its public API. */
export interface WidgetHandle {
  readonly widget: PayUIWidget;
  /**
   * open(), or with a token of its own for this open only (a button's `data-access-token`):
   * init()'s other options apply. `trigger`: the element that was clicked, for a token provider.
   */
  open(token?: string, trigger?: Element): Promise<PaymentResult>;
  /** Ends the current open with a reason of the caller's (a native back button is `user`). */
  close(reason: CloseReason): void;
  /** The player's intent on a `data-payui-open` button (its token, if it has one): prepares its payment UI with `preload: 'ui'`. */
  intent(token: string | undefined, trigger: Element): void;
}

export const VERSION: string = __PAYUI_VERSION__;

export const createWidget = (deps: WidgetDeps, initial?: PayUIOptions): PayUIWidget => createWidgetHandle(deps, initial).widget;

export function createWidgetHandle(deps: WidgetDeps, initial?: PayUIOptions): WidgetHandle {
  const events = createEmitter<EventMap>(EVENT_NAMES);
  // `onMessage` subscribers, by command: any command name is accepted.
  const messages = createEmitter<Record<string, Record<string, unknown>>>({ has: () => true });
  let options: NormalizedOptions | null = null;
  /** What the last successful init() was given. */
  let given: PayUIOptions | null = null;
  let session: Session | null = null;
  let destroyed = false;
  /** Counts preloads and preparations: only the latest may go on. */
  let preloads = 0;
  /** The payment UI prepared for the next open (`prepare`), at most one. */
  let ready: PreparedUI | null = null;
  let preconnect: HTMLLinkElement | undefined;

  // What handlers set off runs after the handlers of the current event: events reach handlers in
  // the order they happened, and a group (open + open-lightbox, status + status-done) is never
  // split by what a handler did in between.
  const jobs: (() => void)[] = [];
  let running = false;
  const later = (...next: (() => void)[]) => {
    jobs.push(...next);
    if (running) return;
    running = true;
    // A job never throws: the emitter reports what handlers throw.
    while (jobs.length) jobs.shift()!();
    running = false;
  };
  const emit: Emit = (...group) => later(...group.map(([type, data]) => () => events.emit(type, data)));

  /** An error event now, and the error for the caller. */
  const raise = (error: PayUIError) => {
    const { code, message, path } = error;
    emit(['error', { code, message, path }]);
    return error;
  };
  const checkName = (command: unknown) => {
    if (typeof command !== 'string' || !command) throw invalid('command', 'expected a name');
  };

  function start(opts: NormalizedOptions, trigger: Element | null, mount?: [container: unknown]): Promise<PaymentResult> {
    const onMobile = isMobile();
    const { token: provider, childWindow: { target } } = opts;
    // Synchronously, inside the click, or the popup blocker steps in; with a token provider, on
    // the widget's loading page until the token is here. Inline: never a window, phones too.
    const popup = onMobile && !opts.iframeOnly && !mount ? (openChildWindow(provider ? '' : opts.url, target) ?? false) : null;
    let settle!: [resolve: (result: PaymentResult) => void, reject: (error: PayUIError) => void];
    // The prepared payment UI when it is this purchase's (a window or inline never is); any other is dropped.
    const prepared = !mount && ready?.fits(trigger, opts) ? ready : (drop(), undefined);
    ready = null;
    const s: Session = {
      phase: 'loading', options: opts, popup, mount, early: [], show, end, at: Date.now(), prepared,
      // Dropped if the open ends before it is shown (taken, it is the session's frame).
      teardown: prepared ? [prepared.drop] : [],
      // Asked now, while the code of the open is still on its way; checked by the session code.
      token: provider && !prepared ? new Promise((resolve) => resolve(provider({ trigger }))) : undefined,
      promise: new Promise((...both) => (settle = both)),
    };
    s.token?.catch(() => undefined);
    session = s;

    /** The one way it is shown (the only writer of `phase: 'shown'` and `mode`), while loading: announced with its mode. */
    function show(mode: Mode): void {
      s.phase = 'shown';
      emit(['open', { mode: (s.mode = mode) }], [`open-${mode}`, {}]);
    }

    /**
     * The one way an open ends, whoever ends it: detached from the widget (isOpen false, a new
     * open() starts anew), everything it added torn down, `close-<mode>` and `close` once when it
     * was shown, the promise settled once.
     */
    function end(outcome: CloseReason | Failure): void {
      if (s.phase === 'ended') return;
      s.phase = 'ended';
      if (session === s) session = null;
      for (const undo of s.teardown.reverse()) {
        try {
          undo();
        } catch {
          // One piece that cannot be undone never keeps the rest in place.
        }
      }
      const error = Array.isArray(outcome) ? raise(new PayUIError(...outcome)) : null;
      const reason = error ? 'error' : (outcome as CloseReason);
      const { paymentInfo = null, status = null, mode } = s;
      const data = { reason, lastStatus: status };
      if (mode) emit([`close-${mode}`, data], ['close', data]);
      if (error) settle[1](error);
      else settle[0]({ status, paymentInfo, reason });
      // The next one, when the page is idle.
      if (options?.preload == 'ui') preload(options);
    }

    if (popup) {
      // What the window says before the session code is here is kept for it (its own checks apply).
      const keep = (event: MessageEvent) => !s.control && event.source === popup && s.early.push(event);
      addEventListener('message', keep);
      // A window of its own is closed at the end (teardown steps may throw: a gone window);
      // `_self` and `_parent` replaced this page or its parent and are never closed.
      const own = target == '_blank';
      s.teardown.push(() => own && popup.close(), () => removeEventListener('message', keep));
      // The window is what the player sees: announced now, in the click.
      if (provider) showPending(s, own ? popup.document : document, !own);
      show('window');
    } else if (!mount) {
      // Feedback in the next frame when the lightbox is not up by then (its code is slow). Inline
      // takes no clicks from the page: its own indicator shows in its place.
      requestAnimationFrame(() => s.phase == 'loading' && showPending(s, document, true));
    }
    // Both downloads at once; the session handles a failure, if it ever runs.
    const surface = popup ? null : (mount ? deps.loadInline : deps.loadLightbox)();
    surface?.catch(() => undefined);
    deps.loadSession().then(
      (module) => {
        if (s.phase === 'ended') return;
        try {
          s.control = module.startSession({
            session: s, fullScreen: onMobile || deps.fullScreen, surface, emit, toSubscribers: messages.emit,
          });
        } catch (error) {
          end(['UNSUPPORTED_ENVIRONMENT', `${error}`]);
        }
      },
      // Not here: never an open() that stays pending.
      (error: unknown) => end(['LOAD_TIMEOUT', `${error}`]),
    );
    return s.promise;
  }

  /**
   * `preload: 'connect'`: when the page is idle after init() (init itself stays well under a
   * millisecond), fetch the session code, which preconnects to the payment UI, and the lightbox
   * code if it will be needed; `'ui'`: prepare the payment UI itself. A later init() or destroy()
   * makes an earlier preload stop. A page that is never idle (a game drawing every frame) still gets
   * it within a second: the idle callback's timeout (setTimeout, where there is none, takes the
   * object as no delay).
   */
  function preload(opts: NormalizedOptions): void {
    const run = preloads;
    if (opts.preload != 'none' && globalThis.document) {
      (window.requestIdleCallback ?? setTimeout)(() =>
        run === preloads &&
        (opts.preload == 'ui' ? prepare() : deps.loadSession().then((module) => {
          if (run !== preloads) return;
          preconnect?.remove();
          preconnect = module.warm(opts.url, (opts.iframeOnly || !isMobile()) && deps.loadLightbox);
        }, String)),
        { timeout: 1000 } as never,
      );
    }
  }

  /** Drops what is prepared, and stops the preloads and preparations under way (a later one may go on). */
  const drop = () => {
    preloads++;
    ready?.drop();
    ready = null;
  };

  /**
   * The payment UI of the next open, prepared hidden (§15; session/prepare.ts) for `trigger`, with
   * init()'s options or a button's own token. Nothing for a window (phones), while an open is
   * going on, or without options; one already prepared for the same purchase is kept, any other
   * replaced. Never rejects.
   */
  async function prepare(trigger: Element | null = null, token?: string): Promise<void> {
    let opts = options;
    try {
      // (Without a page, the session code's frame fails, as silently.)
      if (!opts || session || (isMobile() && !opts.iframeOnly)) return;
      if (token !== undefined) opts = withToken(token);
      // The same purchase, also while its token is on its way: kept.
      if (!ready?.fits(trigger, opts, true)) {
        drop();
        const run = preloads;
        const module = await deps.loadSession();
        if (run !== preloads || session) return;
        // (Until it is dropped or taken it is `ready`, and the options are those it was made with.
        // Full screen as the open will be, so the hidden frame has the size it is shown at; `deps`
        // spread for its loadLightbox: 6 bytes less in payui.js than naming it.)
        ready = module.prepare({ ...deps, options: opts, trigger, fullScreen: isMobile() || deps.fullScreen, again: () => prepare(trigger, token) });
      }
      await ready!.loaded;
    } catch {
      // Silent: the player did nothing.
    }
  }

  /** init()'s options with a token of the caller's for one open (a button's `data-access-token`). */
  const withToken = (token: string) => normalizeOptions({ ...given, access_token: token, access_data: undefined, payment_url: undefined });

  /**
   * open(), or with a token of the caller's for this open only (a button's `data-access-token`):
   * init()'s other options apply; `mount`: mount() and what it was given. Refused, with an `error`
   * event, without options (no init, or destroyed), without a page, or with a token that is not
   * one. (The session code finds mount()'s container and refuses a missing one the same way: 54
   * bytes less here, and one check for a container missing at the call or taken out since.)
   */
  const open = (mount?: [container: unknown], trigger: Element | null = null, token?: string): Promise<PaymentResult> => {
    if (session) {
      session.control?.focus();
      return session.promise;
    }
    let opts = options;
    try {
      if (destroyed) throw new PayUIError('DESTROYED', 'destroyed');
      if (!opts) throw new PayUIError('NOT_INITIALIZED', 'init() first');
      if (!globalThis.document?.body) throw new PayUIError('UNSUPPORTED_ENVIRONMENT', 'no <body>');
      if (token !== undefined) opts = withToken(token);
    } catch (error) {
      return Promise.reject(raise(error as PayUIError));
    }
    return start(opts, trigger, mount);
  };

  const widget: PayUIWidget = {
    init(next) {
      if (destroyed) throw new PayUIError('DESTROYED', 'destroyed');
      // A failed init leaves no options: open() must never buy what an earlier init asked for.
      options = given = null;
      drop();
      options = normalizeOptions(next);
      given = next;
      preload(options);
      emit(['init', {}]);
    },

    open: () => open(),

    mount: (container) => open([container]),

    // (A second argument, a button's own token, is the script tag's: see `intent`.)
    prepare,

    close() {
      session?.end('api');
    },

    on: events.on,
    once: events.once,
    off: events.off,

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
      destroyed = true;
      session?.end('api');
      drop();
      preconnect?.remove();
      options = null;
      // After the close events above have reached their handlers.
      later(events.off, messages.off);
    },

    /** True exactly while a lightbox, a window or the inline payment UI is shown (not while its code is still loading). */
    get isOpen() {
      return session?.phase === 'shown';
    },
    eventTypes: EventTypes,
    version: VERSION,
  };

  if (initial !== undefined) widget.init(initial);
  return {
    widget,
    open: (token, trigger) => open(undefined, trigger, token),
    close: (reason) => session?.end(reason),
    intent: (token, trigger) => options?.preload == 'ui' && void prepare(trigger, token),
  };
}
