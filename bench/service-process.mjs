// One process that `npm run bench:service` measures, started with child_process.fork: the service
// (startPayuiMock of the built package, `service <options JSON>`) or its yardstick (`bare <answers
// JSON>`: a bare Fastify app, the same Fastify the service runs on, answering the same paths with a
// fixed JSON body each). It sends `{url}` once it answers, then answers each `'figures'` message
// with what it has spent so far: CPU (µs, user + system, this process), the SQL statements its
// database client was given (every query and exec, BEGIN and COMMIT included; the bench takes
// differences over a measured window) and its RSS. `'stop'` ends it.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [kind, argument] = process.argv.slice(2);
const options = JSON.parse(argument ?? '{}');
let statements = 0;

/** Counts every call of `prototype[name]` (found up the prototype chain) into `statements`. */
function count(prototype, name) {
  let owner = prototype;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
  if (!owner) throw new Error(`bench: no ${name} to count statements by`);
  const original = owner[name];
  owner[name] = function counted(...args) {
    statements += 1;
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
  count(PGlite.prototype, '_runExclusiveQuery');
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

process.on('message', async (message) => {
  if (message === 'figures') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system, statements, rss: process.memoryUsage().rss });
  } else if (message === 'stop') {
    await stop();
    process.exit(0);
  }
});
process.send({ url });
