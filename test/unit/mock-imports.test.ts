// One direction between the packages (issue 36, item 4): the offline service, `payui-mock`, uses
// the server kit only through its public entry, `payui-embed/server`, as a merchant's code does —
// never a module of src/ by its path — so the kit's internals can change without the service
// noticing, and what the service relies on is what merchants get.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MOCK = join(ROOT, 'mock');
const SRC = join(ROOT, 'src');

/**
 * Imports of src/ the service keeps, each with why. The payment UI's page speaks the widget's wire
 * format (it is the other end of the widget's channel), which no public entry exports.
 */
const KEPT: Record<string, string[]> = {
  'mock/ui/bridge.ts': ['src/core/protocol'],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function specifiers(text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return [...new Set(found)];
}

describe('payui-mock and the server kit', () => {
  const files = sources(MOCK);

  it('reads its sources (the walk finds the service)', () => {
    expect(files.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['mock/server.ts', 'mock/webhooks/payloads.ts', 'mock/api/app.ts']));
  });

  it('imports nothing of src/ by path: the kit only as payui-embed/server', () => {
    const reaching: string[] = [];
    for (const file of files) {
      const name = relative(ROOT, file);
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(ROOT, resolve(dirname(file), specifier));
        if (resolve(ROOT, target).startsWith(SRC + '/') && !(KEPT[name] ?? []).includes(target)) reaching.push(`${name} → ${target}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it('finds such an import where there is one (the check can fail)', () => {
    expect(specifiers("import type { Webhook } from '../../src/server/payloads';\nconst m = await import('../src/server/http');")).toEqual(['../../src/server/payloads', '../src/server/http']);
  });
});
