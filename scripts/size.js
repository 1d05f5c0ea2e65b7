// `npm run size` (part of `npm test`, after the build): gzip sizes of what a page loads, each
// beside its budget. DESIGN.md §10 sets the targets (payui.js 4 KB, a desktop open 24 KB); the ceilings stop regressions and fail the
// run. Figures go to build/size.json for the benchmark.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const script = gzip('dist/payui.js');
const session = gzip('dist/payui-session.js');
const lightbox = gzip('dist/payui-lightbox.js');
const esmLightbox = readdirSync('dist/lib').find((f) => f.startsWith('lightbox-'));
const rows = [
  // [what, bytes, DESIGN target, ceiling]; where a target is met, it is the ceiling.
  ['payui.js (script tag, up front)', script, 4096, 4096],
  ['payui-session.js (on open, prefetched when idle)', session, null, 2_300],
  ['payui-lightbox.js (on a desktop open, prefetched)', lightbox, null, 11_000],
  ['desktop open: payui.js + session + lightbox', script + session + lightbox, 24_576, 24_576],
  ['mobile open (child window): payui.js + session', script + session, null, 6_400],
  ['ESM entry dist/index.js (before the app bundler)', gzip('dist/index.js'), null, 5_000],
  ['ESM lightbox chunk (dependencies left to the app)', gzip(`dist/lib/${esmLightbox}`), null, 5_500],
];

let failed = false;
console.log('size (gzip -9)'.padEnd(52), 'bytes'.padStart(10), 'target'.padStart(10), 'ceiling'.padStart(10), '');
for (const [what, bytes, target, ceiling] of rows) {
  const overCeiling = bytes > ceiling;
  failed ||= overCeiling;
  const mark = overCeiling ? 'OVER CEILING' : target !== null && bytes > target ? `target missed by ${kb(bytes - target)}` : 'ok';
  console.log(what.padEnd(52), kb(bytes).padStart(10), (target === null ? '—' : kb(target)).padStart(10), kb(ceiling).padStart(10), mark);
}
mkdirSync('build', { recursive: true });
writeFileSync('build/size.json', JSON.stringify(Object.fromEntries(rows.map(([what, bytes]) => [what, bytes])), null, 2));
if (failed) {
  console.error('size: over a ceiling (scripts/size.js)');
  process.exit(1);
}
