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

/**
 * A session's events, as far as the contract fixes their order (DESIGN §1 "One lifecycle", §3) and
 * no further: the payment UI sends `load`'s followers (`user-country`, `fcp`, statuses) as it goes,
 * so `fcp` may come before or after the first status when the player is quick.
 *
 * Compare `sessionOrder(actual)` with `sessionOrder(expected)`: the same events, each as many times;
 * `init`, `open`, `open-<mode>` … `close-<mode>`, `close` in that order; `status` before each
 * `status-<status>`, the statuses in the order the payment went through them; `close` last.
 */
export interface SessionOrder {
  /** Every event, each as many times as it came, in no particular order. */
  events: string[];
  lifecycle: string[];
  statuses: string[];
  last: string | undefined;
}

const isLifecycle = (type: string) => /^(init|open|close)$|^(open|close)-/.test(type);
const isStatus = (type: string) => type === 'status' || type.startsWith('status-');

export function sessionOrder(types: readonly string[]): SessionOrder {
  return {
    events: [...types].sort(),
    lifecycle: types.filter(isLifecycle),
    statuses: types.filter(isStatus),
    last: types.at(-1),
  };
}
