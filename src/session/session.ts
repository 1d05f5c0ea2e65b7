/**
 * The code of one open(), once it is here: shows the payment UI (the child window the facade
 * opened in the click, or the lightbox), wires the channel to it and turns the UI's messages into
 * events. Every end it causes goes through `session.end`, the facade's one end (widget.ts).
 * Loaded on demand (`payui-session.js` beside the classic script), so a page that never opens
 * the widget never pays for it.
 */
import { createChannel } from '../core/channel';
import { isPaymentStatus, type EventMap } from '../core/events';
import { WIDGET_DETECTED, type UiMessage } from '../core/protocol';
import { watchChildWindow } from '../surfaces/child-window';
import { commonLabels } from '../surfaces/i18n';
import type { LightboxSurface } from '../surfaces/lightbox/lightbox';
import { LIGHTBOX_HOST, type Surface, type SurfaceCallbacks } from '../surfaces/surface';
import { showWindowProblem } from '../surfaces/window-problem';
import type { Mode, SessionContext, SessionControl } from './contract';

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

export function startSession(context: SessionContext): SessionControl {
  const { session, emit } = context;
  const { options: opts, teardown, end } = session;
  const ended = () => session.phase === 'ended';
  /** A failure the player is shown that does not end the session (LOAD_TIMEOUT, POPUP_BLOCKED). */
  const report = (code: string, message: string) => !ended() && emit(['error', { code, message }]);
  let surface: Surface | null = null;
  let send: (command: string, data?: object) => void = () => undefined;
  let loaded = false;
  /** The player was shown a failure (no token, or the payment UI did not load and has not since): closing is reason `error`. */
  let failed = false;
  const labels = commonLabels(opts.language);

  const load = (data: EventMap['load']) => {
    failed = false;
    if (!ended() && !loaded) {
      loaded = true;
      emit(['load', data]);
    }
  };

  function onUiMessage({ command, data }: UiMessage): void {
    if (ended()) return;
    // Subscribers first: a `close` ends the session, and they hear it too.
    context.toSubscribers(command, data);
    if (command === 'widget-detection') {
      send(WIDGET_DETECTED, { version: __PAYUI_VERSION__, ...(session.mode === 'lightbox' ? { lightBoxOptions: opts.lightbox } : { childWindowOptions: opts.childWindow }) });
      // A window has no load event we can see: its UI answering is the load.
      if (session.mode === 'window') load({});
    } else if (command === 'dimensions') surface?.setDimensions?.(data.dimensions);
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
   * non-empty string within `tokenTimeout` (counted from open()). Else the player is shown the
   * failure (`fail`) and `error` TOKEN_FAILED is emitted; the open ends when the player closes
   * it, reason `error`.
   */
  function withToken(token: Promise<unknown>, go: (url: string) => void, fail: () => void): void {
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
          const url = new URL(opts.url);
          url.searchParams.set('access_token', token);
          go(url.href);
        },
        (cause: unknown) => {
          if (ended()) return;
          failed = true;
          report('TOKEN_FAILED', `the token provider failed: ${cause instanceof Error ? cause.message : String(cause)}`);
          fail();
        },
      )
      .finally(() => clearTimeout(timer));
  }

  /** The surface is up: it is torn down with the session, and the channel is wired to its window. */
  function attach(next: Surface, mode: Mode): void {
    surface = next;
    teardown.push(() => next.destroy());
    const channel = createChannel({
      target: next.target,
      url: opts.url,
      onMessage: onUiMessage,
      onOther: (m) => !ended() && context.toSubscribers(m.command, m.data),
      backlog: session.early,
    });
    teardown.push(channel.destroy);
    send = channel.send;
    // The facade announced the window in the click; a lightbox is announced now.
    if (session.phase === 'loading') {
      session.phase = 'shown';
      emit(['open', { mode: (session.mode = mode) }], [`open-${mode}`, {}]);
    }
  }

  const callbacks: SurfaceCallbacks = {
    onUserClose: () => end(failed ? 'error' : 'user'),
    onLoad: (dimensions) => load(dimensions ? { dimensions } : {}),
    onTimeout: () => {
      failed = true;
      report('LOAD_TIMEOUT', `no load in ${opts.loadTimeout} ms`);
    },
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
    attach(watchChildWindow(popup, target, callbacks.onUserClose), 'window');
    if (token) withToken(
      token,
      (url) => popup.location.replace(url),
      () => {
        session.pending?.remove();
        teardown.push(showWindowProblem(own ?? document, opts.lightbox, labels, () => end('error')));
      },
    );
  } else {
    if (popup === false) report('POPUP_BLOCKED', 'popup blocked; using the lightbox');
    context.lightbox!.then(
      (module) => afterPaint(() => {
        if (ended()) return;
        // Another widget's lightbox may have come up while this code was loading.
        if (document.querySelector(LIGHTBOX_HOST)) return end(['ALREADY_OPEN', 'another lightbox is open']);
        let lightbox: LightboxSurface;
        try {
          lightbox = module.openLightbox({
            url: session.token ? null : opts.url, options: opts.lightbox, labels, loadTimeout: opts.loadTimeout, fullScreen: context.fullScreen, callbacks,
          });
        } catch (error) {
          // Never leave a half-open widget that cannot open again.
          document.querySelector(LIGHTBOX_HOST)?.remove();
          return end(['UNSUPPORTED_ENVIRONMENT', `the lightbox could not open: ${String(error)}`]);
        }
        // The click's feedback gives way to the lightbox, in the same frame.
        session.pending?.remove();
        attach(lightbox, 'lightbox');
        if (session.token) withToken(session.token, lightbox.go, lightbox.fail);
      }),
      (error: unknown) => end(['LOAD_TIMEOUT', `lightbox code not loaded: ${String(error)}`]),
    );
  }

  return {
    focus: () => surface?.focus(),
    send: (command, data) => send(command, data),
  };
}
