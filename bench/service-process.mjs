// One process that `npm run bench:service` measures, started with child_process.fork: the service
// (startPayuiMock of the built package, `service <options JSON>`) or its yardstick (`bare <answers
// JSON>`: a bare Fastify app, the same Fastify the service runs on, answering the same paths with a
// fixed JSON body each). It sends `{url}` once it answers, then answers each `'figures'` message
// with what it has spent so far: CPU (µs, user + system, this process), the SQL statements its
// database client was given (every query and exec, BEGIN and COMMIT included; the bench takes
// differences over a measured window) and its RSS; each `'memory'` message with its RSS and what it
// is made of (not read with the figures: reading it costs CPU a window would count). `'stop'` ends it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [kind, argument] = process.argv.slice(2);
const options = JSON.parse(argument ?? '{}');
let statements = 0;
/** The embedded databases (PGlite) that ran a statement: their WebAssembly memory is part of the RSS. */
const engines = new Set();

/** Counts every call of `prototype[name]` (found up the prototype chain) into `statements`, telling `seen` of each `this`. */
function count(prototype, name, seen = () => undefined) {
  let owner = prototype;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
  if (!owner) throw new Error(`bench: no ${name} to count statements by`);
  const original = owner[name];
  owner[name] = function counted(...args) {
    statements += 1;
    seen(this);
    return original.apply(this, args);
  };
}

let stop;
let url;
if (kind === 'service') {
  // The service's database clients, as its built code imports them (the same module instances):
  // PGlite runs each query and exec of the database or of a transaction through _runExclusiveQuery;
  // node-postgres each statement, a pool's too, through Client#query.
  const { PGlite } = await import('@electric-sql/pglite');
  count(PGlite.prototype, '_runExclusiveQuery', (db) => engines.add(db));
  const { default: pg } = await import('pg');
  count(pg.Client.prototype, 'query');
  // The service's tests run every in-memory database on a Postgres server when this names one
  // (mock/store/memory.ts): a bench "in memory" must not be one.
  if (!options.databaseUrl) delete process.env.PAYUI_TEST_DATABASE_URL;
  const { startPayuiMock } = await import(new URL('../mock/dist/index.js', import.meta.url).href);
  const mock = await startPayuiMock(options);
  // Both listen on 127.0.0.1 (the service on ::1 too): the load generator goes to the same address.
  url = mock.merchantApiUrl.replace('//localhost:', '//127.0.0.1:');
  stop = () => mock.stop();
} else {
  const require = createRequire(new URL('../mock/package.json', import.meta.url));
  const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);
  const app = Fastify();
  for (const { method, path, body } of options.routes) app.route({ method, url: path, handler: async () => body });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  stop = () => app.close();
}

/**
 * Bytes of the process's memory that are in RAM (RSS) in its writable mappings of exactly `size`
 * bytes: a WebAssembly memory is one such mapping (its guard pages are others), and only the pages
 * Postgres has touched count. Read from /proc/self/smaps; null where there is none (not Linux).
 */
function residentIn(size) {
  let smaps;
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  let total = 0;
  let inside = false;
  for (const line of smaps.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) rw-p /.exec(line);
    if (range || /^[0-9a-f]+-[0-9a-f]+ /.test(line)) inside = range !== null && Number(BigInt(`0x${range[2]}`) - BigInt(`0x${range[1]}`)) === size;
    else if (inside && line.startsWith('Rss:')) total += Number(line.split(/\s+/)[1]) * 1024;
  }
  return total;
}

/** What the RSS is made of: V8's heap, memory outside it (array buffers among it), and the embedded databases' WebAssembly memory, reserved and in RAM. */
function memory() {
  const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const sizes = [...engines].map((db) => db.Module?.wasmMemory?.buffer.byteLength ?? 0).filter(Boolean);
  const wasm = sizes.reduce((a, b) => a + b, 0);
  let wasmResident = sizes.length ? 0 : null;
  for (const size of new Set(sizes)) {
    const resident = residentIn(size);
    wasmResident = resident === null || wasmResident === null ? null : wasmResident + resident;
  }
  return { heapTotal, heapUsed, external, arrayBuffers, wasm, wasmResident };
}

process.on('message', async (message) => {
  if (message === 'figures') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system, statements, rss: process.memoryUsage().rss });
  } else if (message === 'memory') {
    process.send({ rss: process.memoryUsage().rss, ...memory() });
  } else if (message === 'stop') {
    await stop();
    process.exit(0);
  }
});
process.send({ url });
