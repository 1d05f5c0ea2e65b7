// The README's "Your server" code is the demo's own backend code: every block marked
// `<!-- from server/shop.ts -->` must appear in that file, line for line and in order.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/<!-- from (server\/[\w.]+) -->\n```ts\n([\s\S]*?)```/g)];

it('the README quotes server/shop.ts as it is', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  for (const [, file, code] of blocks) {
    const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').split('\n').map((l) => l.trim());
    let at = 0;
    for (const line of code!.split('\n').map((l) => l.trim()).filter(Boolean)) {
      const found = source.indexOf(line, at);
      expect(found, `README line not in ${file} (after line ${at + 1}): ${line}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  }
});
