/**
 * Guessing a merchant's API key meets 429: once `FAILURES` wrong keys were tried for a merchant
 * within `WINDOW_MS`, every wrong key for that merchant is answered 429 (with the wait) instead of
 * 401 until the window has passed. The right key is never held back: whoever sends wrong keys
 * cannot lock the merchant's own backend out (a sandbox's key is 192 random bits, which no number
 * of tries finds). A try is judged first and counted when it is wrong, at once, in the same step as
 * the verdict: tries sent at once are counted one by one as their keys are read, so no more than
 * `FAILURES` wrong ones are answered 401. In memory: a restart forgets the counts.
 */
export const FAILURES = 10;
export const WINDOW_MS = 60_000;

export interface Guesses {
  /** Seconds a try for `key` must wait (too many wrong ones within the window), or 0 when it may be judged. */
  wait(key: string): number;
  /** A wrong try for `key`: counted; answers the seconds to wait when it was one too many, else 0. */
  wrong(key: string): number;
}

export function createGuesses(now: () => number = Date.now): Guesses {
  const windows = new Map<string, { started: number; failures: number }>();
  const windowOf = (key: string) => {
    const at = now();
    let window = windows.get(key);
    if (!window || at - window.started >= WINDOW_MS) {
      // Forget what has passed, so the map holds only the last minute's merchants.
      if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.started >= WINDOW_MS) windows.delete(k);
      window = { started: at, failures: 0 };
      windows.set(key, window);
    }
    return { at, window };
  };
  const waitOf = (key: string) => {
    const { at, window } = windowOf(key);
    return window.failures >= FAILURES ? Math.max(1, Math.ceil((window.started + WINDOW_MS - at) / 1000)) : 0;
  };
  return {
    wait: waitOf,
    wrong(key) {
      const wait = waitOf(key);
      if (wait > 0) return wait;
      windowOf(key).window.failures += 1;
      return 0;
    },
  };
}
