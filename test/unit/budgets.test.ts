// One source of the budgets (issue 15): what the README promises is what docs/budgets.json says,
// which scripts/size.js enforces and the bench prints.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import budgets from '../../docs/budgets.json';

const readme = readFileSync('README.md', 'utf8');
const kb = (bytes: number) => `${bytes / 1024} KB`;

describe('budgets', () => {
  it('the README states the size budgets of docs/budgets.json', () => {
    const stated = [...readme.matchAll(/\(budget (\d+(?:\.\d+)?) KB\)/g)].map(([, value]) => `${value} KB`);
    expect(stated).toEqual([kb(budgets.size['payui.js'].gzipBytes), kb(budgets.size['desktop open'].gzipBytes)]);
  });

  it('the size check and the bench read them from that file, and the README names it', () => {
    expect(readFileSync('scripts/size.js', 'utf8')).toContain("readFileSync('docs/budgets.json'");
    expect(readFileSync('bench/bench.spec.ts', 'utf8')).toContain("readFileSync('docs/budgets.json'");
    expect(readme).toContain('docs/budgets.json');
  });

  it('every document the README links to is in the repository', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:|#)[^)\s]+)\)/g)].map(([, path]) => path!);
    const named = [...readme.matchAll(/\b([\w./-]+\.md)\b/g)].map(([, path]) => path!);
    for (const path of [...links, ...named]) expect(() => readFileSync(path!), path).not.toThrow();
  });
});
