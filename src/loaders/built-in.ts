/** The webview launcher page: the session and lightbox code are built into the page itself. */
import * as session from '../session/session';
import * as lightbox from '../surfaces/lightbox/lightbox';
import type { Loaders } from '../session/contract';

export const builtIn: Loaders = {
  loadSession: () => Promise.resolve(session),
  loadLightbox: () => Promise.resolve(lightbox),
};
