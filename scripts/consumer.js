// `npm run consumer` (part of `npm test`, after the build): the package as real toolchains consume
// it. Packs the tarball, then checks it with the community's checkers (attw in every resolution
// mode, publint --strict), guards against paths that differ only by case, installs it into a tiny
// consumer project and there type-checks with TypeScript (strict, nodenext, skipLibCheck false),
// require()s it from CommonJS, and builds two apps with Vite and with webpack in production mode:
// "only parseReturnParams" (budget 1 KB gzip) and the whole widget (no Preact in the initial chunk).
// payui-mock too: its types under nodenext, and its client-only entry without the service's dependencies.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as viteBuild } from 'vite';

const require = createRequire(import.meta.url);
const ROOT = resolve('.');
const WORK = join(ROOT, 'build', 'consumer');
const PACK = join(ROOT, 'build', 'pack');
const HELPER_BUDGET = 1024;
const started = performance.now();
const problems = [];
const run = (command, args, options = {}) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

// 1. The tarball, as npm would publish it.
rmSync(PACK, { recursive: true, force: true });
mkdirSync(PACK, { recursive: true });
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', PACK]));
const tarball = join(PACK, packed.filename);
console.log(`consumer: ${packed.filename}, ${packed.entryCount} files, ${kb(packed.size)} packed`);

// 2. No two paths that differ only by case: macOS and Windows keep one of them.
for (const [where, paths] of [['repository', run('git', ['ls-files']).split('\n').filter(Boolean)], ['package', packed.files.map((f) => f.path)]]) {
  const seen = new Map();
  for (const path of paths) {
    const key = path.toLowerCase();
    if (seen.has(key) && seen.get(key) !== path) problems.push(`${where}: ${seen.get(key)} and ${path} differ only by case`);
    seen.set(key, path);
  }
}

// The widget's package holds nothing of the mock service (its own package, payui-mock, in mock/):
// no file of it, no command, no dependency on it.
const problemsBefore = problems.length;
const packedJson = JSON.parse(run('tar', ['-xOzf', tarball, 'package/package.json']));
for (const path of packed.files.map((f) => f.path)) if (/(^|\/)(mock|payui-mock)(\/|\.|$)/.test(path)) problems.push(`package: ${path} is the mock service's (payui-mock), not the widget's`);
if (packedJson.bin) problems.push(`package: package.json has a bin (${Object.keys(packedJson.bin).join(', ')}): the widget installs no command`);
for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) if (packedJson[field]?.['payui-mock']) problems.push(`package: ${field} names payui-mock`);
if (problems.length === problemsBefore) console.log('consumer: the tarball holds no file of the mock service, installs no command and needs no payui-mock');

// 3. The checkers, on the tarball.
const checker = (name, args) => {
  try {
    const out = run(process.execPath, [join(ROOT, 'node_modules', name), ...args]);
    console.log(out.trim().split('\n').filter((line) => line.trim()).slice(-14).join('\n'));
  } catch (error) {
    console.log(String(error.stdout ?? ''));
    problems.push(`${args[0] === 'run' ? 'publint' : 'attw'} reported problems (above)`);
  }
};
checker('@arethetypeswrong/cli/dist/index.js', [tarball, '--format', 'table-flipped', '--no-color']);
checker('publint/src/cli.js', ['run', tarball, '--strict']);

// 4. A consumer project with the tarball installed.
rmSync(WORK, { recursive: true, force: true });
mkdirSync(join(WORK, 'src'), { recursive: true });
const write = (path, text) => writeFileSync(join(WORK, path), text);
write('package.json', JSON.stringify({ name: 'payui-consumer', private: true, type: 'module' }, null, 2));
// @types/node as a merchant's Node backend has it: `payui-embed/server` types name node:http.
// React and its types as a React app has them: `payui-embed/react` and `<payui-checkout>` in React's JSX.
const versionOf = (name) => JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
const installs = ['@types/node', 'react', '@types/react'].map((name) => `${name}@${versionOf(name)}`);
run('npm', ['install', tarball, ...installs, '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'], { cwd: WORK });

