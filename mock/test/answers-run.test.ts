// A run of tests with the check of the offline service's answers on (scripts/answers-checked.js,
// issue 46 item 15), as `npm run test:server` and `npm run test:examples` do: an answer a service
// of a command found off the spec fails the run, which a command alone would have passed.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runChecked } from '../../scripts/answers-checked.js';

const node = (code: string) => [process.execPath, '-e', code];
const writesOff = node("require('node:fs').appendFileSync(process.env.PAYUI_MOCK_CHECK_ANSWERS, 'getProject (GET /x): answered 500, which openapi.json does not list\\n')");

describe('a run with the answers checked', () => {
  // This file's own run checks answers too (the unit tests' setup): its commands get a check of their own.
  const runs = process.env.PAYUI_MOCK_CHECK_ANSWERS;
  afterEach(() => {
    process.env.PAYUI_MOCK_CHECK_ANSWERS = runs;
    vi.restoreAllMocks();
  });
  const alone = (commands: string[][]) => {
    delete process.env.PAYUI_MOCK_CHECK_ANSWERS;
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const status = runChecked(commands, { stdio: 'ignore' });
    return { status, said: said.mock.calls.flat().join('\n'), left: process.env.PAYUI_MOCK_CHECK_ANSWERS };
  };

  it('fails when a command\'s service answered off the spec, and says what', () => {
    const run = alone([node('0'), writesOff]);
    expect(run.status).toBe(1);
    expect(run.said).toMatch(/1 answer\(s\) of the offline service are not what openapi.json says[^]*answered 500, which openapi.json does not list/);
    expect(run.left).toBeUndefined();
  });

  it('passes when every answer was as the spec says, and keeps a command\'s own failure', () => {
    expect(alone([node('0'), node('0')])).toMatchObject({ status: 0, said: '' });
    expect(alone([node('process.exit(3)'), writesOff]).status).toBe(3);
  });

  it('is how test:server and test:examples run', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts['test:examples']).toBe('node scripts/test-examples.js');
    for (const file of ['scripts/test-examples.js', 'scripts/test-server.js']) expect(readFileSync(file, 'utf8')).toMatch(/process\.exit\(runChecked\(/);
  });
});
