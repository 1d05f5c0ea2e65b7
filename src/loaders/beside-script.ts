/**
 * Where the on-demand code of an open comes from (src/loaders/ has one file per way the widget
 * is delivered). The session code (`session/session.ts`) and the lightbox
 * (`surfaces/lightbox/lightbox.ts`) load when first needed, or earlier when the page is idle
 * after `init` (`preload: 'connect'`).
 */
import type { InlineModule, LightboxModule, Loaders, SessionModule } from '../session/contract';
import { once } from './once';

/**
 * The classic script: `payui-session.js`, `payui-lightbox.js` and `payui-inline.js` beside payui.js
 * (`base` is its address), each imported once; a failed download may be retried by the next open().
 */
export function besideScript(base: string): Loaders {
  const loader = <T>(file: string) => once(() => import(/* @vite-ignore */ new URL(file, base).href) as Promise<T>);
  return {
    loadSession: loader<SessionModule>('payui-session.js'),
    loadLightbox: loader<LightboxModule>('payui-lightbox.js'),
    loadInline: loader<InlineModule>('payui-inline.js'),
  };
}
