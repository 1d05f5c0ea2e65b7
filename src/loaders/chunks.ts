/** The ESM entry: the session, lightbox and inline code are chunks the merchant's bundler splits off, each imported once. */
import type { Loaders } from '../session/contract';
import { once } from './once';

export const chunks: Loaders = {
  loadSession: /* @__PURE__ */ once(() => import('../session/session')),
  loadLightbox: /* @__PURE__ */ once(() => import('../surfaces/lightbox/lightbox')),
  loadInline: /* @__PURE__ */ once(() => import('../surfaces/inline/inline')),
};
