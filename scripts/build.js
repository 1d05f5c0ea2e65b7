// `npm run build`: every artefact, in order. Each step is a Vite build of vite.config.ts in one
// mode, then tsc writes the declaration files of the ESM entry.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, createLogger } from 'vite';

const started = performance.now();
// A quiet build: a warning from any step is printed and fails the build, so none can creep in.
const warnings = [];
const logger = createLogger('warn');
const warn = logger.warn;
logger.warn = (message, options) => {
  warnings.push(message);
  warn(message, options);
};
logger.warnOnce = logger.warn;
rmSync('dist', { recursive: true, force: true });
rmSync(join('mock', 'dist'), { recursive: true, force: true });
for (const mode of ['lib', 'lib-cjs', 'script', 'script-session', 'script-lightbox', 'script-inline', 'launcher', 'mock', 'mock-console', 'app', 'server', 'mock-server']) {
  await build({ configFile: 'vite.config.ts', mode, logLevel: 'warn', customLogger: logger });
}
if (warnings.length) {
  console.error(`build: ${warnings.length} warning(s) above; the build must be quiet`);
  process.exit(1);
}
// The mock service's command runs as a program (its bin, and ./mock/dist/server.js): the build
// writes files without a run bit.
chmodSync(join('mock', 'dist', 'server.js'), 0o755);
// The demo merchant's database image, which a new in-memory service loads instead of creating one.
execFileSync(process.execPath, [join('mock', 'dist', 'prepare-image.js')], { stdio: 'inherit' });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
finishDeclarations();
printIntegrity();
console.log(`build: dist/ (library), mock/dist/ (payui-mock), build/ (demo, fixtures, servers) in ${Math.round(performance.now() - started)} ms`);

/**
 * The declarations as every TypeScript setting reads them: relative imports get the `.js` (or
 * `/index.js`) that `nodenext` / `node16` require, and a `.d.cts` twin of each goes beside the
 * CommonJS build in dist/cjs/ (imports ending in `.cjs`), so `require` has types of its own.
 */
function finishDeclarations() {
  // Every declaration tsc wrote into dist/ (the twins it is about to get in dist/cjs/ excepted).
  const files = (dir) => readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? (path === join('dist', 'cjs') ? [] : files(path)) : path.endsWith('.d.ts') ? [path] : [];
  });
  for (const file of files('dist')) {
    const source = readFileSync(file, 'utf8');
    const withExtensions = (extension) =>
      source.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*)(['"])/g, (match, before, specifier, after) => {
        const target = join(dirname(file), specifier);
        const path = existsSync(`${target}.d.ts`) ? `${specifier}${extension}` : existsSync(join(target, 'index.d.ts')) ? `${specifier}/index${extension}` : null;
        if (!path) throw new Error(`build: ${file} imports ${specifier}, which has no declaration`);
        return `${before}${path}${after}`;
      });
    writeFileSync(file, withExtensions('.js'));
    const twin = join('dist', 'cjs', relative('dist', file)).replace(/\.d\.ts$/, '.d.cts');
    mkdirSync(dirname(twin), { recursive: true });
    writeFileSync(twin, withExtensions('.cjs'));
  }
}

/** Subresource Integrity of the script files, for a CDN's <script integrity> (docs/widget.md, "Install"). */
function printIntegrity() {
  const integrity = Object.fromEntries(['payui.js', 'payui-session.js', 'payui-lightbox.js', 'payui-inline.js'].map((file) => [file, `sha384-${createHash('sha384').update(readFileSync(join('dist', file))).digest('base64')}`]));
  writeFileSync(join('dist', 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);
  for (const [file, hash] of Object.entries(integrity)) console.log(`build: ${file.padEnd(18)} integrity="${hash}"`);
}