write('tsconfig.json', JSON.stringify({
  compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], jsx: 'react-jsx', skipLibCheck: false, noEmit: true, types: [] },
  include: ['src/*.ts', 'src/*.cts', 'src/*.tsx'],
}, null, 2));
write('src/types.ts', `import { createPayUI, EventTypes, PayUIError, parseReturnParams, type PaymentResult, type StatusEventData } from 'payui-embed';
const widget = createPayUI({ access_token: 'T', sandbox: true, lightbox: { zIndex: 5, spinner: 'round' } });
widget.on('status-done', (data: StatusEventData) => data.paymentInfo.invoice);
widget.on(EventTypes.CLOSE, ({ reason, lastStatus }) => [reason.toUpperCase(), lastStatus]);
const result: Promise<PaymentResult> = widget.open();
const code: string | undefined = new PayUIError('INVALID_OPTION', 'x', 'path').path;
const back: string | null = parseReturnParams('https://g.test/?invoice_id=1').invoice_id;
// @ts-expect-error an event that does not exist
widget.on('statusdone', () => undefined);
// @ts-expect-error an option of the wrong type
createPayUI({ access_token: 'T', lightbox: { zIndex: 'high' } });
// @ts-expect-error an unknown spinner
createPayUI({ access_token: 'T', lightbox: { spinner: 'dots' } });
widget.on('close', (data) => {
  // @ts-expect-error close data has no paymentInfo
  void data.paymentInfo;
});
export { result, code, back };
`);
write('src/require.cts', `import payui = require('payui-embed');
const widget: payui.PayUIWidget = payui.createPayUI();
// @ts-expect-error not a method of the widget
widget.openNow();
export = widget.version;
`);
write('src/server.ts', `import { createServer } from 'node:http';
import { createMerchantClient, createWebhookHandler, verifyWebhookSignature, verifyLoginToken, LoginTokenError, MerchantApiError, TokenRequestError, WebhookRefusal, type components, type LoginTokenErrorCode, type OrderPaidWebhook } from 'payui-embed/server';
const client = createMerchantClient({ merchantId: 1, apiKey: 'k', baseUrl: 'http://localhost:5174' });
const token: Promise<{ token: string }> = client.createToken({ user: { id: { value: 'p1' }, email: { value: 'p@example.test' } }, settings: { project_id: 2 } });
// @ts-expect-error project_id is a number in the token table
void client.createToken({ user: { id: { value: 'p1' }, email: { value: 'p@example.test' } }, settings: { project_id: '2' } });
// @ts-expect-error user.email is required
void client.createToken({ user: { id: { value: 'p1' } }, settings: { project_id: 2 } });
// Every operation, typed from openapi.json: lists are async iterables with page().
const names = async (): Promise<string[]> => {
  const seen: string[] = [];
  for await (const item of client.virtualItems.list(2, { has_price: 'real_currency' })) seen.push(item.localized_name);
  const { items, total }: { items: components['schemas']['User'][]; total: number } = await client.users.list(2).page({ offset: 0, limit: 10 });
  return [...seen, ...items.map((user) => user.user_id), String(total)];
};
const project: Promise<components['schemas']['Project']> = client.projects.get(2);
// @ts-expect-error sku and name are required to create an item
void client.virtualItems.create(2, { enabled: true });
// @ts-expect-error a user id is a string
void client.users.get(2, 7);
const detail = (error: unknown) => (error instanceof MerchantApiError ? [error.code, error.requestId, error.propertyErrors] : null);
const paid = (order: OrderPaidWebhook): number => order.order.id;
createServer(createWebhookHandler({
  secret: 's',
  on: {
    order_paid: (payload) => void paid(payload),
    user_validation: (payload) => { if (payload.user.id !== 'p1') throw new WebhookRefusal('INVALID_USER'); },
  },
}));
// @ts-expect-error not a notification type
createWebhookHandler({ secret: 's', on: { order_payed: () => undefined } });
const ok: boolean = verifyWebhookSignature(Buffer.from('{}'), 'Signature 0', 's');
const player = (jwt: string): string => verifyLoginToken(jwt, 'login-secret', { projectId: 'p' }).sub;
const refused = (error: unknown): LoginTokenErrorCode | null => (error instanceof LoginTokenError ? error.code : null);
// @ts-expect-error projectId is required
verifyLoginToken('x', 'login-secret', {});
export { token, ok, player, refused, TokenRequestError, names, project, detail };
`);
// The framework bindings (DESIGN.md §12): the element by its tag, its events and attributes in
// React's and Preact's JSX, and the React hook and component.
write('src/element.ts', `import 'payui-embed/element';
import type { PayUICheckoutElement } from 'payui-embed/element';
import type { PaymentResult } from 'payui-embed';
const element: PayUICheckoutElement = document.createElement('payui-checkout');
element.addEventListener('payui-status-done', (event) => event.detail.paymentInfo.invoice);
element.addEventListener('payui-close', (event) => event.detail.reason.toUpperCase());
element.options = { paymentUiUrl: 'https://pay.example/' };
const result: Promise<PaymentResult> = element.open();
// @ts-expect-error not a mode
element.mode = 'popover';
element.addEventListener('payui-close', (event) => {
  // @ts-expect-error close data has no paymentInfo
  void event.detail.paymentInfo;
});
export { result };
`);
write('src/react.tsx', `import { PayUICheckout, usePayUI } from 'payui-embed/react';
import type { PaymentResult } from 'payui-embed';
export function Shop() {
  const { open, close, isOpen, lastStatus, widget } = usePayUI({ access_token: () => Promise.resolve('T'), sandbox: true });
  const done: boolean = lastStatus === 'done';
  widget?.on('status-done', ({ paymentInfo }) => paymentInfo.invoice);
  return (
    <main>
      <button type="button" disabled={isOpen || done} onClick={() => void open().then((r: PaymentResult) => r.status)}>Buy</button>
      <button type="button" onClick={close}>Close</button>
      <payui-checkout token-url="/api/checkout-token" data-sku="crystals-550" sandbox mode="lightbox" className="buy"><button type="button">Buy</button></payui-checkout>
      {/* @ts-expect-error not a mode */}
      <payui-checkout token="T" mode="popover" />
      <PayUICheckout mode="inline" access_token="T" onResult={(result) => result.reason} />
      {/* @ts-expect-error an option of the wrong type */}
      <PayUICheckout mode="inline" access_token="T" sandbox="yes" />
    </main>
  );
}
`);
write('src/preact.tsx', `/** @jsxImportSource preact */
import 'payui-embed/element';
export const buy = <payui-checkout token="T" sandbox language="de"><button type="button">Buy</button></payui-checkout>;
// @ts-expect-error not a mode
export const bad = <payui-checkout token="T" mode="popover" />;
`);
try {
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(WORK, 'tsconfig.json')]);
  console.log('consumer: TypeScript (strict, nodenext, skipLibCheck false) accepts the types, and every @ts-expect-error is still an error');
} catch (error) {
  problems.push(`TypeScript in the consumer project:\n${error.stdout}`);
}
// require() from CommonJS on this Node, and import() from ESM.
const cjs = run(process.execPath, ['-e', "const p = require('payui-embed'); console.log(typeof p.createPayUI, p.version, typeof p.parseReturnParams)"], { cwd: WORK }).trim();
const esm = run(process.execPath, ['--input-type=module', '-e', "const p = await import('payui-embed'); console.log(typeof p.createPayUI, p.version, Object.keys(globalThis).includes('PayUI'))"], { cwd: WORK }).trim();
if (cjs !== `function ${packed.version} function`) problems.push(`require('payui-embed') gave: ${cjs}`);
if (esm !== `function ${packed.version} false`) problems.push(`import('payui-embed') gave: ${esm}`);
// Built as docs/widget.md says (no PAYUI_LIVE_URL / PAYUI_SANDBOX_URL): the widget has no default payment UI
// address, so init() without one says so, and no file of the widget names a local address.
const noDefault = run(process.execPath, ['-e', "try { require('payui-embed').createPayUI({ access_token: 'T' }); console.log('opened') } catch (e) { console.log(e.code, e.path) }"], { cwd: WORK }).trim();
if (noDefault !== 'INVALID_OPTION paymentUiUrl') problems.push(`createPayUI({ access_token }) without a payment UI address gave: ${noDefault}`);
const widgetFiles = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return entry.name === 'server' ? [] : widgetFiles(path);
  return /\.(c?js|html)$/.test(entry.name) ? [path] : [];
});
for (const file of widgetFiles(join(WORK, 'node_modules', 'payui-embed', 'dist'))) {
  if (/localhost|127\.0\.0\.1/.test(readFileSync(file, 'utf8'))) problems.push(`${file.slice(WORK.length + 1)} names a local address: a package has no default payment UI address`);
}
// The server kit from both module systems: one signature vector (SHA-1 of "{}" followed by "s").
const vector = "const ok = k.verifyWebhookSignature(Buffer.from('{}'), 'Signature ' + require('node:crypto').createHash('sha1').update('{}s').digest('hex'), 's'); console.log(typeof k.createMerchantClient, typeof k.createWebhookHandler, ok)";
const kitCjs = run(process.execPath, ['-e', `const k = require('payui-embed/server'); ${vector}`], { cwd: WORK }).trim();
const kitEsm = run(process.execPath, ['--input-type=module', '-e', `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); const k = await import('payui-embed/server'); ${vector}`], { cwd: WORK }).trim();
for (const [how, out] of [['require', kitCjs], ['import', kitEsm]]) if (out !== 'function function true') problems.push(`${how}('payui-embed/server') gave: ${out}`);
// No runtime dependency: the kit imports Node's own modules and its own files only.
for (const dir of ['server', join('cjs', 'server')]) {
  for (const file of readdirSync(join(WORK, 'node_modules', 'payui-embed', 'dist', dir)).filter((f) => /\.c?js$/.test(f))) {
    const code = readFileSync(join(WORK, 'node_modules', 'payui-embed', 'dist', dir, file), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:from|require\()\s*["']([^"']+)["']/g)) {
      if (!specifier.startsWith('node:') && !specifier.startsWith('.')) problems.push(`dist/${dir}/${file} imports ${specifier}: the server kit must have no dependencies`);
    }
  }
}
console.log(`consumer: payui-embed/server by require and import: ${kitCjs}`);
// The bindings import on a server (no window, no customElements), from both module systems.
const bindingsCheck = "console.log(typeof b.usePayUI, typeof b.PayUICheckout, typeof globalThis.customElements)";
const bindingsCjs = run(process.execPath, ['-e', `require('payui-embed/element'); const b = require('payui-embed/react'); ${bindingsCheck}`], { cwd: WORK }).trim();
const bindingsEsm = run(process.execPath, ['--input-type=module', '-e', `await import('payui-embed/element'); const b = await import('payui-embed/react'); ${bindingsCheck}`], { cwd: WORK }).trim();
for (const [how, out] of [['require', bindingsCjs], ['import', bindingsEsm]]) if (out !== 'function function undefined') problems.push(`${how}('payui-embed/element', 'payui-embed/react') in Node gave: ${out}`);
console.log(`consumer: payui-embed/element and payui-embed/react by require and import in Node: ${bindingsCjs}`);

