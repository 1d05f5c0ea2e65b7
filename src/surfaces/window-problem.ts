/**
 * What the player sees when an open that has no lightbox fails before the payment UI came (a
 * token provider failed): a readable message and a close button, filling the window opened in
 * the click (or over this page, when the payment UI was to replace it). CSSOM only, no markup
 * strings, so a strict CSP allows it.
 */
import type { NormalizedLightbox } from '../core/options';
import type { CommonLabels } from './i18n';

export function showWindowProblem(doc: Document, options: NormalizedLightbox, labels: CommonLabels, onClose: () => void): () => void {
  const host = doc.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new (doc.defaultView as typeof globalThis).CSSStyleSheet();
  sheet.replaceSync(`:host{all:initial;position:fixed;inset:0;z-index:${options.zIndex};display:grid;place-items:center;background:${options.contentBackground};color:#1b1d24;font:16px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
div{max-width:36ch;padding:24px;text-align:center}
p{margin:0 0 20px}
button{font:inherit;min-width:44px;min-height:44px;padding:10px 24px;border:0;border-radius:6px;background:#30323a;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}`);
  root.adoptedStyleSheets = [sheet];
  const box = doc.createElement('div');
  box.setAttribute('role', 'alert');
  const text = doc.createElement('p');
  text.textContent = labels.failed;
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = labels.close;
  close.addEventListener('click', onClose);
  box.append(text, close);
  root.append(box);
  doc.body.append(host);
  close.focus();
  return () => host.remove();
}
