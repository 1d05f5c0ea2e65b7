#!/usr/bin/env node
// `node scripts/make-artefacts.mjs N`: the artefacts of schema version N (mock/test/artefacts/vN/),
// written by the release that had N migrations, not by hand (DESIGN.md §8e). It checks out the last
// commit of main whose newest migration was N into a throwaway worktree outside the repository,
// installs and builds it there, runs that release's own `payui-mock` with a data directory, makes a
// merchant's writes through its own API (an item, webhook settings, a Login user and a failed login,
// a payment, a subscription, a moved clock, a sandbox: each tried, its answer recorded), stops it, and keeps:
//   data.tar.xz  the data directory as the release left it (xz: a third of gzip's size)
//   export.json  `payui-mock export` of that directory, by the same release
//   rows.json    every table's rows as the release's own database engine reads them (the truth the
//                test compares today's release against)
//   made.json    the commit, the writes and their answers
// then removes the worktree. `--commit SHA` takes another commit (one whose install fails, say).
// The artefacts' README (mock/test/artefacts/README.md) says when to run it: a migration that
// changes a table adds the artefact of the version before it.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const artefacts = join(repo, 'mock', 'test', 'artefacts');
if (args[0] === '--readme') {
  writeReadme();
  process.exit(0);
}
const version = Number(args[0]);
if (!Number.isInteger(version) || version < 1) {
  console.error('usage: node scripts/make-artefacts.mjs VERSION [--commit SHA] [--keep]  |  --readme');
  process.exit(2);
}
const commitArg = args.includes('--commit') ? args[args.indexOf('--commit') + 1] : null;
const keep = args.includes('--keep');
const git = (...a) => execFileSync('git', a, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 26 }).trim();

/** How many migrations a commit's migrations.ts lists (each ends in a line "  `,"); 0 when it has none. */
function migrationsAt(commit) {
  const path = git('ls-tree', '-r', '--name-only', commit, 'mock').split('\n').find((p) => /^mock\/(.*\/)?migrations\.ts$/.test(p));
  if (!path) return 0;
  return git('show', `${commit}:${path}`).split('\n').filter((line) => line === '  `,').length;
}

/** The newest commit of main's first-parent line at which `version` was the newest migration. */
function lastCommitOf(version) {
  for (const commit of git('rev-list', '--first-parent', 'main').split('\n')) {
    const n = migrationsAt(commit);
    if (n === version) return commit;
    if (n < version) break;
  }
  throw new Error(`no commit of main has ${version} migrations as its newest`);
}

const commit = commitArg ? git('rev-parse', commitArg) : lastCommitOf(version);
if (migrationsAt(commit) !== version) throw new Error(`${commit} has ${migrationsAt(commit)} migrations, not ${version}`);
const subject = git('log', '-1', '--format=%s', commit);
const date = git('log', '-1', '--format=%cI', commit);
const out = join(artefacts, `v${version}`);
const work = join(tmpdir(), `payui-artefacts-v${version}`);
const log = (message) => console.log(`make-artefacts v${version}: ${message}`);

