/**
 * The feedback of a click, in the next frame, while what the player asked for is still on its
 * way: over the page, a pulsing dot (no dimming: that comes with the lightbox) until the lightbox
 * is up; in a window opened in the click, a page of the content colour with the dot until the token
 * is here (the session code gives it its words). Part of payui.js, so it shows even when the
 * on-demand code is slow; CSSOM only (an adopted sheet in a shadow root), so a strict CSP allows it.
 * One dot rather than the lightbox's three: 57 bytes of payui.js, which is at its ceiling.
 * (window-problem.ts builds its host the same way; a shared helper measured +26 bytes here.)
 */
import type { Session } from '../session/contract';

/** Draws the indicator into `doc`, over the page when `page`, else as the whole window, for as long as `session` needs it. */
export function showPending(session: Session, doc: Document, page: boolean): void {
  const options = session.options.lightbox;
  const host = doc.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new (doc.defaultView as typeof globalThis).CSSStyleSheet();
  const content = options.contentBackground;
  // Over the page it is transparent (the lightbox dims the page when it comes) and takes the
  // clicks, so a second click on the buy button does nothing.
  sheet.replaceSync(
    `:host{position:fixed;inset:0;z-index:${options.zIndex};display:grid;place-items:center;background:${page ? 'none' : content}}` +
      // One dot on a disc of the content colour (so it shows on any page), pulsing like the lightbox's dots.
      `i{padding:6px;border:10px solid ${content};border-radius:50%;background:${options.spinnerColor};animation:p 1.2s infinite}` +
      '@keyframes p{50%{transform:scale(.6)}}@media(prefers-reduced-motion){i{animation:none}}',
  );
  root.adoptedStyleSheets = [sheet];
  // Unless the merchant wants no indicator.
  if (options.spinner != 'none') root.append(doc.createElement('i'));
  doc.body.append(host);
  session.teardown.push(() => host.remove());
  session.pending = host;
}
