// The check of every answer the offline service writes (mock/spec/answers.ts, issue 46 item 15),
// for a run of tests: PAYUI_MOCK_CHECK_ANSWERS names a file that every service started meanwhile,
// in this process or one it starts, writes what is not as openapi.json says to, a line each; the
// run fails at its end listing them. Used by the unit tests' setup (mock/test/shared-service.ts),
// `npm run test:server` and `npm run test:examples`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts the check; `end()` stops it and gives what was found, each once, sorted. */
export function checkAnswers() {
  const folder = mkdtempSync(join(tmpdir(), 'payui-answers-'));
  const file = join(folder, 'outside-openapi.txt');
  writeFileSync(file, '');
  process.env.PAYUI_MOCK_CHECK_ANSWERS = file;
  return {
    end() {
      const found = [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))].sort();
      rmSync(folder, { recursive: true, force: true });
      delete process.env.PAYUI_MOCK_CHECK_ANSWERS;
      return found;
    },
  };
}

/** What a run found, in words, or null. */
export const foundMessage = (found) =>
  found.length === 0 ? null : `${found.length} answer(s) of the offline service are not what openapi.json says (mock/spec/answers.ts):\n- ${found.join('\n- ')}`;

/**
 * Runs the commands one after the other with the check on (unless the caller's run already checks),
 * and gives the exit code: the first failing command's, else 1 if an answer was off, else 0.
 */
export function runChecked(commands, options = {}) {
  if (process.env.PAYUI_MOCK_CHECK_ANSWERS) return runAll(commands, options);
  const check = checkAnswers();
  let status;
  try {
    status = runAll(commands, options);
  } finally {
    const message = foundMessage(check.end());
    if (message) {
      console.error(message);
      status ||= 1;
    }
  }
  return status;
}

function runAll(commands, options) {
  for (const [command, ...args] of commands) {
    const run = spawnSync(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    if (run.status !== 0) return run.status ?? 1;
  }
  return 0;
}