// 4b. payui-mock, the offline service's package (mock/), as a merchant's test suite consumes it:
// its types under nodenext (strict, skipLibCheck false), and `payui-mock/client` loaded in a
// project where none of the service's dependencies is installed, so it cannot load the service.
// Outside the repository: Node would find the service's dependencies in its node_modules.
const MOCK_WORK = mkdtempSync(join(tmpdir(), 'payui-mock-consumer-'));
mkdirSync(join(MOCK_WORK, 'src'), { recursive: true });
mkdirSync(join(MOCK_WORK, 'node_modules', 'payui-mock'), { recursive: true });
const [mockPacked] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', PACK, '--workspace', 'mock']));
run('tar', ['-xzf', join(PACK, mockPacked.filename), '-C', join(MOCK_WORK, 'node_modules', 'payui-mock'), '--strip-components=1']);
const writeMock = (path, text) => writeFileSync(join(MOCK_WORK, path), text);
writeMock('package.json', JSON.stringify({ name: 'payui-mock-consumer', private: true, type: 'module' }, null, 2));
writeMock('tsconfig.json', JSON.stringify({
  compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], skipLibCheck: false, noEmit: true, types: [] },
  include: ['src/*.ts'],
}, null, 2));
writeMock('src/suite.ts', `import { startPayuiMock, type PayuiMock } from 'payui-mock';
import { createMockClient, MockApiError, type MockClient } from 'payui-mock/client';
const client: MockClient = createMockClient('http://localhost:5174');
const sandbox: Promise<{ merchant_id: number; api_key: string; project_ids: number[]; login_project_ids: string[] }> = client.createSandbox({ body: { seed: 'empty' } });
const now: Promise<string> = client.getClock().then((clock) => clock.now);
// @ts-expect-error advance is an ISO 8601 duration, not a number
void client.moveClock({ body: { advance: 30 } });
const status = (error: unknown): number | null => (error instanceof MockApiError ? error.status : null);
const service: Promise<PayuiMock> = startPayuiMock({ ports: { merchantApi: 0 } });
export { sandbox, now, status, service };
`);
try {
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(MOCK_WORK, 'tsconfig.json')]);
  console.log('consumer: payui-mock and payui-mock/client type-check under nodenext (strict, skipLibCheck false), and every @ts-expect-error is still an error');
} catch (error) {
  problems.push(`TypeScript in the payui-mock consumer project:\n${error.stdout}`);
}
const clientOnly = (() => {
  try {
    return run(process.execPath, ['--input-type=module', '-e', "const m = await import('payui-mock/client'); console.log(typeof m.createMockClient, typeof m.MockApiError, typeof m.createMockClient('http://localhost:1').createSandbox)"], { cwd: MOCK_WORK }).trim();
  } catch (error) {
    return String(error.stderr).split('\n').find((line) => /Error/.test(line)) ?? String(error.stderr);
  }
})();
if (clientOnly !== 'function function function') problems.push(`import('payui-mock/client') without the service's dependencies installed gave: ${clientOnly}`);
// The check can fail: the whole entry needs them.
let whole = 'loaded';
try {
  run(process.execPath, ['--input-type=module', '-e', "await import('payui-mock')"], { cwd: MOCK_WORK });
} catch (error) {
  whole = /ERR_MODULE_NOT_FOUND/.test(String(error.stderr)) ? 'needs its dependencies' : String(error.stderr);
}
if (whole !== 'needs its dependencies') problems.push(`import('payui-mock') without its dependencies gave: ${whole} (the client-only check above proves nothing)`);
rmSync(MOCK_WORK, { recursive: true, force: true });
console.log(`consumer: ${mockPacked.filename}: payui-mock/client loads with none of the service's dependencies installed (${clientOnly}); payui-mock ${whole}`);

