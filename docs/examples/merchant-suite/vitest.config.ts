// The example suite of docs/testing-offline.md: two files that run in parallel against one
// payui-mock, each in its own sandbox, no browser. `npm run test:examples` runs it (after the build).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// #region config
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: true,
    testTimeout: 30_000,
  },
});
// #endregion config
