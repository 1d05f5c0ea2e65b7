/** The webview launcher page: the session, lightbox and inline code are built into the page itself. */
import * as session from '../session/session';
import * as inline from '../surfaces/inline/inline';
import * as lightbox from '../surfaces/lightbox/lightbox';
import type { Loaders } from '../session/contract';

export const builtIn: Loaders = {
  loadSession: () => Promise.resolve(session),
  loadLightbox: () => Promise.resolve(lightbox),
  loadInline: () => Promise.resolve(inline),
};
