// `npm run test:server`: the service's unit tests again, on a Postgres server (DESIGN.md §8c): every
// database they make "in memory" is a scratch database of its own (PAYUI_TEST_DATABASE_URL, set for
// them) on the server PAYUI_POSTGRES_URL names (a role that may create databases; `.ci/run` starts
// one with scripts/postgres-cluster.sh). Without it, it says so and passes: the embedded engine's
// run (`npm run test:unit`) is the one every machine can do.
import { readdirSync, readFileSync } from 'node:fs';
import { runChecked } from './answers-checked.js';

const server = process.env.PAYUI_POSTGRES_URL;
if (!server) {
  if (process.env.PAYUI_REQUIRE_POSTGRES) {
    console.error('test:server: PAYUI_REQUIRE_POSTGRES is set but PAYUI_POSTGRES_URL is not');
    process.exit(1);
  }
  console.log('test:server: skipped, no Postgres server (set PAYUI_POSTGRES_URL=postgres://… to run the service\'s tests on one)');
  process.exit(0);
}
// The service's tests: those that start its database (in memory, through the service or its parts)
// or work in sandboxes of the run's shared service (mock/test/shared-service.ts, on the server too),
// but for those of the HTTP layer alone (malformed and stalled requests), which no database changes;
// and those that start service processes on a database of the server themselves (PAYUI_TEST_DATABASE_URL).
const HTTP_ONLY = new Set(['servers-fuzz.test.ts', 'stalled-uploads.test.ts']);
const files = ['mock/test', 'test/unit']
  .flatMap((dir) => readdirSync(dir).filter((name) => name.endsWith('.test.ts') && !HTTP_ONLY.has(name)).map((name) => `${dir}/${name}`))
  .filter((file) => /\bmemoryDatabase\b|\bstartWorld\b|\bstartMockService\b|\bcreateMerchantApi\b|\bstartPayuiMock\b|\bopenServiceDatabase\b|\bsandboxWorld\b|\bsharedService\b|\bPAYUI_TEST_DATABASE_URL\b/.test(readFileSync(file, 'utf8')));
console.log(`test:server: ${files.length} test files of the service on ${server.replace(/:[^:@/]*@/, ':***@')}`);
// Every answer of the services the run starts is checked against openapi.json, as in test:unit.
process.exit(runChecked([[process.execPath, 'node_modules/vitest/vitest.mjs', 'run', ...files]], { env: { PAYUI_TEST_DATABASE_URL: server } }));
