#!/usr/bin/env node
// The `payui-mock` command: runs the built service, dist/server.js (mock/app/cli.ts, built by the
// repository's `npm run build`). A file of its own, there before any build, because npm links a
// workspace's command when it installs it and skips one whose file does not exist yet.
import { existsSync } from 'node:fs';

const server = new URL('../dist/server.js', import.meta.url);
if (!existsSync(server)) {
  console.error('payui-mock: not built yet (no mock/dist/server.js): run `npm run build` in the repository first');
  process.exit(1);
}
await import(server.href);
