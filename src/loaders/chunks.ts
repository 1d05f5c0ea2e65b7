/** The ESM entry: the session and lightbox code are chunks the merchant's bundler splits off. */
import type { Loaders } from '../session/contract';

export const chunks: Loaders = {
  loadSession: () => import('../session/session'),
  loadLightbox: () => import('../surfaces/lightbox/lightbox'),
};
