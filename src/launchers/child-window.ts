/**
 * The child window of DESIGN.md §6: the payment UI in a new window (`_blank`), or in this
 * one or the parent (`_self`, `_parent`), which navigates away. No Preact here.
 */
import type { ChildWindowTarget } from '../core/options';
import type { Launcher, LauncherCallbacks } from './types';

/** How often to look whether the player closed the window (browsers send no event for it). */
export const CLOSED_POLL_MS = 300;

export interface ChildWindowParams {
  url: string;
  target: ChildWindowTarget;
  callbacks: LauncherCallbacks;
  win?: Window;
}

/**
 * Opens the window. Must run synchronously inside the click that asked for it, or the popup
 * blocker steps in. Returns null when the browser blocked it (window.open gave null or threw).
 */
export function openChildWindow({ url, target, callbacks, win = window }: ChildWindowParams): Launcher | null {
  let popup: Window | null;
  try {
    popup = win.open(url, target);
  } catch {
    popup = null;
  }
  if (!popup) return null;
  const child = popup;
  if (target !== '_blank') {
    // This page is being replaced: nothing to watch or close.
    return { target: child, focus: () => undefined, destroy: () => undefined };
  }

  let timer: ReturnType<typeof setInterval> | undefined = setInterval(() => {
    if (!child.closed) return;
    stop();
    callbacks.onUserClose();
  }, CLOSED_POLL_MS);
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
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
      if (timer === undefined) return;
      stop();
      try {
        if (!child.closed) child.close();
      } catch {
        // Already gone.
      }
    },
  };
}
