// `npm run build`: every artefact, in order. Each step is a Vite build of vite.config.ts in one
// mode, then tsc writes the declaration files of the ESM entry.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'vite';

const started = performance.now();
rmSync('dist', { recursive: true, force: true });
for (const mode of ['lib', 'script', 'script-session', 'script-lightbox', 'launcher', 'mock', 'app', 'server', 'mock-server']) {
  await build({ configFile: 'vite.config.ts', mode, logLevel: 'warn' });
}
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
console.log(`build: dist/ (library, mock), build/ (demo, fixtures, servers) in ${Math.round(performance.now() - started)} ms`);
