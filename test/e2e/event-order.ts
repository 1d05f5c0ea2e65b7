import { expect } from '@playwright/test';

/**
 * `actual` is `expected` in the order the contract fixes (DESIGN.md §3: `open` then `open-<mode>`,
 * `status` then `status-<s>`, `close-<mode>` then `close`, statuses as the UI sent them). The
 * payment UI's `fcp` comes when the browser has painted it, so a quick player's Pay may come
 * first: it is checked apart — as often as expected, never before what precedes it there.
 */
export function expectContractOrder(actual: string[], expected: string[]): void {
  const settled = (list: string[]) => list.filter((type) => type !== 'fcp');
  expect(settled(actual)).toEqual(settled(expected));
  expect(actual.filter((type) => type === 'fcp')).toHaveLength(expected.filter((type) => type === 'fcp').length);
  const at = expected.indexOf('fcp');
  if (at > 0) expect(actual.indexOf('fcp')).toBeGreaterThan(actual.indexOf(expected[at - 1]!));
}