const run = (cmd, argv, options = {}) => execFileSync(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'], ...options });

log(`commit ${commit.slice(0, 10)} (${date}) ${subject.slice(0, 100)}`);
if (!existsSync(work)) git('worktree', 'add', '--detach', work, commit);
let made;
try {
  // A worktree kept by --keep is installed already.
  if (!existsSync(join(work, 'node_modules'))) {
    log('npm ci');
    run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  log('npm run build');
  run('npm', ['run', 'build'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  made = await makeState(work);
  mkdirSync(out, { recursive: true });
  rmSync(join(out, 'data.tar.xz'), { force: true });
  run('tar', ['-cJf', join(out, 'data.tar.xz'), '-C', made.dataDir, '.']);
  log('payui-mock export');
  run(process.execPath, [join(work, 'mock', 'bin', 'payui-mock.js'), 'export', join(out, 'export.json')], {
    cwd: work,
    env: { ...process.env, PAYUI_MOCK_DATA: made.dataDir },
  });
  log('rows as its database engine reads them');
  writeFileSync(join(out, 'rows.json'), `${JSON.stringify(dumpRows(work, made.dataDir), null, 1)}\n`);
  writeFileSync(
    join(out, 'made.json'),
    `${JSON.stringify({ version, commit, subject, date, node: process.version, made: new Date().toISOString(), writes: made.writes }, null, 1)}\n`,
  );
  writeReadme();
  log(`written to ${out}`);
} finally {
  if (made) rmSync(made.dataDir, { recursive: true, force: true });
  if (!keep) {
    rmSync(work, { recursive: true, force: true });
    git('worktree', 'prune');
  }
}

/** A free loopback port. */
async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * Runs the release with a fresh data directory, makes the merchant's writes through its API, and
 * stops it. The webhook listener answers every webhook until the subscription's payment, and from
 * then on only `user_validation` (so payments go through): the others it refuses with a 500, so
 * that releases with an outbox keep those rows in it.
 */
async function makeState(work) {
  const dataDir = mkdtempSync(join(tmpdir(), `payui-artefacts-v${version}-data-`));
  const listener = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const type = /"notification_type"\s*:\s*"([a-z_]+)"/.exec(body)?.[1];
      res.writeHead(type === 'user_validation' || !listener.refusing ? 204 : 500).end();
    });
  });
  listener.refusing = false;
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const hook = `http://127.0.0.1:${listener.address().port}/webhooks`;
  const ports = { api: await freePort(), live: await freePort(), sandbox: await freePort(), demo: await freePort() };
  const env = {
    ...process.env,
    PAYUI_MOCK_DATA: dataDir,
    PAYUI_MERCHANT_API_PORT: String(ports.api),
    PAYUI_MOCK_LIVE_PORT: String(ports.live),
    PAYUI_MOCK_SANDBOX_PORT: String(ports.sandbox),
    PAYUI_DEMO_PORT: String(ports.demo),
  };
  log(`payui-mock on port ${ports.api}, data in ${dataDir}`);
  const child = spawn(process.execPath, [join(work, 'mock', 'bin', 'payui-mock.js')], { cwd: work, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  const exited = once(child, 'exit');
  const api = `http://localhost:${ports.api}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`payui-mock ended with ${child.exitCode}: ${printed}`);
    if (await fetch(`${api}/openapi.json`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('payui-mock did not answer in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const writes = [];
  const auth = `Basic ${Buffer.from('100001:demo-api-key').toString('base64')}`;
  async function call(what, method, url, body, { noAuth = false } = {}) {
    const response = await fetch(url.startsWith('http') ? url : `${api}${url}`, {
      method,
      headers: { ...(noAuth ? {} : { authorization: auth }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = text;
    }
    writes.push({ what, request: `${method} ${url.replace(/^http:\/\/[^/]+/, '')}`, status: response.status, answer: short(answer) });
    log(`${what}: ${method} ${url.replace(/^http:\/\/[^/]+/, '')} → ${response.status}`);
    return { status: response.status, answer };
  }
  const project = 200001;
  const loginProject = '7c1e2a90-4b3d-4f5e-8a6b-000000200001';
  const loginUrl = 'http://localhost:5173/game.html';

  await call('an item of our own', 'POST', `/merchant/v2/projects/${project}/virtual_items/items`, {
    sku: 'artefact-sword',
    name: { en: 'Artefact sword' },
    description: { en: 'Made by scripts/make-artefacts.mjs' },
    prices: { USD: 2.5 },
    enabled: true,
    default_currency: 'USD',
  });
  await call('webhook settings', 'PUT', `/mock/projects/${project}/webhooks`, { url: hook, secret: 'artefact-secret', variant: 'combined' });
  await call('a Login user', 'POST', `/api/user?projectId=${loginProject}&login_url=${encodeURIComponent(loginUrl)}`, {
    username: 'artefact-player',
    password: 'artefact-password',
    email: 'artefact-player@example.com',
  }, { noAuth: true });
  await call('a failed login', 'POST', `/api/login?projectId=${loginProject}&login_url=${encodeURIComponent(loginUrl)}`, {
    username: 'artefact-player',
    password: 'not-the-password',
  }, { noAuth: true });
  // Our own item; a release whose token reads the demo's catalogue alone sells the demo's starter pack.
  if (!(await pay('a payment', { virtual_items: { items: [{ sku: 'artefact-sword', amount: 1 }] } }))) {
    await pay('a payment (of a demo item)', { virtual_items: { items: [{ sku: 'starter-pack', amount: 1 }] } });
  }
  // From here on the listener refuses all but user_validation: a release that holds a project's queue
  // behind a refused webhook (version 9 on) would otherwise leave the subscription's question unanswered.
  await new Promise((r) => setTimeout(r, 1000));
  listener.refusing = true;
  await pay('a subscription', { subscription: { plan_id: 'captain-monthly' } });
  await call('a moved clock', 'POST', '/mock/clock', { advance: 'P1D' });
  // A sandbox keeps the state its reset puts back (merchants.seed), which migrations change too.
  await call('a sandbox', 'POST', '/mock/sandboxes', {}, { noAuth: true });
  // The sender has had its first go at the webhooks (refused: they stay in an outbox where there is one).
  await new Promise((r) => setTimeout(r, 1500));

  async function pay(what, purchase) {
    const token = await call(`${what}: its token`, 'POST', '/merchant/v2/merchants/100001/token', {
      user: { id: { value: 'artefact-player' }, email: { value: 'artefact-player@example.com' } },
      settings: { project_id: project, currency: 'USD' },
      purchase,
    });
    if (token.status !== 200) return false;
    const accessToken = token.answer.token;
    // Headless payments (POST /mock/payments) where the release has them; else what its payment UI's page sends.
    const headless = await call(what, 'POST', '/mock/payments', { access_token: accessToken });
    if (headless.status !== 404) return headless.status === 200;
    writes.pop();
    const page = await call(what, 'POST', `http://localhost:${ports.live}/api/payments`, { search: `?access_token=${accessToken}`, outcome: 'success' }, { noAuth: true });
    return page.status === 200;
  }

  child.kill('SIGINT');
  const [code, signal] = await exited;
  listener.close();
  log(`payui-mock stopped (${code ?? signal})`);
  if (existsSync(join(dataDir, 'lock'))) throw new Error(`payui-mock left its lock in ${dataDir}: it did not stop cleanly`);
  return { dataDir, writes };
}

function short(answer) {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return text.length > 300 ? `${text.slice(0, 300)}…` : answer;
}

/** Every table's rows (to_jsonb, ordered), read by the release's own PGlite in a process of its own. */
function dumpRows(work, dataDir) {
  const script = `
    import { createRequire } from 'node:module';
    import { existsSync } from 'node:fs';
    import { join } from 'node:path';
    const require = createRequire(${JSON.stringify(join(work, 'mock', 'package.json'))});
    const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
    const dir = ${JSON.stringify(dataDir)};
    const db = await PGlite.create(existsSync(join(dir, 'pg')) ? join(dir, 'pg') : dir);
    const { rows: tables } = await db.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
    const out = {};
    for (const { table_name } of tables) {
      const { rows } = await db.query('SELECT to_jsonb(t) AS row FROM "' + table_name + '" t ORDER BY 1');
      out[table_name] = rows.map((r) => r.row);
    }
    await db.close();
    process.stdout.write(JSON.stringify(out));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8', maxBuffer: 1 << 28 }));
}

/** The README's table of artefacts (between its markers), from each version's made.json and rows.json. */
function writeReadme() {
  const readme = join(artefacts, 'README.md');
  const versions = readdirSync(artefacts).map((name) => /^v(\d+)$/.exec(name)?.[1]).filter(Boolean).map(Number).sort((a, b) => a - b);
  const count = (rows, table) => (rows[table] ?? []).length;
  const lines = versions.map((v) => {
    const made = JSON.parse(readFileSync(join(artefacts, `v${v}`, 'made.json'), 'utf8'));
    const rows = JSON.parse(readFileSync(join(artefacts, `v${v}`, 'rows.json'), 'utf8'));
    const answers = made.writes.map((w) => `${w.what} ${w.status}`).join('; ');
    const clock = [...(rows.service_clock ?? []), ...(rows.merchant_clocks ?? [])].map((c) => c.offset_ms);
    const kept = [
      `items ${count(rows, 'items')}`,
      `payments ${count(rows, 'payments')}`,
      `subscriptions ${rows.subscriptions ? count(rows, 'subscriptions') : '(no table)'}`,
      `Login users ${rows.login_users ? count(rows, 'login_users') : '(no table)'}`,
      `webhook settings ${count(rows, 'webhook_settings')}`,
      `outbox ${rows.webhook_outbox ? count(rows, 'webhook_outbox') : '(no table)'}`,
      `clock offset ${clock.length ? clock.map((ms) => `${ms} ms`).join(', ') : '(none kept)'}`,
    ].join(', ');
    const size = (file) => `${Math.round(statSync(join(artefacts, `v${v}`, file)).size / 1024)} KiB`;
    return `| ${v} | \`${made.commit.slice(0, 10)}\` ${made.date.slice(0, 10)} | ${answers} | ${kept} | ${size('data.tar.xz')}, ${size('export.json')} |`;
  });
  const table = ['| version | commit | the writes, as its API answered | rows kept | data.tar.xz, export.json |', '|---|---|---|---|---|', ...lines].join('\n');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- artefacts: scripts/make-artefacts.mjs writes this table -->';
  const end = '<!-- /artefacts -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${readme} lost its table's markers`);
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
}
