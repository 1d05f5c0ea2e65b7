/**
 * The code of one open(), once it is here: shows the payment UI (the child window the facade
 * opened in the click, or the lightbox), wires the channel to it and turns the UI's messages into
 * events. Every end it causes goes through `session.end`, the facade's one end (widget.ts).
 * Loaded on demand (`payui-session.js` beside the classic script), so a page that never opens
 * the widget never pays for it.
 */
import { createChannel } from '../core/channel';
import { isPaymentStatus, type EventMap } from '../core/events';
import { withAccessToken } from '../core/url';
import { WIDGET_DETECTED, type UiMessage } from '../core/protocol';
import { watchChildWindow } from '../surfaces/child-window';
import { commonLabels } from '../surfaces/i18n';
import { createFrame } from '../surfaces/lightbox/frame';
import type { InlineSurface } from '../surfaces/inline/inline';
import type { LightboxSurface } from '../surfaces/lightbox/lightbox';
import { LIGHTBOX_HOST, type Surface, type SurfaceCallbacks } from '../surfaces/surface';
import { showWindowProblem } from '../surfaces/window-problem';
import type { InlineModule, LightboxModule, Mode, SessionContext, SessionControl } from './contract';

export { prepare } from './prepare';

export function warm(url: string, loadLightbox: (() => Promise<unknown>) | false): HTMLLinkElement {
  // The lightbox code too, when this device will need it (a failure is retried by the open).
  if (loadLightbox) loadLightbox().catch(() => undefined);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = new URL(url).origin;
  document.head.append(link);
  return link;
}

/**
 * Runs `build` after the next paint, so the click that opened shows its feedback (the indicator
 * payui.js draws) in the next frame and the lightbox's own first render never delays that frame.
 * A page in the background paints no frames: the timer gives it its lightbox all the same.
 */
function afterPaint(build: () => void): void {
  let done = false;
  const run = () => {
    if (!done) {
      done = true;
      build();
    }
  };
  requestAnimationFrame(() => setTimeout(run));
  setTimeout(run, 100);
}

/** mount()'s container: an element in the page, given or found by its selector; else null. */
function findContainer(given: unknown): Element | null {
  try {
    const found = (typeof given === 'string' ? document.querySelector(given) : given) as Element | null;
    // (An element, also one of another frame's document: not `instanceof` this window's Element.)
    return found?.nodeType === 1 && found.isConnected ? found : null;
  } catch {
    // A selector the browser cannot read finds nothing.
    return null;
  }
}

