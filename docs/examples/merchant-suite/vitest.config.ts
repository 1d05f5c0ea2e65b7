// The example suite of docs/testing-offline.md: files that run in parallel against one
// payui-mock, each in its own sandbox, no browser. `npm run test:examples` runs it (after the build).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// #region config
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: true,
    // The files wait on the service more than they compute: two at once even on 2 cores, where
    // Vitest's default (one worker fewer than the cores) runs one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
  },
});
// #endregion config
