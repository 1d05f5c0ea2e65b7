/**
 * Guessing a merchant's API key is slowed to a few tries a minute: each try with a merchant id is
 * counted before its key is checked (so tries sent at once are counted too), a right key gives its
 * try back, and once `FAILURES` wrong keys were tried within `WINDOW_MS` every try for that merchant,
 * the right key too, waits for the window to pass (else a guess would show itself right by not
 * being refused). In memory: a restart forgets the counts.
 */
export const FAILURES = 10;
export const WINDOW_MS = 60_000;

export interface Guesses {
  /** Seconds the next try for `key` must wait, or 0 when it may go on (and is counted). */
  take(key: string): number;
  /** The try for `key` was right: it does not count. */
  giveBack(key: string): void;
}

export function createGuesses(now: () => number = Date.now): Guesses {
  const windows = new Map<string, { started: number; tries: number }>();
  return {
    take(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.started >= WINDOW_MS) {
        // Forget what has passed, so the map holds only the last minute's merchants.
        if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.started >= WINDOW_MS) windows.delete(k);
        window = { started: at, tries: 0 };
        windows.set(key, window);
      }
      if (window.tries >= FAILURES) return Math.max(1, Math.ceil((window.started + WINDOW_MS - at) / 1000));
      window.tries += 1;
      return 0;
    },
    giveBack(key) {
      const window = windows.get(key);
      if (window && window.tries > 0) window.tries -= 1;
    },
  };
}
