/**
 * A payment UI prepared before the click (DESIGN.md §15): its token asked with `preload: true`,
 * the lightbox code fetched, and the payment UI loaded in the lightbox's own frame (frame.ts),
 * hidden: the host is `visibility: hidden` until the lightbox shows it, `inert` and `aria-hidden`,
 * so nothing in it can take focus or be read, and it takes no clicks. No scroll lock, no events:
 * the player did nothing. An open that fits takes the frame as it is (session.ts), so the UI the
 * player sees is the document that loaded here.
 * Every failure (a provider that declines with null, throws or times out, a load that never comes,
 * the payment UI's `error` or `close` while hidden) drops it silently; the next open works as
 * without it. Session code: payui.js holds none of this.
 */
import { createChannel } from '../core/channel';
import { WIDGET_DETECTED } from '../core/protocol';
import { withAccessToken } from '../core/url';
import { createFrame, type FrameParts } from '../surfaces/lightbox/frame';
import type { LightboxModule, PrepareContext, PreparedUI } from './contract';

/** The host's mark while hidden; the lightbox's own (`data-payui-lightbox`, "a lightbox is open") once shown. */
export const PREPARED_HOST = 'data-payui-prepared';
const SHOWN_HOST = 'data-payui-lightbox';

/** What the hidden payment UI may not do and stay prepared: fail, or close itself. */
const DROPS = ['error', 'close', 'widget-close'];

export function prepare({ options: opts, trigger, fullScreen, loadLightbox, again }: PrepareContext): PreparedUI {
  const provider = opts.token;
  const full = !!fullScreen;
  const at = Date.now();
  /** All of it: what is here so far, and what to undo when it is dropped or taken. */
  const state = {
    frame: null as FrameParts | null,
    lightbox: null as LightboxModule | null,
    /** Dropped, or taken by an open: no longer anything of ours to do. */
    done: false,
    /** `widget-detected` was sent (the payment UI renders for the lightbox before it is shown). */
    answered: false,
    /** What the payment UI posted while hidden, for the open's channel to check and replay. */
    early: [] as MessageEvent[],
    /** Listeners and timers, undone when it is dropped or taken (the frame is not among them). */
    undo: [] as (() => void)[],
  };
  let settle!: () => void;
  const loaded = new Promise<void>((resolve) => (settle = resolve));
  /** Dropped or taken: its listeners and timers undone, `loaded` settled. */
  const finish = () => {
    state.done = true;
    for (const undo of state.undo.splice(0)) undo();
    settle();
  };
  const drop = () => {
    if (state.done) return;
    finish();
    state.frame?.remove();
  };
  /** A timer undone with the rest; returns what stops it sooner. */
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(run, ms);
    state.undo.push(() => clearTimeout(timer));
    return () => clearTimeout(timer);
  };
  // Too old for its token: dropped, and with `preload: 'ui'` prepared again.
  after(opts.preloadTtl, () => {
    drop();
    if (opts.preload == 'ui') again();
  });

  // Given up after `tokenTimeout`.
  const token = provider && Promise.race([
    new Promise((resolve) => resolve(provider({ trigger, preload: true }))),
    new Promise((_, reject) => after(opts.tokenTimeout, reject)),
  ]);
  Promise.all([token, loadLightbox()])
    .then(([token, lightbox]) => {
      if (state.done) return;
      // null: the provider declined (nothing prepared); anything else but a token is a failure, as silent.
      if (provider && (typeof token !== 'string' || !token.trim())) return drop();
      state.lightbox = lightbox;
      const frame = (state.frame = createFrame(opts.lightbox, null));
      const { host } = frame;
      host.removeAttribute(SHOWN_HOST);
      host.setAttribute(PREPARED_HOST, '');
      host.setAttribute('aria-hidden', 'true');
      host.inert = true;
      lightbox.sizeHidden?.(frame, opts.lightbox, null, full);
      const source = frame.frame.contentWindow;
      const keep = (event: MessageEvent) => event.source === source && state.early.push(event);
      addEventListener('message', keep);
      state.undo.push(() => removeEventListener('message', keep));
      // Answered now, as an open would, so the payment UI renders for the lightbox (no close
      // button of its own when the lightbox draws one); every message is kept for the open.
      const channel = createChannel({
        target: source!,
        url: opts.url,
        onMessage({ command, data }) {
          if (DROPS.includes(command)) drop();
          // Laid out while hidden at the size it will be shown at.
          else if (command === 'dimensions') lightbox.sizeHidden?.(frame, opts.lightbox, data.dimensions, full);
          else if (command === 'widget-detection' && !state.answered) {
            state.answered = true;
            channel.send(WIDGET_DETECTED, { version: __PAYUI_VERSION__, lightBoxOptions: opts.lightbox });
          }
        },
      });
      state.undo.push(channel.destroy);
      // A payment UI that does not load in `loadTimeout` is not kept.
      const loading = after(opts.loadTimeout, drop);
      frame.listen({
        address() {},
        load() {
          loading();
          settle();
        },
      });
      frame.go(provider ? withAccessToken(opts.url, token as string) : opts.url);
    })
    .catch(drop);

  return {
    loaded,
    fits: (next, options, loading) =>
      !state.done && !!(state.frame || loading) && Date.now() - at < opts.preloadTtl &&
      // The same purchase: the same provider asked for the same button, or the same address.
      (provider ? options.token === provider && next === trigger : !options.token && options.url === opts.url),
    drop,
    take() {
      finish();
      const frame = state.frame!;
      const { host } = frame;
      host.removeAttribute(PREPARED_HOST);
      host.removeAttribute('aria-hidden');
      host.setAttribute(SHOWN_HOST, '');
      host.inert = false;
      return { frame, early: state.early, lightbox: state.lightbox!, answered: state.answered };
    },
  };
}
