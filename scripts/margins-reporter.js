// A Vitest reporter for `npm run test:margins` (scripts/test-margins.js): records how long each test
// and each hook took against the time it is allowed (the test's own `timeout`, or the run's
// `testTimeout`; a hook against the run's `hookTimeout`, the smaller of it and any limit the hook
// sets itself, which the reporter cannot see, so a hook is judged strictly), and writes them as
// JSON to the file PAYUI_MARGINS_OUT names. It prints nothing: the runner reads the file.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class MarginsReporter {
  /** @type {{ file: string, name: string, kind: 'test' | 'hook', ms: number, limit: number, state: string }[]} */
  rows = [];
  /** Start times of running hooks, by their entity's id and name. */
  hooks = new Map();
  root = process.cwd();
  testTimeout = 5_000;
  hookTimeout = 10_000;

  onInit(vitest) {
    this.root = vitest.config.root;
    this.testTimeout = vitest.config.testTimeout;
    this.hookTimeout = vitest.config.hookTimeout;
  }

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    const state = testCase.result().state;
    if (!diagnostic || state === 'skipped' || state === 'pending') return;
    this.rows.push({
      file: this.file(testCase.module),
      name: testCase.fullName,
      kind: 'test',
      ms: Math.round(diagnostic.duration),
      limit: testCase.options.timeout ?? this.testTimeout,
      state,
    });
  }

  onHookStart(hook) {
    this.hooks.set(`${hook.entity.id}\0${hook.name}`, performance.now());
  }

  onHookEnd(hook) {
    const key = `${hook.entity.id}\0${hook.name}`;
    const started = this.hooks.get(key);
    if (started === undefined) return;
    this.hooks.delete(key);
    const entity = hook.entity;
    const module = entity.type === 'module' ? entity : entity.module;
    this.rows.push({
      file: this.file(module),
      name: `${hook.name} of ${entity.type === 'module' ? 'the file' : entity.fullName}`,
      kind: 'hook',
      ms: Math.round(performance.now() - started),
      limit: this.hookTimeout,
      state: 'passed',
    });
  }

  onTestRunEnd() {
    const out = process.env.PAYUI_MARGINS_OUT;
    if (out) writeFileSync(out, JSON.stringify(this.rows));
  }

  file(module) {
    return relative(this.root, module.moduleId);
  }
}
