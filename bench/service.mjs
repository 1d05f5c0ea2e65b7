// `npm run bench:service`: how fast payui-mock starts, as a merchant's test suite meets it (DESIGN
// §8b budgets). Each start is a new Node process running the built package's startPayuiMock
// (mock/dist/index.js), so nothing is warm but the system's file cache; prints the median and range
// of: in memory, ready (every server answers); a restart on a data directory; RSS after load.
// Figures only: no assertion (the machine's load moves them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.RUNS ?? 5);
const index = new URL('../mock/dist/index.js', import.meta.url).href;
/** One start in a new process: its ms to ready (and /health answered) and its RSS then, in MB. */
function start(options) {
  const script = `
    const t0 = performance.now();
    const { startPayuiMock } = await import(${JSON.stringify(index)});
    const mock = await startPayuiMock(${JSON.stringify(options)});
    await (await fetch(mock.merchantApiUrl + '/health')).text();
    const ms = performance.now() - t0;
    console.log(JSON.stringify({ ms, rss: process.memoryUsage().rss / 1e6 }));
    await mock.stop();`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n').pop());
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function row(name, runs, budget) {
  const ms = runs.map((r) => r.ms);
  console.log(`${name.padEnd(44)} median ${String(Math.round(median(ms))).padStart(5)} ms  (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))})  budget ${budget}`);
}

const memory = Array.from({ length: RUNS }, () => start({}));
row('in memory: import to ready', memory, '≤ 1500 ms (goal 500)');
const dir = mkdtempSync(join(tmpdir(), 'payui-bench-'));
try {
  start({ dataDir: dir });
  row('a data directory: restart to ready', Array.from({ length: RUNS }, () => start({ dataDir: dir })), '≤ 1000 ms');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${'RSS after load (in memory)'.padEnd(44)} median ${String(Math.round(median(memory.map((r) => r.rss)))).padStart(5)} MB  budget ≤ 250 MB`);

// Sandboxes: how long POST /mock/sandboxes takes (a merchant with the demo catalogue), and a reset.
{
  const script = `
    const { startPayuiMock } = await import(${JSON.stringify(index)});
    const mock = await startPayuiMock();
    const times = [];
    const resets = [];
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      const sandbox = await mock.sandbox();
      times.push(performance.now() - t0);
      const t1 = performance.now();
      await sandbox.client.resetMerchant();
      resets.push(performance.now() - t1);
    }
    console.log(JSON.stringify({ times, resets }));
    await mock.stop();`;
  const { times, resets } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n').pop());
  row('a sandbox made (POST /mock/sandboxes)', times.map((ms) => ({ ms })), '≤ 50 ms');
  row('a sandbox reset (POST /mock/reset)', resets.map((ms) => ({ ms })), 'report');
}
