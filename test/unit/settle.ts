import { vi } from 'vitest';

/**
 * `vi.waitFor` with room for a busy machine: the first open of a file imports the widget's lazy
 * chunks through Vite's transform, which took over vi.waitFor's default second at load ~11 on two
 * cores. A wait for what the player would see, not a verdict on its speed.
 */
export const settle = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000 });
