// One source of the budgets (issue 15): what docs/widget.md ("Size and speed") promises is what
// docs/budgets.json says, which scripts/size.js enforces and the bench prints.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import budgets from '../../docs/budgets.json';

/** The page that states the budgets. */
const sizePage = readFileSync('docs/widget.md', 'utf8');
const kb = (bytes: number) => `${bytes / 1024} KB`;

describe('budgets', () => {
  it('the widget page states the size budgets of docs/budgets.json', () => {
    const stated = [...sizePage.matchAll(/\(budget (\d+(?:\.\d+)?) KB\)/g)].map(([, value]) => `${value} KB`);
    expect(stated).toEqual([kb(budgets.size['payui.js'].gzipBytes), kb(budgets.size['desktop open'].gzipBytes)]);
  });

  /**
   * The size check run in a folder of its own: dist/ files of chosen sizes and a budgets file.
   * Random bytes do not compress, so a file's gzip size is about its length.
   */
  function sizeCheck(bytes: Record<string, number>, ceiling: number): { status: number | null; output: string } {
    const dir = mkdtempSync(join(tmpdir(), 'payui-size-'));
    mkdirSync(join(dir, 'dist', 'server'), { recursive: true });
    mkdirSync(join(dir, 'docs'));
    for (const [file, length] of Object.entries(bytes)) writeFileSync(join(dir, 'dist', file), randomBytes(length));
    const own = structuredClone(budgets);
    own.size['payui.js'].ceilingBytes = ceiling;
    writeFileSync(join(dir, 'docs', 'budgets.json'), JSON.stringify(own));
    const run = spawnSync(process.execPath, [resolve('scripts/size.js')], { cwd: dir, encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    return { status: run.status, output: run.stdout + run.stderr };
  }
  const files = { 'payui-session.js': 1000, 'payui-lightbox.js': 1000, 'payui-inline.js': 1000, 'index.js': 1000, 'server/index.js': 1000 };

  it('the size check takes its ceilings from docs/budgets.json and fails the run when a file is over one', () => {
    const under = sizeCheck({ ...files, 'payui.js': 1000 }, 2000);
    expect(under.status, under.output).toBe(0);
    expect(under.output).toMatch(/payui\.js \(script tag, up front\)\s+1\.0\d KB\s+4\.00 KB\s+1\.95 KB ok/);
    const over = sizeCheck({ ...files, 'payui.js': 3000 }, 2000);
    expect(over.status).toBe(1);
    expect(over.output).toMatch(/payui\.js \(script tag, up front\)\s+2\.9\d KB\s+4\.00 KB\s+1\.95 KB OVER CEILING/);
    expect(over.output).toContain('size: over a ceiling');
  });

  it('the widget page names the budgets file', () => {
    expect(sizePage).toContain('docs/budgets.json');
  });
});
