/**
 * A world of its own for a browser test that changes what every other test would see — the
 * service's clock above all (it only moves forward, and the shared world's tokens and sessions
 * would expire under the other tests). Started on free ports, in memory, and stopped by the test.
 *
 *   const own = await startOwnWorld('demo');      // npm start's whole world: demo, service, payment UI
 *   const own = await startOwnWorld('service');   // the payui-mock command alone
 *   …
 *   await own.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { freeWorldPorts } from './ports';

export interface OwnWorld {
  /** The demo's address (only for `'demo'`). */
  demo: string;
  merchantApi: string;
  live: string;
  sandbox: string;
  /** What the process printed so far (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

const COMMANDS = {
  demo: ['build/server/start.js', '--in-memory'],
  service: ['mock/dist/server.js', '--in-memory'],
};

export async function startOwnWorld(kind: keyof typeof COMMANDS): Promise<OwnWorld> {
  const ports = freeWorldPorts();
  const child: ChildProcess = spawn(process.execPath, COMMANDS[kind], { env: { ...process.env, ...ports }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  try {
    // The service's database compiles its WebAssembly at each start: seconds on a busy machine.
    await expect.poll(() => output, { timeout: 90_000, message: 'the own world did not start' }).toContain('Press Ctrl-C to stop.');
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const at = (port: string) => `http://localhost:${port}`;
  return {
    demo: at(ports.PAYUI_DEMO_PORT),
    merchantApi: at(ports.PAYUI_MERCHANT_API_PORT),
    live: at(ports.PAYUI_MOCK_LIVE_PORT),
    sandbox: at(ports.PAYUI_MOCK_SANDBOX_PORT),
    output: () => output,
    stop,
  };
}
