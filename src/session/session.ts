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
import { LIGHTBOX_HOST, type Surface, type SurfaceCallbacks } from '../surfaces/surface';
import type { Mode, SessionContext, SessionControl } from './contract';

export function preconnect(url: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = new URL(url).origin;
  document.head.append(link);
  return link;
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
  /** The player was shown that the payment UI did not load (and it has not loaded since). */
  let timedOut = false;

  const load = (data: EventMap['load']) => {
    timedOut = false;
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
      session.status = isPaymentStatus(status) ? status : undefined;
      if (session.status) emit(['status', data], [`status-${session.status}`, data]);
      else emit(['status', data]);
    } else if (command === 'close' || command === 'widget-close') end('ui');
    else emit([command, data as never]); // user-country, fcp, error: as they came
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
    onUserClose: () => end(timedOut ? 'error' : 'user'),
    onLoad: (dimensions) => load(dimensions ? { dimensions } : {}),
    onTimeout: () => {
      timedOut = true;
      report('LOAD_TIMEOUT', `no load in ${opts.loadTimeout} ms`);
    },
  };

  const { popup } = session;
  if (popup) attach(watchChildWindow(popup, opts.childWindow.target, callbacks.onUserClose), 'window');
  else {
    if (popup === false) report('POPUP_BLOCKED', 'popup blocked; using the lightbox');
    context.lightbox!.then(
      (module) => {
        if (ended()) return;
        // Another widget's lightbox may have come up while this code was loading.
        if (document.querySelector(LIGHTBOX_HOST)) return end(['ALREADY_OPEN', 'another lightbox is open']);
        let lightbox: Surface;
        try {
          lightbox = module.openLightbox({
            url: opts.url, options: opts.lightbox, language: opts.language, loadTimeout: opts.loadTimeout, fullScreen: context.fullScreen, callbacks,
          });
        } catch (error) {
          // Never leave a half-open widget that cannot open again.
          document.querySelector(LIGHTBOX_HOST)?.remove();
          return end(['UNSUPPORTED_ENVIRONMENT', `the lightbox could not open: ${String(error)}`]);
        }
        attach(lightbox, 'lightbox');
      },
      (error: unknown) => end(['LOAD_TIMEOUT', `lightbox code not loaded: ${String(error)}`]),
    );
  }

  return {
    focus: () => surface?.focus(),
    send: (command, data) => send(command, data),
  };
}