export function startSession(context: SessionContext): SessionControl {
  const { session, emit } = context;
  const { options: opts, teardown, end } = session;
  const ended = () => session.phase === 'ended';
  /** A failure the player is shown that does not end the session (LOAD_TIMEOUT, POPUP_BLOCKED). */
  const report = (code: string, message: string) => !ended() && emit(['error', { code, message }]);
  /** The state of this open's code, besides what the facade's `Session` holds. */
  const state = {
    /** The window or the lightbox, once it is up. */
    surface: null as Surface | null,
    /** To the payment UI, once the channel is wired. */
    send: (() => undefined) as (command: string, data?: object) => void,
    /** `load` has been emitted. */
    loaded: false,
    /** The player was shown a failure (no token, or the payment UI did not load and has not since): closing is reason `error`. */
    failed: false,
    /** `widget-detected` was sent already (to a prepared payment UI while it was hidden). */
    answered: false,
  };
  const labels = commonLabels(opts.language);

  const load = (data: EventMap['load']) => {
    state.failed = false;
    if (!ended() && !state.loaded) {
      state.loaded = true;
      emit(['load', data]);
    }
  };

  function onUiMessage({ command, data }: UiMessage): void {
    if (ended()) return;
    // Subscribers first: a `close` ends the session, and they hear it too.
    context.toSubscribers(command, data);
    if (command === 'widget-detection') {
      if (state.answered) return;
      // Inline, the payment UI is told no options: it is part of the page (its own close, no Esc of ours).
      const mode = session.mode;
      state.send(WIDGET_DETECTED, { version: __PAYUI_VERSION__, ...(mode === 'lightbox' ? { lightBoxOptions: opts.lightbox } : mode === 'window' ? { childWindowOptions: opts.childWindow } : {}) });
      // A window has no load event we can see: its UI answering is the load.
      if (session.mode === 'window') load({});
    } else if (command === 'dimensions') state.surface?.setDimensions?.(data.dimensions);
    else if (command === 'status') {
      const status = data.paymentInfo.status;
      session.paymentInfo = data.paymentInfo;
      // A status the widget does not know (`refunded`) leaves the last known one in place.
      if (isPaymentStatus(status)) {
        session.status = status;
        emit(['status', data], [`status-${status}`, data]);
      } else emit(['status', data]);
    } else if (command === 'close' || command === 'widget-close') end('ui');
    else emit([command, data as never]); // user-country, fcp, error: as they came
  }

  /**
   * With a token provider: the payment UI's address, once the provider has answered with a
   * non-empty string within `tokenTimeout` (counted from open()). Else `fail` shows the player the
   * failure and emits `error` TOKEN_FAILED with `message`; the open ends when the player closes
   * it, reason `error`.
   */
  function withToken(token: Promise<unknown>, go: (url: string) => void, fail: (message: string) => void): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(reject, opts.tokenTimeout - (Date.now() - session.at), `no token within tokenTimeout (${opts.tokenTimeout} ms)`);
    });
    teardown.push(() => clearTimeout(timer));
    Promise.race([token, timeout])
      .then((token) => {
        // Only its kind in the message, never the value: it may be a token of another shape.
        if (typeof token !== 'string' || !token.trim()) throw `the provider returned ${typeof token === 'string' ? 'an empty string' : token === null ? 'null' : typeof token}`;
        return token;
      })
      .then(
        (token) => {
          if (ended()) return;
          go(withAccessToken(opts.url, token));
        },
        (cause: unknown) => {
          if (ended()) return;
          state.failed = true;
          fail(`the token provider failed: ${cause instanceof Error ? cause.message : String(cause)}`);
        },
      )
      .finally(() => clearTimeout(timer));
  }

  /** The surface is up: it is torn down with the session, and the channel is wired to its window. */
  function attach(next: Surface, mode: Mode, backlog: readonly MessageEvent[]): void {
    state.surface = next;
    teardown.push(() => next.destroy());
    const channel = createChannel({
      target: next.target,
      url: opts.url,
      onMessage: onUiMessage,
      onOther: (m) => !ended() && context.toSubscribers(m.command, m.data),
      backlog,
    });
    teardown.push(channel.destroy);
    state.send = channel.send;
    // The facade announced the window in the click; a lightbox or the inline UI is announced now.
    if (session.phase == 'loading') session.show(mode);
  }

  const callbacks: SurfaceCallbacks = {
    onUserClose: () => end(state.failed ? 'error' : 'user'),
    onLoad: (dimensions) => load(dimensions ? { dimensions } : {}),
    onTimeout: () => {
      state.failed = true;
      report('LOAD_TIMEOUT', `no load in ${opts.loadTimeout} ms`);
    },
    // The page removed the container: as if it had called close().
    onGone: () => end('api'),
  };

  const { popup } = session;
  if (popup) {
    const { target } = opts.childWindow;
    // The loading page of a window opened before its token gets the widget's words; it is
    // replaced by the payment UI, or by the failure page (over this page when the UI was to replace it).
    const { token } = session;
    // Only a window opened before its token is ours to read: the payment UI's is another origin.
    const own = token && target === '_blank' ? popup.document : null;
    if (own) {
      own.title = labels.loading;
      own.documentElement.lang = labels.lang;
      session.pending?.setAttribute('role', 'status');
      session.pending?.setAttribute('aria-label', labels.loading);
    }
    attach(watchChildWindow(popup, target, callbacks.onUserClose), 'window', session.early);
    if (token) withToken(
      token,
      (url) => popup.location.replace(url),
      (message) => {
        report('TOKEN_FAILED', message);
        session.pending?.remove();
        teardown.push(showWindowProblem(own ?? document, opts.lightbox, labels, () => end('error')));
      },
    );
  } else {
    if (popup === false) report('POPUP_BLOCKED', 'popup blocked; using the lightbox');
    openFrame();
  }

  /**
   * The lightbox, or inline (mount()): its frame now, in this task (the click's, when the code was
   * prefetched), so the payment UI's request starts before any of the surface's work; the surface
   * is built around it after the next paint, when its code is here. A prepared payment UI's frame
   * is shown instead, with the lightbox around it, in this task.
   */
  function openFrame(): void {
    const container = session.mount && findContainer(session.mount[0]);
    const mode = container ? 'inline' : 'lightbox';
    // mount() with no element in the page: missing at the call, or taken out since.
    if (container === null) return end(['INVALID_OPTION', 'no such element in the page', 'container']);
    // Another widget's lightbox is open on the page (any number of inline ones may be).
    if (!container && document.querySelector(LIGHTBOX_HOST)) return end(['ALREADY_OPEN', 'another lightbox is open']);
    // A prepared payment UI (prepare.ts): its frame, what it said while hidden, the lightbox code.
    const prepared = session.prepared?.take();
    const frame = prepared?.frame ?? createFrame(opts.lightbox, session.token ? null : opts.url, container);
    teardown.push(frame.remove);
    // What the frame says before the channel is wired is kept for it (its own checks apply).
    const early: MessageEvent[] = prepared?.early ?? [];
    state.answered = !!prepared?.answered;
    const keep = (event: MessageEvent) => event.source === frame.frame.contentWindow && early.push(event);
    addEventListener('message', keep);
    teardown.push(() => removeEventListener('message', keep));
    let surface: LightboxSurface | InlineSurface | undefined;
    /** A failed token provider, told once the surface is up (after its `open`). */
    let problem: string | undefined;
    const failed = (message: string) => {
      report('TOKEN_FAILED', message);
      surface!.fail();
    };
    if (session.token) withToken(session.token, frame.go, (message) => (surface ? failed(message) : (problem = message)));
    /** The surface around the frame, once its code is here. */
    const build = (module: LightboxModule | InlineModule) => {
      if (ended()) return;
      const params = { frame, options: opts.lightbox, labels, loadTimeout: opts.loadTimeout, fullScreen: !!context.fullScreen, callbacks };
      try {
        surface = container ? (module as InlineModule).openInline(params) : (module as LightboxModule).openLightbox(params);
      } catch (error) {
        // Never leave a half-open widget that cannot open again.
        return end(['UNSUPPORTED_ENVIRONMENT', `${mode} could not open: ${String(error)}`]);
      }
      removeEventListener('message', keep);
      // The click's feedback gives way to the lightbox, in the same frame.
      session.pending?.remove();
      attach(surface, mode, early);
      // A token provider that failed before it was built (a size the frame reported meanwhile
      // comes with the channel's backlog).
      if (problem) failed(problem);
    };
    // Prepared: shown in this task (the payment UI has rendered already); else after the next paint.
    if (prepared) build(prepared.lightbox);
    else context.surface!.then(
      (module) => afterPaint(() => build(module)),
      (error: unknown) => end(['LOAD_TIMEOUT', `${mode} code not loaded: ${String(error)}`]),
    );
  }

  return {
    focus: () => state.surface?.focus(),
    send: (command, data) => state.send(command, data),
  };
}
