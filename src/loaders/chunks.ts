/** The ESM entry: the session and lightbox code are chunks the merchant's bundler splits off, each imported once. */
import type { Loaders } from '../session/contract';
import { once } from './once';

export const chunks: Loaders = {
  loadSession: /* @__PURE__ */ once(() => import('../session/session')),
  loadLightbox: /* @__PURE__ */ once(() => import('../surfaces/lightbox/lightbox')),
};
