/**
 * Service processes for the tests and the benchmark of several processes on one database: the
 * service built for Node (as `npm run build` builds mock/dist, but into a folder of the test's own
 * under node_modules/.cache, so it resolves the repository's dependencies and needs no build
 * first), and `payui-mock` started in a child process of its own from it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { expect } from 'vitest';
import { callMerchantApi } from '../../test/fixtures/merchant-call';
import { listenLoopback, type Listening } from '../http/listen';
import { RERUN_LINE } from '../store/database';
import { dropDatabase, onServer } from '../store/server-database';

/** Builds the service's entry for code; answers the path of its index.js (startPayuiMock). */
export async function buildServiceEntry(): Promise<{ index: string; remove(): void }> {
  const outDir = resolve('node_modules', '.cache', `payui-service-processes-${process.pid}`);
  await build({ configFile: resolve('vite.config.ts'), mode: 'mock-server', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return { index: join(outDir, 'index.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export interface ServiceProcess {
  merchantApiUrl: string;
  child: ChildProcess;
  /** Stops it as Ctrl-C does, and waits for its end. */
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL), and waits for its end. */
  kill(): Promise<void>;
  /** The transactions it ran again for a race so far: its lines that say so (mock/store/database.ts RERUN_LINE). */
  reruns: string[];
}

/** `startPayuiMock(options)` in a new Node process, from the entry `index`, with `env` over this process's environment. */
export function startServiceProcess(index: string, options: object, env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  const script = `
    const { startPayuiMock } = await import(${JSON.stringify(index)});
    const mock = await startPayuiMock(${JSON.stringify(options)});
    process.once('SIGTERM', () => mock.stop().then(() => process.exit(0), () => process.exit(1)));
    console.log(JSON.stringify({ merchantApiUrl: mock.merchantApiUrl }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  // Its stderr is passed on as it comes; the lines of a transaction run again are also counted.
  const reruns: string[] = [];
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    const lines = (err += chunk.toString('utf8')).split('\n');
    err = lines.pop()!;
    reruns.push(...lines.filter((line) => line.startsWith(RERUN_LINE)));
  });
  const ended = new Promise<void>((done) => child.once('exit', () => done()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await ended;
  };
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      // A whole line only: the first may come in more than one chunk.
      const line = out.split('\n').slice(0, -1).find((l) => l.startsWith('{'));
      if (line) resolveStart({ merchantApiUrl: JSON.parse(line).merchantApiUrl, child, stop: () => end('SIGTERM'), kill: () => end('SIGKILL'), reruns });
    });
    child.once('exit', (code) => reject(new Error(`the service process ended before it started (${code})`)));
  });
}

/** Two service processes on one database of a Postgres server, for the tests of a file. */
export interface TwoProcesses {
  /** The database's address. */
  url: string;
  /** Makes the database anew and starts two processes on it (`options` over `databaseUrl`, `env` over this process's). */
  start(options?: object, env?: NodeJS.ProcessEnv): Promise<[ServiceProcess, ServiceProcess]>;
  /** Kills the processes and drops the database (after each test). */
  end(): Promise<void>;
  /** Removes the service's built entry (after all). */
  remove(): void;
}

/** The service built, and two processes of it at a time on database `name` of the server at `server`. */
export async function twoOnOneDatabase(server: string, name: string): Promise<TwoProcesses> {
  const entry = await buildServiceEntry();
  const at = new URL(server);
  at.pathname = `/${name}`;
  const url = at.toString();
  const running: ServiceProcess[] = [];
  const end = async () => {
    await Promise.all(running.splice(0).map((p) => p.kill()));
    await dropDatabase(server, name);
  };
  return {
    url,
    end,
    remove: () => entry.remove(),
    async start(options = {}, env = {}) {
      await end();
      await onServer(server, `CREATE DATABASE ${name}`);
      // The first makes the schema and the demo merchant; the second finds them.
      for (let i = 0; i < 2; i += 1) running.push(await startServiceProcess(entry.index, { databaseUrl: url, ...options }, env));
      return [running[0]!, running[1]!];
    },
  };
}

/** Pays 10 crystals of project 200001 headless through the merchant API at `origin`, as `player`: the transaction id, once answered 200. */
export async function payCrystals(origin: string, player: string): Promise<number> {
  const token = await callMerchantApi(origin, 'POST', '/merchant/v2/merchants/100001/token', {
    user: { id: { value: player }, email: { value: `${player}@example.test` } }, settings: { project_id: 200001, mode: 'sandbox' }, purchase: { virtual_currency: { quantity: 10 } },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const answer = await fetch(`${origin}/mock/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token.body.token }) });
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(200);
  return body.transaction_id;
}

/** A webhook listener for the tests of several services on one database: which orders it accepted, and a switch to take it down. */
export interface OrderListener {
  url: string;
  server: Listening;
  /** Whether it accepts what is not `user_validation` (down: 503; a question is answered even then). */
  up: boolean;
  /** The transaction ids of the `order_paid` webhooks it accepted, in the order they came. */
  paid: number[];
  /** The transaction ids of the `order_canceled` webhooks it accepted, in the order they came. */
  canceled: number[];
  /** Up again, with nothing recorded (between tests). */
  reset(): void;
}

export async function orderListener(): Promise<OrderListener> {
  const server = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (!listener.up && body.notification_type !== 'user_validation') return void res.writeHead(503).end();
    // Combined webhooks (these services' variant) nest the transaction in `billing`, as the service publishes them.
    if (body.notification_type === 'order_paid') listener.paid.push(body.billing.transaction.id);
    if (body.notification_type === 'order_canceled') listener.canceled.push(body.billing.transaction.id);
    res.writeHead(204).end();
  }, 0);
  const listener: OrderListener = {
    url: `http://127.0.0.1:${server.port}/`,
    server,
    up: true,
    paid: [],
    canceled: [],
    reset() {
      listener.up = true;
      listener.paid = [];
      listener.canceled = [];
    },
  };
  return listener;
}
