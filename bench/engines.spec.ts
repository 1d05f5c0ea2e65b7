// `npm run bench`, in Firefox and WebKit (the engines of the journeys, test/e2e/engines/): open()
// to the payment UI visible, prepared (preload 'ui', DESIGN.md §15) beside unprepared (code
// prefetched), on the same page as the Chromium bench (bench.spec.ts). Each sample in a browser
// session of its own (an empty HTTP cache). An engine this machine lacks is skipped, and says why.
import { readFileSync } from 'node:fs';
import { missing } from '../test/e2e/engines/available';
import type { Engine } from '../test/e2e/engines/engine';
import { test } from '../test/e2e/engines/fixtures';
import { figureTable } from './figures';

const SPEED = (JSON.parse(readFileSync('docs/budgets.json', 'utf8')) as typeof import('../docs/budgets.json')).speed;
const PAGE = 'http://localhost:5173/test/fixtures/bench/index.html';
const RUNS = 7;

type Bench = Window & { measured?: number; rendered?: boolean; frame?: number };

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One sample: a fresh session on the bench page, init() with `preload`, then, once it is ready
 * (prepared: the hidden payment UI has rendered and sent its first `dimensions`; otherwise the
 * lightbox code is here), ms from open() to the first animation frame that finds the payment UI
 * shown (`.root.ready`, painted in that frame); and how long an animation frame takes there.
 */
async function sample(e: Engine, preload: 'ui' | 'connect'): Promise<{ shown: number; frame: number }> {
  await e.goto(PAGE);
  await until('the bench page', () => e.run(() => document.body.dataset.ready ?? ''), (ready) => ready === 'yes');
  await e.run((mode) => {
    const w = window as Bench;
    addEventListener('message', (event) => {
      const prepared = document.querySelector('[data-payui-prepared]')?.shadowRoot?.querySelector('iframe');
      if (prepared && event.source === prepared.contentWindow && String(event.data).includes('dimensions')) w.rendered = true;
    });
    void window.token().then((token) => window.PayUI.init({ access_token: token, ...window.bases, sandbox: true, preload: mode }));
  }, preload);
  if (preload === 'ui') await until('the prepared payment UI', () => e.run(() => !!(window as Bench).rendered), Boolean);
  else await until('the lightbox code', () => e.run(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/payui-lightbox.js'))), Boolean);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // How long an animation frame takes on this page now (the median of 8): the unit of the figure.
  await e.run(() => {
    const times: number[] = [];
    const tick = (t: number) => {
      times.push(t);
      if (times.length < 9) requestAnimationFrame(tick);
      else (window as Bench).frame = times.slice(1).map((time, i) => time - times[i]!).sort((a, b) => a - b)[4];
    };
    requestAnimationFrame(tick);
  });
  const frame = await until('a frame', () => e.run(() => (window as Bench).frame ?? null), (ms) => ms !== null) as number;
  await e.run(() => {
    const t0 = performance.now();
    const check = () => {
      if (document.querySelector('[data-payui-lightbox]')?.shadowRoot?.querySelector('.root.ready')) (window as Bench).measured = performance.now() - t0;
      else requestAnimationFrame(check);
    };
    void window.PayUI.open();
    requestAnimationFrame(check);
  });
  const shown = await until('the payment UI shown', () => e.run(() => (window as Bench).measured ?? null), (ms) => ms !== null) as number;
  return { shown, frame };
}

test("open() → payment UI visible: prepared (preload 'ui') beside unprepared (code prefetched)", async ({ engineName, startEngine }) => {
  test.skip(missing(engineName) !== null, `${engineName}: ${missing(engineName)}`);
  const { record, write } = figureTable();
  const prepared: number[] = [];
  const unprepared: number[] = [];
  const frames: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (const [preload, samples] of [['ui', prepared], ['connect', unprepared]] as const) {
      const e = await startEngine(false);
      try {
        const { shown, frame } = await sample(e, preload);
        samples.push(shown);
        frames.push(frame);
      } finally {
        await e.close();
      }
    }
  }
  const goal = SPEED['open prepared'].ms;
  record(`${engineName}: open() → payment UI visible, prepared (preload 'ui')`, prepared, 'ms', `≤ ${goal} ms`, (v) => v <= goal);
  record(`${engineName}: open() → payment UI loaded and visible, unprepared (code prefetched)`, unprepared, 'ms', 'report', null);
  record(`${engineName}: an animation frame on the bench page (rAF to rAF), before open()`, frames, 'ms', 'report', null);
  write(`bench/results-${engineName}.json`, { engine: engineName });
});
