import type { Dimensions } from '../core/events';

/** What the facade needs from a way of showing the payment UI (lightbox or child window). */
export interface Launcher {
  /** The payment UI's window: the only source the channel accepts, and where it sends. */
  readonly target: Window;
  /** The UI reported its size (lightbox only). */
  setDimensions?(dimensions: Dimensions): void;
  /** Brings it to the front, e.g. when `open()` is called again. */
  focus(): void;
  /** Removes everything it added. Calls none of the callbacks. Idempotent. */
  destroy(): void;
}

export interface LauncherCallbacks {
  /** The player closed it: overlay, Esc, close button, or the child window itself. */
  onUserClose(): void;
  /** The content became visible (lightbox) or the window loaded. */
  onLoad(dimensions?: Dimensions): void;
  /** Nothing loaded within `loadTimeout`. */
  onTimeout(): void;
}

/** The lightbox's host element under <body>: one per page, whichever widget opened it. */
export const LIGHTBOX_HOST = '[data-payui-lightbox]';
