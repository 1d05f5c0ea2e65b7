/**
 * The child window of DESIGN.md §6: the payment UI in a new window (`_blank`), or in this
 * one or the parent (`_self`, `_parent`), which navigates away. No Preact here.
 */
import type { ChildWindowTarget } from '../core/options';
import type { Launcher } from './types';

/** How often to look whether the player closed the window (browsers send no event for it). */
export const CLOSED_POLL_MS = 300;

/**
 * Opens the window. Must run synchronously inside the click that asked for it, or the popup
 * blocker steps in. Returns null when the browser blocked it (window.open gave null or threw).
 */
export function openChildWindow(url: string, target: ChildWindowTarget, win: Window = window): Window | null {
  try {
    return win.open(url, target);
  } catch {
    return null;
  }
}

/** Looks after an open child window: notices the player closing it, closes it when asked. */
export function watchChildWindow(child: Window, target: ChildWindowTarget, onUserClose: () => void): Launcher {
  // Another target replaced this page or its parent: nothing to watch or close.
  let timer = target === '_blank' ? setInterval(() => child.closed && stop() && onUserClose(), CLOSED_POLL_MS) : undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    return true;
  };
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
      if (timer !== undefined && stop()) closeChildWindow(child);
    },
  };
}

export function closeChildWindow(child: Window): void {
  try {
    if (!child.closed) child.close();
  } catch {
    // Already gone.
  }
}
