/**
 * One open() once its code is here: shows the payment UI (the child window the facade opened
 * in the click, or the lightbox), wires the channel to it, turns the UI's messages into events
 * and ends the session. Loaded on demand (`payui-session.js` beside the classic script), so a
 * page that never opens the widget never pays for it.
 */
import { createChannel, type Channel } from './core/channel';
import { isPaymentStatus, type CloseReason, type EventMap, type PaymentInfo } from './core/events';
import { WIDGET_DETECTED, type UiMessage } from './core/protocol';
import { watchChildWindow } from './launchers/child-window';
import { LIGHTBOX_HOST, type Launcher, type LauncherCallbacks } from './launchers/types';
import type { SessionContext, SessionControl } from './widget';

export function startSession(context: SessionContext): SessionControl {
  const { options: opts, popup, emit, live } = context;
  let launcher: Launcher | null = null;
  let channel: Channel | null = null;
  let mode: 'lightbox' | 'window' | null = null;
  let paymentInfo: PaymentInfo | null = null;
  let loaded = false;

  const load = (data: EventMap['load']) => {
    if (live() && !loaded) {
      loaded = true;
      emit('load', data);
    }
  };

  /** `onMessage` subscribers hear every accepted message of their command, known or custom. */
  const toSubscribers = (command: string, data: Record<string, unknown>) => live() && context.toSubscribers(command, data);

  function onUiMessage({ command, data }: UiMessage): void {
    if (!live()) return;
    if (command === 'widget-detection') {
      channel?.send(WIDGET_DETECTED, { version: __PAYUI_VERSION__, ...(mode === 'lightbox' ? { lightBoxOptions: opts.lightbox } : { childWindowOptions: opts.childWindow }) });
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

  /** The launcher is up: wire the channel to it (messages the window sent before count too) and announce it. */
  function show(next: Launcher, as: 'lightbox' | 'window'): void {
    launcher = next;
    mode = as;
    channel = createChannel({
      target: next.target, url: opts.url, onMessage: onUiMessage, onOther: (m) => toSubscribers(m.command, m.data), backlog: context.early,
    });
    emit('open', { mode: as });
    emit(`open-${as}`, {});
  }

  function finish(reason: CloseReason): void {
    if (!live()) return;
    channel?.destroy();
    launcher?.destroy();
    const status = isPaymentStatus(paymentInfo?.status) ? paymentInfo.status : null;
    if (mode) {
      const data = { reason, lastStatus: status };
      emit(`close-${mode}`, data);
      emit('close', data);
    }
    context.end({ status, paymentInfo, reason });
  }

  const callbacks: LauncherCallbacks = {
    onUserClose: () => finish('user'),
    onLoad: (dimensions) => load(dimensions ? { dimensions } : {}),
    onTimeout: () => live() && emit('error', { code: 'LOAD_TIMEOUT', message: `no load in ${opts.loadTimeout} ms` }),
  };

  if (popup) show(watchChildWindow(popup, opts.childWindow.target, callbacks.onUserClose), 'window');
  else {
    if (popup === false) emit('error', { code: 'POPUP_BLOCKED', message: 'popup blocked; using the lightbox' });
    context.lightbox!.then(
      (module) => {
        if (!live()) return;
        // Another widget's lightbox may have come up while this code was loading.
        if (document.querySelector(LIGHTBOX_HOST)) return context.fail('ALREADY_OPEN', 'another lightbox is open');
        let lightbox: Launcher;
        try {
          lightbox = module.openLightbox({
            url: opts.url, options: opts.lightbox, language: opts.language, loadTimeout: opts.loadTimeout, fullScreen: context.fullScreen, callbacks,
          });
        } catch (error) {
          // Never leave a half-open widget that cannot open again.
          document.querySelector(LIGHTBOX_HOST)?.remove();
          return context.fail('UNSUPPORTED_ENVIRONMENT', `the lightbox could not open: ${String(error)}`);
        }
        show(lightbox, 'lightbox');
      },
      (error: unknown) => live() && context.fail('LOAD_TIMEOUT', `lightbox code not loaded: ${String(error)}`),
    );
  }

  return {
    shown: () => launcher !== null,
    focus: () => launcher?.focus(),
    send: (command, data) => channel?.send(command, data),
    finish,
  };
}
