/**
 * A world of its own for a browser test that changes what every other test would see — the
 * service's clock above all (it only moves forward, and the shared world's tokens and sessions
 * would expire under the other tests). Started on free ports, in memory unless given a data
 * directory, and stopped by the test.
 *
 *   const own = await startOwnWorld('demo');      // npm start's whole world: demo, service, payment UI
 *   const own = await startOwnWorld('service');   // the payui-mock command alone
 *   const own = await startOwnWorld('service', { dataDir });   // its state kept in dataDir
 *   …
 *   await own.stop();            // or own.kill('SIGKILL'): no chance to save anything
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freeWorldPorts } from './ports';

export interface OwnWorld {
  /** The demo's address (only for `'demo'`). */
  demo: string;
  merchantApi: string;
  live: string;
  sandbox: string;
  /** What the process printed so far (for a failure's message). */
  output(): string;
  /** Ctrl-C (SIGINT), unless the process has already ended; resolves when it has. */
  stop(): Promise<void>;
  /** Sends `signal` to the process; resolves when it has ended. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const COMMANDS = {
  demo: 'build/server/start.js',
  service: 'mock/dist/server.js',
};

/** `dataDir`: the service keeps its state there (PAYUI_MOCK_DATA) instead of in memory. */
export async function startOwnWorld(kind: keyof typeof COMMANDS, { dataDir }: { dataDir?: string } = {}): Promise<OwnWorld> {
  const ports = freeWorldPorts();
  const [args, store] = dataDir === undefined ? [['--in-memory'], {}] : [[], { PAYUI_MOCK_DATA: dataDir }];
  const child: ChildProcess = spawn(process.execPath, [COMMANDS[kind], ...args], { env: { ...process.env, ...ports, ...store }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const stop = () => kill('SIGINT');
  // Started once it says so, told as it prints it (a poll of what it printed saw it up to a second late).
  const started = new Promise<void>((resolve, reject) => {
    // The service's database compiles its WebAssembly at each start: seconds on a busy machine.
    const timer = setTimeout(() => reject(new Error('the own world did not start within 90 s')), 90_000);
    const look = () => {
      if (!output.includes('Press Ctrl-C to stop.')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error('the own world ended before it had started'));
    });
  });
  try {
    await started;
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
    kill,
  };
}
