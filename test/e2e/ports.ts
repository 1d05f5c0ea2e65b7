/**
 * Free loopback ports for the offline world of the browser tests, chosen once by the test runner:
 * the environment carries them to the servers it starts and to its workers (test/e2e/world.ts).
 * A port is free when both 127.0.0.1 and ::1 can listen on it (the servers listen on both).
 */
import { execFileSync } from 'node:child_process';

const NAMES = ['PAYUI_DEMO_PORT', 'PAYUI_MERCHANT_API_PORT', 'PAYUI_MOCK_LIVE_PORT', 'PAYUI_MOCK_SANDBOX_PORT'] as const;

// Synchronous (the config is), so in a child process: ask the system for ports until four are free on both addresses.
const FIND = `
const { createServer } = require('node:net');
const listen = (host, port) => new Promise((resolve) => {
  const server = createServer();
  server.once('error', () => resolve(null));
  server.listen({ host, port, exclusive: true }, () => { const got = server.address().port; server.close(() => resolve(got)); });
});
(async () => {
  const v6 = (await listen('::1', 0)) !== null;
  const ports = [];
  while (ports.length < 4) {
    const port = await listen('127.0.0.1', 0);
    if (!port || ports.includes(port)) continue;
    if (v6 && (await listen('::1', port)) === null) continue;
    ports.push(port);
  }
  process.stdout.write(ports.join(' '));
})();
`;

/** Four free ports for a world, as the environment names them. */
export function freeWorldPorts(): Record<(typeof NAMES)[number], string> {
  const ports = execFileSync(process.execPath, ['-e', FIND], { encoding: 'utf8' }).trim().split(' ');
  return Object.fromEntries(NAMES.map((name, i) => [name, ports[i]])) as Record<(typeof NAMES)[number], string>;
}

export function chooseWorldPorts(): void {
  if (NAMES.every((name) => process.env[name])) return;
  Object.assign(process.env, freeWorldPorts());
}
