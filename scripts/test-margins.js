// `npm run test:margins [files…]`: how close each unit test comes to its time limit (issue 44: no
// test within 2× of its limit when run alone, so a busy machine's slowdown does not fail CI).
// 1. Runs the unit tests (or the files named) once, as `npm run test:unit` does, recording each
//    test's and hook's time against its limit (scripts/margins-reporter.js).
// 2. Runs again, each file alone, every file that had a test or hook over half its limit: that is
//    the measure, since the first run shares the machine with its own other files.
// 3. Prints the slowest against their limits and the load, and exits 1 if a test or hook alone took
//    more than half its limit. A figure to read, not a timed test: `npm test` does not run it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const HALF = 0.5;
const dir = mkdtempSync(join(tmpdir(), 'payui-margins-'));

/** Runs Vitest over `files` (all unit tests when empty) and answers the reporter's rows. */
function run(files, label) {
  // (A label names files: its slashes are not folders.)
  const out = join(dir, `${label.replace(/[^\w.-]+/g, '_')}.json`);
  const load = loadavg()[0].toFixed(1);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--coverage', '--coverage.thresholds.lines=0', '--coverage.reporter=text-summary', '--reporter=dot', '--reporter=./scripts/margins-reporter.js', ...files],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PAYUI_MARGINS_OUT: out } },
  );
  let rows = [];
  try {
    rows = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    throw new Error(`test:margins: ${label} run wrote no figures (exit ${result.status})`);
  }
  console.log(`${label}: ${rows.length} tests and hooks in ${((Date.now() - started) / 1000).toFixed(0)} s, load ${load} at start, exit ${result.status}`);
  return rows;
}

const share = (row) => row.ms / row.limit;
const table = (rows) =>
  rows
    .sort((a, b) => share(b) - share(a))
    .map((row) => `  ${String(Math.round(share(row) * 100)).padStart(3)} %  ${String(row.ms).padStart(6)} / ${String(row.limit).padStart(6)} ms  ${row.kind}  ${row.file} › ${row.name}`)
    .join('\n');

let status = 0;
try {
  const all = run(process.argv.slice(2), 'together');
  console.log(`slowest against their limits, all files together:\n${table(all.slice()).split('\n').slice(0, 10).join('\n')}`);
  const close = all.filter((row) => share(row) > HALF);
  const files = [...new Set(close.map((row) => row.file))];
  const alone = files.flatMap((file) => run([file], `alone ${file}`).filter((row) => share(row) > HALF));
  if (files.length === 0) console.log('test:margins: every test and hook took at most half its limit, even with the other files beside it');
  else if (alone.length === 0) console.log(`test:margins: ${close.length} over half their limit beside the other files, none alone`);
  else {
    console.log(`test:margins: over half their limit when run alone:\n${table(alone)}`);
    status = 1;
  }
  // Hooks are timed in this process from the workers' reports, which Vitest sends in batches: a
  // hook that keeps its worker busy can read shorter than it took (a lower bound); tests are exact.
  console.log('(hook times are a lower bound: timed from the workers\' batched reports)');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  status = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
