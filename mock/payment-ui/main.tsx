import { signal } from '@preact/signals';
import { render } from 'preact';
import type { TokenMode } from '../spec/session';
import { Checkout, ErrorPage, Shell, createPaymentState, returnLink } from './App';
import { AccountView } from './Account';
import { createBridge, type Bridge } from './bridge';
import { languageOf, translator } from './i18n';
import { fetchSession } from '../spec/session';
import './styles.css';

/** The width the UI asks the lightbox for; the height follows the content. */
const PREFERRED_WIDTH = { desktop: 740, compact: 380 };

/** Which origin this copy serves: the server writes it into the page (see mock/app/service.ts). */
function pageMode(): TokenMode {
  return document.querySelector('meta[name="payui-mock-mode"]')?.getAttribute('content') === 'sandbox' ? 'sandbox' : 'live';
}

/** `dimensions` now and whenever the content's height changes. */
function reportDimensions(bridge: Bridge, root: HTMLElement, width: number): void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    bridge.post('dimensions', { dimensions: { width, height } });
  };
  send();
  new ResizeObserver(send).observe(root);
}

/** `fcp` once the browser has painted content, with its time in milliseconds. */
function reportFirstPaint(bridge: Bridge): void {
  let sent = false;
  const send = (value: number) => {
    if (sent) return;
    sent = true;
    bridge.post('fcp', { value: Math.round(value) });
  };
  try {
    new PerformanceObserver((list) => {
      const entry = list.getEntriesByName('first-contentful-paint')[0];
      if (entry) send(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: fall through to the frame after next.
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => send(performance.now()), 100)));
}

async function start(): Promise<void> {
  const bridge = createBridge();
  const root = document.getElementById('app')!;
  // Our own close button, unless the widget draws one (it says so in `widget-detected`).
  const ownClose = signal(bridge.embedded);
  const close = () => bridge.post('close');
  bridge.onDetected((data) => {
    const lightbox = data.lightBoxOptions as { closeButton?: unknown; modal?: unknown; closeByKeyboard?: unknown } | undefined;
    if (lightbox?.closeButton === true && lightbox.modal !== true) ownClose.value = false;
    // In a lightbox, Esc pressed in here never reaches the merchant's page: the UI closes itself,
    // unless the widget said modal (or closeByKeyboard: false).
    if (lightbox && lightbox.modal !== true && lightbox.closeByKeyboard !== false) {
      document.addEventListener('keydown', (event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) close();
      });
    }
  });
  const result = await fetchSession(location.search);

  if (!result.ok) {
    const t = translator(languageOf(navigator.language.slice(0, 2)));
    document.title = t('errorTitle');
    render(
      <Shell title={t('checkout')} sandbox={pageMode() === 'sandbox'} t={t} onClose={close} showClose={ownClose}>
        <ErrorPage code={result.code} message={result.message} t={t} />
      </Shell>,
      root,
    );
    bridge.post('error', { code: result.code, message: result.message });
    reportDimensions(bridge, root, PREFERRED_WIDTH.desktop);
    return;
  }

  const { session } = result;
  const language = languageOf(session.language);
  const t = translator(language);
  const state = createPaymentState(session, result.paid);
  document.documentElement.lang = language;
  document.documentElement.dataset.theme = session.theme === 'default_dark' ? 'dark' : 'light';
  document.title = `${t('checkout')} · ${session.project.name}`;
  // `header.close_button`: on its own the page draws a close button that goes back to return_url
  // (none: no button). Opened by the widget it has one already: the page's own, or the lightbox's
  // (which would cover a second one), each closing it.
  const closeTo = () => returnLink(session, state.phase.value, state.invoice.value);
  const showClose = bridge.embedded ? ownClose : signal(session.ui.header.closeButton && closeTo() !== null);
  const closeAsked = () => {
    const back = bridge.embedded ? null : closeTo();
    if (back) location.assign(back);
    else close();
  };
  render(
    <Shell title={session.project.name} sandbox={session.mode === 'sandbox'} t={t} onClose={closeAsked} showClose={showClose} header={{ session, purchase: state.purchase }}>
      {session.account && session.ui.account ? (
        <AccountView session={session} account={session.account} sections={session.ui.account} t={t} />
      ) : (
        <Checkout session={session} bridge={bridge} t={t} state={state} />
      )}
    </Shell>,
    root,
  );
  reportDimensions(bridge, root, session.compact ? PREFERRED_WIDTH.compact : PREFERRED_WIDTH.desktop);
  bridge.post('user-country', { user_country: session.user.country });
  reportFirstPaint(bridge);
}

void start();
