/**
 * The child window of DESIGN.md §6: the payment UI in a new window (`_blank`), or in this
 * one or the parent (`_self`, `_parent`), which navigates away. No Preact here.
 */
import type { ChildWindowTarget } from '../core/options';
import type { Surface } from './surface';

/** How often to look whether the player closed the window (browsers send no event for it). */
export const CLOSED_POLL_MS = 300;

/**
 * Opens the window. Must run synchronously inside the click that asked for it, or the popup
 * blocker steps in. Returns null when the browser blocked it (window.open gave null or threw).
 */
export function openChildWindow(url: string, target: ChildWindowTarget): Window | null {
  try {
    return window.open(url, target);
  } catch {
    return null;
  }
}

/** Closes a window the widget opened. `_self` and `_parent` replaced this page or its parent: never closed. */
export function closeChildWindow(child: Window, target: ChildWindowTarget): void {
  if (target !== '_blank') return;
  try {
    if (!child.closed) child.close();
  } catch {
    // Already gone.
  }
}

/** Looks after an open child window: notices the player closing it (`_blank` only), closes it when asked. */
export function watchChildWindow(child: Window, target: ChildWindowTarget, onUserClose: () => void): Surface {
  let live = true;
  const timer = target === '_blank' ? setInterval(() => {
    if (!child.closed) return;
    clearInterval(timer);
    onUserClose();
  }, CLOSED_POLL_MS) : undefined;
  return {
    target: child,
    focus() {
      try {
        child.focus();
      } catch {
        // Some browsers refuse focus() from a script; the window stays where it is.
      }
    },
    destroy() {
      if (!live) return;
      live = false;
      clearInterval(timer);
      closeChildWindow(child, target);
    },
  };
}
