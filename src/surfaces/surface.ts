import type { Dimensions } from '../core/events';

/** A way of showing the payment UI: the lightbox, the child window or inline in the page. */
export interface Surface {
  /** The payment UI's window: the only source the channel accepts, and where it sends. */
  readonly target: Window;
  /** The UI reported its size (lightbox only). */
  setDimensions?(dimensions: Dimensions): void;
  /** Brings it to the front, e.g. when `open()` is called again. */
  focus(): void;
  /** Removes everything it added. Calls none of the callbacks. Idempotent. */
  destroy(): void;
}

export interface SurfaceCallbacks {
  /** The player closed it: overlay, Esc, close button, or the child window itself. */
  onUserClose(): void;
  /** The content became visible (lightbox; also after a timeout message) or the window loaded. */
  onLoad(dimensions?: Dimensions): void;
  /** Nothing loaded within `loadTimeout`: the player is shown a message and a close button. */
  onTimeout(): void;
  /** The page took it out of the document (inline: its container was removed). */
  onGone?(): void;
}

/** After the iframe's `load`, how long to wait for `dimensions` before showing the content anyway. */
export const REVEAL_AFTER_LOAD_MS = 1000;

/** The lightbox's host element under <body>: one per page, whichever widget opened it. */
export const LIGHTBOX_HOST = '[data-payui-lightbox]';