// 5. Two apps, built for production by Vite and by webpack.
write('src/helper.js', "import { parseReturnParams } from 'payui-embed';\ndocument.title = JSON.stringify(parseReturnParams(location.href));\n");
write('src/widget.js', "import { createPayUI } from 'payui-embed';\nconst widget = createPayUI({ access_token: 'T', sandbox: true });\ndocument.querySelector('button').addEventListener('click', () => widget.open());\n");
// Only the element: its registration survives tree-shaking (the package's one side effect).
write('src/element.js', "import 'payui-embed/element';\n");
const isPreact = (id) => /[\\/]node_modules[\\/](preact|@preact)[\\/]/.test(id);
/** The bundle registers `<payui-checkout>`. */
const registers = (code) => code.includes('customElements.define') && code.includes('payui-checkout');

async function withVite(entry) {
  const output = await viteBuild({
    root: WORK, configFile: false, logLevel: 'silent', mode: 'production',
    build: { write: false, modulePreload: false, rolldownOptions: { input: join(WORK, 'src', entry) } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const initial = chunks.find((c) => c.isEntry);
  return { bytes: gzip(initial.code), preact: Object.keys(initial.modules).some(isPreact), chunks: chunks.length, element: registers(initial.code) };
}

function withWebpack(entry) {
  const webpack = require('webpack');
  return new Promise((done, fail) => {
    webpack({
      mode: 'production', context: WORK, entry: `./src/${entry}`, target: 'web',
      output: { path: join(WORK, 'webpack', entry.replace('.js', '')), filename: '[name].js', chunkFilename: '[name].chunk.js' },
      resolve: { modules: [join(WORK, 'node_modules')] }, performance: { hints: false },
    }, (error, stats) => {
      if (error || stats.hasErrors()) return fail(error ?? new Error(stats.toString('errors-only')));
      const info = stats.toJson({ all: false, chunks: true, chunkModules: true, assets: true });
      const initial = info.chunks.find((c) => c.initial);
      const file = join(WORK, 'webpack', entry.replace('.js', ''), initial.files[0]);
      const code = readFileSync(file, 'utf8');
      done({ bytes: gzip(code), preact: initial.modules.some((m) => isPreact(m.identifier ?? m.name ?? '')), chunks: info.chunks.length, element: registers(code) });
    });
  });
}

const rows = [];
for (const [bundler, make] of [['Vite', withVite], ['webpack', withWebpack]]) {
  const helper = await make('helper.js');
  const widget = await make('widget.js');
  const element = await make('element.js');
  rows.push([bundler, helper, widget, element]);
  if (!element.element) problems.push(`${bundler}: an app that imports payui-embed/element does not register <payui-checkout>`);
  if (widget.element || helper.element) problems.push(`${bundler}: an app that does not import payui-embed/element has it`);
  if (helper.bytes > HELPER_BUDGET) problems.push(`${bundler}: only parseReturnParams costs ${kb(helper.bytes)} (budget ${kb(HELPER_BUDGET)})`);
  if (widget.preact) problems.push(`${bundler}: Preact is in the initial chunk of the widget app`);
}
console.log(`${'consumer (gzip -9)'.padEnd(20)}${'only parseReturnParams'.padStart(24)}${'whole widget, initial chunk'.padStart(30)}${'chunks'.padStart(8)}${'payui-embed/element'.padStart(22)}`);
for (const [bundler, helper, widget, element] of rows) {
  console.log(`${bundler.padEnd(20)}${`${kb(helper.bytes)} (≤ ${kb(HELPER_BUDGET)})`.padStart(24)}${`${kb(widget.bytes)}${widget.preact ? ', WITH Preact' : ', no Preact'}`.padStart(30)}${String(widget.chunks).padStart(8)}${kb(element.bytes).padStart(22)}`);
}
console.log(`consumer: done in ${Math.round(performance.now() - started)} ms`);
if (problems.length) {
  console.error(`consumer: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
