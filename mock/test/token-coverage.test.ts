// docs/offline-service.md "The whole token: coverage" lists every path of the service's token table
// (mock/spec/token-table.ts) with what the offline service does with it: a path added to the table
// and not to the coverage, or a row naming a path the table does not have, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKEN_TABLE, type Param } from '../spec/token-table';

/** Every leaf path of the table: `user.id.value`, `purchase.virtual_items.items[].sku`, `custom_parameters`. */
function leaves(param: Param, path = ''): string[] {
  const at = (name: string) => (path ? `${path}.${name}` : name);
  if (param.type === 'object' && param.fields !== 'free') return Object.entries(param.fields).flatMap(([name, sub]) => leaves(sub, at(name)));
  if (param.type === 'array' && param.items.type === 'object' && param.items.fields !== 'free') {
    return Object.entries(param.items.fields).flatMap(([name, sub]) => leaves(sub, `${path}[].${name}`));
  }
  return [path];
}

/** `a.{b,c}.d` → `a.b.d`, `a.c.d`. */
function braces(path: string): string[] {
  const open = path.indexOf('{');
  if (open < 0) return [path];
  const close = path.indexOf('}', open);
  return path.slice(open + 1, close).split(',').flatMap((one) => braces(path.slice(0, open) + one.trim() + path.slice(close + 1)));
}

/**
 * The paths a row's first cell names: `a.b.c, d` is `a.b.c` and its sibling `a.b.d`, and braces
 * list alternatives (`settings.ui.user_account.{info,history}.enable, order`).
 */
function rowPaths(cell: string): string[] {
  const names = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).join(', ');
  const parts = names.split(/,\s*(?![^{]*\})/).map((part) => part.trim()).filter(Boolean);
  const first = parts[0] ?? '';
  const parent = first.slice(0, first.lastIndexOf('.') + 1);
  return parts.flatMap((part, i) => braces(i === 0 || part.includes('.') ? part : parent + part));
}

/** The coverage section's rows: [path cell, what it does, the test]. */
function coverageRows(): string[][] {
  const docs = readFileSync(new URL('../../docs/offline-service.md', import.meta.url), 'utf8');
  const start = docs.indexOf('\n## The whole token: coverage\n');
  expect(start, 'docs/offline-service.md has the section "## The whole token: coverage"').toBeGreaterThan(0);
  const next = docs.indexOf('\n## ', start + 1);
  const section = docs.slice(start, next < 0 ? undefined : next);
  return section.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

describe('the whole token: coverage', () => {
  it('expands a row\'s paths: siblings after a comma, alternatives in braces', () => {
    expect(rowPaths('`purchase.pin_codes.codes[].digital_content, drm`')).toEqual(['purchase.pin_codes.codes[].digital_content', 'purchase.pin_codes.codes[].drm']);
    expect(rowPaths('`settings.ui.user_account.{info,history}.enable, order`')).toEqual([
      'settings.ui.user_account.info.enable', 'settings.ui.user_account.history.enable', 'settings.ui.user_account.info.order', 'settings.ui.user_account.history.order',
    ]);
  });

  it('lists every path of the token table, once, and no path the table does not have; each row says what the service does and links the test that shows it', () => {
    const table = leaves(TOKEN_TABLE);
    const rows = coverageRows();
    const listed = rows.flatMap(([paths]) => rowPaths(paths!));
    expect(table.filter((path) => !listed.includes(path)), 'token paths missing from the coverage table').toEqual([]);
    expect(listed.filter((path) => !table.includes(path)), 'rows naming no path of the token table').toEqual([]);
    expect(listed.filter((path, i) => listed.indexOf(path) !== i), 'paths listed twice').toEqual([]);
    for (const [paths, what, test] of rows) {
      expect(what, paths).toMatch(/\w/);
      expect(test, paths).toMatch(/\]\(\.\.\/[^)]+\.(test|spec)\.tsx?\)/);
    }
  });
});
