// `npm run test:examples`: the example suite of docs/testing-offline.md (its Vitest files, then its
// node:test files), with every answer of the services they start checked against openapi.json
// (scripts/answers-checked.js): an answer off the spec fails the run, as in the unit tests.
import { runChecked } from './answers-checked.js';

process.exit(runChecked([
  [process.execPath, 'node_modules/vitest/vitest.mjs', 'run', '--config', 'docs/examples/merchant-suite/vitest.config.ts'],
  [process.execPath, '--test', 'docs/examples/merchant-suite/node/'],
]));
